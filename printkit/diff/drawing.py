"""What every card side of a pack prints, drawn as the build draws it and reduced to a description
two versions can be compared by.

The fronts are the ones ``check`` draws (heard through ``check_pack``'s
``on_front``, so nothing is drawn twice); the backs and the player aids come
from ``printkit.kit.sheets.print_decks``, the build's own list of what goes
on the sheets. A description is a digest of the face's display list, with
pictures named relative to the pack and their bytes hashed (a picture redrawn
under the same name changes the digest), plus the text, colours, pictures and
pack fonts it draws, to name the likely cause of a change.
"""
from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..faces.aid import AID_DECK
from ..faces import FaceResult, deck_drawer, front_key
from ..faces.aid import AID_FRONT
from ..core.fonts import PACK_KEY_PREFIX, font_chain
from ..geometry.draw import Box, Disc, Face, Line, Path as Shape, Picture, Text, flatten
from ..model.pack import Card, Pack



@dataclass(frozen=True)
class Drawing:
    """One card side as printed: a digest to compare, and what it draws, to name causes."""

    digest: str
    texts: tuple[str, ...]  # every piece of text drawn, casefolded
    colours: frozenset[str]  # "#RRGGBB", upper case
    pictures: tuple[tuple[str, str], ...]  # (file as the pack names it, hash of its bytes)
    fonts: frozenset[str]  # the pack's own fonts used (keys: a hash of the file)


class Describer:
    """Turns faces into Drawings for one pack folder, hashing each picture file once."""

    def __init__(self, root: Path):
        self.roots = tuple(dict.fromkeys((str(root) + "/", str(Path(root).resolve()) + "/")))
        self._hashes: dict[str, str] = {}

    def _relative(self, path: str) -> str:
        for root in self.roots:
            if path.startswith(root):
                return path[len(root):]
        return path

    def _hash(self, path: str) -> str:
        if path not in self._hashes:
            try:
                self._hashes[path] = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
            except OSError:
                self._hashes[path] = "unreadable"
        return self._hashes[path]

    def describe(self, face: Face) -> Drawing:
        texts: list[str] = []
        colours: set[str] = set()
        pictures: dict[str, str] = {}
        fonts: set[str] = set()
        for item in flatten(face.items):
            if isinstance(item, Text):
                texts.append(item.text.casefold())
                colours.add(item.colour.upper())
                fonts.update(k for k in font_chain(item.font) if k.startswith(PACK_KEY_PREFIX))
            elif isinstance(item, (Box, Disc, Shape)):
                colours.update(c.upper() for c in (item.fill, item.stroke) if c)
            elif isinstance(item, Line):
                colours.add(item.colour.upper())
            elif isinstance(item, Picture):
                pictures[self._relative(item.path)] = self._hash(item.path)
        # The display list, its absolute picture paths made relative so two folders compare alike.
        text = repr((face.width, face.height, face.bleed, face.items))
        for root in self.roots:
            text = text.replace(root, "")
        listed = tuple(sorted(pictures.items()))
        digest = hashlib.sha256((text + repr(listed)).encode("utf-8", "surrogatepass")).hexdigest()
        return Drawing(digest, tuple(texts), frozenset(colours), listed, frozenset(fonts))


class PackDrawings:
    """Every printed side of one loaded pack: fronts by (deck, CSV line), backs by deck, the aids.

    Give ``hear`` to ``check_pack`` as ``on_front``, then call ``finish`` with the loaded pack.
    """

    def __init__(self, root: Path):
        self.describer = Describer(root)
        self.fronts: dict[tuple[str, int], Drawing] = {}
        self.backs: dict[str, Drawing] = {}  # deck id ("player-aid" too) -> its back
        self.aid: Drawing | None = None  # the player aid's front
        self.faces: dict[str, Face] = {}  # backs and aids, kept for the proof (a few per pack)
        self._pack: Pack | None = None
        self._lazy: Mapping[str, FaceResult] = {}
        self._keys: dict[str, Drawing] = {}  # by front key: kept cards have unique names

    def hear(self, card: Card, result: FaceResult) -> None:
        self._keys[result.face.key] = self.describer.describe(result.face)

    def finish(self, pack: Pack, lazy: Mapping[str, FaceResult] | None) -> "PackDrawings":
        from ..kit.sheets import print_decks

        self._pack, self._lazy = pack, lazy or {}
        decks, faces = print_decks(pack, self._lazy)
        # A deck prints when it has a face whose layout the pack has (LazyFronts draws only those).
        printed = {d.id for d in decks} & getattr(self._lazy, "decks", frozenset())
        for d in decks:
            self.faces[d.back] = faces[d.back]
            self.backs[d.id] = self.describer.describe(faces[d.back])
            if d.id == AID_DECK:
                self.faces[d.keys[0]] = faces[d.keys[0]]
                self.aid = self.describer.describe(faces[d.keys[0]])
        for deck in pack.decks.values():
            if deck.id not in printed:
                continue
            for card in deck.cards:
                key = front_key(card)
                if key not in self._keys and key in self._lazy:
                    self.hear(card, self._lazy[key])
                if key in self._keys:
                    self.fronts[(deck.id, card.line)] = self._keys[key]
            drawer = deck_drawer(pack, deck.spec) if deck.dropped else None
            if drawer is not None:
                for card in deck.dropped:  # drawn as they would print, were they kept
                    self.fronts[(deck.id, card.line)] = self.describer.describe(
                        drawer.draw(front_key(card), card).face)
        self._keys.clear()
        return self

    def front_face(self, deck: str, card_line: int) -> Face | None:
        """A card's front drawn again, for the proof (None when its deck prints nothing)."""
        if deck == AID_DECK:
            return self.faces.get(AID_FRONT)
        if self._pack is None or (deck, card_line) not in self.fronts:
            return None
        loaded = self._pack.decks[deck]
        card = next((c for c in loaded.cards + loaded.dropped if c.line == card_line), None)
        if card is None:
            return None
        if card in loaded.cards and front_key(card) in self._lazy:
            return self._lazy[front_key(card)].face
        drawer = deck_drawer(self._pack, loaded.spec)
        return drawer.draw(front_key(card), card).face if drawer is not None else None
