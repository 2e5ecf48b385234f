"""Check the rules source: it exists, and every placeholder in it can be expanded."""
from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from ..model.pack import Pack
from ..rules.document import load_rules


def check_rules(pack: Pack) -> Iterator[Finding]:
    document = load_rules(pack, odds=False)
    if document is not None:
        yield from document.findings
