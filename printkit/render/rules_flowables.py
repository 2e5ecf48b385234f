"""Flowables of the rules: drawings (tokens, requirements, pictures), and headings kept with what follows."""
from __future__ import annotations

from reportlab.platypus import CondPageBreak, Flowable, ListFlowable, Paragraph, Spacer
from reportlab.platypus.flowables import BalancedColumns

from ..faces.requirement import draw_requirement, requirement_block
from ..faces.tokens import token
from ..geometry.draw import Group, Item, Text
from ..core.mm import Rect, mm_to_pt
from ..model.pack import Manifest, TokenStyle
from ..rules.pagination import Placed
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


def requirement_drawing(requirement: Requirement, manifest: Manifest, scale: float, lines: int = 1) -> Drawing:
    """A requirement drawn at ``scale``, on one line or broken in two, in a flowable exactly its size."""
    block = requirement_block(requirement, manifest, compact=True, lines=lines)
    w, h = block.w * scale, block.h * scale
    drawn = draw_requirement(requirement, Rect(0, 0, w, h), manifest, compact=True, scale=scale, align="left",
                             lines=lines)
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


NOTED_STYLES = {"title": "heading", "h2": "heading", "h3": "heading", "body": "text"}  # style -> kind


def note_line(flowables: list[Flowable], line: int) -> list[Flowable]:
    """``flowables`` made from the block on source ``line``: the page lint locates its findings there.

    A flowable made from a block inside (a list's paragraph) keeps the line it has.
    """
    for f in flowables:
        if not getattr(f, "source_line", 0):
            f.source_line = line
    return flowables


class RulesParagraph(Paragraph):
    """A paragraph that notes where it is drawn (on a canvas that takes notes), for the page lint."""

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        if len(parts) == 2:
            parts[0].continues = True  # its last line is not the paragraph's
        return note_line(parts, getattr(self, "source_line", 0))

    def drawOn(self, canvas, x, y, _sW=0):
        kind = NOTED_STYLES.get(self.style.name)
        note = getattr(canvas, "note", None)
        if kind and note is not None:
            text = self.getPlainText()
            if kind == "text" and text.rstrip().endswith(":"):
                kind = "lead-in"
            note(Placed(canvas.getPageNumber(), kind, x, y, self.width, self.height, text, line_texts(self),
                        not getattr(self, "continues", False), line=getattr(self, "source_line", 0)))
        super().drawOn(canvas, x, y, _sW)


def line_texts(paragraph: Paragraph) -> tuple[str, ...]:
    """The lines of a wrapped paragraph as text."""
    lines = getattr(getattr(paragraph, "blPara", None), "lines", None) or []
    if getattr(paragraph.blPara, "kind", 0):
        return tuple("".join(getattr(w, "text", "") for w in line.words).strip() for line in lines)
    return tuple(" ".join(line[1]) for line in lines)


class WithHeading(Flowable):
    """A heading and what follows it, which no column or page end may part.

    Balanced columns ignore keepWithNext, so the pair travels as one
    flowable; it splits only inside what follows, keeping the first piece.
    """

    frame_height = 0.0  # points a whole page or column holds; 0: unknown

    def __init__(self, heading: Flowable, body: Flowable):
        super().__init__()
        self.heading, self.body = heading, body
        self.frame_height = WithHeading.frame_height

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
            if self.frame_height and avail_height >= self.frame_height - 1:
                return [self.heading, body]  # not even a whole page holds the pair: they part (T720)
            return []
        return [WithHeading(self.heading, parts[0]), *parts[1:]]

    def getSpaceBefore(self):
        return self.heading.getSpaceBefore()

    def getSpaceAfter(self):
        return self.body.getSpaceAfter()

    def drawOn(self, canvas, x, y, _sW=0):
        self.heading.drawOn(canvas, x, y + self.height - self.head_h, _sW)
        self.body.drawOn(canvas, x, y, _sW)


KEEP_LINES = 2  # lines of what follows that a heading or a lead-in keeps with it


def keeps_with_next(flowable: Flowable) -> bool:
    """A heading (its style keeps with next), or a lead-in: a paragraph ending in a colon."""
    if not isinstance(flowable, Paragraph):
        return False
    return bool(getattr(flowable.style, "keepWithNext", 0)) or flowable.getPlainText().rstrip().endswith(":")


def _lines_tall(flowable: Flowable, width: float, leading: float) -> float:
    """How many lines of ``leading`` points ``flowable`` is tall at ``width`` points."""
    _, h = flowable.wrap(width, 1e6)
    return h / leading if leading else 0.0


def keep_headings(flowables: list[Flowable], width: float, leading: float) -> list[Flowable]:
    """Lists opened into their items, and each heading or lead-in joined to what follows it.

    What follows must give at least KEEP_LINES lines (``leading`` points each,
    at ``width`` points): a one-line paragraph under a heading is joined to
    the block after it too, so "Kid cards / There are 52 Kid cards." never
    ends a page with its table on the next.
    """
    opened: list[Flowable] = []
    for f in flowables:
        opened += f._getContent() if isinstance(f, ListFlowable) else [f]
    out: list[Flowable] = []
    for f in reversed(opened):
        if keeps_with_next(f) and out and _joinable(out[0]):
            if (len(out) > 1 and _joinable(out[1]) and not isinstance(out[0], WithHeading)
                    and _lines_tall(out[0], width, leading) < KEEP_LINES - 0.01):
                out[0:2] = [WithHeading(out[0], out[1])]  # too short to stand for what the heading heads
            out[0] = WithHeading(f, out[0])
        else:
            out.insert(0, f)
    return out


def _joinable(flowable: Flowable) -> bool:
    """Whether a flowable can travel under a heading: not a page break, nor a block of columns."""
    return not isinstance(flowable, (CondPageBreak, BalancedColumns, Spacer))
