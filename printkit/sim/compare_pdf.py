"""balance.pdf's "Against OLD" pages: the --against comparison (``sim.compare``) as difference charts.

Each difference is a dot with its 95% interval as a line, on an axis centred on 0 (no difference, a
dashed line); a dot is vermilion, and its number bold, when the difference is beyond chance. Seats come per player count,
cards over every count together, sorted by difference, the cards that differ between the two versions
named in bold with what changed.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.mm import Rect
from ..geometry.draw import Disc, Item, Line, Path, Text
from .balance_pdf import (BAR, BODY, CARD_ROW, FAIR, GAP, GREY, HEADING, MARGIN, RULE, SMALL, TITLE, WIDTH, Flow,
                          fit_text, font_key, metrics, paragraph)
from .charts import Axis, ticks
from .compare_report import card_note, constant, level, rate_figures, rest_line, signed, span, standing_out

ROW = CARD_ROW  # mm per row, as the cards chart of each count
RIGHT_W = 34.0  # mm for the "before → now" column right of the plot
LEAST = 0.02  # the axis spans at least ±2 percentage points (±0.02 of a count), so no difference looks large
OFF_SCALE = 3.0  # a changed card reaching further than this times the others is drawn off the scale


@dataclass(frozen=True)
class DiffRow:
    label: str
    entry: Mapping[str, Any]  # new, old, difference, ci95_low, ci95_high, beyond_chance (as sim.compare makes)
    bold: bool = False


def _arrow() -> str:
    """'→' where the fonts have it (the bundled body font does not), else '»'."""
    return "→" if metrics("body").has("→") and metrics("bold").has("→") else "»"


def _minus(text: str) -> str:
    """A typeset minus sign for a negative number."""
    return text.replace("-", "−") if metrics("body").has("−") else text


def _block(flow: Flow, text: str, size: float = BODY, font: str = "body", colour: str = "#000000",
           gap: float = 2.0, indent: str = "") -> None:
    height = paragraph(text, MARGIN, 0, WIDTH, size, font, colour, indent)[1]
    flow.add(height, lambda x, top, w: paragraph(text, x, top, w, size, font, colour, indent)[0], gap=gap)


def _reach(rows: Sequence[DiffRow]) -> float:
    return max([0.0, *(abs(v) for r in rows for v in (r.entry.get("ci95_low"), r.entry.get("ci95_high"),
                                                         r.entry.get("difference")) if v is not None)])


def _axis_marks(rows: Sequence[DiffRow], share: bool) -> list[float]:
    """Ticks symmetric about 0 covering every row, but the bold ones (changed cards) when they reach more
    than OFF_SCALE times as far as the rest: those are drawn off the scale, so the rest stay readable."""
    rest = _reach([r for r in rows if not r.bold])
    reach = _reach(rows)
    if rest and reach > OFF_SCALE * rest:
        reach = rest
    reach = max(LEAST if share else 2 * LEAST, reach)
    marks = ticks(-reach, reach, 6)
    edge = max(abs(marks[0]), abs(marks[-1]))
    return ticks(-edge, edge, 6)


def diff_rows(flow: Flow, title: str, caption: str, rows: Sequence[DiffRow], share: bool, gap: float = GAP) -> None:
    """Rows of differences with their intervals on one axis, continued over pages when they do not fit."""
    if not rows:
        return
    m, bold = metrics("body"), metrics("bold")
    label_w = min(62.0, max((bold if r.bold else m).width(r.label, SMALL) for r in rows) + 2.0)
    marks = _axis_marks(rows, share)
    arrow = _arrow()
    unit = "percentage points" if share else ""
    axis_h = 2 * SMALL * 1.25 * 25.4 / 72 + 3.0
    whole = paragraph(title, 0, 0, WIDTH, BODY, "bold")[1] + 4.5 + paragraph(caption, 0, 0, WIDTH, SMALL)[1] \
        + axis_h + len(rows) * ROW
    if flow.room() < whole <= Flow().room() and flow.pages[-1]:
        flow.new_page()  # the chart fits a page of its own: do not split it
    start = 0
    while start < len(rows):
        heading = title if not start else f"{title} (continued)"
        frame = (paragraph(heading, 0, 0, WIDTH, BODY, "bold")[1] + 1.5 + paragraph(caption, 0, 0, WIDTH, SMALL)[1]
                 + 3.0)
        fit = int((flow.room() - frame - axis_h) // ROW)
        if fit < min(4, len(rows) - start) and flow.pages[-1]:
            flow.new_page()
            continue
        part = rows[start:start + fit]

        def draw(x: float, top: float, width: float, part=part, heading=heading) -> list[Item]:
            items, used = paragraph(heading, x, top, width, BODY, "bold")
            more, used2 = paragraph(caption, x, top - used - 1.5, width, SMALL, colour=GREY)
            items += more
            below = top - used - 1.5 - used2 - 3.0
            plot = Rect(x + label_w, below - len(part) * ROW, width - label_w - RIGHT_W, len(part) * ROW)
            axis = Axis(marks[0], marks[-1], plot.x + 2.0, plot.w - 4.0)
            cap = m.cap(SMALL)
            for mark in marks:  # gridlines first, under the dots
                mx = axis.at(mark)
                items.append(Line(mx, plot.y, mx, plot.top, 0.3, RULE))
                items.append(Line(mx, plot.y, mx, plot.y - 1.0, 0.3))
                shown = _minus(f"{100 * mark if share else mark:+.4g}") if mark else "0"
                items.append(Text(mx, plot.y - 2.0 - cap, shown, font_key("body"), SMALL, GREY, "center"))
            if unit:
                items.append(Text(plot.right, plot.y - 2.0 - cap - SMALL * 1.25 * 25.4 / 72, unit, font_key("body"),
                                  SMALL, GREY, "right"))
            items.append(Line(axis.at(0.0), plot.y, axis.at(0.0), plot.top, 0.8, "#000000", (2.0, 1.5)))
            for n, row in enumerate(part):
                cy = plot.top - (n + 0.5) * ROW
                base = cy - cap / 2
                font = "bold" if row.bold else "body"
                items.append(Text(plot.x - 2.0, base, fit_text(row.label, label_w - 2.0, SMALL, font), font_key(font),
                                  SMALL, "#000000", "right"))
                e = row.entry
                if e.get("difference") is None:
                    continue
                colour = FAIR if e.get("beyond_chance") else BAR
                items += _dot_and_whisker(e, axis, cy, colour)
                values = f"{level(e['old'], share)} {arrow} {level(e['new'], share)}"
                sign = _minus(signed(e["difference"], share))
                items.append(Text(x + width - 12.0, base, values, font_key("body"), SMALL, GREY, "right"))
                # Vermilion text would be too faint (the page lint's contrast): beyond chance is set in bold.
                items.append(Text(x + width, base, sign, font_key("bold" if e.get("beyond_chance") else "body"), SMALL,
                                  "#000000", "right"))
            items.append(Line(plot.x, plot.y, plot.right, plot.y, 0.6))
            return items

        flow.add(frame + len(part) * ROW + axis_h, draw, gap=gap)
        start += len(part)


def _dot_and_whisker(e: Mapping[str, Any], axis: Axis, cy: float, colour: str) -> list[Item]:
    """A difference's dot and its interval's line; past the axis's end, a line to the end and an arrowhead."""
    left, right = axis.start - 1.5, axis.start + axis.length + 1.5

    def at(v: float) -> float:
        return min(right, max(left, axis.at(v)))

    items: list[Item] = []
    if e.get("ci95_low") is not None and e["ci95_low"] != e["ci95_high"]:
        lo, hi = at(e["ci95_low"]), at(e["ci95_high"])
        items.append(Line(lo, cy, hi, cy, 0.8, colour))
        items += [Line(x, cy - 0.8, x, cy + 0.8, 0.6, colour) for x in (lo, hi) if left < x < right]
    x = at(e["difference"])
    if left < x < right:
        items.append(Disc(x, cy, 0.75, colour))
    else:  # off the scale: an arrowhead at the edge, pointing where the value lies
        tip = 1.0 if x >= right else -1.0
        items.append(Path((("M", x + 1.6 * tip, cy), ("L", x, cy + 1.1), ("L", x, cy - 1.1), ("Z",)), fill=colour))
    return items


