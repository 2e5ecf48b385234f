"""The board drawn once, in board coordinates, as a display list: track, spaces, title and key.

Tile pages and the one-sheet page both show this same drawing, so every copy of
the board looks alike.
"""
from __future__ import annotations

from ..faces.art import picture
from ..faces.colour import INK, ink_on, tint
from ..faces.symbols import symbol
from ..faces.tokens import centred_text
from ..core.fonts import metrics, with_fallback
from ..geometry.board import TRACK, BoardLayout, space_name
from ..geometry.draw import Box, Disc, Group, Item, Picture, Text
from ..core.mm import Rect
from ..geometry.text import wrap
from ..model.pack import Manifest

BOARD = "#FFF1D6"
SPACE = "#FFFAEF"
SPACE_LINE = "#B9A27A"
NAME = "#8F7544"  # space names: quiet, but readable on the space
TRACK_A, TRACK_B = "#F2D9A6", "#E4C17F"  # the coordinate track, a segment per space
PLATE = "#0072B2"  # the title cartouche
STAR = "#F0E442"
START = "#009E73"  # corners
EXTRA = "#0072B2"  # the extra starting spaces from 5 players
EXTRA_DASH = (5.0, 2.5)  # mm: the extra starts' ring is dashed, so greyscale tells them apart


def board_items(board: BoardLayout, manifest: Manifest) -> list[Item]:
    """The whole board in board coordinates (origin: bottom-left of its trim)."""
    items: list[Item] = [Box(board.trim, fill=BOARD)]
    art = manifest.board.art if manifest.board is not None else None
    placed_art = picture(manifest.path.parent, art.file, board.trim, art.fit, art.focus) if art else None
    pictured = isinstance(placed_art, Picture)
    if isinstance(placed_art, Picture):
        items.append(placed_art)  # behind the grid; spaces are then outlined, not filled
    items += _track(board)
    for column, row in board.spaces():
        items += _space(board, column, row, pictured)
    area = board.title_area
    if board.bands.left > board.bands.top:
        items += _panel(board, manifest, area)
    else:
        items += _title_band(board, manifest, area)
    return items


def _track(board: BoardLayout) -> list[Item]:
    """A band round the grid, one segment per space edge, carrying the coordinates.

    Segments next to a starting corner take the start colour, so the corners
    read as starts from across the table even with cards on them.
    """
    t, g = board.track, board.grid
    items: list[Item] = [Box(t, fill=TRACK_B)]
    for (letter, x, _above, _below), column in zip(board.column_label_centres(), range(board.columns)):
        for y, row in ((g.top, 0), (g.y - TRACK, board.rows - 1)):
            fill = START if (column, row) in board.starts else (TRACK_A if column % 2 == 0 else TRACK_B)
            items.append(Box(Rect(g.x + column * board.space_w, y, board.space_w, TRACK), fill=fill))
            items.append(centred_text(letter, x, y + TRACK / 2, "display", 13, ink_on(fill)))
    for (number, _x, y), row in zip(board.row_label_centres(), range(board.rows)):
        for sx, column in ((t.x, 0), (g.right, board.columns - 1)):
            fill = START if (column, row) in board.starts else (TRACK_A if row % 2 == 0 else TRACK_B)
            items.append(Box(Rect(sx, g.top - (row + 1) * board.space_h, TRACK, board.space_h), fill=fill))
            items.append(centred_text(number, sx + TRACK / 2, y, "display", 13, ink_on(fill)))
    for cx in (t.x + TRACK / 2, t.right - TRACK / 2):
        for cy in (t.y + TRACK / 2, t.top - TRACK / 2):
            items.append(Box(Rect(cx - TRACK / 2, cy - TRACK / 2, TRACK, TRACK), fill=INK))
            items.append(symbol("star", cx, cy, TRACK * 0.38, fill=STAR))
    items.append(Box(t, stroke=INK, width=0.8))
    items.append(Box(g, stroke=INK, width=0.8))
    return items


def _space(board: BoardLayout, column: int, row: int, pictured: bool) -> list[Item]:
    space = board.space(column, row)
    card = board.card_area(column, row)
    items: list[Item] = [Box(space, fill=None if pictured else SPACE, stroke=SPACE_LINE, width=0.6)]
    start = (column, row) in board.starts
    extra = (column, row) in board.extra_starts
    if start or extra:
        ring = START if start else EXTRA
        # The ring fills the margin round the card, so it shows once a card lies there:
        # solid for the corners, dashed for the 5+ starts.
        items.append(Box(space.inset(board.margin / 2), stroke=ring, width=board.margin / 25.4 * 72 * 0.95,
                         dash=() if start else EXTRA_DASH))
    items.append(Box(card, stroke=SPACE_LINE, width=0.5, radius=3.0, dash=(2.0, 1.5)))
    items.append(centred_text(space_name(column, row), card.cx, card.cy + 16, "display", 22, NAME))
    if start or extra:
        items += _start_badge(card.cx, card.cy - 8, start)
        label = "START" if start else f"START {board.extra_from_players}+"
        items.append(centred_text(label, card.cx, card.cy - 24, "display", 15, INK))
    return items


