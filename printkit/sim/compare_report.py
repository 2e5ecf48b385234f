"""The --against comparison (``sim.compare``) in words: the text report's section and the lines that
balance.pdf's "Against" page shares with it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CHANGES = ("changed", "renamed", "added", "removed")  # the order changed cards are listed in


def signed(x: float | None, share: bool) -> str:
    """A difference with its sign: +9.1 pp for a share (percentage points), +0.07 for a count."""
    if x is None:
        return "–"
    text = f"{100 * x:+.1f}" if share else f"{x:+.2f}"
    return "0" if text.lstrip("+-").strip("0.") == "" else text


def level(x: float, share: bool) -> str:
    """A figure on one side: a share as a per cent with one decimal (62.4%, 0.0%: columns align), else a
    mean to two decimals (25.19, 7)."""
    return f"{100 * x:.1f}%" if share else f"{x:.2f}".rstrip("0").rstrip(".")


def span(entry: Mapping[str, Any], share: bool) -> str:
    """The 95% interval of a difference ('+2.9 to +15.2'), or what stands for it."""
    lo, hi = entry["ci95_low"], entry["ci95_high"]
    if lo is None:
        return "none (one game)"
    return f"{signed(lo, share)} to {signed(hi, share)}"


def constant(entry: Mapping[str, Any]) -> bool:
    """Whether every pair of games differed by the same amount (0, as a rule: the same games)."""
    return entry.get("ci95_low") is not None and entry["ci95_low"] == entry["ci95_high"] == entry["difference"]


def mark(entry: Mapping[str, Any]) -> str:
    return "*" if entry.get("beyond_chance") else ""


def rate_figures(cards: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The per-card share figures compared (claimed_rate...), in the order the cards have them."""
    return [k for k in dict.fromkeys(k for c in cards.values() for k in c) if k.endswith("_rate")]


def standing_out(cards: Mapping[str, Mapping[str, Any]], figure: str) -> tuple[list[str], list[str]]:
    """The cards worth a row for ``figure`` (changed, renamed, added, removed, or beyond chance) and the rest,
    each in report order: changes first, then the largest differences."""
    have = [n for n, c in cards.items() if figure in c]
    shown = [n for n in have if cards[n]["change"] != "same" or cards[n][figure].get("beyond_chance")]
    shown.sort(key=lambda n: (CHANGES.index(cards[n]["change"]) if cards[n]["change"] in CHANGES else len(CHANGES),
                              -abs(cards[n][figure].get("difference", 0.0)), n))
    return shown, [n for n in have if n not in shown]


def rest_line(cards: Mapping[str, Mapping[str, Any]], rest: list[str], figure: str, many: bool) -> str:
    """What the cards without a row show, in one sentence."""
    if not rest:
        return ""
    diffs = [cards[n][figure]["difference"] for n in rest]
    what = f"The other {len(rest)} cards" if many else f"All {len(rest)} cards"
    if all(constant(cards[n][figure]) and not cards[n][figure]["difference"] for n in rest):
        return f"{what}: no difference in any pair of games."
    return (f"{what}: differences from {signed(min(diffs), True)} to {signed(max(diffs), True)} percentage "
            "points, none beyond chance.")


def card_note(card: Mapping[str, Any]) -> str:
    change = card["change"]
    if change == "renamed":
        return f"renamed from {card['was']}" + (f"; {card['fields']}" if card.get("fields") else "")
    if change == "changed":
        return card.get("fields", "changed")
    return change if change != "same" else ""


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(w) if c == 0 else cell.rjust(w) for c, (cell, w) in enumerate(zip(row, widths)))
            .rstrip() for row in rows]


def _count_lines(f: Mapping[str, Any]) -> list[str]:
    seats = f["win_rate_by_seat"]
    lines = [f"{f['players']} players: {f['games']:,} pairs of games"]
    rows = [["seat"] + [str(s + 1) for s in range(len(seats))],
            ["wins now"] + [level(e["new"], True) for e in seats],
            ["wins before"] + [level(e["old"], True) for e in seats],
            ["difference (pp)"] + [signed(e["difference"], True) + mark(e) for e in seats],
            ["95% interval"] + [span(e, True) for e in seats]]
    lines += _table(rows)
    for key, name in (("turns", "turns"), ("rounds", "rounds"), ("winning_score", "winning score")):
        e = f[key]
        tail = " in every pair of games" if constant(e) else f"{mark(e)}, 95% interval {span(e, False)}"
        lines.append(f"  {name}: {level(e['new'], False)} (before {level(e['old'], False)}), difference "
                     f"{signed(e['difference'], False)}{tail}")
    return lines


def _card_lines(cards: Mapping[str, Mapping[str, Any]], counts: list[int]) -> list[str]:
    lines: list[str] = []
    where = "all player counts together" if len(counts) > 1 else f"{counts[0]} players"
    for figure in rate_figures(cards):
        shown, rest = standing_out(cards, figure)
        heading = f"Cards, {figure.removesuffix('_rate').replace('_', ' ')} (share of games; {where})"
        paired = [c[figure] for c in cards.values() if "difference" in c.get(figure, {})]
        if paired and all(constant(e) and not e["difference"] for e in paired):
            lines += ["", f"{heading}: no difference in any pair of games."]
            continue
        lines += ["", heading + ":"]
        rows = [["card", "now", "before", "difference (pp)", "95% interval", ""]]
        for name in shown:
            e = cards[name][figure]
            rows.append([name, level(e["new"], True) if "new" in e else "–", level(e["old"], True) if "old" in e
                         else "–", signed(e.get("difference"), True) + mark(e) if "difference" in e else "–",
                         span(e, True) if "difference" in e else "", card_note(cards[name])])
        if shown:
            lines += _table(rows)
        elif not rest:
            continue
        line = rest_line(cards, rest, figure, bool(shown))
        if line:
            lines.append(f"  {line}")
    return lines


def comparison_lines(summary: Mapping[str, Any]) -> list[str]:
    """The text report's section on --against; nothing without a comparison."""
    c = summary.get("comparison")
    if not c:
        return []
    lines = ["", f"Against {c['against']}: differences are this pack's figures less those of {c['against']}, "
             f"paired game by game (the same seeds; {c['games']:,} pairs of games per player count; "
             "95% intervals; * beyond chance)"]
    changed = [f"{name} ({card_note(card)})" for name, card in c["cards"].items() if card["change"] != "same"]
    lines.append("Cards that differ: " + ("; ".join(changed) if changed else "none"))
    if c.get("other_changes"):
        lines.append("Other differences: " + "; ".join(c["other_changes"]))
    lines += [f"- {note}" for note in c["notes"]]
    for figures in c["by_players"].values():
        lines += [""] + _count_lines(figures)
    lines += _card_lines(c["cards"], c["player_counts"])
    return lines
