"""Bots against bots: the rotation of a line-up through the seats, win_rate_by_bot, ``--bots``, Gag Grab's
many-for-many trades and the thrifty bot's choices (positions worked out by hand from cards/gag-grab)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
import toy_engine
from click.testing import CliRunner
from conftest import REPO
from test_claims import Scripted, at, gag, hold, kind, position

from printkit.commands.simulate import simulate_command
from printkit.games.claims import engine as claims
from printkit.games.claims.bots import BOTS
from printkit.games.claims.state import Illegal
from printkit.games.records import GameRecord
from printkit.model.loader import load_pack
from printkit.sim.bot_stats import win_rate_by_bot
from printkit.sim.report import text_report
from printkit.sim.run import game_seed, lineup, simulate
from printkit.sim.summary import summarize


@pytest.fixture(scope="module")
def setup():
    return claims.prepare(load_pack(REPO / "cards" / "gag-grab")[0])


# -- the line-up and its rotation ---------------------------------------------------------------------------

def test_a_short_list_is_repeated_to_fill_the_seats_and_turned_one_seat_a_game():
    assert lineup(("greedy", "random"), 4, 0) == ("greedy", "random", "greedy", "random")
    assert lineup(("greedy", "random"), 4, 1) == ("random", "greedy", "random", "greedy")
    assert lineup(("a", "b", "c"), 3, 0) == ("a", "b", "c")  # as many bots as players: the line-up as given
    assert lineup(("a", "b", "c"), 3, 1) == ("b", "c", "a")
    assert lineup(("a", "b", "c"), 3, 5) == ("c", "a", "b")
    assert lineup(("plain",), 3, 7) == ("plain",) * 3


def test_every_bot_sits_in_every_seat_equally_often():
    # 3 players, a,b: the line-up a,b,a; over 3 games each seat has a twice and b once.
    seats = [Counter(lineup(("a", "b"), 3, i)[seat] for i in range(3)) for seat in range(3)]
    assert seats == [Counter({"a": 2, "b": 1})] * 3
    seats = [Counter(lineup(("a", "b", "a", "c"), 4, i)[seat] for i in range(8)) for seat in range(4)]
    assert seats == [Counter({"a": 4, "b": 2, "c": 2})] * 4


def test_each_game_is_played_by_its_rotated_line_up():
    runs = simulate(None, toy_engine, 70, [3], ("plain", "lucky"), 9, workers=1)
    setup = toy_engine.prepare(None)
    for i in (0, 1, 2, 66):
        seated = lineup(("plain", "lucky"), 3, i)
        assert runs[3][i] == toy_engine.play(setup, 3, seated, random.Random(game_seed(9, 3, i)))


def test_a_list_longer_than_the_players_or_naming_an_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="3 bots listed for 2-player games"):
        simulate(None, toy_engine, 5, [2, 3], ("plain", "lucky", "plain"), 0, workers=1)
    with pytest.raises(ValueError, match="no bot 'clever'; it has plain, lucky"):
        simulate(None, toy_engine, 5, [2], ("plain", "clever"), 0, workers=1)


# -- win_rate_by_bot ------------------------------------------------------------------------------------

def record(winners) -> GameRecord:
    return GameRecord(players=2, scores=(0, 0), winners=tuple(winners), turns=10, rounds=5)


def test_win_rate_by_bot_counts_wins_over_the_seat_games_each_bot_played():
    # Line-ups: game 0 a,b; game 1 b,a; game 2 a,b; game 3 b,a.
    # Winners: seat 0 (a), seat 0 (b), seats 0 and 1 shared (a and b, 1/2 each), seat 1 (a).
    figures = win_rate_by_bot([record([0]), record([0]), record([0, 1]), record([1])], ("a", "b"), 2)
    assert list(figures) == ["a", "b"]
    a, b = figures["a"], figures["b"]
    assert a["seat_games"] == b["seat_games"] == 4
    assert a["wins"] == 2.5 and b["wins"] == 1.5
    assert a["win_rate"] == 0.625 and b["win_rate"] == 0.375
    assert a["fair_share"] == 0.5
    assert a["win_rate_by_seat"] == [0.75, 0.5]  # seat 1: games 0 and 2 (1 + 1/2 of 2); seat 2: games 1, 3
    assert b["win_rate_by_seat"] == [0.5, 0.25]
    # Wilson, 2.5 of 4: p = 0.625, z = 1.959964, z² = 3.841459: centre (0.625 + 0.480182) / 1.960365
    # = 0.563763; half 1.959964 / 1.960365 * sqrt(0.058594 + 0.060023) = 0.344338 -> 0.219425 .. 0.908101.
    assert a["ci95"] == pytest.approx([0.219425, 0.908101], abs=1e-5)


def test_the_lucky_toy_bot_wins_more_and_the_report_says_so():
    runs = simulate(None, toy_engine, 300, [2], ("plain", "lucky"), 3, workers=1)
    summary = summarize(toy_engine, toy_engine.prepare(None), runs, pack="toy", title="Toy", bot="plain,lucky",
                        seed=3, max_turns=2000, bots=("plain", "lucky"))
    by_bot = summary["by_players"]["2"]["win_rate_by_bot"]
    assert by_bot["lucky"]["ci95"][0] > by_bot["plain"]["ci95"][1]
    assert by_bot["lucky"]["seat_games"] == by_bot["plain"]["seat_games"] == 300
    assert any("Stronger beyond chance (95% intervals apart): lucky than plain." in line
               for line in summary["observations"])
    text = text_report(summary)
    assert "the line-up plain, lucky rotated through the seats" in text
    assert "Bots against bots" in text


# -- printkit simulate --bots ---------------------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(simulate_command, [str(a) for a in args])


@pytest.mark.parametrize("args, message", [
    (("--bots", "greedy,clever"), "unknown bot 'clever'; the claims engine has greedy, random, lookahead, thrifty"),
    (("--bots", "greedy,random", "--bot", "greedy"), "--bot and --bots cannot be used together"),
    (("--bots", "greedy,,random"), "'' is not a bot's name"),
    (("--bots", ",".join(["greedy"] * 9)), "at most 8 bots, not 9"),
    (("--bots", "greedy,random,greedy", "--players", "2,4"), "3 bots listed for 2-player games"),
])
def test_bots_usage_errors_exit_2(args, message):
    result = run("gag-grab", "--games", 2, "--no-pdf", *args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_bots_in_json_give_each_bot_its_win_rate_with_an_interval():
    result = run("gag-grab", "--players", 2, "--games", 8, "--bots", "greedy,random", "--format", "json",
                 "--no-pdf", "--workers", 1)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["bots"] == ["greedy", "random"]
    by_bot = report["by_players"]["2"]["win_rate_by_bot"]
    assert set(by_bot) == {"greedy", "random"}
    assert all(b["seat_games"] == 8 and len(b["ci95"]) == 2 and len(b["win_rate_by_seat"]) == 2
               for b in by_bot.values())
    assert by_bot["greedy"]["win_rate"] + by_bot["random"]["win_rate"] == pytest.approx(1.0, abs=1e-3)


# -- Gag Grab trades: any number for any number -----------------------------------------------------------------

def test_a_two_for_two_trade_the_asker_chooses_on_its_own_hand(setup):
    st = position(setup, pawns=("C3", "D4"), board="Summer Camp")  # Any x2, 1 point
    st.board[at("A6")] = gag(setup, "Give Up Blanket")  # LI + LU, 5 points
    hold(st, 0, "Snoopy", "Snoopy")
    hold(st, 1, "Linus", "Lucy", "Linus", "Lucy")  # pays Give Up Blanket with or without one pair
    claims.trade_step(st, 0, [BOTS["greedy"], BOTS["greedy"]])
    assert sorted(st.cards(0)) == sorted([kind(setup, "Linus"), kind(setup, "Lucy")])
    assert sorted(st.cards(1)) == sorted([kind(setup, n) for n in ("Linus", "Lucy", "Snoopy", "Snoopy")])
    assert st.counts[claims.COUNTS.index("trades")] == 1


def test_a_neighbour_without_the_cards_asked_for_refuses(setup):
    st = position(setup, pawns=("C3", "D4"), board="Summer Camp")
    st.board[at("A6")] = gag(setup, "Give Up Blanket")
    hold(st, 0, "Snoopy", "Snoopy")
    hold(st, 1, "Linus", "Linus", "Charlie Brown")  # no Lucy
    claims.trade_step(st, 0, [BOTS["greedy"], BOTS["greedy"]])
    assert st.counts[claims.COUNTS.index("trades")] == 0
    assert sorted(st.cards(1)) == sorted([kind(setup, n) for n in ("Linus", "Linus", "Charlie Brown")])


class Asks(Scripted):
    trades = True

    def __init__(self, offer):
        super().__init__()
        self.offer = offer

    def offers(self, st, seat, other):
        return [self.offer]


def test_any_number_of_cards_may_change_hands_but_never_as_a_gift(setup):
    st = position(setup, pawns=("C3", "D4"), board="Summer Camp")
    hold(st, 0, "Snoopy", "Snoopy", "Snoopy")
    hold(st, 1, "Lucy", "Lucy", "Lucy")
    three = [kind(setup, "Snoopy")] * 3, [kind(setup, "Lucy")] * 3

    class Agrees(Scripted):
        trades = True

        def accept(self, st, seat, give, get):
            return True

    claims.trade_step(st, 0, [Asks(three), Agrees()])  # three for three: the rules set no number
    assert sorted(st.cards(0)) == [kind(setup, "Lucy")] * 3
    assert sorted(st.cards(1)) == [kind(setup, "Snoopy")] * 3
    gift = [kind(setup, "Lucy")], []
    with pytest.raises(Illegal, match="no gifts"):
        claims.trade_step(st, 0, [Asks(gift), Agrees()])
    not_held = [kind(setup, "Linus")], [kind(setup, "Snoopy")]
    with pytest.raises(Illegal, match="own hand"):
        claims.trade_step(st, 0, [Asks(not_held), Agrees()])


def test_greedy_gives_no_more_cards_than_it_gets_and_thrifty_only_trades_to_gain(setup):
    st = position(setup, pawns=("C3", "D4"), board="Summer Camp")
    hold(st, 1, "Lucy", "Lucy", "Snoopy")
    one_for_two = [kind(setup, "Snoopy")], [kind(setup, "Lucy"), kind(setup, "Lucy")]
    assert not BOTS["greedy"].accept(st, 1, *one_for_two)
    assert BOTS["greedy"].accept(st, 1, [kind(setup, "Snoopy")], [kind(setup, "Lucy")])  # no worse: agreed
    assert not BOTS["thrifty"].accept(st, 1, [kind(setup, "Snoopy")], [kind(setup, "Lucy")])  # no better: refused


# -- the thrifty bot ----------------------------------------------------------------------------------------------

def test_thrifty_leaves_a_cheap_gag_while_a_gallery_card_can_buy_a_better_claim(setup):
    st = position(setup, pawns=("A1", "F6"), board="Summer Camp", deck=["Summer Camp"] * 10)  # 1 point
    st.pos[0] = at("A1")
    hold(st, 0, "Snoopy", "Lucy", "Sally")
    assert BOTS["greedy"].claim(st, 0) is not None
    assert BOTS["thrifty"].claim(st, 0) is None
    st.gag_deck = st.gag_deck[:6]  # the end is near: claim
    assert BOTS["thrifty"].claim(st, 0) is not None
    st.gag_deck *= 2
    st.board[at("A1")] = gag(setup, "Give Up Blanket")  # 5 points: claim
    hold(st, 0, "Linus")
    assert sorted(BOTS["thrifty"].claim(st, 0)) == sorted([kind(setup, "Linus"), kind(setup, "Lucy")])


def test_thrifty_does_not_end_the_game_with_a_claim_that_loses_it(setup):
    st = position(setup, pawns=("A1", "F6"), board="Summer Camp", deck=[])
    hold(st, 0, "Snoopy", "Lucy")
    st.scores = [10, 12]
    assert BOTS["greedy"].claim(st, 0) is not None
    assert BOTS["thrifty"].claim(st, 0) is None  # 11 against 12: the game would end lost
    st.scores = [12, 12]
    st.claimed = [3, 3]
    assert BOTS["thrifty"].claim(st, 0) is not None  # 13 against 12: ends it, won