def _seat_rows(figures: Mapping[str, Any]) -> list[DiffRow]:
    return [DiffRow(f"Seat {n + 1}" + (" (first)" if n == 0 else ""), e)
            for n, e in enumerate(figures["win_rate_by_seat"])]


def _length_lines(figures: Mapping[str, Any]) -> list[str]:
    out = []
    for key, name in (("turns", "Turns a game"), ("rounds", "Rounds a game"), ("winning_score", "Winning score")):
        e = figures[key]
        star = " (beyond chance)" if e.get("beyond_chance") else ""
        tail = " in every pair of games" if constant(e) else f"{star}; 95% interval {_minus(span(e, False))}"
        out.append(f"{name}: {level(e['old'], False)} {_arrow()} {level(e['new'], False)}, difference "
                   f"{_minus(signed(e['difference'], False))}{tail}.")
    return out


def against_block(flow: Flow, summary: Mapping[str, Any]) -> None:
    """The "Against OLD" pages, from a new page; nothing without a comparison."""
    c = summary.get("comparison")
    if not c:
        return
    if flow.pages[-1]:
        flow.new_page()
    display = metrics("display")
    title = fit_text(f"Against {c['against']}", WIDTH, TITLE, "display")
    flow.add(display.ascent(TITLE) + display.descent(TITLE),
             lambda x, top, w: [Text(x, top - display.ascent(TITLE), title, font_key("display"), TITLE)], gap=3.0)
    counts = ", ".join(str(p) for p in c["player_counts"])
    _block(flow, f"This pack and {c['against']} each played {c['games']:,} games for each player count ({counts} "
                 f"players) with the same seeds, bots and seats: game i of one is dealt and rolled as game i of the "
                 "other until their differences make the players choose otherwise. Each figure is this pack's less "
                 "the other's, game by game: a dot is the mean difference and its line the 95% interval, paired "
                 "normal; vermilion means beyond chance, judged with Holm's correction over the seats of a count "
                 "and over the cards.", BODY, colour=GREY, gap=GAP)
    changed = [f"{name}: {card_note(card)}" for name, card in c["cards"].items() if card["change"] != "same"]
    _heading(flow, "What differs")
    for line in (changed or ["No card differs."]) + c.get("other_changes", []):
        _block(flow, line.replace("→", _arrow()), BODY, indent="•  ")
    for note in c["notes"]:
        _block(flow, note, BODY, indent="•  ")
    flow.top -= GAP / 2
    for figures in c["by_players"].values():
        p = figures["players"]
        diff_rows(flow, f"Win rate by seat, {p} players: this pack less {c['against']}",
                  f"{figures['games']:,} pairs of games; right: the win rate before {_arrow()} now, and the "
                  "difference.", _seat_rows(figures), True, gap=3.0)
        for line in _length_lines(figures):
            _block(flow, line, SMALL, gap=1.0)
        flow.top -= GAP
    _card_pages(flow, c)


