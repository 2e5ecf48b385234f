"""Parse requirement text such as ``CB + LI or LU`` or ``SN x2`` into its tree.

The grammar, informally::

    requirement := combo | repeat ("or" repeat)*
    combo       := slot ("+" slot)*
    slot        := term ("or" term)*
    repeat      := term "x" N            (N >= 1)
    term        := word (word)*          (a name may have spaces)

``or`` binds inside a ``+`` slot, but between ``xN`` forms it separates whole
requirements; text that mixes the two is refused rather than guessed at.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import PrintkitError
from .ast import KEYWORD_OR, MULTIPLIER, Combo, Repeat, Requirement, Slot, Span, Term
from .limits import MAX_MULTIPLIER, MAX_REQUIREMENT_CHARS, MAX_REQUIREMENT_TERMS

_TOKEN = re.compile(r"\+|[^\s+]+")
# A word that tries to be a count but is not a whole number: 'x1e20', 'x1.5', 'x2,5'.
_NOT_A_COUNT = re.compile(r"[x×X][0-9]+(?:[.,][0-9]*)?(?:[eE][+\-]?[0-9]*)?")
_MULTIPLIER_DIGITS = len(str(MAX_MULTIPLIER))


class RequirementSyntaxError(PrintkitError, ValueError):
    """Bad requirement text; ``span`` points at the offending characters."""

    code = "R400"

    def __init__(self, message: str, span: Span, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint


class RequirementTooLongError(RequirementSyntaxError):
    """A requirement over MAX_REQUIREMENT_CHARS characters or MAX_REQUIREMENT_TERMS terms (R404)."""

    code = "R404"


@dataclass(frozen=True)
class _Op:
    kind: str  # "+", "or" or "x"
    span: Span
    count: int = 0

    @property
    def text(self) -> str:
        return f"x{self.count}" if self.kind == "x" else self.kind


def _clipped(text: str, most: int = 24) -> str:
    """Text short enough to quote in a message; a hostile cell may hold thousands of characters."""
    return text if len(text) <= most else f"{text[:most - 1]}…"


def _count(word: str, span: Span) -> _Op:
    """The 'xN' operator, refusing a count above MAX_MULTIPLIER before any int is built."""
    digits = word[1:].lstrip("0") or "0"
    if len(digits) > _MULTIPLIER_DIGITS or int(digits) > MAX_MULTIPLIER:
        raise RequirementSyntaxError(
            f"'{_clipped(word)}' asks for too many cards", span,
            f"a count is a whole number from 1 to {MAX_MULTIPLIER}, such as 'x2'")
    return _Op("x", span, int(digits))


def _items(text: str) -> list[Term | _Op]:
    """Tokens, with consecutive words merged into one term.

    Words are gathered and each term built once, so the work grows with the
    text's length, not its square.
    """
    items: list[Term | _Op] = []
    words: list[str] = []  # the words of the term being read
    start = 0
    terms = 0

    def close(end: int) -> None:
        nonlocal terms
        if words:
            terms += 1
            if terms > MAX_REQUIREMENT_TERMS:
                raise RequirementTooLongError(
                    f"the requirement has more than {MAX_REQUIREMENT_TERMS} terms", Span(start, end),
                    "a claim costs a few cards; split the card or use a category")
            items.append(Term(" ".join(words), Span(start, end)))
            words.clear()

    end = 0
    for m in _TOKEN.finditer(text):
        word, span = m.group(), Span(m.start(), m.end())
        if word == "+" or word == KEYWORD_OR or MULTIPLIER.fullmatch(word):
            close(end)
            if word == "+":
                items.append(_Op("+", span))
            elif word == KEYWORD_OR:
                items.append(_Op("or", span))
            else:
                items.append(_count(word, span))
            continue
        if "(" in word or ")" in word:
            col = span.start + min(i for i in (word.find("("), word.find(")")) if i >= 0)
            raise RequirementSyntaxError(
                "parentheses are not part of the requirement language",
                Span(col, col + 1),
                "'or' inside a '+' slot already groups, as in 'CB + LI or LU'",
            )
        if _NOT_A_COUNT.fullmatch(word):
            raise RequirementSyntaxError(
                f"'{_clipped(word)}' is not a count", span,
                f"a count is a whole number from 1 to {MAX_MULTIPLIER}, such as 'x2'")
        if not words:
            start = span.start
        words.append(word)
        end = span.end
    close(end)
    return items


def parse_requirement(text: str) -> Requirement:
    """Parse ``text``; raise RequirementSyntaxError pointing at the problem."""
    if len(text) > MAX_REQUIREMENT_CHARS:
        raise RequirementTooLongError(
            f"the requirement is {len(text):,} characters long; the most is {MAX_REQUIREMENT_CHARS}",
            Span(MAX_REQUIREMENT_CHARS, len(text)),
            "a claim costs a few cards; split the card or use a category")
    items = _items(text)
    if not items:
        raise RequirementSyntaxError(
            "the requirement is empty", Span(0, len(text)),
            "write the cards a claim costs, such as 'CB + LU' or 'SN x2'",
        )
    for item in items:
        if isinstance(item, _Op) and item.kind == "x" and item.count < 1:
            raise RequirementSyntaxError(
                f"'{item.text}' asks for no cards", item.span,
                "a count must be 1 or more, such as 'x2'",
            )
    if any(isinstance(i, _Op) and i.kind == "x" for i in items):
        return Requirement(tuple(_parse_repeats(items)))
    return Requirement((_parse_combo(items),))


def _check_alternation(items: list[Term | _Op]) -> None:
    """Terms and operators must alternate, starting and ending with a term."""
    for i, item in enumerate(items):
        expect_term = i % 2 == 0
        if expect_term and isinstance(item, _Op):
            if i == 0:
                raise RequirementSyntaxError(
                    f"'{item.text}' needs a card before it", item.span)
            prev = items[i - 1]
            assert isinstance(prev, _Op)
            raise RequirementSyntaxError(
                f"'{item.text}' cannot follow '{prev.text}'", item.span,
                "put a card name or code between them")
    last = items[-1]
    if isinstance(last, _Op):
        raise RequirementSyntaxError(f"'{last.text}' needs a card after it", last.span)


def _parse_combo(items: list[Term | _Op]) -> Combo:
    _check_alternation(items)
    slots: list[list[Term]] = [[]]
    for item in items:
        if isinstance(item, Term):
            slots[-1].append(item)
        elif item.kind == "+":
            slots.append([])
    return Combo(tuple(Slot(tuple(s)) for s in slots))


def _split_on_or(items: list[Term | _Op]) -> list[tuple[_Op | None, list[Term | _Op]]]:
    """Segments between top-level 'or's, each with the 'or' before it."""
    segments: list[tuple[_Op | None, list[Term | _Op]]] = [(None, [])]
    for item in items:
        if isinstance(item, _Op) and item.kind == "or":
            segments.append((item, []))
        else:
            segments[-1][1].append(item)
    return segments


def _parse_repeats(items: list[Term | _Op]) -> list[Repeat]:
    counts = [i.count for i in items if isinstance(i, _Op) and i.kind == "x"]
    example = f"x{counts[0]}"
    segments = _split_on_or(items)
    repeats = []
    for n, (or_before, seg) in enumerate(segments):
        if not seg:
            if n == len(segments) - 1:
                assert or_before is not None
                raise RequirementSyntaxError("'or' needs a requirement after it", or_before.span)
            next_or = segments[n + 1][0]
            assert next_or is not None
            message = ("'or' needs a requirement before it" if n == 0
                       else "'or' cannot follow 'or'")
            raise RequirementSyntaxError(message, next_or.span)
        plus = next((i for i in seg if isinstance(i, _Op) and i.kind == "+"), None)
        if plus is not None:
            raise RequirementSyntaxError(
                f"'+' cannot be combined with '{example}'", plus.span,
                "with 'xN', 'or' separates whole requirements ('CB x2 or LI x2'); "
                "for one card of each kind write 'CB + LI or LU'",
            )
        first = seg[0]
        if isinstance(first, _Op):
            raise RequirementSyntaxError(f"'{first.text}' needs a card before it", first.span)
        if len(seg) == 1:
            raise RequirementSyntaxError(
                f"'{first.name}' needs a count: when 'or' joins '{example}' forms, "
                "each side is a whole requirement",
                first.span, f"did you mean '{first.name} {example}'?",
            )
        extra = seg[2] if len(seg) > 2 else None
        if extra is not None:
            raise RequirementSyntaxError(
                f"unexpected '{extra.text if isinstance(extra, _Op) else extra.name}' "
                "after a count", extra.span, "join alternatives with 'or'")
        times = seg[1]
        assert isinstance(times, _Op)
        repeats.append(Repeat(first, times.count))
    return repeats
