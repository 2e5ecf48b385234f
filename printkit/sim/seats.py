"""Why seats win: turns each seat took, win rate given those turns, and a test of seat equality (no I/O).

Records keep only a game's total turns. Turns pass one each in seat order from
seat 0 (both engines play so; a bonus action stays within its turn), so in a
game of T turns with p players seat s took T // p turns, and one more when
s < T % p: an *extra turn*, one more than the last seat took.

The seats are tested together with Pearson's chi-square goodness of fit of
their wins against equal shares (p − 1 degrees of freedom), and one by one
(each seat's wins against the other seats', 1 degree of freedom) with Holm's
step-down adjustment for testing p seats. A shared win counts 1/k to each of
the k seats sharing it; the fractional counts go into the statistic as they
are. The test is not made when a seat's expected wins are under
``MIN_EXPECTED`` (the chi-square approximation needs about five).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..games.records import GameRecord

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
MIN_EXPECTED = 5.0  # expected wins per seat below which the chi-square approximation is not trusted
ALPHA = 0.05  # the level at which seats are called unequal


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``successes`` out of ``n`` (which may be fractional), clipped to 0..1."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with ``df`` (a whole number ≥ 1) degrees of freedom.

    The regularized upper gamma function Q(df/2, x/2) in closed form: for even
    df, e^(−y) Σ y^k / k! (k < df/2); for odd df, erfc(√y) plus
    e^(−y) Σ y^(k − 1/2) / Γ(k + 1/2) (1 ≤ k ≤ (df − 1)/2), with y = x/2. Each
    term is taken through its logarithm, so neither y^k nor e^(−y) overflows.
    """
    if df < 1 or df != int(df):
        raise ValueError(f"degrees of freedom must be a whole number from 1, not {df}")
    if x <= 0:
        return 1.0
    y = x / 2
    if df % 2 == 0:
        total = sum(math.exp(k * math.log(y) - y - math.lgamma(k + 1)) for k in range(df // 2))
    else:
        total = math.erfc(math.sqrt(y)) + sum(math.exp((k - 0.5) * math.log(y) - y - math.lgamma(k + 0.5))
                                              for k in range(1, (df - 1) // 2 + 1))
    return min(1.0, max(0.0, total))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the i-th smallest (from 0) times m − i,
    never less than the one before it in that order, at most 1."""
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(sorted(range(m), key=lambda i: (p_values[i], i))):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def seat_equality(wins: Sequence[float], games: int) -> dict[str, Any]:
    """Whether seats win equal shares: the chi-square statistic, its degrees of freedom and p-value, and each
    seat's own p-value (its wins against the others') with the Holm-adjusted ones. The p-values are None when
    there are too few games to test (see ``MIN_EXPECTED``)."""
    players = len(wins)
    expected = games / players
    statistic = sum((w - expected) ** 2 / expected for w in wins) if games else 0.0
    if expected < MIN_EXPECTED or players < 2:
        return {"chi_square": statistic, "df": players - 1, "p_value": None, "seat_p_value": [None] * players,
                "seat_p_holm": [None] * players}
    # Each seat against the rest: (w − e)²/e + (w − e)²/(n − e), the square of the binomial score test.
    own = [chi2_sf((w - expected) ** 2 * games / (expected * (games - expected)), 1) for w in wins]
    # With two seats, seat 1's share is fair exactly when seat 2's is: one hypothesis, nothing to adjust for.
    adjusted = own if players == 2 else holm(own)
    return {"chi_square": statistic, "df": players - 1, "p_value": chi2_sf(statistic, players - 1),
            "seat_p_value": own, "seat_p_holm": adjusted}


def unequal_seats(test: dict[str, Any]) -> list[int]:
    """Seats whose share differs beyond chance: the seats test rejects equality at ``ALPHA`` and so does the
    seat's own Holm-adjusted test."""
    if test["p_value"] is None or test["p_value"] >= ALPHA:
        return []
    return [seat for seat, p in enumerate(test["seat_p_holm"]) if p is not None and p < ALPHA]


def turns_taken(turns: int, players: int, seat: int) -> int:
    """The turns ``seat`` took in a game of ``turns`` turns."""
    whole, extra = divmod(turns, players)
    return whole + (seat < extra)


def _win_shares(record: GameRecord) -> dict[int, float]:
    return {seat: 1 / len(record.winners) for seat in record.winners}


def win_rate_given_turns(records: Sequence[GameRecord], players: int) -> list[list[dict[str, Any]]]:
    """For each seat, one row per number of turns it took: the games, the share of them it won and Wilson's
    95% interval, fewest turns first."""
    tally: list[dict[int, list[float]]] = [{} for _ in range(players)]
    for record in records:
        shares = _win_shares(record)
        for seat in range(players):
            row = tally[seat].setdefault(turns_taken(record.turns, players, seat), [0, 0.0])
            row[0] += 1
            row[1] += shares.get(seat, 0.0)
    out = []
    for seat_rows in tally:
        rows = []
        for turns, (games, wins) in sorted(seat_rows.items()):
            lo, hi = wilson(wins, int(games))
            rows.append({"turns": turns, "games": int(games), "win_rate": wins / games, "ci95_low": lo,
                         "ci95_high": hi})
        out.append(rows)
    return out


def extra_turns(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    """How often each seat took an extra turn (one more than the last seat), and the win rate of a seat in
    the games where it did and where it did not, over all seats (None with no such games)."""
    share = [0] * players
    won = {True: 0.0, False: 0.0}
    seen = {True: 0, False: 0}
    for record in records:
        shares = _win_shares(record)
        extra = record.turns % players
        for seat in range(players):
            had = seat < extra
            share[seat] += had
            seen[had] += 1
            won[had] += shares.get(seat, 0.0)
    n = len(records) or 1
    return {"share_by_seat": [s / n for s in share],
            "seat_games_with": seen[True], "win_rate_with": won[True] / seen[True] if seen[True] else None,
            "seat_games_without": seen[False],
            "win_rate_without": won[False] / seen[False] if seen[False] else None}
