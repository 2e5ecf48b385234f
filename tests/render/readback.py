"""Read a PDF back and find print-review problems on its pages: geometry only, no printkit code.

Every page is read once with pdfplumber (pdfminer underneath) and reduced to
what the checks need, in content-stream order:

* characters, as oriented boxes in the character's own frame (so 90° and
  180° text is measured along its own axes), with their effective size;
* filled shapes (rects and curves), as flattened polygons;
* stroked segments (lines, stroked outlines, hairline filled rects);
* for each of these, the clipping rectangle it is painted through.

pdfplumber's ``page.objects`` groups objects by type, which loses the
painting order, and pdfminer ignores clipping paths. Both matter here: a
shape painted *after* a word covers it, and board tiles and card slots are
clipped, so their unclipped extents would overlap neighbouring text that
prints perfectly well. So the page's layout tree is built with a device and
an interpreter that also record the clip (the intersection of ``W``/``W*``
paths and form XObject bounding boxes, as an axis-aligned box — exact for
the rectangle clips printkit and pypdf write, and never smaller than the
real clip otherwise). The layout tree itself is pdfminer's, in painting
order, with form XObjects (the card faces) as nested figures.

Coordinates are PDF points with y upwards; reports give ``top`` measured
from the top of the page like pdfplumber does.
"""
from __future__ import annotations

import io
import math
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pdfplumber
from pdfminer.layout import LTChar, LTContainer, LTCurve, LTLine, LTRect
from pdfminer.pdfinterp import PDFContentParser, PDFPageInterpreter
from pdfminer.psexceptions import PSEOF
from pdfminer.psparser import PSKeyword, keyword_name
from fontTools.ttLib import TTFont
from pdfminer.pdftypes import resolve1, stream_value
from pdfminer.utils import apply_matrix_pt, mult_matrix
from pdfplumber.page import PDFPageAggregatorWithMarkedContent

TOLERANCE = 0.3  # pt: overlaps smaller than this, both ways, are rounding, not collisions
MIN_SIZE = 6.0  # pt: the smallest type a print review accepts
LINE_CORE = 0.2  # a line must pass inside the middle 60% (this much off each side) of a word to cross it
HAIRLINE = 1.5  # pt: a filled rect thinner than this is drawn as a rule, and judged as a line
CURVE_STEPS = 8  # straight pieces per Bézier segment when flattening a shape

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]


# -- boxes -------------------------------------------------------------------

def intersect(a: Box | None, b: Box | None) -> Box | None:
    if a is None:
        return b
    if b is None:
        return a
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def is_empty(box: Box, margin: float = 0.0) -> bool:
    return box[2] - box[0] <= margin or box[3] - box[1] <= margin


