"""The "claims" engine: Peanuts Gag Grab (packs with a [claims] table and a [board]).

A game follows cards/gag-grab/rules.md, including the rulings written there
under "Questions that come up" and "Our choices". The state and the moves
the rules allow live in ``claims_state``, the tables built once per pack in
``claims_setup``, the geometry in ``claims_board`` and the bots in
``claims_bots``; this module runs the turn, step by step, and sums up games.
"""
from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from ...model.dominance import dominated
from .board import space_name, start_spaces, unseated
from .bots import BOTS, MAX_ASKS
from .setup import POWERS, SWITCHES as switches, Setup, vary
from .setup import prepare as _prepare
from .state import COUNTS, Illegal, State, roll_off
from ..records import CardEvent, GameRecord, Limits, Unplayable

name = "claims"
bots = ("greedy", "random", "lookahead", "thrifty")
__all__ = ["name", "bots", "switches", "vary", "prepare", "steps_per_turn", "play", "card_figures", "figures",
           "take_turn", "Illegal", "card_model", "rate_bases", "bot_limits", "dominated_cards"]

REACHED, PAID = "reach:", "payable:"  # per-gag counts behind payable_rate
TAKEN, BETTER = "claimed-reached:", "better-payable:"  # ... behind claimed_when_reached_rate, better_on_board_rate

# What printkit.sim.card_stats judges each gag by: its claims when reached, against a logistic model of the
# printed odds (their logit) with a level per Gag Points value, fitted over all gags (docs/simulation.md).
card_model = {"rate": "claimed_when_reached_rate", "logit": ("printed_odds",), "groups": ("points",),
              "against": "a model of the printed odds and Gag Points"}
# The count each per-card rate is a share of, when not of games.
rate_bases = {"payable_rate": "reached", "claimed_when_reached_rate": "reached", "better_on_board_rate": "claims"}


def prepare(pack) -> Setup:
    """The pack's tables (see ``claims_setup``); a ValueError when the pack is not a claims game."""
    return _prepare(pack)


LOOKAHEAD_STEPS = 8  # measured: a lookahead turn takes 3 to 17 times a greedy one (6×6 to 26×26 boards)
THRIFTY_STEPS = 2  # measured: a thrifty turn takes about 1.4 times a greedy one (6×6 board, 4 players)
BOT_STEPS = {"lookahead": LOOKAHEAD_STEPS, "thrifty": THRIFTY_STEPS}


def steps_per_turn(setup: Setup, bot: str) -> int:
    """A turn's cost for the simulation's budget (``printkit.sim.run``): the board's spaces, which the
    bots look over each turn, so a big board's turns count for more; the lookahead bot looks over them
    for every move it weighs, so its turns count 8 times as much, and the thrifty bot's twice."""
    return setup.columns * setup.rows * BOT_STEPS.get(bot, 1)


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
    """Draw (and trade), Move (with its powers), Claim (and extra claims), End.

    Draw 3 and Remove may be used "any time before your End step": the bot is asked before each
    move (``"move"``), after moving and before each claim (``"claim"``) and after the claims
    (``"end"``); not between a claim and its extra claim, nor between the Move step and the second
    move, which come "straight after" them."""
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
        free_powers(st, seat, bot, "claim")  # after moving, before claiming: the gag underfoot is known
        pair = bot.claim(st, seat) if st.claims_left > 0 and st.board[st.pos[seat]] >= 0 else None
        if pair is None:
            break
        note_claim(st, seat)
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
    seen, paid, req, when = st.reach_seen, st.reach_paid, setup.gag_req, st.reach_turn
    for s in spaces:
        g = board[s]
        if g >= 0:
            seen[g] += 1
            when[g] = st.turn
            if (mask >> req[g]) & 1:
                paid[g] += 1


