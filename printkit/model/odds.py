"""How often a hand dealt from the paying deck can pay a requirement, counted exactly.

A requirement cannot tell apart two cards that the same slots accept, so for
each requirement the distinct cards are first merged into *classes* by the
slots that accept them (every card no slot accepts falls into one class that
only fills the hand). Every composition of an n-card hand over those classes
is weighed by the number of ways to deal it; a composition pays if some way
to pay fits within its cards. Holding more cards of a class than there are
slots to take them changes nothing, so counts are capped there, and the
state space stays small: a few dozen states for Gag Grab's requirements,
however many Kid cards or however large the hand.

The work is bounded all the same (``printkit.requirements.limits``): for a
hand of more than ``ODDS_MAX_HAND`` cards (``printkit check`` reports such
an ``odds_hand`` as M104), a requirement needing more than
``ODDS_MAX_STATES`` states, or a table needing more than ``ODDS_MAX_WORK``
steps in all, ``payable_odds`` returns no odds at all, so the card table
shows '–' throughout rather than odds of two kinds. The result is exact or
absent, never estimated, and the same on every machine.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb, prod

from ..core.errors import PrintkitError
from .pack import Card
from ..requirements import Requirement
from ..requirements.limits import ODDS_MAX_HAND, ODDS_MAX_STATES, ODDS_MAX_WORK
from .payment import match_slots
from .vocabulary import Vocabulary


class OverBudget(PrintkitError):
    """Counting the odds exactly would take more than the limits allow."""


def compositions(counts: tuple[int, ...], size: int) -> list[tuple[tuple[int, ...], int]]:
    """Each way to hold ``size`` cards (copies per distinct card) and how many deals give it.

    Walked with an explicit stack; the list grows with the number of
    compositions, so callers keep ``counts`` and ``size`` small.
    """
    found: list[tuple[tuple[int, ...], int]] = []
    stack: list[tuple[int, int, tuple[int, ...], int]] = [(0, size, (), 1)]
    while stack:
        i, left, taken, ways = stack.pop()
        if left == 0:
            found.append((taken + (0,) * (len(counts) - i), ways))
            continue
        if i == len(counts):
            continue
        for k in range(min(left, counts[i]), -1, -1):  # popped in increasing k, as the old recursion
            stack.append((i + 1, left - k, taken + (k,), ways * comb(counts[i], k)))
    return found


Way = list[tuple[frozenset[int], int]]  # an alternative: each kind of slot, and how many of it


def _ways(requirement: Requirement, vocabulary: Vocabulary, index: dict[str, int],
          resolved: dict[str, frozenset[int]], budget: list[int]) -> list[Way]:
    """Each alternative as its kinds of slot: the distinct cards (by index) one accepts, and how many.

    Alike slots (the N of 'xN') are resolved once, and each term once per table (``resolved``).
    """
    ways = []
    for alt in requirement.alternatives:
        kinds: dict[object, tuple[frozenset[int], int]] = {}
        for slot in alt.cards():
            if slot in kinds:
                accepted, n = kinds[slot]
                kinds[slot] = (accepted, n + 1)
                continue
            found: frozenset[int] = frozenset()
            for term in slot.options:
                if term.name not in resolved:
                    names = vocabulary.resolve(term.name) or ()
                    _spend(budget, len(names))
                    resolved[term.name] = frozenset(index[n] for n in names if n in index)
                found |= resolved[term.name]
            kinds[slot] = (found, 1)
        ways.append(list(kinds.values()))
    return ways


def _spend(budget: list[int], steps: int) -> None:
    budget[0] -= steps
    if budget[0] < 0:
        raise OverBudget


def _classes(ways: list[Way], budget: list[int]) -> list[tuple[frozenset[int], tuple[tuple[int, int], ...]]]:
    """The cards some slot accepts, split into classes by the (alternative, kind of slot) accepting them."""
    parts: list[tuple[frozenset[int], tuple[tuple[int, int], ...]]] = [
        (frozenset().union(*(accepted for kinds in ways for accepted, _ in kinds)), ())]
    for a, kinds in enumerate(ways):
        for k, (accepted, _) in enumerate(kinds):
            _spend(budget, len(parts))
            split = []
            for part, key in parts:
                inside, outside = part & accepted, part - accepted
                if inside:
                    split.append((inside, key + ((a, k),)))
                if outside:
                    split.append((outside, key))
            parts = split
    return [(part, key) for part, key in parts if key]


def _count(ways: list[Way], copies: Sequence[int], hand: int, budget: list[int]) -> Fraction:
    """The chance a ``hand``-card deal from cards with ``copies`` pays one of ``ways``."""
    # Classes: cards accepted by the same slots. A class's cap is the most
    # slots of one alternative that accept it; holding more never helps.
    classes = _classes(ways, budget)
    _spend(budget, sum(len(part) for part, _ in classes))
    totals = [sum(copies[card] for card in part) for part, _ in classes]
    caps = []
    for (_, key), total in zip(classes, totals):
        per_way: dict[int, int] = {}
        for a, k in key:
            per_way[a] = per_way.get(a, 0) + ways[a][k][1]
        caps.append(min(max(per_way.values()), total, hand))
    rest = sum(copies) - sum(totals)  # cards no slot accepts: they only fill the hand
    states = prod(cap + 1 for cap in caps) * (hand + 1)
    if states > ODDS_MAX_STATES:
        raise OverBudget
    # Each alternative's slots as sets of classes, one per card it takes.
    accepting: dict[tuple[int, int], set[int]] = {}
    for c, (_, key) in enumerate(classes):
        for mark in key:
            accepting.setdefault(mark, set()).add(c)
    class_ways = [[group for k, (_, n) in enumerate(kinds) for group in [frozenset(accepting.get((a, k), ()))] * n]
                  for a, kinds in enumerate(ways)]

    # table[(capped counts per class so far, cards dealt so far)] = ways to deal them
    table: dict[tuple[tuple[int, ...], int], int] = {((), 0): 1}
    for c, total in enumerate(totals):
        ways_to_take = [comb(total, k) for k in range(min(total, hand) + 1)]
        step: dict[tuple[tuple[int, ...], int], int] = {}
        for (held, used), weight in table.items():
            _spend(budget, min(total, hand - used) + 1)
            for k in range(min(total, hand - used) + 1):
                state = (held + (min(k, caps[c]),), used + k)
                step[state] = step.get(state, 0) + weight * ways_to_take[k]
        table = step

    pays: dict[tuple[int, ...], bool] = {}
    good = 0
    for (held, used), weight in table.items():
        if hand - used > rest:
            continue
        if held not in pays:
            cards = [c for c, k in enumerate(held) for _ in range(k)]
            pays[held] = any(match_slots(slots, cards) is not None for slots in class_ways)
        if pays[held]:
            good += weight * comb(rest, hand - used)
    return Fraction(good, comb(sum(copies), hand))


def payable_odds(requirements: Sequence[Requirement], cards: Sequence[Card], vocabulary: Vocabulary,
                 hand: int) -> list[Fraction]:
    """For each requirement, the chance that ``hand`` random cards of the deck can pay it.

    An empty list when counting them would exceed the limits (see the module's docstring).
    """
    index = {c.name: i for i, c in enumerate(cards)}
    copies = [c.count for c in cards]
    total_cards = sum(copies)
    if hand > total_cards or hand < 1:
        return [Fraction(0)] * len(requirements)
    if hand > ODDS_MAX_HAND:
        return []
    budget = [ODDS_MAX_WORK]
    found: dict[str, Fraction] = {}
    resolved: dict[str, frozenset[int]] = {}
    try:
        for requirement in requirements:
            text = str(requirement)
            if text not in found:
                ways = _ways(requirement, vocabulary, index, resolved, budget)
                found[text] = _count(ways, copies, hand, budget)
    except OverBudget:
        return []
    return [found[str(r)] for r in requirements]
