"""Rich text markup: emphasis, forced breaks and inline icons, parsed into styled spans.

Markup, kept deliberately small:

* ``**bold**``, ``*italic*`` and ``_italic_``; ``***both***`` or ``**_both_**``.
  Markers only count at word edges, so ``snake_case`` and ``2*3`` stay as typed,
  and a marker that is never closed is printed as it is.
* a newline, ``<br>`` or ``<br/>`` forces a line break.
* ``{name}`` is an inline icon when ``name`` is a known icon, otherwise text.
* ``\\*``, ``\\_``, ``\\{``, ``\\<`` and ``\\\\`` print the character itself.

Parsing is linear in the text's length, whatever the markup.
"""
from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass

from .typography import smart_quotes


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
            tokens.append(m.group(kind or 0))  # every alternative is a named group
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
    text = smart_quotes(text)  # typographic quotes, as in the rules
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
