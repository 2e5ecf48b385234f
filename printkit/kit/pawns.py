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


def first_player_standee(x: float, y: float) -> list[Item]:
    """A fold-over standee like a pawn, marked for the player who began."""
    items: list[Item] = []
    width = 30.0
    top = y + 2 * TAB + 2 * PANEL
    items.append(Box(Rect(x, y, width, top - y), fill="#FFF4D6", stroke=INK, width=0.6))
    for k, panel_y in enumerate((y + TAB, y + TAB + PANEL)):
        face: list[Item] = [symbol("star", 0, 4.0, 8.0, fill="#E69F00", stroke=INK, width=0.6),
                            centred_text("FIRST", 0, -7.0, "display", 11, INK),
                            centred_text("PLAYER", 0, -11.5, "bold", 7, INK)]
        items.append(Group(tuple(face), x + width / 2, panel_y + PANEL / 2, angle=180 if k else 0))
    for fold_y in (y + TAB, y + TAB + PANEL, y + TAB + 2 * PANEL):
        items.append(Line(x, fold_y, x + width, fold_y, 0.5, INK, FOLD))
    return items


def pieces_page(paper: Paper, pawns: int, die: bool, first_player: bool) -> Page | None:
    """Pawns, the first-player standee and a die net, as the pack asks; None if it asks for none."""
    if not (pawns or die or first_player):
        return None
    parts = (["Pawns"] if pawns else []) + (["a first-player marker"] if first_player else []) + (
        ["a die"] if die else [])
    flow = Flow(18.0, paper.height - 18.0, paper.width - 36.0)
    title = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    flow.text(title[0].upper() + title[1:], "display", 20, after=2.0)
    flow.text("Cut along the solid lines and fold along the dashed ones. Fold the two panels of a pawn back "
              "to back and glue them, then fold the base tabs out in opposite directions so it stands.",
              size=9.5, after=4.0)
    items: list[Item] = list(flow.items)
    top = flow.y - 4.0
    strip_y = top - (2 * TAB + 2 * PANEL)
    x = 18.0
    if pawns:
        gap = min(8.0, (paper.width - 36.0 - pawns * PAWN_W - (36.0 if first_player else 0)) / max(pawns - 1, 1))
        for n in range(pawns):
            items += pawn(n + 1, x, strip_y)
            x += PAWN_W + gap
    if first_player:
        items += first_player_standee(x + 4.0, strip_y)
    if die:
        die_y = strip_y - 14.0 - 4 * DIE_FACE
        items.append(Text(18.0, die_y + 4 * DIE_FACE + 6.0, "A die, if you have none: fold the faces into a "
                                                             "cube and glue the grey flaps inside.", "body", 9.5, INK))
        items += die_net((paper.width - 3 * DIE_FACE) / 2, die_y)
    return Page(paper.width, paper.height, tuple(items), "pieces")
