"""The Gag Grab bots: random, greedy (best immediate points), lookahead (one move ahead) and thrifty (cards
spent where they score most).

A bot answers the engine's questions (where to start, how far to boost,
where to move, what to pay...) and never changes the state itself: the
engine makes the move, so a bot cannot break a rule. Greedy decisions
lean on two cheap facts: the bit mask of requirements a hand can pay
(memoised per hand key) and the rings of spaces around each space.
"""
from __future__ import annotations

from .setup import GALLERY_VALUE, payable_mask
from .state import HIGH, State

NONE = (0, -1)  # (points, space) when nothing pays
MAX_TRADE = 2  # cards each side gives in one trade, at most: the rules allow any number, the bots ask for 1 or 2
MAX_ASKS = 6  # offers a player puts to one neighbour in one Draw step, at most


def missing(hand: list[int], pair: tuple[int, int]) -> tuple[int, ...]:
    """The cards of ``pair`` (two kinds, perhaps the same) that ``hand`` (counts per kind) lacks."""
    a, b = pair
    if a == b:
        return (a,) * max(0, 2 - hand[a])
    return tuple(k for k in pair if not hand[k])


def key_without(st: State, seat: int, kinds) -> int:
    """The seat's hand key after giving up ``kinds`` (without changing the hand)."""
    hand = st.hands[seat]
    key = st.keys[seat]
    less: dict[int, int] = {}
    for k in kinds:
        less[k] = less.get(k, 0) + 1
    for k, n in less.items():
        held = hand[k]
        for left in range(held - n, held):  # counts dropping from left+1 to left
            if left < 2:
                key &= ~(1 << (k + HIGH * left))
    return key


def key_of(hand: list[int]) -> int:
    key = 0
    for k, n in enumerate(hand):
        if n:
            key |= 1 << k
            if n > 1:
                key |= 1 << (k + HIGH)
    return key


def best_within(st: State, mask: int, at: int, near: int, far: int, free: int = -1) -> tuple[int, int]:
    """(points, space) of the best gag ``mask`` pays on a free space ``near``..``far`` king moves from ``at``.

    Nearest first on equal points. ``free`` is a space to treat as free (the
    mover's own, when looking ahead from elsewhere).
    """
    setup = st.setup
    rings = setup.rings[at]
    points, req = setup.gag_points, setup.gag_req
    board, pawn_at = st.board, st.pawn_at
    best, where = 0, -1
    for d in range(near, min(far, len(rings) - 1) + 1):
        for s in rings[d]:
            g = board[s]
            if g >= 0 and (pawn_at[s] < 0 or s == free) and points[g] > best and (mask >> req[g]) & 1:
                best, where = points[g], s
    return best, where


def cheapest_pair(st: State, seat: int, gag: int) -> tuple[int, int] | None:
    """The cheapest pair of Kid cards in hand that pays ``gag`` (pairs are sorted cheapest first)."""
    hand = st.hands[seat]
    for a, b in st.setup.req_pairs[st.setup.gag_req[gag]]:
        if hand[a] > (a == b) and hand[b]:
            return a, b
    return None


def gallery_held(st: State, seat: int) -> list[int]:
    """The seat's gallery cards, one kind per card, the least valuable first."""
    setup = st.setup
    if not st.keys[seat] & setup.gallery_bits:
        return []
    hand = st.hands[seat]
    found = [k for k, n in enumerate(hand) if n and setup.gallery[k] for _ in range(n)]
    found.sort(key=setup.kind_value.__getitem__)
    return found


def board_values(st: State) -> list[float]:
    """How much each Kid kind helps with the gags now on the board (plus a gallery card's power)."""
    setup = st.setup
    values = [GALLERY_VALUE if g else 0.0 for g in setup.gallery]
    for g in st.board:
        if g >= 0:
            points = setup.gag_points[g]
            for k, part in enumerate(setup.req_share[setup.gag_req[g]]):
                if part:
                    values[k] += points * part
    return values


