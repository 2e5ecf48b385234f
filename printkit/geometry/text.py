"""Fit text into a box: wrap at spaces, and shrink step by step down to a floor."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

W = TypeVar("W")  # a word, however a caller measures it
L = TypeVar("L")  # a line, however a caller keeps it


class Measure(Protocol):
    def width(self, text: str, size: float) -> float: ...
    def ascent(self, size: float) -> float: ...
    def descent(self, size: float) -> float: ...
    def units_mm(self, units: int, size: float) -> float: ...


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


def wrap(text: str, measure: Measure, size: float, width: float, balance: bool = False) -> list[str]:
    """Greedy word wrap; a word wider than the box stays whole on its own line. With ``balance`` (and a
    measure that counts font units), no paragraph ends in one word alone when a better break exists."""
    if hasattr(measure, "units"):
        return [line for line, _ in _wrap_units(_measured(text, measure), measure, size, width, balance)]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += _greedy(_words(paragraph), lambda words: measure.width(" ".join(words), size), width)
    return lines


def _greedy(words: list[str], line_width: Callable[[list[str]], float], width: float) -> list[str]:
    """Words into lines, each as full as ``width`` allows (``line_width`` measures a line's words)."""
    lines: list[str] = []
    current: list[str] = []
    for word in words:
        if current and line_width(current + [word]) > width:
            lines.append(" ".join(current))
            current = [word]
        else:
            current.append(word)
    lines.append(" ".join(current))
    return lines


# -- balanced breaking: card titles and short texts ------------------------------------------------

BREAKS = re.compile(r"[^\S\u00a0]+")  # white space a line may break at: any but the no-break space


def _words(paragraph: str) -> list[str]:
    """A paragraph's words; words joined by a no-break space (see ``typography.keep_words``) are one."""
    return [word for word in BREAKS.split(paragraph) if word]


BALANCE_LINES = 3  # a paragraph of up to this many lines is balanced whole; a longer one, its last two
NUMBER = re.compile(r"^[(\[]?[+\-\u2212\u00d7]?\d+([.,:\u2013x]\d+)*$")  # 2, (2, 1–5, ×2, 3.5


def glue_numbers(words: list[W], text: Callable[[W], str], join: Callable[[W, W], W]) -> list[W]:
    """A number and the word after it joined (``join``) into one unbreakable word ("2 players",
    "(2 with"), so that no line ends on a bare number; a joined pair is not joined again."""
    out: list[W] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and NUMBER.match(text(words[i])):
            out.append(join(words[i], words[i + 1]))
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def narrowest(wrap_at: Callable[[float], list[L]], width: float, count: int,
              fits: Callable[[list[L], float], bool]) -> list[L]:
    """The lines ``wrap_at`` gives at the narrowest width (to 0.05 mm) at which they are still at most
    ``count`` lines that ``fits`` that width: the same words, as evenly spread as they go.

    So a title never keeps one short word on its last line when the lines above could give it
    company: "Baseball Coach / Pep Talk", not "Baseball Coach Pep / Talk".
    """
    low, high = width * (count - 1) / count / 2, width
    best = wrap_at(width)
    while high - low > 0.05:
        middle = (low + high) / 2
        trial = wrap_at(middle)
        if len(trial) <= count and fits(trial, middle):
            best, high = trial, middle
        else:
            low = middle
    return best


def balanced(lines: list[L], rewrap: Callable[[int, float], list[L]], fits: Callable[[list[L], float], bool],
             width: float, lone: Callable[[L], bool]) -> list[L]:
    """A paragraph's greedy ``lines`` balanced: all of them when they are few; in a longer paragraph
    only a last line that holds a single word (``lone``), with the line above it.
    ``rewrap(first, width)`` wraps the paragraph's words from line ``first`` on at ``width``."""
    if len(lines) < 2 or (len(lines) > BALANCE_LINES and not lone(lines[-1])):
        return lines
    keep = 0 if len(lines) <= BALANCE_LINES else len(lines) - 2
    return lines[:keep] + narrowest(lambda w: rewrap(keep, w), width, len(lines) - keep, fits)


Measured = list[list[tuple[str, int]]]  # each paragraph's words with their widths in font units


def _measured(text: str, measure) -> tuple[Measured, int]:
    """Every word measured once, and the space between words: a line's width is their sum, exactly
    the width of the line measured whole (widths in font units are whole numbers, without kerning).
    A number and the word after it are one word (see ``glue_numbers``)."""
    space = measure.units(" ")
    return [glue_numbers([(word, measure.units(word)) for word in _words(paragraph)], lambda w: w[0],
                         lambda a, b: (f"{a[0]} {b[0]}", a[1] + space + b[1]))
            for paragraph in text.split("\n")], space


def _wrap_units(measured: tuple[Measured, int], measure, size: float, width: float,
                balance: bool = False) -> list[tuple[str, int]]:
    """``wrap`` on words measured once: (line, its width in font units) for each line; with
    ``balance``, each paragraph balanced (see ``balanced``)."""
    paragraphs, space = measured
    lines: list[tuple[str, int]] = []

    def greedy(words: list[tuple[str, int]], width: float) -> list[tuple[str, int, int]]:
        out: list[tuple[str, int, int]] = []  # (line, units, words on it)
        current, units, count = "", 0, 0
        for word, w in words:
            if current and measure.units_mm(units + space + w, size) > width:
                out.append((current, units, count))
                current, units, count = word, w, 1
            elif current:
                current, units, count = f"{current} {word}", units + space + w, count + 1
            else:
                current, units, count = word, w, 1
        out.append((current, units, count))
        return out

    def fits(got: list[tuple[str, int, int]], width: float) -> bool:
        return all(measure.units_mm(units, size) <= width + 1e-6 or n == 1 for _, units, n in got)

    for words in paragraphs:
        got = greedy(words, width)
        if balance:
            def rewrap(first: int, width: float, words=words, got=got) -> list[tuple[str, int, int]]:
                return greedy(words[sum(n for _, _, n in got[:first]):], width)
            got = balanced(got, rewrap, fits, width, lambda line: line[2] == 1)
        lines += [(line, units) for line, units, _ in got]
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
            wrapped = _wrap_units(measured, measure, size, width, balance=True)
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
