"""What each requirement term means: the set of card names it accepts.

A term is a card's code or name (as the claim rule's term columns say) or a
category from the manifest; categories are the one place where words such
as ``MC`` or ``Girl`` get their meaning.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .pack import Card, Category, Pack
from ..core.suggest import closest


@dataclass(frozen=True)
class Vocabulary:
    meanings: dict[str, frozenset[str]]  # term -> names of the cards it accepts
    named: dict[str, str]  # term -> card name, for terms that are codes or names
    hints: dict[str, str | None] = field(default_factory=dict, compare=False, repr=False)  # hint_for's answers

    @classmethod
    def build(cls, cards: Sequence[Card], term_columns: Iterable[str],
              categories: Iterable[Category]) -> "Vocabulary":
        meanings: dict[str, frozenset[str]] = {}
        named: dict[str, str] = {}
        for category in categories:
            meanings[category.name] = frozenset(
                c.name for c in cards if all(str(c.values.get(col)) == v for col, v in category.where))
        for column in term_columns:
            for card in cards:
                word = str(card.values.get(column) or "")
                if word and word not in meanings:
                    meanings[word] = frozenset((card.name,))
                    named[word] = card.name
        return cls(meanings, named)

    def resolve(self, term: str) -> frozenset[str] | None:
        return self.meanings.get(term)

    def hint_for(self, term: str) -> str | None:
        """A suggestion for an unknown term; each term is worked out once."""
        if term not in self.hints:
            self.hints[term] = self._hint(term)
        return self.hints[term]

    def _hint(self, term: str) -> str | None:
        glued = re.fullmatch(r"(.+?)\s*[x×X]([0-9]+)", term)
        if glued and glued.group(1) in self.meanings:
            return f"did you mean '{glued.group(1)} x{glued.group(2)}'? put a space before the count"
        words = term.split(" ")
        if "OR" in words or "Or" in words:
            return "write 'or' in lower case"
        if "and" in words or "&" in words:
            return "join cards with '+', as in 'CB + LU'"
        guess = closest(term, self.meanings)
        return f"did you mean '{guess}'?" if guess else None


def pack_vocabulary(pack: Pack) -> Vocabulary | None:
    """The vocabulary of a pack's claim rule: terms for the cards of its paying deck."""
    rule = pack.manifest.claims
    if rule is None or rule.paid_from not in pack.decks:
        return None
    return Vocabulary.build(pack.decks[rule.paid_from].cards, rule.term_columns, pack.manifest.categories)
