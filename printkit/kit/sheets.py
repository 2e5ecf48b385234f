"""Card sheets: decks imposed on pages, fronts with crop marks, backs behind them.

Each deck is imposed on its own sheets, with the grid that fits most of its
cards; the player aids use the pack's card size.
"""
from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from ..faces import FaceResult, LazyFronts, back_face, back_key, front_key
from ..faces.aid import AID_BACK, AID_DECK, AID_FRONT, aid_back, aid_front
from ..core.fonts import metrics, with_fallback
from ..geometry.draw import Face, Line, Page, Place, Text, face_size
from ..geometry.duplex import Flip, Offset, back_placements
from ..core.mm import PT_PER_MM, Rect, bounding
from ..geometry.paper import Paper
from ..geometry.sheet import DEFAULT_GUTTER, GutterTooWide, LayoutError, SheetLayout, SheetTemplate, check_gutter
from ..model.pack import Pack
from .document import LazyPages

MARK_COLOUR = "#000000"  # registration: every ink, so marks show whatever is printed
MARK_WIDTH, HALO_WIDTH = 0.25, 2.0  # points: a crop mark, and the white under one drawn over the bleed
BACKS_INK = ("light", "full")  # the built-in back on white with colour accents, or in deck colour
DEFAULT_BACKS_INK = "light"  # home printers: a full-colour back costs 100-150% ink coverage a page
LABEL_SIZE, LABEL_MIN = 6.5, 6.0  # points: a sheet's page label, and the least it shrinks to
LABEL_INK = "#444444"


@dataclass(frozen=True)
class SheetOptions:
    backs: Flip | None = Flip.LONG_EDGE  # None: fronts only
    offset: Offset = Offset()
    gutter: float | None = None  # mm asked for between cards, exactly; None: up to DEFAULT_GUTTER, as fits
    backs_ink: str = DEFAULT_BACKS_INK  # one of BACKS_INK

    def __post_init__(self) -> None:
        if self.gutter is not None:
            check_gutter(self.gutter)
        if self.backs_ink not in BACKS_INK:
            raise ValueError(f"backs ink is {' or '.join(BACKS_INK)}, not '{self.backs_ink}'")


@dataclass(frozen=True)
class PrintDeck:
    """What goes on a run of sheets: the face of every physical card, and one back."""

    id: str
    title: str
    fronts: tuple[str, ...]  # face key of each card, in print order
    back: str
    contents: tuple[tuple[str, int], ...]  # (name, copies), for the checklist
    card_size: tuple[float, float]  # (width, height) in mm of its cards
    keys: tuple[str, ...]  # the face key of each entry of ``contents``

    def distinct(self) -> tuple[tuple[str, str, int], ...]:
        """(face key, name, copies) of each distinct front, in the order the cards are listed.

        Copies are counted in the print order itself, so they are what cards.pdf
        prints; a card with no copies has no entry.
        """
        counts = Counter(self.fronts)
        entries: dict[str, tuple[str, str, int]] = {}
        for key, (name, _) in zip(self.keys, self.contents):
            if counts[key] and key not in entries:
                entries[key] = (key, name, counts[key])
        return tuple(entries.values())


class FaceMap(Mapping[str, Face]):
    """The faces a document places: card fronts as ``fronts`` gives them (drawn on demand where it
    is a LazyFronts), and the few backs and player aids, drawn once and kept."""

    def __init__(self, fronts: Mapping[str, FaceResult]):
        self.fronts = fronts
        self.others: dict[str, Face] = {}

    def __getitem__(self, key: str) -> Face:
        if key in self.others:
            return self.others[key]
        return self.fronts[key].face

    def __iter__(self) -> Iterator[str]:
        yield from self.fronts
        yield from (key for key in self.others if key not in self.fronts)

    def __len__(self) -> int:
        return len(self.fronts) + sum(key not in self.fronts for key in self.others)

    def __contains__(self, key: object) -> bool:
        return key in self.others or key in self.fronts

    def size(self, key: str) -> tuple[float, float, float]:
        """(width, height, bleed) in mm of a face, drawing no front to find it."""
        if key not in self.others and hasattr(self.fronts, "size"):
            return self.fronts.size(key)
        return self[key].extent


def print_decks(pack: Pack, fronts: Mapping[str, FaceResult], backs_ink: str = DEFAULT_BACKS_INK,
                backs: bool = True) -> tuple[list[PrintDeck], FaceMap]:
    """Every deck with a face template, then the player aids; and all the faces they use.

    Without backs a card's back is only the deck's pattern, but a player aid's back carries rules
    (costs, notation, reminders): its backs are then printed beside its fronts, to glue back to back.
    """
    faces = FaceMap(fronts)
    decks = []
    for spec in pack.manifest.decks:
        deck = pack.decks.get(spec.id)
        if deck is None or spec.face is None:
            continue
        keys = tuple(front_key(card) for card in deck.cards)
        printed = tuple(key for key, card in zip(keys, deck.cards) for _ in range(card.count))
        faces.others[back_key(spec)] = back_face(spec, pack.manifest, pack, backs_ink).face
        decks.append(PrintDeck(spec.id, spec.title, printed, back_key(spec),
                               tuple((c.name, c.count) for c in deck.cards), pack.manifest.card_size(spec), keys))
    aid = pack.manifest.player_aid
    if aid is not None and pack.manifest.phases:
        faces.others[AID_FRONT], faces.others[AID_BACK] = aid_front(pack).face, aid_back(pack).face
        sides = (AID_FRONT,) * aid.copies + (() if backs else (AID_BACK,) * aid.copies)
        decks.append(PrintDeck(AID_DECK, "Player aids", sides, AID_BACK,
                               ((aid.title, aid.copies),), pack.manifest.card_size(), (AID_FRONT,)))
    return decks, faces


