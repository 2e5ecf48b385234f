"""Bots for Many Faces: random, greedy (best immediate points) and lookahead (also its next turn).

Bots see what the rules make public (discard piles, scored cards, the board) and
their own hand; Linus and Marcie show cards, but no bot remembers them.
Every choice the engine asks for is a method; the engine checks each answer.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import NamedTuple

from .state import Game, Setup

SURVIVE = 0.8  # chance a card in a discard pile is still there on our next turn


class RandomBot:
    """Uniformly random legal choices, with the game's rng. It lays down whatever it can (a random
    set or run each time): laying down is what ends a game."""

    def begin(self, g: Game, seat: int) -> None:
        pass

    def take(self, g: Game, seat: int) -> int:
        options = [t for t in range(g.np) if g.disc[t]]
        k = g.rng.randrange(len(options) + 1)
        return -1 if k == len(options) else options[k]

    def action(self, g: Game, seat: int, options: list[int], may_stop: bool):
        return g.rng.choice(options + [None] if may_stop else options)

    def keep(self, g: Game, seat: int, seen: list[int], k: int) -> list[int]:
        return g.rng.sample(range(len(seen)), k)

    def swap(self, g: Game, seat: int, most: int) -> list[int]:
        return g.rng.sample(g.held(seat), g.rng.randint(0, most))

    def give_up(self, g: Game, seat: int) -> int:
        return g.rng.choice(g.held(seat))

    show = discard = give_up

    def peek(self, g: Game, seat: int) -> int:
        return (seat + g.rng.randrange(1, g.players)) % g.players

    def pick_discard(self, g: Game, seat: int) -> int:
        return g.rng.choice([t for t in range(g.np) if g.disc[t]])

    def lay(self, g: Game, seat: int):
        options = g.available(seat)
        if not options:
            return None
        kind, key = g.rng.choice(options)
        size = g.setup.set_size if kind == "set" else g.setup.run_size
        return kind, key, g.rng.sample(members(g, seat, kind, key), size)


def members(g: Game, seat: int, kind: str, key: int) -> list[int]:
    """The personas (set of value ``key``) or values (run of persona ``key``) the hand holds for it."""
    pc, nv = g.pc[seat], g.nv
    if kind == "set":
        return [p for p in range(len(g.setup.suits)) if pc[p * nv + key]]
    return [v for v in range(nv) if pc[key * nv + v]]


def progress(size: int, length: int) -> list[float]:
    """What holding h different cards of a set or run of ``size`` is worth, as a share of its points:
    growing faster the nearer it is to complete, and the whole points more once complete."""
    return [(min(h, size) / size) ** 2 + (1.0 if h >= size else 0.0) for h in range(length)]


def likely(need: int, found: float) -> float:
    """How likely a set or run lacking ``need`` cards gets them, when ``found`` of them are within reach;
    only counted 1 or 2 cards short (further off, too much can change)."""
    if need <= 0 or need > 2:
        return 1.0
    return found / need if found < need else 1.0


class Tables(NamedTuple):
    """What a greedy bot reads and never changes (see ``tables``)."""

    rw: list[int]  # what a run of each persona scores
    sw: float  # what a set scores, on average
    rprog: list[float]
    sprog: list[float]
    dup: float  # a second copy: a spare for another set or run
    hold_action: float  # an action card kept for a later turn
    pair_copies: list[int]
    share: float  # of the deck that is personalities
    pv: list[tuple[int, int]]
    run_size: int
    set_size: int
    pair_range: range
    # For ``look``: the pairs of each persona's run and each value's set, and each one's worth at
    # every number of different cards held (w * prog[h]) with the step one card more makes.
    rows: list[range]
    cols: list[range]
    rtab: list[list[float]]
    stab: list[list[float]]
    rdiff: list[list[float]]
    sdiff: list[list[float]]


@lru_cache(maxsize=4096)
def tables(s: Setup, pts: tuple[int, ...]) -> Tables:
    """A greedy bot's tables for a pack and the points of each persona's place: worked out once,
    shared by every bot of every game dealt those places."""
    nv, np = len(s.values), s.personalities
    rw = [s.run_size * pt for pt in pts]
    sw = s.set_size * sum(pts) / len(pts)
    length = len(s.suits) + len(s.values) + 2
    rprog, sprog = progress(s.run_size, length), progress(s.set_size, length)
    dup = 0.01 * min(rw)
    pair_copies = [0] * s.pairs
    for t in range(np):
        pair_copies[s.pair(t)] += s.copies[t]
    total = sum(s.copies)
    rtab = [[w * x for x in rprog] for w in rw]
    stab = [[sw * x for x in sprog]] * nv  # every set scores the same on average
    return Tables(rw, sw, rprog, sprog, dup, 3 * dup, pair_copies, sum(s.copies[:np]) / total if total else 1.0,
                  [divmod(pr, nv) for pr in range(s.pairs)], s.run_size, s.set_size, range(s.pairs),
                  [range(p * nv, (p + 1) * nv) for p in range(len(s.suits))],
                  [range(v, s.pairs, nv) for v in range(nv)], rtab, stab,
                  [[b - a for a, b in zip(tab, tab[1:])] for tab in rtab],
                  [[b - a for a, b in zip(tab, tab[1:])] for tab in stab])


class GreedyBot:
    """Best immediate points: takes the card that completes or advances a set or run the most, plays
    the action that helps most now, lays down the most points it can, discards what helps least.

    A hand is worth, for each set and run, its points times how far along it is, times how likely
    the cards it still lacks can come our way (surely from a discard pile; from the unseen cards as
    likely as they are in the deck rather than in another hand). Without that last factor, players
    holding each other's last cards wait for ever."""

    def begin(self, g: Game, seat: int) -> None:
        self.np, self.nv, self.pair_of, self.p_of, self.v_of = g.np, g.nv, g.pair_of, g.p_of, g.v_of
        (self.rw, self.sw, self.rprog, self.sprog, self.dup, self.hold_action, self.pair_copies, self.share, self.pv,
         self.run_size, self.set_size, self.pair_range, self.rows, self.cols, self.rtab, self.stab, self.rdiff,
         self.sdiff) = tables(g.setup, tuple(g.pts))
        self.key: tuple[int, int] | None = None  # (game version, seat) the figures were worked out for
        self.held_key: tuple[int, int] | None = None  # the same, for ``loss`` alone
        self.plan: tuple[tuple[int, int], int] | None = None
        self.cheap: tuple[tuple[int, int] | None, int] = (None, -1)  # cheapest's answer, and the key it is for

    # -- what cards are worth ----------------------------------------------------

    def look(self, g: Game, seat: int) -> None:
        """What each card would add to the hand (``gain``) or take from it (``loss``), per (persona, value)
        pair, and how many copies we have not seen; cached until a card moves."""
        key = (g.version, seat)
        if self.key == key:
            return
        if self.held_key != key:
            self._held(g, seat, key)
        self._gains(g, seat)
        self.key = key

    def look_held(self, g: Game, seat: int) -> None:
        """``loss`` alone (what the cards held are worth), all that choosing a discard needs: ``look``
        without working out ``gain``."""
        key = (g.version, seat)
        if self.key != key and self.held_key != key:
            self._held(g, seat, key)

    # ``look`` is the simulator's innermost loop: it reads the tables ``begin`` built (a run's or set's
    # worth at each number of different cards held) and walks only the runs and sets 1 to 3 cards short.
    # Every figure is the same float, worked out in the same order, as the formulas quoted.

    def _line(self, g: Game, seat: int, line: range, reach: list[float]) -> float:
        """For the cards of a set or run a few cards short, the chance of a copy (``reach``): sure in a
        discard pile, else as likely as it is in the deck; and how many of those it lacks are within
        reach (``found``)."""
        pc, disc, scored, copies, in_deck = g.pc[seat], g.disc_pair, g.scored_pairs, self.pair_copies, self.in_deck
        found = 0.0
        for pr in line:
            if disc[pr]:
                x = 1.0
            else:
                x = (copies[pr] - pc[pr] - scored[pr]) * in_deck
                if x >= 1.0:
                    x = 1.0
            reach[pr] = x
            if not pc[pr]:
                found += x
        return found

    def _held(self, g: Game, seat: int, key: tuple[int, int]) -> None:
        """``look``'s first half: each run's and set's worth now, and ``loss``."""
        self.held_key = key
        deck = len(g.deck)
        self.in_deck = deck / max(1, deck + sum(g.size) - g.size[seat])
        pc, run_have, set_have = g.pc[seat], g.run_have[seat], g.set_have[seat]
        rtab, stab, rs, ss = self.rtab, self.stab, self.run_size, self.set_size
        # Per run (and set) of h different cards: worth now, cur = w * prog[h] * likely(n, found) with n the
        # cards it lacks; and d = w * prog[h + 1] - cur, what one card more adds. Only sets and runs 1 or 2
        # short weigh how likely their cards can come (``likely``); the others' figures are the tables'.
        item = list.__getitem__
        self.rcur = rcur = list(map(item, rtab, run_have))  # rtab[p][run_have[p]] for each persona p
        self.rd = rd = list(map(item, self.rdiff, run_have))
        self.scur = scur = list(map(item, stab, set_have))
        self.sd = sd = list(map(item, self.sdiff, set_have))
        self.reach = reach = [0.0] * len(pc)
        self.rfound = rfound = [0.0] * len(run_have)
        self.sfound = sfound = [0.0] * len(set_have)
        for lines, have, size, tab, cur, d, found_in in ((self.rows, run_have, rs, rtab, rcur, rd, rfound),
                                                         (self.cols, set_have, ss, stab, scur, sd, sfound)):
            near = size - 2
            for k, h in enumerate(have):
                if near <= h < size:
                    found_in[k] = found = self._line(g, seat, lines[k], reach)
                    n = size - h
                    if found < n:
                        cur[k] = c = tab[k][h] * (found / n)
                        d[k] = tab[k][h + 1] - c
        dup, pv = self.dup, self.pv
        self.loss = loss = [dup] * len(pc)
        for pr in compress(self.pair_range, pc):
            if pc[pr] == 1:  # what the hand loses without its only copy:
                # cur[p] - w * prog[h - 1] * likely(n + 1, found + reach) for its run, and the same for its set
                p, v = pv[pr]
                h = run_have[p]
                w = rtab[p][h - 1]
                if rs - 1 <= h <= rs:  # 1 or 2 short without it: likely() below 1 when found falls short
                    f = rfound[p] + reach[pr]
                    if f < rs - h + 1:
                        w = w * (f / (rs - h + 1))
                x = rcur[p] - w
                h = set_have[v]
                w = stab[v][h - 1]
                if ss - 1 <= h <= ss:
                    f = sfound[v] + reach[pr]
                    if f < ss - h + 1:
                        w = w * (f / (ss - h + 1))
                loss[pr] = x + scur[v] - w

    def _gains(self, g: Game, seat: int) -> None:
        """``look``'s second half (after ``_held`` for the same cards): ``gain``."""
        pc, reach = g.pc[seat], self.reach
        gain = [r + s for r in self.rd for s in self.sd]  # far from complete: the progress alone
        # One card more leaves a set or run 1 or 2 short: as likely as the rest can come. Cards held
        # are left out: their gain is ``dup`` below.
        for lines, have, size, tab, found_in in ((self.rows, g.run_have[seat], self.run_size, self.rtab, self.rfound),
                                                 (self.cols, g.set_have[seat], self.set_size, self.stab, self.sfound)):
            least, near = size - 3, size - 2
            for k, h in enumerate(have):
                if least <= h <= near:
                    line = lines[k]
                    found = self._line(g, seat, line, reach) if h == least else found_in[k]
                    up, m = tab[k][h + 1], size - h - 1
                    for pr in line:
                        if not pc[pr]:
                            f = found - reach[pr]
                            if f < m:
                                gain[pr] -= up * (1.0 - f / m)
        dup = self.dup
        for pr in compress(self.pair_range, pc):
            gain[pr] = dup
        self.gain = gain

    def new_value(self, g: Game, seat: int, t: int) -> float:
        """What card ``t`` would add to the hand (after ``look``)."""
        return self.gain[self.pair_of[t]] if t < self.np else self.hold_action

    def held_value(self, g: Game, seat: int, t: int) -> float:
        """What the hand would lose without one card ``t`` (after ``look``)."""
        return self.loss[self.pair_of[t]] if t < self.np else self.hold_action

    def floor(self, g: Game, seat: int) -> float:
        """What the hand's cheapest card is worth: a new card helps only by more than that, since
        the hand goes back to its size (a card worth less would be discarded again)."""
        t = self.cheapest(g, seat)
        return self.held_value(g, seat, t) if t >= 0 else 0.0

    def deck_value(self, g: Game, seat: int, floor: float) -> float:
        """What the deck's unknown top card adds over ``floor``, on average over the cards not yet seen
        (after ``look``)."""
        total = weight = 0.0
        for c, h, d, sc, x in zip(self.pair_copies, g.pc[seat], g.disc_pair, g.scored_pairs, self.gain):
            u = c - h - d - sc
            if u > 0:
                weight += u
                if x > floor:
                    total += u * (x - floor)
        return self.share * total / weight if weight else 0.0

    def best_discard(self, g: Game, seat: int) -> tuple[float, int]:
        """The discard piles' most useful card for us, and what it adds (-1, -1 when they are empty)."""
        self.look(g, seat)
        best, pick = -1e9, -1
        gain, pair_of = self.gain, self.pair_of
        for t in compress(range(self.np), g.disc):
            x = gain[pair_of[t]]
            if x > best:
                best, pick = x, t
        return best, pick

    def cheapest(self, g: Game, seat: int) -> int:
        """The card in hand we would miss least (after ``look``)."""
        self.look_held(g, seat)
        key = (g.version, seat)
        if self.cheap[0] == key:
            return self.cheap[1]
        hand, loss, pair_of, np = g.hands[seat], self.loss, self.pair_of, self.np
        best, pick = 1e18, -1
        for t in compress(range(len(hand)), hand):
            x = loss[pair_of[t]] if t < np else self.hold_action
            if x < best:
                best, pick = x, t
        self.cheap = (key, pick)
        return pick

    # -- the engine's questions --------------------------------------------------

    def take(self, g: Game, seat: int) -> int:
        best, pick = self.best_discard(g, seat)
        if pick < 0:
            return -1
        floor = self.floor(g, seat)
        # The deck's value is never negative and at most ``share`` times the best gain over ``floor`` (an
        # average of those gains): past either bound the answer is known without working it out.
        if best - floor <= 0.0:
            return -1
        if best - floor > self.share * (max(self.gain) - floor) * (1 + 1e-9):
            return pick
        return pick if best - floor > self.deck_value(g, seat, floor) else -1

    def action(self, g: Game, seat: int, options: list[int], may_stop: bool):
        values = {t: self.action_value(g, seat, t) for t in options}
        pick = max(options, key=values.__getitem__)
        return pick if values[pick] > 0 or not may_stop else None

    def action_value(self, g: Game, seat: int, t: int) -> float:
        effect = g.setup.effects[t - self.np]
        n = g.setup.amounts[t - self.np]
        if effect == "extra-actions":  # worth the actions she frees beyond the one allowed anyway
            others = [self.action_value(g, seat, u) for u in g.actions_held(seat)
                      if g.setup.effects[u - self.np] != "extra-actions"]
            return sum(others) - max(others, default=0.0) + self.dup / 10
        if effect not in ("take-discard", "draw", "draw-keep", "swap"):  # no points now, but a card cycled
            return self.dup / (2 if effect == "opponents-discard" else 4)
        self.look(g, seat)
        floor = self.floor(g, seat)
        if effect == "take-discard":
            return max(self.best_discard(g, seat)[0] - floor, self.dup / 2)
        expect = self.deck_value(g, seat, floor)
        if effect == "draw":
            return n[0] * expect
        if effect == "draw-keep":
            return n[1] * expect * 1.5
        losses = sorted(self.held_value(g, seat, u) for u in g.held(seat) if u != t)[:n[0]]  # swap
        return sum(expect + floor - x for x in losses if x < expect + floor) + self.dup / 2

    def keep(self, g: Game, seat: int, seen: list[int], k: int) -> list[int]:
        chosen: list[int] = []
        for _ in range(k):  # one at a time, so a second copy of a card counts as a spare
            self.look(g, seat)
            best = max((i for i in range(len(seen)) if i not in chosen),
                       key=lambda i: self.new_value(g, seat, seen[i]))
            chosen.append(best)
            g.add(seat, seen[best])
        for i in chosen:
            g.remove(seat, seen[i])
        return chosen

    def swap(self, g: Game, seat: int, most: int) -> list[int]:
        self.look(g, seat)
        floor = self.floor(g, seat)
        expect = self.deck_value(g, seat, floor) + floor
        out: list[int] = []
        while len(out) < most and g.size[seat]:
            t = self.cheapest(g, seat)
            if self.held_value(g, seat, t) >= expect:
                break
            out.append(t)
            g.remove(seat, t)
        for t in out:
            g.add(seat, t)
        return out

    def give_up(self, g: Game, seat: int) -> int:
        return self.cheapest(g, seat)

    show = give_up

    def discard(self, g: Game, seat: int) -> int:
        """The cheapest card; and, when the hand must lose another, the next cheapest, kept for the next call
        when the first shares no set or run with any card left (its leaving then changes no card's worth,
        so a second ``look`` would find the same)."""
        plan, self.plan = self.plan, None
        if plan and plan[0] == (g.version, seat) and g.hands[seat][plan[1]]:
            return plan[1]
        self.look_held(g, seat)
        hand, loss, pair_of, np = g.hands[seat], self.loss, self.pair_of, self.np
        first = second = (1e18, -1)
        for t in compress(range(len(hand)), hand):
            x = (loss[pair_of[t]] if t < np else self.hold_action, t)
            if x < first:
                first, second = x, first
            elif x < second:
                second = x
        t1, t2 = first[1], second[1]
        if g.size[seat] - 1 > g.setup.hand and t2 >= 0 and hand[t1] == 1 and (
                t1 >= np or (g.run_have[seat][self.p_of[t1]] == 1 and g.set_have[seat][self.v_of[t1]] == 1)):
            self.plan = ((g.version + 1, seat), t2)
        return t1

    def peek(self, g: Game, seat: int) -> int:
        return (seat + 1) % g.players

    def pick_discard(self, g: Game, seat: int) -> int:
        return self.best_discard(g, seat)[1]

    def lay(self, g: Game, seat: int):
        best = None
        for kind, key in g.available(seat):
            chosen = self.members(g, seat, kind, key)
            points = (sum(g.pts[p] for p in chosen) if kind == "set" else len(chosen) * g.pts[key])
            if best is None or points > best[0]:
                best = (points, kind, key, chosen)
        return best[1:] if best else None

    def members(self, g: Game, seat: int, kind: str, key: int) -> list[int]:
        """A set's best-placed personas (sparing those its runs need); a run's values sets need least."""
        held = members(g, seat, kind, key)
        if kind == "set":
            held.sort(key=lambda p: (-g.pts[p], g.run_have[seat][p]))
            return held[:g.setup.set_size]
        held.sort(key=lambda v: g.set_have[seat][v])
        return held[:g.setup.run_size]


