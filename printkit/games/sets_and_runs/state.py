"""Many Faces of Snoopy in play: what a game needs from the pack, and the table as plain counts.

Cards are small integers ("types"): the personality deck's rows first, then the
action rows. A hand is a list of counts per type, kept alongside counts per
(persona, value) pair and, per persona and per value, how many different cards
of a run or a set the hand already holds, so that bots weigh a card in O(1).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..records import CardEvent

TAKE = 2  # "Take 2 cards": the rules' own number, not a setting of the module
STUCK = 2  # the game is stuck (and ends) when the deck has run out this many times in a row with nobody laying down


@dataclass(frozen=True)
class Setup:
    """Everything a game reads from the pack, as picklable tuples (built once by ``prepare``)."""

    suits: tuple[str, ...]  # persona terms, in the deck column's order
    values: tuple[int, ...]
    names: tuple[str, ...]  # per type: personality rows, then action rows
    copies: tuple[int, ...]  # per type
    persona: tuple[int, ...]  # per personality type: index into suits
    value: tuple[int, ...]  # per personality type: index into values
    effects: tuple[str, ...]  # per action type (type - personalities)
    amounts: tuple[tuple[int, ...], ...]  # per action type: the numbers its text gives ("Draw 2 cards")
    set_size: int
    run_size: int
    hand: int
    popularity: tuple[int, ...]  # points per place, best first
    end: tuple[tuple[tuple[int, ...], int], ...]  # (player counts, collections that end the game)

    @property
    def personalities(self) -> int:
        return len(self.persona)

    @property
    def pairs(self) -> int:
        return len(self.suits) * len(self.values)

    def pair(self, t: int) -> int:
        return self.persona[t] * len(self.values) + self.value[t]

    def end_at(self, players: int) -> int:
        """Collections one player must have scored to end a game of ``players``."""
        for counts, collections in self.end:
            if players in counts:
                return collections
        raise ValueError(f"the pack has no end rule for {players} players")


@lru_cache(maxsize=64)
def _layout(s: Setup) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per personality type its (persona, value) pair; per pair its types; the deck in type order. The
    same for every game of a pack, so worked out once."""
    pair_of = tuple(s.pair(t) for t in range(s.personalities))
    pair_types = tuple(tuple(t for t in range(s.personalities) if pair_of[t] == pr) for pr in range(s.pairs))
    return pair_of, pair_types, tuple(t for t in range(len(s.names)) for _ in range(s.copies[t]))


