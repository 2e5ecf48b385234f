"""A two-page sheet that measures how far a printer's backs land from their fronts.

Two verniers: the front carries marks 4 mm apart, the back marks 4.5 mm
apart, placed so that with perfect registration the middle pair coincide.
A back shifted by ``e`` brings the pair ``k = -e / 0.5`` into line instead,
so, held up to a light, the back's label at the lined-up pair is the offset
that cancels the error: pass it to ``--back-offset``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..geometry.draw import Item, Line, Page, Text
from ..geometry.duplex import Flip, Offset
from ..geometry.paper import Paper
from ..model.design_keys import INK
from ..geometry.flow import Flow

FRONT_PITCH = 4.0  # mm
BACK_PITCH = 4.5  # the difference is the resolution
RESOLUTION = BACK_PITCH - FRONT_PITCH
STEPS = 10  # marks either side of zero: a range of ±5 mm
MARK = 7.0  # mark length


@dataclass(frozen=True)
class Vernier:
    """One scale: positions along its axis, in the coordinates of the page they print on."""

    axis: str  # "x" or "y": the offset it measures
    front: tuple[float, ...]  # along the axis, on the front page, for k = -STEPS..STEPS
    back: tuple[float, ...]  # along the axis, on the back page
    across_front: float  # the other coordinate: where the marks meet
    across_back: float
    front_reach: int  # +1 or -1: the way front marks extend across, chosen so that seen
    #                   from the back they meet the back's marks from the other side


def steps() -> range:
    return range(-STEPS, STEPS + 1)


def verniers(paper: Paper, flip: Flip) -> tuple[Vernier, Vernier]:
    w, h = paper.width, paper.height
    # The x vernier runs left-right at 62% of the height, the y vernier up-down at 30% of the width.
    x_centre, x_at = w / 2, h * 0.62
    y_centre, y_at = h * 0.34, w * 0.5

    def seen_x(x: float) -> float:  # a front x as seen on the back page
        return w - x if flip is Flip.LONG_EDGE else x

    def seen_y(y: float) -> float:
        return y if flip is Flip.LONG_EDGE else h - y

    # Front marks are placed so that, seen from the back, they run k * FRONT_PITCH from zero.
    bx0, by_x = seen_x(x_centre), seen_y(x_at)
    # Back marks reach down (x scale) or left (y scale); front marks must show through
    # reaching up or right, which on the front page is flipped along a mirrored axis.
    x = Vernier("x", tuple(seen_x(bx0 + k * FRONT_PITCH) for k in steps()),
                tuple(bx0 + k * BACK_PITCH for k in steps()), x_at, by_x,
                1 if flip is Flip.LONG_EDGE else -1)
    by0, bx_y = seen_y(y_centre), seen_x(y_at)
    y = Vernier("y", tuple(seen_y(by0 + k * FRONT_PITCH) for k in steps()),
                tuple(by0 + k * BACK_PITCH for k in steps()), y_at, bx_y,
                -1 if flip is Flip.LONG_EDGE else 1)
    return x, y


def label(k: int) -> str:
    value = k * RESOLUTION
    return "0" if k == 0 else f"{value:+g}"


def _marks(v: Vernier, front: bool, offset: Offset) -> list[Item]:
    """Marks from the meeting line: back marks reach down or left, front marks the other way."""
    items: list[Item] = []
    dx, dy = (0.0, 0.0) if front else (offset.x, offset.y)
    positions = v.front if front else v.back
    across = v.across_front if front else v.across_back
    reach = v.front_reach if front else -1
    for k, p in zip(steps(), positions):
        a, b = across, across + reach * MARK * (1.4 if k == 0 else 1.0)
        end = min(a, b)
        if v.axis == "x":
            items.append(Line(p + dx, a + dy, p + dx, b + dy, 0.35, INK))
            if not front and k % 2 == 0:
                items.append(Text(p + dx, end + dy - 3.0, label(k), "bold", 6, INK, "center"))
        else:
            items.append(Line(a + dx, p + dy, b + dx, p + dy, 0.35, INK))
            if not front and k % 2 == 0:
                items.append(Text(end + dx - 1.5, p + dy - 0.8, label(k), "bold", 6, INK, "right"))
    return items


def calibration_pages(paper: Paper, flip: Flip, offset: Offset = Offset()) -> list[Page]:
    x, y = verniers(paper, flip)
    w, h = paper.width, paper.height
    setting = "flip on long edge" if flip is Flip.LONG_EDGE else "flip on short edge"
    front = Flow(20.0, h - 20.0, w - 40.0)
    front.text("Duplex calibration", "display", 18, after=2.0)
    for n, step in enumerate([
        f"Print both pages on one sheet: two-sided, {setting}, at 100% (\u201cActual size\u201d).",
        "Turn to the back and hold the sheet up to a bright light. Each scale on the back meets "
        "a row of marks printed on this side.",
        "On each scale, find the mark on the back that lines up best with a mark showing through "
        "from this side. The number beside it is that scale's reading; marks between two numbers "
        "read half a millimetre.",
        "Build again with --back-offset X,Y using the X and Y readings, for example "
        "--back-offset 0.5,-1. If you already used an offset, add the readings to it.",
    ], 1):
        front.numbered(n, step)
    items = list(front.items) + _marks(x, True, offset) + _marks(y, True, offset)

    back = Flow(20.0, h - 20.0, w - 40.0)
    back.text("Duplex calibration: read here", "display", 18, after=2.0)
    back.text("Hold this side towards you, against the light.", size=10)
    back_items = list(back.items) + _marks(x, False, offset) + _marks(y, False, offset)
    back_items.append(Text(x.back[0] + offset.x - 8.0, x.across_back + offset.y - 5.0, "X", "display", 14,
                           INK, "center"))
    back_items.append(Text(y.across_back + offset.x - 5.0, y.back[-1] + offset.y + 4.0, "Y", "display", 14,
                           INK, "center"))
    return [Page(w, h, tuple(items), "calibration front"), Page(w, h, tuple(back_items), "calibration back")]
