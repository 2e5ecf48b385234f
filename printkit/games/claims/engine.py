"""The "claims" engine: Peanuts Gag Grab (packs with a [claims] table and a [board]).

A game follows cards/gag-grab/rules.md, including the rulings written there
under "Questions that come up" and in its "Our choices" note. The state and the moves
the rules allow live in ``claims_state``, the tables built once per pack in
``claims_setup``, the geometry in ``claims_board`` and the bots in
``claims_bots``; this module runs the turn, step by step, and sums up games.
"""
from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from .board import space_name, start_spaces, unseated
from .bots import BOTS
from .setup import POWERS, SWITCHES as switches, Setup, vary
from .setup import prepare as _prepare
from .state import COUNTS, Illegal, State, roll_off
from ..records import CardEvent, GameRecord, Limits, Unplayable

name = "claims"
bots = ("greedy", "random", "lookahead")
__all__ = ["name", "bots", "switches", "vary", "prepare", "steps_per_turn", "play", "card_figures", "figures",
           "take_turn", "Illegal"]

REACHED, PAID = "reach:", "payable:"  # per-gag counts behind payable_rate


def prepare(pack) -> Setup:
    """The pack's tables (see ``claims_setup``); a ValueError when the pack is not a claims game."""
    return _prepare(pack)


LOOKAHEAD_STEPS = 8  # measured: a lookahead turn takes 3 to 17 times a greedy one (6×6 to 26×26 boards)


def steps_per_turn(setup: Setup, bot: str) -> int:
    """A turn's cost for the simulation's budget (``printkit.sim.run``): the board's spaces, which the
    bots look over each turn, so a big board's turns count for more; the lookahead bot looks over them
    for every move it weighs, so its turns count 8 times as much."""
    return setup.columns * setup.rows * (LOOKAHEAD_STEPS if bot == "lookahead" else 1)


def play(setup: Setup, players: int, bots: Sequence[str], rng: random.Random) -> GameRecord:
    """One whole game; seat i is played by ``bots[i]``.

    The roll-off for the first player is rolled as the rules say (only the
    players tied for the highest roll roll again), and its winner sits in
    seat 0: seats are numbered in play order and the bots are given by
    seat, so the roll decides who that player is, not which bot plays first.
    """
    if not setup.min_players <= players <= setup.max_players:
        raise ValueError(f"Gag Grab takes {setup.min_players} to {setup.max_players} players, not {players}")
    if len(bots) != players or any(b not in BOTS for b in bots):
        raise ValueError(f"one bot per seat, each one of {', '.join(BOTS)}")
    starts = list(start_spaces(setup.starts, setup.extra_starts, setup.extra_from, players))
    seating = unseated(tuple(space_name(s, setup.columns) for s in starts), players)
    if seating is not None:  # check warns of it (K502): no game can begin
        raise Unplayable(seating)
    agents = [BOTS[b] for b in bots]
    st = State(setup, players, rng)
    roll_off(rng, players)
    for seat in range(players):
        free = [s for s in starts if st.pawn_at[s] < 0]
        st.place(seat, agents[seat].start(st, seat, free), starts)
    limit = Limits().max_turns
    seat = 0
    while st.turn < limit and not (st.ended and (seat == 0 or not setup.finish_round)):
        # With finish_round, the seats after the one that ended the game still play this round; their
        # claims leave spaces empty (the Gag deck is out), and a claim ends their turn as it ended the last.
        take_turn(st, seat, agents)
        seat = (seat + 1) % players
    return record(st)


