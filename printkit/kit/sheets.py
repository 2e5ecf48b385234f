"""Card sheets: decks imposed on pages, fronts with crop marks, backs behind them."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..faces import FaceResult, back_face, back_key, front_faces, front_key
from ..faces.aid import AID_BACK, AID_FRONT, aid_back, aid_front
from ..fonts import metrics
from ..layout.draw import Face, Item, Line, Page, Place, Text
from ..layout.duplex import Flip, Offset, back_placements
from ..layout.sheet import SheetLayout
from ..model.pack import Pack

MARK_COLOUR = "#000000"  # registration: every ink, so marks show whatever is printed


@dataclass(frozen=True)
class SheetOptions:
    backs: Flip | None = Flip.LONG_EDGE  # None: fronts only
    offset: Offset = Offset()


@dataclass(frozen=True)
class PrintDeck:
    """What goes on a run of sheets: the face of every physical card, and one back."""

    id: str
    title: str
    fronts: tuple[str, ...]  # face key of each card, in print order
    back: str
    contents: tuple[tuple[str, int], ...]  # (name, copies), for the checklist

    def sheets(self, per_sheet: int) -> list[tuple[str, ...]]:
        return [self.fronts[i:i + per_sheet] for i in range(0, len(self.fronts), per_sheet)]


def print_decks(pack: Pack, fronts: Mapping[str, FaceResult]) -> tuple[list[PrintDeck], dict[str, Face]]:
    """Every deck with a face template, then the player aids; and all the faces they use."""
    faces: dict[str, Face] = {key: r.face for key, r in fronts.items()}
    decks = []
    for spec in pack.manifest.decks:
        deck = pack.decks.get(spec.id)
        if deck is None or spec.face is None:
            continue
        keys = tuple(front_key(card) for card in deck.cards for _ in range(card.count))
        faces[back_key(spec)] = back_face(spec, pack.manifest).face
        decks.append(PrintDeck(spec.id, spec.title, keys, back_key(spec),
                               tuple((c.name, c.count) for c in deck.cards)))
    aid = pack.manifest.player_aid
    if aid is not None and pack.manifest.phases:
        faces[AID_FRONT], faces[AID_BACK] = aid_front(pack).face, aid_back(pack).face
        decks.append(PrintDeck("player-aid", "Player aids", (AID_FRONT,) * aid.copies, AID_BACK,
                               ((aid.title, aid.copies),)))
    return decks, faces


def sheet_label(layout: SheetLayout, text: str) -> Text:
    """A small page label in the margin, between two crop marks: below the middle card if the
    bottom margin is roomy, else up the left side beside the middle row."""
    room = (layout.card_w if layout.margin.bottom >= 10 else layout.card_h) - 4.0
    size = 6.5
    while size > 4.0 and metrics("body").width(text, size) > room:
        size -= 0.25
    if layout.margin.bottom >= 10:
        return Text(layout.paper.width / 2, layout.grid.y - layout.bleed.bottom - 5.5, text, "body", size,
                    "#444444", "center")
    x = layout.grid.x - layout.bleed.left - 1.0
    return Text(x, layout.grid.cy, text, "body", size, "#444444", "center", angle=90)


def front_page(layout: SheetLayout, faces: tuple[str, ...], label: str) -> Page:
    items: list[Item] = []
    for slot, face in enumerate(faces):
        r = layout.slot(slot)
        items.append(Place(face, r.x, r.y, 0, layout.front_clip(slot)))
    items += [Line(s.x1, s.y1, s.x2, s.y2, 0.25, MARK_COLOUR) for s in layout.crop_marks()]
    items.append(sheet_label(layout, label))
    return Page(layout.paper.width, layout.paper.height, tuple(items), label)


def back_page(layout: SheetLayout, back: str, filled: int, options: SheetOptions, label: str) -> Page:
    items: list[Item] = []
    for placement in back_placements(layout, options.backs, options.offset)[:filled]:
        r = placement.rect
        items.append(Place(back, r.x, r.y, placement.rotation, placement.clip))
    return Page(layout.paper.width, layout.paper.height, tuple(items), label)


def sheet_pages(pack: Pack, layout: SheetLayout, options: SheetOptions,
                fronts: Mapping[str, FaceResult] | None = None) -> tuple[list[Page], dict[str, Face], list[PrintDeck]]:
    """Fronts (and backs) of every deck and the player aids, with the faces they place."""
    decks, faces = print_decks(pack, fronts if fronts is not None else front_faces(pack))
    pages: list[Page] = []
    for deck in decks:
        sheets = deck.sheets(layout.per_sheet)
        for n, cards in enumerate(sheets, 1):
            label = f"{deck.title} · sheet {n} of {len(sheets)}"
            pages.append(front_page(layout, cards, f"{label} · fronts"))
            if options.backs is not None:
                pages.append(back_page(layout, deck.back, len(cards), options, f"{label} · backs"))
    return pages, faces, decks
