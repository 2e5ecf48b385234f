"""The simulation report as text for people or as JSON for scripts."""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .summary import fair_pct, interval, is_share, labelled, main_figure, number, percent, variant_line

DIGITS = 4  # decimals kept in JSON: enough for any rate, and the same bytes from run to run


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, DIGITS) + 0.0  # + 0.0 turns -0.0 into 0.0
    if isinstance(value, Mapping):
        return {str(k): _rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_rounded(v) for v in value]
    return value


def json_report(summary: Mapping[str, Any]) -> str:
    """The summary as indented JSON, floats rounded to four decimals, keys in the summary's order.

    Lists of numbers (and lists of such lists) and small tables of numbers
    stay on one line, so a card or a seat takes one line rather than a dozen.
    """
    return _dump(_rounded(summary), 0) + "\n"


def _flat(value: Any) -> bool:
    scalar = (int, float, bool, type(None))  # strings (observations) get a line each
    return isinstance(value, list) and all(isinstance(v, scalar) or (isinstance(v, list) and all(
        isinstance(w, scalar) for w in v)) for v in value)


def _dump(value: Any, depth: int) -> str:
    scalar = (int, float, str, bool, type(None))
    if isinstance(value, dict) and value and not (len(value) <= 6 and all(isinstance(v, scalar) for v in value.values())):
        pad = "  " * (depth + 1)
        inner = ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in value.items())
        return "{\n" + inner + "\n" + "  " * depth + "}"
    if isinstance(value, list) and value and not _flat(value):
        pad = "  " * (depth + 1)
        return "[\n" + ",\n".join(pad + _dump(v, depth + 1) for v in value) + "\n" + "  " * depth + "]"
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))  # one line


def _num(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.1f}"


def _spread(s: Mapping[str, float]) -> str:
    return (f"{s['mean']:.1f} ± {s['sd']:.1f} (min {_num(s['min'])}, median {_num(s['median'])}, "
            f"max {_num(s['max'])})")


def _rounds(s: Mapping[str, float]) -> str:
    return f"every game lasted {_num(s['min'])} rounds" if s["min"] == s["max"] else _spread(s)


def _table(rows: list[list[str]], right_from: int = 1) -> list[str]:
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return ["  " + "  ".join(cell.rjust(w) if c >= right_from else cell.ljust(w)
                             for c, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]


def _count_block(f: Mapping[str, Any], labels: Mapping[str, str]) -> list[str]:
    p = f["players"]
    lines = [f"{p} players: {f['games']:,} games",
             f"  turns    {_spread(f['length']['turns'])}",
             f"  rounds   {_rounds(f['length']['rounds'])}",
             f"  winning score {f['winning_score']['mean']:.1f} ± {f['winning_score']['sd']:.1f}; "
             f"margin over the runner-up {f['margin']['mean']:.1f} ± {f['margin']['sd']:.1f}",
             f"  shared wins {100 * f['ties']:.1f}% of games; stopped at the turn limit: {f['truncated']:,}"]
    rows = [["seat"] + [str(s + 1) for s in range(p)],
            ["wins"] + [f"{100 * r:.1f}%" for r in f["win_rate_by_seat"]],
            ["95% interval"] + [interval(lo, hi) for lo, hi in f["win_rate_ci95"]],
            ["turns taken"] + [f"{t:.2f}" for t in f["turns_by_seat"]]]
    lines += _table(rows)
    lines.append(f"  (a fair share is {fair_pct(f['fair_share'])}; a win shared by k seats counts 1/k to each; "
                 "turns taken: the mean per game)")
    for key, value in f["figures"].items():
        lines.append(f"  {key}: {_value(value, labels, key.endswith(('_share', '_rate')))}")
    return lines


def _value(value: Any, labels: Mapping[str, str], share: bool = False) -> str:
    """An engine's figure in words: numbers as 2,000 or 0.0155, shares (``share``, or named *_share or *_rate)
    as per cents, terms as the pack labels them; a list of shares is shown in brackets."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, (int, float)):
        return percent(value) if share and 0 <= value <= 1 else number(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{labelled(str(k), labels)} {_value(v, labels, share or is_share(str(k), v))}"
                         for k, v in value.items())
    if isinstance(value, (list, tuple)):
        inner = " ".join(_value(v, labels, share) for v in value)
        return f"[{inner}]"
    return str(value)


def _cards_block(summary: Mapping[str, Any]) -> list[str]:
    counts = list(summary["by_players"].values())
    cards = counts[0]["cards"]
    if not cards:
        return []
    if len(counts) == 1:
        names = list(dict.fromkeys(k for values in cards.values() for k in values))
        rows = [["card"] + names] + [[card] + [_cell(values.get(k)) for k in names] for card, values in cards.items()]
        return ["Cards:"] + _table(rows)
    figure = main_figure(cards) or next(iter(next(iter(cards.values()))), None)
    if figure is None:
        return []
    rows = [["card"] + [f"{c['players']} players" for c in counts]]
    rows += [[card] + [_cell(c["cards"].get(card, {}).get(figure)) for c in counts] for card in cards]
    return [f"Cards ({figure} by player count):"] + _table(rows)


def _cell(value: Any) -> str:
    if value is None:
        return "–"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def text_report(summary: Mapping[str, Any]) -> str:
    """Observations first, then a compact block per player count and the table of cards."""
    lines = [f"{summary['title']}: {summary['games']:,} simulated games per player count, "
             f"{summary['bot']} bots in every seat, seed {summary['seed']} ({summary['engine']} engine)", "",
             "What stands out:"]
    if summary.get("variant"):
        lines[1:1] = [variant_line(summary["variant"])]
    lines += [f"- {line}" for line in summary["observations"]]
    for figures in summary["by_players"].values():
        lines += [""] + _count_block(figures, summary.get("labels", {}))
    cards = _cards_block(summary)
    if cards:
        lines += [""] + cards
    return "\n".join(lines) + "\n"
