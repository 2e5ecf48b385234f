"""balance.pdf: what the simulation found, as a plain-language summary and charts on A4 pages.

The pages are a display list (``printkit.geometry.draw``) laid out here from
the report's summary and the geometry in ``sim.charts``; the render layer
turns them into PDF. Blocks flow down the page and move to the next page
when they do not fit; the table of cards continues across pages.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from typing import Any

from ..core.fonts import FontMetrics, metrics as _role_metrics, with_fallback
from ..geometry.draw import Box, Item, Line, Page, Text
from ..core.mm import Rect
from ..geometry.text import wrap
from ..geometry.typography import keep_words
from .bot_stats import seating
from .card_stats import main_figure, outliers
from .charts import bar_rows, grouped_chart, histogram, seat_chart
from .seats import unequal_seats
from .summary import fair_pct, interval, labelled, number, p_value, percent, seat_reason, variant_line

PAGE_W, PAGE_H = 210.0, 297.0  # A4, which Letter's reader can print at 97% without losing anything
MARGIN = 18.0
WIDTH = PAGE_W - 2 * MARGIN
GAP = 8.0  # mm between blocks
TITLE, HEADING, BODY, SMALL = 20.0, 12.0, 9.0, 7.5  # points; nothing is set smaller than SMALL
PT = 25.4 / 72
INK, GREY, RULE = "#000000", "#555555", "#BBBBBB"
BAR, BAR_LIGHT, FAIR = "#0072B2", "#56B4E9", "#D55E00"  # Okabe-Ito blue, sky blue, vermilion
CARD_ROW = 3.8  # mm per card in the cards chart: Gag Grab's 60 gags fit one page


# The pack's fallback fonts, for characters (in its title, its card names) the bundled fonts lack; set by
# balance_pages for the pages it lays out, as the kit and the rules take them from the manifest.
_FALLBACK: ContextVar[tuple[str, ...]] = ContextVar("balance_fallback", default=())


def font_key(role: str) -> str:
    """The font key that sets ``role`` text, with the pack's fallback fonts."""
    return with_fallback(role, _FALLBACK.get())


def metrics(role: str) -> FontMetrics:
    """The metrics of ``role`` with the pack's fallback fonts (how the text will be set)."""
    return _role_metrics(font_key(role))


def _line_pitch(size: float) -> float:
    return size * 1.25 * PT


def _text(x: float, y: float, text: str, size: float = BODY, font: str = "body", colour: str = INK,
          align: str = "left") -> Text:
    return Text(x, y, text, font_key(font), size, colour, align)


def fit_text(text: str, width: float, size: float, font: str = "body") -> str:
    """``text`` cut with an ellipsis to fit ``width`` mm."""
    m = metrics(font)
    if m.width(text, size) <= width:
        return text
    while text and m.width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def paragraph(text: str, x: float, top: float, width: float, size: float = BODY, font: str = "body",
              colour: str = INK, indent: str = "") -> tuple[list[Item], float]:
    """Wrapped lines under ``top``, and the height they take. ``indent`` (a bullet) hangs to the left."""
    m = metrics(font)
    hang = m.width(indent, size) if indent else 0.0
    # Balanced, and numbers kept with their words: no word alone on a paragraph's last line.
    lines = wrap(keep_words(text), m, size, width - hang, balance=True)
    pitch = _line_pitch(size)
    first = top - m.ascent(size)
    items: list[Item] = [_text(x + hang, first - n * pitch, line, size, font, colour) for n, line in enumerate(lines)]
    if indent:
        items.append(_text(x, first, indent.strip(), size, font, colour))
    return items, m.ascent(size) + m.descent(size) + (len(lines) - 1) * pitch


Draw = Callable[[float, float, float], list[Item]]  # (x, top, width) -> items


class Flow:
    """Blocks stacked down A4 pages; a block that does not fit below the last goes on a new page."""

    def __init__(self) -> None:
        self.pages: list[list[Item]] = [[]]
        self.top = PAGE_H - MARGIN

    def room(self) -> float:
        return self.top - MARGIN - 6.0  # the footer's line

    def add(self, height: float, draw: Draw, gap: float = GAP) -> None:
        if height > self.room() and self.pages[-1]:
            self.new_page()
        self.pages[-1] += draw(MARGIN, self.top, WIDTH)
        self.top -= height + gap

    def new_page(self) -> None:
        self.pages.append([])
        self.top = PAGE_H - MARGIN

    def finish(self, title: str) -> list[Page]:
        count = len(self.pages)
        return [Page(PAGE_W, PAGE_H, tuple(items) + (
            _text(PAGE_W / 2, MARGIN - 8.0, f"{title} — balance, page {n} of {count}", SMALL, colour=GREY,
                  align="center"),), label=f"balance {n}") for n, items in enumerate(self.pages, 1)]


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _heading(flow: Flow, text: str, size: float = HEADING) -> None:
    m = metrics("bold")
    height = m.ascent(size) + m.descent(size)
    flow.add(height, lambda x, top, w: [_text(x, top - m.ascent(size), text, size, "bold")], gap=3.0)


