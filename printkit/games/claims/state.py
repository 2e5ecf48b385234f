"""One Gag Grab game in progress, and the moves the rules allow on it.

Plain lists of ints, changed in place, because a simulation plays tens of
thousands of games: hands are counts per Kid kind with a two-mask key kept
up to date (see ``claims_setup``), the board is a Gag card id per space,
pawns are a space per seat and a seat (or -1) per space. Each move checks
the rule it stands for and raises ``Illegal`` when it is broken, so bots
cannot cheat and the tests can ask the rules directly.
"""
from __future__ import annotations

import random

from ...core.errors import PrintkitError
from .board import distance, reach
from .setup import POWERS, Setup, payable_mask

COUNTS = tuple(f"power:{p}" for p in POWERS) + ("kid-reshuffles", "trades", "rerolls-blocked")
RESHUFFLES, TRADES, REROLLS = 5, 6, 7
HIGH = 16  # a key's second mask (kinds held twice) starts at this bit


class Illegal(PrintkitError, ValueError):
    """A move the rules do not allow."""


def die(rng: random.Random) -> int:
    return rng.randrange(6) + 1


def roll_off(rng: random.Random, players: int) -> tuple[int, int]:
    """Who plays first, and how many re-rolls it took: only the players tied for the highest roll roll again."""
    rolling = list(range(players))
    again = 0
    while True:
        rolls = [die(rng) for _ in rolling]
        high = max(rolls)
        rolling = [p for p, r in zip(rolling, rolls) if r == high]
        if len(rolling) == 1:
            return rolling[0], again
        again += 1


