"""The board whole on one large sheet for a copy shop: bleed, crop marks, and the oversize sheet."""
from __future__ import annotations

from ..faces.colour import INK
from ..fonts import with_fallback
from ..layout.board import BoardLayout
from ..layout.draw import Box, Group, Item, Line, Page, Text
from ..layout.geometry import Rect
from ..layout.paper import Paper
from ..model.pack import Manifest, Pack
from .board_drawing import BOARD, board_items

BLEED = 3.0  # mm of background past the trim of a one-sheet board
CROP = 5.0  # length of a crop mark, which starts BLEED beyond the trim
SHEET_EDGE = 3.0  # what a large-format printer may leave unprinted at the sheet's edge
# A copy shop prints an A2 job that bleeds on the next size up and trims it.
OVERSIZE = {"A2": Paper("SRA2", 450.0, 640.0)}


def _crop_marks(rect: Rect, gap: float, length: float) -> list[Item]:
    """Marks continuing each edge of ``rect`` past its corners, starting ``gap`` beyond them."""
    items: list[Item] = []
    for x in (rect.x, rect.right):
        for y, d in ((rect.top, 1), (rect.y, -1)):
            items.append(Line(x, y + d * gap, x, y + d * (gap + length), 0.25))
    for y in (rect.y, rect.top):
        for x, d in ((rect.right, 1), (rect.x, -1)):
            items.append(Line(x + d * gap, y, x + d * (gap + length), y, 0.25))
    return items


def sheet_for(board: BoardLayout, paper: Paper) -> Paper | None:
    """The sheet a one-sheet board is printed on: ``paper`` itself, or the oversize a shop uses
    for it when bleed and crop marks need more room; None when neither holds the board."""
    need = 2 * (BLEED + CROP + SHEET_EDGE)
    for sheet in (paper, OVERSIZE.get(paper.name)):
        if sheet is not None and board.width + need <= sheet.width and board.height + need <= sheet.height:
            return sheet
    return None


def one_sheet_page(board: BoardLayout, manifest: Manifest, sheet: Paper, paper: Paper) -> Page:
    """The whole board centred on ``sheet``, its background bleeding 3 mm, crop marks beyond the bleed."""
    ox, oy = (sheet.width - board.width) / 2, (sheet.height - board.height) / 2
    trim = Rect(ox, oy, board.width, board.height)
    items: list[Item] = [Box(Rect(ox - BLEED, oy - BLEED, board.width + 2 * BLEED, board.height + 2 * BLEED),
                             fill=BOARD),
                         Group(tuple(board_items(board, manifest)), ox, oy)]
    items += _crop_marks(trim, BLEED, CROP)
    slug = oy - BLEED - CROP
    if slug >= 12.0:  # room below the marks for a line to the shop
        where = paper.name if sheet is paper else f"{sheet.name} ({sheet.width:.0f} × {sheet.height:.0f} mm)"
        items.append(Text(sheet.width / 2, slug / 2 - 1.5,
                          f"{manifest.title} · the board · print at 100% on {where} · trim at the crop marks "
                          f"to {board.width:.0f} × {board.height:.0f} mm",
                          with_fallback("body", manifest.fonts.fallback), 9, INK, "center"))
    return Page(sheet.width, sheet.height, tuple(items), f"board on {sheet.name}")


def board_paper_note(pack: Pack, board_paper: Paper) -> str | None:
    """What ``--board-paper`` did for this pack, when it is not the plain one-sheet board."""
    m = pack.manifest
    if m.board is None:
        return f"--board-paper {board_paper.name} has no effect: {m.title} has no board to print whole"
    whole = BoardLayout.compute(m.board, *m.card_size(m.deck(m.board.deck)))
    sheet = sheet_for(whole, board_paper)
    if sheet is None:
        return (f"the board ({whole.width:.0f} × {whole.height:.0f} mm) does not fit {board_paper.name} whole "
                f"with bleed and crop marks, so it is tiled on {board_paper.name} sheets")
    if sheet is not board_paper:
        return (f"the board with bleed and crop marks is on {sheet.name} ({sheet.width:.0f} × "
                f"{sheet.height:.0f} mm), the oversize sheet a shop prints {board_paper.name} on; it trims to "
                f"{whole.width:.0f} × {whole.height:.0f} mm")
    return None
