"""Layout checks: references a deck's layout makes, and how its elements land on paper.

Reference checks (T707, N603) look at a layout against the deck that uses
it. Print checks look at the faces as drawn: an element past the safe zone
(T703), two elements printing over each other (T704), type under 6 pt
(T705) and text too close in lightness to what lies under it (T706). Each
problem is reported once per deck and element, naming a card that shows it.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from ..faces import FaceResult, face_bindings
from ..faces.colour import contrast
from ..faces.engine import Part
from ..faces.values import Bindings, references
from ..core.findings import Finding, Location
from ..geometry.boxes import layout_boxes
from ..geometry.bounds import IDENTITY, bounds, placed
from ..geometry.draw import Box, Disc, Group, Path, Picture, Text
from ..core.mm import Rect
from ..geometry.richparse import icon_references
from ..model.design_keys import DEFAULT_COLUMN, INK_TYPES
from ..model.designs import Element, Layout
from ..model.pack import FACE_ROLES, Card, DeckSpec, LintSettings, Manifest, Pack
from ..core.suggest import did_you_mean
from .page_lint import LARGE_CONTRAST, contrast_setting

OVERLAP = 0.3  # mm two inks must share, both ways, to count as printing over each other
FACE_KEY_ROLES = tuple(role for role in FACE_ROLES if role != "title")  # the name is always used


def where_of(element: Element, layout: Layout, deck: DeckSpec) -> Location:
    """A pack's own element points at its line; a built-in one at the deck's 'layout' key."""
    if layout.builtin:
        return (deck.face.layout_location if deck.face else None) or deck.location
    return element.location


def describe(element: Element, layout: Layout) -> str:
    name = element.name or element.type
    return f"element '{name}' of {'built-in ' if layout.builtin else ''}layout '{layout.name}'"


# -- references -------------------------------------------------------------

def check_references(pack: Pack) -> Iterator[Finding]:
    m = pack.manifest
    for deck in m.decks:
        layout = m.layouts.get(deck.face.layout) if deck.face else None
        if layout is None:
            continue
        bindings = face_bindings(m, deck)
        for element in layout.elements:
            yield from _element_references(element, layout, deck, bindings, set(m.icons))
        yield from _unused_roles(layout, deck)
        yield from _cell_icons(pack, deck, layout, bindings)


def element_names(element: Element) -> set[str]:
    """Every column, ``$role`` or variable an element refers to: by key, in its text, in its conditions."""
    names = {element.get("column") or DEFAULT_COLUMN.get(element.type, "")}
    for key in ("text", "heading"):
        names |= {ref.lstrip("#") for ref, _ in references(element.get(key) or "")}
    for key in ("when", "unless"):
        if element.get(key) is not None:
            names |= {name for name, _ in element.get(key).tests}
    return names - {""}


def _element_references(element: Element, layout: Layout, deck: DeckSpec, bindings: Bindings,
                        icons: set[str]) -> Iterator[Finding]:
    for key in ("when", "unless"):
        condition = element.get(key)
        if condition is not None and condition.param and condition.param not in bindings.conditions:
            yield Finding("T707", f"{describe(element, layout)} names an unknown condition '${condition.param}'",
                          where_of(element, layout, deck), "the face supplies only $powers_for")
    for name in sorted(element_names(element)):
        if not bindings.knows(name) and name not in icons:
            yield _unknown(name, element, layout, deck, bindings, icons)


def _unknown(name: str, element: Element, layout: Layout, deck: DeckSpec, bindings: Bindings,
             icons: set[str]) -> Finding:
    options = list(bindings.columns) + [f"${r}" for r in bindings.roles] + sorted(icons)
    return Finding("T707", f"{describe(element, layout)} names '{name}', which deck '{deck.id}' has no "
                           "column, role or icon for", where_of(element, layout, deck),
                   did_you_mean(name, options) or f"columns: {', '.join(bindings.columns)}")


def _unused_roles(layout: Layout, deck: DeckSpec) -> Iterator[Finding]:
    """A face key such as ``points = "power"`` that the layout never refers to draws nothing."""
    if deck.face is None:
        return
    said = set().union(*(element_names(e) for e in layout.elements))
    for role in FACE_KEY_ROLES:
        if role in deck.face.roles and f"${role}" not in said:
            yield Finding("N603", f"layout '{layout.name}' does not use the face's '{role}', so column "
                                  f"'{deck.face.roles[role]}' is not shown by it", deck.face.location or deck.location,
                          f"refer to it as ${role} in an element, or remove '{role}' from the face")


def _cell_icons(pack: Pack, deck: DeckSpec, layout: Layout, bindings: Bindings) -> Iterator[Finding]:
    """``{name}`` in a cell that a text element shows must be a known icon."""
    columns = set()
    for element in layout.elements:
        if element.type in ("text", "badge"):
            if element.get("column"):
                columns.add(bindings.column_of(element.get("column")))
            for ref, _ in references(element.get("text") or ""):
                columns.add(bindings.column_of(ref))
    loaded = pack.decks.get(deck.id)
    icons = pack.manifest.icons
    for card in (loaded.cards if loaded else ()):
        for column in sorted(c for c in columns if c):
            cell = card.cells.get(column)
            if cell is None or "{" not in cell.text:
                continue
            for name, offset in icon_references(cell.text):
                if name not in icons:
                    yield Finding("T707", f"'{{{name}}}' is not an icon", cell.location_at(offset),
                                  did_you_mean(name, icons) or "declare it under [icons], or write \\{ for a brace")


def layout_columns(pack: Pack) -> dict[str, set[str]]:
    """Deck id -> the columns its front layout shows or tests."""
    used: dict[str, set[str]] = {}
    for deck in pack.manifest.decks:
        layout = pack.manifest.layouts.get(deck.face.layout) if deck.face else None
        if deck.face is None or layout is None:
            continue
        bindings = face_bindings(pack.manifest, deck)
        names = set().union(*(element_names(e) for e in layout.elements))
        if any(e.get(k) is not None and e.get(k).param == "powers_for" for e in layout.elements
               for k in ("when", "unless")):
            names |= {column for column, _ in deck.face.powers_for}
        used[deck.id] = {c for n in names if n and (c := bindings.column_of(n))}
    return used


# -- how elements land on paper ----------------------------------------------

def check_safe_zone(layout: Layout, deck: DeckSpec, width: float, height: float, safe: float) -> Iterator[Finding]:
    """Elements whose box crosses the safe line without ``bleed = true``."""
    area = Rect(0, 0, width, height).inset(safe)
    for element, box in zip(layout.elements, layout_boxes(layout.elements, width, height, safe)):
        if element.get("bleed") or area.contains(box, tolerance=0.05):
            continue
        yield Finding("T703", f"{describe(element, layout)} reaches past the safe zone ({safe:g} mm inside the "
                              f"trim) on {width:g} × {height:g} mm cards", where_of(element, layout, deck),
                      "move it inside, or add 'bleed = true' if it is meant to reach the edge")


def check_face(parts: Iterable[Part], background: Box | None, layout: Layout, deck: DeckSpec,
               card: Card | None, seen: set, size: tuple[float, float],
               limits: LintSettings = LintSettings()) -> Iterator[Finding]:
    """Collisions, small type and contrast on one drawn face; ``seen`` keeps reports to one per element."""
    parts = list(parts)
    where = card.location() if card is not None else None
    on = f" on '{card.name}'" if card is not None else ""
    inks = [p for p in parts if p.element.type in INK_TYPES]
    for i, a in enumerate(inks):
        for b in inks[i + 1:]:
            key = ("T704", id(a.element), id(b.element))
            # Ink stays inside its element's box (text that cannot is T700), so only elements
            # whose boxes meet are measured: most pairs never are.
            meet = ("meet", id(a.element), id(b.element))
            if meet not in seen:  # element boxes are the same on every card of the deck
                seen.add(meet)
                if not _may_meet(a, b, size):
                    seen.add(key)
            if key in seen or not _touch(_leaf_rects(a), _leaf_rects(b)):
                continue
            seen.add(key)
            yield Finding("T704", f"{describe(a.element, layout)} and '{b.element.name or b.element.type}' "
                                  f"print over each other{on}", where or where_of(a.element, layout, deck),
                          "move or shrink one of them, or show them on different cards with 'when'")
    # Each shape with its box on the face, measured once for all the text drawn over it.
    backdrop: list[tuple[Box | Disc | Picture, Rect]] = \
        [(background, bounds(background, IDENTITY))] if background is not None else []
    for part in parts:
        for item, matrix in placed(part.items):
            if isinstance(item, Text):
                yield from _type_checks(item, matrix, backdrop, part.element, layout, deck, where, on, seen,
                                        limits)
            elif isinstance(item, (Box, Disc)) and item.fill or isinstance(item, Picture):
                backdrop.append((item, bounds(item, matrix)))


def _may_meet(a: Part, b: Part, size: tuple[float, float]) -> bool:
    return any(_overlap(r, s) for r in _reach(a, size) for s in _reach(b, size))


def _reach(part: Part, size: tuple[float, float]) -> list[Rect]:
    """Where an element's ink can be: its box (and the box turned round, if mirrored).

    A badge grows with its text, so it may reach across the card's width.
    """
    w, h = size
    box = part.box
    if part.element.type == "badge":
        box = Rect(-w, box.y, 3 * w, box.h)
    boxes = [box]
    if part.element.get("mirror"):
        boxes.append(Rect(w - box.right, h - box.top, box.w, box.h))
    return boxes


def _overlap(r: Rect, s: Rect) -> bool:
    return min(r.right, s.right) - max(r.x, s.x) > OVERLAP and min(r.top, s.top) - max(r.y, s.y) > OVERLAP


def _leaf_rects(part: Part) -> list[Rect]:
    return [bounds(item, matrix) for item, matrix in placed(part.items)
            if isinstance(item, (Text, Path, Disc))]


def _touch(a: list[Rect], b: list[Rect]) -> bool:
    return any(_overlap(r, s) for r in a for s in b)


def _scale(matrix) -> float:
    a, b, c, d, _, _ = matrix
    return math.sqrt(abs(a * d - b * c))


def _type_checks(item: Text, matrix, backdrop: list, element: Element, layout: Layout, deck: DeckSpec,
                 where: Location | None, on: str, seen: set, limits: LintSettings) -> Iterator[Finding]:
    size = item.size * _scale(matrix)
    if size < limits.min_type - 0.01 and ("T705", id(element)) not in seen:
        seen.add(("T705", id(element)))
        yield Finding("T705", f"{describe(element, layout)} prints '{item.text}' at {size:.1f} pt{on}, "
                              f"under {limits.min_type:g} pt", where or where_of(element, layout, deck),
                      "give it more room or a larger smallest size; [lint] min_type sets this limit "
                      f"(now {limits.min_type:g} pt)")
    under = _under(_text_point(item, matrix), backdrop)
    if under is None or ("T706", id(element)) in seen:
        return
    ratio = contrast(item.colour, under)
    large = size >= 18 or (size >= 14 and item.font in ("bold", "display", "bold-italic"))
    needed = LARGE_CONTRAST if large else limits.min_contrast
    if ratio < needed:
        seen.add(("T706", id(element)))
        yield Finding("T706", f"{describe(element, layout)} is {item.colour} on {under}{on}: contrast "
                              f"{ratio:.2f}:1, below {needed:g}:1", where or where_of(element, layout, deck),
                      "darken the text or lighten what is under it (or the other way round); "
                      + contrast_setting(limits))


def _text_point(item: Text, matrix) -> tuple[float, float]:
    """A point in the middle of the text's capitals, without measuring its width."""
    cap = item.size * 0.7 * 25.4 / 72
    x = item.x + {"left": cap, "right": -cap}.get(item.align, 0.0)
    a, b, c, d, e, f = matrix
    y = item.y + cap / 2
    return a * x + c * y + e, b * x + d * y + f


