"""board.pdf: the board, tiled for home printers or whole for a copy shop.

The board is drawn once, in board coordinates, as a display list; each tile
page shows a window onto it, so every tile shows exactly the same drawing.
"""
from __future__ import annotations

from ..faces.art import picture
from ..faces.colour import INK, tint
from ..faces.symbols import symbol
from ..faces.tokens import centred_text
from ..fonts import metrics
from ..layout.board import BoardLayout, space_name
from ..layout.bounds import bounds, overlaps
from ..layout.draw import Box, Group, Item, Line, Page, Picture, Text
from ..layout.geometry import Rect
from ..layout.paper import Paper
from ..layout.sheet import LayoutError
from ..layout.tiling import TilePlan, alignment_marks, plan_tiles
from ..model.pack import Manifest, Pack
from ..games import module_for
from ..games.base import read_config
from .document import Document
from .flow import Flow
from .pawns import pieces_page

BOARD = "#FFF1D6"
SPACE = "#FFFAEF"
START = "#009E73"  # corners
EXTRA = "#0072B2"  # the extra starting spaces from 5 players
GLUE_FILL = "#E6E6E6"
CROP = 5.0


def board_items(board: BoardLayout, manifest: Manifest) -> list[Item]:
    """The whole board in board coordinates (origin: bottom-left of its trim)."""
    items: list[Item] = [Box(board.trim, fill=BOARD)]
    art = manifest.board.art
    placed = picture(manifest.path.parent, art.file, board.trim, art.fit, art.focus) if art else None
    pictured = isinstance(placed, Picture)
    if pictured:
        items.append(placed)  # behind the grid; spaces are then outlined, not filled
    for column, row in board.spaces():
        space = board.space(column, row)
        card = board.card_area(column, row)
        items.append(Box(space, fill=None if pictured else SPACE, stroke="#B9A27A", width=0.6))
        start = (column, row) in board.starts
        extra = (column, row) in board.extra_starts
        if start or extra:
            ring = START if start else EXTRA
            # The ring shows in the margin around the card; solid for the
            # corners, dashed for the 5+ starts, so greyscale tells them apart.
            items.append(Box(space.inset(0.25), stroke=ring, width=5.0, dash=() if start else (4.0, 2.0)))
        items.append(Box(card, stroke="#B9A27A", width=0.5, radius=3.0, dash=(2.0, 1.5)))
        items.append(centred_text(space_name(column, row), card.cx, card.cy + 6, "display", 20, "#C9B48A"))
        if start or extra:
            label = "START" if start else f"START {board.extra_from_players}+"
            items.append(centred_text(label, card.cx, card.cy - 8, "bold", 11, ring))
    for letter, x, above, below in board.column_label_centres():
        items += [centred_text(letter, x, above, "display", 16), centred_text(letter, x, below, "display", 16)]
    for number, x, y in board.row_label_centres():
        items.append(centred_text(number, x, y, "display", 16))
    g = board.grid
    items.append(Text(g.x, board.height - 8.5, manifest.title, "display", 20, INK))
    items += _legend(board, g.right, board.height - 7.0)
    return items


def _legend(board: BoardLayout, right: float, cy: float) -> list[Item]:
    """Key to the starting rings, right-aligned in the top band."""
    extra = f"extra start, {board.extra_from_players}+ players"
    items: list[Item] = []
    x = right
    for text, colour, dash in ((extra, EXTRA, (4.0, 2.0)), ("start", START, ())):
        if text == extra and not board.extra_starts:
            continue
        items.append(Text(x, cy - 1.2, text, "bold", 8.5, INK, "right"))
        x -= metrics("bold").width(text, 8.5) + 9.0
        items.append(Box(Rect(x + 1.5, cy - 2.5, 6.0, 5.0), stroke=colour, width=2.5, dash=dash))
        x -= 5.0
    return items


def _crop_marks(rect: Rect, gap: float = 1.0, length: float = CROP) -> list[Item]:
    items: list[Item] = []
    for x in (rect.x, rect.right):
        for y, d in ((rect.top, 1), (rect.y, -1)):
            items.append(Line(x, y + d * gap, x, y + d * (gap + length), 0.25))
    for y in (rect.y, rect.top):
        for x, d in ((rect.right, 1), (rect.x, -1)):
            items.append(Line(x + d * gap, y, x + d * (gap + length), y, 0.25))
    return items


