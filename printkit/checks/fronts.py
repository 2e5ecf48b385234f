"""The checks made on each card front as it is drawn.

Text that does not fit, missing glyphs, pictures, the layout's collisions,
small type and contrast, and text meeting shapes or lines: each front is
checked once, as it is drawn, and then let go. Checking (or building) ten
thousand cards so keeps only the findings, never all the faces at once.

A front's checks (``card_checks``) remember nothing from other cards, so
they can be kept between runs (printkit.checks.cache) and their order does
not matter; ``FrontChecks.merge`` then reports what several cards share
(a picture the manifest names, a layout element's problem) once, for the
first card in the pack's order.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ..faces import FaceResult
from ..core.findings import Finding, Location
from ..model.pack import Card, Pack
from .art import front_art_events
from .faces import front_printing
from .layouts import front_layout
from .page_lint import PageProblem
from .pages import FaceLint, face_problems


@dataclass(frozen=True)
class CardChecks:
    """What the checks found on one front, before what several cards share is reported once."""

    face: str  # the front's face key
    printing: tuple[Finding, ...]
    # Pictures: each with the (code, place) of the picture the manifest names it is about, or None.
    art: tuple[tuple[tuple[str, Location] | None, tuple[Finding, ...]], ...]
    # Layout findings, each with its element key: reported once per key (see _LayoutKeys).
    layout: tuple[tuple[tuple, Finding], ...]
    lint: tuple[PageProblem, ...]  # the face lint's
    portable: bool = True  # False when a key holds something only this process knows


class _LayoutKeys(set):
    """The ``seen`` set check_face keeps reports to one per element with, for one card; it remembers
    the key added last, which is that of the finding check_face yields next (it adds, then yields)."""

    last: Hashable = None

    def add(self, key: Hashable) -> None:
        super().add(key)
        if isinstance(key, tuple) and key and key[0] != "meet":
            self.last = key


class FrontChecks:
    """Findings on card fronts, gathered one front at a time (``add``, or ``merge`` of a CardChecks)."""

    def __init__(self, pack: Pack):
        self.pack = pack
        self.findings: list[Finding] = []
        self.face_lint = FaceLint(pack)  # reported with the page lint
        self._decks = {spec.id: spec for spec in pack.manifest.decks}
        self._named: set = set()  # pictures the manifest names, reported once
        self._seen: set = set()  # layout problems, reported once per element
        # Layout elements by their place among the pack's layouts: check_face tells them apart by id().
        self._elements: dict[int, int] = {}
        for layout in pack.manifest.layouts.values():
            for element in layout.elements:
                self._elements.setdefault(id(element), len(self._elements))

    def add(self, card: Card, result: FaceResult, problems: list[PageProblem] | None = None) -> None:
        """The checks on one front; ``problems``: its face lint, when a worker made it already."""
        self.merge(self.card_checks(card, result, problems))

    def card_checks(self, card: Card, result: FaceResult, problems: list[PageProblem] | None = None) -> CardChecks:
        """The checks on one front, with nothing remembered from other cards (``problems`` as for ``add``)."""
        deck = self._decks[card.deck]
        art = tuple((key, tuple(found)) for key, found in front_art_events(self.pack, deck, card, result))
        keys = _LayoutKeys()
        layout: list[tuple[tuple, Finding]] = []
        portable = True
        for finding in front_layout(self.pack.manifest, deck, card, result, keys):
            key = self._stable(keys.last)
            portable = portable and key is not None
            layout.append((key if key is not None else ("unknown", keys.last), finding))
        return CardChecks(result.face.key, tuple(front_printing(card, result)), art, tuple(layout),
                          tuple(face_problems(self.pack.manifest, result.face) if problems is None else problems),
                          portable)

    def merge(self, checks: CardChecks) -> None:
        """One front's checks into the findings, what earlier cards reported already left out."""
        self.findings += checks.printing
        for named, found in checks.art:
            if named is not None:
                if named in self._named:
                    continue
                self._named.add(named)
            self.findings += found
        for key, finding in checks.layout:
            if key not in self._seen:
                self._seen.add(key)
                self.findings.append(finding)
        self.face_lint.add(checks.face, None, list(checks.lint))

    def _stable(self, key: Hashable) -> tuple | None:
        """check_face's key with its elements' ids as their places among the layouts (None if unknown)."""
        if not isinstance(key, tuple) or not key:
            return None
        places = [self._elements.get(part) for part in key[1:]]
        if any(p is None for p in places) or not all(isinstance(part, int) for part in key[1:]):
            return None
        return (key[0], *places)

    @property
    def errors(self) -> int:
        return sum(f.is_error for f in self.findings)
