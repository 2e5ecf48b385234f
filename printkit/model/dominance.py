"""Dominated claim cards: a card whose every way to pay also pays another card that is worth more.

A claim card A is *dominated* when every hand of exactly the claim's cost that
pays A also pays some other card worth strictly more points (not always the
same one). Holding such a hand, a player would rather claim the other card;
A is claimed only when nothing better is in reach. Cards worth the same are
never compared: SN x2 and SN + Any at 3 points each are two ways to score 3,
and the board decides which one a player stands on. Good Grief (2 points, CB x2 or LI x2) is dominated in Gag Grab: a
pair of Charlie Browns also pays Melting Snowman (3), two Linuses Great
Pumpkin (3).

Hands are counted over the paying deck's distinct cards, a card used twice
only when the deck holds two copies of it. The work is bounded by
``MAX_HANDS``: a deck and cost with more distinct hands than that is not
examined (no finding rather than a slow check).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations_with_replacement
from math import comb

from .payment import find_payment
from .vocabulary import Vocabulary
from ..requirements import Requirement

MAX_HANDS = 5_000  # distinct hands of the claim's cost (16 kinds, cost 2: 136)

Hand = tuple[str, ...]


def hand_count(kinds: int, cost: int) -> int:
    """How many distinct hands of ``cost`` cards ``kinds`` distinct cards make (repeats allowed)."""
    return comb(kinds + cost - 1, cost) if kinds > 0 and cost > 0 else 0


def hands(copies: Mapping[str, int], cost: int) -> list[Hand] | None:
    """Every distinct hand of ``cost`` cards the deck can deal (a card at most as often as its copies);
    None when there are more than ``MAX_HANDS``."""
    if hand_count(len(copies), cost) > MAX_HANDS:
        return None
    return [h for h in combinations_with_replacement(list(copies), cost)
            if all(h.count(name) <= copies[name] for name in set(h))]


def paying_hands(requirements: Sequence[Requirement], deck: Sequence[Hand], vocabulary: Vocabulary
                 ) -> list[frozenset[Hand]]:
    """For each requirement, the hands of ``deck`` that pay it (each distinct requirement matched once)."""
    found: dict[str, frozenset[Hand]] = {}
    out = []
    for requirement in requirements:
        text = str(requirement)
        if text not in found:
            found[text] = frozenset(h for h in deck if find_payment(requirement, h, vocabulary) is not None)
        out.append(found[text])
    return out


def dominated(cards: Iterable[tuple[str, int, frozenset]]) -> dict[str, list[str]]:
    """For each dominated card, by name: cards worth more that between them pay every hand paying it. ``cards`` gives each card's name, points and the hands that pay it; a
    card no hand pays is never dominated (check reports it as R403)."""
    listed = list(cards)
    # Cards alike in points and paying hands are beaten alike, and where they beat others _cover
    # names the first of them by name: so each distinct (points, hands) is judged once, against
    # the distinct others (a deck of thousands holds a few hundred).
    first: dict[tuple[int, frozenset], str] = {}
    for name, points, paying in listed:
        if (points, paying) not in first or name < first[(points, paying)]:
            first[(points, paying)] = name
    kinds = [(b_points, b_name, b_paying) for (b_points, b_paying), b_name in first.items()]
    judged: dict[tuple[int, frozenset], list[str] | None] = {}
    out: dict[str, list[str]] = {}
    for name, points, paying in listed:
        if not paying:
            continue
        if (points, paying) not in judged:
            better = [kind for kind in kinds if kind[0] > points]
            judged[(points, paying)] = _cover(paying, better) \
                if all(any(hand in b_paying for _, _, b_paying in better) for hand in paying) else None
        beaten = judged[(points, paying)]
        if beaten is not None:
            out[name] = list(beaten)
    return out


def _cover(paying: frozenset, better: list[tuple[int, str, frozenset]]) -> list[str]:
    """A few better cards that together pay every hand in ``paying``: greedily, the card paying most of
    the hands left (then the one worth more, then by name), as a designer would name them."""
    left, chosen = set(paying), []
    while left:
        _, _, name, pays = min((-len(left & b_paying), -b_points, b_name, b_paying)
                               for b_points, b_name, b_paying in better)
        chosen.append(name)
        left -= pays
    return chosen
