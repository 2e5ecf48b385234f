"""Designer's notes: things that are legal but probably worth a second look."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.findings import Finding
from ..model.pack import Pack
from ..requirements import Requirement
from ..model.vocabulary import pack_vocabulary


def check_unnamed_cards(pack: Pack) -> Iterator[Finding]:
    """Cards of the paying deck that no requirement names by code or name."""
    rule = pack.manifest.claims
    vocabulary = pack_vocabulary(pack)
    if rule is None or vocabulary is None or rule.deck not in pack.decks:
        return
    named: set[str] = set()
    for card in pack.decks[rule.deck].cards:
        requirement = card.values.get(rule.column)
        if not isinstance(requirement, Requirement) or \
                any(vocabulary.resolve(t.name) is None for t in requirement.terms()):
            return  # a broken requirement or a misspelt term might be the missing mention
        named.update(vocabulary.named[t.name] for t in requirement.terms() if t.name in vocabulary.named)
    categories = [c.name for c in pack.manifest.categories]
    for card in pack.decks[rule.paid_from].cards:
        if card.name not in named:
            via = [c for c in categories if card.name in (vocabulary.resolve(c) or ())]
            yield Finding("N600", f"no requirement names '{card.name}'; it counts only as "
                                  f"{' or '.join(repr(c) for c in via) or 'nothing'}",
                          card.location())
