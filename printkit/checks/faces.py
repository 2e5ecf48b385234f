"""Print checks: designs that exist, text that fits, characters the fonts can print.

Each card is laid out exactly as the build would lay it out (no PDF library
involved), so what is reported here is what would go wrong on paper.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..faces import FaceResult, back_face
from ..faces.base import Overflow
from ..faces.aid import aid_back, aid_front
from ..core.symbols import SYMBOLS
from ..core.findings import Finding, Location
from ..core.fonts import font_chain, font_label, metrics
from ..geometry.draw import Face, Text, flatten
from ..model.pack import Card, Pack
from ..core.packpath import clipped
from ..core.suggest import did_you_mean
from .glyphs import HINT, TextSources, cell_with
from .layouts import describe


def check_designs(pack: Pack) -> Iterator[Finding]:
    """Tokens must use symbols printkit can draw (unknown layouts are reported as the manifest is read)."""
    for token in pack.manifest.tokens:
        if token.symbol and token.symbol not in SYMBOLS:
            yield Finding("T702", f"token '{token.term}' uses unknown symbol '{token.symbol}'",
                          token.location, did_you_mean(token.symbol, SYMBOLS) or
                          f"symbols: {', '.join(SYMBOLS)}")


def front_printing(card: Card, result: FaceResult) -> Iterator[Finding]:
    """Overflowing text and missing glyphs on one card's front."""
    for overflow in result.overflows:
        where = card.location(overflow.column) if overflow.column in card.cells else card.location()
        yield Finding("T700", f"the {overflow.what} '{overflow.text}' does not fit on the card, "
                              "even at the smallest size allowed", where, _overflow_hint(overflow))
    yield from _glyphs(result.face, card)


def check_printing(pack: Pack) -> Iterator[Finding]:
    """Missing glyphs on the deck backs, and what does not fit or print on the player aids (each
    front is checked as it is drawn: see printkit.checks.fronts)."""
    sources = TextSources(pack)  # a back or aid's text comes from game.toml or the cards: point there
    seen: set[Finding] = set()  # the game's title on every deck's back is one thing to mend
    for deck in pack.decks.values():
        if deck.spec.face is not None and deck.spec.back is not None:
            back = back_face(deck.spec, pack.manifest, pack)
            where = deck.spec.back.location or Location(pack.manifest.path)
            found = [*_back_overflows(pack, deck.spec.id, back, where),
                     *_glyphs(back.face, None, where, sources)]
            for finding in found:
                if finding not in seen:
                    seen.add(finding)
                    yield finding
    aid = pack.manifest.player_aid
    if aid is not None and pack.manifest.phases:
        for result in (aid_front(pack), aid_back(pack)):
            for overflow in result.overflows:
                yield Finding("T700", f"the player aid's {overflow.what} '{overflow.text}' does not fit, "
                                      "even at the smallest size allowed", overflow.where or aid.location,
                              "shorten it: the player aid holds every phase on one card")
            yield from _glyphs(result.face, None, aid.location, sources)


def _back_overflows(pack: Pack, deck: str, back: FaceResult, back_key: Location) -> Iterator[Finding]:
    """A back's text that does not fit, reported at the game.toml key it was written under (the
    deck's label, its title, the game's title; else ``back_key``), so a title too long for every
    back is one finding."""
    m = pack.manifest
    for overflow in back.overflows:
        text = str(overflow.element.props.get("text", "")) if overflow.element is not None else ""
        variable = next((v for v in _BACK_TEXTS if "{$" + v + "}" in text), None)
        what, key = _BACK_TEXTS[variable] if variable else (overflow.what, ())
        if key and key[0] == "decks":
            key = ("decks", deck, *key[2:])
        line_col = m.key_locations.get(key)
        where = Location(m.path, *line_col) if line_col else back_key
        yield Finding("T700", f"the {what} on the back, '{clipped(overflow.text)}', does not fit, even at the "
                              "smallest size allowed", where, _overflow_hint(replace(overflow, what=what)))


# The variables a back's text is made of, as a reader knows them, and the game.toml key each comes from
_BACK_TEXTS = {"label": ("deck's label", ("decks", "", "back", "label")),
               "deck": ("deck's title", ("decks", "", "title")),
               "game": ("game's title", ("game", "title"))}


def _overflow_hint(overflow: Overflow) -> str:
    """Both ways out: shorter text, or a roomier element (named, with its layout and sizes)."""
    element, layout = overflow.element, overflow.layout
    if element is None or layout is None:
        return f"shorten the {overflow.what}"
    room = "a larger box (w, h)"
    if overflow.size is not None:
        low, high = overflow.size
        room += f" or a smaller smallest size (now size = [{low:g}, {high:g}])"
    hint = f"shorten the {overflow.what}, or give {describe(element, layout)} {room}"
    if layout.builtin:
        hint += f"; to change it, write a layout of the pack's own with extends = \"{layout.name}\""
    return hint


def _glyphs(face: Face, card: Card | None, fallback: Location | None = None,
            sources: TextSources | None = None) -> Iterator[Finding]:
    """Characters the font printing them lacks, as the face draws them: text that may borrow from
    the pack's fallback fonts names them in its font key, so what is missing there is missing on
    paper. A character is reported at ``card``'s cell that holds it, else where ``sources`` finds
    it, else at ``fallback``."""
    seen: set[tuple[str, str]] = set()
    for item in flatten(face.items):
        if not isinstance(item, Text):
            continue
        for char in metrics(item.font).missing(item.text):
            if (char, item.font) in seen:
                continue
            seen.add((char, item.font))
            where = (cell_with(card, char) or (sources.locate(char, item.text) if sources else None) or fallback
                     or (card.location() if card else None))
            if where is None:
                continue
            also = " or any of the pack's fallback fonts" if len(font_chain(item.font)) > 1 else ""
            yield Finding("T701", f"'{char}' (U+{ord(char):04X}) has no glyph in the {font_label(item.font)} font"
                                  f"{also}, so '{clipped(item.text)}' would print with a gap", where, HINT)