def _under(point: tuple[float, float], backdrop: list) -> str | None:
    """The fill drawn last under ``point`` (``backdrop``: each shape with its box on the face); None
    over a picture (its colours are unknown)."""
    x, y = point
    for item, box in reversed(backdrop):
        if isinstance(item, Disc):
            inside = math.hypot(x - box.cx, y - box.cy) <= box.w / 2
        else:
            inside = box.x <= x <= box.right and box.y <= y <= box.top
        if inside:
            return None if isinstance(item, Picture) else item.fill
    return None


def front_layout(m: Manifest, deck: DeckSpec, card: Card, result: FaceResult, seen: set) -> Iterator[Finding]:
    """The layout checks on one card's front as drawn (``seen`` keeps reports to one per element)."""
    layout = m.layouts.get(deck.face.layout) if deck.face else None
    if layout is not None:
        yield from check_face(result.parts, _background(result, layout), layout, deck, card, seen,
                              m.card_size(deck), m.lint)


def check_layouts(pack: Pack) -> Iterator[Finding]:
    """Every layout check but those on the fronts (made as each is drawn): references, the safe
    zone, the backs and the player aids."""
    from ..faces import back_face, back_layout
    from ..faces.aid import aid_back, aid_front

    yield from check_references(pack)
    m = pack.manifest
    seen: set = set()
    for deck in m.decks:
        layout = m.layouts.get(deck.face.layout) if deck.face else None
        loaded = pack.decks.get(deck.id)
        if layout is not None and loaded is not None:
            yield from check_safe_zone(layout, deck, *m.card_size(deck), SAFE)
        if deck.face is not None and loaded is not None:
            result = back_face(deck, m, pack)
            back = back_layout(deck, m)
            yield from check_face(result.parts, _background(result, back), back, deck, None, seen, m.card_size(deck),
                                  m.lint)
    if m.player_aid is not None and m.phases and m.decks:
        for result, name in ((aid_front(pack), "aid-front"), (aid_back(pack), "aid-back")):
            yield from check_face(result.parts, _background(result, m.layouts[name]), m.layouts[name], m.decks[0],
                                  None, seen, m.card_size(None), m.lint)


SAFE = 4.0  # mm: the sheets' safe zone


def _background(result, layout: Layout) -> Box | None:
    first = result.face.items[0] if result.face.items else None
    while isinstance(first, Group) and first.shared and first.items:  # a fixed run, drawn in place
        first = first.items[0]
    return first if layout.background is not None and isinstance(first, Box) else None
