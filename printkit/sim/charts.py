"""Chart geometry for balance.pdf, in millimetres: axes, ticks and bars as plain rectangles (nothing drawn).

The y axis of a page grows upwards (as in the display list): a bar's rect
starts at the axis and reaches up to its value.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.mm import Rect


@dataclass(frozen=True)
class Axis:
    """Values ``lo``..``hi`` mapped onto ``start``..``start + length`` mm."""

    lo: float
    hi: float
    start: float
    length: float

    def at(self, value: float) -> float:
        span = self.hi - self.lo
        return self.start + (value - self.lo) / span * self.length if span else self.start


def nice_step(span: float, most: int) -> float:
    """The smallest 1, 2 or 5 × 10^k step that cuts ``span`` into at most ``most`` parts."""
    if span <= 0:
        return 1.0
    rough = span / max(1, most)
    power = 10 ** math.floor(math.log10(rough))
    for factor in (1, 2, 5, 10):
        if factor * power >= rough - 1e-12:
            return factor * power
    return 10 * power


def ticks(lo: float, hi: float, most: int = 5) -> list[float]:
    """Round values from ``lo`` to at least ``hi`` (the last tick covers it), at most ``most`` + 1 of them."""
    step = nice_step(hi - lo, most)
    first = math.floor(lo / step + 1e-9) * step
    out = []
    value = first
    while True:
        out.append(round(value, 10))
        if value >= hi - 1e-9:
            return out
        value += step


@dataclass(frozen=True)
class SeatChart:
    """Win rate by seat: one bar per seat, its 95% interval as a whisker, and the fair-share level."""

    plot: Rect
    axis: Axis  # win rate -> y
    ticks: tuple[float, ...]
    bars: tuple[Rect, ...]
    whiskers: tuple[tuple[float, float, float], ...]  # x, y of the low end, y of the high end
    fair_y: float


def seat_chart(rates: Sequence[float], intervals: Sequence[tuple[float, float]], fair: float,
               plot: Rect, gap: float = 0.3) -> SeatChart:
    """Bars filling ``plot`` across (``gap`` of each slot left empty), on an axis from 0 past the highest end."""
    top = max([fair, *rates, *(hi for _, hi in intervals)])
    marks = ticks(0.0, min(1.0, top), 5)
    axis = Axis(0.0, marks[-1], plot.y, plot.h)
    slot = plot.w / len(rates)
    bars, whiskers = [], []
    for n, rate in enumerate(rates):
        x = plot.x + n * slot + slot * gap / 2
        bars.append(Rect(x, plot.y, slot * (1 - gap), axis.at(rate) - plot.y))
        lo, hi = intervals[n]
        whiskers.append((x + slot * (1 - gap) / 2, axis.at(lo), axis.at(hi)))
    return SeatChart(plot, axis, tuple(marks), tuple(bars), tuple(whiskers), axis.at(fair))


@dataclass(frozen=True)
class Histogram:
    plot: Rect
    y_axis: Axis  # games -> y
    y_ticks: tuple[float, ...]
    bars: tuple[Rect, ...]
    x_labels: tuple[tuple[float, str], ...]  # x in mm and the text under the axis there
    width: int  # values per bar: 1, or more when the values spread too wide for a bar each


def histogram(counts: Sequence[tuple[int, int]], plot: Rect, most_bars: int = 40) -> Histogram:
    """Touching bars, each the games with a value (or a range of ``width`` values, when there are more than
    ``most_bars`` values), labelled under a bar's middle (one value each) or at bin edges (ranges)."""
    values = [v for v, _ in counts]
    lo, hi = min(values), max(values) + 1  # each value v spans [v, v + 1)
    width = 1 if hi - lo <= most_bars else max(1, math.ceil(nice_step(hi - lo, most_bars)))
    start = lo // width * width
    bins: dict[int, int] = {}
    for v, c in counts:
        first = (v - start) // width * width + start
        bins[first] = bins.get(first, 0) + c
    end = max(bins) + width
    x_axis = Axis(start, end, plot.x, plot.w)
    y_marks = ticks(0.0, max(max(bins.values()), 1), 4)
    y_axis = Axis(0.0, y_marks[-1], plot.y, plot.h)
    bars = tuple(Rect(x_axis.at(b), plot.y, x_axis.at(b + width) - x_axis.at(b), y_axis.at(c) - plot.y)
                 for b, c in sorted(bins.items()) if c)
    if width == 1:
        step = max(1, math.ceil(nice_step(end - start, 8)))
        labels = tuple((x_axis.at(v + 0.5), str(v)) for v in range(start, end) if v % step == 0)
    else:
        step = max(width, math.ceil(nice_step(end - start, 6) / width) * width)
        labels = tuple((x_axis.at(v), str(v)) for v in range(start, end + 1) if (v - start) % step == 0)
    return Histogram(plot, y_axis, tuple(y_marks), bars, labels, width)


