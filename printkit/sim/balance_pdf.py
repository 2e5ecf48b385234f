"""balance.pdf: what the simulation found, as a plain-language summary and charts on A4 pages.

The pages are a display list (``printkit.geometry.draw``) laid out here from
the report's summary and the geometry in ``sim.charts``; the render layer
turns them into PDF. Blocks flow down the page and move to the next page
when they do not fit; the table of cards continues across pages.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.fonts import metrics
from ..geometry.draw import Box, Item, Line, Page, Text
from ..core.mm import Rect
from ..geometry.text import wrap
from ..geometry.typography import keep_words
from .charts import bar_rows, histogram, seat_chart
from .summary import fair_pct, labelled, main_figure, number, percent, variant_line

PAGE_W, PAGE_H = 210.0, 297.0  # A4, which Letter's reader can print at 97% without losing anything
MARGIN = 18.0
WIDTH = PAGE_W - 2 * MARGIN
GAP = 8.0  # mm between blocks
TITLE, HEADING, BODY, SMALL = 20.0, 12.0, 9.0, 7.5  # points; nothing is set smaller than SMALL
PT = 25.4 / 72
INK, GREY, RULE = "#000000", "#555555", "#BBBBBB"
BAR, BAR_LIGHT, FAIR = "#0072B2", "#56B4E9", "#D55E00"  # Okabe-Ito blue, sky blue, vermilion
CARD_ROW = 3.8  # mm per card in the cards chart: Gag Grab's 60 gags fit one page


def _line_pitch(size: float) -> float:
    return size * 1.25 * PT


def _text(x: float, y: float, text: str, size: float = BODY, font: str = "body", colour: str = INK,
          align: str = "left") -> Text:
    return Text(x, y, text, font, size, colour, align)


def _fit(text: str, width: float, size: float, font: str = "body") -> str:
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


CHART_H = 62.0  # mm for a seat chart or a histogram, title included


def _count_charts(flow: Flow, figures: Mapping[str, Any]) -> None:
    half = (WIDTH - GAP) / 2

    def draw(x: float, top: float, width: float) -> list[Item]:
        return (seat_items(figures, x, top, half, CHART_H)
                + length_items(figures, x + half + GAP, top, half, CHART_H))
    flow.add(CHART_H, draw)


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


def _card_rows(flow: Flow, figures: Mapping[str, Any]) -> None:
    """The card charts of one player count."""
    for figure, part in card_charts(figures["cards"]):
        _card_chart(flow, figures, figure, part)


def _card_chart(flow: Flow, first: Mapping[str, Any], figure: str, names: list[str]) -> None:
    """Cards' ``figure`` as sorted bars, with a second figure in a column (continued over pages)."""
    cards = first["cards"]
    order = sorted(names, key=lambda name: (-cards[name][figure], name))
    values = [cards[name][figure] for name in order]
    keys = [k for v in cards.values() for k in v]
    stem = figure.removesuffix("_rate")
    second = next((k for k in dict.fromkeys(keys) if k != figure and "turn" in k and stem.removesuffix("ed") in k), None)
    verb = _humane(stem)
    caption = (f"In {first['games']:,} {first['players']}-player games: the share of games in which each card was "
               f"{verb}, most often first" + (f"; right: the {_humane(second)} (– when never)." if second else "."))
    title = f"How often each card is {verb}, {first['players']} players"
    rates = all(0 <= v <= 1 for v in values)
    label = _pct if rates else (lambda v: f"{v:.2f}")
    m = metrics("body")
    label_w = min(60.0, max(m.width(n, SMALL) for n in order) + 2.0)
    value_w, second_w = 11.0, (16.0 if second else 0.0)
    top_value = max(values) if max(values) > 0 else 1.0
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
                items.append(_text(plot.x - 2.0, base, _fit(name, label_w - 2.0, SMALL), SMALL, align="right"))
                if rows.bars[n].w > 0:
                    items.append(Box(rows.bars[n], fill=BAR))
                items.append(_text(rows.bars[n].right + 1.0, base, label(cards[name][figure]), SMALL))
                if second:
                    value = cards[name].get(second)
                    shown = f"{value:.1f}" if value else "–"
                    items.append(_text(x + width, base, shown, SMALL, colour=GREY, align="right"))
            items.append(Line(plot.x, plot.y, plot.x, plot.top, 0.6))
            for mark in rows.ticks:
                mx = rows.axis.at(mark)
                items.append(Line(mx, plot.y, mx, plot.y - 1.0, 0.3))
                items.append(_text(mx, plot.y - 2.0 - cap, label(mark), SMALL, colour=GREY, align="center"))
            if second:
                items.append(_text(x + width, top - metrics("bold").ascent(BODY), _humane(second), SMALL, "bold",
                                   colour=GREY, align="right"))
            return items

        flow.add(height, draw)
        start += len(part)


