"""Bots play on what a player may know: their own hand and what is on the table, never another hand or the
deck's order.

Each check takes positions from seeded games in progress, asks a bot every question the engine asks, then
deals the hidden cards anew (the other hands, with the same sizes, and the decks, in another order) and asks
again: the answers must not change. A bot that looks at a neighbour's hand is caught (the last tests).
"""
from __future__ import annotations

import random

import pytest
from conftest import REPO

from printkit.model.loader import load_pack
from printkit.games.claims import engine as claims
from printkit.games.claims.board import start_spaces
from printkit.games.claims.bots import BOTS, Greedy
from printkit.games.claims.state import State
from printkit.games.sets_and_runs import engine as sar
from printkit.games.sets_and_runs.actions import legal

POSITIONS = 6  # positions per bot and engine: a few turns apart in two games


@pytest.fixture(scope="module")
def gag_grab():
    return claims.prepare(load_pack(REPO / "cards" / "gag-grab")[0])


@pytest.fixture(scope="module")
def many_faces():
    return sar.prepare(load_pack(REPO / "cards" / "many-faces")[0])


# -- Gag Grab ----------------------------------------------------------------------------------------

def claims_positions(setup, players=4):
    """(state, seat to ask) at several points of two greedy games."""
    for seed in (1, 2):
        st = State(setup, players, random.Random(seed))
        starts = list(start_spaces(setup.starts, setup.extra_starts, setup.extra_from, players))
        for seat in range(players):
            st.place(seat, starts[seat], starts)
        agents = [BOTS["greedy"]] * players
        seat = 0
        for turn in range(1, 3 * players + 1):
            claims.take_turn(st, seat, agents)
            seat = (seat + 1) % players
            if turn % 4 == 0 and not st.ended:
                st.begin_turn()
                st.draw(seat, 2)
                yield st, seat


def claims_answers(bot, st: State, seat: int) -> list:
    """The bot's answer to every question of a turn, from this position (the game's rng reset first)."""
    state = st.rng.getstate()
    other = (seat + 1) % st.players
    roll = 3
    spaces = st.roll_reach(seat, roll)
    mine = st.cards(seat)
    answers = [bot.start(st, seat, spaces), bot.boost(st, seat, roll, spaces), bot.power(st, seat, "move"),
               bot.power(st, seat, "end"), bot.discard(st, seat, 2), bot.move(st, seat, roll, spaces),
               bot.second_move(st, seat), bot.extra_claim(st, seat), bot.claim(st, seat),
               bot.accept(st, seat, [mine[0]], [mine[-1]])]
    if bot.trades:
        answers.append(bot.offers(st, seat, other))
    st.rng.setstate(state)
    return answers


def claims_redealt(st: State, seat: int, rng: random.Random) -> bool:
    """Deal the cards the seat cannot see anew: the other hands (same sizes) and the Kid deck from their cards
    together, the Gag deck in another order. Whether any other hand changed."""
    before = [list(h) for h in st.hands]
    pool = list(st.kid_deck)
    sizes = list(st.sizes)
    for other in range(st.players):
        if other != seat:
            for kind in st.cards(other):
                st.take(other, kind)
                pool.append(kind)
    rng.shuffle(pool)
    for other in range(st.players):
        if other != seat:
            for _ in range(sizes[other]):
                st.give(other, pool.pop())
    st.kid_deck = pool
    rng.shuffle(st.gag_deck)
    return st.hands != before


@pytest.mark.parametrize("name", ["greedy", "lookahead", "thrifty", "random"])
def test_gag_grab_bots_decide_alike_whatever_the_hidden_cards(gag_grab, name):
    bot, rng, changed = BOTS[name], random.Random(5), 0
    for st, seat in list(claims_positions(gag_grab))[:POSITIONS]:
        seen = claims_answers(bot, st, seat)
        changed += claims_redealt(st, seat, rng)
        assert claims_answers(bot, st, seat) == seen
    assert changed >= POSITIONS - 1  # the other hands really were different


class Peeking(Greedy):
    """Greedy that moves by a neighbour's hand: what the checks above must catch."""

    def move(self, st, seat, roll, spaces):
        return spaces[0] if st.hands[(seat + 1) % st.players][0] % 2 else spaces[-1]


def test_the_gag_grab_check_catches_a_bot_reading_another_hand(gag_grab):
    rng, caught = random.Random(5), 0
    for st, seat in list(claims_positions(gag_grab))[:POSITIONS]:
        seen = claims_answers(Peeking(), st, seat)
        claims_redealt(st, seat, rng)
        caught += claims_answers(Peeking(), st, seat) != seen
    assert caught > 0


# -- Many Faces -----------------------------------------------------------------------------------------

def sar_positions(setup, players=4):
    """(game, seat to ask) at several points of two greedy games."""
    for seed in (1, 2):
        g = sar.new_game(setup, players, ["greedy"] * players, random.Random(seed))
        seat = 0
        for turn in range(1, 3 * players + 1):
            sar.turn(g, seat, g.bots[seat])
            seat = (seat + 1) % players
            if turn % 4 == 0:
                sar.take_step(g, seat, g.bots[seat])
                yield g, seat


def sar_answers(name: str, g, seat: int) -> list:
    """A fresh bot's answer to every question of a turn (nothing cached, the game's rng reset first)."""
    state = g.rng.getstate()
    bot = sar.BOTS[name]()
    bot.begin(g, seat)
    options = legal(g, seat, 0, 0)
    seen = [t for t in range(g.np) if g.hands[seat][t]][:4]
    answers = [bot.take(g, seat), bot.action(g, seat, options, True) if options else None, bot.lay(g, seat),
               bot.discard(g, seat), bot.give_up(g, seat), bot.show(g, seat), bot.swap(g, seat, 2),
               bot.keep(g, seat, seen, 2) if len(seen) >= 2 else None, bot.peek(g, seat),
               bot.pick_discard(g, seat) if g.disc_total else None]
    g.rng.setstate(state)
    return answers


def sar_redealt(g, seat: int, rng: random.Random) -> bool:
    """The other hands (same sizes) and the deck dealt anew from their cards together. Whether any changed."""
    before = [list(h) for h in g.hands]
    sizes = list(g.size)
    pool = list(g.deck)
    for other in range(g.players):
        if other != seat:
            for t in g.held(other):
                g.remove(other, t)
                pool.append(t)
    rng.shuffle(pool)
    for other in range(g.players):
        if other != seat:
            for _ in range(sizes[other]):
                g.add(other, pool.pop())
    g.deck = pool
    return g.hands != before


@pytest.mark.parametrize("name", ["greedy", "lookahead", "random"])
def test_many_faces_bots_decide_alike_whatever_the_hidden_cards(many_faces, name):
    rng, changed = random.Random(5), 0
    for g, seat in list(sar_positions(many_faces))[:POSITIONS]:
        seen = sar_answers(name, g, seat)
        changed += sar_redealt(g, seat, rng)
        assert sar_answers(name, g, seat) == seen
    assert changed >= POSITIONS - 1
