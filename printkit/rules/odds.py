"""How often a hand dealt from the paying deck can pay a requirement, counted exactly.

Every composition of an n-card hand (how many copies of each distinct card)
is weighed by the number of ways to deal it; a composition pays if some way
to pay fits within its copies. With 16 distinct Kid cards and 4-card hands
there are a few thousand compositions, so this is exact and quick.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..model.pack import Card
from ..requirements import Requirement
from ..requirements.vocabulary import Vocabulary


def compositions(counts: tuple[int, ...], size: int) -> list[tuple[tuple[int, ...], int]]:
    """Each way to hold ``size`` cards (copies per distinct card) and how many deals give it."""
    found: list[tuple[tuple[int, ...], int]] = []

    def walk(i: int, left: int, taken: list[int], ways: int) -> None:
        if left == 0:
            found.append((tuple(taken) + (0,) * (len(counts) - i), ways))
            return
        if i == len(counts):
            return
        for k in range(min(left, counts[i]) + 1):
            taken.append(k)
            walk(i + 1, left - k, taken, ways * comb(counts[i], k))
            taken.pop()

    walk(0, size, [], 1)
    return found


def _fits(slots: tuple[frozenset[int], ...], held: tuple[int, ...]) -> bool:
    """Can each slot take a different held card it accepts? Backtracking over a few slots."""
    if not slots:
        return True
    first, rest = slots[0], slots[1:]
    for card in first:
        if held[card] > 0:
            spent = held[:card] + (held[card] - 1,) + held[card + 1:]
            if _fits(rest, spent):
                return True
    return False


def payable_odds(requirements: Sequence[Requirement], cards: Sequence[Card], vocabulary: Vocabulary,
                 hand: int) -> list[Fraction]:
    """For each requirement, the chance that ``hand`` random cards of the deck can pay it."""
    names = [c.name for c in cards]
    index = {name: i for i, name in enumerate(names)}
    total_cards = sum(c.count for c in cards)
    if hand > total_cards or hand < 1:
        return [Fraction(0)] * len(requirements)
    deals = compositions(tuple(c.count for c in cards), hand)
    total = comb(total_cards, hand)

    @lru_cache(maxsize=None)
    def odds(text: str) -> Fraction:
        requirement = by_text[text]
        ways = []
        for alt in requirement.alternatives:
            slots = []
            for slot in alt.cards():
                accepted: set[int] = set()
                for term in slot.options:
                    accepted |= {index[n] for n in (vocabulary.resolve(term.name) or ()) if n in index}
                slots.append(frozenset(accepted))
            ways.append(tuple(slots))
        good = sum(weight for held, weight in deals if any(_fits(w, held) for w in ways))
        return Fraction(good, total)

    by_text = {str(r): r for r in requirements}
    return [odds(str(r)) for r in requirements]
