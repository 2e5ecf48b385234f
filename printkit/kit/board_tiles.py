"""The board tiled for home printers: tile pages with glue strips, and how the tiles go together."""
from __future__ import annotations

import math

from ..faces.colour import INK
from ..faces.tokens import centred_text
from ..core.fonts import metrics
from ..geometry.board import BoardLayout
from ..geometry.bounds import bounds, overlaps, placed
from ..geometry.draw import Box, Disc, Group, Item, Line, Page, Path, Text
from ..core.mm import Rect
from ..geometry.paper import MARK_EDGE_MM
from ..geometry.tiling import TilePlan, alignment_marks
from ..model.pack import Manifest
from .board_drawing import BOARD, SPACE, SPACE_LINE, board_items
from ..faces.pawns import Block, text_block

GLUE_FILL = "#E6E6E6"


def text_keep_out(items: list[Item], pad: float = 1.0) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """x and y intervals of the board's text (and symbols), which no join may cross."""
    xs, ys = [], []
    for item, matrix in placed(items):
        if isinstance(item, (Text, Path)):
            b = bounds(item, matrix)
            xs.append((b.x - pad, b.right + pad))
            ys.append((b.y - pad, b.top + pad))
    return xs, ys


def _extent(item: Item) -> Rect:
    """The rectangle an item covers once its groups' offsets and turns are applied."""
    boxes = [bounds(leaf, m) for leaf, m in placed([item])]
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Rect(x0, y0, max(b.right for b in boxes) - x0, max(b.top for b in boxes) - y0)


def tile_pages(board: BoardLayout, manifest: Manifest, plan: TilePlan) -> list[Page]:
    """A page per tile: its window onto the board, glue strips, alignment marks, cut guides, label."""
    drawing = board_items(board, manifest)
    boxes = [_extent(item) for item in drawing]
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
                               tile, plan, "right", board))
        if tile.glue_bottom:
            items.append(_glue(Rect(r.x, r.y - tile.glue_bottom, r.w, tile.glue_bottom), tile, plan, "below", board))
        items.append(Group(shown, ox, oy, clip=r))
        for mark in alignment_marks(plan, tile, lines):
            items.append(Line(mark.x1 + ox, mark.y1 + oy, mark.x2 + ox, mark.y2 + oy, 1.2, "#D55E00"))
        items += _cut_guides(tile, plan)
        items.append(_tile_label(tile, plan, board))
        cuts = tuple((x1 + ox, y1 + oy, x2 + ox, y2 + oy) for x1, y1, x2, y2 in cut_edges(tile))
        pages.append(Page(tile.page_w, tile.page_h, tuple(items), f"board tile {tile.number}", cuts=cuts))
    return pages


def _quiet_spots(centres: list[float], lo: float, hi: float, half: float) -> list[float]:
    """Space centres inside (lo, hi) with ``half`` to spare each side, else the quarter points.

    Text in a strip sits opposite a space's middle, clear of the space
    outlines that run on past the tile's edge before the clip cuts them off.
    """
    inside = [c for c in centres if lo + half <= c <= hi - half]
    return inside or [lo + (hi - lo) / 4, lo + 3 * (hi - lo) / 4]


def _glue(strip: Rect, tile, plan: TilePlan, side: str, board: BoardLayout) -> Group:
    ox, oy = tile.origin
    neighbour = plan.tile(tile.column + 1, tile.row) if side == "right" else plan.tile(tile.column, tile.row + 1)
    items: list[Item] = [Box(strip, fill=GLUE_FILL)]
    text = f"glue · tile {neighbour.number} goes on top"
    half = metrics("bold").width(text, 8) / 2 + 1.0
    r = tile.region
    if side == "right":
        y = _strip_heights(tile, board, _label_half(tile, plan), half)[1]  # the tile's label takes the other
        items.append(Text(strip.cx + 1.1, y, text, "bold", 8, "#555555", "center", angle=90))
    else:
        columns = [board.space(column, 0).cx for column in range(board.columns)]
        spots = _quiet_spots(columns, r.x, r.right, half)
        x = min(spots, key=lambda c: abs(c - r.cx))
        items.append(centred_text(text, x, strip.cy, "bold", 8, "#555555"))
    return Group(tuple(items), ox, oy)


TICK = 4.0  # mm: the longest cut tick
MIN_TICK = 1.5  # mm: the shortest, where the margin beyond an edge's end is narrow


def _cut_guides(tile, plan: TilePlan) -> list[Item]:
    """Ticks continuing each edge this tile is cut along (it lies on a neighbour) past both its
    ends, to guide the blade in: up to 4 mm long, and never nearer the paper's edge than a printer
    can print; they start at the end itself, as nothing of the tile lies beyond it."""
    ox, oy = tile.origin
    items: list[Item] = []
    for x1, y1, x2, y2 in cut_edges(tile):
        x1, y1, x2, y2 = x1 + ox, y1 + oy, x2 + ox, y2 + oy
        ux, uy = (x2 - x1) / math.hypot(x2 - x1, y2 - y1), (y2 - y1) / math.hypot(x2 - x1, y2 - y1)
        for (x, y), d in (((x2, y2), 1.0), ((x1, y1), -1.0)):
            dx, dy = ux * d, uy * d
            # Room from the end to MARK_EDGE_MM short of the paper's edge, along the edge's direction.
            room = min((tile.page_w - MARK_EDGE_MM - x) if dx > 0 else (x - MARK_EDGE_MM) if dx < 0 else TICK,
                       (tile.page_h - MARK_EDGE_MM - y) if dy > 0 else (y - MARK_EDGE_MM) if dy < 0 else TICK)
            length = min(TICK, room)
            if length >= MIN_TICK:
                items.append(Line(x, y, x + dx * length, y + dy * length, 0.25))
    return items