@dataclass(frozen=True)
class BarRows:
    """Horizontal bars, one row each from the top of ``plot`` down, on a shared value axis."""

    plot: Rect
    axis: Axis  # value -> x
    ticks: tuple[float, ...]
    bars: tuple[Rect, ...]
    centres: tuple[float, ...]  # the y of each row's middle, where its text is centred


def bar_rows(values: Sequence[float], plot: Rect, row: float, top: float | None = None,
             fill: float = 0.7) -> BarRows:
    """Rows ``row`` mm apart; each bar ``fill`` of a row tall, its length ``value`` on 0..``top``."""
    top = top if top is not None else max([*values, 0.0])
    marks = ticks(0.0, top if top > 0 else 1.0, 5)
    axis = Axis(0.0, marks[-1], plot.x, plot.w)
    bars, centres = [], []
    for n, value in enumerate(values):
        row_top = plot.top - n * row
        height = row * fill
        y = row_top - (row - height) / 2 - height
        bars.append(Rect(plot.x, y, axis.at(value) - plot.x, height))
        centres.append(y + height / 2)
    return BarRows(plot, axis, tuple(marks), tuple(bars), tuple(centres))


@dataclass(frozen=True)
class GroupedChart:
    """Bars in groups (one group per seat, a bar per series), each with its 95% interval as a whisker."""

    plot: Rect
    axis: Axis  # share -> y
    ticks: tuple[float, ...]
    bars: tuple[tuple[int, int, Rect], ...]  # group, series, the bar
    whiskers: tuple[tuple[float, float, float], ...]  # x, y of the low end, y of the high end (one per bar)
    centres: tuple[float, ...]  # the x of each group's middle


def grouped_chart(groups: Sequence[Sequence[tuple[float, float, float] | None]], plot: Rect,
                  gap: float = 0.3) -> GroupedChart:
    """Groups side by side across ``plot``, ``gap`` of each group's slot left empty; in a group, one bar per
    series (``None``: no bar, its place kept), each (value, low end, high end), on an axis from 0 past the
    highest end."""
    ends = [hi for group in groups for bar in group if bar is not None for hi in (bar[0], bar[2])]
    marks = ticks(0.0, min(1.0, max(ends, default=1.0)) or 1.0, 5)
    axis = Axis(0.0, marks[-1], plot.y, plot.h)
    slot = plot.w / max(1, len(groups))
    series = max((len(group) for group in groups), default=1)
    width = slot * (1 - gap) / max(1, series)
    bars, whiskers, centres = [], [], []
    for g, group in enumerate(groups):
        left = plot.x + g * slot + slot * gap / 2
        centres.append(plot.x + (g + 0.5) * slot)
        for s, bar in enumerate(group):
            if bar is None:
                continue
            value, lo, hi = bar
            rect = Rect(left + s * width, plot.y, width, axis.at(value) - plot.y)
            bars.append((g, s, rect))
            whiskers.append((rect.x + width / 2, axis.at(lo), axis.at(hi)))
    return GroupedChart(plot, axis, tuple(marks), tuple(bars), tuple(whiskers), tuple(centres))
