"""The "sets-and-runs" engine: Many Faces of Snoopy as cards/many-faces/rules.md states it.

A turn: take 2 cards (deck top or any discard card), play action cards, score
sets and runs, back to the hand size. The game ends after the round in which a
player has scored the pack's number of sets and runs for this player count, or
after a whole round in which no card was taken or drawn and nobody scored.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..records import GameRecord, Limits, Unplayable
from ..base import read_config
from .actions import EFFECT, action_step, amounts
from .bots import BOTS
from . import figures as _figures
from .module import MODULE
from .state import TAKE, Game, Setup

name = "sets-and-runs"
bots = tuple(BOTS)  # greedy first: the default
card_figures = _figures.card_figures  # per card: scored_rate (personalities), played_rate (actions)
figures = _figures.figures  # sets against runs, the deck running out, value and persona balance
observations = _figures.observations  # what stands out in those, in plain sentences
card_model = _figures.card_model  # how printkit.sim.card_stats judges a card: against the cards of its value
bot_limits = _figures.bot_limits  # action cards the bots play without using their effect, or never play


def prepare(pack: Any) -> Setup:
    """The game's cards and settings from a loaded pack whose [module] is "sets-and-runs"."""
    if pack.manifest.module is None or pack.manifest.module.name != MODULE.name:
        raise Unplayable(f"the pack's [module] is not '{MODULE.name}'")
    config, findings = read_config(MODULE, pack)
    if config is None or config.deck not in pack.decks:
        raise Unplayable("the pack's [module] settings cannot be read: run 'printkit check' first")
    spec = pack.manifest.deck(config.deck)
    deck = pack.decks[config.deck]
    suits = list(spec.column(config.suit).values) or list(
        dict.fromkeys(str(c.values.get(config.suit)) for c in deck.cards))
    names, copies, persona, value = [], [], [], []
    for card in deck.cards:
        p, v = str(card.values.get(config.suit)), card.values.get(config.value)
        if p not in suits or v not in config.values:
            raise Unplayable(f"'{card.name}' is not a card of the game (persona {p}, value {v}): "
                             "run 'printkit check' first")
        names.append(card.name)
        copies.append(card.count)
        persona.append(suits.index(p))
        value.append(config.values.index(v))
    if len(config.popularity) != len(suits):
        raise Unplayable(f"the Popularity Board has {len(config.popularity)} places for {len(suits)} personas")
    effects, numbers = [], []
    actions = pack.decks.get(config.actions) if config.actions else None
    for card in (actions.cards if actions else ()):
        effect = str(card.values.get("effect", ""))
        if effect not in EFFECT:
            raise Unplayable(f"'{card.name}' has an effect the simulator does not know: '{effect}'")
        names.append(card.name)
        copies.append(card.count)
        effects.append(effect)
        numbers.append(amounts(effect, str(card.values.get("text", ""))))
    return Setup(tuple(suits), tuple(config.values), tuple(names), tuple(copies), tuple(persona),
                 tuple(value), tuple(effects), tuple(numbers), config.set_size, config.run_size, config.hand,
                 tuple(config.popularity), tuple((tuple(ps), n) for ps, n in config.end))


def take_step(g: Game, seat: int, bot) -> None:
    """"Take 2 cards, one at a time": the deck's top card or any card of any discard pile;
    with the deck and every pile empty, nothing more."""
    for _ in range(TAKE):
        if not g.deck and not g.disc_total:
            return
        choice = bot.take(g, seat)
        if choice < 0:
            g.draw_into(seat, 1)
        else:
            g.take_discard(seat, choice)


def score_step(g: Game, seat: int, bot) -> bool:
    """Lay down the sets and runs the bot chooses; whether it laid any."""
    laid = False
    while True:
        choice = bot.lay(g, seat)
        if choice is None:
            return laid
        g.lay_down(seat, *choice)
        laid = True


def back_to_hand_size(g: Game, seat: int, bot) -> None:
    """End the turn with exactly the hand size: discard (the bot's choice) or draw from the deck."""
    hand = g.setup.hand
    while g.size[seat] > hand:
        g.discard(seat, bot.discard(g, seat))
    if g.size[seat] < hand:
        g.draw_into(seat, hand - g.size[seat])


def turn(g: Game, seat: int, bot) -> bool:
    """One player's turn, the four steps in order; whether they scored."""
    g.turn += 1
    take_step(g, seat, bot)
    action_step(g, seat, bot)
    laid = score_step(g, seat, bot)
    back_to_hand_size(g, seat, bot)
    return laid


def new_game(setup: Setup, players: int, bots: Sequence[str], rng: random.Random) -> Game:
    """A game set up and dealt, each seat's bot seated."""
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot '{unknown[0]}' (bots: {', '.join(BOTS)})")
    g = Game(setup, players, rng)
    g.bots = [BOTS[b]() for b in bots]
    for seat, bot in enumerate(g.bots):
        bot.begin(g, seat)
    return g


def run(g: Game, max_turns: int) -> GameRecord:
    """Play ``g`` to its end (or ``max_turns`` turns) and record it."""
    rounds, truncated = 0, False
    while True:
        rounds += 1
        moved, laid = g.moved, False
        for seat in range(g.players):
            if g.turn >= max_turns:
                truncated = True
                break
            laid |= turn(g, seat, g.bots[seat])
            if g.collections(seat) >= g.end_at:
                g.ending = True  # finish the round: the last turn is the last seat's
        if truncated or g.ending:
            break
        if g.moved == moved and not laid:  # a whole round frozen: nothing left to take, nobody scoring
            g.counts["ended-empty"] = 1
            break
    counts = dict(g.counts)
    for p, term in enumerate(g.setup.suits):
        counts[f"place:{term}"] = g.place[p]
    return GameRecord(g.players, tuple(g.points(s) for s in range(g.players)), g.winners(), g.turn, rounds,
                      tuple(g.events), tuple(counts.items()), truncated)


def play(setup: Setup, players: int, bots: Sequence[str], rng: random.Random) -> GameRecord:
    """One whole game; all chance from ``rng``."""
    return run(new_game(setup, players, bots, rng), Limits().max_turns)
