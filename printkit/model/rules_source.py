"""Read a rules source (Markdown) into blocks, keeping where each placeholder stands.

Markdown is parsed by markdown-it-py; this module only turns its tokens into
a small, frozen block model. A placeholder is ``{{name args}}``: alone in a
paragraph it stands for a generated block (a table, a list, the legend);
inside text it stands for a value (a count, the title). A single-brace
``{name}`` in text is an icon reference (``IconRef``); ``\\{`` keeps a brace literal.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Union

from markdown_it import MarkdownIt

from ..core.findings import Location

if TYPE_CHECKING:
    from .rules_generated import Generated

PLACEHOLDER = re.compile(r"\{\{\s*([a-z][a-z-]*)((?:\s+[^{}\s]+)*)\s*\}\}")
ARGUMENT = re.compile(r"[^{}\s]+")
# One brace each side, as on cards; doubled braces belong to placeholders, even broken ones.
ICON_REF = re.compile(r"(?<!\{)\{([\w-]+)\}(?!\})")


@dataclass(frozen=True)
class Run:
    """Text with a style: 'plain', 'bold', 'italic' or 'bold-italic'."""

    text: str
    style: str = "plain"


@dataclass(frozen=True)
class IconRef(Run):
    """``{name}`` in the text: an inline icon if the pack has one so named.

    It is a Run whose text is the reference as written, so code that knows
    nothing of icons still prints something sensible.
    """

    name: str = ""
    location: Location | None = None


@dataclass(frozen=True)
class Placeholder:
    name: str
    args: tuple[str, ...]
    location: Location
    inline: bool
    style: str = "plain"  # of the text around it, which its value takes on
    # Where each argument starts, when the placeholder was found as written in the source
    # (else empty, and a finding about an argument points at the placeholder).
    arg_locations: tuple[Location, ...] = field(default=(), compare=False)

    def argument_location(self, index: int | None, offset: int = 0) -> Location:
        """Where argument ``index`` (from 0), ``offset`` characters in, is written; the placeholder's place if unknown."""
        if index is None or not 0 <= index < len(self.arg_locations):
            return self.location
        return self.arg_locations[index].moved(offset)


Inline = Union[Run, IconRef, Placeholder]


# Every block keeps the source line it starts on (1-based; 0 when it was not written in the source),
# so findings about the typeset pages can point there. It takes no part in comparing blocks.
SourceLine = field(default=0, compare=False)


@dataclass(frozen=True)
class Heading:
    level: int
    content: tuple[Inline, ...]
    line: int = SourceLine


@dataclass(frozen=True)
class Paragraph:
    content: tuple[Inline, ...]
    line: int = SourceLine


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple[tuple["Block | Generated", ...], ...]  # generated blocks once placeholders are expanded
    start: int = 1
    line: int = SourceLine


@dataclass(frozen=True)
class TableBlock:
    header: tuple[tuple[Inline, ...], ...]
    rows: tuple[tuple[tuple[Inline, ...], ...], ...]
    line: int = SourceLine


Block = Union[Heading, Paragraph, ListBlock, TableBlock, Placeholder]


def _parser() -> MarkdownIt:
    # Without text_join, escapes and entities stay separate tokens, so a brace written
    # as \\{ can be told from one that opens an icon reference (see _inline).
    return MarkdownIt("commonmark").enable("table").disable("text_join")


def parse_rules(text: str, path: Path) -> tuple[Block, ...]:
    tokens = _parser().parse(text)
    lines = text.splitlines()
    blocks, _ = _blocks(tokens, 0, len(tokens), path, lines)
    return tuple(blocks)


def _blocks(tokens, i: int, end: int, path: Path, lines: list[str]) -> tuple[list[Block], int]:
    blocks: list[Block] = []
    while i < end:
        t = tokens[i]
        line = t.map[0] + 1 if t.map else 0
        if t.type == "heading_open":
            blocks.append(Heading(int(t.tag[1]), _inline(tokens[i + 1], path, lines), line))
            i += 3
        elif t.type == "paragraph_open":
            content = _inline(tokens[i + 1], path, lines)
            alone = [c for c in content if not (isinstance(c, Run) and not c.text.strip())]
            if len(alone) == 1 and isinstance(alone[0], Placeholder):
                blocks.append(replace(alone[0], inline=False, style="plain"))
            else:
                blocks.append(Paragraph(content, line))
            i += 3
        elif t.type in ("bullet_list_open", "ordered_list_open"):
            close = _matching(tokens, i)
            items = []
            j = i + 1
            while j < close:
                item_close = _matching(tokens, j)
                inner, _ = _blocks(tokens, j + 1, item_close, path, lines)
                items.append(tuple(inner))
                j = item_close + 1
            start = int(t.attrGet("start") or 1)
            blocks.append(ListBlock(t.type == "ordered_list_open", tuple(items), start, line))
            i = close + 1
        elif t.type == "table_open":
            close = _matching(tokens, i)
            rows = []
            row: list[tuple[Inline, ...]] = []
            for k in range(i, close):
                if tokens[k].type == "inline":
                    row.append(_inline(tokens[k], path, lines))
                elif tokens[k].type == "tr_close":
                    rows.append(tuple(row))
                    row = []
            blocks.append(TableBlock(rows[0], tuple(rows[1:]), line))
            i = close + 1
        else:
            i += 1  # rules, html and the like carry nothing a booklet needs
    return blocks, i


