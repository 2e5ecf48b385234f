"""Card sheets: decks imposed on pages, fronts with crop marks, backs behind them."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..faces import FaceResult, back_face, back_key, front_faces, front_key
from ..layout.draw import Face, Item, Line, Page, Place, Text
from ..layout.duplex import Flip, Offset, back_placements
from ..layout.sheet import SheetLayout
from ..model.pack import Card, Deck, Pack

MARK_COLOUR = "#000000"  # registration: every ink, so marks show whatever is printed


@dataclass(frozen=True)
class SheetOptions:
    backs: Flip | None = Flip.LONG_EDGE  # None: fronts only
    offset: Offset = Offset()


@dataclass(frozen=True)
class DeckSheets:
    deck: Deck
    sheets: tuple[tuple[Card, ...], ...]  # the copies on each sheet, in slot order


def copies(deck: Deck) -> list[Card]:
    """Every physical card of a deck: rows repeated by their count."""
    return [card for card in deck.cards for _ in range(card.count)]


def impose(deck: Deck, per_sheet: int) -> DeckSheets:
    cards = copies(deck)
    return DeckSheets(deck, tuple(tuple(cards[i:i + per_sheet]) for i in range(0, len(cards), per_sheet)))


def sheet_label(layout: SheetLayout, text: str) -> Text:
    """A small page label in the margin: the bottom if it is roomy, else up the left side."""
    m = layout.margin
    if m.bottom >= 10:
        return Text(layout.paper.width / 2, layout.grid.y - layout.bleed.bottom - 5.5, text, "body", 6.5,
                    "#444444", "center")
    x = layout.grid.x - layout.bleed.left - 1.0
    return Text(x, layout.grid.cy, text, "body", 6.5, "#444444", "center", angle=90)


def front_page(layout: SheetLayout, cards: tuple[Card, ...], label: str) -> Page:
    items: list[Item] = []
    for slot, card in enumerate(cards):
        r = layout.slot(slot)
        items.append(Place(front_key(card), r.x, r.y, 0, layout.front_clip(slot)))
    items += [Line(s.x1, s.y1, s.x2, s.y2, 0.25, MARK_COLOUR) for s in layout.crop_marks()]
    items.append(sheet_label(layout, label))
    return Page(layout.paper.width, layout.paper.height, tuple(items), label)


def back_page(layout: SheetLayout, deck: Deck, filled: int, options: SheetOptions, label: str) -> Page:
    items: list[Item] = []
    for placement in back_placements(layout, options.backs, options.offset)[:filled]:
        r = placement.rect
        items.append(Place(back_key(deck.spec), r.x, r.y, placement.rotation, placement.clip))
    return Page(layout.paper.width, layout.paper.height, tuple(items), label)


def sheet_pages(pack: Pack, layout: SheetLayout, options: SheetOptions,
                fronts: Mapping[str, FaceResult] | None = None) -> tuple[list[Page], dict[str, Face]]:
    """Fronts (and backs) of every deck, in manifest order, with the faces they place."""
    results = fronts if fronts is not None else front_faces(pack)
    faces: dict[str, Face] = {key: r.face for key, r in results.items()}
    pages: list[Page] = []
    for spec in pack.manifest.decks:
        deck = pack.decks.get(spec.id)
        if deck is None or spec.face is None:
            continue
        imposed = impose(deck, layout.per_sheet)
        if options.backs is not None:
            faces[back_key(spec)] = back_face(spec, pack.manifest)
        total = len(imposed.sheets)
        for n, cards in enumerate(imposed.sheets, 1):
            label = f"{pack.manifest.title} · {spec.title} · sheet {n} of {total}"
            pages.append(front_page(layout, cards, f"{label} · fronts"))
            if options.backs is not None:
                pages.append(back_page(layout, deck, len(cards), options, f"{label} · backs"))
    return pages, faces