def one_sheet_page(board: BoardLayout, manifest: Manifest, paper: Paper) -> Page:
    """The whole board centred on a large sheet, with crop marks at its corners."""
    if board.width > paper.width or board.height > paper.height:
        raise LayoutError(f"the board ({board.width:.0f} × {board.height:.0f} mm) does not fit "
                         f"{paper.name} ({paper.width:.0f} × {paper.height:.0f} mm)")
    ox, oy = (paper.width - board.width) / 2, (paper.height - board.height) / 2
    placed = Rect(ox, oy, board.width, board.height)
    room = min(ox, oy) - 0.5
    items: list[Item] = [Group(tuple(board_items(board, manifest)), ox, oy)]
    if room > 1.5:
        items += _crop_marks(placed, gap=0.5, length=min(CROP, room - 0.5))
    return Page(paper.width, paper.height, tuple(items), f"board on {paper.name}")


def tile_pages(board: BoardLayout, manifest: Manifest, plan: TilePlan) -> list[Page]:
    drawing = board_items(board, manifest)
    boxes = [bounds(item) for item in drawing]
    lines = board.grid_lines()
    pages = []
    for tile in plan.tiles:
        ox, oy = tile.origin
        r = tile.region
        # Only what shows on this tile, so a page holds (and its text layer says) no more.
        shown = tuple(item for item, box in zip(drawing, boxes) if overlaps(box, r))
        items: list[Item] = []
        if tile.glue_right:
            items.append(_glue(Rect(r.right, r.y - tile.glue_bottom, tile.glue_right, r.h + tile.glue_bottom),
                               tile, plan, "right"))
        if tile.glue_bottom:
            items.append(_glue(Rect(r.x, r.y - tile.glue_bottom, r.w, tile.glue_bottom), tile, plan, "below"))
        items.append(Group(shown, ox, oy, clip=r))
        for mark in alignment_marks(plan, tile, lines):
            items.append(Line(mark.x1 + ox, mark.y1 + oy, mark.x2 + ox, mark.y2 + oy, 1.2, "#D55E00"))
        items += _cut_guides(tile, plan)
        items.append(_tile_label(tile, plan))
        pages.append(Page(tile.page_w, tile.page_h, tuple(items), f"board tile {tile.number}"))
    return pages


def _glue(strip: Rect, tile, plan: TilePlan, side: str) -> Group:
    ox, oy = tile.origin
    neighbour = plan.tile(tile.column + 1, tile.row) if side == "right" else plan.tile(tile.column, tile.row + 1)
    items: list[Item] = [Box(strip, fill=GLUE_FILL)]
    text = f"glue · tile {neighbour.number} goes on top"
    if side == "right":
        # The lower half: the upper half of the right strip carries the tile's label.
        y = strip.y + tile.glue_bottom + (strip.h - tile.glue_bottom) / 4
        items.append(Text(strip.cx + 1.2, y, text, "bold", 7, "#777777", "center", angle=90))
    else:
        items.append(centred_text(text, strip.cx, strip.cy, "bold", 7, "#777777"))
    return Group(tuple(items), ox, oy)


def _cut_guides(tile, plan: TilePlan) -> list[Item]:
    """Short marks beyond the ends of an edge this tile is cut along (it lies on a neighbour)."""
    ox, oy = tile.origin
    r = tile.region
    items: list[Item] = []
    if tile.column > 0:
        for y, d in ((r.top, 1), (r.y - tile.glue_bottom, -1)):
            items.append(Line(r.x + ox, y + oy + d * 1.0, r.x + ox, y + oy + d * 4.0, 0.25))
    if tile.row > 0:
        for x, d in ((r.x, -1), (r.right + tile.strip_right, 1)):
            items.append(Line(x + ox + d * 1.0, r.top + oy, x + ox + d * 4.0, r.top + oy, 0.25))
    return items