@dataclass(frozen=True)
class DeckRun:
    """A deck and the sheet layout its cards are imposed with."""

    deck: PrintDeck
    layout: SheetLayout

    @property
    def sheet_count(self) -> int:
        return -(-len(self.deck.fronts) // self.layout.per_sheet)

    def sheet(self, n: int) -> tuple[str, ...]:
        """The face key of each card on sheet ``n`` (from 0)."""
        per = self.layout.per_sheet
        return self.deck.fronts[n * per:(n + 1) * per]


def sheet_label(layout: SheetLayout, text: str, fallback: tuple[str, ...] = ()) -> Text:
    """A small page label in the margin the layout keeps for it, between two crop marks: under
    the middle column, or up the left side beside the middle row.

    The label is centred on a card, not on the page, and kept 2 mm inside that
    card's width (or height), so the marks at the card's edges never cross it.
    Its type sits just outside the bleed, which the layout stops short enough
    to keep the label where every printer prints. When it does not fit at the
    smallest size, the words after its last " · " go first.
    """
    below = layout.label_side == "bottom"
    middle = layout.slot(((layout.rows - 1) // 2) * layout.columns + (layout.columns - 1) // 2)
    room = (middle.w if below else middle.h) - 4.0
    font = with_fallback("body", fallback)  # a deck's title may need the pack's fallback fonts
    body = metrics(font)
    size = LABEL_SIZE
    while body.width(text, size) > room:
        if size > LABEL_MIN:
            size = max(LABEL_MIN, size - 0.25)
        elif " · " in text:
            text = text.rsplit(" · ", 1)[0]
        else:
            break
    cap, descent = size * 0.7 / PT_PER_MM, size * 0.25 / PT_PER_MM
    if below:
        y = layout.grid.y - layout.bleed.bottom - 0.5 - cap
        return Text(middle.cx, y, text, font, size, LABEL_INK, "center")
    # Turned a quarter turn, the type's tops face left and its descenders face the bleed.
    x = layout.grid.x - layout.bleed.left - 0.5 - descent
    return Text(x, middle.cy, text, font, size, LABEL_INK, "center", angle=90)


def front_page(layout: SheetLayout, faces: tuple[str, ...], label: str, fallback: tuple[str, ...] = ()) -> Page:
    places, marks, trim, bleed = _front_geometry(layout, len(faces))
    items = [Place(face, x, y, rotation, clip) for face, (x, y, rotation, clip) in zip(faces, places)]
    return Page(layout.paper.width, layout.paper.height, (*items, *marks, sheet_label(layout, label, fallback)),
                label, trim, bleed)


def back_page(layout: SheetLayout, back: str, filled: int, options: SheetOptions, label: str) -> Page:
    places, trim, bleed = _back_geometry(layout, filled, options.backs, options.offset)
    items = tuple(Place(back, x, y, rotation, clip) for x, y, rotation, clip in places)
    return Page(layout.paper.width, layout.paper.height, items, label, trim, bleed)


# A deck's sheets differ only in the faces they place and their labels: the geometry of a sheet
# of so many cards is worked out once, and its crop marks are the same Line objects on every page.
@lru_cache(maxsize=64)
def _front_geometry(layout: SheetLayout, count: int):
    """(x, y, rotation, clip) of each card, the crop marks, and the TrimBox and BleedBox."""
    trims = [layout.slot(n) for n in range(count)]
    bleeds = [layout.front_clip(n, count) for n in range(count)]
    places = tuple((r.x, r.y, layout.rotation, clip) for r, clip in zip(trims, bleeds))
    # A mark over the bleed lies on a white halo, so that it shows on any background; the halo
    # is cut away with the bleed.
    halos = tuple(Line(s.x1, s.y1, s.x2, s.y2, HALO_WIDTH, "#FFFFFF") for s, over in layout.marks(count) if over)
    marks = halos + tuple(Line(s.x1, s.y1, s.x2, s.y2, MARK_WIDTH, MARK_COLOUR) for s in layout.crop_marks(count))
    return (places, marks, *_boxes(layout, trims, bleeds))


@lru_cache(maxsize=64)
def _back_geometry(layout: SheetLayout, filled: int, flip: Flip, offset: Offset):
    placements = back_placements(layout, flip, offset, filled)
    places = tuple((p.rect.x, p.rect.y, p.rotation, p.clip) for p in placements)
    return (places, *_boxes(layout, [p.rect for p in placements], [p.clip for p in placements]))


def _boxes(layout: SheetLayout, trims: list[Rect], bleeds: list[Rect]) -> tuple[Rect | None, Rect | None]:
    """A sheet's TrimBox round the cards' outer cut lines and its BleedBox round their bleed.

    A sheet of cards has no single finished size, so the boxes frame the block
    of cards as a whole: what an imposition tool or print shop's preflight
    needs to find the cut and the printed area (the marks lie outside both).
    """
    paper = Rect(0.0, 0.0, layout.paper.width, layout.paper.height)
    trim, bleed = bounding(trims), bounding(bleeds)
    if trim is None or bleed is None:
        return None, None
    outer = bounding([trim, bleed])
    assert outer is not None  # two rectangles always have one round them
    x, y = max(outer.x, 0.0), max(outer.y, 0.0)
    return trim, Rect(x, y, min(outer.right, paper.right) - x, min(outer.top, paper.top) - y)


def deck_layout(deck: PrintDeck, faces: Mapping[str, Face], paper: Paper,
                template: SheetTemplate) -> SheetLayout:
    """The grid for a deck's cards, after making sure its faces were drawn at the deck's size."""
    check_face_sizes(deck, faces)
    return SheetLayout.compute(paper, *deck.card_size, template)


def widest_gutter(decks: list[PrintDeck], paper: Paper, template: SheetTemplate) -> float:
    """The widest gutter that fits every deck's sheets on ``paper``, both ways."""
    loose = replace(template, gutter=0.0, gutter_exact=False)
    return min(SheetLayout.compute(paper, *deck.card_size, loose).widest_gutter for deck in decks)


def check_face_sizes(deck: PrintDeck, faces: Mapping[str, Face]) -> None:
    """LayoutError unless every face of ``deck`` is the size of its cards: imposing (or exporting)
    a face of another size would misalign every cut, so stop instead."""
    width, height = deck.card_size
    for key in dict.fromkeys(deck.fronts + (deck.back,)):
        w, h, _ = face_size(faces, key) or (width, height, 0.0)
        if abs(w - width) > 1e-6 or abs(h - height) > 1e-6:
            raise LayoutError(f"{deck.title}: a face is {w:g} × {h:g} mm "
                              f"but the deck's cards are {width:g} × {height:g} mm")


class SheetPages(LazyPages):
    """The sheets of every deck run, fronts then backs, each page laid out only when it is asked for.

    A deck of ten thousand cards is a thousand pages; streamed like this,
    rendering and linting them holds one page at a time.
    """

    def __init__(self, runs: list[DeckRun], options: SheetOptions, fallback: tuple[str, ...] = ()):
        self.runs = runs
        self.options = options
        self.fallback = fallback  # the pack's fallback fonts, for the page labels
        self.sides = 1 if options.backs is None else 2
        self._starts: list[int] = []  # the index of each run's first page
        total = 0
        for run in runs:
            self._starts.append(total)
            total += run.sheet_count * self.sides
        self._len = total

    def __len__(self) -> int:
        return self._len

    def page(self, index: int) -> Page:
        k = bisect_right(self._starts, index) - 1
        return self._page(self.runs[k], index - self._starts[k])

    def __iter__(self) -> Iterator[Page]:
        for run in self.runs:
            for n in range(run.sheet_count * self.sides):
                yield self._page(run, n)

    def _page(self, run: DeckRun, n: int) -> Page:
        sheet, side = divmod(n, self.sides)
        cards = run.sheet(sheet)
        label = f"{run.deck.title} · sheet {sheet + 1} of {run.sheet_count}"
        if side == 0:
            return front_page(run.layout, cards, f"{label} · fronts", self.fallback)
        return back_page(run.layout, run.deck.back, len(cards), self.options, f"{label} · backs")

    def uses(self) -> Counter:
        """How many times each face is placed, without laying out a page."""
        counts: Counter = Counter()
        for run in self.runs:
            counts.update(run.deck.fronts)
            if self.options.backs is not None:
                counts[run.deck.back] += len(run.deck.fronts)
        return counts


def sheet_pages(pack: Pack, paper: Paper, options: SheetOptions, template: SheetTemplate = SheetTemplate(),
                fronts: Mapping[str, FaceResult] | None = None) -> tuple[SheetPages, FaceMap, list[DeckRun]]:
    """Fronts (and backs) of every deck and the player aids, with the faces they place."""
    decks, faces = print_decks(pack, fronts if fronts is not None else LazyFronts(pack), options.backs_ink,
                               options.backs is not None)
    exact = options.gutter is not None
    template = replace(template, gutter=options.gutter if options.gutter is not None else DEFAULT_GUTTER,
                       gutter_exact=exact)
    try:
        runs = [DeckRun(deck, deck_layout(deck, faces, paper, template)) for deck in decks]
    except GutterTooWide as refused:
        raise GutterTooWide(f"{refused}; the widest gutter every deck's sheets hold on {paper.name} is "
                            f"{widest_gutter(decks, paper, template):g} mm", refused.widest) from None
    return SheetPages(runs, options, pack.manifest.fonts.fallback), faces, runs
