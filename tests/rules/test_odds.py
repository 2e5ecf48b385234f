"""Exact odds that a dealt hand can pay, against odds worked out by hand."""
from fractions import Fraction
from math import comb

import pytest
from conftest import REPO

from printkit.model.loader import load_pack
from printkit.requirements import parse_requirement
from printkit.model.vocabulary import pack_vocabulary
from printkit.model.odds import compositions, payable_odds

PACK = load_pack(REPO / "cards" / "gag-grab")[0]
KIDS = PACK.decks["kids"].cards
VOCABULARY = pack_vocabulary(PACK)
ALL = comb(52, 4)


def odds(text: str) -> Fraction:
    return payable_odds([parse_requirement(text)], KIDS, VOCABULARY, 4)[0]


def test_two_of_one_main_character():
    # At least 2 of the 10 Snoopys among 4 cards from 52.
    none, one = comb(42, 4), 10 * comb(42, 3)
    assert odds("SN x2") == Fraction(ALL - none - one, ALL)


def test_one_main_character_and_one_gallery_card():
    # At least one Lucy (10) and the single Schroeder among 4 cards.
    with_schroeder = comb(51, 3)
    with_schroeder_no_lucy = comb(41, 3)
    assert odds("LU + Schroeder") == Fraction(with_schroeder - with_schroeder_no_lucy, ALL)


def test_alternatives_count_once():
    # CB x2 or LI x2: at least two of one or the other, by inclusion and exclusion.
    def at_least_two(k):  # k copies of the card among 52
        return ALL - comb(52 - k, 4) - k * comb(52 - k, 3)
    both = comb(10, 2) * comb(10, 2)  # exactly two of each
    assert odds("CB x2 or LI x2") == Fraction(2 * at_least_two(10) - both, ALL)


def test_impossible_and_certain():
    assert odds("Schroeder x2") == 0
    assert odds("Any") == 1


def test_compositions_weigh_every_deal():
    assert sum(w for _, w in compositions((10, 10, 10, 10) + (1,) * 12, 4)) == ALL


@pytest.mark.parametrize("hand", [0, 53])
def test_hands_the_deck_cannot_deal(hand):
    assert payable_odds([parse_requirement("SN x2")], KIDS, VOCABULARY, hand) == [0]


def brute_force(requirement, cards, vocabulary, hand):
    """The odds by dealing every hand of distinct physical cards: the definition itself."""
    from itertools import combinations

    from printkit.model.payment import can_pay
    deck = [c.name for c in cards for _ in range(c.count)]
    hands = list(combinations(range(len(deck)), hand))
    good = sum(can_pay(requirement, [deck[i] for i in h], vocabulary) for h in hands)
    return Fraction(good, len(hands))


SMALL = [c for c in KIDS if c.count == 1][:6] + [  # a deck of 12 cards, some with copies
    type(KIDS[0])(KIDS[0].deck, KIDS[0].name, 3, KIDS[0].line, KIDS[0].values, KIDS[0].cells),
    type(KIDS[3])(KIDS[3].deck, KIDS[3].name, 3, KIDS[3].line, KIDS[3].values, KIDS[3].cells)]


@pytest.mark.parametrize("text", ["CB x2", "CB + LU", "CB or SN + CB", "LU + Schroeder", "Any x2",
                                  "MC + Any", "Boy + Girl", "CB x2 or LU x2 or Girl x3", "Girl + Girl or CB"])
@pytest.mark.parametrize("hand", [1, 2, 3, 5])
def test_class_counting_agrees_with_dealing_every_hand(text, hand):
    requirement = parse_requirement(text)
    assert payable_odds([requirement], SMALL, VOCABULARY, hand) == \
        [brute_force(requirement, SMALL, VOCABULARY, hand)]


def test_odds_beyond_the_work_limit_are_left_out(monkeypatch):
    import printkit.model.odds as module
    monkeypatch.setattr(module, "ODDS_MAX_STATES", 10)
    assert payable_odds([parse_requirement("SN x2"), parse_requirement("MC + Any")], KIDS, VOCABULARY, 4) == []


def test_a_big_hand_is_counted_exactly():
    # At least two Snoopys in 30 cards from 52: 1 - P(0) - P(1).
    total = comb(52, 30)
    assert payable_odds([parse_requirement("SN x2")], KIDS, VOCABULARY, 30) == \
        [Fraction(total - comb(42, 30) - 10 * comb(42, 29), total)]
