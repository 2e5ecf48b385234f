"""A/B: two versions of a pack played with the same seeds, compared game by game (no I/O).

Game ``i`` of ``p`` players gets the same seed on both sides (``sim.run.game_seed``), so the two games
are dealt and rolled alike until the packs' differences make the players choose differently: common
random numbers. Each figure is then compared on the per-game differences (this pack's game ``i`` less
the old pack's game ``i``): their mean, and the paired-sample normal 95% interval, mean ± 1.96 × sd / √n
(sd the sample standard deviation of the n differences). Pairing removes the luck both games share, so
the interval is far narrower than one from two independent runs.

A figure is "beyond chance" when its interval excludes 0; among many (the seats of a count, the cards
of a figure) the Holm–Bonferroni step-down at 5% decides instead, so that 60 cards do not show three
differences by chance alone.

Per-card figures are compared when they are shares or means over games (``claimed_rate``,
``scored_per_game``...): those an engine computes for one game alone and whose mean over the games is
the figure over all of them. Ratios of counts (``payable_rate``) and means over some games only
(``mean_claim_turn``) are not.
"""
from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games.records import GameRecord
from .seats import Z95
from .summary import seat_wins

ALPHA = 0.05  # the family-wise error rate of the Holm step-down
# How near a figure's mean over single games must be to the figure over all games: an engine may round
# its figures to four decimals (Many Faces does), as the JSON does.
EXACT = 1e-4


@dataclass(frozen=True)
class Matching:
    """How the old pack's cards map onto this pack's, as ``printkit diff`` matched them: renamed cards
    (old name → new name) and what changed in a card (its name on this side → 'points 1 → 6')."""

    renamed: Mapping[str, str] = field(default_factory=dict)
    changed: Mapping[str, str] = field(default_factory=dict)


def paired(new: Sequence[float], old: Sequence[float]) -> dict[str, Any]:
    """Both means, the mean of the per-game differences new − old and its paired 95% interval (None for
    fewer than two games), and the two-sided p-value of no difference (kept out of the JSON)."""
    n = len(new)
    if n != len(old) or n == 0:
        raise ValueError("paired figures need the same number of games on both sides, at least one")
    diffs = [a - b for a, b in zip(new, old)]
    mean = math.fsum(diffs) / n
    if n < 2:
        return {"new": math.fsum(new) / n, "old": math.fsum(old) / n, "difference": mean,
                "ci95_low": None, "ci95_high": None, "p": 1.0}
    se = statistics.stdev(diffs) / math.sqrt(n)
    # Every game differing by the same amount (se 0): that difference is certain, unless it is 0.
    p = math.erfc(abs(mean) / se / math.sqrt(2)) if se > 0 else (0.0 if mean else 1.0)
    return {"new": math.fsum(new) / n, "old": math.fsum(old) / n, "difference": mean,
            "ci95_low": mean - Z95 * se, "ci95_high": mean + Z95 * se, "p": p}


