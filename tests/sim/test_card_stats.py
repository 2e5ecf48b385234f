"""Card statistics: intervals on card rates, cards judged against an engine's model, bot limits, dominated cards."""
from types import SimpleNamespace

import pytest

from printkit.sim.card_stats import card_observations, card_table, fit_logistic, limit_lines, outliers, predictions


def engine(cards, **extra):
    return SimpleNamespace(card_figures=lambda setup, records: cards, **extra)


def test_every_rate_gets_a_wilson_interval_of_games_or_of_its_base():
    cards = {"A": {"claimed_rate": 0.5, "reached": 20, "payable_rate": 0.25}}
    table = card_table(engine(cards, rate_bases={"payable_rate": "reached"}), None, [None] * 100)
    # Wilson 95%: 50 of 100 is 0.4038–0.5962; 5 of 20 is 0.1119–0.4687 (published tables).
    assert table["A"]["claimed_rate_ci95"] == pytest.approx([0.4038, 0.5962], abs=1e-4)
    assert table["A"]["payable_rate_ci95"] == pytest.approx([0.1119, 0.4687], abs=1e-4)
    assert list(table["A"]) == ["claimed_rate", "claimed_rate_ci95", "reached", "payable_rate", "payable_rate_ci95"]


def test_a_logistic_fit_with_an_intercept_alone_is_the_pooled_rate():
    beta, = fit_logistic([([1.0], 30, 100), ([1.0], 10, 100)])  # 40 of 200
    assert 1 / (1 + 2.718281828459045 ** -beta) == pytest.approx(0.2, abs=1e-9)


GROUPED = {"a1": {"value": 1, "scored_rate": 0.5}, "a2": {"value": 1, "scored_rate": 0.5},
           "a3": {"value": 1, "scored_rate": 0.9}, "b1": {"value": 2, "scored_rate": 0.2},
           "b2": {"value": 2, "scored_rate": 0.2}}
MODEL = {"rate": "scored_rate", "groups": ("value",), "against": "the cards of the same value"}


def test_a_group_model_predicts_the_pooled_rate_of_the_group():
    found = predictions(GROUPED, MODEL, {}, 1000)
    # value 1: (500 + 500 + 900) / 3000; value 2: 0.2
    assert found["a1"] == pytest.approx(1900 / 3000, abs=1e-6) and found["b2"] == pytest.approx(0.2, abs=1e-6)


def test_only_a_card_whose_corrected_interval_clears_the_model_by_the_margin_is_flagged():
    table = card_table(engine(GROUPED, card_model=MODEL), None, [None] * 1000)
    # a3: 900 of 1000, odds 9 against the group's 1.73; a1 and a2 at 0.5 (odds 1) are within 2× of 1.73.
    (name, rate, lo, hi, predicted), = outliers(table, MODEL, {}, 1000)
    assert (name, rate) == ("a3", 0.9) and lo > 0.85 and predicted == pytest.approx(0.6333, abs=1e-4)
    notes = card_observations(table, 1000, False, engine(GROUPED, card_model=MODEL))
    assert notes == ["1 of 5 cards is scored more often than the cards of the same value predicts, beyond chance (95% "
                     "intervals corrected for 5 cards) and by more than 2× in odds: a3 90% (model 63.3%)."]


def test_a_bot_limit_is_no_card_finding():
    cards = {"Linus": {"played_rate": 0.0}, "Lucy": {"played_rate": 0.5}}
    assert card_observations(cards, 10, False, None, {"Linus": "the bots never play it"}) == []
    assert limit_lines({"peek": "the bots never play it"}, {"peek": "Linus"}) == [
        "Bot limit: Linus: the bots never play it."]


def test_dominated_cards_claimed_say_how_often_something_better_was_payable():
    cards = {"Good Grief": {"claimed_rate": 0.025, "better_on_board_rate": 1.0},
             "Never": {"claimed_rate": 0.0, "better_on_board_rate": None}}
    notes = card_observations(cards, 2000, False, None, None, {"Good Grief": ["Bible Quotes"], "Never": ["X"]})
    assert notes[-1] == ("1 dominated card was claimed (check N604: every hand paying one also pays a card worth "
                         "more); share of their claims made while a card worth more that the same hand could pay "
                         "lay on the board: Good Grief (claimed in 2.5% of games; better on the board at 100% of "
                         "its claims).")
