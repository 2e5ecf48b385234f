"""Fold-over pawns, one per player, a six-sided die to cut and fold, and the page that holds them.

A pawn is a strip: base tab, front panel, back panel, base tab. Fold the two
panels back to back (glue them), then fold the tabs out in opposite
directions so it stands. Its base is small enough to stand on the lower
part of a card, clear of the points near the top.

Everywhere on these pieces a solid line is cut and a dashed line is folded,
as the page says.
"""
from __future__ import annotations

from dataclasses import dataclass

from .colour import INK, ink_on, tint
from .symbols import symbol
from .tokens import centred_text
from ..geometry.draw import Box, Disc, Group, Item, Line, Page, Path
from ..core.mm import Rect, Segment
from ..geometry.paper import Paper
from ..geometry.flow import Flow

# Okabe–Ito colours, each with a symbol of its own, so pawns differ in greyscale too.
PAWN_STYLES = (("#E69F00", "star"), ("#56B4E9", "diamond"), ("#009E73", "triangle"), ("#F0E442", "square"),
               ("#0072B2", "cross"), ("#D55E00", "hexagon"), ("#CC79A7", "clover"), ("#000000", "disc"))
PAWN_W = 18.0
TAB = 12.0
PANEL = 30.0
FOLD = (1.5, 1.2)  # dash pattern for fold lines
DIE_FACE = 16.0
STANDEE_W = 30.0
PIPS = {1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)],
        4: [(-1, 1), (1, 1), (-1, -1), (1, -1)], 5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
        6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)]}


def pawn(number: int, x: float, y: float) -> list[Item]:
    """One pawn strip with its bottom-left corner at (x, y); 84 mm tall."""
    colour, name = PAWN_STYLES[(number - 1) % len(PAWN_STYLES)]
    ink = ink_on(colour)
    items: list[Item] = []
    top = y + 2 * TAB + 2 * PANEL
    items.append(Box(Rect(x, y, PAWN_W, top - y), fill=tint(colour, 0.25), stroke=INK, width=0.6))
    for k, panel_y in enumerate((y + TAB, y + TAB + PANEL)):
        panel = Rect(x, panel_y, PAWN_W, PANEL)
        # The second panel is upside down on the strip, so it is upright once folded.
        face: list[Item] = [Box(Rect(-PAWN_W / 2, -PANEL / 2, PAWN_W, PANEL), fill=colour),
                            Disc(0, 3.5, 6.8, fill="#FFFFFF", stroke=INK, width=0.8),
                            symbol(name, 0, 3.5, 4.6, fill=colour if colour != "#FFFFFF" else INK,
                                   stroke=INK, width=0.4),
                            centred_text(f"P{number}", 0, -9.0, "display", 12, ink)]
        items.append(Group(tuple(face), panel.cx, panel.cy, angle=180 if k else 0))
    for fold_y in (y + TAB, y + TAB + PANEL, y + TAB + 2 * PANEL):
        items.append(Line(x, fold_y, x + PAWN_W, fold_y, 0.5, INK, FOLD))
    items.append(centred_text("base", x + PAWN_W / 2, y + TAB / 2, "bold", 6.5, INK))
    items.append(centred_text("base", x + PAWN_W / 2, top - TAB / 2, "bold", 6.5, INK))
    return items


# The cross net: face value -> (column, row) of its cell, rows counted up.
# The column 1, 2, 6, 5 wraps round the cube; 3 and 4 are its ends.
DIE_CELLS = {1: (1, 3), 2: (1, 2), 6: (1, 1), 5: (1, 0), 3: (0, 2), 4: (2, 2)}
# Folded, the net's 14 free edges meet in 7 seams; each gets one glue flap,
# on the edge named here: (face, side).
DIE_FLAPS = ((1, "left"), (1, "right"), (6, "left"), (6, "right"), (5, "left"), (5, "right"), (5, "bottom"))
FLAP_DEPTH = 0.28  # of a face


@dataclass(frozen=True)
class DieNet:
    faces: dict[int, Rect]
    flaps: tuple[tuple[tuple[float, float], ...], ...]  # each a quadrilateral, its first two points on the fold
    cuts: tuple[Segment, ...]  # solid lines
    folds: tuple[Segment, ...]  # dashed lines


