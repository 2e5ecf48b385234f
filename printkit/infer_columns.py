"""Guess what each column of a spreadsheet export holds, for a new pack's manifest.

The guess is made from the header and the values: a copies header with
positive whole numbers is the deck's ``count``; whole numbers are a
``number``; a few values that each come back are a ``choice``; picture paths
are an ``image``; anything else is ``text``. Header names become plain
column names (lowercase letters, digits and underscores), which the deck
reader matches without regard to case.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .model.csvfile import CsvTable
from .model.numbers import read_whole
from .model.pack import COPIES_COLUMN, NAME_COLUMN

COPIES_HEADERS = ("count", "copies", "qty", "quantity")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MAX_CHOICES = 8  # more distinct values than this and a column is text
LONG_TEXT = 30  # average characters above which a text column is a paragraph
MAX_NAME = 40
MAX_PLACEHOLDERS = 2  # distinct stand-ins a number column may hold, such as "X" and "*"

_POSITIVE = re.compile(r"[0-9]{1,9}")  # as the deck reader reads copies, within reason


@dataclass(frozen=True)
class Column:
    """One inferred column: its name in the pack, the header it came from, and its type."""

    name: str
    header: str
    type: str  # "text", "count", "number", "choice" or "image"
    blank: bool = False  # some cells are empty
    values: tuple[str, ...] = ()  # for "choice", in order of first appearance
    placeholders: tuple[str, ...] = ()  # for "number": words such as "X" standing in for a number
    long: bool = False  # for "text": reads as a paragraph rather than a short label

    @property
    def label(self) -> str:
        """How the column is named on a card: 'flavor_text' -> 'Flavor text'."""
        words = self.name.replace("_", " ").strip()
        return words[:1].upper() + words[1:]


class NoNameColumn(ValueError):
    """The table has no column called 'name'."""


def column_slug(header: str) -> str:
    """A column name for a header: 'Card Type' -> 'card_type'; '' when nothing usable is left."""
    text = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:MAX_NAME].rstrip("_")
    if slug and slug[0].isdigit():
        slug = f"c_{slug}"[:MAX_NAME]
    return slug


def _unique_names(headers: list[str]) -> list[str]:
    names: list[str] = []
    for i, header in enumerate(headers):
        base = column_slug(header) or f"column_{i + 1}"
        name, n = base, 2
        while name in names:
            name, n = f"{base}_{n}", n + 1
        names.append(name)
    return names


def _cells(table: CsvTable, index: int) -> list[str]:
    """Column ``index`` of every data row (a short row has no cell there)."""
    return [r.cells[index].text if index < len(r.cells) else "" for r in table.rows]


def infer_columns(table: CsvTable) -> tuple[Column, ...]:
    """The columns of ``table`` with their inferred types; raises NoNameColumn without a name."""
    headers = [c.text for c in table.header.cells]
    names = _unique_names(headers)
    if NAME_COLUMN not in names:
        raise NoNameColumn(f"no '{NAME_COLUMN}' column")
    copies = _copies_index(table, names)
    columns = []
    for i, (header, name) in enumerate(zip(headers, names)):
        cells = _cells(table, i)
        filled = [c for c in cells if c]
        blank = len(filled) < len(cells)
        if i == copies:
            columns.append(Column(COPIES_COLUMN, header, "count", blank))
        elif name == NAME_COLUMN:
            columns.append(Column(name, header, "text"))
        else:
            columns.append(_typed(name, header, filled, blank))
    return tuple(columns)


def _copies_index(table: CsvTable, names: list[str]) -> int | None:
    """The copies column: one named 'count' whatever it holds, else a copies-like header of positive numbers."""
    if COPIES_COLUMN in names:
        return names.index(COPIES_COLUMN)
    for i, name in enumerate(names):
        filled = [c for c in _cells(table, i) if c]
        if name in COPIES_HEADERS and filled and all(_POSITIVE.fullmatch(c) and int(c) > 0 for c in filled):
            return i
    return None


def _typed(name: str, header: str, filled: list[str], blank: bool) -> Column:
    if filled and all(c.lower().endswith(IMAGE_SUFFIXES) for c in filled):
        return Column(name, header, "image", blank)
    stand_ins = [c for c in filled if read_whole(c).value is None]
    words = list(dict.fromkeys(stand_ins))
    if (filled and len(stand_ins) * 2 <= len(filled) and len(words) <= MAX_PLACEHOLDERS
            and all(_is_placeholder(w) for w in words)):  # mostly numbers, a stand-in or two
        return Column(name, header, "number", blank, placeholders=tuple(words))
    distinct = list(dict.fromkeys(filled))
    if filled and len(distinct) <= MAX_CHOICES and all(filled.count(v) > 1 for v in distinct):
        return Column(name, header, "choice", blank, tuple(distinct))
    long = bool(filled) and sum(len(c) for c in filled) / len(filled) > LONG_TEXT
    return Column(name, header, "text", blank, long=long)


def _is_placeholder(word: str) -> bool:
    """A short stand-in such as 'X', '*' or '?', as in a cost of X; not a number or a word."""
    return len(word) <= 2 and not any(ch.isdigit() for ch in word)


def pack_slug(text: str, limit: int = MAX_NAME) -> str:
    """A pack id or file stem for ``text``: 'My Game!' -> 'my-game'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:limit].rstrip("-")
