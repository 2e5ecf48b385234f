"""The simulation report as text for people or as JSON for scripts."""
from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from typing import Any

from .bot_stats import bots_text_block, seating
from .card_stats import main_figure
from .compare_report import comparison_lines
from .summary import (fair_pct, interval, is_share, labelled, number, p_value, percent, seat_reason, seat_verdict,
                      variant_line)

TEXT_WIDTH = 110  # columns the count block's sentences wrap at
MAX_TURN_ROWS = 6  # rows of win rate given turns in the text; JSON has them all

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


def _row(value: Mapping[str, Any]) -> bool:
    """A card's figures: numbers, nulls and intervals (pairs of numbers) only, kept on one line however many."""
    number = (int, float, type(None))
    return all(isinstance(v, number) and not isinstance(v, bool) or isinstance(v, list) and len(v) == 2 and all(
        isinstance(w, (int, float)) for w in v) for v in value.values())


def _dump(value: Any, depth: int) -> str:
    scalar = (int, float, str, bool, type(None))
    if isinstance(value, dict) and value and not (len(value) <= 6 and all(isinstance(v, scalar) for v in value.values())) \
            and not _row(value):
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
            ["seat test (Holm)"] + [_p(p) for p in f["seat_equality"]["seat_p_holm"]],
            ["turns taken"] + [f"{t:.2f}" for t in f["turns_by_seat"]],
            ["extra turn"] + [percent(s) for s in f["extra_turn"]["share_by_seat"]]]
    rows += _turn_rows(f)
    lines += _table(rows)
    lines += _wrapped(f"(a fair share is {fair_pct(f['fair_share'])}; a win shared by k seats counts 1/k to each; "
                      "seat test: each seat's wins against the others', adjusted for testing every seat (Holm); "
                      "turns taken: the mean per game; extra turn: the share of games in which the seat took one "
                      "turn more than the last seat; won with N turns: the share of the games in which the seat "
                      "took N turns that it won, of how many)")
    test = f["seat_equality"]
    degrees = f"{test['df']} degree{'s' if test['df'] != 1 else ''} of freedom"
    verdict = seat_verdict(f)
    if verdict:
        lines += _wrapped(verdict + ("" if test["p_value"] is None else
                                     f" Chi-square {test['chi_square']:.1f} with {degrees}."))
    reason = seat_reason(f)
    if reason:
        lines += _wrapped(reason)
    for key, value in f["figures"].items():
        lines.append(f"  {key}: {_value(value, labels, key.endswith(('_share', '_rate')))}")
    return lines


def _wrapped(text: str) -> list[str]:
    """A sentence of the count block, indented and wrapped to TEXT_WIDTH columns."""
    return textwrap.wrap(text, TEXT_WIDTH, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False)


def _p(p: float | None) -> str:
    return "–" if p is None else p_value(p).removeprefix("p ").removeprefix("= ")


def _turn_rows(f: Mapping[str, Any]) -> list[list[str]]:
    """'won with N turns' rows, most turns first, when seats took different turns (else they say nothing
    about seats) and there are few enough of them."""
    extra = f["extra_turn"]
    if extra["win_rate_with"] is None:
        return []
    found = sorted({row["turns"] for rows in f["win_rate_given_turns"] for row in rows}, reverse=True)
    if len(found) > MAX_TURN_ROWS:
        return [["won with N turns"] + ["(see JSON)"] * f["players"]]
    out = []
    for turns in found:
        cells = []
        for rows in f["win_rate_given_turns"]:
            row = next((r for r in rows if r["turns"] == turns), None)
            cells.append("–" if row is None else f"{percent(row['win_rate'])} of {row['games']:,}")
        out.append([f"won with {turns} turns"] + cells)
    return out