def bounds(points) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def boxes_meet(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@dataclass(frozen=True, eq=False)
class Quad:
    """A parallelogram: ``o + s*u + t*v`` for s in [s0, s1], t in [t0, t1]; u, v unit vectors.

    For a character, u runs along the baseline in reading direction and v
    up the glyph, so "the middle of the glyph" means the same thing at any
    rotation.
    """
    o: Point
    u: Point
    v: Point
    s0: float
    s1: float
    t0: float
    t1: float

    @property
    def length(self) -> float:
        return self.s1 - self.s0

    @property
    def height(self) -> float:
        return self.t1 - self.t0

    def at(self, s: float, t: float) -> Point:
        return (self.o[0] + s * self.u[0] + t * self.v[0], self.o[1] + s * self.u[1] + t * self.v[1])

    def local(self, p: Point) -> Point:
        """(s, t) of a point."""
        (ux, uy), (vx, vy) = self.u, self.v
        det = ux * vy - uy * vx
        dx, dy = p[0] - self.o[0], p[1] - self.o[1]
        return ((dx * vy - dy * vx) / det, (ux * dy - uy * dx) / det)

    def corners(self) -> list[Point]:
        corners = self.__dict__.get("_corners")
        if corners is None:  # asked for many times; the box never changes
            corners = [self.at(self.s0, self.t0), self.at(self.s1, self.t0),
                       self.at(self.s1, self.t1), self.at(self.s0, self.t1)]
            self.__dict__["_corners"] = corners
        return corners

    def bbox(self) -> Box:
        box = self.__dict__.get("_bbox")
        if box is None:
            box = self.__dict__["_bbox"] = bounds(self.corners())
        return box

    def centre(self) -> Point:
        return self.at((self.s0 + self.s1) / 2, (self.t0 + self.t1) / 2)

    def inset(self, ds0: float, ds1: float, dt0: float, dt1: float) -> Quad:
        """Shrunk by these amounts at each side (never turned inside out)."""
        s0, s1, t0, t1 = self.s0 + ds0, self.s1 - ds1, self.t0 + dt0, self.t1 - dt1
        if s0 > s1:
            s0 = s1 = (s0 + s1) / 2
        if t0 > t1:
            t0 = t1 = (t0 + t1) / 2
        return Quad(self.o, self.u, self.v, s0, s1, t0, t1)

    def parallel(self, other: Quad, eps: float = 1e-3) -> bool:
        return (abs(self.u[0] - other.u[0]) < eps and abs(self.u[1] - other.u[1]) < eps
                and abs(self.v[0] - other.v[0]) < eps and abs(self.v[1] - other.v[1]) < eps)

    def axis_aligned(self) -> bool:
        return (abs(self.u[0] * self.u[1]) < 1e-6 and abs(self.v[0] * self.v[1]) < 1e-6)

    def clipped(self, clip: Box | None) -> Quad | None:
        """The part inside ``clip``; an unrotated or quarter-turned box is cut exactly,
        any other is kept whole (which may only report more, never less)."""
        if clip is None or not self.axis_aligned():
            return self
        x0, y0, x1, y1 = self.bbox()
        if clip[0] <= x0 and clip[1] <= y0 and x1 <= clip[2] and y1 <= clip[3]:
            return self  # wholly inside: the usual case
        cx0, cy0, cx1, cy1 = max(x0, clip[0]), max(y0, clip[1]), min(x1, clip[2]), min(y1, clip[3])
        if cx0 >= cx1 or cy0 >= cy1:
            return None
        a, b = self.local((cx0, cy0)), self.local((cx1, cy1))
        return Quad(self.o, self.u, self.v, min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]))

    def hit_by_segment(self, p: Point, q: Point) -> bool:
        """Whether the segment p–q passes through this (closed) box (Liang–Barsky in the box's frame)."""
        (ps, pt), (qs, qt) = self.local(p), self.local(q)
        return clip_range(((ps, qs - ps, self.s0, self.s1), (pt, qt - pt, self.t0, self.t1))) is not None


def overlap_depth(a: Quad, b: Quad) -> float:
    """How far two boxes overlap: the smallest overlap along any separating axis (<= 0: apart).

    For boxes of the same orientation this is min(overlap across, overlap along),
    so "deeper than TOLERANCE" means "intersect by more than TOLERANCE both ways".
    """
    axes = [(-a.u[1], a.u[0]), (-a.v[1], a.v[0])]
    if not a.parallel(b):
        axes += [(-b.u[1], b.u[0]), (-b.v[1], b.v[0])]
    depth = math.inf
    ca, cb = a.corners(), b.corners()
    for ax, ay in axes:
        pa = [x * ax + y * ay for x, y in ca]
        pb = [x * ax + y * ay for x, y in cb]
        depth = min(depth, min(max(pa), max(pb)) - max(min(pa), min(pb)))
    return depth


def clip_segment(p: Point, q: Point, box: Box | None) -> tuple[Point, Point] | None:
    """The part of segment p–q inside ``box`` (Liang–Barsky), or None."""
    if box is None:
        return p, q
    dx, dy = q[0] - p[0], q[1] - p[1]
    span = clip_range(((p[0], dx, box[0], box[2]), (p[1], dy, box[1], box[3])))
    if span is None:
        return None
    lo, hi = span
    return (p[0] + lo * dx, p[1] + lo * dy), (p[0] + hi * dx, p[1] + hi * dy)


