"""Bots against bots: each bot's share of wins over the seats it played, with intervals, in figures and words.

With ``--bots`` the games of a player count seat the bots by ``sim.run.lineup``
(game i's line-up turned by i seats), so a record's seats are known from its
index. A bot's win rate is its wins (a win shared by k seats counting 1/k)
over the seat-games it played: a seat-game is one seat in one game, so a bot
seated twice in a game plays two. Its 95% interval is Wilson's over those
seat-games. When a bot sits in more than one seat of a game those seats are
not independent (only one of them can win alone), so the interval is a little
narrower than it should be; two bots whose intervals do not overlap differ
beyond chance all the same, since non-overlap is a stricter test than a
difference's own interval.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..games.records import GameRecord
from .run import lineup
from .summary import fair_pct, interval, percent, wilson


def win_rate_by_bot(records: Sequence[GameRecord], bots: Sequence[str], players: int) -> dict[str, dict[str, Any]]:
    """Per bot (in the order first listed): seat_games, wins, win_rate, ci95, fair_share, win_rate_by_seat
    (its win rate in each seat, None for a seat it never had). ``records`` are in game order from game 0."""
    names = list(dict.fromkeys(bots))
    games = {b: [0] * players for b in names}
    wins = {b: [0.0] * players for b in names}
    for index, record in enumerate(records):
        seated = lineup(bots, players, index)
        for seat, bot in enumerate(seated):
            games[bot][seat] += 1
        for seat in record.winners:
            wins[seated[seat]][seat] += 1 / len(record.winners)
    out = {}
    for b in names:
        n, w = sum(games[b]), sum(wins[b])
        out[b] = {"seat_games": n, "wins": w, "win_rate": w / n if n else 0.0, "ci95": list(wilson(w, n)),
                  "fair_share": 1 / players,
                  "win_rate_by_seat": [x / g if g else None for x, g in zip(wins[b], games[b])]}
    return out


def bot_observations(figures: Mapping[str, Any]) -> list[str]:
    """One sentence per player count: each bot's win rate per seat-game with its interval, then which bots
    are stronger than which beyond chance (their 95% intervals apart) and which cannot be told apart."""
    by_bot = figures.get("win_rate_by_bot")
    if not by_bot or len(by_bot) < 2:
        return []
    p = figures["players"]
    rates = "; ".join(f"{b} {percent(f['win_rate'])} of {f['seat_games']:,} seat-games "
                      f"(95% interval {interval(*f['ci95'])})" for b, f in by_bot.items())
    ranked = sorted(by_bot, key=lambda b: -by_bot[b]["win_rate"])
    apart, close = [], []
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            if by_bot[a]["ci95"][0] > by_bot[b]["ci95"][1]:
                apart.append(f"{a} than {b}")
            else:
                close.append(f"{a} and {b}")
    line = f"Bots against bots, {p} players (a fair share is {fair_pct(1 / p)} of seat-games): {rates}."
    if apart:
        line += f" Stronger beyond chance (95% intervals apart): {', '.join(apart)}."
    if close:
        line += f" Not told apart: {', '.join(close)}."
    return [line]


def bots_text_block(figures: Mapping[str, Any]) -> list[str]:
    """The table of bots of one player count for the text report (empty without ``--bots``)."""
    by_bot = figures.get("win_rate_by_bot")
    if not by_bot:
        return []
    p = figures["players"]
    rows = [["bot", "seat-games", "win rate", "95% interval"] + [f"seat {s + 1}" for s in range(p)]]
    for b, f in by_bot.items():
        rows.append([b, f"{f['seat_games']:,}", percent(f["win_rate"]), interval(*f["ci95"])]
                    + ["–" if r is None else percent(r) for r in f["win_rate_by_seat"]])
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = ["  " + "  ".join(cell.ljust(w) if c == 0 else cell.rjust(w)
                              for c, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]
    return ([f"  Bots against bots (wins per seat-game, each bot rotated through every seat; a fair share is "
             f"{fair_pct(1 / p)}):"] + lines)


def seating(summary: Mapping[str, Any]) -> str:
    """Who played, for a report's opening line: 'greedy bots in every seat', or the line-up rotated."""
    bots = summary.get("bots")
    if bots and len(set(bots)) > 1:
        return f"the line-up {', '.join(bots)} rotated through the seats"
    return f"{bots[0] if bots else summary['bot']} bots in every seat"