def _card_pages(flow: Flow, c: Mapping[str, Any]) -> None:
    """A chart per card figure; figures the same in every pair of games are said in a line first (no
    chart of zeros)."""
    cards = c["cards"]
    where = "all player counts together" if len(c["player_counts"]) > 1 else f"{c['player_counts'][0]} players"
    charted, same = [], []
    for figure in rate_figures(cards):
        paired = [n for n, card in cards.items() if "difference" in card.get(figure, {})]
        if paired and all(constant(cards[n][figure]) and not cards[n][figure]["difference"] for n in paired):
            same.append(figure.removesuffix("_rate").replace("_", " "))
        elif paired:
            charted.append((figure, paired))
    if same:
        _block(flow, f"How often each card is {' or '.join(same)}: the same in every pair of games.", BODY, gap=GAP)
    for figure, paired in charted:
        verb = figure.removesuffix("_rate").replace("_", " ")
        order = sorted(paired, key=lambda n: (-cards[n][figure]["difference"], n))
        rows = [DiffRow(n, cards[n][figure], cards[n]["change"] != "same") for n in order]
        shown, rest = standing_out(cards, figure)
        summary = _minus(rest_line(cards, rest, figure, bool(shown)))
        diff_rows(flow, f"How often each card is {verb}: this pack less {c['against']} ({where})",
                  f"The share of games in which each card was {verb}, paired game by game; cards that differ "
                  f"between the versions in bold (an arrowhead: off the scale, its difference on the right). "
                  f"{summary}".strip(), rows, True)
        one_sided = [n for n, card in cards.items() if card["change"] in ("added", "removed") and figure in card]
        for n in one_sided:
            card = cards[n]
            side = card[figure].get("new", card[figure].get("old", 0.0))
            _block(flow, f"{n} ({card['change']}): {verb} in {level(side, True)} of games.", SMALL, indent="•  ",
                   gap=1.0)
        flow.top -= GAP


def _heading(flow: Flow, text: str) -> None:
    m = metrics("bold")
    flow.add(m.ascent(HEADING) + m.descent(HEADING),
             lambda x, top, w: [Text(x, top - m.ascent(HEADING), text, font_key("bold"), HEADING)], gap=3.0)