def clip_range(axes) -> tuple[float, float] | None:
    """Liang–Barsky: the part (lo, hi) of a segment's 0..1 that lies in a box, given per axis the
    segment's start, its change and the box's low and high; None when it misses the box."""
    lo, hi = 0.0, 1.0
    for start, delta, low, high in axes:
        if abs(delta) < 1e-12:
            if start < low or start > high:
                return None
            continue
        a, b = (low - start) / delta, (high - start) / delta
        if a > b:
            a, b = b, a
        lo, hi = max(lo, a), min(hi, b)
        if lo > hi:
            return None
    return lo, hi


def winding(point: Point, polygon: list[Point]) -> int:
    """Winding number of a closed polygon around a point (0: outside)."""
    x, y = point
    w = 0
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if y1 <= y:
            if y2 > y and (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1) > 0:
                w += 1
        elif y2 <= y and (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1) < 0:
            w -= 1
    return w


def flatten(path) -> list[list[Point]]:
    """Subpaths of a pdfminer path (device coordinates) as point lists, Béziers flattened."""
    subpaths: list[list[Point]] = []
    current: list[Point] = []
    for op, *pts in path:
        if op == "m":
            if len(current) > 1:
                subpaths.append(current)
            current = [pts[0]]
        elif op == "l":
            current.append(pts[0])
        elif op in ("c", "v", "y") and current:
            p0 = current[-1]
            if op == "c":
                c1, c2, p3 = pts
            elif op == "v":
                c1, (c2, p3) = p0, pts
            else:
                c1, p3 = pts
                c2 = p3
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                m = 1 - t
                current.append((m**3 * p0[0] + 3 * m * m * t * c1[0] + 3 * m * t * t * c2[0] + t**3 * p3[0],
                                m**3 * p0[1] + 3 * m * m * t * c1[1] + 3 * m * t * t * c2[1] + t**3 * p3[1]))
        elif op == "h" and current:
            current.append(current[0])
    if len(current) > 1:
        subpaths.append(current)
    return subpaths


# -- reading a page ------------------------------------------------------------

class _ClipDevice(PDFPageAggregatorWithMarkedContent):
    """pdfplumber's layout device, also noting each object's clip and each character's font box."""

    clip: Box | None = None

    def begin_page(self, page, ctm) -> None:
        super().begin_page(page, ctm)
        self.clip = None
        self._clips: list[Box | None] = []

    def begin_figure(self, name, bbox, matrix) -> None:
        super().begin_figure(name, bbox, matrix)
        self._clips.append(self.clip)
        if bbox != (0, 0, 1, 1) or matrix != (1, 0, 0, 1, 0, 0):  # an image's unit square is no clip
            m = mult_matrix(matrix, self.ctm)
            x0, y0, x1, y1 = bbox
            self.clip = intersect(self.clip, bounds([apply_matrix_pt(m, p) for p in
                                                     ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]))

    def end_figure(self, name) -> None:
        super().end_figure(name)
        self.clip = self._clips.pop()

    def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):
        adv = super().render_char(matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate)
        item = self.cur_item._objs[-1]
        item.clip = self.clip
        if font.is_vertical():
            item.frame = None  # no vertical fonts in printkit; read as the axis-aligned box
        else:
            item.frame = (fontsize, font.get_descent() * fontsize + rise)
            ink = glyph_boxes(font).get(cid)
            # The glyph's own outline box, in text space like the font box; only when the
            # glyph found is the one the PDF means (its advance is the width the PDF gives).
            if ink is None or abs(ink[4] - font.char_width(cid)) > 0.01:
                item.ink = None
            else:
                item.ink = (ink[0] * fontsize * scaling, ink[1] * fontsize + rise,
                            ink[2] * fontsize * scaling, ink[3] * fontsize + rise)
        return adv

    def paint_path(self, gstate, stroke, fill, evenodd, path) -> None:
        before = len(self.cur_item._objs)
        super().paint_path(gstate, stroke, fill, evenodd, path)
        for item in self.cur_item._objs[before:]:
            item.clip = self.clip


_GLYPHS: dict[int, tuple[object, dict]] = {}


