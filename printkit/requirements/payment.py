"""Can a hand pay a requirement, and with which cards?

Each alternative is a set of slots that must each take a different card, so
paying is a bipartite matching between slots and hand cards; augmenting
paths find one whenever one exists, where a greedy pick could miss it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .ast import Alternative, Requirement, Slot
from .vocabulary import Vocabulary


@dataclass(frozen=True)
class Payment:
    alternative: Alternative
    cards: tuple[int, ...]  # index into the hand of the card paying each slot, in slot order


def _accepts(slot: Slot, vocabulary: Vocabulary) -> frozenset[str]:
    names: frozenset[str] = frozenset()
    for term in slot.options:
        names |= vocabulary.resolve(term.name) or frozenset()
    return names


def match_slots(slots: Sequence[frozenset[str]], hand: Sequence[str]) -> tuple[int, ...] | None:
    """Give every slot a different hand card it accepts, or return None."""
    owner: dict[int, int] = {}  # hand index -> slot index

    def assign(slot: int, visited: set[int]) -> bool:
        fits = [i for i, name in enumerate(hand) if name in slots[slot] and i not in visited]
        # A free card first, so the answer keeps to hand order where it can;
        # only then move another slot's card along an augmenting path.
        for i in sorted(fits, key=lambda i: i in owner):
            visited.add(i)
            if i not in owner or assign(owner[i], visited):
                owner[i] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not assign(slot, set()):
            return None
    chosen = {slot: i for i, slot in owner.items()}
    return tuple(chosen[s] for s in range(len(slots)))


def pay_alternative(alternative: Alternative, hand: Sequence[str],
                    vocabulary: Vocabulary) -> Payment | None:
    slots = [_accepts(slot, vocabulary) for slot in alternative.cards()]
    cards = match_slots(slots, hand)
    return None if cards is None else Payment(alternative, cards)


def find_payment(requirement: Requirement, hand: Sequence[str],
                 vocabulary: Vocabulary) -> Payment | None:
    """The first alternative ``hand`` (card names) can pay, with the cards; else None."""
    for alternative in requirement.alternatives:
        payment = pay_alternative(alternative, hand, vocabulary)
        if payment is not None:
            return payment
    return None


def can_pay(requirement: Requirement, hand: Sequence[str], vocabulary: Vocabulary) -> bool:
    return find_payment(requirement, hand, vocabulary) is not None
