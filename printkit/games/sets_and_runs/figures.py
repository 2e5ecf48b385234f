"""Many Faces figures over many games: per card, and game-wide (sets against runs, the deck running out,
value and persona balance)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..records import GameRecord
from .state import Setup


def _mean(total: float, n: int) -> float:
    return round(total / n, 4) if n else 0.0


def card_figures(setup: Setup, records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """Per card name: in what share of games a copy was scored (``scored_rate``), or for an action card
    played (``played_rate``), and how many copies per game."""
    n = len(records)
    np = setup.personalities
    word = {name: ("scored" if t < np else "played") for t, name in enumerate(setup.names)}
    games = dict.fromkeys(setup.names, 0)
    copies = dict.fromkeys(setup.names, 0)
    for record in records:
        seen = set()
        for e in record.events:
            if word.get(e.card) == e.event:
                copies[e.card] += 1
                seen.add(e.card)
        for name in seen:
            games[name] += 1
    value = {setup.names[t]: setup.values[setup.value[t]] for t in range(np)}
    return {name: {**({"value": value[name]} if name in value else {}),
                   f"{word[name]}_rate": _mean(games[name], n), f"{word[name]}_per_game": _mean(copies[name], n)}
            for name in setup.names}


# What printkit.sim.card_stats judges a personality card by: its scored_rate against the pooled rate of the
# cards of its value (every persona has the same values); action cards, each unlike the others, are not judged.
card_model = {"rate": "scored_rate", "groups": ("value",),
              "against": "the pooled rate of the cards of the same value"}
IGNORED = {"peek": "its effect (look at another player's hand) changes nothing for the bots, which play on "
                   "public information only",
           "show-card": "its effect (every other player shows you a card) changes nothing for the bots, which "
                        "play on public information only"}


def bot_limits(setup: Setup, records: Sequence[GameRecord]) -> dict[str, str]:
    """Action cards whose effect the bots do not use, and action cards no bot played in ``records``."""
    out = {}
    played = card_figures(setup, records) if records else {}
    for t in range(setup.personalities, len(setup.names)):
        name, effect = setup.names[t], setup.effects[t - setup.personalities]
        if effect in IGNORED:
            out[name] = IGNORED[effect]
        elif records and played[name].get("played_rate") == 0:
            out[name] = "no bot played it in these games, so how strong it is was not tested"
    return out


def figures(setup: Setup, records: Sequence[GameRecord]) -> dict:
    """Game-wide figures, JSON-ready."""
    n = len(records)
    np = setup.personalities
    card = {setup.names[t]: (setup.persona[t], setup.value[t]) for t in range(np)}
    suits, values = setup.suits, setup.values
    sets = runs = ran_out = rebuilds = empty = stuck = truncated = 0
    actions = {e: 0 for e in dict.fromkeys(setup.effects)}
    points_p, cards_p = [0] * len(suits), [0] * len(suits)
    points_v, cards_v = [0] * len(values), [0] * len(values)
    on_place = [[0] * len(setup.popularity) for _ in suits]
    for record in records:
        counts = dict(record.counts)
        sets += counts.get("sets", 0)
        runs += counts.get("runs", 0)
        rebuilds += counts.get("deck-ran-out", 0)
        ran_out += counts.get("deck-ran-out", 0) > 0
        empty += counts.get("ended-empty", 0)
        stuck += counts.get("ended-stuck", 0)
        truncated += record.truncated
        for e in actions:
            actions[e] += counts.get(f"action:{e}", 0)
        place = [counts.get(f"place:{term}", 0) for term in suits]
        for p, at in enumerate(place):
            on_place[p][at] += 1
        for event in record.events:
            if event.event == "scored" and event.card in card:
                p, v = card[event.card]
                worth = setup.popularity[place[p]]
                points_p[p] += worth
                cards_p[p] += 1
                points_v[v] += worth
                cards_v[v] += 1
    return {
        "games": n,
        "sets_per_game": _mean(sets, n),
        "runs_per_game": _mean(runs, n),
        "set_share": _mean(sets, sets + runs),  # of all sets and runs laid down
        "deck_ran_out_share": _mean(ran_out, n),  # games in which the deck was rebuilt at least once
        "deck_rebuilds_per_game": _mean(rebuilds, n),
        "ended_empty_share": _mean(empty, n),  # games ended by a frozen round (nothing left to take)
        "ended_stuck_share": _mean(stuck, n),  # games ended by the deck running out 3 times with nobody scoring
        "truncated_share": _mean(truncated, n),
        "actions_per_game": {e: _mean(k, n) for e, k in actions.items()},
        # Value and persona balance: points (and cards) per game earned by each persona's and each value's cards.
        "points_by_persona": {term: _mean(points_p[p], n) for p, term in enumerate(suits)},
        "cards_by_persona": {term: _mean(cards_p[p], n) for p, term in enumerate(suits)},
        "points_by_value": {str(v): _mean(points_v[i], n) for i, v in enumerate(values)},
        "cards_by_value": {str(v): _mean(cards_v[i], n) for i, v in enumerate(values)},
        # How often each persona ends on each place (best first); the tokens are shuffled at setup and never move.
        "place_share": {term: [_mean(k, n) for k in on_place[p]] for p, term in enumerate(suits)},
    }


def observations(setup: Setup, records: Sequence[GameRecord], labels: Mapping[str, str] | None = None) -> list[str]:
    """What stands out in the game's own figures, over every game played: sets against runs, the deck
    running out, games that stalled, and the personas whose cards earned most and least (named by
    ``labels``, the pack's words for the persona terms, when given)."""
    shown = labels or {}
    if not records:
        return []
    f = figures(setup, records)
    lines = [f"Sets make {100 * f['set_share']:.0f}% of what is laid down ({f['sets_per_game']:.1f} sets and "
             f"{f['runs_per_game']:.1f} runs a game); the deck runs out in {100 * f['deck_ran_out_share']:.0f}% "
             "of games."]
    stalled = f["ended_stuck_share"] + f["ended_empty_share"]
    if stalled >= 0.05:  # the same 5% bar as shared wins
        lines.append(f"{100 * stalled:.0f}% of games end because play stalled (a stuck game or nothing left to "
                     "take), not because someone scored enough.")
    points = f["points_by_persona"]
    if points and max(points.values()) > 0:
        best, worst = max(points, key=points.get), min(points, key=points.get)
        lines.append(f"Points per game by persona range from {points[worst]:.1f} ({shown.get(worst, worst)}) to "
                     f"{points[best]:.1f} ({shown.get(best, best)}); the places on the board are dealt at random.")
    return lines