def take_turn(st: State, seat: int, agents) -> None:
    """Draw (and trade), Move (with its powers), Claim (and extra claims), End."""
    bot = agents[seat]
    st.begin_turn()
    st.draw(seat, st.setup.draw)
    if bot.trades:
        trade_step(st, seat, agents)
    move_step(st, seat, bot, first=True)
    st.second_ok = True  # right after the Move step, before claiming
    kind = bot.second_move(st, seat)
    if kind is not None:
        st.second_move(seat, kind)
        move_step(st, seat, bot)
    st.second_ok = False
    while True:
        pair = bot.claim(st, seat) if st.claims_left > 0 and st.board[st.pos[seat]] >= 0 else None
        if pair is None:
            break
        st.claim(seat, pair)
        if st.ended:
            return
        kind = bot.extra_claim(st, seat)
        if kind is None:
            break
        st.extra_claim(seat, kind)
        move_step(st, seat, bot)
    free_powers(st, seat, bot, "end")
    over = st.sizes[seat] - st.setup.hand_limit
    if over > 0:
        st.discard(seat, checked_discard(st, seat, bot.discard(st, seat, over), over))


def move_step(st: State, seat: int, bot, first: bool = False) -> None:
    """Roll (again while blocked), perhaps boost and use powers, then move."""
    roll, spaces = st.roll(seat)
    if first:
        note_reach(st, seat, spaces)
    boost = bot.boost(st, seat, roll, spaces)
    if boost is not None:
        roll = st.boost(seat, boost[0], roll, boost[1])
        spaces = st.roll_reach(seat, roll)
    free_powers(st, seat, bot, "move")
    st.move(seat, bot.move(st, seat, roll, spaces), roll)


def note_reach(st: State, seat: int, spaces: list[int]) -> None:
    """Count a claim opportunity for each gag the first roll reaches, and whether the hand paid it."""
    setup, board = st.setup, st.board
    mask = st.payable(seat)
    seen, paid, req = st.reach_seen, st.reach_paid, setup.gag_req
    for s in spaces:
        g = board[s]
        if g >= 0:
            seen[g] += 1
            if (mask >> req[g]) & 1:
                paid[g] += 1


def free_powers(st: State, seat: int, bot, moment: str) -> None:
    """Draw 3 and Remove, which may be used any time in the turn before the End step, as often as paid for."""
    while True:
        action = bot.power(st, seat, moment)
        if action is None:
            return
        if action[0] == "draw3":
            st.draw3(seat, action[1])
            n = min(2, st.sizes[seat])
            st.discard(seat, checked_discard(st, seat, bot.discard(st, seat, n), n))
        else:
            st.remove(seat, action[1], action[2])


def checked_discard(st: State, seat: int, kinds: list[int], n: int) -> list[int]:
    if len(kinds) != n:
        raise Illegal(f"discard {n} cards, not {len(kinds)}")
    return kinds


