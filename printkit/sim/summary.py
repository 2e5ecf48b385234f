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
from .seats import ALPHA, MIN_EXPECTED, extra_turns, seat_equality, turns_taken, unequal_seats, wilson, \
    win_rate_given_turns


# When a figure becomes an observation (each is stated in the sentence or in docs/simulation.md).
TIES_WORTH_SAYING = 0.05  # share of games ending in a shared win


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
    """Mean turns each seat took (see ``sim.seats.turns_taken``: records keep only the total)."""
    if not records:
        return [0.0] * players
    return [sum(turns_taken(r.turns, players, seat) for r in records) / len(records) for seat in range(players)]


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
        "win_rate_given_turns": win_rate_given_turns(records, players),
        "extra_turn": extra_turns(records, players),
        "seat_equality": seat_equality(wins, n),
        "fair_share": 1 / players,
        "ties": sum(len(r.winners) > 1 for r in records) / n,
        "truncated": sum(r.truncated for r in records),
        "length": {"turns": turns, "rounds": rounds,
                   "rounds_histogram": _histogram([r.rounds for r in records]),
                   "turns_histogram": _histogram([r.turns for r in records])},
        "winning_score": {"mean": statistics.fmean(winning),
                          "sd": statistics.stdev(winning) if n > 1 else 0.0},
        "margin": {"mean": statistics.fmean(margins), "sd": statistics.stdev(margins) if n > 1 else 0.0},
        "cards": _card_table(engine, setup, records),
        "figures": dict(engine.figures(setup, records)),
    }


def _card_table(engine: Any, setup: Any, records: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    from .card_stats import card_table  # card_stats uses this module's wilson and percent

    return card_table(engine, setup, records)


def _histogram(values: Sequence[int]) -> list[list[int]]:
    """[value, games] for every value from the least to the greatest seen (zeros included)."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return [[v, counts.get(v, 0)] for v in range(min(values), max(values) + 1)]


def summarize(engine: Any, setup: Any, runs: Mapping[int, Sequence[GameRecord]], *, pack: str, title: str,
              bot: str, seed: int, max_turns: int, labels: Mapping[str, str] | None = None,
              bots: Sequence[str] | None = None, variant: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The whole report: the first player count's figures at the top level, every count under 'by_players'.

    ``runs`` maps each player count, in the order asked for, to its records. ``labels`` maps the terms
    the figures are keyed by (persona ids) to the words the pack's cards print for them. ``bots``, the
    line-up of ``--bots`` (see ``sim.run.lineup``), adds each count's ``win_rate_by_bot``. ``variant`` is
    the rule variant played (see ``variant_figures``), None for the standard rules.
    """
    labels = dict(labels or {})
    by_players = {str(p): count_summary(engine, setup, p, records) for p, records in runs.items()}
    if bots:  # bots against bots (sim.bot_stats)
        from .bot_stats import bot_observations, win_rate_by_bot

        for p, records in runs.items():
            by_players[str(p)]["win_rate_by_bot"] = win_rate_by_bot(records, bots, p)
    first = next(iter(by_players.values()))
    everything = [r for records in runs.values() for r in records]
    from .card_stats import card_observations

    pooled = _card_table(engine, setup, everything) if len(runs) > 1 else first["cards"]
    counts = list(by_players.values())
    notes = count_observations(first, max_turns) if len(counts) == 1 else across_observations(counts, max_turns)
    if bots:
        notes += [line for p in by_players.values() for line in bot_observations(p)]
    limits = getattr(engine, "bot_limits", None)  # what the bots leave untested, by card or power name
    limited = dict(limits(setup, everything)) if limits is not None else {}
    beaten = getattr(engine, "dominated_cards", None)
    notes += card_observations(pooled, len(everything), len(runs) > 1, engine, limited,
                               beaten(setup) if beaten is not None else {})
    extra = getattr(engine, "observations", None)  # an engine may say what stands out in its own figures
    if extra is not None:
        notes += list(extra(setup, everything, labels))
    lineup = {"bots": list(bots)} if bots else {}
    return {"pack": pack, "title": title, "engine": engine.name, "bot": bot, **lineup, "seed": seed,
            "variant": variant, "labels": labels,
            "player_counts": [int(p) for p in by_players], **first, "observations": notes,
            "bot_limits": limited, "card_model": _card_model(engine), "by_players": by_players}


def _card_model(engine: Any) -> dict[str, Any] | None:
    """What the engine's card model judges and against what, and the counts its rates are shares of."""
    model = getattr(engine, "card_model", None)
    if model is None:
        return None
    return {**model, "bases": dict(getattr(engine, "rate_bases", {}))}


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


def p_value(p: float | None) -> str:
    """A p-value for people: p < 0.001, p = 0.012, p = 0.1 (None: not tested)."""
    if p is None:
        return "not tested"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}".rstrip("0").rstrip(".") if p < 0.1 else f"p = {p:.2f}"