def _start_badge(cx: float, cy: float, start: bool, r: float = 8.0) -> list[Item]:
    """A solid disc with a star for a start; a dashed ring round a star for an extra start."""
    if start:
        return [Disc(cx, cy, r, fill=START, stroke=INK, width=0.8), symbol("star", cx, cy, r * 0.7, fill="#FFFFFF")]
    return [Box(Rect(cx - r, cy - r, 2 * r, 2 * r), fill="#FFFFFF", stroke=EXTRA, width=3.0, radius=r,
                dash=(3.0, 1.6)),
            symbol("star", cx, cy, r * 0.62, fill=tint(EXTRA, 0.35), stroke=EXTRA, width=0.8)]


def _legend_rows(board: BoardLayout) -> list[tuple[str, bool]]:
    rows = [("start", True)]
    if board.extra_starts:
        rows.append((f"extra start, {board.extra_from_players}+ players", False))
    return rows


def _legend_key(x: float, cy: float, start: bool) -> list[Item]:
    """A small space with its ring, as on the board; (x, cy) its left middle."""
    return [Box(Rect(x, cy - 3.5, 5.5, 7.0), fill=SPACE, stroke=START if start else EXTRA, width=3.0,
                dash=() if start else (2.0, 1.0))]


def _title_font(manifest: Manifest) -> str:
    """The title's font, with the pack's fallback fonts for characters it lacks."""
    return with_fallback("display", manifest.fonts.fallback)


def _cartouche(rect: Rect, lines: list[str], size: float, font: str) -> list[Item]:
    """The title on a plate with a double edge and a star at each end or above and below."""
    items: list[Item] = [Box(rect, fill=PLATE, stroke=INK, width=1.4, radius=3.0),
                         Box(rect.inset(1.3), stroke="#FFF4D6", width=0.7, radius=2.2)]
    m = metrics(font)
    pitch = size * 1.1 / 72 * 25.4
    first = rect.cy + (len(lines) - 1) * pitch / 2
    for n, line in enumerate(lines):
        items.append(centred_text(line, rect.cx, first - n * pitch, font, size, "#FFFFFF"))
    if len(lines) == 1:
        half = m.width(lines[0], size) / 2
        for d in (-1, 1):
            items.append(symbol("star", rect.cx + d * (half + 6.0), rect.cy, 3.2, fill=STAR))
    else:
        for d in (-1, 1):
            items.append(symbol("star", rect.cx, rect.cy + d * (len(lines) * pitch / 2 + 4.0), 3.2, fill=STAR))
    return items


def _title_band(board: BoardLayout, manifest: Manifest, area: Rect) -> list[Item]:
    """One-sheet board: the cartouche at the left of the band above the track, the key at its right."""
    size = 26.0
    font = _title_font(manifest)
    width = metrics(font).width(manifest.title, size) + 30.0
    plate = Rect(board.grid.cx - width / 2, area.y + 1.5, width, area.h - 3.0)
    items = _cartouche(plate, [manifest.title], size, font)
    x = board.grid.right
    for text, start in reversed(_legend_rows(board)):
        items.append(Text(x, area.cy - 1.2, text, "bold", 9, INK, "right"))
        x -= metrics("bold").width(text, 9) + 8.5
        items += _legend_key(x + 1.5, area.cy, start)
        x -= 6.0
    return items


def _title_lines(title: str, width: float, font: str) -> tuple[list[str], float]:
    """The title wrapped into at most three lines, at the largest size that fits ``width``."""
    m = metrics(font)
    for size in range(30, 13, -1):
        lines = wrap(title, m, size, width)
        if len(lines) <= 3 and all(m.width(line, size) <= width for line in lines):
            return lines, float(size)
    return [title], 14.0


def _panel(board: BoardLayout, manifest: Manifest, area: Rect) -> list[Item]:
    """Tiled board: the title, the key and the turn in the panel left of the track.

    A second cartouche, turned round, closes the panel for the players across the table.
    """
    inner = Rect(area.x + 6.0, area.y + board.bands.bottom, area.w - 12.0, area.h - board.bands.bottom - board.bands.top)
    font = _title_font(manifest)
    lines, size = _title_lines(manifest.title, inner.w - 10.0, font)
    pitch = size * 1.1 / 72 * 25.4
    plate_h = len(lines) * pitch + 22.0
    plate = Rect(inner.x, inner.top - plate_h, inner.w, plate_h)
    items = _cartouche(plate, lines, size, font)
    y = plate.y - 12.0
    for text, start in _legend_rows(board):
        items += _legend_key(inner.x, y, start)
        for n, line in enumerate(wrap(text, metrics("bold"), 9.5, inner.w - 9.0)):
            items.append(Text(inner.x + 9.0, y - 1.2 - n * 4.2, line, "bold", 9.5, INK))
        y -= 12.0
    if manifest.phases:
        y -= 8.0
        items.append(Text(inner.x, y, "Your turn", "display", 14, INK))
        y -= 9.0
        for n, phase in enumerate(manifest.phases, 1):
            items.append(Disc(inner.x + 3.0, y + 1.3, 3.0, fill=PLATE))
            items.append(centred_text(str(n), inner.x + 3.0, y + 1.3, "bold", 9, "#FFFFFF"))
            items.append(Text(inner.x + 9.0, y, phase.name, with_fallback("bold", manifest.fonts.fallback), 11,
                              INK))
            y -= 9.0
    # The same plate at the panel's foot, upside down.
    flipped = _cartouche(Rect(-plate.w / 2, -plate.h / 2, plate.w, plate.h), lines, size, font)
    items.append(Group(tuple(flipped), plate.cx, inner.y + plate.h / 2, angle=180))
    return items
