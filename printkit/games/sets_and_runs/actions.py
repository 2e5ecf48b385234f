"""The action step of a Many Faces turn, and what each action card does (the effects of ``EFFECTS``).

The numbers an effect uses ("Draw 2 cards", "the top 4 ... Keep 2") are read from
the card's own text, so a pack that prints other numbers is played as printed.
"""
from __future__ import annotations

import re

from ..records import CardEvent
from .state import Game

BELLE = "extra-actions"
# The bundled cards' numbers, used when a text gives none: draw 2; look at 4, keep 2; swap up to 3;
# others discard 1; take 1.
DEFAULTS = {"draw": (2,), "draw-keep": (4, 2), "swap": (3,), "opponents-discard": (1,), "take-discard": (1,)}
WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten".split())}
LIMIT = 20  # cards an effect may move at once, whatever its text says


def amounts(effect: str, text: str) -> tuple[int, ...]:
    """The numbers of an effect, in the order its text gives them (the defaults where it gives too few)."""
    default = DEFAULTS.get(effect, ())
    found = [int(w) if w.isdigit() else WORDS[w.lower()]
             for w in re.findall(r"\b(\d+|" + "|".join(WORDS) + r")\b", text, flags=re.IGNORECASE)]
    found = [min(n, LIMIT) for n in found][:len(default)]
    return tuple(found) + default[len(found):]


def legal(g: Game, seat: int, played: int, belles: int) -> list[int]:
    """The action cards that may be played now, ``played`` cards (``belles`` of them Belles) already played
    this turn: one action a turn; Belle lifts the limit, and is played with another action card, one
    that is not a Belle (already played this turn, or still held): two Belles alone are not enough."""
    s, hand = g.setup, g.hands[seat]
    held = [t for t in range(g.np, len(hand)) if hand[t]]
    other = played > belles or any(s.effects[t - g.np] != BELLE for t in held)
    out = []
    for t in held:
        if s.effects[t - g.np] == BELLE:
            if other:
                out.append(t)
        elif belles or not played:
            out.append(t)
    return out


def action_step(g: Game, seat: int, bot) -> None:
    """Play action cards as the bot chooses, within the limit; each leaves the game."""
    played = belles = 0
    while True:
        options = legal(g, seat, played, belles)
        if not options:
            return
        owed = belles > 0 and played == belles  # only Belles so far: another action card must follow
        t = bot.action(g, seat, options, not owed)
        if t is None:
            if owed:
                raise ValueError("Belle is played with another action card")
            return
        if t not in options:
            raise ValueError(f"{g.setup.names[t]} may not be played now")
        g.remove(seat, t)  # back in the box, not on a discard pile
        played += 1
        effect = g.setup.effects[t - g.np]
        belles += effect == BELLE
        g.counts[f"action:{effect}"] += 1
        g.events.append(CardEvent(g.setup.names[t], "played", g.turn, seat))
        EFFECT[effect](g, seat, bot, g.setup.amounts[t - g.np])


def _nothing(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Belle's own effect is the lifted limit, kept by ``action_step``."""


def _draw(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Woodstock: "Draw 2 cards from the deck."."""
    g.draw_into(seat, n[0])


def _draw_keep(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Spike: "Look at the top 4 cards of the deck. Keep 2 of them and put the others on the bottom".
    With fewer left he sees only those (the rules): the deck is rebuilt from the discard piles only
    when it is empty as he is played, never in the middle of his look."""
    if not g.deck:
        g.rebuild()
    seen = [g.draw() for _ in range(min(n[0], len(g.deck)))]
    keep = min(n[1], len(seen))
    chosen = bot.keep(g, seat, seen, keep) if seen else []
    if len(set(chosen)) != keep or any(not 0 <= i < len(seen) for i in chosen):
        raise ValueError(f"keep {keep} of the {len(seen)} cards seen")
    for i in chosen:
        g.add(seat, seen[i])
    g.moved += keep
    g.deck[:0] = [t for i, t in enumerate(seen) if i not in chosen]  # the deck's bottom is index 0


def _swap(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Sally: "Discard up to 3 cards from your hand, then draw the same number from the deck."."""
    out = bot.swap(g, seat, min(n[0], g.size[seat]))
    if len(out) > n[0]:
        raise ValueError(f"Sally discards at most {n[0]} cards")
    for t in out:
        g.discard(seat, t)
    g.draw_into(seat, len(out))


def _opponents_discard(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Lucy: "Every other player discards 1 card of their choice." (clockwise from your left)."""
    for k in range(1, g.players):
        other = (seat + k) % g.players
        for _ in range(min(n[0], g.size[other])):
            g.discard(other, g.bots[other].give_up(g, other))


def _peek(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Linus: "Look at another player's hand." Bots play on what is public, so nothing changes."""
    target = bot.peek(g, seat)
    if target == seat or not 0 <= target < g.players:
        raise ValueError("Linus looks at another player's hand")


def _show_card(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Marcie: "Every other player shows you one card of their choice from their hand."."""
    for k in range(1, g.players):
        other = (seat + k) % g.players
        if g.size[other]:
            shown = g.bots[other].show(g, other)
            if g.hands[other][shown] <= 0:
                raise ValueError("a player shows a card from their hand")


def _take_discard(g: Game, seat: int, bot, n: tuple[int, ...]) -> None:
    """Charlie Brown: "Take any 1 card from any discard pile into your hand." (nothing if they are empty)."""
    for _ in range(n[0]):
        if not g.disc_total:
            return
        g.take_discard(seat, bot.pick_discard(g, seat))


EFFECT = {"extra-actions": _nothing, "draw": _draw, "draw-keep": _draw_keep, "swap": _swap,
          "opponents-discard": _opponents_discard, "peek": _peek, "show-card": _show_card,
          "take-discard": _take_discard}