def _paragraph_block(flow: Flow, text: str, size: float = BODY, colour: str = INK, indent: str = "",
                     gap: float = 2.0) -> None:
    _, height = paragraph(text, MARGIN, 0, WIDTH, size, colour=colour, indent=indent)
    flow.add(height, lambda x, top, w: paragraph(text, x, top, w, size, colour=colour, indent=indent)[0], gap=gap)


def _chart_frame(x: float, top: float, width: float, title: str, caption: str) -> tuple[list[Item], float]:
    """A chart's title and caption; the items and the y below them."""
    items, used = paragraph(title, x, top, width, BODY, "bold")
    more, used2 = paragraph(caption, x, top - used - 1.5, width, SMALL, colour=GREY)
    return items + more, top - used - 1.5 - used2 - 3.0


def _frame_height(width: float, title: str, caption: str) -> float:
    return paragraph(title, 0, 0, width, BODY, "bold")[1] + 1.5 + paragraph(caption, 0, 0, width, SMALL)[1] + 3.0


def seat_items(figures: Mapping[str, Any], x: float, top: float, width: float, height: float) -> list[Item]:
    """The win rate by seat chart of one player count in the box under ``top``."""
    p = figures["players"]
    fair = figures["fair_share"]
    caption = (f"Share of {figures['games']:,} games won by each seat, in playing order; whiskers: 95% interval; "
               f"dashed line: a fair share ({fair_pct(fair)}).")
    items, below = _chart_frame(x, top, width, f"Win rate by seat, {p} players", caption)
    label_w, foot = 11.0, 2 * _line_pitch(SMALL) + 2.0
    plot = Rect(x + label_w, top - height + foot, width - label_w - 1.0, below - (top - height + foot))
    chart = seat_chart(figures["win_rate_by_seat"], figures["win_rate_ci95"], fair, plot)
    items += _value_axis(chart.ticks, chart.axis, plot, _pct)
    items += [Box(bar, fill=BAR) for bar in chart.bars]
    cap = metrics("body").cap(SMALL)
    for n, (wx, lo, hi) in enumerate(chart.whiskers):
        items += [Line(wx, lo, wx, hi, 0.8), Line(wx - 1.2, lo, wx + 1.2, lo, 0.8), Line(wx - 1.2, hi, wx + 1.2, hi, 0.8)]
        items.append(_text(wx, plot.y - 1.5 - cap, str(n + 1), SMALL, "bold", align="center"))
        items.append(_text(wx, plot.y - 1.5 - cap - _line_pitch(SMALL), _pct(figures["win_rate_by_seat"][n]),
                           SMALL, align="center"))
    items.append(Line(plot.x, chart.fair_y, plot.right, chart.fair_y, 1.0, FAIR, (3.0, 2.0)))
    items.append(Line(plot.x, plot.y, plot.right, plot.y, 0.6))
    return items


def _value_axis(marks: Sequence[float], axis, plot: Rect, label: Callable[[float], str]) -> list[Item]:
    """Gridlines across the plot and their labels left of it (drawn first, under the bars)."""
    cap = metrics("body").cap(SMALL)
    items: list[Item] = []
    for mark in marks:
        y = axis.at(mark)
        items.append(Line(plot.x, y, plot.right, y, 0.3, RULE))
        items.append(_text(plot.x - 1.5, y - cap / 2, label(mark), SMALL, colour=GREY, align="right"))
    return items


