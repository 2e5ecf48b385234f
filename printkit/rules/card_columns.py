"""Which columns a ``{{cards DECK}}`` table prints, in what order.

The placeholder's ``columns=`` wins; else the deck's ``[decks.ID.rules]
columns`` in the manifest; else every column but pictures, with the name
first and the copies last.
"""
from __future__ import annotations

from ..model.pack import COPIES_COLUMN, NAME_COLUMN, DeckSpec
from ..model.table_columns import printable_columns, table_column_problem
from ..model.rules_generated import PlaceholderError

KEYWORD = "columns"


def default_columns(spec: DeckSpec) -> tuple[str, ...]:
    """The name, every column a table can print, and the copies when the deck counts them."""
    middle = [c for c in printable_columns(spec.columns) if c not in (NAME_COLUMN, COPIES_COLUMN)]
    copies = [COPIES_COLUMN] if spec.column(COPIES_COLUMN) is not None else []
    return (NAME_COLUMN, *middle, *copies)


def chosen_columns(spec: DeckSpec, value: str, argument: int | None = None) -> tuple[str, ...]:
    """The names in ``columns=value``, argument ``argument`` of the placeholder; PlaceholderError if one is wrong."""
    names = value.split(",") if value else []
    problem = table_column_problem(spec.id, spec.columns, names)
    if problem is not None:
        offset = len(KEYWORD) + 1 + sum(len(name) + 1 for name in names[:problem.index])
        raise PlaceholderError(f"{KEYWORD}= in {{{{cards}}}}: {problem.message}", problem.hint, argument, offset)
    return tuple(names)


def table_columns(spec: DeckSpec, value: str | None = None, argument: int | None = None) -> tuple[str, ...]:
    """What the deck's table prints: ``columns=value`` if given, else the manifest's choice, else the default."""
    if value is not None:
        return chosen_columns(spec, value, argument)
    return spec.table_columns or default_columns(spec)