def across_table(summary: Mapping[str, Any]) -> list[str]:
    """Every player count at a glance: win rate and turns taken by seat, game length and the seat test."""
    counts = list(summary["by_players"].values())
    seats = max(c["players"] for c in counts)
    rows = [["players", ""] + [f"seat {s + 1}" for s in range(seats)] + ["turns", "rounds", "seats equal?"]]
    for c in counts:
        pad = [""] * (seats - c["players"])
        test = c["seat_equality"]["p_value"]
        rows.append([str(c["players"]), "wins"] + [f"{100 * r:.1f}%" for r in c["win_rate_by_seat"]] + pad
                    + [f"{c['length']['turns']['mean']:.1f}", f"{c['length']['rounds']['mean']:.1f}",
                       "not tested" if test is None else p_value(test)])
        rows.append(["", "turns"] + [f"{t:.2f}" for t in c["turns_by_seat"]] + pad + ["", "", ""])
    return (["Across player counts:"] + _table(rows, right_from=2)
            + _wrapped("(wins: the share of games each seat won; turns: the mean turns it took; turns and rounds: "
                       "the mean game length; seats equal?: the p-value of the chi-square test of equal shares)"))


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
    """The table of cards: for one player count every figure (rates as per cents, the main figure's and the
    model's rate with their 95% intervals); for several, the main figure and its interval by count."""
    counts = list(summary["by_players"].values())
    cards = counts[0]["cards"]
    if not cards:
        return []
    figure = main_figure(cards) or next(iter(next(iter(cards.values()))), None)
    if figure is None:
        return []
    if len(counts) == 1:
        model = summary.get("card_model") or {}
        bases = set((summary.get("card_model") or {}).get("bases", {}).values())
        names = [k for k in dict.fromkeys(k for values in cards.values() for k in values)
                 if not k.endswith("_ci95") and k not in bases]
        wide = {figure, model.get("rate")} & {k.removesuffix("_ci95") for k in _keys(cards)}
        head = ["card"]
        for k in names:
            head += ["model" if k == "model_prediction" else labelled(k, summary.get("labels", {})).removesuffix("_rate")] + \
                (["95% interval"] if k in wide else [])
        rows = [head]
        for card, values in cards.items():
            row = [_card_name(summary, card)]
            for k in names:
                row.append(_cell(values.get(k), k))
                if k in wide:
                    row.append(_interval(values.get(f"{k}_ci95")))
            rows.append(row)
        note = "  (rates as per cents"
        if model.get("rate"):
            note += (f"; model: the {model['rate'].removesuffix('_rate').replace('_', ' ')} rate predicted by "
                     f"{model.get('against', 'the model')}")
        return ["Cards:"] + _table(rows) + [note + ")"]
    rows = [["card"] + [f"{c['players']} players" for c in counts]]
    rows += [[_card_name(summary, card)] + [_with_interval(c["cards"].get(card, {}), figure) for c in counts]
             for card in cards]
    return [f"Cards ({figure} by player count, with its 95% interval):"] + _table(rows)


def _card_name(summary: Mapping[str, Any], card: str) -> str:
    """The card as the pack labels it, marked when the bots leave it untested (see Bot limits)."""
    name = labelled(card, summary.get("labels", {}))
    return name + " (bot limit)" if card in (summary.get("bot_limits") or {}) else name


def _keys(cards: Mapping[str, Mapping[str, Any]]) -> set[str]:
    return {k for values in cards.values() for k in values}


def _interval(ci: Any) -> str:
    return interval(*ci) if isinstance(ci, (list, tuple)) and len(ci) == 2 else "–"


def _with_interval(values: Mapping[str, Any], figure: str) -> str:
    value = values.get(figure)
    ci = values.get(f"{figure}_ci95")
    return _cell(value, figure) + (f" ({_interval(ci)})" if ci is not None else "")


def _cell(value: Any, key: str = "") -> str:
    """A card figure for the table: a dash when absent, shares (*_rate, printed odds, the model's
    prediction) as per cents, other numbers as people write them."""
    if value is None:
        return "–"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        share = key.endswith(("_rate", "_odds")) or key == "model_prediction"
        return percent(value) if share and 0 <= value <= 1 else number(value)
    return str(value)


def text_report(summary: Mapping[str, Any]) -> str:
    """Observations first, then a compact block per player count and the table of cards."""
    lines = [f"{summary['title']}: {summary['games']:,} simulated games per player count, "
             f"{seating(summary)}, seed {summary['seed']} ({summary['engine']} engine)", "",
             "What stands out:"]
    if summary.get("variant"):
        lines[1:1] = [variant_line(summary["variant"])]
    lines += [f"- {line}" for line in summary["observations"]]
    limits = summary.get("bot_limits") or {}
    if limits:  # the bots' doing, not findings on the cards
        lines += ["", "Bot limits (what these bots leave untested; not findings on the cards):"]
        lines += [f"- {labelled(name, summary.get('labels', {}))}: {why}." for name, why in limits.items()]
    if len(summary["by_players"]) > 1:
        lines += [""] + across_table(summary)
    for figures in summary["by_players"].values():
        lines += [""] + _count_block(figures, summary.get("labels", {}))
        lines += bots_text_block(figures)  # bots against bots (--bots), if any
    cards = _cards_block(summary)
    if cards:
        lines += [""] + cards
    lines += comparison_lines(summary)  # --against (sim/compare_report.py)
    return "\n".join(lines) + "\n"
