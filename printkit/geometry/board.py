"""The game board as geometry: spaces, label bands, starting spaces.

Board coordinates are millimetres from the bottom-left corner of the board's
trim; space A1 is at the top left, columns run A, B, C… to the right and rows
1, 2, 3… downwards, as players read them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model.pack import BoardSpec
from ..core.mm import Rect, Sides

TRACK = 7.0  # the coordinate track round the grid: letters above and below, numbers at the sides
TITLE_BAND = 16.0  # above the track on a one-sheet board: the title cartouche and the key
PANEL = 70.0  # left of the track on a tiled board: title, key and turn, where home sheets have room

# A one-sheet board keeps its title above the grid, so that with 3 mm bleed
# and crop marks a 6×6 board of poker cards still trims inside A2 (419 ×
# 587.4 mm). Home sheets, tiled landscape two across and three down, have
# width to spare and no height: there the title moves into a side panel.
SHEET_BANDS = Sides(left=TRACK, bottom=TRACK, right=TRACK, top=TRACK + TITLE_BAND)
TILED_BANDS = Sides(left=PANEL + TRACK, bottom=TRACK, right=TRACK, top=TRACK)
BANDS = SHEET_BANDS
_SPACE = re.compile(r"([A-Z])([1-9][0-9]*)")


def space_name(column: int, row: int) -> str:
    """'A1' for column 0, row 0."""
    return f"{chr(ord('A') + column)}{row + 1}"


def parse_space(name: str) -> tuple[int, int]:
    m = _SPACE.fullmatch(name)
    if m is None:
        raise ValueError(f"not a space name: {name!r}")
    return ord(m.group(1)) - ord("A"), int(m.group(2)) - 1


@dataclass(frozen=True)
class BoardLayout:
    columns: int
    rows: int
    space_w: float
    space_h: float
    margin: float  # board around each card, each way
    bands: Sides
    starts: tuple[tuple[int, int], ...]
    extra_starts: tuple[tuple[int, int], ...]
    extra_from_players: int

    @classmethod
    def compute(cls, spec: BoardSpec, card_w: float, card_h: float, bands: Sides = BANDS) -> "BoardLayout":
        return cls(spec.columns, spec.rows, card_w + 2 * spec.space_margin, card_h + 2 * spec.space_margin,
                   spec.space_margin, bands, tuple(parse_space(s) for s in spec.starts),
                   tuple(parse_space(s) for s in spec.extra_starts), spec.extra_from_players)

    @property
    def width(self) -> float:
        return self.bands.left + self.columns * self.space_w + self.bands.right

    @property
    def height(self) -> float:
        return self.bands.bottom + self.rows * self.space_h + self.bands.top

    @property
    def trim(self) -> Rect:
        return Rect(0.0, 0.0, self.width, self.height)

    @property
    def grid(self) -> Rect:
        return Rect(self.bands.left, self.bands.bottom, self.columns * self.space_w, self.rows * self.space_h)

    def space(self, column: int, row: int) -> Rect:
        g = self.grid
        return Rect(g.x + column * self.space_w, g.top - (row + 1) * self.space_h, self.space_w, self.space_h)

    def card_area(self, column: int, row: int) -> Rect:
        return self.space(column, row).inset(self.margin)

    def spaces(self) -> list[tuple[int, int]]:
        return [(c, r) for r in range(self.rows) for c in range(self.columns)]

    def grid_lines(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """x of every vertical space boundary, y of every horizontal one."""
        g = self.grid
        return (tuple(g.x + i * self.space_w for i in range(self.columns + 1)),
                tuple(g.y + j * self.space_h for j in range(self.rows + 1)))

    @property
    def track(self) -> Rect:
        """The outer edge of the coordinate track; the grid is inset in it by TRACK all round."""
        g = self.grid
        return Rect(g.x - TRACK, g.y - TRACK, g.w + 2 * TRACK, g.h + 2 * TRACK)

    @property
    def title_area(self) -> Rect:
        """Room for the title and key: the band above the track, or the panel left of it."""
        t = self.track
        if self.bands.left > self.bands.top:
            return Rect(0.0, 0.0, t.x, self.height)
        return Rect(0.0, t.top, self.width, self.height - t.top)

    def column_label_centres(self) -> list[tuple[str, float, float, float]]:
        """(letter, x, y above the grid, y below the grid), centres of the letters, in the track."""
        g = self.grid
        return [(chr(ord("A") + c), g.x + (c + 0.5) * self.space_w, g.top + TRACK / 2, g.y - TRACK / 2)
                for c in range(self.columns)]

    def row_label_centres(self) -> list[tuple[str, float, float]]:
        """(number, x left of the grid, y), centres of the numbers; the right-hand copies mirror x."""
        g = self.grid
        return [(str(r + 1), g.x - TRACK / 2, g.top - (r + 0.5) * self.space_h) for r in range(self.rows)]
