"""Where each card's back goes so that it lands behind its front.

Turning a portrait sheet over its long edge mirrors it left to right; over
its short edge, top to bottom and upside down. A back printed at the mirror
image of its front's position therefore lands exactly behind it, and turned
so that its top lies behind its front's top (see ``back_rotation``).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.mm import Rect, Sides
from .sheet import SheetLayout


class Flip(str, Enum):
    LONG_EDGE = "long-edge"
    SHORT_EDGE = "short-edge"


@dataclass(frozen=True)
class Offset:
    """A shift of back pages, in mm, as seen looking at the back: +x right, +y up."""

    x: float = 0.0
    y: float = 0.0

    @classmethod
    def parse(cls, text: str) -> "Offset":
        """'X,Y' in millimetres, such as '0.5,-1'."""
        parts = [p.strip() for p in text.replace(";", ",").split(",")]
        if len(parts) != 2:
            raise ValueError("give the offset as X,Y in millimetres, such as 0.5,-1")
        try:
            x, y = (float(p) for p in parts)
        except ValueError:
            raise ValueError(f"'{text}' is not two numbers X,Y in millimetres") from None
        if abs(x) > 20 or abs(y) > 20:
            raise ValueError("an offset beyond 20 mm is not a printer's misregistration")
        return cls(x, y)


@dataclass(frozen=True)
class BackPlacement:
    slot: int  # the front slot this back belongs behind
    rect: Rect  # the back's trim rectangle on the back page
    rotation: int  # degrees counter-clockwise, as back_rotation gives
    clip: Rect  # how far the back's background may reach


def mirror(rect: Rect, layout: SheetLayout, flip: Flip) -> Rect:
    """The position on the back page that lies behind ``rect`` on the front."""
    w, h = layout.paper.width, layout.paper.height
    if flip is Flip.LONG_EDGE:
        return Rect(w - rect.right, rect.y, rect.w, rect.h)
    return Rect(rect.x, h - rect.top, rect.w, rect.h)


def back_rotation(front: int, flip: Flip) -> int:
    """How far a back is turned so that its top lies behind the top of a front turned ``front`` degrees.

    Turning the sheet over mirrors directions: across the page for a long-edge
    flip, which sends a turn of θ to −θ; up and down for a short-edge flip,
    which sends θ to 180° − θ. Upright fronts give 0 and 180.
    """
    return (-front) % 360 if flip is Flip.LONG_EDGE else (180 - front) % 360


def _mirror_sides(sides: Sides, flip: Flip) -> Sides:
    if flip is Flip.LONG_EDGE:
        return Sides(sides.right, sides.bottom, sides.left, sides.top)
    return Sides(sides.left, sides.top, sides.right, sides.bottom)


def back_placements(layout: SheetLayout, flip: Flip, offset: Offset = Offset(),
                    filled: int | None = None) -> tuple[BackPlacement, ...]:
    """Backs for the first ``filled`` slots of a sheet (None: all), mirrored for ``flip`` and shifted
    by ``offset``.

    A back bleeds as far as its front does towards its neighbours (half of each
    gutter, nothing across a shared cut line), and on the grid's outer edges as
    far as the paper allows short of the printer's reach, up to the template's back bleed.
    """
    paper = layout.paper
    grid = mirror(layout.grid, layout, flip).moved(offset.x, offset.y)
    reach, edge = layout.template.back_bleed, layout.template.printer_reach
    # No further than the printer's reach from the paper's edge, like everything on the sheets.
    room = Sides(*(min(reach, max(0.0, margin - edge)) for margin in
                   (grid.x, grid.y, paper.width - grid.right, paper.height - grid.top)))
    # The room is measured on the back page; bleed_sides speaks of the front's sides.
    front_room = _mirror_sides(room, flip)
    rotation = back_rotation(layout.rotation, flip)
    count = layout.per_sheet if filled is None else max(0, min(filled, layout.per_sheet))
    placements = []
    for slot in range(count):
        rect = mirror(layout.slot(slot), layout, flip).moved(offset.x, offset.y)
        sides = _mirror_sides(layout.bleed_sides(slot, front_room, reach, count), flip)
        placements.append(BackPlacement(slot, rect, rotation, rect.grow(sides)))
    return tuple(placements)


def seen_from_front(point: tuple[float, float], layout: SheetLayout, flip: Flip) -> tuple[float, float]:
    """Where a point on the back page lies, in front-page coordinates."""
    x, y = point
    if flip is Flip.LONG_EDGE:
        return layout.paper.width - x, y
    return x, layout.paper.height - y