def glyph_boxes(font) -> dict[int, tuple[float, float, float, float, float]]:
    """Character code -> outline box and advance in em units, from the embedded TrueType font
    ({} if unknown).

    printkit embeds TrueType subsets whose (1, 0) cmap maps each code to its
    glyph. A glyph without an outline (a space) has no entry.
    """
    cached = _GLYPHS.get(id(font))
    if cached is not None and cached[0] is font:
        return cached[1]
    boxes: dict[int, Box] = {}
    try:
        stream = resolve1((getattr(font, "descriptor", None) or {}).get("FontFile2"))
        if stream is not None:
            tt = TTFont(io.BytesIO(stream.get_data()), lazy=True)
            em = tt["head"].unitsPerEm
            glyf, hmtx = tt["glyf"], tt["hmtx"]
            for code, name in (tt.getBestCmap() or _any_cmap(tt)).items():
                g = glyf[name]
                if getattr(g, "numberOfContours", 0):
                    boxes[code] = (g.xMin / em, g.yMin / em, g.xMax / em, g.yMax / em, hmtx[name][0] / em)
    except Exception:  # an unreadable font: fall back to the font box
        boxes = {}
    _GLYPHS[id(font)] = (font, boxes)
    return boxes


def _any_cmap(tt) -> dict[int, str]:
    for table in tt["cmap"].tables:
        if table.cmap:
            return table.cmap
    return {}


class _ClipInterpreter(PDFPageInterpreter):
    """Keeps the device's clip in the graphics state (saved by q, restored by Q, narrowed by W)."""

    def get_current_state(self):
        return (*super().get_current_state(), self.device.clip)

    def set_current_state(self, state) -> None:
        super().set_current_state(state[:3])
        self.device.clip = state[3] if len(state) > 3 else self.device.clip

    def do_W(self) -> None:
        points = [apply_matrix_pt(self.ctm, (seg[i], seg[i + 1]))
                  for seg in self.curpath for i in range(1, len(seg) - 1, 2)]
        if points:
            self.device.clip = intersect(self.device.clip, bounds(points))

    do_W_a = do_W

    def execute(self, streams) -> None:
        """pdfminer's execute, except that a form's operators are parsed once per document.

        A card face is one form placed on many sheets; pdfminer parses its
        stream again at every placement, which was most of the read time.
        """
        if not self.parent_stream_ids:  # a page's own content: read once anyway
            return super().execute(streams)
        key = tuple(stream_value(s).objid for s in streams)
        if None in key or self.parent_stream_ids.intersection(key):
            return super().execute(streams)  # inline or circular: pdfminer's own handling
        cache = self.rsrcmgr.__dict__.setdefault("_readback_operators", {})
        operators = cache.get(key)
        if operators is None:
            operators = []
            try:
                parser = PDFContentParser([stream_value(s) for s in streams])
                while True:
                    operators.append(parser.nextobject()[1])
            except PSEOF:
                pass
            cache[key] = operators
        self.stream_ids.clear()
        self.stream_ids.update(key)
        for obj in operators:
            if not isinstance(obj, PSKeyword):
                self.push(obj)
                continue
            name = keyword_name(obj)
            func = getattr(self, "do_" + name.replace("*", "_a").replace('"', "_w").replace("'", "_q"), None)
            if func is None:
                continue
            nargs = func.__code__.co_argcount - 1
            if nargs:
                args = self.pop(nargs)
                if len(args) == nargs:
                    func(*args)
            else:
                func()


@dataclass
class Char:
    text: str
    seq: int  # painting order on the page
    quad: Quad  # the font box (descent to descent + size, advance wide)
    ink: Quad  # the glyph's outline box (the font box when the font cannot tell)
    size: float  # effective size in pt on paper: font size times the text matrix's vertical scale
    font: str
    clip: Box | None
    shown: Quad = field(init=False)  # the font box cut to the clip
    shown_ink: Quad = field(init=False)  # the ink box cut to the clip

    def __post_init__(self) -> None:
        self.shown = self.quad.clipped(self.clip) or self.quad
        self.shown_ink = self.ink.clipped(self.clip) or self.ink