def cut_edges(tile) -> list[tuple[float, float, float, float]]:
    """The edges a tile is cut along, in board coordinates, each from its lower or left end: its
    left edge when it lies on the tile to its left, its top edge when it lies on the one above,
    each with the glue strip it carries."""
    r = tile.region
    edges = []
    if tile.column > 0:
        edges.append((r.x, r.y - tile.glue_bottom, r.x, r.top))
    if tile.row > 0:
        edges.append((r.x, r.top, r.right + tile.strip_right, r.top))
    return edges


def _tile_label(tile, plan: TilePlan, board: BoardLayout) -> Text:
    """'Tile 3 of 6', up the right-hand strip, opposite the highest space middle on the tile."""
    box = tile.label_box
    y = _strip_heights(tile, board, _label_half(tile, plan), _glue_half(tile, plan))[0]
    ox, oy = tile.origin
    return Text(box.cx + 1.2, y + oy, _label_text(tile, plan), "bold", 8.5, "#333333", "center", angle=90)


def _label_text(tile, plan: TilePlan) -> str:
    return f"Tile {tile.number} of {len(plan.tiles)} · row {tile.row + 1}, column {tile.column + 1}"


def _label_half(tile, plan: TilePlan) -> float:
    """Half the length of the tile's label up its strip, with a millimetre to spare."""
    return metrics("bold").width(_label_text(tile, plan), 8.5) / 2 + 1.0


def _glue_half(tile, plan: TilePlan) -> float:
    """Half the length of the glue note in the right-hand strip (0 when the tile has none)."""
    if not tile.glue_right:
        return 0.0
    neighbour = plan.tile(tile.column + 1, tile.row)
    return metrics("bold").width(f"glue · tile {neighbour.number} goes on top", 8) / 2 + 1.0


def _strip_heights(tile, board: BoardLayout, label_half: float, glue_half: float) -> tuple[float, float]:
    """Where the label and the glue note go up the right-hand strip: opposite the highest and the
    lowest space middles on the tile. With one space middle, the two sit either side of it, within
    that row, so no join or alignment mark crosses them."""
    r = tile.region
    rows = [board.space(0, row).cy for row in range(board.rows)]
    spots = _quiet_spots(rows, r.y, r.top, max(label_half, glue_half))
    if len(spots) >= 2 or not glue_half:
        return max(spots), min(spots)
    middle = spots[0]
    return middle + 1.0 + label_half, middle - 1.0 - glue_half


def assembly_block(board: BoardLayout, plan: TilePlan, width: float) -> Block:
    """How the tiles go together: steps beside a map of the tiles, for the pieces page."""
    map_w = min(48.0, width * 0.42)
    steps_w = width - map_w - 6.0
    head = text_block([(f"The board: {len(plan.tiles)} tiles", "bold", 9.5),
                       (f"{plan.paper.name} · board {board.width:.0f} × {board.height:.0f} mm", "body", 8.5)], width)
    steps = text_block([(s, "body", 8.5) for s in (
        "Print the tile pages at 100% (\u201cActual size\u201d), one-sided.",
        "Cut each tile along its board edges, but keep its grey glue strips.",
        "Lay the tiles out as the map shows. Glue each grey strip and lay the next tile on it, "
        "board edge to board edge.",
        "The orange marks continue across each join: line them up and the spaces meet exactly.",
    )], steps_w, numbered=True)
    scale = map_w / board.width
    h = board.height * scale
    x0, top = steps_w + 6.0, -head.h - 1.0
    y0 = top - h
    items: list[Item] = list(head.items) + [Group(steps.items, 0.0, top)]
    items.append(Box(Rect(x0, y0, map_w, h), fill=BOARD, stroke=INK, width=0.8))
    g = board.grid
    items.append(Box(Rect(x0 + g.x * scale, y0 + g.y * scale, g.w * scale, g.h * scale), fill=SPACE,
                     stroke=SPACE_LINE, width=0.4))
    boxes = [Rect(x0 + t.region.x * scale, y0 + t.region.y * scale, t.region.w * scale, t.region.h * scale)
             for t in plan.tiles]
    items += [Box(box, stroke=INK, width=1.0) for box in boxes]
    for tile, box in zip(plan.tiles, boxes):  # numbers after every outline, so none runs through one
        items.append(Disc(box.cx, box.cy, 3.6, fill="#FFFFFF", stroke=INK, width=0.5))
        items.append(centred_text(str(tile.number), box.cx, box.cy, "bold", 10))
    return Block(tuple(items), width, max(head.h + 1.0 + h, head.h + 1.0 + steps.h))

