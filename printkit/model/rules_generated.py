"""Content generated for the rules from a pack's data: plain records for the typesetter."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ..core.errors import PrintkitError
from .pack import TokenStyle
from ..requirements import Requirement


class PlaceholderError(PrintkitError, ValueError):
    """A placeholder that cannot be expanded: unknown, misplaced, or with bad arguments.

    ``argument`` is the index of the argument at fault, if one is, and
    ``offset`` how many characters into it, so the finding can point there;
    ``code`` is the finding's code.
    """

    def __init__(self, message: str, hint: str | None = None, argument: int | None = None, offset: int = 0,
                 code: str = "D801"):
        super().__init__(message)
        self.message, self.hint, self.argument, self.offset, self.code = message, hint, argument, offset, code


@dataclass(frozen=True)
class Column:
    title: str
    share: float  # of the table's width; 0 for every column lets the typesetter choose
    align: str = "left"


Cell = Union[str, Requirement, TokenStyle]  # text, a drawn requirement, or a token


@dataclass(frozen=True)
class CardTable:
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    line: int = field(default=0, compare=False)  # of the placeholder that made it, as source blocks keep theirs


@dataclass(frozen=True)
class Legend:
    tokens: tuple[tuple[TokenStyle, str], ...]  # style and the name of its card
    examples: tuple[tuple[Requirement, str], ...]  # drawn requirement and what it means
    categories: tuple[tuple[str, str], ...]
    line: int = field(default=0, compare=False)  # of the placeholder that made it


Generated = Union[CardTable, Legend]