@dataclass
class Word:
    chars: list[Char]
    quad: Quad = field(init=False)

    ink: Quad = field(init=False)

    def __post_init__(self) -> None:
        self.quad = _union([c.quad for c in self.chars])
        self.ink = _union([c.ink for c in self.chars])

    @property
    def text(self) -> str:
        return "".join(c.text for c in self.chars)

    @property
    def size(self) -> float:
        return min(c.size for c in self.chars)


def _union(quads: list[Quad]) -> Quad:
    """The box around parallel boxes, in the frame of the first."""
    first = quads[0]
    s, t = [], []
    for quad in quads:
        for p in quad.corners():
            ls, lt = first.local(p)
            s.append(ls)
            t.append(lt)
    return Quad(first.o, first.u, first.v, min(s), max(s), min(t), max(t))


@dataclass
class Shape:
    seq: int
    kind: str
    polygon: list[Point]
    box: Box  # bounding box of the visible part
    clip: Box | None


@dataclass
class Segment:
    seq: int
    kind: str
    p: Point
    q: Point


@dataclass
class PageContent:
    number: int  # 1-based
    width: float
    height: float
    chars: list[Char]
    words: list[Word]
    shapes: list[Shape]
    segments: list[Segment]

    def where(self, word: Word) -> str:
        x0, y0, x1, y1 = word.quad.bbox()
        return f"x={x0:.0f} top={self.height - y1:.0f}"


def _walk(items):
    for item in items:
        yield item
        if isinstance(item, LTContainer):
            yield from _walk(item)


def _char_quads(ch: LTChar) -> tuple[Quad, Quad]:
    """The font box and the ink box of a character, on paper."""
    frame = getattr(ch, "frame", None)
    if frame is None:
        quad = Quad((ch.x0, ch.y0), (1.0, 0.0), (0.0, 1.0), 0.0, ch.x1 - ch.x0, 0.0, ch.y1 - ch.y0)
        return quad, quad
    fontsize, bottom = frame
    a, b, c, d, e, f = ch.matrix
    along = math.hypot(a, b) or 1.0
    up = math.hypot(c, d) or 1.0
    u, v = (a / along, b / along), (c / up, d / up)
    # The font box (0, bottom)–(adv, bottom + fontsize) in text space, on paper:
    # lengths scale by the matrix along each axis.
    o = (e + bottom * c, f + bottom * d)
    quad = Quad(o, u, v, 0.0, ch.adv * along, 0.0, fontsize * up)
    ink = getattr(ch, "ink", None)
    if ink is None:
        return quad, quad
    return quad, Quad(o, u, v, ink[0] * along, ink[2] * along, (ink[1] - bottom) * up, (ink[3] - bottom) * up)


def _visible(box: Box, clip: Box | None, page: Box) -> Box | None:
    seen = intersect(intersect(box, clip), page)
    return None if is_empty(seen, TOLERANCE) else seen


