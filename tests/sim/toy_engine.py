"""A tiny engine for testing the simulator's runner: a dice race past a few cards.

Each turn a player rolls a die and moves forward; landing on a card's space
claims it (once per game). The game ends at the end of the round in which
someone reaches the finish. Score: 2 per card claimed, 1 for finishing, so
shared wins are common. 'Never' lies beyond the finish and is never claimed.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from printkit.games.records import CardEvent, GameRecord

name = "toy"
bots = ("plain", "lucky")

FINISH = 20
CARDS = {3: "Apple", 7: "Banana", 11: "Cherry", 15: "Damson", 19: "Elder", 99: "Never"}


def prepare(pack) -> dict:
    return {"finish": FINISH, "cards": dict(CARDS), "max_turns": 2000}


def play(setup: dict, players: int, bots: Sequence[str], rng: random.Random) -> GameRecord:
    finish, cards = setup["finish"], setup["cards"]
    where = [0] * players
    claimed: dict[str, int] = {}
    events: list[CardEvent] = []
    turns = rounds = rolls = 0
    truncated = False
    while True:
        rounds += 1
        for seat in range(players):
            if turns >= setup["max_turns"]:
                truncated = True
                break
            turns += 1
            roll = rng.randint(1, 6)
            if bots[seat] == "lucky":
                roll = max(roll, rng.randint(1, 6))
            rolls += 1
            where[seat] += roll
            card = cards.get(where[seat])
            if card is not None and card not in claimed:
                claimed[card] = seat
                events.append(CardEvent(card, "claimed", turns, seat))
        if truncated or max(where) >= finish:
            break
    scores = tuple(2 * sum(1 for s in claimed.values() if s == seat) + (where[seat] >= finish)
                   for seat in range(players))
    best = max(scores)
    winners = tuple(seat for seat, score in enumerate(scores) if score == best)
    return GameRecord(players, scores, winners, turns, rounds, tuple(events), (("rolls", rolls),), truncated)


def card_figures(setup: dict, records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    out = {}
    for card in setup["cards"].values():
        turns = [e.turn for r in records for e in r.events if e.card == card]
        out[card] = {"claimed_rate": len(turns) / len(records) if records else 0.0,
                     "mean_claim_turn": sum(turns) / len(turns) if turns else 0.0}
    return out


def figures(setup: dict, records: Sequence[GameRecord]) -> dict:
    rolls = [dict(r.counts)["rolls"] for r in records]
    return {"rolls_per_game": sum(rolls) / len(rolls) if rolls else 0.0}
