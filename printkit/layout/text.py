"""Fit text into a box: wrap at spaces, and shrink step by step down to a floor."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Measure(Protocol):
    def width(self, text: str, size: float) -> float: ...
    def ascent(self, size: float) -> float: ...
    def descent(self, size: float) -> float: ...


LEADING = 1.15  # line pitch as a multiple of the font size


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    size: float  # points
    fits: bool  # False when even the smallest size overflows the box
    line_pitch: float  # mm between baselines

    @property
    def text(self) -> str:
        return " ".join(self.lines)


def wrap(text: str, measure: Measure, size: float, width: float) -> list[str]:
    """Greedy word wrap; a word wider than the box stays whole on its own line."""
    if hasattr(measure, "units"):
        return [line for line, _ in _wrap_units(_measured(text, measure), measure, size, width)]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}" if current else word
            if current and measure.width(trial, size) > width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    return lines


Measured = list[list[tuple[str, int]]]  # each paragraph's words with their widths in font units


def _measured(text: str, measure) -> tuple[Measured, int]:
    """Every word measured once, and the space between words: a line's width is their sum, exactly
    the width of the line measured whole (widths in font units are whole numbers, without kerning)."""
    return [[(word, measure.units(word)) for word in paragraph.split()] for paragraph in text.split("\n")], \
        measure.units(" ")


def _wrap_units(measured: tuple[Measured, int], measure, size: float, width: float) -> list[tuple[str, int]]:
    """``wrap`` on words measured once: (line, its width in font units) for each line."""
    paragraphs, space = measured
    lines: list[tuple[str, int]] = []
    for words in paragraphs:
        current, units = "", 0
        for word, w in words:
            if current and measure.units_mm(units + space + w, size) > width:
                lines.append((current, units))
                current, units = word, w
            elif current:
                current, units = f"{current} {word}", units + space + w
            else:
                current, units = word, w
        lines.append((current, units))
    return lines


def block_height(lines: int, size: float, measure: Measure) -> float:
    pitch = size * LEADING * 25.4 / 72
    return measure.ascent(size) + measure.descent(size) + (lines - 1) * pitch


def fit_text(text: str, measure: Measure, width: float, height: float, max_size: float,
             min_size: float, max_lines: int | None = None, step: float = 0.5) -> FittedText:
    """The largest size from ``max_size`` down to ``min_size`` at which ``text`` fits.

    With font metrics (``units``), each word is measured once for every size tried.
    """
    measured = _measured(text, measure) if hasattr(measure, "units") else None
    size = max_size
    while True:
        if measured is not None:
            wrapped = _wrap_units(measured, measure, size, width)
            lines = [line for line, _ in wrapped]
            wide = all(measure.units_mm(units, size) <= width + 1e-6 for _, units in wrapped)
        else:
            lines = wrap(text, measure, size, width)
            wide = all(measure.width(ln, size) <= width + 1e-6 for ln in lines)
        fits = (wide and block_height(len(lines), size, measure) <= height + 1e-6
                and (max_lines is None or len(lines) <= max_lines))
        if fits or size - step < min_size - 1e-9:
            return FittedText(tuple(lines), size, fits, size * LEADING * 25.4 / 72)
        size -= step
