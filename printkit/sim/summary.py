"""What many simulated games show, as JSON-ready figures and plain-language observations (no I/O).

Seats are numbered from 0 (the first player) in the figures and from 1 in
sentences. A shared win counts 1/k to each of the k seats sharing it, so the
win rates of a player count add up to 1. The 95% interval of a win rate is
Wilson's score interval, taking those fractional wins as the number of
successes in the games played: a share varies less than a whole win does, so
the interval is, if anything, a little wider than it needs to be.
"""
from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.records import GameRecord

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval

# When a figure becomes an observation (each is stated in the sentence or in docs/simulation.md).
TIES_WORTH_SAYING = 0.05  # share of games ending in a shared win
CARD_HIGH = 2.0  # a card's rate above this multiple of the median card's
CARD_LOW = 0.5  # ... or below this fraction of it (but not zero: those are listed as never)
NAMES_SHOWN = 5  # card names quoted in one observation
PAYABLE_LOW = 0.1  # an engine's payable_rate (claims: a reached gag the hand could pay) under this


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``successes`` out of ``n`` (which may be fractional), clipped to 0..1."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, sample standard deviation (0 for one value), min, median and max."""
    return {"mean": statistics.fmean(values), "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
            "min": min(values), "median": statistics.median(values), "max": max(values)}


