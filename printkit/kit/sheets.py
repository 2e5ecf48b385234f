"""Card sheets: decks imposed on pages, fronts with crop marks, backs behind them.

Each deck is imposed on its own sheets, with the grid that fits most of its
cards; the player aids use the pack's card size.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..faces import FaceResult, back_face, back_key, front_faces, front_key
from ..faces.aid import AID_BACK, AID_FRONT, aid_back, aid_front
from ..fonts import metrics
from ..layout.draw import Face, Item, Line, Page, Place, Text
from ..layout.duplex import Flip, Offset, back_placements
from ..layout.paper import Paper
from ..layout.sheet import LayoutError, SheetLayout, SheetTemplate
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
    card_size: tuple[float, float]  # (width, height) in mm of its cards

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
        faces[back_key(spec)] = back_face(spec, pack.manifest, pack).face
        decks.append(PrintDeck(spec.id, spec.title, keys, back_key(spec),
                               tuple((c.name, c.count) for c in deck.cards), pack.manifest.card_size(spec)))
    aid = pack.manifest.player_aid
    if aid is not None and pack.manifest.phases:
        faces[AID_FRONT], faces[AID_BACK] = aid_front(pack).face, aid_back(pack).face
        decks.append(PrintDeck("player-aid", "Player aids", (AID_FRONT,) * aid.copies, AID_BACK,
                               ((aid.title, aid.copies),), pack.manifest.card_size()))
    return decks, faces


@dataclass(frozen=True)
class DeckRun:
    """A deck and the sheet layout its cards are imposed with."""

    deck: PrintDeck
    layout: SheetLayout

    @property
    def sheets(self) -> list[tuple[str, ...]]:
        return self.deck.sheets(self.layout.per_sheet)


def sheet_label(layout: SheetLayout, text: str) -> Text:
    """A small page label in the margin, between two crop marks: below the middle column if the
    bottom margin is roomy, else up the left side beside the middle row.

    The label is centred on a slot, not on the page: with an even number of
    columns (or rows) the page's centre line is a cut line, with a mark on it.
    """
    below = layout.margin.bottom >= 10
    room = (layout.slot_w if below else layout.slot_h) - 4.0
    size = 6.5
    while size > 4.0 and metrics("body").width(text, size) > room:
        size -= 0.25
    if below:
        x = layout.grid.x + ((layout.columns - 1) // 2 + 0.5) * layout.slot_w
        return Text(x, layout.grid.y - layout.bleed.bottom - 5.5, text, "body", size, "#444444", "center")
    y = layout.grid.top - ((layout.rows - 1) // 2 + 0.5) * layout.slot_h
    x = layout.grid.x - layout.bleed.left - 1.0
    return Text(x, y, text, "body", size, "#444444", "center", angle=90)


def front_page(layout: SheetLayout, faces: tuple[str, ...], label: str) -> Page:
    items: list[Item] = []
    for slot, face in enumerate(faces):
        r = layout.slot(slot)
        items.append(Place(face, r.x, r.y, layout.rotation, layout.front_clip(slot)))
    marks = layout.crop_marks(len(faces))
    items += [Line(s.x1, s.y1, s.x2, s.y2, 0.25, MARK_COLOUR) for s in marks]
    items.append(sheet_label(layout, label))
    return Page(layout.paper.width, layout.paper.height, tuple(items), label)


def back_page(layout: SheetLayout, back: str, filled: int, options: SheetOptions, label: str) -> Page:
    items: list[Item] = []
    for placement in back_placements(layout, options.backs, options.offset, filled):
        r = placement.rect
        items.append(Place(back, r.x, r.y, placement.rotation, placement.clip))
    return Page(layout.paper.width, layout.paper.height, tuple(items), label)


def deck_layout(deck: PrintDeck, faces: Mapping[str, Face], paper: Paper,
                template: SheetTemplate) -> SheetLayout:
    """The grid for a deck's cards, after making sure its faces were drawn at the deck's size."""
    width, height = deck.card_size
    for key in dict.fromkeys(deck.fronts + (deck.back,)):
        face = faces[key]
        if abs(face.width - width) > 1e-6 or abs(face.height - height) > 1e-6:
            # Imposing a face of another size would misalign every cut; stop instead.
            raise LayoutError(f"{deck.title}: a face is {face.width:g} × {face.height:g} mm "
                              f"but the deck's cards are {width:g} × {height:g} mm")
    return SheetLayout.compute(paper, width, height, template)


def sheet_pages(pack: Pack, paper: Paper, options: SheetOptions, template: SheetTemplate = SheetTemplate(),
                fronts: Mapping[str, FaceResult] | None = None) -> tuple[list[Page], dict[str, Face], list[DeckRun]]:
    """Fronts (and backs) of every deck and the player aids, with the faces they place."""
    decks, faces = print_decks(pack, fronts if fronts is not None else front_faces(pack))
    runs = [DeckRun(deck, deck_layout(deck, faces, paper, template)) for deck in decks]
    pages: list[Page] = []
    for run in runs:
        sheets = run.sheets
        for n, cards in enumerate(sheets, 1):
            label = f"{run.deck.title} · sheet {n} of {len(sheets)}"
            pages.append(front_page(run.layout, cards, f"{label} · fronts"))
            if options.backs is not None:
                pages.append(back_page(run.layout, run.deck.back, len(cards), options, f"{label} · backs"))
    return pages, faces, runs
