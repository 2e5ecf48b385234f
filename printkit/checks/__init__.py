"""Run every check on a pack folder and collect the findings."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..findings import Finding
from ..model.loader import load_pack
from ..model.pack import Pack
from .composition import check_composition
from .notes import check_unnamed_cards
from .requirements import check_requirements

CHECKS = (check_requirements, check_composition, check_unnamed_cards)


@dataclass(frozen=True)
class PackReport:
    id: str
    root: Path
    pack: Pack | None
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> int:
        return sum(f.is_error for f in self.findings)

    @property
    def warnings(self) -> int:
        return len(self.findings) - self.errors


def check_pack(root: Path, ignore: frozenset[str] = frozenset()) -> PackReport:
    pack, findings = load_pack(root)
    if pack is not None:
        for check in CHECKS:
            findings.extend(check(pack))
    kept = sorted((f for f in findings if f.code not in ignore), key=Finding.sort_key)
    return PackReport(root.name, root, pack, tuple(kept))