def _side(cell: Rect, side: str) -> Segment:
    return {"left": Segment(cell.x, cell.y, cell.x, cell.top), "right": Segment(cell.right, cell.y, cell.right, cell.top),
            "bottom": Segment(cell.x, cell.y, cell.right, cell.y), "top": Segment(cell.x, cell.top, cell.right, cell.top)}[side]


def die_net_geometry(x: float, y: float, s: float = DIE_FACE) -> DieNet:
    """The net with its bottom-left cell corner at (x, y): faces, flaps, and which lines are cut or folded."""
    faces = {v: Rect(x + c * s, y + r * s, s, s) for v, (c, r) in DIE_CELLS.items()}
    taken = set(DIE_CELLS.values())
    step = {"left": (-1, 0), "right": (1, 0), "bottom": (0, -1), "top": (0, 1)}
    cuts: list[Segment] = []
    folds: list[Segment] = []
    flaps = []
    d = FLAP_DEPTH * s
    for value, (c, r) in DIE_CELLS.items():
        for side, (dc, dr) in step.items():
            edge = _side(faces[value], side)
            if (c + dc, r + dr) in taken:
                if side in ("right", "top"):  # each shared edge once
                    folds.append(edge)
                continue
            if (value, side) not in DIE_FLAPS:
                cuts.append(edge)
                continue
            folds.append(edge)
            # A trapezoid outward from the edge, its ends slanted at 45° so flaps never meet.
            ox, oy = dc * d, dr * d
            ux, uy = (edge.x2 - edge.x1) / s, (edge.y2 - edge.y1) / s
            a, b = (edge.x1, edge.y1), (edge.x2, edge.y2)
            outer_b = (b[0] + ox - ux * d, b[1] + oy - uy * d)
            outer_a = (a[0] + ox + ux * d, a[1] + oy + uy * d)
            flaps.append((a, b, outer_b, outer_a))
            cuts += [Segment(*b, *outer_b), Segment(*outer_b, *outer_a), Segment(*outer_a, *a)]
    return DieNet(faces, tuple(flaps), tuple(cuts), tuple(folds))


def die_net(x: float, y: float) -> list[Item]:
    """A cross-shaped net of six faces, opposite faces summing to 7; (x, y) is the bottom-left of its cells."""
    s = DIE_FACE
    net = die_net_geometry(x, y, s)
    items: list[Item] = []
    for flap in net.flaps:
        items.append(Path((("M", *flap[0]),) + tuple(("L", *p) for p in flap[1:]) + (("Z",),), fill="#E6E6E6"))
    for value, cell in net.faces.items():
        items.append(Box(cell, fill="#FFFFFF"))
        for px, py in PIPS[value]:
            items.append(Disc(cell.cx + px * s * 0.27, cell.cy + py * s * 0.27, s * 0.085, fill=INK))
    items += [Line(e.x1, e.y1, e.x2, e.y2, 0.6, INK) for e in net.cuts]
    items += [Line(e.x1, e.y1, e.x2, e.y2, 0.5, INK, FOLD) for e in net.folds]
    return items


STANDEE_FILL = "#FFF4D6"


def standee_face() -> tuple[Item, ...]:
    """What a panel of the first-player marker shows, centred on (0, 0): a star over FIRST PLAYER."""
    return (symbol("star", 0, 4.0, 8.0, fill="#E69F00", stroke=INK, width=0.6),
            centred_text("FIRST", 0, -7.0, "display", 11, INK),
            centred_text("PLAYER", 0, -11.5, "bold", 7, INK))


def first_player_standee(x: float, y: float) -> list[Item]:
    """A fold-over standee like a pawn, marked for the player who began."""
    items: list[Item] = []
    width = STANDEE_W
    top = y + 2 * TAB + 2 * PANEL
    items.append(Box(Rect(x, y, width, top - y), fill=STANDEE_FILL, stroke=INK, width=0.6))
    for k, panel_y in enumerate((y + TAB, y + TAB + PANEL)):
        items.append(Group(standee_face(), x + width / 2, panel_y + PANEL / 2, angle=180 if k else 0))
    for fold_y in (y + TAB, y + TAB + PANEL, y + TAB + 2 * PANEL):
        items.append(Line(x, fold_y, x + width, fold_y, 0.5, INK, FOLD))
    return items