class Game:
    """One game's table. Seats are 0..n-1, seat 0 the first player, play clockwise in seat order."""

    def __init__(self, setup: Setup, players: int, rng: random.Random):
        s = self.setup = setup
        self.players, self.rng = players, rng
        self.np = s.personalities
        self.nv = len(s.values)
        self.pair_of, self.pair_types, deck = _layout(s)
        self.p_of, self.v_of = s.persona, s.value
        types = len(s.names)
        self.hands = [[0] * types for _ in range(players)]
        self.size = [0] * players  # cards in each hand
        self.pc = [[0] * s.pairs for _ in range(players)]  # held copies per (persona, value)
        self.run_have = [[0] * len(s.suits) for _ in range(players)]  # different values held per persona
        self.set_have = [[0] * self.nv for _ in range(players)]  # different personas held per value
        self.disc = [0] * self.np  # the discard piles (one per persona), as counts per type
        self.disc_pair = [0] * s.pairs
        self.disc_total = 0
        self.scored = [[0] * len(s.suits) for _ in range(players)]  # scored cards per persona
        self.scored_pairs = [0] * s.pairs  # every player's scored cards, for what is still unseen
        self.runs: list[list[int]] = [[] for _ in range(players)]  # the persona of each scored run
        self.sets = [0] * players
        self.events: list[CardEvent] = []
        self.counts: dict[str, int] = {"sets": 0, "runs": 0, "deck-ran-out": 0, "ended-empty": 0,
                                        "ended-stuck": 0}
        for e in dict.fromkeys(s.effects):
            self.counts[f"action:{e}"] = 0
        self.turn = 0
        self.ending = False  # a player has scored enough (or the game is stuck): the round is being finished
        self.laid_since = False  # a set or run laid down since the deck last ran out
        self.idle_cycles = -1  # whole decks gone through since anybody laid down (the first deck not whole)
        self.bots: list = []  # one per seat; actions ask other seats' bots (Lucy, Marcie)
        self.version = 0  # changes whenever a card moves, so bots may cache what they computed
        self.moved = 0  # cards taken or drawn, for the rule that ends a frozen game
        self.end_at = s.end_at(players)
        # Setting up: one shuffled deck; the tokens shuffled onto the places; deal the hand.
        self.deck = list(deck)
        rng.shuffle(self.deck)
        order = list(range(len(s.suits)))
        rng.shuffle(order)
        self.place = [0] * len(s.suits)  # the place (0 = best) of each persona
        for n, p in enumerate(order):
            self.place[p] = n
        self.pts = [s.popularity[self.place[p]] for p in range(len(s.suits))]
        for _ in range(s.hand):
            for seat in range(players):
                t = self.draw()
                if t >= 0:
                    self.add(seat, t)

    # -- cards moving ---------------------------------------------------------

    def add(self, seat: int, t: int) -> None:
        self.version += 1
        self.hands[seat][t] += 1
        self.size[seat] += 1
        if t < self.np:
            pr = self.pair_of[t]
            pc = self.pc[seat]
            if pc[pr] == 0:
                self.run_have[seat][self.p_of[t]] += 1
                self.set_have[seat][self.v_of[t]] += 1
            pc[pr] += 1

    def remove(self, seat: int, t: int) -> None:
        self.version += 1
        self.hands[seat][t] -= 1
        self.size[seat] -= 1
        if t < self.np:
            pr = self.pair_of[t]
            pc = self.pc[seat]
            pc[pr] -= 1
            if pc[pr] == 0:
                self.run_have[seat][self.p_of[t]] -= 1
                self.set_have[seat][self.v_of[t]] -= 1

    def rebuild(self) -> None:
        """"If the deck runs out, shuffle all the discard piles together into a new deck."""
        if not self.disc_total:
            return
        disc = self.disc
        self.deck = [t for t in range(self.np) for _ in range(disc[t])]
        self.rng.shuffle(self.deck)
        self.disc = [0] * self.np
        self.disc_pair = [0] * len(self.disc_pair)
        self.disc_total = 0
        self.counts["deck-ran-out"] += 1
        self.idle_cycles = 0 if self.laid_since else self.idle_cycles + 1
        if self.idle_cycles >= STUCK:
            self.ending = True
            self.counts["ended-stuck"] = 1
        self.laid_since = False

    def draw(self) -> int:
        """The deck's top card (-1 when the deck and every discard pile are empty)."""
        if not self.deck:
            self.rebuild()
            if not self.deck:
                return -1
        self.version += 1
        return self.deck.pop()

    def draw_into(self, seat: int, n: int) -> int:
        """Draw up to ``n`` cards into a hand; how many it got."""
        got = 0
        for _ in range(n):
            t = self.draw()
            if t < 0:
                break
            self.add(seat, t)
            got += 1
        self.moved += got
        return got

    def take_discard(self, seat: int, t: int) -> None:
        if t >= self.np or self.disc[t] <= 0:
            raise ValueError(f"no {self.setup.names[t] if 0 <= t < len(self.setup.names) else t} "
                             f"in the discard piles")
        self.disc[t] -= 1
        self.disc_pair[self.pair_of[t]] -= 1
        self.disc_total -= 1
        self.add(seat, t)
        self.moved += 1

    def discard(self, seat: int, t: int) -> None:
        """Personalities go onto their persona's pile; action cards back in the box."""
        if self.hands[seat][t] <= 0:
            raise ValueError(f"seat {seat} holds no {self.setup.names[t]}")
        self.remove(seat, t)
        if t < self.np:
            self.disc[t] += 1
            self.disc_pair[self.pair_of[t]] += 1
            self.disc_total += 1

    def held(self, seat: int) -> list[int]:
        """The hand as a list of types, one entry per card."""
        return [t for t, n in enumerate(self.hands[seat]) for _ in range(n)]

    def actions_held(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        return [t for t in range(self.np, len(hand)) if hand[t]]

    # -- sets and runs ----------------------------------------------------------

    def collections(self, seat: int) -> int:
        return self.sets[seat] + len(self.runs[seat])

    def available(self, seat: int) -> list[tuple[str, int]]:
        """Every set ("set", value index) and run ("run", persona index) the hand could lay down now."""
        sh, rh = self.set_have[seat], self.run_have[seat]
        s = self.setup
        return ([("set", v) for v in range(self.nv) if sh[v] >= s.set_size]
                + [("run", p) for p in range(len(rh)) if rh[p] >= s.run_size])

    def lay_down(self, seat: int, kind: str, key: int, members: list[int]) -> None:
        """Score a set (``key`` a value index, ``members`` its personas) or a run (``key`` a persona,
        ``members`` its value indexes); each card leaves the hand for good."""
        s = self.setup
        size = s.set_size if kind == "set" else s.run_size
        if len(set(members)) != size or len(members) != size:
            raise ValueError(f"a {kind} needs {size} different cards")
        pairs = [m * self.nv + key if kind == "set" else key * self.nv + m for m in members]
        pc = self.pc[seat]
        if any(pc[pr] == 0 for pr in pairs):
            raise ValueError(f"seat {seat} does not hold that {kind}")
        hand = self.hands[seat]
        for pr in pairs:
            t = next(t for t in self.pair_types[pr] if hand[t])
            self.remove(seat, t)
            self.scored[seat][self.p_of[t]] += 1
            self.scored_pairs[pr] += 1
            self.events.append(CardEvent(s.names[t], "scored", self.turn, seat))
        self.laid_since = True
        if kind == "set":
            self.sets[seat] += 1
            self.counts["sets"] += 1
        else:
            self.runs[seat].append(key)
            self.counts["runs"] += 1

    # -- the end ----------------------------------------------------------------

    def points(self, seat: int) -> int:
        return sum(n * pt for n, pt in zip(self.scored[seat], self.pts))

    def winners(self) -> tuple[int, ...]:
        """Most points; then more runs; then the run whose persona is placed highest; else shared."""
        scores = [self.points(seat) for seat in range(self.players)]
        best = max(scores)
        tied = [seat for seat in range(self.players) if scores[seat] == best]
        most = max(len(self.runs[seat]) for seat in tied)
        tied = [seat for seat in tied if len(self.runs[seat]) == most]
        if len(tied) == 1 or most == 0:
            return tuple(tied)
        top = {seat: min(self.place[p] for p in self.runs[seat]) for seat in tied}
        highest = min(top.values())
        return tuple(seat for seat in tied if top[seat] == highest)
