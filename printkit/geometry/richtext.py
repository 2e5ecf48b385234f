"""Rich text on cards: spans (see ``richparse``) fitted into a box and placed as items.

``fit_rich`` finds the largest size at which the spans fit their box, wrapping
across font changes and inline icons; ``rich_items`` places the fitted lines
as display-list items. Everything is in millimetres with y upwards; nothing
here draws, so the checker can run the same fitting as the renderer.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Union

from ..core.fonts import font_key, font_runs, metrics, with_fallback
from .draw import Item, Text
from .richparse import BREAK, Span
from ..core.mm import Rect, pt_to_mm
from .text import LEADING, NUMBER, balanced, block_height

ICON_SCALE = 1.4  # icon side as a multiple of the font's cap height
ICON_GAP = 0.15  # space between an icon and text touching it, as a fraction of the icon side
TOLERANCE = 1e-6  # mm: the same slack fit_text allows


# ---------------------------------------------------------------- fonts


@dataclass(frozen=True)
class RichFonts:
    """The four faces of a family, and fonts to borrow characters from when a face lacks them."""

    regular: str = "body"
    bold: str = "bold"
    italic: str = "italic"
    bold_italic: str = "bold-italic"
    fallback: tuple[str, ...] = ()

    def key(self, bold: bool, italic: bool) -> str:
        return ((self.regular, self.bold), (self.italic, self.bold_italic))[italic][bold]

    @classmethod
    def family(cls, name: str, fallback: tuple[str, ...] = (), settings=None) -> "RichFonts | None":
        """The faces of a named family (built in or the pack's); None for an unknown family."""
        faces = [font_key(name, bold, italic, settings)
                 for italic in (False, True) for bold in (False, True)]
        found = [face for face in faces if face is not None]
        if len(found) < len(faces):
            return None
        return cls(found[0], found[1], found[2], found[3], fallback=tuple(fallback))


def missing_characters(spans: Iterable[Span], fonts: RichFonts) -> list[str]:
    """Characters that neither their styled face nor any fallback can set, for the checker."""
    missing: set[str] = set()
    for span in spans:
        missing.update(metrics(with_fallback(fonts.key(span.bold, span.italic), fonts.fallback)).missing(span.text))
    return sorted(missing)


# ---------------------------------------------------------------- fitting


@dataclass(frozen=True)
class TextPiece:
    text: str
    font: str  # font key
    x: float  # mm from the start of the line
    width: float  # mm


@dataclass(frozen=True)
class IconPiece:
    name: str
    side: float  # mm
    x: float  # mm from the start of the line

    @property
    def width(self) -> float:
        return self.side


Piece = Union[TextPiece, IconPiece]


@dataclass(frozen=True)
class RichFit:
    lines: tuple[tuple[Piece, ...], ...]
    size: float  # points
    fits: bool  # False when even the smallest size overflows the box
    line_pitch: float  # mm between baselines
    font: str  # the regular face, whose ascent and cap height place the lines

    @property
    def line_widths(self) -> tuple[float, ...]:
        return tuple(line[-1].x + line[-1].width if line else 0.0 for line in self.lines)


@dataclass(frozen=True)
class _Seg:
    """A measured bit of a line at 1 pt: text, a space, an icon or the gap beside an icon."""

    kind: str  # "text", "space", "icon" or "gap"
    text: str  # the characters, or the icon's name
    font: str
    w: float  # advance in mm at 1 pt


@dataclass(frozen=True)
class _Word:
    """Segments with no break opportunity between them."""

    segs: tuple[_Seg, ...]
    w: float


_SPACE = re.compile(r"([^\S\u00a0\u2007\u202f]+)")  # whitespace, but not the no-break spaces


class _Measurer:
    """Widths at 1 pt, each distinct (text, font) measured once: widths scale with size."""

    def __init__(self) -> None:
        self.cache: dict[tuple[str, str], float] = {}

    def __call__(self, text: str, font: str) -> float:
        w = self.cache.get((text, font))
        if w is None:
            w = self.cache[(text, font)] = metrics(font).width(text, 1.0)
        return w


def _atoms(spans: tuple[Span, ...], fonts: RichFonts) -> list:
    """Words, spaces and BREAKs, measured at 1 pt."""
    measure = _Measurer()
    side = metrics(fonts.regular).cap(1.0) * ICON_SCALE
    gap = _Seg("gap", "", fonts.regular, side * ICON_GAP)
    atoms: list = []
    word: list[_Seg] = []

    @lru_cache(maxsize=None)
    def space_in(key: str) -> _Seg:
        font = font_runs(" ", with_fallback(key, fonts.fallback))[0][1]
        return _Seg("space", " ", font, measure(" ", font))

    def add(seg: _Seg) -> None:
        if word and (seg.kind == "icon" or word[-1].kind == "icon"):
            word.append(gap)
        word.append(seg)

    def end_word() -> None:
        if word:
            atoms.append(_Word(tuple(word), sum(s.w for s in word)))
            word.clear()

    for span in spans:
        if span.br:
            end_word()
            atoms.append(BREAK)
        elif span.icon is not None:
            add(_Seg("icon", span.icon, fonts.regular, side))
        else:
            key = fonts.key(span.bold, span.italic)
            for i, chunk in enumerate(_SPACE.split(span.text)):
                if i % 2:  # a stretch of whitespace: one break opportunity, one space wide
                    end_word()
                    if not atoms or not isinstance(atoms[-1], _Seg):
                        atoms.append(space_in(key))
                elif chunk:
                    for run, font in font_runs(chunk, with_fallback(key, fonts.fallback)):
                        add(_Seg("text", run, font, measure(run, font)))
    end_word()
    return _glue_numbers(atoms)


def _glue_numbers(atoms: list) -> list:
    """A number and the word after it as one unbreakable word, as plain text has them (see
    text.glue_numbers); the space between them stays a space."""
    out: list = []
    i = 0
    while i < len(atoms):
        atom = atoms[i]
        if (isinstance(atom, _Word) and i + 2 < len(atoms) and isinstance(atoms[i + 1], _Seg)
                and isinstance(atoms[i + 2], _Word)
                and NUMBER.match("".join(seg.text for seg in atom.segs if seg.kind == "text"))):
            space, after = atoms[i + 1], atoms[i + 2]
            out.append(_Word(atom.segs + (space,) + after.segs, atom.w + space.w + after.w))
            i += 3  # a joined pair is not joined again, as in plain text
        else:
            out.append(atom)
            i += 1
    return out


def _balanced(atoms: list, size: float, width: float) -> list[tuple[list, float]]:
    """``_wrap``, with each paragraph balanced as plain text is (see text.balanced)."""
    out: list[tuple[list, float]] = []
    paragraph: list = []
    for atom in [*atoms, BREAK]:
        if atom is not BREAK:
            paragraph.append(atom)
            continue
        lines = _wrap(paragraph, size, width)

        def rewrap(first: int, width: float, lines=lines, paragraph=paragraph) -> list[tuple[list, float]]:
            # From the first word of line ``first`` on, with the spaces as written (their fonts too).
            start = next(n for n, atom in enumerate(paragraph) if atom is lines[first][0][0])
            return _wrap(paragraph[start:], size, width)

        def fits(got: list[tuple[list, float]], width: float) -> bool:
            return all(used * size <= width + TOLERANCE or len(line) == 1 for line, used in got)
        if all(line for line, _ in lines):
            lines = balanced(lines, rewrap, fits, width, lambda line: len(line[0]) == 1)
        out += lines
        paragraph = []
    return out


def _wrap(atoms: list, size: float, width: float) -> list[tuple[list, float]]:
    """Greedy wrap at ``size``: (atoms, width at 1 pt) per line, as text.wrap does for words."""
    lines: list[tuple[list, float]] = []
    line: list = []
    used = 0.0
    space: _Seg | None = None
    for atom in atoms:
        if atom is BREAK:
            lines.append((line, used))
            line, used, space = [], 0.0, None
        elif isinstance(atom, _Seg):
            space = atom if line else None  # spaces at a line's start vanish
        elif not line:
            line, used = [atom], atom.w
        else:
            assert space is not None  # words on a line always have a space between
            trial = used + space.w + atom.w
            if trial * size > width:
                lines.append((line, used))
                line, used = [atom], atom.w
            else:
                line += (space, atom)
                used = trial
            space = None
    lines.append((line, used))
    return lines


def _group_text(group: list[tuple[_Seg, float]], size: float) -> TextPiece | None:
    """One piece for neighbouring segments of one font, without spaces at its ends."""
    while group and group[0][0].kind == "space":
        group = group[1:]
    while group and group[-1][0].kind == "space":
        group = group[:-1]
    if not group:
        return None
    start = group[0][1]
    end = group[-1][1] + group[-1][0].w
    return TextPiece("".join(s.text for s, _ in group), group[0][0].font, start * size,
                     (end - start) * size)


def _pieces(line: list, size: float) -> tuple[Piece, ...]:
    """Lay a wrapped line out at ``size``, merging neighbouring text of one font."""
    pieces: list[Piece] = []
    group: list[tuple[_Seg, float]] = []

    def close_group() -> None:
        piece = _group_text(group, size)
        if piece:
            pieces.append(piece)
        group.clear()

    x = 0.0
    for seg in (s for atom in line for s in (atom.segs if isinstance(atom, _Word) else (atom,))):
        if seg.kind in ("text", "space"):
            if group and group[-1][0].font != seg.font:
                close_group()
            group.append((seg, x))
        else:
            close_group()
            if seg.kind == "icon":
                pieces.append(IconPiece(seg.text, seg.w * size, x * size))
        x += seg.w
    close_group()
    return tuple(pieces)


def _pitch(size: float) -> float:
    return pt_to_mm(size * LEADING)


@lru_cache(maxsize=1024)
def _fit(spans: tuple[Span, ...], fonts: RichFonts, width: float, height: float,
         max_size: float, min_size: float, max_lines: int | None, step: float) -> RichFit:
    if step <= 0:
        raise ValueError(f"step must be positive, not {step}")
    atoms = _atoms(spans, fonts)
    regular = metrics(fonts.regular)
    size = max_size
    while True:  # the same walk down the sizes as fit_text, so plain text lands alike
        lines = _balanced(atoms, size, width)
        fits = (all(used * size <= width + TOLERANCE for _, used in lines)
                and block_height(len(lines), size, regular) <= height + TOLERANCE
                and (max_lines is None or len(lines) <= max_lines))
        if fits or size - step < min_size - 1e-9:
            return RichFit(tuple(_pieces(line, size) for line, _ in lines), size, fits,
                           _pitch(size), fonts.regular)
        size -= step


def fit_rich(spans: Iterable[Span], fonts: RichFonts, width_mm: float, height_mm: float,
             max_size: float, min_size: float, max_lines: int | None = None,
             step: float = 0.5) -> RichFit:
    """The largest size from ``max_size`` down to ``min_size`` at which the spans fit the box."""
    return _fit(tuple(spans), fonts, width_mm, height_mm, max_size, min_size, max_lines, step)


# ---------------------------------------------------------------- placing

IconItems = Callable[[str, float, float, float], list[Item]]  # (name, cx, cy, side) -> items


def rich_items(fit: RichFit, box: Rect, colour: str, align: str, valign: str,
               icon_items: IconItems) -> list[Item]:
    """Place fitted lines in ``box`` as draw.text_lines does; icons centre on the capitals."""
    face = metrics(fit.font)
    size = fit.size
    block = face.ascent(size) + face.descent(size) + (len(fit.lines) - 1) * fit.line_pitch
    last = face.ascent(size) + (len(fit.lines) - 1) * fit.line_pitch  # "baseline": see draw.text_lines
    top = {"top": box.top, "bottom": box.y + block, "baseline": box.y + last}.get(valign, box.cy + block / 2)
    first = top - face.ascent(size)
    mid_caps = face.cap(size) / 2
    items: list[Item] = []
    for i, (line, line_width) in enumerate(zip(fit.lines, fit.line_widths)):
        baseline = first - i * fit.line_pitch
        x0 = {"left": box.x, "right": box.right - line_width}.get(align, box.cx - line_width / 2)
        for piece in line:
            if isinstance(piece, IconPiece):
                items.extend(icon_items(piece.name, x0 + piece.x + piece.side / 2,
                                        baseline + mid_caps, piece.side))
            else:
                items.append(Text(x0 + piece.x, baseline, piece.text, piece.font, size, colour,
                                  "left"))
    return items
