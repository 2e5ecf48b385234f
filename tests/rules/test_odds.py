"""Exact odds that a dealt hand can pay, against odds worked out by hand."""
from fractions import Fraction
from math import comb

import pytest
from conftest import REPO

from printkit.model.loader import load_pack
from printkit.requirements import parse_requirement
from printkit.requirements.vocabulary import pack_vocabulary
from printkit.rules.odds import compositions, payable_odds

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