def _matching(tokens, i: int) -> int:
    """Index of the token closing the one at ``i``."""
    depth = 0
    for k in range(i, len(tokens)):
        depth += tokens[k].nesting
        if depth == 0:
            return k
    return len(tokens) - 1


def _inline(token, path: Path, lines: list[str]) -> tuple[Inline, ...]:
    bold = italic = False
    out: list[Inline] = []
    first_line = token.map[0] if token.map else 0
    pending = _Text(path, lines, first_line)
    for child in token.children or []:
        if child.type in ("text", "text_special"):
            pending.add(child.content, literal=child.type == "text_special")
            continue
        style = _style(bold, italic)
        out += pending.flush(style)  # text before this token takes the style it was written in
        if child.type == "strong_open":
            bold = True
        elif child.type == "strong_close":
            bold = False
        elif child.type == "em_open":
            italic = True
        elif child.type == "em_close":
            italic = False
        elif child.type in ("softbreak", "hardbreak"):
            out.append(Run(" "))
        elif child.type == "code_inline":  # code is shown as written: no icons in it
            out += _split_placeholders(child.content, style, path, lines, first_line)
    return tuple(out + pending.flush(_style(bold, italic)))


def _style(bold: bool, italic: bool) -> str:
    return {(True, True): "bold-italic", (True, False): "bold", (False, True): "italic"}.get((bold, italic), "plain")


class _Text:
    """Neighbouring text tokens of one inline token, joined as markdown-it's text_join would.

    Joining keeps Runs as they always were; remembering which characters came
    from an escape or entity lets ``\\{coin}`` stay literal text.
    """

    def __init__(self, path: Path, lines: list[str], first_line: int):
        self.path, self.lines, self.first_line = path, lines, first_line
        self.parts: list[str] = []
        self.literal: set[int] = set()  # offsets into the joined text
        self.seen: Counter[str] = Counter()  # icon references met so far, to find the next one written

    def add(self, text: str, literal: bool) -> None:
        if literal:
            start = sum(len(p) for p in self.parts)
            self.literal.update(range(start, start + len(text)))
        self.parts.append(text)

    def flush(self, style: str) -> list[Inline]:
        text = "".join(self.parts)
        self.parts = []
        out = _split_placeholders(text, style, self.path, self.lines, self.first_line, self._icons)
        self.literal = set()
        return out

    def _icons(self, text: str, style: str, offset: int) -> list[Inline]:
        """Runs and IconRefs for ``text``, which starts at ``offset`` in the joined text."""
        out: list[Inline] = []
        pos = 0
        for m in ICON_REF.finditer(text):
            if offset + m.start() in self.literal:
                continue  # an escaped brace: text
            name = m.group(1)
            where = _locate(m.group(0), self.path, self.lines, self.first_line, self.seen[name], unescaped=True)
            self.seen[name] += 1
            if m.start() > pos:
                out.append(Run(text[pos:m.start()], style))
            out.append(IconRef(m.group(0), style, name, where))
            pos = m.end()
        if pos < len(text):
            out.append(Run(text[pos:], style))
        return out


def _plain(text: str, style: str, offset: int) -> list[Inline]:
    return [Run(text, style)]


def _split_placeholders(text: str, style: str, path: Path, lines: list[str], first_line: int,
                        between=_plain) -> list[Inline]:
    """Placeholders in ``text``; ``between(text, style, offset)`` makes the inlines for the text around them."""
    out: list[Inline] = []
    pos = 0
    for m in PLACEHOLDER.finditer(text):
        if m.start() > pos:
            out += between(text[pos:m.start()], style, pos)
        found = _find(m.group(0), path, lines, first_line)
        args = list(ARGUMENT.finditer(m.group(2)))
        # Found as written, so an argument's offset in the match is its offset from the placeholder on the line.
        args_at = tuple(found.moved(m.start(2) - m.start() + a.start()) for a in args) if found else ()
        out.append(Placeholder(m.group(1), tuple(a.group() for a in args), found or Location(path, first_line + 1, 1),
                               inline=True, style=style, arg_locations=args_at))
        pos = m.end()
    if pos < len(text):
        out += between(text[pos:], style, pos)
    return out


def _locate(snippet: str, path: Path, lines: list[str], first_line: int, nth: int = 0,
            unescaped: bool = False) -> Location:
    """Where ``snippet`` is written (see ``_find``), or the start of ``first_line`` when it cannot be found."""
    return _find(snippet, path, lines, first_line, nth, unescaped) or Location(path, first_line + 1, 1)


def _find(snippet: str, path: Path, lines: list[str], first_line: int, nth: int = 0,
          unescaped: bool = False) -> Location | None:
    """The ``nth`` (from 0) place from ``first_line`` on where ``snippet`` is written, or None.

    With ``unescaped``, copies after a backslash do not count: Markdown printed them as text.
    """
    for n in range(first_line, len(lines)):
        line = lines[n]
        col = line.find(snippet)
        while col >= 0:
            backslashes = len(line[:col]) - len(line[:col].rstrip("\\"))
            if not (unescaped and backslashes % 2):
                if nth == 0:
                    return Location(path, n + 1, col + 1)
                nth -= 1
            col = line.find(snippet, col + 1)
    return None


def unclosed_placeholders(text: str, path: Path) -> list[Location]:
    """Places where '{{' opens something that is not a well-formed placeholder."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in re.finditer(r"\{\{", line):
            if not PLACEHOLDER.match(line, m.start()):
                found.append(Location(path, n, m.start() + 1))
    return found
