"""The simulator's runner, summary and report, played with a toy engine (tests/sim/toy_engine.py)."""
import json
import random

import pytest
import toy_engine

from printkit.games.records import GameRecord
from printkit.sim.report import json_report, text_report
from printkit.sim.run import chunks, game_seed, simulate
from printkit.sim.card_stats import card_observations
from printkit.sim.summary import count_observations, count_summary, seat_wins, summarize, \
    wilson


def run_report(workers, games=150, counts=(2, 4), seed=5):
    runs = simulate(None, toy_engine, games, list(counts), None, seed, workers=workers)
    summary = summarize(toy_engine, toy_engine.prepare(None), runs, pack="toy", title="Toy", bot="plain",
                        seed=seed, max_turns=2000)
    return runs, summary


@pytest.fixture(scope="module")
def one_and_two():
    return run_report(1), run_report(2)


def test_same_seed_same_json_whatever_the_workers(one_and_two):
    (runs1, summary1), (runs2, summary2) = one_and_two
    assert runs1 == runs2
    assert json_report(summary1).encode() == json_report(summary2).encode()
    assert text_report(summary1) == text_report(summary2)


def test_each_game_is_its_own_seeded_game():
    """Game i of p players is the engine's game for random.Random(game_seed(seed, p, i)), in any chunking."""
    runs = simulate(None, toy_engine, 70, [3], "lucky", 9, workers=1)  # 70 games: two chunks
    expected = toy_engine.play(toy_engine.prepare(None), 3, ("lucky",) * 3, random.Random(game_seed(9, 3, 66)))
    assert runs[3][66] == expected
    assert len(runs[3]) == 70
    assert game_seed(9, 3, 66) != game_seed(9, 4, 66) != game_seed(10, 3, 66)


def test_another_seed_another_run():
    assert simulate(None, toy_engine, 30, [2], None, 1, workers=1) != simulate(None, toy_engine, 30, [2], None, 2,
                                                                                workers=1)


def test_chunks_cover_every_game_once():
    parts = chunks(130, [2, 5], size=64)
    assert parts == [(2, 0, 64), (2, 64, 128), (2, 128, 130), (5, 0, 64), (5, 64, 128), (5, 128, 130)]


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="no bot 'clever'; it has plain, lucky"):
        simulate(None, toy_engine, 5, [2], "clever", 0, workers=1)


def test_wilson_interval_against_hand_worked_values():
    # 30 of 100: p = 0.3, z = 1.96: centre (0.3 + 0.019208) / 1.038416 = 0.307405;
    # half 1.96 / 1.038416 * sqrt(0.0021 + 0.00009604) = 0.088452 -> 0.21895 .. 0.39586.
    lo, hi = wilson(30, 100)
    assert lo == pytest.approx(0.21895, abs=1e-4) and hi == pytest.approx(0.39586, abs=1e-4)
    # 0 of 10: the interval starts at 0 and ends at z²/(n + z²) = 3.8415 / 13.8415 = 0.27753.
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.27753, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(10, 10)[0] == pytest.approx(1 - 0.27753, abs=1e-4)


def record(scores, winners, turns=10, rounds=5, truncated=False, events=()):
    return GameRecord(len(scores), tuple(scores), tuple(winners), turns, rounds, events, (("rolls", 1),), truncated)


def test_shared_wins_are_split_and_rates_add_up_to_one():
    records = [record([5, 5, 1], [0, 1]), record([1, 2, 9], [2]), record([4, 4, 4], [0, 1, 2]),
               record([7, 1, 1], [0])]
    assert seat_wins(records, 3) == pytest.approx([1 / 2 + 1 / 3 + 1, 1 / 2 + 1 / 3, 1 + 1 / 3])
    figures = count_summary(toy_engine, toy_engine.prepare(None), 3, records)
    assert sum(figures["win_rate_by_seat"]) == pytest.approx(1.0)
    assert figures["win_rate_by_seat"][0] == pytest.approx((1 / 2 + 1 / 3 + 1) / 4)
    assert figures["ties"] == 0.5
    assert figures["margin"]["mean"] == pytest.approx((0 + 7 + 0 + 6) / 4)  # winner less the runner-up
    assert figures["winning_score"]["mean"] == pytest.approx((5 + 9 + 4 + 7) / 4)


def test_length_figures():
    records = [record([1, 0], [0], turns=t, rounds=r) for t, r in ((10, 5), (14, 7), (12, 6), (12, 6))]
    figures = count_summary(toy_engine, toy_engine.prepare(None), 2, records)
    assert figures["length"]["turns"] == {"mean": 12, "sd": pytest.approx(1.63299, abs=1e-4), "min": 10,
                                          "median": 12, "max": 14}
    assert figures["length"]["rounds_histogram"] == [[5, 1], [6, 2], [7, 1]]
    assert figures["turns"] == 12 and figures["rounds"] == 6


