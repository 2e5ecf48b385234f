"""Findings about deck composition (K5xx), pointing at the manifest's expectation."""
from conftest import at


def test_K500_every_expected_count_is_compared(mini):
    mini.edit("kids.csv", "Lucy,LU,main,3", "Lucy,LU,main,2")
    found = {at(f): f.message for f in mini.findings() if f.code == "K500"}
    assert found == {
        ("game.toml", 19, 1): "deck 'kids' should have 8 cards in all, but kids.csv has 7",
        ("game.toml", 20, 13): "deck 'kids' should have 6 cards with kind 'main', but kids.csv has 5",
        ("game.toml", 21, 21): "deck 'kids' should have 3 cards with code 'LU', but kids.csv has 2",
    }


def test_K500_sum_of_a_column(mini):
    mini.edit("gags.csv", "Football Kick,4", "Football Kick,3")
    f = mini.only("K500")
    assert at(f) == ("game.toml", 34, 5)
    assert f.message == "deck 'gags' should have 12 'points' in all, but gags.csv has 11"


def test_K500_is_not_repeated_when_a_row_error_explains_it(mini):
    mini.edit("kids.csv", "Lucy,LU,main", "Lucy,LU,mian")
    assert [f.code for f in mini.findings()] == ["V301"]


def test_K501_fewer_cards_than_board_spaces(mini):
    mini.edit("game.toml", "columns = 2", "columns = 3")
    f = mini.only("K501")
    assert at(f) == ("game.toml", 47, 1)
    assert f.message == "the 3×2 board has 6 spaces but deck 'gags' has only 4 cards"
