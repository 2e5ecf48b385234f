"""What every face drawing gets and gives back: its context, a builder for items, the result."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from ..core.fonts import metrics, with_fallback
from ..geometry.draw import Box, Face, Item, text_lines
from ..core.mm import Rect
from ..geometry.sheet import SheetTemplate
from ..geometry.typography import smart_quotes
from ..geometry.text import fit_text
from ..core.findings import Location
from ..model.designs import Element, Layout
from ..model.pack import Card, DeckSpec, Manifest
from .art import ArtProblem
from .colour import INK

# Backgrounds are painted as far past the trim as any sheet lets them show
# (the backs' bleed); each sheet clips them to its own bleed.
FACE_BLEED = SheetTemplate().back_bleed


@dataclass(frozen=True)
class FaceContext:
    manifest: Manifest
    deck: DeckSpec | None  # None for faces that belong to no deck (player aids): the pack's card size
    safe: float = SheetTemplate().safe

    @property
    def width(self) -> float:
        return self.manifest.card_size(self.deck)[0]

    @property
    def height(self) -> float:
        return self.manifest.card_size(self.deck)[1]

    @property
    def trim(self) -> Rect:
        return Rect(0.0, 0.0, self.width, self.height)


@dataclass(frozen=True)
class Overflow:
    """Text that does not fit its box even at the smallest size allowed."""

    column: str
    text: str
    what: str  # "name", "requirement", ...
    where: Location | None = None  # for text from the manifest rather than a card's cell
    element: Element | None = None  # the layout element whose box it overflows, when a layout drew it
    layout: Layout | None = None
    size: tuple[float, float] | None = None  # the element's smallest and largest size in points, for text


@dataclass
class FaceBuilder:
    """Collects items and problems while a template draws one face."""

    ctx: FaceContext
    key: str
    items: list[Item] = field(default_factory=list)
    overflows: list[Overflow] = field(default_factory=list)
    art_problems: list[ArtProblem] = field(default_factory=list)

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def background(self, fill: str) -> None:
        self.add(Box(self.ctx.trim.inset(-FACE_BLEED), fill=fill))

    def frame(self, colour: str, inset: float = 2.5, width: float = 1.2) -> None:
        self.add(Box(self.ctx.trim.inset(inset), stroke=colour, width=width, radius=3.0))

    def fitted(self, text: str, box: Rect, font: str, max_size: float, min_size: float,
               column: str, what: str, colour: str = INK, align: str = "center",
               valign: str = "middle", max_lines: int | None = None, where: Location | None = None) -> None:
        font = self.font(font)
        measure = metrics(font)
        text = smart_quotes(text)  # typographic quotes, as on the cards' own text
        fit = fit_text(text, measure, box.w, box.h, max_size, min_size, max_lines)
        if not fit.fits:
            self.overflows.append(Overflow(column, text, what, where))
        self.add(*text_lines(fit, box, font, measure, colour, align, valign))

    def font(self, key: str) -> str:
        """``key`` with the pack's fallback fonts, for text from the pack (names, phases, notes)."""
        return with_fallback(key, self.ctx.manifest.fonts.fallback)

    def face(self) -> Face:
        return Face(self.key, self.ctx.width, self.ctx.height, FACE_BLEED, tuple(self.items))

    def result(self) -> "FaceResult":
        return FaceResult(self.face(), tuple(self.overflows), tuple(self.art_problems))


@dataclass(frozen=True)
class FaceResult:
    face: Face
    overflows: tuple[Overflow, ...]
    art_problems: tuple[ArtProblem, ...] = ()
    parts: tuple = ()  # engine.Part per element drawn, for the layout checks


def front_key(card: Card) -> str:
    # Interned: a deck's sheets, its checklist and the lazily drawn fronts all hold each key,
    # and at deck scale one string per card instead of several is megabytes.
    return sys.intern(f"{card.deck}/front/{card.name}")


def back_key(deck: DeckSpec) -> str:
    return f"{deck.id}/back"