def board_best(st: State, mask: int) -> int:
    """The most points of any gag on the board ``mask`` pays: a hand's worth, for trades."""
    setup = st.setup
    best = 0
    for g in st.board:
        if g >= 0 and setup.gag_points[g] > best and (mask >> setup.gag_req[g]) & 1:
            best = setup.gag_points[g]
    return best


def best_after_trade(st: State, seat: int, receive: list[int], hand_over: list[int]) -> int:
    """``board_best`` of the seat's hand after it receives ``receive`` and hands over ``hand_over``."""
    hand = list(st.hands[seat])
    for k in hand_over:
        hand[k] -= 1
    for k in receive:
        hand[k] += 1
    return board_best(st, payable_mask(st.setup, key_of(hand)))


CLAIM_POWER_WORTH = 1.5  # Gag Points a power used after moving must promise for its 2 gallery cards


def draw3_chance(st: State, seat: int, gag: int, spent: list[int]) -> float:
    """The chance that Draw 3, paid with ``spent``, lets the hand pay ``gag``: a hand one card short draws
    one of the cards it lacks among those it has not seen (hands two cards short are counted as hopeless)."""
    setup = st.setup
    hand = list(st.hands[seat])
    for k in spent:
        hand[k] -= 1
    lacking = set()
    for a, b in setup.req_pairs[setup.gag_req[gag]]:
        if a == b:
            if hand[a] == 1:
                lacking.add(a)
        elif hand[a] and not hand[b]:
            lacking.add(b)
        elif hand[b] and not hand[a]:
            lacking.add(a)
    if not lacking:
        return 0.0
    unseen = [0] * len(hand)
    for k in setup.kid_cards:
        unseen[k] += 1
    for k in st.kid_discard:
        unseen[k] -= 1
    for k, n in enumerate(st.hands[seat]):
        unseen[k] -= n
    total = sum(unseen)
    good = sum(unseen[k] for k in lacking)
    miss = 1.0
    for i in range(min(3, total)):  # none of the 3 drawn cards is one it lacks
        miss *= (total - good - i) / (total - i)
    return 1.0 - miss


class Random:
    """A uniformly random legal choice at every decision, from the game's rng; never trades."""

    trades = False

    def start(self, st: State, seat: int, free: list[int]) -> int:
        return st.rng.choice(free)

    def accept(self, st, seat, give, get) -> bool:
        return False

    def boost(self, st: State, seat: int, roll: int, spaces) -> tuple[int, int] | None:
        cards = gallery_held(st, seat)
        amount = st.rng.randrange(3) if cards else 0  # no boost, +1 or +2
        return (st.rng.choice(cards), amount) if amount else None

    def power(self, st: State, seat: int, moment: str):
        cards = gallery_held(st, seat)
        choices: list[str | None] = [None]
        if len(cards) >= st.setup.power("draw3"):
            choices.append("draw3")
        if len(cards) >= st.setup.power("remove") and st.gag_deck:
            choices.append("remove")
        pick = st.rng.choice(choices)
        if pick is None:
            return None
        spent = st.rng.sample(cards, st.setup.power(pick))
        if pick == "draw3":
            return ("draw3", spent)
        spaces = [s for s, g in enumerate(st.board) if g >= 0]
        return ("remove", spent, st.rng.choice(spaces))

    def discard(self, st: State, seat: int, n: int) -> list[int]:
        return st.rng.sample(st.cards(seat), n)

    def move(self, st: State, seat: int, roll: int, spaces: list[int]) -> int:
        return st.rng.choice(spaces)

    def second_move(self, st: State, seat: int) -> int | None:
        cards = gallery_held(st, seat)
        return st.rng.choice(cards) if cards and st.rng.randrange(2) else None

    extra_claim = second_move

    def claim(self, st: State, seat: int) -> tuple[int, int] | None:
        hand = st.hands[seat]
        pairs = [p for p in st.setup.req_pairs[st.setup.gag_req[st.board[st.pos[seat]]]]
                 if hand[p[0]] > (p[0] == p[1]) and hand[p[1]]]
        return st.rng.choice([None, *pairs])


