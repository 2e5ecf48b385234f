"""Seats explained: the chi-square tail against printed tables, Holm's adjustment, the seat tests, win rate given
turns and extra turns from hand-counted games, and the sentences made of them."""
import pytest
import toy_engine

from printkit.core.mm import Rect
from printkit.games.records import GameRecord
from printkit.sim.balance_pdf import _shade
from printkit.sim.charts import grouped_chart
from printkit.sim.seats import chi2_sf, extra_turns, holm, seat_equality, unequal_seats, win_rate_given_turns
from printkit.sim.summary import across_observations, count_observations, count_summary, p_value


# Critical values from a printed chi-square table (upper tail 0.05, 0.01 and 0.001).
@pytest.mark.parametrize("x, df, tail", [
    (3.841, 1, 0.05), (5.991, 2, 0.05), (7.815, 3, 0.05), (9.488, 4, 0.05), (11.070, 5, 0.05), (12.592, 6, 0.05),
    (14.067, 7, 0.05), (6.635, 1, 0.01), (11.345, 3, 0.01), (13.277, 4, 0.01), (10.828, 1, 0.001),
    (16.266, 3, 0.001), (24.322, 7, 0.001),
])
def test_chi_square_tail_matches_the_tables(x, df, tail):
    assert chi2_sf(x, df) == pytest.approx(tail, rel=2e-3)


def test_chi_square_tail_at_its_ends():
    assert chi2_sf(0.0, 3) == 1.0
    assert chi2_sf(2.0, 2) == pytest.approx(0.36788, abs=1e-5)  # df 2: e^(-x/2) = e^-1
    assert chi2_sf(5000.0, 7) == 0.0  # no overflow far out
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)


def test_holm_by_hand():
    # Sorted: 0.005 ×4 = 0.02; 0.01 ×3 = 0.03; 0.03 ×2 = 0.06; 0.04 ×1 = 0.04, raised to 0.06 before it.
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_seat_equality_by_hand():
    # 40, 20, 20, 20 of 100 against 25 each: chi-square (225 + 25 + 25 + 25) / 25 = 12 with 3 degrees of freedom,
    # between the table's 11.345 (0.01) and 12.838 (0.005). Seat 1 against the rest: 15² × 100 / (25 × 75) = 12
    # with 1 degree of freedom, past 10.828 (0.001); the others 5² × 100 / 1875 = 1.333, near 1.323 (0.25).
    test = seat_equality([40, 20, 20, 20], 100)
    assert test["chi_square"] == pytest.approx(12.0) and test["df"] == 3
    assert 0.005 < test["p_value"] < 0.01
    assert test["seat_p_value"][0] < 0.001 and test["seat_p_value"][1] == pytest.approx(0.25, abs=0.003)
    # Holm: seat 1's p times 4; the others' 0.248 times 3, then no less than that.
    assert test["seat_p_holm"][0] == pytest.approx(4 * test["seat_p_value"][0])
    assert test["seat_p_holm"][1:] == pytest.approx([3 * test["seat_p_value"][1]] * 3)
    assert unequal_seats(test) == [0]


def test_a_seat_is_not_singled_out_when_the_seats_together_are_not_unequal():
    # The Many Faces case: one seat's interval leaves out a fair share, but the seats together do not
    # differ. 120, 95, 95, 90 of 400: chi-square (400 + 25 + 25 + 100) / 100 = 5.5 with 3 degrees of freedom,
    # under the table's 6.251 (0.10). Seat 1 alone: 20² × 400 / (100 × 300) = 5.33, past 5.024 (0.025).
    test = seat_equality([120, 95, 95, 90], 400)
    assert test["p_value"] > 0.10 and test["seat_p_value"][0] < 0.025
    assert unequal_seats(test) == []


def test_too_few_games_are_not_tested():
    test = seat_equality([3, 1, 0, 0], 4)  # 1 expected win a seat
    assert test["p_value"] is None and unequal_seats(test) == []


def game(turns, winners, players=4):
    return GameRecord(players, (0,) * players, tuple(winners), turns, 7, (), (("rolls", 1),))


# Five 4-player games: 25 turns are 7, 6, 6, 6 turns; 26 are 7, 7, 6, 6; 24 are 6 each.
GAMES = [game(25, [0]), game(25, [1]), game(26, [1]), game(24, [3]), game(25, [0, 2])]


def test_win_rate_given_turns_by_hand():
    rows = win_rate_given_turns(GAMES, 4)
    # Seat 1: 6 turns in the 24-turn game (lost); 7 in the other four, winning one and half of another.
    assert [(r["turns"], r["games"], r["win_rate"]) for r in rows[0]] == [(6, 1, 0.0), (7, 4, pytest.approx(0.375))]
    # Seat 2: 7 turns only in the 26-turn game, which it won; 6 in four, winning one.
    assert [(r["turns"], r["games"], r["win_rate"]) for r in rows[1]] == [(6, 4, 0.25), (7, 1, 1.0)]
    assert [(r["turns"], r["games"], r["win_rate"]) for r in rows[2]] == [(6, 5, pytest.approx(0.1))]
    assert [(r["turns"], r["games"], r["win_rate"]) for r in rows[3]] == [(6, 5, pytest.approx(0.2))]
    assert rows[1][1]["ci95_low"] < 1.0 == rows[1][1]["ci95_high"]


