"""Run every check on a pack folder and collect the findings."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..core.buildstate import build_state
from ..faces import FaceResult, LazyFronts
from ..core.findings import Finding
from ..model.loader import load_pack
from ..model.pack import Card, Pack
from .art import check_art
from .cache import CheckCache, cached_fronts
from .composition import check_composition
from .dominated import check_dominated
from .columns import check_unused_columns
from .faces import check_designs, check_printing
from .fronts import FrontChecks
from .glyphs import DocumentGlyphs, glyph_findings, rules_glyphs
from .layouts import check_layouts, layout_columns
from .module import check_module
from .notes import check_unnamed_cards
from .pages import check_pages
from .parallel import laid_out
from .requirements import check_requirements
from .rules import check_rules
from .variants import check_variants

Progress = Callable[[str, int, int], None]  # what, done, total

CHECKS = (check_requirements, check_composition, check_unnamed_cards, check_dominated, check_rules, check_module,
          check_variants)


@dataclass(frozen=True)
class PackReport:
    id: str
    root: Path
    pack: Pack | None
    findings: tuple[Finding, ...]
    # The card fronts as the build lays them out, drawn when asked for (a LazyFronts).
    fronts: Mapping[str, FaceResult] | None = field(default=None, compare=False, repr=False)

    @property
    def errors(self) -> int:
        return sum(f.is_error for f in self.findings)

    @property
    def warnings(self) -> int:
        return len(self.findings) - self.errors

    @property
    def loaded(self) -> Pack:
        """The pack, for callers that have already refused a report whose pack did not load."""
        if self.pack is None:
            raise ValueError(f"pack '{self.id}' did not load")
        return self.pack


def check_pack(root: Path, ignore: frozenset[str] = frozenset(), pages: bool = True,
               fronts: bool = True, on_front: Callable[[Card, FaceResult], None] | None = None,
               progress: Progress | None = None, keep_fronts: int = 0,
               cache: CheckCache | None = None) -> PackReport:
    """Every check on the pack folder ``root``; with ``pages`` False, all but the page lint (a build
    lints the pages it makes instead); with ``fronts`` False, none of the checks on each card's
    front either (a build makes them as it draws the fronts: see printkit.checks.fronts).
    ``on_front(card, result)`` hears of each front as the checks draw it (printkit diff describes it);
    ``progress(what, done, total)`` of each front drawn and each page linted (the long parts).
    The report's fronts keep the first ``keep_fronts`` drawn, for a command that uses them again
    (an export): see LazyFronts. ``cache`` keeps the checks on each front between runs (not with
    ``on_front``, which needs them drawn)."""
    with build_state():  # every file read afresh, unless a build that checks first opened the state
        return _check_pack(root, ignore, pages, fronts, on_front, progress, keep_fronts, cache)


def _check_pack(root: Path, ignore: frozenset[str], pages: bool, fronts: bool,
                on_front: Callable[[Card, FaceResult], None] | None, progress: Progress | None,
                keep_fronts: int = 0, cache: CheckCache | None = None) -> PackReport:
    pack, findings = load_pack(root)
    lazy = None
    if pack is not None:
        for check in CHECKS:
            findings.extend(check(pack))
        findings.extend(check_designs(pack))
        # Every deck whose layout is known is drawn, whatever is wrong elsewhere, so one
        # mistake never hides another. Each front is checked as it is drawn, then let go.
        lazy = LazyFronts(pack, keep=keep_fronts)
        checks = FrontChecks(pack)
        if fronts and cache is not None and on_front is None:
            for done, _ in enumerate(cached_fronts(lazy, checks, cache), 1):
                if progress is not None:
                    progress("card fronts", done, len(lazy))
            findings.extend(checks.findings)
        elif fronts:
            total = len(lazy)
            for done, (card, result, problems) in enumerate(laid_out(pack, lazy), 1):
                checks.add(card, result, problems)
                if on_front is not None:
                    on_front(card, result)
                if progress is not None:
                    progress("card fronts", done, total)
            findings.extend(checks.findings)
        findings.extend(check_printing(pack))
        findings.extend(check_art(pack, lazy.decks))
        findings.extend(check_layouts(pack))
        glyphs = DocumentGlyphs(pack)  # the text of the kit's own pages (read by the page lint) and the rules
        if pages:
            findings.extend(check_pages(pack, lazy, checks.face_lint, glyphs, progress, cache))
        rules_glyphs(pack, glyphs)
        # A character a card already prints with a gap is reported there, not again for each document.
        findings.extend(glyphs.findings(glyph_findings(findings)))
        findings.extend(check_unused_columns(pack, layout_columns(pack)))
    kept = sorted((f for f in findings if f.code not in ignore), key=Finding.sort_key)
    return PackReport(root.name, root, pack, tuple(kept), lazy)