class Greedy:
    """Best immediate points; powers only when they make a claim possible now."""

    trades = True
    boost_margin = 0  # Gag Points a boost must gain beyond one

    def start(self, st: State, seat: int, free: list[int]) -> int:
        mask = st.payable(seat)
        return max(free, key=lambda s: (best_within(st, mask, s, 1, 3)[0], -free.index(s)))

    def offers(self, st: State, seat: int, other: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Trades (give, get) to put to a neighbour, best first, on this hand alone (the neighbour's is hidden):
        for each gag on the board worth more than the best this hand pays, each way to pay it that lacks 1
        or 2 cards asks for those cards, for as many of the hand's least useful other cards."""
        setup = st.setup
        hand = st.hands[seat]
        now = board_best(st, st.payable(seat))
        gags = sorted({g for g in st.board if g >= 0 and setup.gag_points[g] > now},
                      key=lambda g: (-setup.gag_points[g], g))
        ranked: list[int] | None = None
        found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for g in gags:
            for pair in setup.req_pairs[setup.gag_req[g]]:
                get = missing(hand, pair)
                if not get or len(get) > MAX_TRADE:
                    continue
                if ranked is None:
                    ranked = self.discard(st, seat, st.sizes[seat])  # the whole hand, least useful first
                spare = list(ranked)
                kept = list(pair)
                for k in get:
                    kept.remove(k)
                for k in kept:  # the cards of the pair the hand holds pay the gag: not for giving
                    spare.remove(k)
                give = tuple(k for k in spare if k not in get)[:len(get)]
                offer = (give, get)
                if len(give) == len(get) and offer not in found:
                    found.append(offer)
                    if len(found) >= MAX_ASKS:
                        return found
        return found

    def accept(self, st: State, seat: int, give: list[int], get: list[int]) -> bool:
        """Take ``give`` for ``get`` when it gets as many cards as it gives and the hand's best gag on the
        board is no worse after it."""
        return len(give) >= len(get) and best_after_trade(st, seat, give, get) >= board_best(st, st.payable(seat))

    def boost(self, st: State, seat: int, roll: int, spaces) -> tuple[int, int] | None:
        cards = gallery_held(st, seat)
        if not cards:
            return None
        at = st.pos[seat]
        best = best_within(st, st.payable(seat), at, 1, roll)[0] + self.boost_margin
        choice = None
        for kind in dict.fromkeys(cards):  # each kind once, least valuable first
            mask = payable_mask(st.setup, key_without(st, seat, (kind,)))
            for amount in (1, 2):
                points = best_within(st, mask, at, 1, roll + amount)[0]
                if points > best:
                    best, choice = points, (kind, amount)
        return choice

    def power(self, st: State, seat: int, moment: str):
        setup = st.setup
        cards = gallery_held(st, seat)
        if moment == "claim":
            return self._claim_power(st, seat, cards)
        if moment == "move":
            # Nothing to claim in reach: trade gallery cards for a fresh look at the Kid deck.
            cost = setup.power("draw3")
            if len(cards) >= cost and not best_within(st, st.payable(seat), st.pos[seat], 1, 6)[1] >= 0:
                return ("draw3", cards[:cost])
            return None
        # Before the End step: gallery cards the hand limit would throw away may clear a dead gag nearby.
        cost = setup.power("remove")
        over = st.sizes[seat] - setup.hand_limit
        if over < cost or len(cards) < cost or not st.gag_deck:
            return None
        wasted = [k for k in self.discard(st, seat, over) if setup.gallery[k]]
        if len(wasted) < cost:
            return None
        mask = st.payable(seat)
        rings = setup.rings[st.pos[seat]]
        for d in range(1, len(rings)):
            dead = [s for s in rings[d] if st.board[s] >= 0 and not (mask >> setup.gag_req[st.board[s]]) & 1]
            if dead:
                target = min(dead, key=lambda s: setup.gag_points[st.board[s]])
                return ("remove", wasted[:cost], target)
        return None

    def _claim_power(self, st: State, seat: int, cards: list[int]):
        """After moving onto a gag the hand cannot pay: Draw 3 (hoping for the missing card) or Remove it
        (hoping the refill is payable), whichever promises more points, if that is worth the gallery cards."""
        setup = st.setup
        space = st.pos[seat]
        gag = st.board[space]
        if gag < 0 or not st.claims_left or (st.payable(seat) >> setup.gag_req[gag]) & 1:
            return None
        best: float = CLAIM_POWER_WORTH
        action: tuple | None = None
        cost = setup.power("draw3")
        if len(cards) >= cost:
            spent = cards[:cost]
            gain = setup.gag_points[gag] * draw3_chance(st, seat, gag, spent)
            if gain >= best:
                best, action = gain, ("draw3", spent)
        cost = setup.power("remove")
        if len(cards) >= cost and st.gag_deck:
            spent = cards[:cost]
            mask = payable_mask(setup, key_without(st, seat, spent))
            deck = st.gag_deck  # its order is hidden, but which gags are left is not
            gain = sum(setup.gag_points[g] for g in deck if (mask >> setup.gag_req[g]) & 1) / len(deck)
            if gain > best:
                action = ("remove", spent, space)
        return action

    def discard(self, st: State, seat: int, n: int, keep: tuple[int, ...] = ()) -> list[int]:
        """The ``n`` cards least useful for the gags on the board (a second copy counts for less)."""
        values = board_values(st)
        ranked = []
        for k, held in enumerate(st.hands[seat]):
            spare = held - keep.count(k)
            for j in range(1, held + 1):
                ranked.append((values[k] / j if j <= spare else float("inf"), k))
        ranked.sort()
        return [k for _, k in ranked[:n]]

    def move(self, st: State, seat: int, roll: int, spaces: list[int]) -> int:
        setup = st.setup
        mask = st.payable(seat)
        best, where, cost = 0, -1, 0.0
        for s in spaces:  # nearest first, so ties keep the nearest
            g = st.board[s]
            if g < 0 or not (mask >> setup.gag_req[g]) & 1:
                continue
            points = setup.gag_points[g]
            if points < best:
                continue
            pair = cheapest_pair(st, seat, g)
            assert pair is not None  # the mask says the hand pays for this gag
            a, b = pair
            price = setup.kind_value[a] + setup.kind_value[b]
            if points > best or price < cost:
                best, where, cost = points, s, price
        if where >= 0:
            return where
        # Nothing to claim: head for the middle, where next turn's roll reaches the most.
        return min(spaces, key=setup.spread.__getitem__)

    def _spare_gallery(self, st: State, seat: int) -> int | None:
        """A gallery card to spend when the hand, without it, still pays some gag on the board."""
        cards = gallery_held(st, seat)
        here = st.board[st.pos[seat]]
        if not cards or (here >= 0 and (st.payable(seat) >> st.setup.gag_req[here]) & 1):
            return None
        mask = payable_mask(st.setup, key_without(st, seat, cards[:1]))
        return cards[0] if best_within(st, mask, st.pos[seat], 1, 6)[1] >= 0 else None

    def second_move(self, st: State, seat: int) -> int | None:
        return self._spare_gallery(st, seat)

    def extra_claim(self, st: State, seat: int) -> int | None:
        return self._spare_gallery(st, seat)

    def claim(self, st: State, seat: int) -> tuple[int, int] | None:
        gag = st.board[st.pos[seat]]
        return cheapest_pair(st, seat, gag) if gag >= 0 else None


LOOK_AHEAD = 0.5  # next turn's points count half: the roll, the draw and the others may spoil them


class Lookahead(Greedy):
    """Like greedy, but a move also weighs the best gag the next turn's roll may reach from there."""

    def outlook(self, st: State, mask: int, at: int, free: int) -> float:
        """The expected best claim from ``at`` over the six rolls of next turn's die."""
        total, best = 0, 0
        most = len(st.setup.rings[at]) - 1
        for roll in range(1, 7):
            if roll <= most:
                best = max(best, best_within(st, mask, at, roll, roll, free)[0])
            total += best
        return total / 6

    def start(self, st: State, seat: int, free: list[int]) -> int:
        mask = st.payable(seat)
        return max(free, key=lambda s: (self.outlook(st, mask, s, -1), -free.index(s)))

    def move(self, st: State, seat: int, roll: int, spaces: list[int]) -> int:
        setup = st.setup
        mask = st.payable(seat)
        here = st.pos[seat]
        best, where = -1.0, spaces[0]
        for s in spaces:
            g = st.board[s]
            points, after = 0, mask
            if g >= 0 and (mask >> setup.gag_req[g]) & 1:
                points = setup.gag_points[g]
                after = payable_mask(setup, key_without(st, seat, cheapest_pair(st, seat, g)))
            score = points + LOOK_AHEAD * self.outlook(st, after, s, here)
            if score > best:
                best, where = score, s
        return where


# Thrifty's thresholds (measured against greedy, 2,000 4-player games each: see docs/simulation.md)
THRIFT_LOW = 2  # gags worth this or less are left while a gallery card can buy an extra claim later...
THRIFT_DECK = 6  # ... and while the Gag deck holds more than this many cards
THRIFT_EXTRA = 3  # an extra claim is bought for a gag worth at least this within a roll's reach
THRIFT_BOOST = 2  # a boost must gain this many Gag Points


class Thrifty(Greedy):
    """Greedy that spends its cards where they score most. Every claim costs two Kid cards and a turn draws two,
    so cards, not turns, limit the claims: it leaves gags of 1 or 2 points while it holds a gallery card (the
    two cards kept can pay a better gag through an extra claim), boosts only for 2 points or more, pays with
    the pair that leaves the hand most useful for the gags on the board, accepts only trades that let it pay
    a better gag, and does not end the game with a claim that leaves it behind. It sees what a player sees:
    its own hand, the board, the scores and claimed cards, the piles' sizes and the Kid discard pile."""

    boost_margin = THRIFT_BOOST - 1

    def accept(self, st: State, seat: int, give: list[int], get: list[int]) -> bool:
        """Only a trade after which the hand pays a better gag on the board (one that helps only the other
        player is refused)."""
        return best_after_trade(st, seat, give, get) > board_best(st, st.payable(seat))

    def extra_claim(self, st: State, seat: int) -> int | None:
        cards = gallery_held(st, seat)
        if not cards:
            return None
        mask = payable_mask(st.setup, key_without(st, seat, cards[:1]))
        return cards[0] if best_within(st, mask, st.pos[seat], 1, 6)[0] >= THRIFT_EXTRA else None

    def claim(self, st: State, seat: int) -> tuple[int, int] | None:
        setup = st.setup
        gag = st.board[st.pos[seat]]
        hand = st.hands[seat]
        pairs = [(a, b) for a, b in setup.req_pairs[setup.gag_req[gag]] if hand[a] > (a == b) and hand[b]]
        if not pairs:
            return None
        points = setup.gag_points[gag]
        if points <= THRIFT_LOW and len(st.gag_deck) > THRIFT_DECK and gallery_held(st, seat):
            return None  # kept for a better gag
        if not st.gag_deck:  # this claim ends the game: only if it wins (or shares the win)
            scores, claimed = list(st.scores), list(st.claimed)
            scores[seat] += points
            claimed[seat] += 1
            best = max(zip(scores, claimed))
            if (scores[seat], claimed[seat]) != best:
                return None
        values = board_values(st)

        def left(pair: tuple[int, int]) -> float:  # what the hand is worth after paying with ``pair``
            a, b = pair
            return sum(values[k] * (n - (k == a) - (k == b)) for k, n in enumerate(hand))
        return max(pairs, key=left)


BOTS: dict[str, Random | Greedy] = {"greedy": Greedy(), "random": Random(), "lookahead": Lookahead(),
                                    "thrifty": Thrifty()}
