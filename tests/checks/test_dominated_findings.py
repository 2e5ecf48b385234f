"""Dominated claim cards (N604): every hand paying the card pays one worth more."""
from conftest import at

from printkit.model.dominance import dominated, hands


def test_N604_card_beaten_by_one_card_worth_more(mini):
    # CB + LU is paid by one hand only, (CB, LU), and Football Kick (4 points) takes the same hand.
    mini.edit("gags.csv", "Bad Temper,2,LU x2 or CB x2", "Bad Temper,2,CB + LU")
    f = mini.only("N604")
    assert at(f) == ("gags.csv", 4, 1) and not f.is_error
    assert f.message == "every hand that pays 'Bad Temper' (points: 2) also pays a card worth more: Football Kick (4)"


def test_N604_card_beaten_by_two_cards_between_them(mini):
    # (LU, LU) pays Toy Piano (5), (CB, CB) Football Kick (4): neither alone covers Bad Temper.
    mini.edit("gags.csv", "Football Kick,4,CB + LU", "Football Kick,4,CB x2")
    mini.edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,5,LU x2")
    f = mini.only("N604")
    assert f.message == ("every hand that pays 'Bad Temper' (points: 2) also pays a card worth more: "
                         "Toy Piano (5), Football Kick (4)")


def test_a_card_worth_the_same_is_not_dominated(mini):
    mini.edit("gags.csv", "Bad Temper,2,LU x2 or CB x2", "Bad Temper,4,CB + LU")
    mini.edit("game.toml", "sum.points = 12", "sum.points = 14")
    assert [f for f in mini.findings() if f.code == "N604"] == []


def test_hands_use_a_card_twice_only_when_the_deck_has_two():
    assert hands({"A": 1, "B": 2}, 2) == [("A", "B"), ("B", "B")]


def test_a_hand_left_uncovered_keeps_the_card():
    ab, bb = ("A", "B"), ("B", "B")
    # 'low' (1 point) is paid by ab and bb; 'high' (3) only by ab: bb still prefers nothing better.
    assert dominated([("low", 1, frozenset({ab, bb})), ("high", 3, frozenset({ab}))]) == {}
    assert dominated([("low", 1, frozenset({ab, bb})), ("high", 3, frozenset({ab})),
                      ("mid", 2, frozenset({bb}))]) == {"low": ["high", "mid"]}
