"""What a Gag Grab game needs from the pack, worked out once as plain tables.

Kid cards of the same name are interchangeable, so a hand is a count per
*kind* of Kid card. Every claim costs exactly two cards, so a requirement
is paid by some pairs of kinds: those pairs are found once per distinct
requirement with ``printkit.model.payment`` (the same matching the
checks and the rules use), and a hand can pay when it holds one of them.
In play a hand is reduced to a key of two bit masks (kinds held at least
once, kinds held at least twice), which decides every pair; the set of
requirements each key pays is memoised in ``Setup.cache``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement

from ...requirements import Requirement
from ...model.odds import payable_odds
from ...model.payment import find_payment
from ...model.vocabulary import pack_vocabulary
from .board import rings, space_index, spread
from ..records import Unplayable

# The five gallery powers, in the order game.toml's [[powers]] lists them.
POWERS = ("boost", "draw3", "remove", "second-move", "extra-claim")
GALLERY_VALUE = 6.0  # what a gallery card is worth to a bot beyond paying: it buys powers
MAX_KINDS = 16  # a key keeps each kind in one bit of a 16-bit half


@dataclass(frozen=True)
class Setup:
    """Plain, picklable data for the claims engine (see the module's docstring)."""

    kinds: tuple[str, ...]  # Kid card names, one per kind
    gallery: tuple[bool, ...]  # which kinds may be spent on powers
    kid_cards: tuple[int, ...]  # the Kid deck, a kind per physical card
    gag_names: tuple[str, ...]  # per Gag card (each copy its own id)
    gag_points: tuple[int, ...]
    gag_req: tuple[int, ...]  # index into the requirement tables
    req_texts: tuple[str, ...]
    req_pairs: tuple[tuple[tuple[int, int], ...], ...]  # pairs of kinds paying it, cheapest first
    req_share: tuple[tuple[float, ...], ...]  # per kind: its share of the pairs paying it
    kind_value: tuple[float, ...]  # how much a bot wants to keep a kind (see _values)
    power_cost: tuple[int, ...]  # per POWERS name
    columns: int
    rows: int
    rings: tuple[tuple[tuple[int, ...], ...], ...]
    spread: tuple[int, ...]
    starts: tuple[int, ...]
    extra_starts: tuple[int, ...]
    extra_from: int
    min_players: int
    max_players: int
    deal: int = 2  # Kid cards dealt to each player at the start
    draw: int = 2  # drawn in each Draw step
    hand_limit: int = 7
    gallery_bits: int = 0  # the gallery kinds as a mask: ``key & gallery_bits`` says a hand holds one
    # Per requirement: the odds the rules print, that a hand of [rules] odds_hand cards pays it (() when
    # they are too costly to count; see printkit.model.odds).
    req_odds: tuple[float, ...] = ()
    # Rule switches a [[variants]] entry may set (see ``vary``).
    finish_round: bool = False  # when the end is triggered, the round is played out (every seat the same turns)
    cache: dict = field(default_factory=dict, compare=False, repr=False)  # key -> bit mask of payable reqs

    def power(self, name: str) -> int:
        return self.power_cost[POWERS.index(name)]


def prepare(pack) -> Setup:
    """The tables of one pack; a ValueError says what the pack lacks."""
    manifest = pack.manifest
    rule, board = manifest.claims, manifest.board
    if rule is None or board is None:
        raise Unplayable("the claims engine needs a [claims] table and a [board]")
    if rule.cost != 2:
        raise Unplayable(f"the claims engine plays claims of exactly 2 cards, not {rule.cost}")
    if len(manifest.powers) != len(POWERS):
        raise Unplayable(f"the claims engine knows {len(POWERS)} gallery powers, the pack lists "
                         f"{len(manifest.powers)}")
    vocabulary = pack_vocabulary(pack)
    if vocabulary is None:
        raise Unplayable("the pack has no claim rule with a deck to pay from")
    payers = pack.decks[rule.paid_from]
    spec = next(d for d in manifest.decks if d.id == rule.paid_from)
    powers_for = spec.face.powers_for if spec.face else ()

    kinds: list[str] = []
    copies: dict[str, int] = {}
    gallery: dict[str, bool] = {}
    for card in payers.cards:
        if card.name not in copies:
            kinds.append(card.name)
            copies[card.name] = 0
            gallery[card.name] = bool(powers_for) and all(
                str(card.values.get(column)) == value for column, value in powers_for)
        copies[card.name] += card.count
    if len(kinds) > MAX_KINDS:
        raise Unplayable(f"the claims engine plays with at most {MAX_KINDS} kinds of paying card")

    gag_names, gag_points, gag_req = [], [], []
    req_index: dict[str, int] = {}
    requirements: list[Requirement] = []
    for card in pack.decks[rule.deck].cards:
        requirement = card.values.get(rule.column)
        if not isinstance(requirement, Requirement):
            raise Unplayable(f"'{card.name}' has no requirement to claim it with")
        text = str(requirement)
        if text not in req_index:
            req_index[text] = len(requirements)
            requirements.append(requirement)
        points = card.values.get("points")
        for _ in range(card.count):
            gag_names.append(card.name)
            gag_points.append(points if isinstance(points, int) else 0)
            gag_req.append(req_index[text])

    pairs_of = [[(a, b) for a, b in combinations_with_replacement(range(len(kinds)), 2)
                 if find_payment(req, (kinds[a], kinds[b]), vocabulary) is not None]
                for req in requirements]
    share = []
    for pairs in pairs_of:
        row = [0.0] * len(kinds)
        for a, b in pairs:
            row[a] += 1 / len(pairs)
            if b != a:
                row[b] += 1 / len(pairs)
        share.append(tuple(row))
    values = _values(share, gag_req, gag_points, [gallery[k] for k in kinds], [copies[k] for k in kinds])
    # Cheapest first: the first pair a hand holds is the one a bot pays with.
    req_pairs = tuple(tuple(sorted(pairs, key=lambda p: (values[p[0]] + values[p[1]], p))) for pairs in pairs_of)

    hand = manifest.rules.odds_hand if manifest.rules else 4  # the default the rules' table counts for
    odds = tuple(float(x) for x in payable_odds(requirements, payers.cards, vocabulary, hand))
    size = (board.columns, board.rows)
    return Setup(
        kinds=tuple(kinds), gallery=tuple(gallery[k] for k in kinds),
        kid_cards=tuple(i for i, k in enumerate(kinds) for _ in range(copies[k])),
        gag_names=tuple(gag_names), gag_points=tuple(gag_points), gag_req=tuple(gag_req),
        req_texts=tuple(req_index), req_pairs=req_pairs, req_share=tuple(share), kind_value=tuple(values),
        power_cost=tuple(p.cost for p in manifest.powers),
        columns=board.columns, rows=board.rows, rings=rings(*size), spread=spread(*size),
        starts=tuple(space_index(s, *size) for s in board.starts),
        extra_starts=tuple(space_index(s, *size) for s in board.extra_starts),
        extra_from=board.extra_from_players,
        min_players=manifest.min_players, max_players=manifest.max_players,
        gallery_bits=sum(1 << i for i, k in enumerate(kinds) if gallery[k]), req_odds=odds)


SWITCHES = ("finish_round",)  # the [[variants]] switches this engine honours


def vary(setup: Setup, switches: Mapping[str, object]) -> Setup:
    """``setup`` with a variant's switches (only SWITCHES; ``printkit check`` reports any other)."""
    return replace(setup, finish_round=bool(switches.get("finish_round", False)), cache={})


def _values(share, gag_req, gag_points, gallery, copies) -> list[float]:
    """A card's worth: the Gag Points of the ways to pay it takes part in, per copy, plus a gallery card's power.

    A card a gag names alone (Schroeder for Toy Piano) takes its full points;
    one of many that an ``Any x2`` accepts takes a small share; a kind with
    ten copies is shared among them, since another copy is easy to draw.
    """
    values = [0.0] * len(gallery)
    for req, points in zip(gag_req, gag_points):
        for k, part in enumerate(share[req]):
            values[k] += points * part
    return [v / max(n, 1) + (GALLERY_VALUE if g else 0.0) for v, n, g in zip(values, copies, gallery)]


def payable_mask(setup: Setup, key: int) -> int:
    """Bit r set when a hand with ``key`` can pay requirement r (memoised per key)."""
    found = setup.cache.get(key)
    if found is None:
        once, twice = key & 0xFFFF, key >> 16
        found = 0
        for r, pairs in enumerate(setup.req_pairs):
            for a, b in pairs:
                if (twice >> a) & 1 if a == b else (once >> a) & (once >> b) & 1:
                    found |= 1 << r
                    break
        setup.cache[key] = found
    return found
