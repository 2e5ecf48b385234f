"""The typed syntax tree of a claim requirement, and its canonical text.

A requirement is either one *combo* (``CB + LI or LU``: one card per slot,
``or`` choosing within a slot) or one or more *repeats* joined by ``or``
(``CB x2 or LI x2``: each a whole way to pay). ``str()`` of any node is its
canonical text, and parsing that text gives back an equal tree.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator, Union

KEYWORD_OR = "or"
MULTIPLIER = re.compile(r"[x×X]([0-9]+)")


@dataclass(frozen=True)
class Span:
    """Character offsets [start, end) into the requirement's text."""

    start: int
    end: int


NO_SPAN = Span(0, 0)


def is_term_name(name: str) -> bool:
    """True if ``name`` can stand as a term: words without '+', 'or' or a multiplier."""
    words = name.split(" ")
    return bool(name) and all(
        w and "+" not in w and not any(c.isspace() for c in w)
        and w != KEYWORD_OR and not MULTIPLIER.fullmatch(w)
        for w in words
    )


@dataclass(frozen=True)
class Term:
    """A card code, a card name or a category; spans do not take part in equality."""

    name: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not is_term_name(self.name):
            raise ValueError(f"not a valid term: {self.name!r}")

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Slot:
    """One card, which may match any of the options."""

    options: tuple[Term, ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a slot needs at least one option")

    def __str__(self) -> str:
        return f" {KEYWORD_OR} ".join(map(str, self.options))


@dataclass(frozen=True)
class Combo:
    """Cards paid together, one for each slot."""

    slots: tuple[Slot, ...]

    def __post_init__(self) -> None:
        if not self.slots:
            raise ValueError("a combo needs at least one slot")

    def cards(self) -> tuple[Slot, ...]:
        return self.slots

    def __str__(self) -> str:
        return " + ".join(map(str, self.slots))


@dataclass(frozen=True)
class Repeat:
    """``count`` cards, each matching ``term``."""

    term: Term
    count: int

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a repeat needs a count of at least 1")

    def cards(self) -> tuple[Slot, ...]:
        return (Slot((self.term,)),) * self.count

    def __str__(self) -> str:
        return f"{self.term} x{self.count}"


Alternative = Union[Combo, Repeat]


@dataclass(frozen=True)
class Requirement:
    """Ways to pay a claim; the first one a hand can pay is good enough."""

    alternatives: tuple[Alternative, ...]

    def __post_init__(self) -> None:
        alts = self.alternatives
        only_combo = len(alts) == 1 and isinstance(alts[0], Combo)
        only_repeats = bool(alts) and all(isinstance(a, Repeat) for a in alts)
        if not (only_combo or only_repeats):
            # Several combos joined by 'or' would read back as one combo.
            raise ValueError("a requirement is one combo or one or more repeats")

    def terms(self) -> Iterator[Term]:
        for alt in self.alternatives:
            if isinstance(alt, Repeat):
                yield alt.term
            else:
                for slot in alt.slots:
                    yield from slot.options

    def __str__(self) -> str:
        return f" {KEYWORD_OR} ".join(map(str, self.alternatives))


def format_requirement(requirement: Requirement) -> str:
    """The canonical text of a requirement."""
    return str(requirement)
