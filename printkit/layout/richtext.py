"""Rich text on cards: light emphasis markup, forced breaks and inline icons.

A cell is parsed once into styled spans (``parse_rich``), fitted into a box
at the largest size that fits (``fit_rich``) and placed as display-list items
(``rich_items``). Everything is in millimetres with y upwards; nothing here
draws, so the checker can run the same fitting as the renderer.

Markup, kept deliberately small:

* ``**bold**``, ``*italic*`` and ``_italic_``; ``***both***`` or ``**_both_**``.
  Markers only count at word edges, so ``snake_case`` and ``2*3`` stay as typed,
  and a marker that is never closed is printed as it is.
* a newline, ``<br>`` or ``<br/>`` forces a line break.
* ``{name}`` is an inline icon when ``name`` is a known icon, otherwise text.
* ``\\*``, ``\\_``, ``\\{``, ``\\<`` and ``\\\\`` print the character itself.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Union

from ..fonts import font_key, metrics
from .draw import Item, Text
from .geometry import Rect, pt_to_mm
from .text import LEADING, block_height

ICON_SCALE = 1.4  # icon side as a multiple of the font's cap height
ICON_GAP = 0.15  # space between an icon and text touching it, as a fraction of the icon side
TOLERANCE = 1e-6  # mm: the same slack fit_text allows


# ---------------------------------------------------------------- parsing


@dataclass(frozen=True)
class Span:
    """A run of text in one style, an inline icon, or a forced line break."""

    text: str = ""
    bold: bool = False
    italic: bool = False
    icon: str | None = None  # set for an icon, whose ``text`` is empty
    br: bool = False  # True for a forced line break

    @property
    def is_break(self) -> bool:
        return self.br


BREAK = Span(br=True)

_TOKEN = re.compile(r"""
      \\(?P<esc>[\\*_{<])             # an escaped special character
    | (?P<run>\*+|_+)                 # a run of emphasis markers
    | \{(?P<icon>[\w-]+)\}            # an icon reference
    | (?P<br>\r\n?|\n|(?i:<br\s*/?>)) # a forced line break
    | (?P<text>[^\\*_{<\r\n]+|.)      # anything else, taken literally
""", re.VERBOSE | re.DOTALL)

# Text with none of these characters has no markup: one plain span.
_SPECIAL = re.compile(r"[\\*_{<\r\n]")



@dataclass(frozen=True)
class _Marker:
    kind: str  # "b", "i*" or "i_"
    raw: str  # the characters, printed when the marker is not matched


_BOLD, _STAR, _UNDERSCORE = _Marker("b", "**"), _Marker("i*", "*"), _Marker("i_", "_")
# The markers a run stands for, in the order they open; other runs ("****", "__") are text.
_RUN_MARKERS = {"*": (_STAR,), "**": (_BOLD,), "***": (_BOLD, _STAR), "_": (_UNDERSCORE,)}


@dataclass(frozen=True)
class _Run:
    """Where a run of markers sits among the tokens, and which way it may act."""

    first: int  # index of its first marker token
    count: int
    can_open: bool
    can_close: bool


def _edge(ch: str | None) -> bool:
    """True at the start or end of the text, at whitespace and at punctuation."""
    return ch is None or not ch.isalnum()


def _flanks(text: str, start: int, end: int) -> tuple[bool, bool]:
    """Whether the marker run at text[start:end] may open and may close emphasis."""
    before = text[start - 1] if start > 0 else None
    after = text[end] if end < len(text) else None
    can_open = _edge(before) and after is not None and not after.isspace()
    can_close = before is not None and not before.isspace() and _edge(after)
    return can_open, can_close


def _tokenize(text: str, icons: Container[str]) -> tuple[list, list[_Run]]:
    """Tokens (str, _Marker, icon tuple or BREAK) and the marker runs among them."""
    tokens: list = []
    runs: list[_Run] = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "run":
            markers = _RUN_MARKERS.get(m.group())
            if markers is None:
                tokens.append(m.group())
                continue
            runs.append(_Run(len(tokens), len(markers), *_flanks(text, m.start(), m.end())))
            tokens.extend(markers)
        elif kind == "icon":
            name = m.group("icon")
            tokens.append(("icon", name) if name in icons else m.group())
        elif kind == "br":
            tokens.append(BREAK)
        else:
            tokens.append(m.group(kind))
    return tokens, runs


class _Matcher:
    """Pairs opening and closing markers with a stack, in one pass over the runs.

    A closer pops any openers above its partner; those stay literal, as
    unclosed markers do. Each opener is pushed and popped once, so the pass
    is linear in the number of markers.
    """

    def __init__(self, tokens: list):
        self.tokens = tokens
        self.stack: list[int] = []  # token indices of unmatched openers
        self.by_kind: dict[str, list[int]] = {"b": [], "i*": [], "i_": []}  # stack depths
        self.role: dict[int, str] = {}  # token index -> "open" or "close"

    def run(self, run: _Run) -> None:
        members = list(range(run.first, run.first + run.count))
        if run.can_close and any(self.by_kind[self.tokens[t].kind] for t in members):
            self._close(run, members)
        elif run.can_open:
            for t in members:
                self.by_kind[self.tokens[t].kind].append(len(self.stack))
                self.stack.append(t)

    def _close(self, run: _Run, members: list[int]) -> None:
        closed: list[int] = []
        while True:
            ready = [t for t in members if self.by_kind[self.tokens[t].kind]]
            if not ready:
                break
            # Close the partner nearest the top first, so "*a **b***" nests properly.
            t = max(ready, key=lambda t: self.by_kind[self.tokens[t].kind][-1])
            depth = self.by_kind[self.tokens[t].kind][-1]
            while len(self.stack) > depth + 1:  # openers crossed by this pair stay literal
                self.by_kind[self.tokens[self.stack.pop()].kind].pop()
            opener = self.stack.pop()
            self.by_kind[self.tokens[opener].kind].pop()
            self.role[opener], self.role[t] = "open", "close"
            members.remove(t)
            closed.append(t)
        self._reorder(run, closed + members)

    def _reorder(self, run: _Run, order: list[int]) -> None:
        """Put a run's markers in ``order``: closers act before a leftover marker is printed."""
        self.tokens[run.first:run.first + run.count] = [self.tokens[t] for t in order]
        roles = [self.role.pop(t, None) for t in order]
        for i, role in enumerate(roles):
            if role:
                self.role[run.first + i] = role


def _emit(tokens: list, role: dict[int, str]) -> tuple[Span, ...]:
    """Turn tokens into spans, merging neighbours of the same style."""
    spans: list[Span] = []
    depth = {"b": 0, "i": 0}
    buffer: list[str] = []

    def flush() -> None:
        if not buffer:
            return
        text = "".join(buffer)
        buffer.clear()
        bold, italic = depth["b"] > 0, depth["i"] > 0
        last = spans[-1] if spans else None
        if last and not last.icon and not last.br and (last.bold, last.italic) == (bold, italic):
            spans[-1] = Span(last.text + text, bold, italic)
        else:
            spans.append(Span(text, bold, italic))

    for i, token in enumerate(tokens):
        if isinstance(token, str):
            buffer.append(token)
        elif isinstance(token, _Marker):
            if i not in role:
                buffer.append(token.raw)
                continue
            flush()
            depth[token.kind[0]] += 1 if role[i] == "open" else -1
        elif token is BREAK:
            flush()
            spans.append(BREAK)
        else:
            flush()
            spans.append(Span("", depth["b"] > 0, depth["i"] > 0, icon=token[1]))
    flush()
    return tuple(spans)


def parse_rich(text: str, icons: Container[str] = ()) -> tuple[Span, ...]:
    """Styled spans for a cell's text; ``{name}`` is an icon only when ``name`` is in ``icons``."""
    if not _SPECIAL.search(text):
        return (Span(text),) if text else ()
    tokens, runs = _tokenize(text, icons)
    matcher = _Matcher(tokens)
    for run in runs:
        matcher.run(run)
    return _emit(matcher.tokens, matcher.role)


def icon_references(text: str) -> list[tuple[str, int]]:
    """Every ``{name}`` in ``text`` (escaped braces excepted) with the offset of its ``{``."""
    if "{" not in text:
        return []
    return [(m.group("icon"), m.start()) for m in _TOKEN.finditer(text) if m.lastgroup == "icon"]


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
        if None in faces:
            return None
        return cls(*faces, fallback=tuple(fallback))


def _font_for(ch: str, key: str, fallback: tuple[str, ...]) -> str:
    """The face that sets ``ch``: the styled one if it can, else the first fallback that can."""
    if metrics(key).has(ch):
        return key
    return next((f for f in fallback if metrics(f).has(ch)), key)  # nobody has it: keep the style


def _font_runs(word: str, key: str, fallback: tuple[str, ...]) -> list[tuple[str, str]]:
    """Split ``word`` into (text, font key) runs so each character is in a face that has it."""
    if not fallback or not metrics(key).missing(word):
        return [(word, key)]
    runs: list[tuple[str, str]] = []
    for ch in word:
        font = _font_for(ch, key, fallback)
        if runs and runs[-1][1] == font:
            runs[-1] = (runs[-1][0] + ch, font)
        else:
            runs.append((ch, font))
    return runs


def missing_characters(spans: Iterable[Span], fonts: RichFonts) -> list[str]:
    """Characters that neither their styled face nor any fallback can set, for the checker."""
    missing: set[str] = set()
    for span in spans:
        key = fonts.key(span.bold, span.italic)
        for ch in metrics(key).missing(span.text):
            if not any(metrics(f).has(ch) for f in fonts.fallback):
                missing.add(ch)
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
        font = _font_for(" ", key, fonts.fallback)
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
                    for run, font in _font_runs(chunk, key, fonts.fallback):
                        add(_Seg("text", run, font, measure(run, font)))
    end_word()
    return atoms


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
            trial = used + space.w + atom.w  # words on a line always have a space between
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
        lines = _wrap(atoms, size, width)
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
    top = {"top": box.top, "bottom": box.y + block}.get(valign, box.cy + block / 2)
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