def trade_step(st: State, seat: int, agents) -> None:
    """After drawing, a 1-for-1 trade with each neighbour whose bot agrees (no gifts: see State.trade)."""
    columns = st.setup.columns
    here = st.pos[seat]
    for other in range(st.players):
        there = st.pos[other]
        if other == seat or max(abs(here % columns - there % columns), abs(here // columns - there // columns)) != 1:
            continue
        if not agents[other].trades:
            continue
        offer = agents[seat].propose(st, seat, other)
        if offer is not None and agents[other].accept(st, other, [offer[0]], [offer[1]]):
            st.trade(seat, other, [offer[0]], [offer[1]])


def winners(scores: Sequence[int], claimed: Sequence[int]) -> tuple[int, ...]:
    """Most Gag Points; then more claimed Gag cards; still tied, a shared win."""
    best = max(zip(scores, claimed))
    return tuple(seat for seat, mark in enumerate(zip(scores, claimed)) if mark == best)


def record(st: State) -> GameRecord:
    setup = st.setup
    names = setup.gag_names
    counts = list(zip(COUNTS, st.counts))
    seen: dict[str, list[int]] = {}
    for g, n in enumerate(st.reach_seen):
        if n:
            row = seen.setdefault(names[g], [0, 0])
            row[0] += n
            row[1] += st.reach_paid[g]
    for card, (n, paid) in seen.items():
        counts += [(REACHED + card, n), (PAID + card, paid)]
    return GameRecord(
        players=st.players, scores=tuple(st.scores), winners=winners(st.scores, st.claimed),
        turns=st.turn, rounds=(st.turn + st.players - 1) // st.players,
        events=tuple(CardEvent(names[g], event, turn, seat) for g, event, turn, seat in st.events),
        counts=tuple(counts), truncated=not st.ended)


def card_figures(setup: Setup, records: Sequence[GameRecord]) -> dict[str, dict[str, float | None]]:
    """Per gag name, over ``records``:

    - ``claimed_rate``: the share of games in which it was claimed;
    - ``mean_claim_turn``: the mean turn of its first claim, over the games where it was claimed (None if never);
    - ``removed_rate``: the share of games in which a Remove put it out of the game;
    - ``payable_rate``: of its claim opportunities, the share the player could pay. A claim
      opportunity is one gag reached by the first roll of a player's turn: it lies on a free
      space within that roll, and the player's hand at that moment (after drawing and trading)
      either can pay it or cannot. None when the gag never had an opportunity.
    """
    games = len(records)
    claimed = {n: 0 for n in setup.gag_names}
    removed = dict(claimed)
    turns = {n: 0 for n in setup.gag_names}
    reached = dict(turns)
    paid = dict(turns)
    for rec in records:
        first: dict[str, int] = {}
        gone: set[str] = set()
        for e in rec.events:
            if e.event == "claimed":
                first.setdefault(e.card, e.turn)
            elif e.event == "removed":
                gone.add(e.card)
        for card, turn in first.items():
            claimed[card] += 1
            turns[card] += turn
        for card in gone:
            removed[card] += 1
        for key, n in rec.counts:
            if key.startswith(REACHED):
                reached[key[len(REACHED):]] += n
            elif key.startswith(PAID):
                paid[key[len(PAID):]] += n
    return {card: {
        "claimed_rate": claimed[card] / games if games else 0.0,
        "mean_claim_turn": turns[card] / claimed[card] if claimed[card] else None,
        "removed_rate": removed[card] / games if games else 0.0,
        "payable_rate": paid[card] / reached[card] if reached[card] else None,
    } for card in claimed}


def figures(setup: Setup, records: Sequence[GameRecord]) -> dict[str, object]:
    """Per game: mean use of each gallery power, trades, Kid reshuffles, blocked re-rolls; how games ended."""
    games = len(records)
    totals = {key: 0 for key in COUNTS}
    for rec in records:
        for key, n in rec.counts:
            if key in totals:
                totals[key] += n
    per_game = {key: (n / games if games else 0.0) for key, n in totals.items()}
    truncated = sum(r.truncated for r in records)
    return {
        "powers_per_game": {p: per_game[f"power:{p}"] for p in POWERS},
        "trades_per_game": per_game["trades"],
        "kid_reshuffles_per_game": per_game["kid-reshuffles"],
        "blocked_rerolls_per_game": per_game["rerolls-blocked"],
        "ended_by_gag_deck_share": (games - truncated) / games if games else 0.0,
        "truncated_share": truncated / games if games else 0.0,
        "mean_turns": math.fsum(r.turns for r in records) / games if games else 0.0,
    }


def observations(setup: Setup, records: Sequence[GameRecord], labels: Mapping[str, str] | None = None) -> list[str]:
    """What stands out in the gallery powers' use over every game played, in plain sentences (``labels``,
    the pack's words for terms, is taken for the interface's sake: these sentences name no terms)."""
    if not records:
        return []
    powers = figures(setup, records)["powers_per_game"]
    assert isinstance(powers, dict)
    used = ", ".join(f"{name.replace('-', ' ')} {n:.2f}" for name, n in powers.items())
    line = f"Peanut Gallery powers used per game: {used}."
    unused = [name.replace("-", " ") for name, n in powers.items() if n == 0]
    if unused:
        line += f" Never used: {', '.join(unused)}."
    return [line]

