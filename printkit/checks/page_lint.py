"""Page lint: how the text on a page lands among the other inks, as geometry, before anything is drawn.

A page is a display list, so every word's box, every filled shape and every
cut or crop line is known as geometry. This finds text printed over other
text (T704), text straddling or hidden by a filled shape (T709), text crossed
by a line (T710), type under the pack's minimum (T705) and text too close in
lightness to what it sits on (T706), and text in the edge of the sheet a home
printer cannot reach (T703). Card faces placed on a sheet are checked
face by face elsewhere; here a placed face is an opaque region of the page.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from ..faces.colour import contrast
from ..core.fonts import metrics
from ..geometry.bounds import IDENTITY, Matrix, compose, bounds, group_matrix, transform
from ..geometry.draw import Box, Disc, Face, Group, Item, Line, Path, Picture, Place, Text, face_size
from ..core.mm import Rect
from ..geometry.paper import MARK_EDGE_MM
from ..geometry.text import LEADING
from ..model.pack import LintSettings

OVERLAP = 0.3  # mm two boxes must share, both ways, to count as meeting
INSIDE = 0.2  # mm a box may poke past a shape it sits on and still count as on it
UNPRINTABLE = 6.35  # mm at a sheet's edges that many home printers cannot reach
PAPER = "#FFFFFF"
LARGE_CONTRAST = 3.0  # WCAG 2 ratio for large text; body text needs the pack's min_contrast (4.5 by default)


@dataclass(frozen=True)
class Word:
    """A Text item as it lands on the page: its core (baseline to cap height) and its order."""

    text: Text
    core: Rect
    middle: Rect  # the core without its outer fifth above and below (and a hair at each end)
    size: float  # points, after scaling
    order: int


@dataclass(frozen=True)
class Shape:
    item: Box | Disc | Path | Picture | Place  # a filled shape, or a picture or card face
    rect: Rect
    order: int
    disc: tuple[float, float, float] | None = None  # centre and radius on the page, for discs


@dataclass(frozen=True)
class PageProblem:
    """``problem`` with ``what`` (the text concerned, quoted); alike problems group by ``problem``."""

    code: str
    what: str
    problem: str

    @property
    def message(self) -> str:
        return f"{self.problem}: {self.what}"


def _intersect(a: Rect, b: Rect) -> Rect | None:
    x, y = max(a.x, b.x), max(a.y, b.y)
    right, top = min(a.right, b.right), min(a.top, b.top)
    return Rect(x, y, right - x, top - y) if right > x and top > y else None


def _scale(m: Matrix) -> float:
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def _core(text: Text, m: Matrix) -> tuple[Rect, Rect]:
    """From the baseline to cap height: where a word's ink surely is, without its descenders;
    and the middle of that, which a line must pass through to run through the word."""
    metric = metrics(text.font)
    w = metric.width(text.text, text.size)
    x0 = {"center": -w / 2, "right": -w}.get(text.align, 0.0)
    cap = text.size * 0.7 * 25.4 / 72
    end = min(0.2, w / 4)
    local, middle = Rect(x0, 0.0, w, cap), Rect(x0 + end, cap * 0.2, w - 2 * end, cap * 0.6)
    if text.angle:
        turned = (*group_matrix(Group((), text.x, text.y, text.angle))[:4], text.x, text.y)
        local, middle = transform(local, turned), transform(middle, turned)
    else:
        local, middle = local.moved(text.x, text.y), middle.moved(text.x, text.y)
    return transform(local, m), transform(middle, m)


def _place_rect(place: Place, faces: Mapping[str, Face]) -> Rect | None:
    size = face_size(faces, place.face)  # a card face on a sheet is a region: it need not be drawn
    if size is None:
        return place.clip
    width, height, bleed = size
    w, h = (height, width) if place.rotation in (90, 270) else (width, height)
    rect = Rect(place.x - bleed, place.y - bleed, w + 2 * bleed, h + 2 * bleed)
    return _intersect(rect, place.clip) if place.clip is not None else rect


def _leaves(items: Iterable[Item], m: Matrix = IDENTITY, clip: Rect | None = None):
    """Every leaf with its page matrix and the clip it shows through (None: the whole page)."""
    for item in items:
        if isinstance(item, Group):
            inner = compose(group_matrix(item), m)
            window = clip
            if item.clip is not None:
                turned = transform(item.clip, inner)
                window = turned if clip is None else _intersect(clip, turned)
                if window is None:
                    continue  # nothing of this group shows
            yield from _leaves(item.items, inner, window)
        else:
            yield item, m, clip


def _segments(item: Item, m: Matrix) -> list[tuple[float, float, float, float]]:
    """Stroked straight lines on the page: lines, box edges, straight parts of paths."""
    a, b, c, d, e, f = m

    def at(x, y):
        return a * x + c * y + e, b * x + d * y + f

    points: list[tuple[float, float]] = []
    if isinstance(item, Line):
        return [(*at(item.x1, item.y1), *at(item.x2, item.y2))]
    if isinstance(item, Box) and item.stroke and item.radius == 0:
        r = item.rect
        points = [at(r.x, r.y), at(r.right, r.y), at(r.right, r.top), at(r.x, r.top), at(r.x, r.y)]
        return [(*p, *q) for p, q in zip(points, points[1:])]
    if isinstance(item, Path) and item.stroke:
        out, start, here = [], None, None
        for op in item.ops:
            if op[0] == "M":
                start = here = at(op[1], op[2])
            elif op[0] == "L" and here is not None:
                there = at(op[1], op[2])
                out.append((*here, *there))
                here = there
            elif op[0] == "C":
                here = at(op[5], op[6])
            elif op[0] == "Z" and here is not None and start is not None:
                out.append((*here, *start))
                here = start
        return out
    return []


def _crosses(seg: tuple[float, float, float, float], rect: Rect) -> bool:
    """Whether a segment passes through ``rect`` (Liang-Barsky clipping)."""
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x1 - rect.x), (dx, rect.right - x1), (-dy, y1 - rect.y), (dy, rect.top - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


def _shape_relation(word: Word, shape: Shape) -> str:
    """'off', 'on' (wholly inside) or 'straddles' (partly inside)."""
    core = word.core
    if shape.disc is not None:
        cx, cy, r = shape.disc
        if core.x >= cx + r - OVERLAP or core.right <= cx - r + OVERLAP or core.y >= cy + r - OVERLAP \
                or core.top <= cy - r + OVERLAP:
            return "off"  # clear of the disc's square, so clear of the disc
        nearest = math.hypot(max(core.x - cx, 0, cx - core.right), max(core.y - cy, 0, cy - core.top))
        if nearest >= r - OVERLAP:
            return "off"
        corners = ((core.x, core.y), (core.right, core.y), (core.x, core.top), (core.right, core.top))
        inside = all(math.hypot(x - cx, y - cy) <= r + INSIDE for x, y in corners)
        return "on" if inside else "straddles"
    rect = shape.rect
    if min(core.right, rect.right) - max(core.x, rect.x) <= OVERLAP \
            or min(core.top, rect.top) - max(core.y, rect.y) <= OVERLAP:
        return "off"
    return "on" if rect.inset(-INSIDE).contains(core) else "straddles"


def lint_items(items: Iterable[Item], faces: Mapping[str, Face], limits: LintSettings,
               printable: Rect | None = None, codes: frozenset[str] | None = None) -> Iterator[PageProblem]:
    """Problems with the text among ``items`` (a page or anything drawn in page coordinates);
    with ``printable``, also text that reaches outside it; only those of ``codes`` when given
    (and the work only they need is skipped)."""
    for problem in _problems(items, faces, limits, printable, codes):
        if codes is None or problem.code in codes:
            yield problem


def _problems(items: Iterable[Item], faces: Mapping[str, Face], limits: LintSettings, printable: Rect | None,
              codes: frozenset[str] | None) -> Iterator[PageProblem]:
    yield from word_problems(geometry(items, faces), limits, printable, codes)


@dataclass(frozen=True)
class Geometry:
    """What the lint measures on a page: its words, filled shapes and stroked lines, each with the
    order it is drawn in (what is drawn after a word may hide it)."""

    words: list[Word]
    shapes: list[Shape]
    lines: list[tuple[float, float, float, float]]
    line_orders: list[int]

    def with_words(self, words: list[Word]) -> "Geometry":
        return Geometry(words, self.shapes, self.lines, self.line_orders)


def word_at(item: Text, order: int) -> Word | None:
    """A text item drawn straight on the page (no group around it) as the lint measures it; None
    for one without ink."""
    if not item.text.strip():
        return None
    core, middle = _core(item, IDENTITY)
    return Word(item, core, middle, item.size, order)


def geometry(items: Iterable[Item], faces: Mapping[str, Face]) -> Geometry:
    words: list[Word] = []
    shapes: list[Shape] = []
    lines: list[tuple[float, float, float, float]] = []
    line_orders: list[int] = []  # when each line is drawn: what is drawn after it may hide it
    for order, (item, m, clip) in enumerate(_leaves(items)):
        if isinstance(item, Text):
            if not item.text.strip():
                continue
            core, middle = _core(item, m)
            if clip is not None and _intersect(core, clip) is None:
                continue  # outside the window it shows through
            words.append(Word(item, core, middle, item.size * _scale(m), order))
            continue
        rect = _place_rect(item, faces) if isinstance(item, Place) else bounds(item, m)
        if rect is None:
            continue
        if clip is not None:
            rect = _intersect(rect, clip)
            if rect is None:
                continue
        if isinstance(item, (Picture, Place)) or isinstance(item, (Box, Disc, Path)) and item.fill:
            disc = None
            if isinstance(item, Disc):
                a, b, c, d, e, f = m
                disc = (a * item.cx + c * item.cy + e, b * item.cx + d * item.cy + f, item.r * _scale(m))
            shapes.append(Shape(item, rect, order, disc))
        segments = _segments(item, m)
        if clip is not None:
            segments = [s for s in segments if _crosses(s, clip)]
        lines += segments
        line_orders += [order] * len(segments)
    return Geometry(words, shapes, lines, line_orders)


def word_problems(g: Geometry, limits: LintSettings, printable: Rect | None,
                  codes: frozenset[str] | None) -> Iterator[PageProblem]:
    """The problems of the words of ``g`` among its shapes and lines (see lint_items)."""
    small, overprinted, low_contrast = (codes is None or code in codes for code in ("T705", "T704", "T706"))
    words, shapes, lines, line_orders = g.words, g.shapes, g.lines, g.line_orders
    if printable is not None and (codes is None or "T703" in codes):
        for word in words:
            if not printable.contains(word.core, INSIDE):
                yield PageProblem("T703", _quote(word), f"text within {UNPRINTABLE:g} mm of the sheet's edge, "
                                                        "where many printers cannot print")
    if small:
        yield from _small(words, limits)
    # Each word is measured only against the words, shapes and lines near it: a checklist page
    # holds thousands of each.
    grid = Grid([w.core for w in words] + [s.rect for s in shapes])
    for n, word in enumerate(words):
        grid.add(word.core, ("word", n))
    for n, shape in enumerate(shapes):
        grid.add(shape.rect, ("shape", n))
    for n, seg in enumerate(lines):
        x1, y1, x2, y2 = seg
        grid.add(Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)), ("line", n))
    for n, word in enumerate(words):
        near = grid.near(word.core)
        if overprinted:
            yield from _overprinted(word, [words[k] for kind, k in near if kind == "word" and k > n])
        around = [(shapes[k], _shape_relation(word, shapes[k])) for kind, k in near if kind == "shape"]
        # What lies under the opaque shape a word sits on is hidden by it: edges and lines alike.
        floor = max((s.order for s, relation in around if s.order < word.order and relation == "on"), default=-1)
        yield from _on_shapes(word, [(s, relation) for s, relation in around if s.order >= floor], limits,
                              low_contrast)
        yield from _crossed(word, [lines[k] for kind, k in near if kind == "line" and line_orders[k] > floor])


PRINTER_REACH = MARK_EDGE_MM  # mm: home printers leave 3 to 4.2 mm of a sheet's edge blank


def edge_problems(items: Iterable[Item], faces: Mapping[str, Face], width: float, height: float,
                  reach: float = PRINTER_REACH) -> Iterator[PageProblem]:
    """T730: anything printed (a line, a card and its bleed, a shape) nearer the paper's edge than
    ``reach``, where a home printer prints nothing, so that a crop mark or bleed there is lost."""
    for item, m, clip in _leaves(items):
        if isinstance(item, Text) or (isinstance(item, Line) and item.colour.upper() in ("#FFFFFF", "WHITE")):
            continue  # text has T703; white prints nothing
        rect = _place_rect(item, faces) if isinstance(item, Place) else bounds(item, m)
        if rect is None or clip is not None and (rect := _intersect(rect, clip)) is None:
            continue
        distance = min(rect.x, rect.y, width - rect.right, height - rect.top)
        if distance < reach - 0.01:
            kind = "crop mark" if isinstance(item, Line) else _kind(item)
            yield PageProblem("T730", f"a {kind} {max(distance, 0.0):.1f} mm from the edge",
                              f"printed within {reach:g} mm of the paper's edge, where home printers cannot print")


LONE_WORD = 6  # characters: a word this short alone on a text's last line looks stranded


def lone_words(items: Iterable[Item]) -> Iterator[PageProblem]:
    """T731: a short word alone on the last line of a text of several lines, below a line of several
    words that could have given it company. Lines are the Text items sharing a baseline; a text is
    lines of one size one line pitch apart that overlap across."""
    rows: dict[tuple[float, float], list[tuple[Text, Rect]]] = {}
    for item, m, _ in _leaves(items):
        if isinstance(item, Text) and item.text.strip() and not item.angle and m[1] == m[2] == 0:
            core, _ = _core(item, m)
            rows.setdefault((round(core.y, 2), round(item.size * _scale(m), 2)), []).append((item, core))
    lines = []
    for (baseline, size), parts in rows.items():
        parts.sort(key=lambda p: p[1].x)
        text = " ".join(p[0].text.strip() for p in parts)
        lines.append((baseline, size, text, min(p[1].x for p in parts), max(p[1].right for p in parts)))
    lines.sort(key=lambda line: -line[0])
    for above, below in zip(lines, lines[1:]):
        pitch = above[1] * LEADING * 25.4 / 72
        follows = abs(above[0] - below[0] - pitch) < 0.05 and above[1] == below[1]
        overlaps = min(above[4], below[4]) > max(above[3], below[3])
        if not (follows and overlaps):
            continue
        last = below in lines and all(not (abs(below[0] - other[0] - pitch) < 0.05 and other[1] == below[1]
                                           and min(other[4], below[4]) > max(other[3], below[3]))
                                      for other in lines)
        word = below[2]
        if last and " " not in word and len(word) <= LONE_WORD and len(above[2].split()) >= 3:
            yield PageProblem("T731", f"'{word}'", "a short word alone on the last line of a text")


class Grid:
    """Things filed under the cells of a grid their boxes touch, to find what lies near a box.

    The cell size follows the extent of what is filed (at most 64 cells
    across), and a box that would span more than BIG cells (a background,
    a frame) is kept aside and is near everything: there are few of those.
    """

    BIG = 16
    FEW = 64  # with no more things than this (a card face), everything is near everything

    def __init__(self, extent: list[Rect]):
        self.few = len(extent) <= self.FEW
        self.everything: list = []
        width = max((r.right for r in extent), default=0.0) - min((r.x for r in extent), default=0.0)
        height = max((r.top for r in extent), default=0.0) - min((r.y for r in extent), default=0.0)
        self.cell = max(5.0, width / 64, height / 64)
        self.cells: dict[tuple[int, int], list] = {}
        self.big: list = []

    def _span(self, rect: Rect) -> tuple[range, range]:
        c = self.cell
        return (range(math.floor(rect.x / c), math.floor(rect.right / c) + 1),
                range(math.floor(rect.y / c), math.floor(rect.top / c) + 1))

    def add(self, rect: Rect, thing) -> None:
        if self.few:
            self.everything.append(thing)
            return
        across, up = self._span(rect)
        if len(across) * len(up) > self.BIG:
            self.big.append(thing)
            return
        for i in across:
            for j in up:
                self.cells.setdefault((i, j), []).append(thing)

    def near(self, rect: Rect) -> list:
        """What was filed in the cells ``rect`` touches, and every big box, each once, in the order filed."""
        if self.few:
            return self.everything
        across, up = self._span(rect)
        found = dict.fromkeys(self.big)
        for i in across:
            for j in up:
                found.update(dict.fromkeys(self.cells.get((i, j), ())))
        return sorted(found, key=lambda thing: thing[1]) if found else []


def _small(words: list[Word], limits: LintSettings) -> Iterator[PageProblem]:
    for word in words:
        if word.size < limits.min_type - 0.01:
            yield PageProblem("T705", _quote(word), f"text set at {word.size:.1f} pt, under {limits.min_type:g} pt")


def _overprinted(word: Word, others: list[Word]) -> Iterator[PageProblem]:
    for other in others:
        meet = _intersect(word.core, other.core)
        if meet is not None and meet.w > OVERLAP and meet.h > OVERLAP:
            yield PageProblem("T704", f"{_quote(word)} and {_quote(other)}", "texts printed over each other")


def _on_shapes(word: Word, shapes: list[tuple[Shape, str]], limits: LintSettings,
               low_contrast: bool = True) -> Iterator[PageProblem]:
    """T709 and T706 for a word, given each shape near it with its relation to the word."""
    under: str | None = PAPER
    for shape, relation in shapes:
        if relation == "off":
            continue
        if shape.order > word.order:
            yield PageProblem("T709", _quote(word), f"text covered by a {_kind(shape.item)} drawn over it")
        elif relation == "straddles":
            yield PageProblem("T709", _quote(word), f"text running over the edge of a {_kind(shape.item)}")
        else:
            under = None if isinstance(shape.item, (Picture, Place)) else shape.item.fill
    if under is None or not low_contrast:
        return  # on a picture or a card face, whose colours are not known here
    ratio = contrast(word.text.colour, under)
    large = word.size >= 18 or (word.size >= 14 and word.text.font in ("bold", "display", "bold-italic"))
    needed = LARGE_CONTRAST if large else limits.min_contrast
    if ratio < needed:
        yield PageProblem("T706", _quote(word), f"text at contrast {ratio:.2f}:1 ({word.text.colour} on {under}), "
                                                f"below {needed:g}:1")


def contrast_setting(limits: LintSettings) -> str:
    """Which setting the contrast limit comes from, for a hint."""
    return (f"[lint] min_contrast sets the level for body text (now {limits.min_contrast:g}:1; "
            f"large text needs {LARGE_CONTRAST:g}:1)")


def _quote(word: Word) -> str:
    return quote(word.text)


def quote(item: Text) -> str:
    """A text item as problems name it: its text in quotes, clipped to 40 characters."""
    text = item.text
    return f"'{text if len(text) <= 40 else text[:39] + '…'}'"


def _kind(item: Item) -> str:
    return {Place: "card", Picture: "picture", Disc: "disc", Path: "shape"}.get(type(item), "box")


def _crossed(word: Word, lines: list) -> Iterator[PageProblem]:
    # A line that only grazes a word's top or foot is not through it.
    if any(_crosses(seg, word.middle) for seg in lines):
        yield PageProblem("T710", _quote(word), "a line runs through text")