@dataclass(frozen=True)
class Block:
    """Something to place on the pieces page: items drawn down and right from (0, 0), its top-left."""

    items: tuple[Item, ...]
    w: float
    h: float


MARGIN = 18.0
CUT_FOLD = "Cut along the solid lines; fold along the dashed ones."


def text_block(lines: list[tuple[str, str, float]], width: float, numbered: bool = False) -> Block:
    """Wrapped paragraphs (text, font, size) as a block ``width`` wide."""
    flow = Flow(0.0, 0.0, width)
    n = 0
    for text, font, size in lines:
        if numbered and font == "body":
            n += 1
            flow.numbered(n, text, size)
        else:
            flow.text(text, font, size, after=1.5)
    return Block(tuple(flow.items), width, -flow.y)


def _die_block(width: float) -> Block:
    caption = text_block([("A die, if you have none", "bold", 9.5),
                          ("Fold the faces into a cube and glue each grey flap inside.", "body", 9)], width)
    net_w, net_h = 3 * DIE_FACE, 4 * DIE_FACE + FLAP_DEPTH * DIE_FACE
    top = -caption.h - 3.0
    net = die_net((width - net_w) / 2, top - 4 * DIE_FACE)  # the bottom flap hangs below the cells
    return Block(caption.items + tuple(net), width, caption.h + 3.0 + net_h)


def standee_block() -> Block:
    """The first-player marker laid on its side, with a caption above it."""
    caption = text_block([("First-player marker", "bold", 9.5), (CUT_FOLD + " Glue the two panels back to back.",
                                                                 "body", 9)], 2 * TAB + 2 * PANEL)
    length = 2 * TAB + 2 * PANEL
    top = -caption.h - 3.0
    standee = Group(tuple(first_player_standee(0.0, 0.0)), length, top - STANDEE_W, angle=90)
    return Block(caption.items + (standee,), length, caption.h + 3.0 + STANDEE_W)


def pieces_page(paper: Paper, pawns: int, die: bool, first_player: bool, extras: tuple[Block, ...] = (),
                note: str | None = None) -> Page | None:
    """Pawns, the first-player standee, a die net and any ``extras`` (the board's assembly map);
    None when there is nothing to put on it."""
    if not (pawns or die or first_player or extras):
        return None
    parts = (["Pawns"] if pawns else []) + (["a first-player marker"] if first_player else []) + (
        ["a die"] if die else [])
    width = paper.width - 2 * MARGIN
    flow = Flow(MARGIN, paper.height - MARGIN, width)
    title = (parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}") if parts else "The pieces"
    flow.text(title[0].upper() + title[1:], "display", 20, after=2.0)
    how = CUT_FOLD
    if pawns:
        how += (" Fold the two panels of a pawn back to back and glue them, then fold the base tabs out in "
                "opposite directions so it stands.")
    flow.text(how, size=9.5, after=1.5)
    if note:
        flow.text(note, size=9.5, after=1.5)
    items: list[Item] = list(flow.items)
    y = flow.y - 4.0
    x = MARGIN
    if pawns:
        room = width - (STANDEE_W + 6.0 if first_player else 0.0)
        gap = min(8.0, (room - pawns * PAWN_W) / max(pawns - 1, 1))
        strip_y = y - (2 * TAB + 2 * PANEL)
        for n in range(pawns):
            items += pawn(n + 1, x, strip_y)
            x += PAWN_W + gap
        if first_player:
            items += first_player_standee(MARGIN + width - STANDEE_W, strip_y)
        y = strip_y - 10.0
    blocks = list(extras)
    if die:
        blocks.insert(0, _die_block(56.0))
    if first_player and not pawns:
        blocks.insert(0, standee_block())
    # The rest in a row, left to right, spread over the width.
    if blocks:
        spare = width - sum(b.w for b in blocks)
        gap = spare / (len(blocks) - 1) if len(blocks) > 1 else 0.0
        x = MARGIN
        for block in blocks:
            items.append(Group(block.items, x, y))
            x += block.w + gap
    return Page(paper.width, paper.height, tuple(items), "pieces")
