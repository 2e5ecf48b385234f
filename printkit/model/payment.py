"""Can a hand pay a requirement, and with which cards?

Each alternative is a set of slots that must each take a different card, so
paying is a bipartite matching between slots and hand cards; augmenting
paths find one whenever one exists, where a greedy pick could miss it.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..requirements.ast import Alternative, Requirement, Slot
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


CardKey = TypeVar("CardKey", bound=Hashable)  # a card's name, or anything else that tells cards apart


def match_slots(slots: Sequence[frozenset[CardKey]], hand: Sequence[CardKey]) -> tuple[int, ...] | None:
    """Give every slot a different hand card it accepts, or return None.

    Kuhn's augmenting paths, walked with an explicit stack rather than
    recursion, so a requirement of many slots cannot exhaust Python's stack;
    the work is at most slots × (slots + hand) steps per slot.
    """
    owner: dict[int, int] = {}  # hand index -> slot index
    places: dict[CardKey, list[int]] = {}  # card name -> its indices in the hand
    for i, name in enumerate(hand):
        places.setdefault(name, []).append(i)

    def accepted(wanted: frozenset[CardKey]) -> list[int]:
        if len(wanted) >= len(places):
            return [i for i, name in enumerate(hand) if name in wanted]
        return sorted(i for name in wanted for i in places.get(name, ()))

    accepts = [accepted(wanted) for wanted in slots]

    def choices(slot: int, visited: set[int]) -> list[int]:
        # A free card first, so the answer keeps to hand order where it can;
        # only then move another slot's card along an augmenting path.
        fits = [i for i in accepts[slot] if i not in visited]
        return sorted(fits, key=lambda i: i in owner)

    for first in range(len(slots)):
        visited: set[int] = set()
        stack: list[list] = [[first, choices(first, visited), 0]]  # slot, its choices, next choice
        found: bool | None = None  # the answer of the frame just popped
        while stack:
            frame = stack[-1]
            slot, fits, at = frame
            if found:  # the card tried last was freed for this slot
                owner[fits[at - 1]] = slot
                stack.pop()
                continue
            found = None
            while at < len(fits) and fits[at] in visited:
                at += 1  # searched already in this pass, and in vain
            if at == len(fits):
                stack.pop()
                found = False
                continue
            card = fits[at]
            frame[2] = at + 1
            visited.add(card)
            if card not in owner:
                owner[card] = slot
                stack.pop()
                found = True
            else:
                stack.append([owner[card], choices(owner[card], visited), 0])
        if not found:
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
