"""Where keys stand in a TOML file.

tomllib returns plain dicts with no positions, so this scans the text for
table headers, ``key = value`` lines and inline-table keys. It serves error
messages only: a key it cannot place falls back to its table's line.
"""
from __future__ import annotations

import re

Path_ = tuple[str, ...]

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_HEADER = re.compile(r"\s*(\[\[?)(.*?)\]\]?\s*(#.*)?$")
# Keys deeper than this are not recorded (they are located at an ancestor), so that
# a hostile dotted key thousands of parts long costs neither time nor memory.
MAX_PARTS = 32


def _parse_key(text: str, pos: int = 0) -> tuple[Path_, int, list[int]] | None:
    """A dotted key at ``text[pos:]``: its parts, the end offset, each part's start."""
    parts: list[str] = []
    starts: list[int] = []
    i = pos
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] in "\"'":
            close = text.find(text[i], i + 1)
            if close < 0:
                return None
            parts.append(text[i + 1:close])
            starts.append(i)
            i = close + 1
        else:
            m = _BARE.match(text, i)
            if not m:
                return None
            parts.append(m.group())
            starts.append(i)
            i = m.end()
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == ".":
            i += 1
            continue
        return tuple(parts), i, starts


def key_locations(text: str) -> dict[Path_, tuple[int, int]]:
    """Map each key path to its (line, column), 1-based; first occurrence wins.

    Keys in the n-th ``[[array]]`` table are found under ``("array", "n", key)``.
    """
    found: dict[Path_, tuple[int, int]] = {}
    table: Path_ = ()
    array_counts: dict[Path_, int] = {}
    in_multiline = False
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.count('"""') % 2 or line.count("'''") % 2:
            in_multiline = not in_multiline
            if not in_multiline:
                continue
        elif in_multiline:
            continue
        header = _HEADER.match(line)
        if header and not line.lstrip().startswith("#"):
            key = _parse_key(header.group(2))
            if key:
                table = key[0][:MAX_PARTS + 1]  # past MAX_PARTS nothing under it is recorded
                if len(table) <= MAX_PARTS:
                    found.setdefault(table, (lineno, line.index("[") + 1))
                if header.group(1) == "[[" and len(table) <= MAX_PARTS:  # array of tables: entries are numbered from 0
                    index = array_counts.get(table, 0)
                    array_counts[table] = index + 1
                    table = table + (str(index),)
                    found.setdefault(table, (lineno, line.index("[") + 1))
            continue
        key = _parse_key(line)
        if key is None or key[1] >= len(line) or line[key[1]] != "=":
            continue
        parts, end, starts = key
        for n in range(1, min(len(parts), MAX_PARTS - len(table)) + 1):
            found.setdefault(table + parts[:n], (lineno, starts[n - 1] + 1))
        _inline_keys(line, end + 1, (table + parts[:MAX_PARTS])[:MAX_PARTS + 1], lineno, found)
    return found


def _inline_keys(line: str, i: int, path: Path_, lineno: int,
                 found: dict[Path_, tuple[int, int]]) -> None:
    """Record the keys of inline tables ``{ a = 1, b = { c = 2 } }`` on one line."""
    stack: list[Path_] = []
    last_key: Path_ | None = None
    quote = ""
    expect_key = False
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'" and not expect_key:
            quote = ch
        elif ch == "#":
            return
        elif ch == "{":
            stack.append(path if not stack else (stack[-1] + (last_key or ())[:MAX_PARTS])[:MAX_PARTS + 1])
            expect_key = True
        elif ch == "}":
            if stack:
                stack.pop()
        elif ch == "," and stack:
            expect_key = True
        elif expect_key and ch not in " \t":
            key = _parse_key(line, i)
            expect_key = False
            if key and key[1] < len(line) and line[key[1]] == "=":
                parts, end, starts = key
                for n in range(1, min(len(parts), MAX_PARTS - len(stack[-1])) + 1):
                    found.setdefault(stack[-1] + parts[:n], (lineno, starts[n - 1] + 1))
                last_key = parts
                i = end + 1
                continue
        i += 1


MAX_KEY_PARTS = 100  # parts of one dotted key; tomllib's time and memory grow with the square of it
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')
_KEY_RUN = re.compile(r"[A-Za-z0-9_.\s-]+")


def overlong_key(text: str) -> tuple[int, int] | None:
    """(line, column) of a dotted key of more than MAX_KEY_PARTS parts, to refuse before parsing; else None.

    Strings and comments are left out; a run of key characters and dots is
    measured by its dots, which is never less than its parts minus one.
    """
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.count(".") < MAX_KEY_PARTS:
            continue
        code = _STRINGS.sub("s", line).split("#", 1)[0]
        for m in _KEY_RUN.finditer(code):
            if m.group().count(".") >= MAX_KEY_PARTS:
                return lineno, m.start() + 1
    return None