def note_claim(st: State, seat: int) -> None:
    """Before a claim: whether its gag was reached by this turn's first roll, and whether the board held a
    gag worth more that the claiming hand could also pay (anywhere on the board, in reach or not)."""
    setup, board = st.setup, st.board
    g = board[st.pos[seat]]
    mask, req, points = st.payable(seat), setup.gag_req, setup.gag_points
    better = any(b >= 0 and points[b] > points[g] and (mask >> req[b]) & 1 for b in board)
    st.claim_notes.append((g, st.reach_turn[g] == st.turn, better))


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
    """After drawing, at most one trade with each neighbour whose bot trades: the player's bot lists offers
    (cards to give, cards to get: any number, at least one each way, as the rules allow; the bots ask for
    1 or 2, ``MAX_TRADE``), up to ``MAX_ASKS`` of them, best first, seeing only its own hand; the neighbour
    takes the first it holds the cards for and agrees to."""
    columns = st.setup.columns
    here = st.pos[seat]
    for other in range(st.players):
        there = st.pos[other]
        if other == seat or max(abs(here % columns - there % columns), abs(here // columns - there // columns)) != 1:
            continue
        if not agents[other].trades:
            continue
        for give, get in agents[seat].offers(st, seat, other)[:MAX_ASKS]:
            if not give or not get:
                raise Illegal("a trade gives and gets at least one card each: there are no gifts")
            if not holds(st.hands[seat], give):
                raise Illegal("a player can only give cards from their own hand")
            if holds(st.hands[other], get) and agents[other].accept(st, other, list(give), list(get)):
                st.trade(seat, other, list(give), list(get))
                break


def holds(hand: list[int], kinds) -> bool:
    """Whether ``hand`` (counts per kind) holds every card of ``kinds`` (a kind may repeat)."""
    return all(hand[k] >= kinds.count(k) for k in set(kinds))


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
    for g, reached, better in st.claim_notes:
        counts += [(TAKEN + names[g], 1)] * reached + [(BETTER + names[g], 1)] * better
    return GameRecord(
        players=st.players, scores=tuple(st.scores), winners=winners(st.scores, st.claimed),
        turns=st.turn, rounds=(st.turn + st.players - 1) // st.players,
        events=tuple(CardEvent(names[g], event, turn, seat) for g, event, turn, seat in st.events),
        counts=tuple(counts), truncated=not st.ended)


def card_figures(setup: Setup, records: Sequence[GameRecord]) -> dict[str, dict[str, float | None]]:
    """Per gag name, over ``records``:

    - ``points`` and ``printed_odds``: its Gag Points, and the odds the rules print that a hand of
      [rules] odds_hand cards pays it (None when the rules print none);
    - ``claimed_rate``: the share of games in which it was claimed (``claims`` such games);
    - ``mean_claim_turn``: the mean turn of its first claim, over the games where it was claimed (None if never);
    - ``removed_rate``: the share of games in which a Remove put it out of the game;
    - ``reached``: its claim opportunities. A claim opportunity is one gag reached by the first roll
      of a player's turn: it lies on a free space within that roll, and the player's hand at that
      moment (after drawing and trading) either can pay it or cannot;
    - ``payable_rate``: the share of those opportunities the hand could pay;
    - ``claimed_when_reached_rate``: the share of those opportunities on which the player claimed it,
      that same turn (None for both when it never had one);
    - ``better_on_board_rate``: of its claims, the share made while a gag worth more that the same hand
      could pay lay somewhere on the board (None if never claimed).
    """
    games = len(records)
    names = dict.fromkeys(setup.gag_names)
    claimed = dict.fromkeys(names, 0)
    removed, turns, reached, paid, taken, better = (dict(claimed) for _ in range(6))
    tallies = {REACHED: reached, PAID: paid, TAKEN: taken, BETTER: better}
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
            head, _, card = key.partition(":")
            tally = tallies.get(head + ":")
            if tally is not None:
                tally[card] += n
    odds: dict[str, float | None] = {}
    points: dict[str, int] = {}
    for g, card in enumerate(setup.gag_names):
        points.setdefault(card, setup.gag_points[g])
        odds.setdefault(card, setup.req_odds[setup.gag_req[g]] if setup.req_odds else None)
    return {card: {
        "points": points[card],
        "printed_odds": odds[card],
        "claimed_rate": claimed[card] / games if games else 0.0,
        "claims": claimed[card],
        "mean_claim_turn": turns[card] / claimed[card] if claimed[card] else None,
        "removed_rate": removed[card] / games if games else 0.0,
        "reached": reached[card],
        "payable_rate": paid[card] / reached[card] if reached[card] else None,
        "claimed_when_reached_rate": taken[card] / reached[card] if reached[card] else None,
        "better_on_board_rate": better[card] / claimed[card] if claimed[card] else None,
    } for card in names}


def dominated_cards(setup: Setup) -> dict[str, list[str]]:
    """The gags check reports as N604 (see printkit.model.dominance), from the engine's own tables: the
    pairs of kinds paying each gag, a kind twice only when the Kid deck holds two."""
    copies = [setup.kid_cards.count(k) for k in range(len(setup.kinds))]
    cards: dict[str, tuple[int, frozenset]] = {}
    for g, card in enumerate(setup.gag_names):
        pairs = frozenset(p for p in setup.req_pairs[setup.gag_req[g]] if p[0] != p[1] or copies[p[0]] > 1)
        cards.setdefault(card, (setup.gag_points[g], pairs))
    return dominated((card, points, pairs) for card, (points, pairs) in cards.items())


def bot_limits(setup: Setup, records: Sequence[GameRecord]) -> dict[str, str]:
    """What the bots left unplayed, by name, and why it says nothing of the card: the gallery powers
    no bot used in ``records`` (every power is one they may use, when their rules of thumb call for it)."""
    powers = figures(setup, records)["powers_per_game"] if records else {}
    assert isinstance(powers, dict)
    return {p.replace("-", " "): "the bots never used this Peanut Gallery power in these games: their rules of "
                                 "thumb never found it worth its cost, so how strong it is was not tested"
            for p, n in powers.items() if n == 0}


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
    unused = " (those the bots never used are under Bot limits)" if 0 in powers.values() else ""
    return [f"Peanut Gallery powers used per game: {used}{unused}."]