class LookaheadBot(GreedyBot):
    """Greedy, plus one move ahead: a set or run 1 or 2 cards short is worth its chance of being completed
    on the next turn (the cards it needs in the discard piles, or among the cards not yet seen); and it
    does not end the game with its own lay-down while that would leave it behind."""

    def chance(self, g: Game, seat: int, kind: str, key: int) -> float:
        """Points expected from completing this set or run on our next turn (2 takes)."""
        s, pc, nv = g.setup, g.pc[seat], g.nv
        if kind == "run":
            need = s.run_size - g.run_have[seat][key]
            missing = [key * nv + v for v in range(nv) if not pc[key * nv + v]]
            worth: float = self.rw[key]
        else:
            need = s.set_size - g.set_have[seat][key]
            missing = [p * nv + key for p in range(len(s.suits)) if not pc[p * nv + key]]
            worth = self.sw
        if need <= 0 or need > 2:
            return 0.0
        unseen_total = max(1, len(g.deck) + sum(g.size) - g.size[seat])
        here = sum(1 for pr in missing if g.disc_pair[pr])
        if here >= need:
            return worth * SURVIVE ** need
        q = sum(max(0, self.pair_copies[pr] - g.disc_pair[pr] - g.scored_pairs[pr]) for pr in missing
                if not g.disc_pair[pr]) / unseen_total
        q = min(q, 1.0)
        if need - here == 1:
            return worth * SURVIVE ** here * (1 - (1 - q) ** (2 - here))
        return worth * q * q / 2

    def look(self, g: Game, seat: int) -> None:
        """Greedy's values, plus for the cards of sets and runs 1 to 3 short, how much more (or less)
        likely the next turn completes them with the card than without."""
        if self.key == (g.version, seat):
            return
        super().look(g, seat)
        s, pc, nv = g.setup, g.pc[seat], self.nv
        near = [pr for pr in range(len(pc)) if pc[pr] <= 1
                and (s.run_size - g.run_have[seat][pr // nv] <= 3 or s.set_size - g.set_have[seat][pr % nv] <= 3)]
        gain, loss = self.gain, self.loss
        for pr in near:
            p, v = divmod(pr, nv)
            t = g.pair_types[pr][0]
            now = self.chance(g, seat, "run", p) + self.chance(g, seat, "set", v)
            if pc[pr]:
                t = next(u for u in g.pair_types[pr] if g.hands[seat][u])
                g.remove(seat, t)
                loss[pr] += now - self.chance(g, seat, "run", p) - self.chance(g, seat, "set", v)
                g.add(seat, t)
            else:
                g.add(seat, t)
                gain[pr] += self.chance(g, seat, "run", p) + self.chance(g, seat, "set", v) - now
                g.remove(seat, t)
        self.key = (g.version, seat)  # the same cards as before the trials

    def look_held(self, g: Game, seat: int) -> None:
        self.look(g, seat)  # its ``loss`` needs the trials too

    def lay(self, g: Game, seat: int):
        choice = super().lay(g, seat)
        if choice is None or g.ending or g.collections(seat) + 1 < g.end_at:
            return choice
        kind, key, chosen = choice
        mine = g.points(seat) + (sum(g.pts[p] for p in chosen) if kind == "set" else len(chosen) * g.pts[key])
        rival = max(g.points(o) for o in range(g.players) if o != seat)
        return choice if mine >= rival else None  # ending the game now would lose it: keep collecting


BOTS = {"greedy": GreedyBot, "random": RandomBot, "lookahead": LookaheadBot}
