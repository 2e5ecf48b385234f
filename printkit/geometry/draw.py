"""A display list: what to draw, as frozen records in millimetres.

Layouts and card templates produce these; the render layer is the only
code that turns them into PDF operators.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Union

from ..core.mm import Rect
from .text import FittedText, Measure

Colour = str  # "#RRGGBB"
BLACK, WHITE = "#000000", "#FFFFFF"
HAIRLINE = 0.25  # points


@dataclass(frozen=True)
class Box:
    rect: Rect
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.5  # stroke width, points
    radius: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Disc:
    cx: float
    cy: float
    r: float
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.5


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = HAIRLINE
    colour: Colour = BLACK
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    font: str  # a role from printkit.core.fonts
    size: float  # points
    colour: Colour = BLACK
    align: str = "left"  # left, center or right of x
    angle: float = 0.0  # degrees, counter-clockwise about (x, y)


@dataclass(frozen=True)
class Path:
    """Moves, lines and cubic curves: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    ops: tuple[tuple, ...]
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.5


@dataclass(frozen=True)
class Picture:
    """An image file drawn over ``rect``, showing only what falls in ``clip``."""

    path: str
    rect: Rect
    clip: Rect
    width_px: int  # the picture's size as displayed, for judging its resolution
    height_px: int


@dataclass(frozen=True)
class Group:
    """Items moved to (dx, dy), turned by ``angle`` degrees and scaled about that point."""

    items: tuple["Item", ...]
    dx: float = 0.0
    dy: float = 0.0
    angle: float = 0.0
    scale: float = 1.0
    clip: Rect | None = None  # in the group's own coordinates
    # A part that recurs across cards (a requirement's tokens, a layout's fixed frame): the
    # renderer draws its items once, as a form keyed by the items, and places that.
    shared: bool = False


@dataclass(frozen=True)
class Place:
    """An instance of a shared face (drawn once, placed many times).

    (x, y) is the bottom-left corner of the face's trim as it lies on the page,
    whichever way it is turned. ``rotation`` is 0, 90, 180 or 270 degrees
    counter-clockwise: at 90 the face's top points left and its trim covers
    height × width of the page.
    """

    face: str
    x: float
    y: float
    rotation: int = 0
    clip: Rect | None = None  # in page coordinates


Item = Union[Box, Disc, Line, Text, Path, Picture, Group, Place]


def place_origin(rotation: int, width: float, height: float) -> tuple[float, float]:
    """Where a face's own origin lands, from the bottom-left of its turned trim, for ``rotation``.

    Turning counter-clockwise about the origin moves the trim into negative x
    (90), negative x and y (180) or negative y (270); this shift brings it back.
    """
    shifts = {0: (0.0, 0.0), 90: (height, 0.0), 180: (width, height), 270: (0.0, width)}
    if rotation not in shifts:
        raise ValueError(f"a face turns by 0, 90, 180 or 270 degrees, not {rotation}")
    return shifts[rotation]


@dataclass(frozen=True)
class Face:
    """A card side, drawn once: origin at the trim's bottom-left, bleed at negative coordinates."""

    key: str
    width: float
    height: float
    bleed: float
    items: tuple[Item, ...]

    @property
    def extent(self) -> tuple[float, float, float]:
        """(width, height, bleed) in mm."""
        return self.width, self.height, self.bleed


def face_size(faces: Mapping[str, Face], key: str) -> tuple[float, float, float] | None:
    """(width, height, bleed) of a face, without drawing it where ``faces`` can say so; None if unknown."""
    if key not in faces:
        return None
    return faces.size(key) if hasattr(faces, "size") else faces[key].extent


def placed_faces(pages: Iterable[Page]) -> Counter:
    """How many times each face is placed on ``pages``."""
    return Counter(item.face for page in pages for item in page.items if isinstance(item, Place))


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...]
    label: str = ""
    # For print shops and imposition tools: the finished piece's trim, and how far printing runs
    # past it (PDF TrimBox and BleedBox, in mm from the page's bottom-left); None where they mean nothing.
    trim_box: Rect | None = None
    bleed_box: Rect | None = None
    # Edges the reader cuts along where no line is printed (a board tile's edge that lies on its
    # neighbour), in mm on the page, each (x1, y1, x2, y2): the page lint checks each has its ticks.
    cuts: tuple[tuple[float, float, float, float], ...] = ()


def text_lines(fitted: FittedText, box: Rect, font: str, measure: Measure, colour: Colour = BLACK,
               align: str = "center", valign: str = "middle") -> list[Text]:
    """Place fitted lines inside ``box``, aligned horizontally and vertically."""
    size = fitted.size
    block = measure.ascent(size) + measure.descent(size) + (len(fitted.lines) - 1) * fitted.line_pitch
    # "baseline": the last line's baseline on the box's bottom edge, whatever the size, so that texts
    # of different sizes whose boxes end together line up (a card's name and its corner index).
    last = measure.ascent(size) + (len(fitted.lines) - 1) * fitted.line_pitch
    top = {"top": box.top, "bottom": box.y + block, "baseline": box.y + last}.get(valign, box.cy + block / 2)
    x = {"left": box.x, "right": box.right}.get(align, box.cx)
    first = top - measure.ascent(size)
    return [Text(x, first - i * fitted.line_pitch, line, font, size, colour, align)
            for i, line in enumerate(fitted.lines)]


def flatten(items):
    """Every item inside Groups too, without their transforms (to inspect text and fonts)."""
    for item in items:
        if isinstance(item, Group):
            yield from flatten(item.items)
        else:
            yield item