def seat_wins(records: Sequence[GameRecord], players: int) -> list[float]:
    """Wins of each seat, a shared win counting 1/k to each of the k seats sharing it."""
    wins = [0.0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1 / len(record.winners)
    return wins


def seat_turns(records: Sequence[GameRecord], players: int) -> list[float]:
    """Mean turns each seat took. Records keep only the total: turns pass one each in seat order from
    seat 0 (both engines play so; a bonus action stays within its turn), so in a game of T turns seat s
    had one for every t < T with t % players == s."""
    totals = [0] * players
    for record in records:
        whole, extra = divmod(record.turns, players)
        for seat in range(players):
            totals[seat] += whole + (seat < extra)
    return [t / len(records) for t in totals] if records else [0.0] * players


def margin(record: GameRecord) -> int:
    """The winning score less the best score after it (0 when the top scores are equal)."""
    top = sorted(record.scores, reverse=True)
    return top[0] - top[1] if len(top) > 1 else 0


def count_summary(engine: Any, setup: Any, players: int, records: Sequence[GameRecord]) -> dict[str, Any]:
    """The figures of one player count. ``records`` must not be empty."""
    n = len(records)
    wins = seat_wins(records, players)
    winning = [max(r.scores) for r in records]
    margins = [margin(r) for r in records]
    turns = spread([r.turns for r in records])
    rounds = spread([r.rounds for r in records])
    return {
        "players": players,
        "games": n,
        "turns": turns["mean"],
        "rounds": rounds["mean"],
        "win_rate_by_seat": [w / n for w in wins],
        "win_rate_ci95": [list(wilson(w, n)) for w in wins],
        "turns_by_seat": seat_turns(records, players),
        "fair_share": 1 / players,
        "ties": sum(len(r.winners) > 1 for r in records) / n,
        "truncated": sum(r.truncated for r in records),
        "length": {"turns": turns, "rounds": rounds,
                   "rounds_histogram": _histogram([r.rounds for r in records]),
                   "turns_histogram": _histogram([r.turns for r in records])},
        "winning_score": {"mean": statistics.fmean(winning),
                          "sd": statistics.stdev(winning) if n > 1 else 0.0},
        "margin": {"mean": statistics.fmean(margins), "sd": statistics.stdev(margins) if n > 1 else 0.0},
        "cards": {name: dict(values) for name, values in engine.card_figures(setup, records).items()},
        "figures": dict(engine.figures(setup, records)),
    }


def _histogram(values: Sequence[int]) -> list[list[int]]:
    """[value, games] for every value from the least to the greatest seen (zeros included)."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return [[v, counts.get(v, 0)] for v in range(min(values), max(values) + 1)]


def summarize(engine: Any, setup: Any, runs: Mapping[int, Sequence[GameRecord]], *, pack: str, title: str,
              bot: str, seed: int, max_turns: int, labels: Mapping[str, str] | None = None,
              variant: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The whole report: the first player count's figures at the top level, every count under 'by_players'.

    ``runs`` maps each player count, in the order asked for, to its records. ``labels`` maps the terms
    the figures are keyed by (persona ids) to the words the pack's cards print for them. ``variant`` is the
    rule variant played (see ``variant_figures``), None for the standard rules.
    """
    labels = dict(labels or {})
    by_players = {str(p): count_summary(engine, setup, p, records) for p, records in runs.items()}
    first = next(iter(by_players.values()))
    everything = [r for records in runs.values() for r in records]
    pooled = engine.card_figures(setup, everything) if len(runs) > 1 else first["cards"]
    notes = [line for p in by_players.values() for line in count_observations(p, max_turns)]
    notes += card_observations(pooled, len(everything), len(runs) > 1)
    extra = getattr(engine, "observations", None)  # an engine may say what stands out in its own figures
    if extra is not None:
        notes += list(extra(setup, everything, labels))
    return {"pack": pack, "title": title, "engine": engine.name, "bot": bot, "seed": seed, "variant": variant,
            "labels": labels,
            "player_counts": [int(p) for p in by_players], **first, "observations": notes,
            "by_players": by_players}


def variant_figures(variant: Any) -> dict[str, Any] | None:
    """A played [[variants]] entry for the report: name, title, description and switches; None for none."""
    if variant is None:
        return None
    return {"name": variant.name, "title": variant.title, "description": variant.description,
            "switches": variant.settings()}


def variant_line(variant: Mapping[str, Any]) -> str:
    """What a variant run played, for the text report and balance.pdf."""
    return f"Rule variant '{variant['name']}' ({variant['title']}): {variant['description']}"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def number(x: float) -> str:
    """A count or a mean for people: thousands separated, three significant digits, never an exponent
    (2,000 rather than 2e+03; 0.0155; 25.1)."""
    if float(x).is_integer() or abs(x) >= 100:
        return f"{x:,.0f}"
    digits = min(4, max(0, 2 - math.floor(math.log10(abs(x)))))  # JSON keeps four decimals
    return f"{x:,.{digits}f}".rstrip("0").rstrip(".")


def percent(x: float) -> str:
    """A share as a per cent: 100%, 0%, 62.4%, and 0.05% for a share too small for one decimal."""
    v = 100 * x
    if v == 0 or abs(v) >= 0.1:
        return f"{v:.1f}".removesuffix(".0") + "%"
    return f"{v:.2f}%"


def interval(lo: float, hi: float) -> str:
    """A 95% interval of a share, with enough decimals for its ends to differ (0.6–1.4%, 64.3–68.5%)."""
    digits = 1
    while digits < 3 and lo < hi and f"{100 * lo:.{digits}f}" == f"{100 * hi:.{digits}f}":
        digits += 1
    return f"{100 * lo:.{digits}f}–{100 * hi:.{digits}f}%"


def is_share(key: str, value: Any) -> bool:
    """Whether an engine's figure is a share of games (named *_share or *_rate, between 0 and 1)."""
    return (key.endswith(("_share", "_rate")) and isinstance(value, (int, float)) and not isinstance(value, bool)
            and 0 <= value <= 1)


def pack_labels(pack: Any) -> dict[str, str]:
    """The words the pack's cards print for column values (persona ids and the like), over every deck."""
    labels: dict[str, str] = {}
    for deck in pack.decks.values():
        face = deck.spec.face
        if face is not None:
            labels.update(face.labels)
    return labels


def labelled(key: str, labels: Mapping[str, str]) -> str:
    """A term (a persona id such as 'flying-ace') as the pack's cards show it ('Flying Ace')."""
    return labels.get(key, key)


def fair_pct(x: float) -> str:
    """A fair share as a per cent, with its decimal when it has one (12.5%, 25%)."""
    v = 100 * x
    return f"{v:.0f}%" if abs(v - round(v)) < 0.05 else f"{v:.1f}%"


def _seat(n: int) -> str:
    return f"seat {n + 1}" + (" (the first player)" if n == 0 else "")


def count_observations(figures: Mapping[str, Any], max_turns: int) -> list[str]:
    """Sentences about one player count: seats whose 95% interval excludes a fair share, length, ties."""
    p, n = figures["players"], figures["games"]
    fair = figures["fair_share"]
    out = []
    for seat, (rate, (lo, hi)) in enumerate(zip(figures["win_rate_by_seat"], figures["win_rate_ci95"])):
        if lo > fair or hi < fair:
            out.append(f"{_seat(seat).capitalize()} wins {_pct(rate)} of {p}-player games "
                       f"(a fair share is {fair_pct(fair)}; 95% interval {interval(lo, hi)}).")
    if not out:
        out.append(f"In {p}-player games no seat wins more or less often than its fair share of {fair_pct(fair)} "
                   f"beyond chance (every 95% interval includes it).")
    rounds, turns = figures["length"]["rounds"], figures["length"]["turns"]
    span = (f"always {rounds['min']:g} rounds" if rounds["min"] == rounds["max"]
            else f"from {rounds['min']:g} to {rounds['max']:g} rounds")
    out.append(f"{p}-player games last {rounds['mean']:.1f} rounds ({turns['mean']:.1f} turns) on average, {span}.")
    if figures["ties"] >= TIES_WORTH_SAYING:
        out.append(f"{_pct(figures['ties'])} of {p}-player games end in a shared win.")
    if figures["truncated"]:
        out.append(f"{figures['truncated']:,} of {n:,} {p}-player games reached the limit of {max_turns:,} turns "
                   "and were stopped: a stalemate the rules allow, or a bug in the engine.")
    return out


def main_figure(cards: Mapping[str, Mapping[str, float]]) -> str | None:
    """The per-card figure the report leads with: claimed_rate, else the first figure named *_rate."""
    names = [k for values in cards.values() for k in values]
    if "claimed_rate" in names:
        return "claimed_rate"
    return next((k for k in names if k.endswith("_rate")), None)


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:NAMES_SHOWN])
    return shown + (f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else "")