def _tile_label(tile, plan: TilePlan) -> Text:
    """'Tile 3 of 8', up the right-hand strip: its upper half if that strip is also glue."""
    box = tile.label_box
    y = box.y + box.h * 0.75 if tile.glue_right else box.cy
    text = f"Tile {tile.number} of {len(plan.tiles)} · row {tile.row + 1}, column {tile.column + 1}"
    return Text(box.cx + 1.2, y, text, "bold", 7, "#333333", "center", angle=90)


def assembly_page(board: BoardLayout, manifest: Manifest, plan: TilePlan, paper: Paper) -> Page:
    """A map of the tiles and how they go together."""
    flow = Flow(18.0, paper.height - 18.0, paper.width - 36.0)
    flow.text(f"{manifest.title}: the board", "display", 20, after=1.0)
    flow.text(f"{len(plan.tiles)} tiles on {plan.paper.name} · board {board.width:.0f} × {board.height:.0f} mm"
              + ("" if not plan.split_spaces else f" · {plan.split_spaces} joins cross a space"),
              "bold", 10, colour="#555555", after=4.0)
    for n, step in enumerate([
        "Print the tile pages at 100% (\u201cActual size\u201d), one-sided.",
        "Cut each tile along its outer board edges. Where a tile meets a grey glue strip of another "
        "tile, cut exactly along its board edge; leave the grey strips on.",
        "Lay the tiles out as the map shows, starting with tile 1. Glue each grey strip and lay the "
        "next tile on it, edge to edge with the board of the tile beneath.",
        "The orange marks at each join continue across it: line them up and the spaces meet exactly.",
    ], 1):
        flow.numbered(n, step)
    scale = min((paper.width - 36.0) / board.width, (flow.y - 30.0) / board.height)
    w, h = board.width * scale, board.height * scale
    x0, y0 = (paper.width - w) / 2, flow.y - 6.0 - h
    items = list(flow.items)
    items.append(Box(Rect(x0, y0, w, h), fill=BOARD, stroke=INK, width=1.0))
    for column, row in board.spaces():
        s = board.space(column, row)
        items.append(Box(Rect(x0 + s.x * scale, y0 + s.y * scale, s.w * scale, s.h * scale),
                         stroke="#C9B48A", width=0.4))
    for tile in plan.tiles:
        r = tile.region
        box = Rect(x0 + r.x * scale, y0 + r.y * scale, r.w * scale, r.h * scale)
        items.append(Box(box, stroke=INK, width=1.2))
        items.append(centred_text(str(tile.number), box.cx, box.cy, "display", 22))
    for column, row in board.starts + board.extra_starts:
        s = board.space(column, row)
        colour = START if (column, row) in board.starts else EXTRA
        items.append(symbol("disc", x0 + s.cx * scale, y0 + s.cy * scale, 2.2, fill=tint(colour, 0.8)))
    return Page(paper.width, paper.height, tuple(items), "board assembly")



def board_document(pack: Pack, paper: Paper, board_paper: Paper | None = None) -> Document | None:
    """board.pdf: the board (tiled on ``paper``, or whole on ``board_paper``), the game module's
    pieces, then pawns and a die; None when the pack has none of these."""
    m = pack.manifest
    pages: list[Page] = []
    if m.board is not None:
        board = BoardLayout.compute(m.board, *m.card_size(m.deck(m.board.deck)))  # spaces fit the deck on them
        if board_paper is not None:
            pages.append(one_sheet_page(board, m, board_paper))
        else:
            plan = plan_tiles(board.width, board.height, *board.grid_lines(), paper)
            pages.append(assembly_page(board, m, plan, paper))
            pages += tile_pages(board, m, plan)
    module = module_for(pack)
    if module is not None:
        config, problems = read_config(module, pack)
        if config is not None and not problems:
            pages += module.pieces(pack, config, paper)
    pieces = pieces_page(paper, m.pieces.pawns, m.pieces.die, m.pieces.first_player)
    if pieces is not None:
        pages.append(pieces)
    if not pages:
        return None
    return Document(tuple(pages), {}, f"{m.title}: board and pieces", m.description)
