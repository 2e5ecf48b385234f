"""The checks made on each card front as it is drawn.

Text that does not fit, missing glyphs, pictures, the layout's collisions,
small type and contrast, and text meeting shapes or lines: each front is
checked once, as it is drawn, and then let go. Checking (or building) ten
thousand cards so keeps only the findings, never all the faces at once.
"""
from __future__ import annotations

from ..faces import FaceResult
from ..core.findings import Finding
from ..model.pack import Card, Pack
from .art import front_art
from .faces import front_printing
from .layouts import front_layout
from .page_lint import PageProblem
from .pages import FaceLint


class FrontChecks:
    """Findings on card fronts, gathered one front at a time (``add``)."""

    def __init__(self, pack: Pack):
        self.pack = pack
        self.findings: list[Finding] = []
        self.face_lint = FaceLint(pack)  # reported with the page lint
        self._decks = {spec.id: spec for spec in pack.manifest.decks}
        self._named: set = set()  # pictures the manifest names, reported once
        self._seen: set = set()  # layout problems, reported once per element

    def add(self, card: Card, result: FaceResult, problems: list[PageProblem] | None = None) -> None:
        """The checks on one front; ``problems``: its face lint, when a worker made it already."""
        deck = self._decks[card.deck]
        self.findings += front_printing(card, result)
        self.findings += front_art(self.pack, deck, card, result, self._named)
        self.findings += front_layout(self.pack.manifest, deck, card, result, self._seen)
        self.face_lint.add(result.face.key, result.face, problems)

    @property
    def errors(self) -> int:
        return sum(f.is_error for f in self.findings)