def test_observations_name_the_seat_beyond_chance():
    # Seat 1 wins 62 of 100 two-player games: chi-square (62 - 50)²/50 × 2 = 5.76 with 1 degree of freedom,
    # p ≈ 0.016 (between the tables' 5.412 at 0.02 and 6.635 at 0.01); with two seats there is one hypothesis.
    records = [record([1, 0], [0])] * 62 + [record([0, 1], [1])] * 38
    figures = count_summary(toy_engine, toy_engine.prepare(None), 2, records)
    notes = count_observations(figures, 2000)
    assert notes[0] == ("Seats win unequal shares of 2-player games (chi-square test of equal shares over the 2 seats, "
                        "p = 0.016).")
    assert notes[1] == "Seat 1 (the first player) wins 62% of 2-player games (a fair share is 50%; 95% interval 52.2–70.9%)."
    assert notes[2] == "Seat 2 wins 38% of 2-player games (a fair share is 50%; 95% interval 29.1–47.8%)."
    fair = count_summary(toy_engine, toy_engine.prepare(None), 2, records[12:])  # 50 against 38: p ≈ 0.22
    assert "no seat wins more or less often than its fair share of 50% beyond chance" in count_observations(fair, 9)[0]


def test_observations_of_ties_and_truncated_games():
    records = [record([3, 3], [0, 1])] * 10 + [record([1, 0], [0], truncated=True)] * 2 + [record([1, 0], [0])] * 8
    notes = count_observations(count_summary(toy_engine, toy_engine.prepare(None), 2, records), 2000)
    assert "50% of 2-player games end in a shared win." in notes
    assert ("2 of 20 2-player games reached the limit of 2,000 turns and were stopped: a stalemate the rules "
            "allow, or a bug in the engine.") in notes


def test_card_observations_name_cards_never_claimed_but_no_median_outliers():
    cards = {name: {"claimed_rate": rate} for name, rate in
             (("A", 0.9), ("B", 0.3), ("C", 0.3), ("D", 0.25), ("E", 0.1), ("F", 0.0))}
    # No engine model: A (three times the median) is no longer an outlier by itself.
    assert card_observations(cards, 1000, pooled=False) == ["1 of 6 cards was never claimed in 1,000 games: F."]


def test_json_contract_keys(one_and_two):
    (_, summary), _ = one_and_two
    data = json.loads(json_report(summary))
    assert data["games"] == 150 and data["players"] == 2 and data["player_counts"] == [2, 4]
    assert isinstance(data["turns"], float)
    assert len(data["win_rate_by_seat"]) == 2 and sum(data["win_rate_by_seat"]) == pytest.approx(1, abs=1e-3)
    assert set(data["cards"]) == {"Apple", "Banana", "Cherry", "Damson", "Elder", "Never"}
    assert data["cards"]["Never"]["claimed_rate"] == 0
    four = data["by_players"]["4"]
    assert four["players"] == 4 and four["games"] == 150 and len(four["win_rate_by_seat"]) == 4
    assert data["by_players"]["2"]["win_rate_by_seat"] == data["win_rate_by_seat"]
    assert "1 of 6 cards was never claimed in 300 games (all player counts): Never." in data["observations"]
    # Seats explained: every seat's rows of win rate given turns cover every game once.
    assert len(four["win_rate_given_turns"]) == 4
    assert all(sum(row["games"] for row in rows) == 150 for rows in four["win_rate_given_turns"])
    assert set(four["extra_turn"]) == {"share_by_seat", "seat_games_with", "win_rate_with", "seat_games_without",
                                       "win_rate_without"}
    assert four["seat_equality"]["df"] == 3 and 0 <= four["seat_equality"]["p_value"] <= 1
    assert len(four["seat_equality"]["seat_p_holm"]) == 4


def test_text_report_shows_each_count(one_and_two):
    (_, summary), _ = one_and_two
    text = text_report(summary)
    assert text.startswith("Toy: 150 simulated games per player count, plain bots in every seat, seed 5")
    assert "\n2 players: 150 games\n" in text and "\n4 players: 150 games\n" in text
    assert "Cards (claimed_rate by player count, with its 95% interval):" in text
    assert "  Never        0% (0.0–2.5%)       0% (0.0–2.5%)\n" in text  # 0 of 150: Wilson 0–2.49%