def length_items(figures: Mapping[str, Any], x: float, top: float, width: float, height: float) -> list[Item]:
    """The histogram of game length in rounds of one player count."""
    length = figures["length"]
    rounds, turns = length["rounds"], length["turns"]
    # A single bar says nothing: when every game lasts the same rounds, the chart counts turns instead.
    by = "turns" if rounds["min"] == rounds["max"] and "turns_histogram" in length else "rounds"
    if by == "rounds":
        caption = (f"Games by the number of rounds they lasted (mean {rounds['mean']:.1f}, median "
                   f"{rounds['median']:g}; {turns['mean']:.1f} turns on average).")
    else:
        caption = (f"Every game lasted {number(rounds['min'])} rounds; games by the number of turns they lasted "
                   f"(mean {turns['mean']:.1f}, median {turns['median']:g}).")
    items, below = _chart_frame(x, top, width, f"Game length, {figures['players']} players", caption)
    label_w, foot = 11.0, _line_pitch(SMALL) + 5.0
    plot = Rect(x + label_w, top - height + foot, width - label_w - 1.0, below - (top - height + foot))
    chart = histogram([tuple(pair) for pair in length[f"{by}_histogram"]], plot)
    items += _value_axis(chart.y_ticks, chart.y_axis, plot, lambda v: f"{v:,.0f}")
    items += [Box(bar, fill=BAR_LIGHT, stroke="#FFFFFF", width=0.3) for bar in chart.bars]
    cap = metrics("body").cap(SMALL)
    for mx, text in chart.x_labels:
        items.append(Line(mx, plot.y, mx, plot.y - 1.0, 0.3))
        items.append(_text(mx, plot.y - 2.0 - cap, text, SMALL, align="center"))
    unit = by if chart.width == 1 else f"{by} ({chart.width} to a bar)"
    items.append(_text(plot.right, plot.y - 2.0 - cap - _line_pitch(SMALL), unit, SMALL, colour=GREY,
                       align="right"))
    items.append(Line(plot.x, plot.y, plot.right, plot.y, 0.6))
    return items


CHART_H = 56.0  # mm for a seat chart, a turns chart or a histogram, title included
TURN_SERIES = 3  # bars per seat in the turns chart: the commonest numbers of turns taken
MIN_BAR_GAMES = 20  # games below which a bar of win rate given turns is left out (its interval is too wide)
TURN_FILLS = (BAR, BAR_LIGHT, "#A0A0A0")  # most turns first


def turn_series(figures: Mapping[str, Any]) -> list[int]:
    """The numbers of turns the turns chart shows, most first: the commonest over all seats, each in at least
    MIN_BAR_GAMES games of some seat."""
    games: dict[int, int] = {}
    for rows in figures["win_rate_given_turns"]:
        for row in rows:
            if row["games"] >= MIN_BAR_GAMES:
                games[row["turns"]] = games.get(row["turns"], 0) + row["games"]
    return sorted(sorted(games, key=lambda t: (-games[t], t))[:TURN_SERIES], reverse=True)


def turns_items(figures: Mapping[str, Any], x: float, top: float, width: float, height: float) -> list[Item]:
    """Win rate given turns taken, one group of bars per seat, and the mean turns each seat took under it."""
    p = figures["players"]
    series = turn_series(figures)
    caption = (f"The share of the games in which a seat took {_words([str(s) for s in series], 'or')} turns that "
               f"it won (bars for fewer than {MIN_BAR_GAMES} games left out); whiskers: 95% interval; under each "
               "seat: the mean turns it took.")
    items, below = _chart_frame(x, top, width, f"Win rate by turns taken, {p} players", caption)
    label_w, foot = 11.0, 2 * _line_pitch(SMALL) + 2.0
    key_h = _line_pitch(SMALL) + 1.0
    plot = Rect(x + label_w, top - height + foot, width - label_w - 1.0, below - key_h - (top - height + foot))
    groups = []
    for rows in figures["win_rate_given_turns"]:
        found = {row["turns"]: row for row in rows if row["games"] >= MIN_BAR_GAMES}
        groups.append([(found[s]["win_rate"], found[s]["ci95_low"], found[s]["ci95_high"]) if s in found else None
                       for s in series])
    chart = grouped_chart(groups, plot)
    items += _value_axis(chart.ticks, chart.axis, plot, _pct)
    items += [Box(bar, fill=TURN_FILLS[s]) for _, s, bar in chart.bars]
    for wx, lo, hi in chart.whiskers:
        items += [Line(wx, lo, wx, hi, 0.6), Line(wx - 0.8, lo, wx + 0.8, lo, 0.6), Line(wx - 0.8, hi, wx + 0.8, hi, 0.6)]
    cap = metrics("body").cap(SMALL)
    for n, cx in enumerate(chart.centres):
        items.append(_text(cx, plot.y - 1.5 - cap, str(n + 1), SMALL, "bold", align="center"))
        items.append(_text(cx, plot.y - 1.5 - cap - _line_pitch(SMALL), f"{figures['turns_by_seat'][n]:.2f}", SMALL,
                           align="center"))
    kx = plot.x
    for s, turns in enumerate(series):  # the key, above the plot
        items.append(Box(Rect(kx, plot.top + 1.5, 2.5, 2.5), fill=TURN_FILLS[s]))
        label = f"{turns} turns"
        items.append(_text(kx + 3.5, plot.top + 1.5, label, SMALL))
        kx += 3.5 + metrics("body").width(label, SMALL) + 4.0
    items.append(Line(plot.x, plot.y, plot.right, plot.y, 0.6))
    return items


