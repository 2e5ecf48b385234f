"""Findings about deck composition (K5xx), pointing at the manifest's expectation."""
import pytest
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


MINI_STARTS = 'starts = ["A1", "B2", "B1", "A2"]'
HINT_K502 = ("add spaces to [board] starts (or to [board.extra_starts], from a number of players on), "
             "or take fewer players ([game] players, now 2 to 4)")


@pytest.mark.parametrize("starts, message", [
    ('starts = ["A1"]', "2 players need 2 start spaces, one pawn on each, but the board has 1 for them (A1)"),
    ('starts = ["A1", "A1", "A1", "A1"]',
     "2 players need 2 start spaces, one pawn on each, but the board has 1 for them (A1)"),
    ("starts = []", "2 players need 2 start spaces, one pawn on each, but the board has 0 for them"),
    ('starts = ["A1", "B2"]', "3 players need 3 start spaces, one pawn on each, but the board has 2 for them (A1, B2)"),
])
def test_K502_fewer_start_spaces_than_players(mini, starts, message):
    mini.edit("game.toml", MINI_STARTS, starts)
    f = mini.only("K502")
    assert at(f) == ("game.toml", 51, 1) and not f.is_error
    assert f.message == message and f.hint == HINT_K502


def test_K502_extra_starts_from_more_players_than_the_game_takes(mini):
    mini.edit("game.toml", MINI_STARTS, 'starts = ["A1", "B2"]\nextra_starts = { players = 99, spaces = ["A2", "B1"] }')
    f = mini.only("K502")
    assert at(f) == ("game.toml", 51, 1)  # 3 players are short of spaces before the extra ones join
    assert f.message.startswith("3 players need 3 start spaces")


def test_K502_extra_starts_that_repeat_the_starts_point_at_extra_starts(mini):
    mini.edit("game.toml", MINI_STARTS, 'starts = ["A1", "B2"]\nextra_starts = { players = 3, spaces = ["A1"] }')
    f = mini.only("K502")
    assert at(f) == ("game.toml", 52, 1)
    assert f.message == "3 players need 3 start spaces, one pawn on each, but the board has 2 for them (A1, B2)"


def test_K502_not_given_when_extra_starts_seat_the_rest(mini):
    mini.edit("game.toml", MINI_STARTS, 'starts = ["A1", "B2"]\nextra_starts = { players = 3, spaces = ["A2", "B1"] }')
    assert [f for f in mini.findings() if f.code == "K502"] == []
