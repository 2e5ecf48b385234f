"""Which of a deck's columns its card table in the rules prints: the choice, and what makes one wrong.

A choice is made in the manifest (``[decks.ID.rules] columns = [...]``) or in
the rules source (``{{cards ID columns=name,cost}}``); both are held to
``table_column_problem`` so they fail alike.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.packpath import clipped
from ..core.suggest import did_you_mean
from .pack import ClaimRule, ColumnSpec, DeckSpec
from .tomltable import Table, dotted


@dataclass(frozen=True)
class Problem:
    index: int  # of the name at fault
    message: str
    hint: str
    unknown: bool = False  # a name the deck does not have, rather than one it cannot print


def printable_columns(columns: Sequence[ColumnSpec]) -> list[str]:
    """The columns a table can print: all but pictures, which would print as file paths."""
    return [c.name for c in columns if c.type != "image"]


def table_column_problem(deck_id: str, columns: Sequence[ColumnSpec], names: Sequence[str]) -> Problem | None:
    """The first of ``names`` that deck ``deck_id``'s table cannot print, or None when it can print them all."""
    printable = printable_columns(columns)
    offer = f"columns it can print: {', '.join(printable)}"
    if not names:
        return Problem(0, "the list names no columns", offer)
    kinds = {c.name: c.type for c in columns}
    seen: set[str] = set()
    for n, name in enumerate(names):
        shown = clipped(name, 40)
        if not name:
            return Problem(n, "the list has an empty column name", "separate the names with single commas")
        if name not in kinds:
            return Problem(n, f"deck '{deck_id}' has no column '{shown}'",
                           did_you_mean(name, printable) or offer, unknown=True)
        if kinds[name] == "image":
            return Problem(n, f"column '{shown}' holds pictures, which a table would print as file paths", offer)
        if name in seen:
            return Problem(n, f"column '{shown}' is listed twice", "list each column once, in the order the table prints them")
        seen.add(name)
    return None


def read_table_columns(deck: Table, deck_id: str, columns: tuple[ColumnSpec, ...]) -> tuple[str, ...]:
    """``[decks.ID.rules] columns``: the columns the deck's table prints; () when the deck leaves it to printkit."""
    table = deck.table("rules", required=False)
    if table is None:
        return ()
    names = table.strings("columns", required=False)  # a value that is no list of text is reported here
    table.finish()
    if names or table.data.get("columns") == []:
        problem = table_column_problem(deck_id, columns, names)
        if problem is not None:
            deck.ctx.report("M106" if problem.unknown else "M104",
                            f"'{dotted(table.key_path('columns'))}': {problem.message}", table.key_path("columns"),
                            problem.hint)
            return ()
    return names


def check_claimed_table(root: Table, decks: Sequence[DeckSpec], claims: ClaimRule | None) -> None:
    """The claimed deck's table has columns of its own (points, requirement, odds): choosing others is refused."""
    claimed = next((d for d in decks if claims is not None and d.id == claims.deck), None)
    if claimed is not None and claimed.table_columns:
        root.ctx.report("M104", f"the rules print deck '{claimed.id}' as the claimed deck's table, whose columns "
                                "are fixed (card, points, requirement, odds)",
                        ("decks", claimed.id, "rules", "columns"), "remove 'columns' from this deck")