def _figure_charts(flow: Flow, count: Mapping[str, Any], labels: Mapping[str, str]) -> None:
    """One player count's figures of the engine's own: a chart for each table of numbers, one for the means
    per game, one for the shares of games, and the other single numbers as a list."""
    figures = count["figures"]
    p = count["players"]
    per_game, shares, single = {}, {}, []
    for key, value in figures.items():
        if isinstance(value, Mapping) and len(value) >= 2 and all(_number(v) for v in value.values()):
            _mapping_chart(flow, f"{_humane(key).capitalize()}, {p} players", value, labels)
        elif _number(value) and key.endswith("_per_game"):
            per_game[key.removesuffix("_per_game")] = value
        elif _number(value) and key.endswith(("_share", "_rate")) and 0 <= value <= 1:
            shares[key.removesuffix("_share").removesuffix("_rate")] = value
        elif _number(value):
            single.append((key, number(value)))
    if len(per_game) >= 2:
        _mapping_chart(flow, f"Per game, {p} players", per_game, labels)
    else:
        single += [(k + "_per_game", number(v)) for k, v in per_game.items()]
    if len(shares) >= 2:
        _mapping_chart(flow, f"Shares of games, {p} players", shares, labels, "The share of games (or of all such "
                       "events) each figure describes.")
    else:
        single += [(k, percent(v)) for k, v in shares.items()]
    if single:
        if flow.room() < HEADING * PT * 2 + len(single) * (_line_pitch(SMALL) + 1.0):
            flow.new_page()  # the heading stays with its list
        _heading(flow, f"Other figures, {p} players", BODY)
        for key, value in single:
            _paragraph_block(flow, f"{_humane(key).capitalize()}: {value}", SMALL, indent="•  ", gap=1.0)


def _mapping_chart(flow: Flow, title: str, values: Mapping[str, float], labels: Mapping[str, str],
                   caption: str | None = None) -> None:
    names = list(values)
    shown = {n: labelled(str(n), labels) if str(n) in labels else _humane(str(n)) for n in names}
    m = metrics("body")
    label_w = min(60.0, max(m.width(shown[n], SMALL) for n in names) + 2.0)
    top_value = max([*values.values(), 0.0]) or 1.0
    rates = caption is not None
    label = percent if rates else number
    caption = caption or "Means per game."
    height = _frame_height(WIDTH, title, caption) + len(names) * CARD_ROW + 2.0

    def draw(x: float, top: float, width: float) -> list[Item]:
        items, below = _chart_frame(x, top, width, title, caption)
        plot = Rect(x + label_w, below - len(names) * CARD_ROW, width - label_w - 16.0, len(names) * CARD_ROW)
        rows = bar_rows([float(values[n]) for n in names], plot, CARD_ROW, top=top_value)
        cap = m.cap(SMALL)
        for n, name in enumerate(names):
            base = rows.centres[n] - cap / 2
            items.append(_text(plot.x - 2.0, base, _fit(shown[name], label_w - 2.0, SMALL), SMALL,
                               align="right"))
            if rows.bars[n].w > 0:
                items.append(Box(rows.bars[n], fill=BAR))
            items.append(_text(rows.bars[n].right + 1.0, base, label(float(values[name])), SMALL))
        items.append(Line(plot.x, plot.y, plot.x, plot.top, 0.6))
        return items
    flow.add(height, draw)


def balance_pages(summary: Mapping[str, Any]) -> list[Page]:
    """Title and observations, then per player count the seat and length charts, then cards and figures."""
    flow = Flow()
    title = summary["title"]
    display = metrics("display")
    flow.add(display.ascent(TITLE) + display.descent(TITLE),
             lambda x, top, w: [_text(x, top - display.ascent(TITLE), _fit(f"{title}: balance", w, TITLE, "display"),
                                      TITLE, "display")], gap=3.0)
    counts = ", ".join(str(p) for p in summary["player_counts"])
    _paragraph_block(flow, f"{summary['games']:,} simulated games for each player count ({counts} players), "
                           f"{summary['bot']} bots in every seat, seed {summary['seed']}. Made by 'printkit simulate'; "
                           "seats are numbered in playing order, seat 1 playing first.", BODY, GREY, gap=GAP)
    if summary.get("variant"):
        _paragraph_block(flow, variant_line(summary["variant"]), BODY, gap=GAP)
    _heading(flow, "What stands out")
    for line in summary["observations"]:
        _paragraph_block(flow, line, BODY, indent="•  ")
    flow.top -= GAP
    for figures in summary["by_players"].values():
        _count_charts(flow, figures)
    for figures in summary["by_players"].values():  # cards, then the engine's figures, per player count
        _card_rows(flow, figures)
        _figure_charts(flow, figures, summary.get("labels", {}))
    return flow.finish(title)

