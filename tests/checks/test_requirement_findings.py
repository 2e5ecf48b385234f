"""Findings about claim requirements (R4xx), located to the character."""
import pytest
from conftest import at

# Line 3 of the mini gags.csv is "Toy Piano,5,LU + Schroeder": its requirement starts at column 13.


def with_requirement(mini, text: str) -> None:
    mini.edit("gags.csv", "Toy Piano,5,LU + Schroeder", f"Toy Piano,5,{text}")


@pytest.mark.parametrize("text, column, message", [
    ("LU x2 or CB + LU", 25, "'+' cannot be combined with 'x2'"),
    ("LU + CB or", 21, "'or' needs a card after it"),
    ("LU x0", 16, "'x0' asks for no cards"),
    ("LU or CB x2", 13, "'LU' needs a count: when 'or' joins 'x2' forms, each side is a whole requirement"),
    ('"LU + or CB"', 19, "'or' cannot follow '+'"),  # quoted: columns still count the quote
    ("", 13, "the requirement is empty"),
])
def test_R400_syntax_errors_point_at_the_offending_column(mini, text, column, message):
    with_requirement(mini, text)
    f = mini.only("R400")
    assert at(f) == ("gags.csv", 3, column)
    assert f.message == message


def test_R401_unknown_term_with_did_you_mean(mini):
    with_requirement(mini, "LU + Shroeder")
    f = mini.only("R401")
    assert at(f) == ("gags.csv", 3, 18)
    assert (f.message, f.hint) == ("unknown term 'Shroeder'", "did you mean 'Schroeder'?")


def test_R401_glued_count_gets_a_specific_hint(mini):
    with_requirement(mini, "LUx2")
    assert mini.only("R401").hint == "did you mean 'LU x2'? put a space before the count"


def test_R401_names_with_spaces_are_terms(mini):
    with_requirement(mini, "Peppermint Patty + Schroeder")
    assert mini.findings() == []


def test_R402_alternative_with_the_wrong_cost(mini):
    with_requirement(mini, "LU + Schroeder + CB")
    f = mini.only("R402")
    assert at(f) == ("gags.csv", 3, 13)
    assert f.message == "'LU + Schroeder + CB' costs 3 cards, but a claim costs 2"


def test_R402_each_alternative_is_costed(mini):
    with_requirement(mini, "CB x2 or LU x3")
    f = mini.only("R402")
    assert at(f) == ("gags.csv", 3, 22) and f.message.startswith("'LU x3' costs 3 cards")


def test_R403_requirement_the_deck_can_never_pay(mini):
    with_requirement(mini, "Schroeder x2")
    f = mini.only("R403")
    assert at(f) == ("gags.csv", 3, 13)
    assert f.hint == "it needs 2 cards matching 'Schroeder' and the deck has 1"


def test_R403_combo_needing_a_single_card_twice(mini):
    with_requirement(mini, "Schroeder + Schroeder")
    assert at(mini.only("R403")) == ("gags.csv", 3, 13)


def test_a_combo_the_deck_can_pay_another_way_is_fine(mini):
    with_requirement(mini, "Schroeder + Schroeder or Peppermint Patty")
    assert mini.findings() == []  # the second card can be Peppermint Patty


def test_R403_woodstock_twice_in_gag_grab(gag_grab):
    gag_grab.edit("gags.csv", "Bird Bath,5,SN + Woodstock", "Bird Bath,5,Woodstock x2")
    f = gag_grab.only("R403")
    assert at(f) == ("gags.csv", 24, 13)
    assert f.hint == "it needs 2 cards matching 'Woodstock' and the deck has 1"


def test_R404_requirement_too_long(mini):
    from printkit.requirements.limits import MAX_REQUIREMENT_CHARS
    with_requirement(mini, " + ".join(["LU"] * 200))
    f = mini.only("R404")
    assert at(f) == ("gags.csv", 3, 13 + MAX_REQUIREMENT_CHARS)
    assert f.message == f"the requirement is 997 characters long; the most is {MAX_REQUIREMENT_CHARS}"
