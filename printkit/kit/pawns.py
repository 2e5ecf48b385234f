"""Fold-over pawns, one per player, and a six-sided die to cut and fold.

A pawn is a strip: base tab, front panel, back panel, base tab. Fold the two
panels back to back (glue them), then fold the tabs out in opposite
directions so it stands. Its base is small enough to stand on the lower
part of a card, clear of the points near the top.
"""
from __future__ import annotations

from ..faces.colour import INK, ink_on, tint
from ..faces.symbols import symbol
from ..faces.tokens import centred_text
from ..layout.draw import Box, Disc, Group, Item, Line, Page, Text
from ..layout.geometry import Rect
from ..layout.paper import Paper
from .flow import Flow

# Okabe–Ito colours, each with a symbol of its own, so pawns differ in greyscale too.
PAWN_STYLES = (("#E69F00", "star"), ("#56B4E9", "diamond"), ("#009E73", "triangle"), ("#F0E442", "square"),
               ("#0072B2", "cross"), ("#D55E00", "hexagon"), ("#CC79A7", "clover"), ("#000000", "disc"))
PAWN_W = 18.0
TAB = 12.0
PANEL = 30.0
FOLD = (1.5, 1.2)  # dash pattern for fold lines
DIE_FACE = 16.0
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
    items.append(centred_text("base", x + PAWN_W / 2, y + TAB / 2, "bold", 6, "#555555"))
    items.append(centred_text("base", x + PAWN_W / 2, top - TAB / 2, "bold", 6, "#555555"))
    return items


def die_net(x: float, y: float) -> list[Item]:
    """A cross-shaped net of six faces, opposite faces summing to 7; (x, y) is its bottom-left."""
    s = DIE_FACE
    cells = {1: (1, 3), 2: (1, 2), 6: (1, 1), 5: (1, 0), 3: (0, 2), 4: (2, 2)}
    items: list[Item] = []
    for value, (col, row) in cells.items():
        cell = Rect(x + col * s, y + row * s, s, s)
        items.append(Box(cell, fill="#FFFFFF", stroke=INK, width=0.6))
        for px, py in PIPS[value]:
            items.append(Disc(cell.cx + px * s * 0.27, cell.cy + py * s * 0.27, s * 0.085, fill=INK))
    for col, row in ((0, 3), (2, 3), (0, 1), (2, 1), (0, 0), (2, 0)):
        flap = Rect(x + col * s + (s * 0.75 if col == 0 else 0), y + row * s + 1, s * 0.25, s - 2)
        items.append(Box(flap, fill="#EEEEEE", stroke=INK, width=0.4, dash=FOLD))
    return items


def pieces_page(players: int, paper: Paper) -> Page:
    flow = Flow(18.0, paper.height - 18.0, paper.width - 36.0)
    flow.text("Pawns and a die", "display", 20, after=2.0)
    flow.text("Cut along the solid lines and fold along the dashed ones. For each pawn, fold the two "
              "panels back to back and glue them, then fold the base tabs out in opposite directions "
              "so the pawn stands. Each player takes one pawn.", size=9.5, after=4.0)
    items: list[Item] = list(flow.items)
    gap = (paper.width - 36.0 - players * PAWN_W) / max(players - 1, 1)
    gap = min(gap, 8.0)
    total = players * PAWN_W + (players - 1) * gap
    top = flow.y - 4.0
    for n in range(players):
        items += pawn(n + 1, (paper.width - total) / 2 + n * (PAWN_W + gap), top - (2 * TAB + 2 * PANEL))
    die_y = top - (2 * TAB + 2 * PANEL) - 14.0 - 4 * DIE_FACE
    items.append(Text(18.0, die_y + 4 * DIE_FACE + 6.0, "A die, if you have none: fold the faces into a cube "
                                                         "and glue the grey flaps inside.", "body", 9.5, INK))
    items += die_net((paper.width - 3 * DIE_FACE) / 2, die_y)
    return Page(paper.width, paper.height, tuple(items), "pawns and die")