def read_page(page: pdfplumber.page.Page) -> PageContent:
    device = _ClipDevice(page.pdf.rsrcmgr, pageno=page.page_number, laparams=None)
    _ClipInterpreter(page.pdf.rsrcmgr, device).process_page(page.page_obj)
    layout = device.get_result()
    page_box: Box = (0.0, 0.0, float(layout.width), float(layout.height))
    chars: list[Char] = []
    shapes: list[Shape] = []
    segments: list[Segment] = []
    for seq, obj in enumerate(_walk(layout)):
        clip = getattr(obj, "clip", None)
        if isinstance(obj, LTChar):
            text = obj.get_text()
            if not text.strip():
                continue
            quad, ink = _char_quads(obj)
            if _visible(quad.bbox(), clip, page_box) is None:
                continue  # clipped away or off the paper: never printed
            chars.append(Char(text, seq, quad, ink, quad.height, obj.fontname, intersect(clip, page_box)))
        elif isinstance(obj, (LTLine, LTRect, LTCurve)):
            area = intersect(clip, page_box)
            subpaths = flatten(obj.original_path or [])
            if not subpaths:
                continue
            box = bounds([p for sub in subpaths for p in sub])
            thin = isinstance(obj, LTRect) and min(box[2] - box[0], box[3] - box[1]) <= HAIRLINE
            if obj.fill and not thin and not isinstance(obj, LTLine):
                seen = _visible(box, clip, page_box)
                if seen is not None:
                    for sub in subpaths:
                        shapes.append(Shape(seq, type(obj).__name__[2:].lower(), sub, seen, area))
            lines = []
            if thin and obj.fill:  # a rule drawn as a hairline rectangle: its centre line
                x0, y0, x1, y1 = box
                if x1 - x0 >= y1 - y0:
                    lines.append(((x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)))
                else:
                    lines.append((((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)))
            if obj.stroke:
                for sub in subpaths:
                    lines += list(zip(sub, sub[1:]))
            kind = "line" if isinstance(obj, LTLine) else ("rule" if thin and not obj.stroke else
                                                           f"outline of a {type(obj).__name__[2:].lower()}")
            for p, q in lines:
                visible = clip_segment(p, q, area)
                if visible is not None and visible[0] != visible[1]:
                    segments.append(Segment(seq, kind, *visible))
    return PageContent(page.page_number, float(page.width), float(page.height), chars, words_of(chars),
                       shapes, segments)


def words_of(chars: list[Char]) -> list[Word]:
    """Words: runs of characters painted one after another along one baseline, no space between.

    Grouping follows painting order, so two strings painted over each other
    stay two words however they overlap.
    """
    words: list[Word] = []
    run: list[Char] = []
    for ch in chars:
        if run and not _continues(run[-1], ch):
            words.append(Word(run))
            run = []
        run.append(ch)
    if run:
        words.append(Word(run))
    return words


def _continues(prev: Char, ch: Char) -> bool:
    if not prev.quad.parallel(ch.quad):
        return False
    s, t = prev.quad.local(ch.quad.o)
    gap = s - prev.quad.s1
    if abs(t) > 0.15 * max(prev.size, ch.size):  # another baseline
        return False
    # Anything painted in between (a skipped space, a shape) ends the word unless the glyphs touch.
    limit = 0.15 * prev.size if ch.seq == prev.seq + 1 else 0.05 * prev.size
    return -0.2 * prev.size <= gap <= limit


def text_lines(words: list[Word]) -> list[list[Word]]:
    """Words painted one after another along one baseline with at most a space or two between:
    a line of text (a footer, a table cell, a line of a paragraph)."""
    lines: list[list[Word]] = []
    for word in words:
        if lines:
            prev = lines[-1][-1]
            s, t = prev.quad.local(word.quad.at(word.quad.s0, 0.0))
            size = max(prev.size, word.size)
            if (prev.quad.parallel(word.quad) and abs(t) <= 0.15 * size
                    and -0.2 * size <= s - prev.quad.s1 <= 0.8 * size):
                lines[-1].append(word)
                continue
        lines.append([word])
    return lines


# -- checks --------------------------------------------------------------------

class Grid:
    """Boxes bucketed on a coarse grid, to find what may meet a box without testing every pair."""

    def __init__(self, cell: float = 36.0):
        self.cell = cell
        self.buckets: dict[tuple[int, int], list[int]] = defaultdict(list)

    def _cells(self, box: Box):
        c = self.cell
        for i in range(int(box[0] // c), int(box[2] // c) + 1):
            for j in range(int(box[1] // c), int(box[3] // c) + 1):
                yield i, j

    def add(self, index: int, box: Box) -> None:
        for key in self._cells(box):
            self.buckets[key].append(index)

    def near(self, box: Box) -> set[int]:
        found: set[int] = set()
        for key in self._cells(box):
            found.update(self.buckets.get(key, ()))
        return found


@dataclass(frozen=True)
class Problem:
    check: str  # a key of CHECKS
    page: int
    message: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.message}"


def _kinds(kinds: list[str]) -> str:
    counted = {k: kinds.count(k) for k in dict.fromkeys(kinds)}
    return " and ".join(f"a filled {k}" if n == 1 else f"{n} filled {k}s" for k, n in counted.items())


def overlapping_words(page: PageContent, tolerance: float = TOLERANCE) -> list[Problem]:
    """Pairs of words whose characters' font boxes intersect by more than ``tolerance`` both ways.

    Characters are compared, not whole-word boxes, and each is cut to its
    clip (a board tile shows only part of the board).
    """
    problems = []
    words = page.words
    grid = Grid()
    boxes = [w.quad.bbox() for w in words]
    for i, box in enumerate(boxes):
        grid.add(i, box)
    for i, a in enumerate(words):
        for j in sorted(grid.near(boxes[i])):
            if j <= i or not boxes_meet(boxes[i], boxes[j]):
                continue
            b = words[j]
            depth = 0.0
            for ca in a.chars:
                qa = ca.shown
                ba = qa.bbox()
                for cb in b.chars:
                    qb = cb.shown
                    if boxes_meet(ba, qb.bbox()):
                        depth = max(depth, overlap_depth(qa, qb))
            if depth > tolerance:
                problems.append(Problem("overlap", page.number,
                                        f"{a.text!r} overlaps {b.text!r} by {depth:.1f} pt ({page.where(a)})"))
    return problems


def words_under_shapes(page: PageContent, tolerance: float = TOLERANCE) -> list[Problem]:
    """Words partly on a filled shape (its edge runs through them), and shapes painted over words.

    A word wholly inside a shape painted before it (a label on a badge, white
    text on a disc, text on a card's background) is fine. The shape's real
    outline decides, not its bounding box: a word in the corner of a disc's
    box but off the disc does not touch it. Glyphs are judged by their
    outline boxes (from the embedded font), so the empty descender room under
    "FA" may reach past a badge's rim.
    """
    problems = []
    shapes = page.shapes
    shape_grid = Grid()
    for k, shape in enumerate(shapes):
        shape_grid.add(k, shape.box)
    outlines: dict[int, list[tuple[Point, Point, Box]]] = {}  # a shape's visible edges, when first needed
    for word in page.words:
        box = word.ink.bbox()
        near = [k for k in sorted(shape_grid.near(box)) if boxes_meet(shapes[k].box, box)]
        if not near:
            continue
        cores = [c.shown_ink.inset(tolerance, tolerance, tolerance, tolerance)
                 for c in word.chars]
        whole = word.ink.inset(tolerance, tolerance, tolerance, tolerance)
        crossed: dict[int, set[int]] = defaultdict(set)  # shape -> characters its outline runs through
        touches: set[int] = set()  # shapes with some outline inside the word's box
        for k in near:
            if k not in outlines:
                outlines[k] = _outline(shapes[k])
            for p, q, edge_box in outlines[k]:
                if boxes_meet(edge_box, box) and whole.hit_by_segment(p, q):
                    touches.add(k)
                    crossed[k].update(n for n, core in enumerate(cores) if core.hit_by_segment(p, q))
        over: list[str] = []
        over_chars: set[int] = set()
        edge_of: list[str] = []
        for k in near:
            shape = shapes[k]
            if k in touches:  # characters may lie on either side: look at each
                inside = {n for n, core in enumerate(cores)
                          if n not in crossed[k] and _covers(shape, core.centre())}
                under = crossed[k] | inside
                partial = bool(crossed[k]) or 0 < len(inside) < len(cores)
            else:  # no outline inside the word: all of it is in, or all out
                partial = False
                under = set(range(len(cores))) if _covers(shape, word.ink.centre()) else set()
            later = {n for n in under if word.chars[n].seq < shape.seq}
            if later:
                over.append(shape.kind)
                over_chars |= later
            elif partial:
                edge_of.append(shape.kind)
        if over:
            hidden = "".join(word.chars[n].text for n in sorted(over_chars))
            problems.append(Problem("shape", page.number,
                                    f"{word.text!r} is painted over by {_kinds(over)} drawn after it "
                                    f"(covering {hidden!r}; {page.where(word)})"))
        if edge_of:
            problems.append(Problem("shape", page.number,
                                    f"{word.text!r} sits partly on {_kinds(edge_of)}: the edge runs through "
                                    f"the word ({page.where(word)})"))
    return problems


def _outline(shape: Shape) -> list[tuple[Point, Point, Box]]:
    """The edges of a shape's outline that fall inside its clip, each with its bounding box."""
    edges = []
    poly = shape.polygon
    for p, q in zip(poly, poly[1:] + poly[:1]):
        part = clip_segment(p, q, shape.clip)
        if part is not None:
            (x0, y0), (x1, y1) = part
            edges.append((*part, (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))))
    return edges


def _covers(shape: Shape, point: Point) -> bool:
    clip = shape.clip
    if clip is not None and not (clip[0] <= point[0] <= clip[2] and clip[1] <= point[1] <= clip[3]):
        return False
    return winding(point, shape.polygon) != 0


def lines_through_words(page: PageContent, core: float = LINE_CORE) -> list[Problem]:
    """Stroked segments that pass through the middle of a line of text, not just touching it.

    The middle is the centre 60% of the text's height, from 20% into its
    first glyph to 20% before the end of its last. It spans the spaces
    between words, so a crop mark through the gap in a footer's
    "sheet 1 of 9" is caught; a line ending at a word's edge is not. Table
    rules under a row and a card's frame around its text stay outside it.
    """
    problems = []
    grid = Grid()
    segments = page.segments
    for k, seg in enumerate(segments):
        grid.add(k, bounds((seg.p, seg.q)))
    for line in text_lines(page.words):
        quad = _union([w.quad for w in line])
        first, last = line[0].chars[0].quad, line[-1].chars[-1].quad
        middle = quad.inset(core * first.length, core * last.length, core * quad.height, core * quad.height)
        hits = [segments[k] for k in sorted(grid.near(quad.bbox()))
                if middle.hit_by_segment(segments[k].p, segments[k].q)]
        if not hits:
            continue
        kinds = sorted({seg.kind for seg in hits})
        text = " ".join(w.text for w in line)
        if len(text) > 60:
            text = text[:57] + "..."
        where = sorted({_crossed_at(line, seg, middle) for seg in hits})
        problems.append(Problem("line", page.number,
                                f"{' and '.join(kinds)} through {'; '.join(where)} in {text!r} "
                                f"({page.where(line[0])})"))
    return problems


def _crossed_at(line: list[Word], seg: Segment, middle: Quad) -> str:
    """Which word a segment crosses, or which two it passes between."""
    (ps, _), (qs, _) = middle.local(seg.p), middle.local(seg.q)
    lo, hi = min(ps, qs), max(ps, qs)
    crossed = [w for w in line
               if not (max(middle.local(c)[0] for c in w.quad.corners()) < lo
                       or min(middle.local(c)[0] for c in w.quad.corners()) > hi)]
    if crossed:
        return ", ".join(repr(w.text) for w in crossed)
    before = [w for w in line if max(middle.local(c)[0] for c in w.quad.corners()) < lo]
    after = [w for w in line if min(middle.local(c)[0] for c in w.quad.corners()) > hi]
    return f"the space between {before[-1].text!r} and {after[0].text!r}" if before and after else "the text"


def small_text(page: PageContent, minimum: float = MIN_SIZE) -> list[Problem]:
    """Words set smaller than ``minimum`` on paper (font size times the text matrix's vertical scale)."""
    return [Problem("size", page.number, f"{word.text!r} is {word.size:.1f} pt ({page.where(word)})")
            for word in page.words if word.size < minimum - 0.01]


CHECKS = {"overlap": overlapping_words, "shape": words_under_shapes, "line": lines_through_words,
          "size": small_text}


def page_problems(page: PageContent) -> list[Problem]:
    return [p for check in CHECKS.values() for p in check(page)]


def pdf_problems(path: Path) -> tuple[int, list[Problem]]:
    """(pages read, every problem on every page) of one PDF."""
    problems: list[Problem] = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            problems += page_problems(read_page(page))
            page.close()
        return len(pdf.pages), problems
