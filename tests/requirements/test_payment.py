"""Paying requirements from a hand: a true matching, not a greedy pick."""
from pathlib import Path

import pytest

from printkit.model.pack import Card, Category
from printkit.requirements import parse_requirement
from printkit.model.payment import can_pay, find_payment, match_slots
from printkit.model.vocabulary import Vocabulary
from printkit.core.findings import Location

KIDS = [  # name, code, kind, gender
    ("Charlie Brown", "CB", "main", "boy"), ("Snoopy", "SN", "main", "boy"),
    ("Linus", "LI", "main", "boy"), ("Lucy", "LU", "main", "girl"),
    ("Schroeder", "", "gallery", "boy"), ("Peppermint Patty", "", "gallery", "girl"),
]
HERE = Location(Path("kids.csv"))


def vocabulary() -> Vocabulary:
    cards = [Card("kids", n, 1, i + 2, {"name": n, "code": c, "kind": k, "gender": g}, {})
             for i, (n, c, k, g) in enumerate(KIDS)]
    categories = [Category("MC", "main", (("kind", "main"),), HERE),
                  Category("Girl", "girl", (("gender", "girl"),), HERE),
                  Category("Any", "any", (), HERE)]
    return Vocabulary.build(cards, ["code", "name"], categories)


V = vocabulary()


def pays(requirement: str, *hand: str) -> bool:
    return can_pay(parse_requirement(requirement), list(hand), V)


def test_matching_not_greedy():
    # Taking the first card that fits each slot in turn gives Charlie Brown to
    # "CB or SN" and leaves Snoopy for "CB": a greedy payer wrongly refuses.
    assert pays("CB or SN + CB", "Charlie Brown", "Snoopy")
    assert pays("CB or SN + CB", "Snoopy", "Charlie Brown")
    assert not pays("CB or SN + CB", "Snoopy", "Snoopy")


def test_payment_names_the_cards_used():
    hand = ["Lucy", "Charlie Brown", "Snoopy"]
    payment = find_payment(parse_requirement("CB or SN + CB"), hand, V)
    assert [hand[i] for i in payment.cards] == ["Snoopy", "Charlie Brown"]


@pytest.mark.parametrize("requirement, hand, ok", [
    ("SN x2", ["Snoopy", "Snoopy"], True),
    ("SN x2", ["Snoopy", "Lucy"], False),
    ("CB x2 or LI x2", ["Linus", "Lucy", "Linus"], True),
    ("CB x2 or LI x2", ["Linus", "Charlie Brown"], False),
    ("MC + Any", ["Schroeder", "Lucy"], True),
    ("MC + Any", ["Schroeder", "Peppermint Patty"], False),
    ("MC + MC", ["Lucy"], False),
    ("Girl + LU", ["Lucy", "Peppermint Patty"], True),
    ("Girl + LU", ["Lucy"], False),  # one card cannot pay two slots
    ("Peppermint Patty + CB", ["Charlie Brown", "Peppermint Patty"], True),
    ("Lucy + Charlie Brown", ["Charlie Brown", "Lucy"], True),  # names work like codes
    ("LI or CB + LI or CB or LU", ["Lucy", "Lucy"], False),
    ("LI or CB + LI or CB or LU", ["Lucy", "Charlie Brown"], True),
])
def test_hands(requirement, hand, ok):
    assert pays(requirement, *hand) is ok


def test_second_alternative_is_used_when_the_first_cannot_pay():
    payment = find_payment(parse_requirement("CB x2 or LI x2"), ["Linus", "Snoopy", "Linus"], V)
    assert str(payment.alternative) == "LI x2" and payment.cards == (0, 2)


def test_match_slots_needs_augmenting_paths():
    # Slot 0 takes a or b, slot 1 only a, slot 2 b or c: slot 0 must give a up.
    slots = [frozenset("ab"), frozenset("a"), frozenset("bc")]
    assert match_slots(slots, ["a", "b", "c"]) == (1, 0, 2)
    assert match_slots(slots[:2] + [frozenset("a")], ["a", "b", "c"]) is None