class State:
    __slots__ = ("setup", "rng", "players", "board", "pawn_at", "pos", "gag_deck", "kid_deck", "kid_discard",
                 "gag_discard", "hands", "keys", "sizes", "scores", "claimed", "turn", "events", "counts",
                 "ended", "reach_seen", "reach_paid", "reach_turn", "claim_notes", "boosted", "second_ok", "second_used", "claims_left",
                 "just_claimed")

    def __init__(self, setup: Setup, players: int, rng: random.Random):
        self.setup, self.rng, self.players = setup, rng, players
        gags = list(range(len(setup.gag_names)))
        rng.shuffle(gags)
        kids = list(setup.kid_cards)
        rng.shuffle(kids)
        spaces = setup.columns * setup.rows
        self.board = [gags.pop() for _ in range(min(spaces, len(gags)))]
        self.board += [-1] * (spaces - len(self.board))
        self.gag_deck, self.kid_deck = gags, kids
        self.kid_discard: list[int] = []
        self.gag_discard: list[int] = []
        self.pawn_at = [-1] * spaces
        self.pos = [-1] * players
        kinds = len(setup.kinds)
        self.hands = [[0] * kinds for _ in range(players)]
        self.keys = [0] * players
        self.sizes = [0] * players
        self.scores = [0] * players
        self.claimed = [0] * players
        self.turn = 0
        self.events: list[tuple[int, str, int, int]] = []  # (gag id, event, turn, seat)
        self.counts = [0] * len(COUNTS)
        self.ended = False
        self.reach_seen = [0] * len(setup.gag_names)  # claim opportunities per Gag card (see card_figures)
        self.reach_paid = [0] * len(setup.gag_names)
        self.reach_turn = [0] * len(setup.gag_names)  # the turn whose first roll last reached each gag
        self.claim_notes: list[tuple[int, bool, bool]] = []  # per claim: gag, reached that turn, better payable
        self.boosted = self.second_ok = self.second_used = self.just_claimed = False
        self.claims_left = 0
        for seat in range(players):
            self.draw(seat, setup.deal)

    # -- Kid cards ------------------------------------------------------------------------------

    def give(self, seat: int, kind: int) -> None:
        hand = self.hands[seat]
        held = hand[kind]
        hand[kind] = held + 1
        if held < 2:
            self.keys[seat] |= 1 << (kind + HIGH * held)
        self.sizes[seat] += 1

    def take(self, seat: int, kind: int) -> None:
        hand = self.hands[seat]
        held = hand[kind]
        if held == 0:
            raise Illegal(f"seat {seat} holds no {self.setup.kinds[kind]}")
        hand[kind] = held - 1
        if held <= 2:
            self.keys[seat] &= ~(1 << (kind + HIGH * (held - 1)))
        self.sizes[seat] -= 1

    def discard(self, seat: int, kinds) -> None:
        for kind in kinds:
            self.take(seat, kind)
            self.kid_discard.append(kind)

    def draw(self, seat: int, n: int) -> int:
        """Draw up to ``n`` Kid cards; an empty deck is refilled from the shuffled discard pile."""
        got = 0
        for _ in range(n):
            if not self.kid_deck:
                if not self.kid_discard:
                    break
                self.kid_deck, self.kid_discard = self.kid_discard, []
                self.rng.shuffle(self.kid_deck)
                self.counts[RESHUFFLES] += 1
            self.give(seat, self.kid_deck.pop())
            got += 1
        return got

    def payable(self, seat: int) -> int:
        return payable_mask(self.setup, self.keys[seat])

    def cards(self, seat: int) -> list[int]:
        """The seat's hand as one kind per card."""
        return [k for k, n in enumerate(self.hands[seat]) for _ in range(n)]

    # -- trading ----------------------------------------------------------------------------------

    def trade(self, seat: int, other: int, give: list[int], get: list[int]) -> None:
        """Swap cards with a neighbour; each side gives at least one card (no gifts)."""
        if not give or not get:
            raise Illegal("a trade needs at least one card from each side")
        if distance(self.pos[seat], self.pos[other], self.setup.columns) != 1:
            raise Illegal("trade only with a player whose pawn is next to yours")
        for kind in give:
            self.take(seat, kind)
        for kind in get:
            self.take(other, kind)
        for kind in give:
            self.give(other, kind)
        for kind in get:
            self.give(seat, kind)
        self.counts[TRADES] += 1

    # -- moving -----------------------------------------------------------------------------------

    def place(self, seat: int, space: int, starts) -> None:
        if space not in starts or self.pawn_at[space] >= 0:
            raise Illegal("a pawn starts on a free start space")
        self.pos[seat] = space
        self.pawn_at[space] = seat

    def roll(self, seat: int) -> tuple[int, list[int]]:
        """Roll for a move, and again while no free space is in reach (a blocked pawn rolls again)."""
        rings = self.setup.rings[self.pos[seat]]
        if not reach(rings, self.pawn_at, len(rings)):
            raise Illegal("no free space anywhere on the board")
        while True:
            roll = die(self.rng)
            spaces = reach(rings, self.pawn_at, roll)
            if spaces:
                self.boosted = False
                return roll, spaces
            self.counts[REROLLS] += 1

    def roll_reach(self, seat: int, roll: int) -> list[int]:
        return reach(self.setup.rings[self.pos[seat]], self.pawn_at, roll)

    def move(self, seat: int, space: int, roll: int) -> None:
        """End a move: on a different free space, at most ``roll`` king moves away."""
        here = self.pos[seat]
        if self.pawn_at[space] >= 0 or not 1 <= distance(here, space, self.setup.columns) <= roll:
            raise Illegal("a move ends on a different free space within the roll")
        self.pawn_at[here] = -1
        self.pawn_at[space] = seat
        self.pos[seat] = space
        self.just_claimed = False

    # -- claiming and removing --------------------------------------------------------------------

    def claim(self, seat: int, pair: tuple[int, int]) -> None:
        """Pay two Kid cards for the gag under the pawn, keep it, refill the space (or end the game)."""
        if self.claims_left <= 0:
            raise Illegal("one claim a turn, more only with an extra claim")
        space = self.pos[seat]
        gag = self.board[space]
        if tuple(sorted(pair)) not in self.setup.req_pairs[self.setup.gag_req[gag]]:
            raise Illegal("those cards do not pay for this gag")
        self.discard(seat, pair)
        self.claims_left -= 1
        self.scores[seat] += self.setup.gag_points[gag]
        self.claimed[seat] += 1
        self.events.append((gag, "claimed", self.turn, seat))
        self.second_ok = False
        self.just_claimed = True
        if self.gag_deck:
            self.board[space] = self.gag_deck.pop()
        else:
            self.board[space] = -1
            self.ended = True  # a claimed space that cannot be refilled ends the game at once

    def spend(self, seat: int, power: str, kinds) -> None:
        """Discard gallery cards for a power; it takes exactly the power's cost in gallery cards."""
        index = POWERS.index(power)
        if len(kinds) != self.setup.power_cost[index] or not all(self.setup.gallery[k] for k in kinds):
            raise Illegal(f"{power} takes {self.setup.power_cost[index]} Peanut Gallery card(s)")
        self.discard(seat, kinds)
        self.counts[index] += 1

    def boost(self, seat: int, kind: int, roll: int, amount: int) -> int:
        if self.boosted:
            raise Illegal("one boost per roll")
        if amount not in (1, 2):
            raise Illegal("a boost adds 1 or 2")
        self.spend(seat, "boost", (kind,))
        self.boosted = True
        return roll + amount

    def draw3(self, seat: int, kinds) -> None:
        """Spend the cards and draw 3; the player then discards 2 (``discard``)."""
        self.spend(seat, "draw3", kinds)
        self.draw(seat, 3)

    def remove(self, seat: int, kinds, space: int) -> None:
        """Put a gag from the board out of the game and refill its space; not with an empty Gag deck."""
        if not self.gag_deck:
            raise Illegal("Remove cannot be used when the Gag deck is empty")
        self.spend(seat, "remove", kinds)
        self.events.append((self.board[space], "removed", self.turn, seat))
        self.gag_discard.append(self.board[space])
        self.board[space] = self.gag_deck.pop()

    def second_move(self, seat: int, kind: int) -> None:
        if self.second_used or not self.second_ok:
            raise Illegal("a second move comes right after the Move step, once a turn")
        self.spend(seat, "second-move", (kind,))
        self.second_used = True

    def extra_claim(self, seat: int, kind: int) -> None:
        if not self.just_claimed or self.ended:
            raise Illegal("an extra claim comes right after a claim")
        self.spend(seat, "extra-claim", (kind,))
        self.just_claimed = False
        self.claims_left += 1

    def begin_turn(self) -> None:
        self.turn += 1
        self.second_ok = self.second_used = self.just_claimed = False
        self.claims_left = 1