def holm(pvalues: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Which of ``pvalues`` the Holm–Bonferroni step-down rejects at family-wise level ``alpha``."""
    order = sorted(range(len(pvalues)), key=lambda i: (pvalues[i], i))
    rejected = [False] * len(pvalues)
    for rank, i in enumerate(order):
        if pvalues[i] > alpha / (len(pvalues) - rank):
            break
        rejected[i] = True
    return rejected


def _settle(entries: Sequence[dict[str, Any]], family: bool) -> None:
    """Mark each entry ``beyond_chance`` (Holm over ``entries`` when ``family``, else its own interval) and
    drop the p-values, which the report does not show."""
    ps = [e.pop("p") for e in entries]
    marks = holm(ps) if family else [p < ALPHA for p in ps]
    for entry, mark in zip(entries, marks):
        entry["beyond_chance"] = mark


def _shares(record: GameRecord, players: int) -> list[float]:
    return seat_wins([record], players)


def count_comparison(players: int, new: Sequence[GameRecord], old: Sequence[GameRecord]) -> dict[str, Any]:
    """Seat win rates, game length and winning score of one player count, paired by game index."""
    n = len(new)
    new_shares = [_shares(r, players) for r in new]
    old_shares = [_shares(r, players) for r in old]
    seats = [paired([s[seat] for s in new_shares], [s[seat] for s in old_shares]) for seat in range(players)]
    _settle(seats, family=True)
    length = {key: paired([getattr(r, key) for r in new], [getattr(r, key) for r in old])
              for key in ("turns", "rounds")}
    score = paired([max(r.scores) for r in new], [max(r.scores) for r in old])
    _settle([*length.values(), score], family=False)
    return {"players": players, "games": n, "win_rate_by_seat": seats, **length, "winning_score": score}


def per_game_cards(engine: Any, setup: Any, records: Sequence[GameRecord]) -> tuple[dict[str, dict[str, list[float]]],
                                                                                    set[str]]:
    """Each card's figures game by game ({card: {figure: [value in game 0, game 1, ...]}}), and the
    figures that cannot be split so (see the module's docstring)."""
    values: dict[str, dict[str, list[float]]] = {}
    unsplit: set[str] = set()
    for record in records:
        for card, figures in engine.card_figures(setup, [record]).items():
            row = values.setdefault(card, {})
            for key, value in figures.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    row.setdefault(key, []).append(float(value))
                else:
                    unsplit.add(key)
    pooled = engine.card_figures(setup, records)
    for card, figures in pooled.items():
        for key, value in figures.items():
            got = values.get(card, {}).get(key)
            if got is None or len(got) != len(records) or not isinstance(value, (int, float)) \
                    or abs(math.fsum(got) / len(records) - value) > EXACT:
                unsplit.add(key)
    return values, unsplit


def card_comparison(new: tuple[dict[str, dict[str, list[float]]], set[str]],
                    old: tuple[dict[str, dict[str, list[float]]], set[str]], matching: Matching) -> dict[str, Any]:
    """Per card of this pack (then the old pack's removed ones): how it changed ('same', 'changed',
    'renamed', 'added', 'removed', with 'was' and 'fields' when known) and each figure both sides split
    by game, paired (added and removed cards: the one side's mean)."""
    (new_cards, new_unsplit), (old_cards, old_unsplit) = new, old
    # Only what the games decide (shares and means per game): a card's own values (its points, its
    # printed odds) are not outcomes, and their change is given under 'fields'.
    keep = [k for k in dict.fromkeys(k for f in [*new_cards.values(), *old_cards.values()] for k in f)
            if k not in new_unsplit | old_unsplit and k.endswith(("_rate", "_per_game"))]
    was = {new_name: old_name for old_name, new_name in matching.renamed.items()
           if old_name in old_cards and new_name in new_cards and new_name not in old_cards}
    matched = {name: was.get(name, name) for name in new_cards if was.get(name, name) in old_cards}
    out: dict[str, Any] = {}
    for name, figures in new_cards.items():
        if name not in matched:
            out[name] = {"change": "added", **{k: {"new": _mean(figures[k])} for k in keep if k in figures}}
            continue
        before = old_cards[matched[name]]
        entry: dict[str, Any] = {"change": "renamed" if name in was else "changed" if name in matching.changed
                                 else "same"}
        if name in was:
            entry["was"] = was[name]
        if name in matching.changed:
            entry["fields"] = matching.changed[name]
        for k in keep:
            if k in figures and k in before:
                entry[k] = paired(figures[k], before[k])
        out[name] = entry
    gone = set(matched.values())
    for name, figures in old_cards.items():
        if name not in gone:
            out[name] = {"change": "removed", **{k: {"old": _mean(figures[k])} for k in keep if k in figures}}
    for k in keep:
        _settle([e[k] for e in out.values() if isinstance(e.get(k), dict) and "p" in e[k]], family=True)
    return out


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def _joined(parts: Sequence[tuple[dict[str, dict[str, list[float]]], set[str]]]
            ) -> tuple[dict[str, dict[str, list[float]]], set[str]]:
    """Per-game card figures of several player counts as one run of games (a pair stays a pair)."""
    values: dict[str, dict[str, list[float]]] = {}
    unsplit: set[str] = set()
    for cards, lost in parts:
        unsplit |= lost
        for card, figures in cards.items():
            row = values.setdefault(card, {})
            for key, got in figures.items():
                row.setdefault(key, []).extend(got)
    games = [len(got) for figures in values.values() for got in figures.values()]
    if len(set(games)) > 1:  # a card or figure some counts lack: not comparable over all of them
        unsplit |= {k for figures in values.values() for k, got in figures.items() if len(got) != max(games)}
    return values, unsplit


def compare_runs(engine: Any, new_setup: Any, old_setup: Any, new_runs: Mapping[int, Sequence[GameRecord]],
                 old_runs: Mapping[int, Sequence[GameRecord]], *, against: str, matching: Matching | None = None,
                 notes: Sequence[str] = (), other_changes: Sequence[str] = ()) -> dict[str, Any]:
    """The JSON-ready comparison: the cards over every player count together (a pair of games stays a
    pair whatever its count), and per count the seats, length, winning score and, with several counts,
    the cards of that count. ``other_changes`` says what differs besides the cards (game.toml keys...)."""
    matching = matching or Matching()
    counts = list(new_runs)
    if not counts or list(old_runs) != counts or any(len(new_runs[p]) != len(old_runs[p]) for p in counts):
        raise ValueError("both sides must have played the same games")
    by_players, new_parts, old_parts = {}, [], []
    for p in counts:
        figures = count_comparison(p, new_runs[p], old_runs[p])
        new_parts.append(per_game_cards(engine, new_setup, new_runs[p]))
        old_parts.append(per_game_cards(engine, old_setup, old_runs[p]))
        if len(counts) > 1:
            figures["cards"] = card_comparison(new_parts[-1], old_parts[-1], matching)
        by_players[str(p)] = figures
    cards = card_comparison(_joined(new_parts), _joined(old_parts), matching)
    return {"against": against, "method": "paired by game index: mean difference ± 1.96 × sd / √n",
            "player_counts": counts, "games": len(new_runs[counts[0]]), "notes": list(notes),
            "other_changes": list(other_changes),
            "cards": cards, "by_players": by_players}
