"""Read a rules source (Markdown) into blocks, keeping where each placeholder stands.

Markdown is parsed by markdown-it-py; this module only turns its tokens into
a small, frozen block model. A placeholder is ``{{name args}}``: alone in a
paragraph it stands for a generated block (a table, a list, the legend);
inside text it stands for a value (a count, the title).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Union

from markdown_it import MarkdownIt

from ..findings import Location

PLACEHOLDER = re.compile(r"\{\{\s*([a-z][a-z-]*)((?:\s+[^{}\s]+)*)\s*\}\}")


@dataclass(frozen=True)
class Run:
    """Text with a style: 'plain', 'bold', 'italic' or 'bold-italic'."""

    text: str
    style: str = "plain"


@dataclass(frozen=True)
class Placeholder:
    name: str
    args: tuple[str, ...]
    location: Location
    inline: bool
    style: str = "plain"  # of the text around it, which its value takes on


Inline = Union[Run, Placeholder]


@dataclass(frozen=True)
class Heading:
    level: int
    content: tuple[Inline, ...]


@dataclass(frozen=True)
class Paragraph:
    content: tuple[Inline, ...]


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    items: tuple[tuple["Block", ...], ...]
    start: int = 1


@dataclass(frozen=True)
class TableBlock:
    header: tuple[tuple[Inline, ...], ...]
    rows: tuple[tuple[tuple[Inline, ...], ...], ...]


Block = Union[Heading, Paragraph, ListBlock, TableBlock, Placeholder]


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


def parse_rules(text: str, path: Path) -> tuple[Block, ...]:
    tokens = _parser().parse(text)
    lines = text.splitlines()
    blocks, _ = _blocks(tokens, 0, len(tokens), path, lines)
    return tuple(blocks)


def _blocks(tokens, i: int, end: int, path: Path, lines: list[str]) -> tuple[list[Block], int]:
    blocks: list[Block] = []
    while i < end:
        t = tokens[i]
        if t.type == "heading_open":
            blocks.append(Heading(int(t.tag[1]), _inline(tokens[i + 1], path, lines)))
            i += 3
        elif t.type == "paragraph_open":
            content = _inline(tokens[i + 1], path, lines)
            alone = [c for c in content if not (isinstance(c, Run) and not c.text.strip())]
            if len(alone) == 1 and isinstance(alone[0], Placeholder):
                p = alone[0]
                blocks.append(Placeholder(p.name, p.args, p.location, inline=False))
            else:
                blocks.append(Paragraph(content))
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
            blocks.append(ListBlock(t.type == "ordered_list_open", tuple(items), start))
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
            blocks.append(TableBlock(rows[0], tuple(rows[1:])))
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
    for child in token.children or []:
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
        elif child.type in ("text", "code_inline"):
            style = {(True, True): "bold-italic", (True, False): "bold", (False, True): "italic"}.get(
                (bold, italic), "plain")
            out += _split_placeholders(child.content, style, path, lines, first_line)
    return tuple(out)


def _split_placeholders(text: str, style: str, path: Path, lines: list[str], first_line: int) -> list[Inline]:
    out: list[Inline] = []
    pos = 0
    for m in PLACEHOLDER.finditer(text):
        if m.start() > pos:
            out.append(Run(text[pos:m.start()], style))
        where = _locate(m.group(0), path, lines, first_line)
        out.append(Placeholder(m.group(1), tuple(m.group(2).split()), where, inline=True, style=style))
        pos = m.end()
    if pos < len(text):
        out.append(Run(text[pos:], style))
    return out


def _locate(snippet: str, path: Path, lines: list[str], first_line: int) -> Location:
    """The first place from ``first_line`` on where ``snippet`` is written."""
    for n in range(first_line, len(lines)):
        col = lines[n].find(snippet)
        if col >= 0:
            return Location(path, n + 1, col + 1)
    return Location(path, first_line + 1, 1)


def unclosed_placeholders(text: str, path: Path) -> list[Location]:
    """Places where '{{' opens something that is not a well-formed placeholder."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in re.finditer(r"\{\{", line):
            if not PLACEHOLDER.match(line, m.start()):
                found.append(Location(path, n, m.start() + 1))
    return found
