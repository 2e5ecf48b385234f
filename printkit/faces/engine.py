"""Draw a card side from a layout: one element after another, into a display list.

Every face printkit draws (the built-in fronts, backs and player aids as much
as a pack's own layouts) goes through ``LayoutDrawer.draw``. Element boxes depend
only on the layout and the card size, so they are computed once per deck;
what varies per card is which elements show and what they say.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..core.fonts import font_key, metrics
from ..geometry.boxes import PRINT_BLEED, layout_boxes
from ..geometry.draw import Box, Disc, Group, Item, Line, Text
from ..core.mm import Rect
from ..geometry.richparse import parse_rich
from ..geometry.typography import smart_quotes
from ..geometry.richtext import RichFonts, fit_rich, rich_items
from ..model.design_keys import DEFAULT_COLUMN, INK_TYPES
from ..model.designs import Element, Layout
from ..model.pack import Card, Pack
from ..requirements import Requirement
from .art import ArtProblem, picture
from .base import FACE_BLEED, FaceBuilder, FaceContext, FaceResult, Overflow
from .blocks import legend, notes, phases, powers, symbol_row
from .colour import INK
from .requirement import draw_requirement
from .symbols import symbol
from .tokens import badge, token
from .values import Bindings, holds, interpolate, references, resolve_colour

DEFAULT_SIZE = (6.0, 12.0)  # points: text shrinks from 12 to 6 unless its element says otherwise


@dataclass(frozen=True)
class Part:
    """What one element drew on one face, for the layout checks."""

    element: Element
    items: tuple[Item, ...]
    box: Rect


@dataclass
class LayoutDrawer:
    """Draws faces of one size from one layout; element boxes are computed once."""

    layout: Layout
    ctx: FaceContext
    bindings: Bindings
    pack: Pack | None = None  # for blocks that list the pack's cards (the legend)
    boxes: tuple[Rect, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.boxes = layout_boxes(self.layout.elements, self.ctx.width, self.ctx.height, self.ctx.safe)
        self._fonts: dict[int, RichFonts] = {}
        self._sources: dict[int, str] = {}
        self.icon_names = frozenset(self.ctx.manifest.icons)
        self.fixed = tuple(_fixed(e, self.bindings) for e in self.layout.elements)
        self._drawn: dict[int, tuple[tuple[Item, ...], tuple[Overflow, ...], tuple]] = {}

    def draw(self, key: str, card: Card | None) -> FaceResult:
        b = FaceBuilder(self.ctx, key)
        runs: list[tuple[int, bool]] = []  # where each element's items start, and whether they are fixed
        if self.layout.background is not None:
            fill = resolve_colour(self.layout.background, self.bindings, card)
            if fill:
                b.background(fill)
                runs.append((0, _colour_fixed(self.layout.background)))
        parts = []
        for n, (element, box, fixed) in enumerate(zip(self.layout.elements, self.boxes, self.fixed)):
            if not (holds(element.get("when"), self.bindings, card) and (
                    element.get("unless") is None or not holds(element.get("unless"), self.bindings, card))):
                continue
            start = len(b.items)
            runs.append((start, fixed))
            if fixed and n in self._drawn:  # the same on every card: drawn for the first, then reused
                items, overflows, art_problems = self._drawn[n]
                b.items += items
                b.overflows += overflows
                b.art_problems += art_problems
            else:
                first_overflow, first_problem = len(b.overflows), len(b.art_problems)
                self._draw(b, element, box, card)
                if fixed:
                    self._drawn[n] = (tuple(b.items[start:]), tuple(b.overflows[first_overflow:]),
                                      tuple(b.art_problems[first_problem:]))
            parts.append(Part(element, tuple(b.items[start:]), box))
        if card is not None:
            b.items = _shared_runs(b.items, runs)
        result = b.result()
        return FaceResult(result.face, result.overflows, result.art_problems, tuple(parts))

    def _draw(self, b: FaceBuilder, element: Element, box: Rect, card: Card | None) -> None:
        start = len(b.items)
        _DRAW[element.type](self, b, element, _bled(box, self.ctx) if element.type in ("rect", "image") else box, card)
        if element.get("mirror") and len(b.items) > start:
            # The same drawing turned half round about the card's centre, for a fanned hand.
            b.add(Group(tuple(b.items[start:]), self.ctx.width, self.ctx.height, angle=180))

    # -- helpers
    def colour(self, element: Element, key: str, card: Card | None, default=None) -> str | None:
        spec = element.get(key, default)
        return resolve_colour(spec, self.bindings, card)

    def text_of(self, element: Element, card: Card | None) -> tuple[str, str]:
        """(the element's text on this card, the column it came from for findings)."""
        column = element.get("column")
        template = element.get("text")
        if template is None:
            template = "{" + column + "}" if column else ""
        # Typographic quotes, as the rules have them: "persona's" prints with ’.
        shown = smart_quotes(interpolate(template, self.bindings, card, label=element.get("label", False)))
        if element.get("upper"):
            shown = _upper(shown)
        if id(element) not in self._sources:
            source = self.bindings.column_of(column) if column else _first_column(template, self.bindings)
            self._sources[id(element)] = source or ""
        return shown, self._sources[id(element)]

    def fonts(self, element: Element) -> RichFonts:
        key = id(element)  # elements live as long as the layout this drawer holds
        if key not in self._fonts:
            self._fonts[key] = rich_fonts(element.get("font", "body"), element.get("bold", False),
                                          element.get("italic", False), self.ctx.manifest.fonts)
        return self._fonts[key]

    def icon(self, name: str, cx: float, cy: float, side: float, b: FaceBuilder, colour: str) -> list[Item]:
        spec = self.ctx.manifest.icons.get(name)
        if spec is None:
            return []
        if spec.symbol:
            return [symbol(spec.symbol, cx, cy, side / 2, fill=spec.colour)]
        placed = picture(self.ctx.manifest.path.parent, spec.file, Rect(cx - side / 2, cy - side / 2, side, side),
                         "contain", (0.5, 0.5))
        if isinstance(placed, ArtProblem):
            b.art_problems.append(replace(placed, where=spec.location))
            return []
        return [placed]


def rich_fonts(family: str, bold: bool, italic: bool, settings) -> RichFonts:
    """The four faces rich text may switch between, starting from the element's own weight."""
    def key(bold: bool, italic: bool) -> str:
        found = font_key(family, bold, italic, settings) or font_key("body", bold, italic)
        assert found is not None  # "body" is built in
        return found
    return RichFonts(key(bold, italic), key(True, italic), key(bold, True), key(True, True), settings.fallback)


# Element types whose drawing reads nothing but the element's own settings (and whatever its
# references name): with no reference to a card, they draw the same on every card of a deck.
FIXED_TYPES = frozenset({"text", "rect", "disc", "line", "badge", "symbol", "icon", "powers", "phases", "notes",
                         "symbols", "legend"})


def _fixed(element: Element, bindings: Bindings) -> bool:
    """True when ``element`` draws the same on every card that shows it (``when`` and ``unless``
    still decide that, card by card): no column or term, and no reference to a column (or a role
    bound to one) or to a card's token colour."""
    if element.type not in FIXED_TYPES or "column" in element.props or "term" in element.props:
        return False
    return all(_value_fixed(v, bindings) for k, v in element.props.items() if k not in ("when", "unless"))


def _value_fixed(value, bindings: Bindings) -> bool:
    if isinstance(value, str):
        return _colour_fixed(value) and not any(
            not ref.startswith("#") and bindings.column_of(ref) is not None for ref, _ in references(value))
    if isinstance(value, (tuple, list)):
        return all(_value_fixed(v, bindings) for v in value)
    return not isinstance(value, Mapping)


def _colour_fixed(spec) -> bool:
    """False for a colour that follows each card (``$token``, or a tint of it)."""
    if isinstance(spec, tuple):
        return all(_colour_fixed(v) for v in spec)
    return spec != "$token"


def _shared_runs(items: list[Item], runs: list[tuple[int, bool]]) -> list[Item]:
    """``items`` with each stretch drawn by fixed elements wrapped as one shared group (in place:
    no move), so the renderer draws a deck's frame and fixed labels once and places them."""
    if not runs:
        return items
    out: list[Item] = []
    bounds = [start for start, _ in runs] + [len(items)]
    run_start = None
    for (start, fixed), end in zip(runs, bounds[1:]):
        if fixed and run_start is None:
            run_start = start
        elif not fixed:
            if run_start is not None:
                out += _shared(items[run_start:start])
                run_start = None
            out += items[start:end]
    if run_start is not None:
        out += _shared(items[run_start:])
    return items[:runs[0][0]] + out


def _shared(items: list[Item]) -> list[Item]:
    if not items or len(items) == 1 and isinstance(items[0], Group) and items[0].shared:
        return items
    return [Group(tuple(items), shared=True)]


def _upper(text: str) -> str:
    """Capitals, leaving ``{icon}`` names and markup as they are."""
    out, depth = [], 0
    for ch in text:
        depth += ch == "{"
        out.append(ch if depth else ch.upper())
        depth -= ch == "}" and depth > 0
    return "".join(out)


def _first_column(template: str, bindings: Bindings) -> str | None:
    for ref, _ in references(template):
        column = bindings.column_of(ref.lstrip("#"))
        if column:
            return column
    return None


def _bled(box: Rect, ctx: FaceContext) -> Rect:
    """A shape reaching the print bleed goes on to the faces' full bleed, so no sheet shows its edge."""
    reach = PRINT_BLEED - 1e-6
    left = -FACE_BLEED if box.x <= -reach else box.x
    bottom = -FACE_BLEED if box.y <= -reach else box.y
    right = ctx.width + FACE_BLEED if box.right >= ctx.width + reach else box.right
    top = ctx.height + FACE_BLEED if box.top >= ctx.height + reach else box.top
    return Rect(left, bottom, right - left, top - bottom)


# -- element types -------------------------------------------------------

def _text(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    shown, column = d.text_of(e, card)
    if not shown.strip():
        return
    low, high = e.get("size", DEFAULT_SIZE)
    colour = d.colour(e, "colour", card, INK) or INK
    fonts = d.fonts(e)
    fit = _fit(shown, d.icon_names, fonts, box.w, box.h, high, low, e.get("lines"))
    if not fit.fits:
        b.overflows.append(Overflow(column, shown, column or e.name or "text", element=e, layout=d.layout,
                                    size=(low, high)))
    align, valign = e.get("align", "center"), e.get("valign", "middle")
    items = rich_items(fit, box, colour, align, valign,
                       lambda name, cx, cy, side: d.icon(name, cx, cy, side, b, colour))
    if valign == "middle" and len(fit.lines) == 1:
        # One line centres its capitals, not its ascent-to-descent block, on the box: numbers in
        # discs and labels in bands then look centred.
        m = metrics(fonts.regular)
        dy = (m.ascent(fit.size) - m.descent(fit.size) - m.cap(fit.size)) / 2
        texts = [i for i in items if isinstance(i, Text)]
        if len(texts) == len(items):
            items = [replace(t, y=t.y + dy) for t in texts]
        elif abs(dy) > 1e-6:
            items = [Group(tuple(items), 0.0, dy)]
    b.add(*items)


@lru_cache(maxsize=512)  # texts repeated across cards (labels, values); names rarely repeat
def _fit(text: str, icons: frozenset, fonts: RichFonts, w: float, h: float, high: float, low: float,
         lines: int | None):
    return fit_rich(parse_rich(text, icons), fonts, w, h, high, low, lines)


def _rect(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    fill, stroke = d.colour(e, "fill", card), d.colour(e, "stroke", card)
    if fill or stroke:
        b.add(Box(box, fill, stroke, e.get("stroke_width", 0.5), e.get("radius", 0.0), tuple(e.get("dash", ()))))


def _disc(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    fill, stroke = d.colour(e, "fill", card), d.colour(e, "stroke", card)
    if fill or stroke:
        b.add(Disc(box.cx, box.cy, min(box.w, box.h) / 2, fill, stroke, e.get("stroke_width", 0.5)))


def _line(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    colour = d.colour(e, "stroke", card, INK)
    if colour:
        b.add(Line(box.x, box.top, box.right, box.y, e.get("stroke_width", 0.5), colour, tuple(e.get("dash", ()))))


def _image(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    ref = e.get("column")
    name = d.bindings.value(ref, card) if ref else e.get("file", "")
    if not name:
        return
    column = d.bindings.column_of(ref) if ref else None
    own_art = ref in ("$art", "$back_art")  # the face's picture: the face's fit and focus apply
    fit = e.get("fit", d.bindings.art_fit if own_art else "cover")
    focus = tuple(e.get("focus", d.bindings.art_focus if own_art else (0.5, 0.5)))
    placed = picture(d.ctx.manifest.path.parent, name, box, fit, focus)
    if isinstance(placed, ArtProblem):
        # The face's own picture is named by the face or back that binds it, which the caller locates;
        # any other is named by this element.
        where = None if column or own_art else e.location
        b.art_problems.append(replace(placed, column=column or "", where=where))
        return
    b.add(placed)
    stroke = d.colour(e, "stroke", card)
    if stroke:
        b.add(Box(box, stroke=stroke, width=e.get("stroke_width", 0.8)))


def _term(d: LayoutDrawer, e: Element, card: Card | None) -> str:
    return e.get("term") or (d.bindings.value(e.get("column"), card) if e.get("column") else "")


def _token(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    style = d.ctx.manifest.token(_term(d, e, card))
    if style is not None:
        b.add(*token(style, box.cx, box.cy, min(box.w, box.h) / 2, outline=e.get("stroke_width", 1.0),
                     fallback=d.ctx.manifest.fonts.fallback))


def _symbol(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    name, fill = e.get("symbol"), d.colour(e, "fill", card, INK)
    if name is None:
        style = d.ctx.manifest.token(_term(d, e, card))
        if style is None:
            return
        name = style.symbol
        fill = d.colour(e, "fill", card) or style.colour
    b.add(symbol(name, box.cx, box.cy, min(box.w, box.h) / 2, fill=fill, stroke=d.colour(e, "stroke", card),
                 width=e.get("stroke_width", 0.5)))


def _icon(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    b.add(*d.icon(e.get("icon", ""), box.cx, box.cy, min(box.w, box.h), b, INK))


def _requirement(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    column = d.bindings.column_of(e.get("column", DEFAULT_COLUMN["requirement"]))
    value = card.values.get(column) if card is not None and column else None
    if isinstance(value, Requirement) and column:
        drawn = draw_requirement(value, box, d.ctx.manifest)
        b.add(*drawn.items)
        if not drawn.fits:
            b.overflows.append(Overflow(column, str(value), "requirement", element=e, layout=d.layout))


def _index(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    """A corner index: the card's value over its suit's symbol."""
    shown, column = d.text_of(e, card)
    style = d.ctx.manifest.token(d.bindings.value(e.get("column") or DEFAULT_COLUMN["index"], card))
    d_sym = min(box.w, box.h * 0.38) if style else 0.0
    text_box = Rect(box.x, box.y + d_sym + (0.6 if style else 0), box.w, box.h - d_sym - (0.6 if style else 0))
    if shown:
        low, high = e.get("size", (10.0, 20.0))
        colour = d.colour(e, "colour", card, INK) or INK
        fonts = rich_fonts(e.get("font", "display"), False, False, d.ctx.manifest.fonts)
        fit = _fit(shown, frozenset(), fonts, text_box.w, text_box.h, high, low, 1)
        if not fit.fits:
            b.overflows.append(Overflow(column, shown, e.name or "index", element=e, layout=d.layout,
                                        size=(low, high)))
        b.add(*rich_items(fit, text_box, colour, "center", e.get("valign", "middle"), lambda *a: []))
    if style is not None:
        b.add(symbol(style.symbol, box.cx, box.y + d_sym / 2, d_sym / 2 * 0.95, fill=style.colour, stroke=INK,
                     width=0.5))


def _badge(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    """Text in a rounded label as wide as the text, centred in the box."""
    shown, _ = d.text_of(e, card)
    if not shown.strip():
        return
    b.add(*badge(shown, box.cx, box.cy, box.h, fill=d.colour(e, "fill", card, "#FFFFFF") or "#FFFFFF",
                 fallback=d.ctx.manifest.fonts.fallback))


def _powers(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    powers(b, box, e.get("heading", "SPEND FOR"))


def _phases(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    phases(b, box, d.colour(e, "colour", card, "$colour") or INK)


def _legend(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    if d.pack is not None:
        heading = interpolate(e.get("heading", "READING A CARD"), d.bindings, card).upper()
        legend(b, d.pack, box, heading)


def _notes(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    notes(b, box)


def _symbols(d: LayoutDrawer, b: FaceBuilder, e: Element, box: Rect, card: Card | None) -> None:
    symbol_row(b, box, d.colour(e, "fill", card, INK) or INK)


_DRAW = {
    "text": _text, "rect": _rect, "disc": _disc, "line": _line, "image": _image, "token": _token,
    "symbol": _symbol, "icon": _icon, "requirement": _requirement, "index": _index, "badge": _badge,
    "powers": _powers, "phases": _phases, "legend": _legend, "notes": _notes, "symbols": _symbols,
}
assert set(_DRAW) >= set(INK_TYPES)
