"""Limits on the shape of a rules source, checked before anything is typeset.

* ``D810``: nothing to typeset (an empty file, or only blank lines and comments):
  rules.pdf would have no pages, and PDF readers refuse such a file.
* ``D811``: lists and block quotes nested more than MAX_NESTING deep. Each level
  indents the text further; beyond this it would run out of column, and the
  Markdown parser itself drops what lies deeper still.
* ``D812``: a Markdown table with more than MAX_TABLE_COLUMNS columns: no page
  holds that many readable columns.
"""
from __future__ import annotations

from pathlib import Path

from ..core.findings import Finding, Location
from ..model.rules_source import _parser, parse_rules

MAX_NESTING = 6  # lists and quotes inside one another
MAX_TABLE_COLUMNS = 12  # columns of a Markdown table

_CONTAINERS = ("bullet_list_open", "ordered_list_open", "blockquote_open")
_CLOSERS = ("bullet_list_close", "ordered_list_close", "blockquote_close")


def _where(path: Path, lines: list[str], token) -> Location:
    """The line a token starts on, at its first non-blank character."""
    n = token.map[0] if token.map else 0
    line = lines[n] if n < len(lines) else ""
    return Location(path, n + 1, len(line) - len(line.lstrip()) + 1)


def structure_findings(text: str, path: Path) -> list[Finding]:
    """What in ``text`` (the rules source at ``path``) printkit will not typeset."""
    if not parse_rules(text, path):
        return [Finding("D810", "the rules source has nothing to typeset, so rules.pdf would have no pages",
                        Location(path, 1, 1), "write the rules, or remove [rules] from game.toml")]
    findings: list[Finding] = []
    lines = text.splitlines()
    depth = 0
    reported_depth = False
    tokens = _parser().parse(text)
    for i, token in enumerate(tokens):
        if token.type in _CONTAINERS:
            depth += 1
            if depth > MAX_NESTING and not reported_depth:
                reported_depth = True  # one finding for the deepest run is enough to act on
                findings.append(Finding(
                    "D811", f"lists and quotes are nested {depth} deep here; printkit sets at most {MAX_NESTING}",
                    _where(path, lines, token), "flatten the list, or split it into sections"))
        elif token.type in _CLOSERS:
            depth -= 1
            if depth <= MAX_NESTING:
                reported_depth = False
        elif token.type == "table_open":
            columns = 0
            for inner in tokens[i + 1:]:
                if inner.type == "th_open":
                    columns += 1
                elif inner.type in ("tr_close", "table_close"):
                    break
            if columns > MAX_TABLE_COLUMNS:
                findings.append(Finding(
                    "D812", f"the table has {columns} columns; a rules page holds at most {MAX_TABLE_COLUMNS}",
                    _where(path, lines, token), "split the table, or turn columns into rows"))
    return findings
