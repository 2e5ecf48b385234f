"""Check the rules source: it exists, every placeholder in it can be expanded, and it has a shape
printkit can typeset (not empty, not nested too deep, no table too wide)."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.findings import Finding
from ..model.pack import Pack
from ..rules.document import load_rules, rules_path
from ..rules.structure import structure_findings


def check_rules(pack: Pack) -> Iterator[Finding]:
    document = load_rules(pack, odds=False)
    if document is not None:
        yield from document.findings
        if not any(f.code == "D800" for f in document.findings):
            path = rules_path(pack)
            if path is None:
                return  # reported as D800
            try:
                text = path.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError):
                return  # reported as D800
            yield from structure_findings(text, path)