def _words(words: Sequence[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _count_charts(flow: Flow, figures: Mapping[str, Any], heading: bool) -> None:
    """One player count's seats: the win rate by seat beside the win rate by turns taken (or, when every seat
    took the same turns in every game, the game length), with why the seats differ under them; kept together.
    ``heading``: a line naming the count and its figures above (several counts)."""
    half = (WIDTH - GAP) / 2
    turns = figures["extra_turn"]["win_rate_with"] is not None and bool(turn_series(figures))
    right = turns_items if turns else length_items
    test = figures["seat_equality"]
    title = (f"{figures['players']} players: {figures['games']:,} games, {figures['length']['turns']['mean']:.1f} "
             f"turns ({figures['length']['rounds']['mean']:.1f} rounds) on average; seats equal? "
             + ("not tested" if test["p_value"] is None else p_value(test["p_value"])))
    bold = metrics("bold")
    head_h = bold.ascent(HEADING) + bold.descent(HEADING) + 3.0 if heading else 0.0
    reason = seat_reason(figures)
    notes = [reason] if reason else []
    note_h = sum(paragraph(n, 0, 0, WIDTH, SMALL)[1] + 1.5 for n in notes)

    def draw(x: float, top: float, width: float) -> list[Item]:
        items: list[Item] = []
        if heading:
            items.append(_text(x, top - bold.ascent(HEADING), fit_text(title, width, HEADING, "bold"), HEADING, "bold"))
        y = top - head_h
        items += seat_items(figures, x, y, half, CHART_H) + right(figures, x + half + GAP, y, half, CHART_H)
        y -= CHART_H + 2.0
        for note in notes:
            more, used = paragraph(note, x, y, width, SMALL)
            items += more
            y -= used + 1.5
        return items
    flow.add(head_h + CHART_H + 2.0 + note_h, draw)


ROW_H = 9.0  # mm per player count in the table across counts


def _shade(rate: float, fair: float) -> str:
    """A cell's fill: vermilion above a fair share, blue below, stronger the further off (a factor of 4 is
    the strongest), always light enough for black text."""
    if rate <= 0 or fair <= 0:
        strength, colour = 1.0, (0x00, 0x72, 0xB2)
    else:
        ratio = max(-1.0, min(1.0, math.log2(rate / fair) / 2))
        strength, colour = abs(ratio), ((0xD5, 0x5E, 0x00) if ratio > 0 else (0x00, 0x72, 0xB2))
    mix = 0.45 * strength
    return "#" + "".join(f"{round(255 + (c - 255) * mix):02X}" for c in colour)


def across_items(counts: Sequence[Mapping[str, Any]], x: float, top: float, width: float) -> tuple[list[Item], float]:
    """The table across player counts: a row per count, a cell per seat (its win rate, shaded against a fair
    share, and the mean turns it took), then the game length and the seat test; the items and their height."""
    seats = max(c["players"] for c in counts)
    tail = [("turns", 15.0), ("rounds", 15.0), ("seats equal?", 20.0)]
    label_w = 16.0
    cell_w = (width - label_w - sum(w for _, w in tail)) / seats
    body, bold = metrics("body"), metrics("bold")
    items: list[Item] = []
    y = top - bold.ascent(SMALL)
    items.append(_text(x, y, "players", SMALL, "bold"))
    for s in range(seats):
        items.append(_text(x + label_w + (s + 0.5) * cell_w, y, f"seat {s + 1}", SMALL, "bold", align="center"))
    tx = x + label_w + seats * cell_w
    for name, w in tail:
        items.append(_text(tx + w - 1.0, y, name, SMALL, "bold", align="right"))
        tx += w
    y -= bold.descent(SMALL) + 1.5
    for c in counts:
        flagged = set(unequal_seats(c["seat_equality"]))
        row_top = y
        first = row_top - (ROW_H - body.cap(BODY) - _line_pitch(SMALL)) / 2 - body.cap(BODY)
        items.append(_text(x + 1.0, first, str(c["players"]), BODY, "bold"))
        for s in range(c["players"]):
            cx = x + label_w + s * cell_w
            items.append(Box(Rect(cx + 0.3, row_top - ROW_H + 0.3, cell_w - 0.6, ROW_H - 0.6),
                             fill=_shade(c["win_rate_by_seat"][s], c["fair_share"])))
            items.append(_text(cx + cell_w / 2, first, f"{100 * c['win_rate_by_seat'][s]:.1f}%", BODY,
                               "bold" if s in flagged else "body", align="center"))
            items.append(_text(cx + cell_w / 2, first - _line_pitch(SMALL) - 0.5, f"{c['turns_by_seat'][s]:.2f}",
                               SMALL, colour=GREY, align="center"))
        test = c["seat_equality"]["p_value"]
        values = [f"{c['length']['turns']['mean']:.1f}", f"{c['length']['rounds']['mean']:.1f}",
                  "not tested" if test is None else p_value(test)]
        tx = x + label_w + seats * cell_w
        for (_, w), value in zip(tail, values):
            items.append(_text(tx + w - 1.0, first, value, BODY, align="right"))
            tx += w
        y -= ROW_H
        items.append(Line(x, y, x + width, y, 0.3, RULE))
    return items, top - y


def _across_block(flow: Flow, counts: Sequence[Mapping[str, Any]]) -> None:
    _heading(flow, "Across player counts")
    _, height = across_items(counts, 0, 0, WIDTH)
    flow.add(height, lambda x, top, w: across_items(counts, x, top, w)[0], gap=2.0)
    _paragraph_block(flow, "Each cell: the share of games the seat won, shaded vermilion above a fair share and blue "
                           "below it (the stronger, the further off, up to four times or a quarter of it), in bold "
                           "where the seat tests single the seat out; under it, the mean turns the seat took. Turns "
                           "and rounds: the mean game length. Seats equal?: the p-value of the chi-square test of "
                           "equal shares (under 0.05: the seats differ beyond chance).", SMALL, GREY, gap=GAP)


def _humane(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def card_charts(cards: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, list[str]]]:
    """(figure, cards) for each chart of cards: the main figure over the cards that have it, then any
    other *_rate figure over cards the earlier charts left out (Many Faces: scored, then played)."""
    figure = main_figure(cards)
    if figure is None:
        return []
    charts, shown = [], set()
    names = [figure] + [k for k in dict.fromkeys(k for v in cards.values() for k in v) if k.endswith("_rate")]
    for name in dict.fromkeys(names):
        part = [card for card, values in cards.items() if card not in shown and _number(values.get(name))]
        if part:
            charts.append((name, part))
            shown.update(part)
    return charts


def _card_rows(flow: Flow, figures: Mapping[str, Any], summary: Mapping[str, Any] | None = None,
               model: bool = True) -> None:
    """The card charts of one player count; ``summary`` gives the pack's labels, the bot limits and the card
    model, whose chart is drawn when ``model`` (for the first player count only: one such page is enough)."""
    labels = (summary or {}).get("labels", {})
    limited = (summary or {}).get("bot_limits") or {}
    shown = {card: labelled(card, labels) + (" (bot limit)" if card in limited else "") for card in figures["cards"]}
    for figure, part in card_charts(figures["cards"]):
        _card_chart(flow, figures, figure, part, shown)
    card_model = ((summary or {}).get("card_model") or {}) if model else {}
    rate = card_model.get("rate")
    judged = [card for card, values in figures["cards"].items()
              if _number(values.get("model_prediction")) and _number(values.get(rate))]
    if rate and judged:
        flagged = {f[0] for f in outliers(figures["cards"], card_model, card_model.get("bases", {}), figures["games"])}
        _card_chart(flow, figures, rate, judged, shown, against=card_model.get("against", "the model"), bold=flagged)


def _card_chart(flow: Flow, first: Mapping[str, Any], figure: str, names: list[str],
                shown: Mapping[str, str] | None = None, against: str | None = None,
                bold: frozenset[str] | set[str] = frozenset()) -> None:
    """Cards' ``figure`` as sorted bars with their 95% intervals, a second figure in a column (continued
    over pages); ``shown`` names each card as the pack labels it. With ``against`` (what the engine's card
    model rests on) the figure is the rate the model judges, its prediction marked on each bar and given
    in the column, and the cards it flags (``bold``) named in bold."""
    cards = first["cards"]
    shown = shown or {}
    spans = {name: cards[name].get(f"{figure}_ci95") for name in names}
    order = sorted(names, key=lambda name: (-cards[name][figure], name))
    values = [cards[name][figure] for name in order]
    keys = [k for v in cards.values() for k in v]
    stem = figure.removesuffix("_rate")
    second = next((k for k in dict.fromkeys(keys) if k != figure and "turn" in k and stem.removesuffix("ed") in k), None)
    verb = _humane(stem)
    caption = (f"In {first['games']:,} {first['players']}-player games: the share of games in which each card was "
               f"{verb}, most often first" + ("; the line across a bar is its 95% interval" if any(spans.values())
                                              else "") + (f"; right: the {_humane(second)} (– when never)."
                                                          if second else "."))
    title = f"How often each card is {verb}, {first['players']} players"
    if against is not None:
        second = "model_prediction"
        title = f"{_humane(stem).capitalize()}, against the card model, {first['players']} players"
        caption = (f"In {first['games']:,} {first['players']}-player games: each card's {_humane(figure)}, highest "
                   f"first, with its 95% interval; the orange mark and the column on the right: what {against} "
                   "predicts. In bold: the cards flagged as off the model (docs/simulation.md says when).")
    rates = all(0 <= v <= 1 for v in values)
    label = (percent if against is not None else _pct) if rates else (lambda v: f"{v:.2f}")
    m = metrics("body")
    label_w = min(60.0, max(m.width(shown.get(n, n), SMALL) for n in order) + 2.0)
    value_w, second_w = 11.0, (16.0 if second else 0.0)
    ends = [v for ci in spans.values() if ci for v in ci[1:]]
    marks = [cards[n][second] for n in order if against is not None and _number(cards[n].get(second))]
    top_value = max(values + ends + marks) if max(values + ends + marks) > 0 else 1.0
    whole = _frame_height(WIDTH, title, caption) + 8.0 + len(order) * CARD_ROW
    if whole > flow.room() and whole <= Flow().room() and flow.pages[-1]:
        flow.new_page()  # the chart fits a page of its own: do not split it
    start = 0
    while start < len(order):
        heading = title if not start else title + " (continued)"
        frame = _frame_height(WIDTH, heading, caption)
        axis_h = 8.0
        fit = int((flow.room() - frame - axis_h) // CARD_ROW)
        if fit < 5 and flow.pages[-1]:
            flow.new_page()
            continue
        part = order[start:start + fit]
        height = frame + axis_h + len(part) * CARD_ROW

        def draw(x: float, top: float, width: float, part=part, heading=heading) -> list[Item]:
            items, below = _chart_frame(x, top, width, heading, caption)
            plot = Rect(x + label_w, below - len(part) * CARD_ROW, width - label_w - value_w - second_w,
                        len(part) * CARD_ROW)
            rows = bar_rows([cards[n][figure] for n in part], plot, CARD_ROW, top=top_value)
            cap = m.cap(SMALL)
            for n, name in enumerate(part):
                base = rows.centres[n] - cap / 2
                font = "bold" if name in bold else "body"
                items.append(_text(plot.x - 2.0, base, fit_text(shown.get(name, name), label_w - 2.0, SMALL, font), SMALL,
                                   font, align="right"))
                if rows.bars[n].w > 0:
                    items.append(Box(rows.bars[n], fill=BAR))
                end = rows.bars[n].right
                ci = spans.get(name)
                if ci:  # the interval as a line across the bar's middle, with short ends
                    lo, hi, y = rows.axis.at(ci[0]), rows.axis.at(ci[1]), rows.centres[n]
                    items += [Line(lo, y, hi, y, 0.4), Line(lo, y - 0.8, lo, y + 0.8, 0.4),
                              Line(hi, y - 0.8, hi, y + 0.8, 0.4)]
                    end = max(end, hi)
                predicted = cards[name].get(second) if against is not None else None
                if isinstance(predicted, float):  # the model's rate, a short upright mark across the bar
                    at, y = rows.axis.at(predicted), rows.centres[n]
                    items.append(Line(at, y - 1.5, at, y + 1.5, 0.9, colour=FAIR))  # the seat charts' vermilion
                    end = max(end, at)
                items.append(_text(end + 1.0, base, label(cards[name][figure]), SMALL))
                if second:
                    value = cards[name].get(second)
                    cell = (percent(value) if against is not None else f"{value:.1f}") if value else "–"
                    items.append(_text(x + width, base, cell, SMALL, colour=GREY, align="right"))
            items.append(Line(plot.x, plot.y, plot.x, plot.top, 0.6))
            for mark in rows.ticks:
                mx = rows.axis.at(mark)
                items.append(Line(mx, plot.y, mx, plot.y - 1.0, 0.3))
                items.append(_text(mx, plot.y - 2.0 - cap, label(mark), SMALL, colour=GREY, align="center"))
            if second:
                head = "model" if against is not None else _humane(second)
                items.append(_text(x + width, top - metrics("bold").ascent(BODY), head, SMALL, "bold",
                                   colour=GREY, align="right"))
            return items

        flow.add(height, draw)
        start += len(part)


def figure_rows(counts: Sequence[Mapping[str, Any]], labels: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """The engine's own figures of the player counts as rows (a name and a cell per count): a table of
    numbers gives a row per entry under its name; a figure repeating the game length is left out."""
    rows: list[tuple[str, list[str]]] = []
    keys = list(dict.fromkeys(k for c in counts for k in c["figures"]))
    for key in keys:
        if key in ("mean_turns", "games"):  # the table across counts and the headings already give them
            continue
        values = [c["figures"].get(key) for c in counts]
        share = key.endswith(("_share", "_rate"))
        if all(v is None or _number(v) for v in values):
            rows.append((_humane(key).capitalize(), [_cell(v, share) for v in values]))
        elif all(v is None or (isinstance(v, Mapping) and all(_number(w) for w in v.values())) for v in values):
            names = list(dict.fromkeys(n for v in values if v for n in v))
            rows.append((_humane(key).capitalize() + ":", [""] * len(counts)))
            for name in names:
                shown = labelled(str(name), labels) if str(name) in labels else _humane(str(name))
                rows.append(("    " + shown, [_cell((v or {}).get(name), share) for v in values]))
    return rows


def _cell(value: Any, share: bool) -> str:
    if value is None:
        return "–"
    return percent(value) if share and 0 <= value <= 1 else number(value)


FIGURE_ROW = 4.2  # mm per row of the engine's figures table


def _figures_table(flow: Flow, counts: Sequence[Mapping[str, Any]], labels: Mapping[str, str]) -> None:
    """The engine's own figures, a column per player count (continued over pages); one count's figures take
    two columns of rows side by side, which the page's width has room for."""
    rows = figure_rows(counts, labels)
    if not rows:
        return
    halves = 2 if len(counts) == 1 else 1
    half_w = (WIDTH - GAP * (halves - 1)) / halves
    col_w = min(22.0, (half_w - 50.0) / len(counts))
    label_w = half_w - col_w * len(counts)
    body, bold = metrics("body"), metrics("bold")
    head = [f"{c['players']} players" for c in counts]
    heading_h = bold.ascent(HEADING) + bold.descent(HEADING) + 3.0 + FIGURE_ROW
    start, first = 0, True
    while start < len(rows):
        fit = int((flow.room() - heading_h) // FIGURE_ROW)
        if fit < 4 and flow.pages[-1]:
            flow.new_page()
            continue
        part = rows[start:start + fit * halves]
        per = -(-len(part) // halves)  # rows in each half, the last half the shorter
        title = "The engine's own figures" + ("" if first else " (continued)")

        def draw(x: float, top: float, width: float, part=part, per=per, title=title) -> list[Item]:
            items: list[Item] = [_text(x, top - bold.ascent(HEADING), title, HEADING, "bold")]
            for half in range(halves):
                left = x + half * (half_w + GAP)
                y = top - heading_h + FIGURE_ROW - body.cap(SMALL) - 1.0
                for n, name in enumerate(head):
                    items.append(_text(left + label_w + (n + 1) * col_w, y, name, SMALL, "bold", align="right"))
                for name, cells in part[half * per:(half + 1) * per]:
                    y -= FIGURE_ROW
                    items.append(_text(left, y, fit_text(name, label_w - 2.0, SMALL), SMALL))
                    for n, cell in enumerate(cells):
                        items.append(_text(left + label_w + (n + 1) * col_w, y, cell, SMALL, align="right"))
                    items.append(Line(left, y - 1.2, left + half_w, y - 1.2, 0.2, RULE))
            return items
        flow.add(heading_h + per * FIGURE_ROW, draw)
        start += len(part)
        first = False


def _bot_table(flow: Flow, figures: Mapping[str, Any]) -> None:
    """Bots against bots in one player count: each bot's wins per seat-game, its 95% interval, and its win
    rate in each seat (only with ``--bots``; see ``sim.bot_stats``)."""
    by_bot = figures.get("win_rate_by_bot")
    if not by_bot:
        return
    p = figures["players"]
    title = f"Bots against bots, {p} players"
    caption = (f"Each bot's share of wins over the seat-games it played (a seat in a game), rotated through every "
               f"seat equally; a fair share is {fair_pct(1 / p)}. A win shared by k seats counts 1/k to each.")
    head = ["bot", "seat-games", "win rate", "95% interval"] + [f"seat {s + 1}" for s in range(p)]
    rows = [[b, f"{f['seat_games']:,}", percent(f["win_rate"]), interval(*f["ci95"])]
            + ["–" if r is None else percent(r) for r in f["win_rate_by_seat"]] for b, f in by_bot.items()]
    fixed = [30.0, 20.0, 14.0, 26.0]
    seat_w = min(16.0, (WIDTH - sum(fixed)) / p)
    widths = fixed + [seat_w] * p
    pitch = _line_pitch(SMALL) + 1.0
    height = _frame_height(WIDTH, title, caption) + (len(rows) + 1) * pitch

    def draw(x: float, top: float, width: float) -> list[Item]:
        items, below = _chart_frame(x, top, width, title, caption)
        cap = metrics("body").cap(SMALL)
        for n, row in enumerate([head] + rows):
            base, left = below - cap - n * pitch, x
            for c, (cell, w) in enumerate(zip(row, widths)):
                font = "bold" if n == 0 else "body"
                if c == 0:
                    items.append(_text(left, base, fit_text(cell, w - 2.0, SMALL, font), SMALL, font))
                else:
                    items.append(_text(left + w, base, cell, SMALL, font, align="right"))
                left += w
            if n == 0:
                items.append(Line(x, base - 1.2, left, base - 1.2, 0.3))
        return items
    flow.add(height, draw)


def balance_pages(summary: Mapping[str, Any], fallback: Sequence[str] = ()) -> list[Page]:
    """Title, the table across player counts and what stands out; then each count's seats; then the engine's
    figures (a table, a column per count) and the cards. ``fallback``: the pack's fallback fonts (its
    manifest's [fonts] fallback)."""
    token = _FALLBACK.set(tuple(fallback))
    try:
        return _pages(summary)
    finally:
        _FALLBACK.reset(token)


def _pages(summary: Mapping[str, Any]) -> list[Page]:
    flow = Flow()
    title = summary["title"]
    display = metrics("display")
    flow.add(display.ascent(TITLE) + display.descent(TITLE),
             lambda x, top, w: [_text(x, top - display.ascent(TITLE), fit_text(f"{title}: balance", w, TITLE, "display"),
                                      TITLE, "display")], gap=3.0)
    counts = list(summary["by_players"].values())
    listed = ", ".join(str(p) for p in summary["player_counts"])
    _paragraph_block(flow, f"{summary['games']:,} simulated games for each player count ({listed} players), "
                           f"{seating(summary)}, seed {summary['seed']}. Made by 'printkit simulate'; "
                           "seats are numbered in playing order, seat 1 playing first.", BODY, GREY, gap=GAP)
    if summary.get("variant"):  # --variant: the rule variant played
        _paragraph_block(flow, variant_line(summary["variant"]), BODY, gap=GAP)
    if len(counts) > 1:
        _across_block(flow, counts)
    _heading(flow, "What stands out")
    for line in summary["observations"]:
        _paragraph_block(flow, line, BODY, indent="•  ")
    flow.top -= GAP
    limits = summary.get("bot_limits") or {}
    if limits:  # the bots' doing, kept apart from what stands out about the game
        _heading(flow, "Bot limits: what these bots leave untested")
        for name, why in limits.items():
            _paragraph_block(flow, f"{labelled(name, summary.get('labels', {}))}: {why}.", BODY, indent="•  ")
        flow.top -= GAP
    for figures in counts:
        _count_charts(flow, figures, heading=len(counts) > 1)
    for figures in counts:  # bots against bots (--bots), if any
        _bot_table(flow, figures)
    _figures_table(flow, counts, summary.get("labels", {}))  # before the cards: it fills the page the seats leave
    for figures in counts:
        _card_rows(flow, figures, summary, model=figures is counts[0])
    from .compare_pdf import against_block  # --against: its pages last (sim/compare_pdf.py; imports this module)
    against_block(flow, summary)
    return flow.finish(title)