def test_extra_turns_by_hand():
    extra = extra_turns(GAMES, 4)
    # Seat 1 took an extra turn in the four games of 25 or 26 turns, seat 2 in the 26-turn one.
    assert extra["share_by_seat"] == [0.8, 0.2, 0.0, 0.0]
    # 5 seat-games with an extra turn won 1 + 0.5 (seat 1) + 1 (seat 2); the other 15 won the other 2.5.
    assert extra["seat_games_with"] == 5 and extra["win_rate_with"] == pytest.approx(0.5)
    assert extra["seat_games_without"] == 15 and extra["win_rate_without"] == pytest.approx(2.5 / 15)


def test_the_seat_section_says_why_seats_differ():
    # The five games twenty times: seats win 30, 40, 10 and 20 of 100. Chi-square (25 + 225 + 225 + 25) / 25
    # = 20, far past 16.266 (0.001); seats 2 and 3 alone: 15² × 100 / 1875 = 12 each, past 10.828 (0.001)
    # even times 4; seats 1 and 4: 1.333 (about 0.25), not singled out.
    figures = count_summary(toy_engine, toy_engine.prepare(None), 4, GAMES * 20)
    notes = count_observations(figures, 2000)
    assert notes[0].startswith("Seats win unequal shares of 4-player games") and "p < 0.001" in notes[0]
    assert notes[1].startswith("Seat 2 wins 40% of 4-player games") and notes[2].startswith("Seat 3 wins 10%")
    assert notes[3] == ("One reason: a game can end part-way through a round, so the first seats may take one turn "
                        "more than the last (7 turns against 6 in the most common length). Seat 1 took that extra "
                        "turn in 80% of 4-player games and seat 2 in 20%; a seat won 50% of the games in which it had "
                        "it and 16.7% of the others.")


def test_observations_across_counts_say_each_thing_once():
    four = count_summary(toy_engine, toy_engine.prepare(None), 4, GAMES * 20)
    # Two players, 25 turns: seat 1 takes 13, seat 2 12; seat 1 wins 62 of 100 (p ≈ 0.016, see test_simulate_run).
    two = count_summary(toy_engine, toy_engine.prepare(None), 2, [game(25, [0], 2)] * 62 + [game(25, [1], 2)] * 38)
    notes = across_observations([two, four], 2000)
    assert notes[0] == "Seats win unequal shares at 2 and 4 players (chi-square test of equal shares: p = 0.016 and p < 0.001)."
    assert notes[1] == ("Winning more than a fair share: seat 1 at 2 players (62% against 50%); "
                        "seat 2 at 4 players (40% against 25%).")
    assert notes[2] == "Winning less than a fair share: seat 2 at 2 players; seat 3 at 4 players."
    assert notes[3].startswith("One reason: a game can end part-way through a round") and \
        "(62% against 38% at 2 and 50% against 17% at 4 players); seat 1 had it in 100% and 80% of the games " \
        "at 2 and 4 players." in notes[3]
    assert notes[4] == "Games last 7.0 and 7.0 rounds on average at 2 and 4 players (25.0 to 25.0 turns)."
    assert sum("seat 1" in n.lower() for n in notes) == 2  # one sentence per fact, not one per count


@pytest.mark.parametrize("p, shown", [(0.0004, "p < 0.001"), (0.012, "p = 0.012"), (0.05, "p = 0.05"),
                                      (0.25, "p = 0.25"), (None, "not tested")])
def test_p_values_for_people(p, shown):
    assert p_value(p) == shown


def test_grouped_chart_geometry():
    # Two groups over 100 mm: slots of 50, 70% of each filled by 2 bars of 17.5 mm; values to 0.6 on 60 mm.
    chart = grouped_chart([[(0.5, 0.4, 0.6), (0.25, 0.2, 0.3)], [None, (0.1, 0.05, 0.15)]], Rect(0, 0, 100, 60))
    assert chart.ticks == pytest.approx((0.0, 0.2, 0.4, 0.6))
    assert [(g, s) for g, s, _ in chart.bars] == [(0, 0), (0, 1), (1, 1)]
    assert [(b.x, b.w, b.h) for _, _, b in chart.bars] == [pytest.approx((7.5, 17.5, 50)), pytest.approx((25, 17.5, 25)),
                                                          pytest.approx((75, 17.5, 10))]
    assert [pytest.approx(w) for w in ((16.25, 40, 60), (33.75, 20, 30), (83.75, 5, 15))] == list(chart.whiskers)
    assert chart.centres == pytest.approx((25, 75))


def test_table_shades():
    assert _shade(0.25, 0.25) == "#FFFFFF"  # a fair share: no shade
    # Four times a fair share: vermilion (D5 5E 00) at 45% on white: 255 - 0.45 × (255 - c) = EC B7 8C.
    assert _shade(1.0, 0.25) == "#ECB78C" == _shade(0.9, 0.1)  # stronger than four times is no stronger
    assert _shade(0.0625, 0.25) == _shade(0.0, 0.25) == "#8CC0DC"  # a quarter: blue (00 72 B2) at 45%


def test_a_game_of_one_player_says_nothing_about_seats():
    figures = count_summary(toy_engine, toy_engine.prepare(None), 1, [game(7, [0], 1)] * 10)
    assert figures["seat_equality"]["p_value"] is None
    notes = count_observations(figures, 2000)
    assert not any("seat" in n.lower() for n in notes)
