"""Card faces: every card side is a layout (data) drawn by one engine into a display list.

A deck's face names a layout (the pack's own or a built-in such as
``claim``); its back uses the built-in ``back`` (``back-art`` with a
picture) unless it names its own; player aids use ``aid-front`` and
``aid-back``. The built-in ``back`` comes in two inks: ``full`` (deck
colour to the edge) and ``light`` (a white field with the deck colour in
thin lines and small accents), told apart by its ``$ink`` variable. Nothing
here imports the drawing library.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from ..model.design_values import Condition
from ..model.pack import Card, DeckSpec, Manifest, Pack
from .base import FACE_BLEED, FaceContext, FaceResult, Overflow, back_key, front_key
from .engine import LayoutDrawer
from .values import DEFAULT_COLOUR, Bindings

__all__ = ["FaceContext", "FaceResult", "LazyFronts", "Overflow", "back_face", "back_key", "back_layout", "front_key",
           "deck_drawer", "face_bindings"]


def face_bindings(manifest: Manifest, deck: DeckSpec) -> Bindings:
    """What a deck's front layout may refer to: its columns, the face's roles, labels and conditions."""
    face = deck.face
    roles = dict(face.roles) if face else {"title": "name"}
    rule = manifest.claims
    if rule is not None and rule.deck == deck.id:
        roles.setdefault("requires", rule.column)
    conditions = {}
    if face and face.powers_for:
        conditions["powers_for"] = Condition(tuple((col, (value,)) for col, value in face.powers_for))
    colour = (face.colour if face and face.colour else None) or (deck.back.colour if deck.back else DEFAULT_COLOUR)
    variables = {"art_area": face.art_area if face else "window", "game": manifest.title, "deck": deck.title}
    return Bindings(manifest, tuple(c.name for c in deck.columns), roles, dict(face.labels) if face else {},
                    conditions, variables, colour, face.art_fit if face else "cover",
                    face.art_focus if face else (0.5, 0.5))


def deck_drawer(pack: Pack, deck: DeckSpec) -> LayoutDrawer | None:
    """The drawer for a deck's fronts, or None when the deck has no face or an unknown layout."""
    if deck.face is None:
        return None
    layout = pack.manifest.layouts.get(deck.face.layout)
    if layout is None:
        return None
    return LayoutDrawer(layout, FaceContext(pack.manifest, deck), face_bindings(pack.manifest, deck), pack)


class LazyFronts(Mapping[str, FaceResult]):
    """Every distinct front of every deck with a known layout, by face key, drawn when asked for
    and not kept: ten thousand cards are never all in memory at once.

    ``on_draw(card, result)`` hears of each front the first time it is drawn, so the checks
    made on a front can run as a build draws it (see printkit.checks.fronts).
    """

    def __init__(self, pack: Pack, on_draw: Callable[[Card, FaceResult], None] | None = None):
        self._drawers: dict[str, LayoutDrawer] = {}
        self._cards: dict[str, Card] = {}
        for deck in pack.decks.values():
            drawer = deck_drawer(pack, deck.spec)
            if drawer is None:
                continue
            self._drawers[deck.id] = drawer
            for card in deck.cards:
                self._cards[front_key(card)] = card  # a later card of the same name is the one drawn
        self._on_draw = on_draw
        self._heard: set[str] = set()

    def __getitem__(self, key: str) -> FaceResult:
        card = self._cards[key]
        result = self._drawers[card.deck].draw(key, card)
        if self._on_draw is not None and key not in self._heard:
            self._heard.add(key)
            self._on_draw(card, result)
        return result

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, key: object) -> bool:
        return key in self._cards

    @property
    def decks(self) -> frozenset[str]:
        """The ids of the decks whose fronts are drawn (a face with a known layout)."""
        return frozenset(self._drawers)

    def card(self, key: str) -> Card:
        """The card whose front ``key`` is."""
        return self._cards[key]

    def size(self, key: str) -> tuple[float, float, float]:
        """(width, height, bleed) in mm of a front, without drawing it."""
        ctx = self._drawers[self._cards[key].deck].ctx
        return ctx.width, ctx.height, FACE_BLEED

    def draw_rest(self) -> None:
        """Draw every front not drawn yet (cards with no copies print nowhere), for ``on_draw``."""
        for key in self._cards:
            if key not in self._heard:
                self[key]

    def drawn(self) -> Iterator[tuple[Card, FaceResult]]:
        """Each card with its front, drawn one at a time."""
        for key, card in self._cards.items():
            yield card, self[key]


def back_layout(deck: DeckSpec, manifest: Manifest):
    """The layout a deck's back is drawn with: its own, else "back-art" for a picture, else "back"."""
    back = deck.back
    name = (back.layout if back and back.layout else None) or ("back-art" if back and back.art else "back")
    return manifest.layouts.get(name) or manifest.layouts["back"]


def back_face(deck: DeckSpec, manifest: Manifest, pack: Pack | None = None, ink: str = "full") -> FaceResult:
    """The back shared by every card of ``deck``; ``ink`` "light" asks the built-in back for its
    ink-saving design (a pack's own back layout, or a picture, is drawn as it is)."""
    back = deck.back
    colour = back.colour if back else "#555555"
    label = back.label if back else deck.title
    art = back.art if back else None
    layout = back_layout(deck, manifest)
    variables = {"label": label, "game": manifest.title, "deck": deck.title,
                 "back_art": art.file if art else "", "art_area": "window",
                 "ink": "light" if ink == "light" else ""}
    bindings = Bindings(manifest, (), {}, {}, {}, variables, colour,
                        art.fit if art else "cover", art.focus if art else (0.5, 0.5))
    drawer = LayoutDrawer(layout, FaceContext(manifest, deck), bindings, pack)
    return drawer.draw(back_key(deck), None)
