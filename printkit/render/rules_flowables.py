"""Flowables of the rules: drawings (tokens, requirements, pictures), and headings kept with what follows."""
from __future__ import annotations

from reportlab.platypus import Flowable, ListFlowable, Paragraph

from ..faces.requirement import draw_requirement, requirement_block
from ..faces.tokens import token
from ..layout.draw import Group, Item, Text
from ..layout.geometry import Rect, mm_to_pt
from ..model.pack import Manifest, TokenStyle
from ..requirements import Requirement
from .pdf import PdfPainter
from .rules_styles import MIN_TYPE


def smallest_type(items, scale: float = 1.0) -> float | None:
    """The smallest type size (points, as printed) among display-list items; None if they hold no text."""
    sizes = []
    for item in items:
        if isinstance(item, Group):
            found = smallest_type(item.items, scale * item.scale)
            if found is not None:
                sizes.append(found)
        elif isinstance(item, Text) and item.text.strip():
            sizes.append(item.size * scale)
    return min(sizes) if sizes else None


class Drawing(Flowable):
    """Display-list items (tokens, drawn requirements) as a flowable of a fixed size."""

    def __init__(self, items: list[Item], width: float, height: float):
        super().__init__()
        self.items, self.width, self.height = items, width, height  # width, height in mm

    def wrap(self, avail_width, avail_height):
        return mm_to_pt(self.width), mm_to_pt(self.height)

    def draw(self):
        PdfPainter(self.canv, {}, {}).draw(self.items)


def requirement_drawing(requirement: Requirement, manifest: Manifest, scale: float) -> Drawing:
    """A requirement drawn at ``scale``, in a flowable exactly its size."""
    block = requirement_block(requirement, manifest, compact=True)
    w, h = block.w * scale, block.h * scale
    drawn = draw_requirement(requirement, Rect(0, 0, w, h), manifest, compact=True, scale=scale, align="left")
    return Drawing(list(drawn.items), w, h)


def requirement_scale(requirements: list[Requirement], manifest: Manifest, height: float,
                      min_type: float = MIN_TYPE) -> float:
    """One scale for a column of requirements: ``height`` mm tall, or larger where their type needs it."""
    scale = 1.0
    for r in requirements:
        block = requirement_block(r, manifest, compact=True)
        scale = min(scale, height / block.h)
    smallest = min((smallest_type(draw_requirement(r, Rect(0, 0, 1e3, 1e3), manifest, compact=True,
                                                   scale=1.0).items) or min_type) for r in requirements)
    return max(scale, min_type / smallest)


def token_radius(style: TokenStyle, height: float, min_type: float = MIN_TYPE) -> float:
    """The radius of a table token: ``height`` mm across, or larger where its code needs it."""
    r = height / 2
    smallest = smallest_type(token(style, r, r, r)) or min_type
    return r * max(1.0, min_type / smallest)


class WithHeading(Flowable):
    """A heading and what follows it, which no column or page end may part.

    Balanced columns ignore keepWithNext, so the pair travels as one
    flowable; it splits only inside what follows, keeping the first piece.
    """

    def __init__(self, heading: Flowable, body: Flowable):
        super().__init__()
        self.heading, self.body = heading, body

    def _gap(self) -> float:
        return max(self.heading.getSpaceAfter(), self.body.getSpaceBefore())

    def wrap(self, avail_width, avail_height):
        _, self.head_h = self.heading.wrap(avail_width, avail_height)
        _, body_h = self.body.wrap(avail_width, max(avail_height - self.head_h - self._gap(), 0))
        self.width, self.height = avail_width, self.head_h + self._gap() + body_h
        return self.width, self.height

    def split(self, avail_width, avail_height):
        _, head_h = self.heading.wrap(avail_width, avail_height)
        room = avail_height - head_h - self._gap()
        if room <= 0:
            return []
        body = self.body
        parts = body.splitOn(self.canv, avail_width, room) if hasattr(self, "canv") else body.split(avail_width, room)
        if len(parts) < 2:
            return []
        return [WithHeading(self.heading, parts[0]), *parts[1:]]

    def getSpaceBefore(self):
        return self.heading.getSpaceBefore()

    def getSpaceAfter(self):
        return self.body.getSpaceAfter()

    def drawOn(self, canvas, x, y, _sW=0):
        self.heading.drawOn(canvas, x, y + self.height - self.head_h, _sW)
        self.body.drawOn(canvas, x, y, _sW)


def _keeps_with_next(flowable: Flowable) -> bool:
    return isinstance(flowable, Paragraph) and bool(getattr(flowable.style, "keepWithNext", 0))


def keep_headings(flowables: list[Flowable]) -> list[Flowable]:
    """Lists opened into their items, and each heading joined to what follows it."""
    opened: list[Flowable] = []
    for f in flowables:
        opened += f._getContent() if isinstance(f, ListFlowable) else [f]
    out: list[Flowable] = []
    for f in reversed(opened):
        if _keeps_with_next(f) and out:
            out[0] = WithHeading(f, out[0])
        else:
            out.insert(0, f)
    return out