def _cards(names: list[str]) -> str:
    return "card is" if len(names) == 1 else "cards are"


def _rate(x: float) -> str:
    return _pct(x) if 0 <= x <= 1 else f"{x:.2f}"


def card_observations(cards: Mapping[str, Mapping[str, float]], games: int, pooled: bool) -> list[str]:
    """Cards never reaching the main figure, cards beyond twice or under half the median card, and cards
    rarely payable when reached (for engines with a payable_rate)."""
    figure = main_figure(cards)
    if figure is None:
        return []
    rates = {name: values[figure] for name, values in cards.items() if isinstance(values.get(figure), (int, float))}
    if not rates:
        return []
    verb = figure.removesuffix("_rate").replace("_", " ")
    where = f"{games:,} games" + (" (all player counts)" if pooled else "")
    out = []
    never = [name for name, r in rates.items() if r == 0]
    if never:
        were = "was" if len(never) == 1 else "were"
        out.append(f"{len(never)} of {len(rates)} cards {were} never {verb} in {where}: {_names(never)}.")
    median = statistics.median(rates.values())
    if median > 0:
        high = sorted((n for n, r in rates.items() if r > CARD_HIGH * median), key=lambda n: -rates[n])
        low = sorted((n for n, r in rates.items() if 0 < r < CARD_LOW * median), key=lambda n: rates[n])
        if high:
            out.append(f"{len(high)} {_cards(high)} {verb} more than {CARD_HIGH:g}× as often as the median card "
                       f"({_rate(median)}): {_names([f'{n} {_rate(rates[n])}' for n in high])}.")
        if low:
            out.append(f"{len(low)} {_cards(low)} {verb} less than half as often as the median card "
                       f"({_rate(median)}): {_names([f'{n} {_rate(rates[n])}' for n in low])}.")
    payable = {name: v for name, values in cards.items() if isinstance(v := values.get("payable_rate"), (int, float))}
    hard = sorted((n for n, r in payable.items() if r < PAYABLE_LOW), key=lambda n: payable[n])
    if hard:
        out.append(f"{len(hard)} {'card' if len(hard) == 1 else 'cards'} could be paid for less than "
                   f"{_pct(PAYABLE_LOW)} of the times a player reached {'it' if len(hard) == 1 else 'them'}: "
                   f"{_names([f'{n} {_rate(payable[n])}' for n in hard])}.")
    return out