def listing(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _seat_flags(figures: Mapping[str, Any]) -> list[tuple[int, bool]]:
    """(seat, wins more than its share) for each seat the seat tests single out."""
    fair = figures["fair_share"]
    return [(seat, figures["win_rate_by_seat"][seat] > fair) for seat in unequal_seats(figures["seat_equality"])]


def _test_words(p: int) -> str:
    return f"chi-square test of equal shares over the {p} seats"


def seat_verdict(figures: Mapping[str, Any]) -> str | None:
    """Whether the seats of one player count win equal shares, by the test of all seats together (None for a
    game of one player)."""
    p, fair = figures["players"], figures["fair_share"]
    test = figures["seat_equality"]
    if p < 2:
        return None
    if test["p_value"] is None:
        return (f"{p}-player games are too few to test the seats (under {MIN_EXPECTED:g} expected wins a seat).")
    if test["p_value"] >= ALPHA:
        return (f"In {p}-player games no seat wins more or less often than its fair share of {fair_pct(fair)} "
                f"beyond chance ({_test_words(p)}, {p_value(test['p_value'])}).")
    if not _seat_flags(figures):
        return (f"Seats win unequal shares of {p}-player games ({_test_words(p)}, {p_value(test['p_value'])}), "
                f"but no single seat does once its own test allows for testing {p} seats (Holm).")
    return f"Seats win unequal shares of {p}-player games ({_test_words(p)}, {p_value(test['p_value'])})."


def usual_turns(figures: Mapping[str, Any]) -> tuple[int, int]:
    """The turns the first and the last seat took in the most common game length."""
    histogram = figures["length"]["turns_histogram"]
    turns = max(histogram, key=lambda pair: (pair[1], -pair[0]))[0]
    p = figures["players"]
    return turns_taken(turns, p, 0), turns_taken(turns, p, p - 1)


def seat_reason(figures: Mapping[str, Any]) -> str | None:
    """Why the seats of one player count differ, from the turns they took (None when they do not differ)."""
    if figures["seat_equality"]["p_value"] is None or figures["seat_equality"]["p_value"] >= ALPHA:
        return None
    p, extra = figures["players"], figures["extra_turn"]
    if extra["win_rate_with"] is None or extra["win_rate_without"] is None:
        return (f"Every seat took as many turns as every other in every {p}-player game, so the difference lies "
                "elsewhere than in the number of turns.")
    most, least = usual_turns(figures)
    usual = f" ({most} turns against {least} in the most common length)" if most != least else ""
    shares = [f"seat {s + 1} in {percent(share)}" for s, share in enumerate(extra["share_by_seat"]) if share]
    return (f"One reason: a game can end part-way through a round, so the first seats may take one turn more than "
            f"the last{usual}. Seat 1 took that extra turn in {percent(extra['share_by_seat'][0])} of {p}-player "
            f"games{''.join(', ' + s for s in shares[1:-1])}{' and ' + shares[-1] if len(shares) > 1 else ''}; "
            f"a seat won {percent(extra['win_rate_with'])} of the games in which it had it and "
            f"{percent(extra['win_rate_without'])} of the others.")


def count_observations(figures: Mapping[str, Any], max_turns: int) -> list[str]:
    """Sentences about one player count: the seat test and the seats it singles out (and why), length, ties."""
    p, fair = figures["players"], figures["fair_share"]
    verdict = seat_verdict(figures)
    out = [verdict] if verdict else []
    for seat, _ in _seat_flags(figures):
        rate, (lo, hi) = figures["win_rate_by_seat"][seat], figures["win_rate_ci95"][seat]
        out.append(f"{_seat(seat).capitalize()} wins {_pct(rate)} of {p}-player games "
                   f"(a fair share is {fair_pct(fair)}; 95% interval {interval(lo, hi)}).")
    reason = seat_reason(figures)
    if reason:
        out.append(reason)
    rounds, turns = figures["length"]["rounds"], figures["length"]["turns"]
    span = (f"always {rounds['min']:g} rounds" if rounds["min"] == rounds["max"]
            else f"from {rounds['min']:g} to {rounds['max']:g} rounds")
    out.append(f"{p}-player games last {rounds['mean']:.1f} rounds ({turns['mean']:.1f} turns) on average, {span}.")
    if figures["ties"] >= TIES_WORTH_SAYING:
        out.append(f"{_pct(figures['ties'])} of {p}-player games end in a shared win.")
    out += _truncated(figures, max_turns)
    return out


def _truncated(figures: Mapping[str, Any], max_turns: int) -> list[str]:
    if not figures["truncated"]:
        return []
    return [f"{figures['truncated']:,} of {figures['games']:,} {figures['players']}-player games reached the limit "
            f"of {max_turns:,} turns and were stopped: a stalemate the rules allow, or a bug in the engine."]


def _flag_sentence(counts: Sequence[Mapping[str, Any]], high: bool) -> list[str]:
    """One sentence for the seats the tests single out as winning more (``high``) or less than their share:
    seats singled out at the same player counts go together."""
    where: dict[int, list[Mapping[str, Any]]] = {}
    for c in counts:
        for seat, above in _seat_flags(c):
            if above == high:
                where.setdefault(seat, []).append(c)
    groups: dict[tuple[int, ...], list[int]] = {}
    for seat, found in where.items():
        groups.setdefault(tuple(c["players"] for c in found), []).append(seat)
    parts = []
    for seats in sorted(groups.values(), key=min):
        found = where[seats[0]]
        names = ("seat " if len(seats) == 1 else "seats ") + listing([str(s + 1) for s in seats])
        if high or len(where) == 1:  # who wins more, and by how much, is the news; who wins less follows
            rates = listing([f"{listing([_pct(c['win_rate_by_seat'][s]) for s in seats])} against "
                             f"{fair_pct(c['fair_share'])}" for c in found])
            parts.append(f"{names} {_at(found)} ({rates})")
        else:
            parts.append(f"{names} {_at(found)}")
    if not parts:
        return []
    return [f"Winning {'more' if high else 'less'} than a fair share: {'; '.join(parts)}."]


def _ps(counts: Sequence[Mapping[str, Any]]) -> str:
    """The seat tests' p-values of several counts, once when they read the same."""
    shown = [p_value(c["seat_equality"]["p_value"]) for c in counts]
    return shown[0] + (" at each" if len(shown) > 1 else "") if len(set(shown)) == 1 else listing(shown)


def _at(counts: Sequence[Mapping[str, Any]]) -> str:
    """'at 2, 3 and 4 players'."""
    return "at " + listing([str(c["players"]) for c in counts]) + " players"


def across_observations(counts: Sequence[Mapping[str, Any]], max_turns: int) -> list[str]:
    """The sentences of several player counts, each said once for all the counts it is true of."""
    out = []
    tested = [c for c in counts if c["seat_equality"]["p_value"] is not None]
    untested = [c for c in counts if c["seat_equality"]["p_value"] is None and c["players"] > 1]
    unequal = [c for c in tested if c["seat_equality"]["p_value"] < ALPHA]
    equal = [c for c in tested if c["seat_equality"]["p_value"] >= ALPHA]
    if unequal:
        out.append(f"Seats win unequal shares {_at(unequal)} (chi-square test of equal shares: {_ps(unequal)}).")
    for high in (True, False):
        out += _flag_sentence(unequal, high)
    silent = [c for c in unequal if not _seat_flags(c)]
    if silent:
        out.append(f"{_at(silent).capitalize()} no single seat's share differs once its own test allows for testing "
                   "every seat (Holm).")
    turned = [c for c in unequal if c["extra_turn"]["win_rate_with"] is not None
              and c["extra_turn"]["win_rate_without"] is not None]
    if turned:
        rates = listing([f"{_pct(c['extra_turn']['win_rate_with'])} against "
                         f"{_pct(c['extra_turn']['win_rate_without'])} at {c['players']}" for c in turned])
        first = listing([_pct(c["extra_turn"]["share_by_seat"][0]) for c in turned])
        out.append(f"One reason: a game can end part-way through a round, so the first seats may take one turn more "
                   f"than the last. A seat won more of the games in which it had that extra turn than of the others "
                   f"({rates} players); seat 1 had it in {first} of the games {_at(turned)}.")
    even = [c for c in unequal if c not in turned]
    if even:
        out.append(f"{_at(even).capitalize()} every seat took as many turns as every other in every game, so the "
                   "difference lies elsewhere than in the number of turns.")
    if equal:
        out.append(f"{_at(equal).capitalize()} no seat wins more or less often than its fair share beyond chance "
                   f"(chi-square test of equal shares: {_ps(equal)}).")
    if untested:
        out.append(f"{_at(untested).capitalize()} the games are too few to test the seats.")
    lengths = listing([f"{c['length']['rounds']['mean']:.1f}" for c in counts])
    turns = [c["length"]["turns"]["mean"] for c in counts]
    out.append(f"Games last {lengths} rounds on average {_at(counts)} ({min(turns):.1f} to {max(turns):.1f} turns).")
    ties = [c for c in counts if c["ties"] >= TIES_WORTH_SAYING]
    if ties:
        out.append("Shared wins end " + listing([f"{_pct(c['ties'])} of {c['players']}-player games" for c in ties])
                   + ".")
    for c in counts:
        out += _truncated(c, max_turns)
    return out
