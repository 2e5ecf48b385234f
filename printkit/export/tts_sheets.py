"""Tabletop Simulator geometry, without drawing: sheet grids, pixel sizes, cells, and the table layout.

TTS cuts a deck's face image ("card sheet") into a grid of at most 10
columns by 7 rows, and shows the last cell (bottom right) for a card that is
hidden, so a sheet carries at most 69 cards. Its knowledge base recommends
textures no larger than 4096 × 4096 px. Sizes on the table are in TTS units,
"about an inch" by its knowledge base.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_TEXTURE = 4096  # px, either way
TOKEN_TEXTURE = 512  # px across a token: about 20 px per mm of a 26 mm token, a power of two as TTS prefers
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell is the hidden card's
POKER_HEIGHT = 88.9  # mm: a card TTS shows at scale 1 is about this tall
# A Custom_Board at scale 1 is about 1.32 poker-inches tall (a third party's measurement, where a
# poker card at scale 1 is 3.5): board scale = board height in inches / this. Players can rescale it.
BOARD_INCHES_AT_SCALE_1 = 1.318
GAP = 1.0  # TTS units between objects on the table
MM_PER_UNIT = 25.4  # sizes below are over-estimates (a poker card is about 3.1 units tall), so nothing overlaps


def grid_for(count: int) -> tuple[int, int]:
    """(columns, rows) of the smallest grid holding ``count`` cards and the hidden cell after them.

    Smallest means fewest cells; among grids of as many cells, the squarest,
    then the wider one.
    """
    if not 1 <= count <= PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {PER_SHEET} cards, not {count}")
    options = [(c, r) for c in range(1, MAX_COLUMNS + 1) for r in range(1, MAX_ROWS + 1) if c * r >= count + 1]
    return min(options, key=lambda g: (g[0] * g[1], abs(g[0] - g[1]), -g[0]))


def sheet_counts(count: int) -> list[int]:
    """How many distinct cards go on each sheet: full sheets of 69 in order, the rest on the last."""
    if count < 1:
        raise ValueError(f"a deck has at least one card, not {count}")
    return [min(PER_SHEET, count - start) for start in range(0, count, PER_SHEET)]


def sheet_grids(count: int) -> list[tuple[int, int]]:
    """The grid of each sheet for a deck of ``count`` distinct cards."""
    return [grid_for(n) for n in sheet_counts(count)]


def card_pixels(width_mm: float, height_mm: float) -> tuple[int, int]:
    """Pixels of one card, so that a full 10 × 7 sheet fits in 4096 × 4096 px; the card's shape kept.

    Both sides are rounded down, so the cell's shape is the card's to within a pixel.
    """
    if not (width_mm > 0 and height_mm > 0):
        raise ValueError(f"a card is more than 0 mm each way, not {width_mm:g} × {height_mm:g}")
    per_mm = min(MAX_TEXTURE / (MAX_COLUMNS * width_mm), MAX_TEXTURE / (MAX_ROWS * height_mm))
    return max(1, math.floor(width_mm * per_mm + 1e-9)), max(1, math.floor(height_mm * per_mm + 1e-9))


def sheet_pixels(grid: tuple[int, int], card: tuple[int, int]) -> tuple[int, int]:
    return grid[0] * card[0], grid[1] * card[1]


def hidden_cell(grid: tuple[int, int]) -> int:
    """The index of the bottom-right cell, which TTS shows for a hidden card."""
    return grid[0] * grid[1] - 1


def cell_box(index: int, grid: tuple[int, int], card: tuple[int, int]) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) in pixels of cell ``index``, counted along rows from the top left."""
    columns, rows = grid
    if not 0 <= index < columns * rows:
        raise ValueError(f"a {columns} × {rows} sheet has no cell {index}")
    left, top = (index % columns) * card[0], (index // columns) * card[1]
    return left, top, left + card[0], top + card[1]


def card_id(sheet: int, cell: int) -> int:
    """TTS's CardID: the sheet's CustomDeck key in the hundreds, the cell below."""
    return sheet * 100 + cell


def board_pixels(width_mm: float, height_mm: float, long_side: int = MAX_TEXTURE) -> tuple[int, int]:
    """The board image: ``long_side`` px along its longer side, the other in proportion."""
    if width_mm >= height_mm:
        return long_side, max(1, round(long_side * height_mm / width_mm))
    return max(1, round(long_side * width_mm / height_mm)), long_side


def card_scale(height_mm: float) -> float:
    """Transform scale for a card ``height_mm`` tall; TTS gives a card the shape of its sheet cell."""
    return round(height_mm / POKER_HEIGHT, 4)


def board_snaps(centres: Sequence[tuple[float, float]], width_mm: float, height_mm: float
                ) -> tuple[tuple[float, float], ...]:
    """Snap points (x, z) in a Custom_Board's local units for points ``centres`` (x, y mm from the board's
    bottom-left corner, y up, as ``geometry.board`` measures).

    TTS keeps a snap point attached to an object in the object's local
    coordinates (the API's Object page: getSnapPoints gives "local" positions),
    which the object's Transform scales, so a local position does not change
    when the board is rescaled. The local frame's origin is the board's
    centre; its size is the board's size at scale 1, the same estimate
    ``board_scale`` rests on: BOARD_INCHES_AT_SCALE_1 units from the image's
    bottom edge to its top, the width in proportion. Every object here lies
    at rotY 180, as TTS spawns objects for the first seat (at -z), so the
    image's top edge is at local -z and its right edge at local -x.
    """
    per_mm = BOARD_INCHES_AT_SCALE_1 / height_mm
    return tuple((round(-(x - width_mm / 2) * per_mm, 4), round(-(y - height_mm / 2) * per_mm, 4))
                 for x, y in centres)


def board_scale(height_mm: float) -> float:
    """Transform scale for a board ``height_mm`` tall, so that cards fit its spaces as on paper."""
    return round(height_mm / 25.4 / BOARD_INCHES_AT_SCALE_1, 4)


@dataclass(frozen=True)
class Spot:
    """Where an object lies on the table: its centre (x, z) in TTS units."""

    x: float
    z: float


def token_pixels(width_mm: float, height_mm: float) -> tuple[int, int]:
    """A token image: ``TOKEN_TEXTURE`` px along its longer side, the other in proportion."""
    return board_pixels(width_mm, height_mm, TOKEN_TEXTURE)


@dataclass(frozen=True)
class TableSpots:
    """Where each deck, the board and the tokens lie on the virtual table."""

    decks: list[Spot]
    board: Spot | None
    tokens: list[Spot]


def table_layout(decks: list[tuple[float, float]], board: tuple[float, float] | None,
                 tokens: Sequence[tuple[float, float]] = ()) -> TableSpots:
    """Centres for decks of (width, height) mm in a row, below the board (width, height mm) if there is one,
    and for tokens (width, height mm) in a block to the right of the board, about as tall as the board, filled
    row by row (in one row where the board would be, when there is none).

    Every size is taken as ``MM_PER_UNIT`` mm to a unit, more than TTS draws,
    and objects are ``GAP`` apart, so no two overlap.
    """
    widths = [w / MM_PER_UNIT for w, _ in decks]
    row_height = max((h / MM_PER_UNIT for _, h in decks), default=0.0)
    row_z = 0.0
    board_spot = None
    token_spots: list[Spot] = []
    top = board[1] / MM_PER_UNIT if board is not None else 0.0  # height of what lies above the decks
    if tokens:
        cell = max(max(w, h) for w, h in tokens) / MM_PER_UNIT
        rows = max(1, round((top + GAP) / (cell + GAP))) if board is not None else 1  # about the board's height
        rows = min(rows, len(tokens))
        columns = math.ceil(len(tokens) / rows)
        block_w, block_h = columns * cell + (columns - 1) * GAP, rows * cell + (rows - 1) * GAP
        left = board[0] / MM_PER_UNIT / 2 + GAP if board is not None else -block_w / 2
        for n in range(len(tokens)):
            column, row = n % columns, n // columns
            token_spots.append(Spot(round(left + cell / 2 + column * (cell + GAP), 4),
                                    round(block_h / 2 - cell / 2 - row * (cell + GAP), 4)))
        top = max(top, block_h)
    if board is not None:
        board_spot = Spot(0.0, 0.0)
    if board is not None or tokens:
        row_z = -(top / 2 + GAP + row_height / 2)
    total = sum(widths) + GAP * max(0, len(widths) - 1)
    spots, x = [], -total / 2
    for w in widths:
        spots.append(Spot(round(x + w / 2, 4), round(row_z, 4)))
        x += w + GAP
    return TableSpots(spots, board_spot, token_spots)
