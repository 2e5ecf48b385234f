"""The board whole on one large sheet for a copy shop: bleed, crop marks, and the oversize sheet."""
from __future__ import annotations

from ..faces.colour import INK
from ..core.fonts import with_fallback
from ..geometry.board import BoardLayout
from ..geometry.draw import Box, Group, Item, Line, Page, Text
from ..core.mm import Rect
from ..geometry.paper import MARK_EDGE_MM, Paper
from ..model.pack import Manifest, Pack
from .board_drawing import BOARD, board_items
from ..faces.pawns import Block, text_block

BLEED = 3.0  # mm of background past the trim of a one-sheet board
CROP = 5.0  # length of a crop mark, which starts BLEED beyond the trim
MIN_CROP = 3.0  # a crop mark is shortened to this at most, where the sheet's margin is narrow
SHEET_EDGE = MARK_EDGE_MM  # what a printer may leave unprinted at the sheet's edge: no mark comes nearer
NOTE_SIZE = 9.0  # points: the print note in the sheet's margin
# A copy shop prints an A2 job that bleeds on the next size up and trims it.
OVERSIZE = {"A2": Paper("SRA2", 450.0, 640.0)}


def _crop_marks(rect: Rect, gap: float, across: float, up: float) -> list[Item]:
    """Marks continuing each edge of ``rect`` past its corners, starting ``gap`` beyond them:
    ``up`` long above and below it, ``across`` long to its sides."""
    items: list[Item] = []
    for x in (rect.x, rect.right):
        for y, d in ((rect.top, 1), (rect.y, -1)):
            items.append(Line(x, y + d * gap, x, y + d * (gap + up), 0.25))
    for y in (rect.y, rect.top):
        for x, d in ((rect.right, 1), (rect.x, -1)):
            items.append(Line(x + d * gap, y, x + d * (gap + across), y, 0.25))
    return items


def crop_length(margin: float) -> float:
    """A crop mark's length in a ``margin`` mm wide between the trim and the sheet's edge: CROP, or
    less where a full mark would come nearer the edge than SHEET_EDGE."""
    return min(CROP, margin - BLEED - SHEET_EDGE)


def sheet_for(board: BoardLayout, paper: Paper) -> Paper | None:
    """The sheet a one-sheet board is printed on: ``paper`` itself, or the oversize a shop uses
    for it when bleed and crop marks need more room; None when neither holds the board."""
    need = 2 * (BLEED + MIN_CROP + SHEET_EDGE)
    for sheet in (paper, OVERSIZE.get(paper.name)):
        if sheet is not None and board.width + need <= sheet.width and board.height + need <= sheet.height:
            return sheet
    return None


def one_sheet_page(board: BoardLayout, manifest: Manifest, sheet: Paper) -> Page:
    """The whole board centred on ``sheet``, its background bleeding 3 mm, crop marks beyond the bleed,
    and a line in the margin saying how to print it; TrimBox and BleedBox say the same to a shop."""
    ox, oy = (sheet.width - board.width) / 2, (sheet.height - board.height) / 2
    trim = Rect(ox, oy, board.width, board.height)
    bleed = trim.inset(-BLEED)
    across, up = crop_length(ox), crop_length(oy)
    items: list[Item] = [Box(bleed, fill=BOARD), Group(tuple(board_items(board, manifest)), ox, oy)]
    items += _crop_marks(trim, BLEED, across, up)
    items.append(_print_note(board, manifest, sheet, bleed, up))
    return Page(sheet.width, sheet.height, tuple(items), f"board on {sheet.name}", trim_box=trim, bleed_box=bleed)


def _print_note(board: BoardLayout, manifest: Manifest, sheet: Paper, bleed: Rect, up: float) -> Text:
    """How to print the sheet: below the crop marks where there is room, else up the left margin
    beside the bleed (where no crop mark runs but at the corners)."""
    text = (f"{manifest.title} · the board · print at 100% (actual size) on {sheet.name}, "
            f"{sheet.width:.0f} × {sheet.height:.0f} mm · trim at the crop marks to "
            f"{board.width:.0f} × {board.height:.0f} mm")
    font = with_fallback("body", manifest.fonts.fallback)
    height = NOTE_SIZE * 0.7 * 25.4 / 72  # cap height, mm
    below = bleed.y - up  # from the foot of the lower crop marks to the sheet's edge
    if below - 2 * SHEET_EDGE >= height:
        return Text(sheet.width / 2, (below - height) / 2, text, font, NOTE_SIZE, INK, "center")
    return Text((bleed.x + height) / 2, sheet.height / 2, text, font, NOTE_SIZE, INK, "center", angle=90)


def shop_block(board: BoardLayout, sheet: Paper, paper: Paper, width: float) -> Block:
    """How the one-sheet board is printed and trimmed, for the pieces page (which is on ``paper``)."""
    what = f"{sheet.name}, the sheet a shop prints A2 with bleed on" if sheet.name in {
        o.name for o in OVERSIZE.values()} else sheet.name
    head = text_block([("The board: one sheet", "bold", 9.5),
                       (f"{sheet.name} {sheet.width:.0f} × {sheet.height:.0f} mm · trims to "
                        f"{board.width:.0f} × {board.height:.0f} mm", "body", 8.5)], width)
    steps = text_block([(s, "body", 8.5) for s in (
        f"Page 1 is for a copy shop: have it printed at 100% (\u201cActual size\u201d), one-sided, on {what}.",
        f"Trim it at the crop marks. Its background runs {BLEED:g} mm past them, so a cut a little outside "
        "them leaves no white edge.",
        f"This page is {paper.name}: print it at home, at 100% as well.",
    )], width, numbered=True)
    return Block(head.items + (Group(steps.items, 0.0, -head.h - 1.0),), width, head.h + 1.0 + steps.h)


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
