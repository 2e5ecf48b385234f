"""Guess what each column of a spreadsheet export holds, for a new pack's manifest.

The guess is made from the header and the values: a copies header with
positive whole numbers is the deck's ``count``; whole numbers that print as
typed are a ``number``; picture paths (by their ending, or files that are
pictures beside the spreadsheet) are an ``image``; a few short values that
each come back are a ``choice``; anything else is ``text``, and a column of
long or mostly different values is never a choice. Header names become
plain column names (lowercase letters, digits and underscores), which the
deck reader matches without regard to case.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import PrintkitError
from ..images.probe import ProbeError, probe
from ..model.csvfile import CsvTable
from ..model.numbers import read_whole
from ..model.pack import COPIES_COLUMN, NAME_COLUMN
from ..core.packpath import MAX_PATH, OutsidePack, inside_pack

COPIES_HEADERS = ("count", "copies", "qty", "quantity")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MAX_CHOICES = 8  # more distinct values than this and a column is text
MAX_CHOICE_CHARS = 24  # a longer value reads as a phrase, not a category
MAX_CHOICE_WORDS = 3
MAX_PROBED = 1000  # distinct cells looked for on disk when deciding whether a column names pictures
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


class NoNameColumn(PrintkitError, ValueError):
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


def infer_columns(table: CsvTable, folder: Path | None = None) -> tuple[Column, ...]:
    """The columns of ``table`` with their inferred types; raises NoNameColumn without a name.

    ``folder`` is where the spreadsheet lies: a column whose cells all name
    pictures there is an image column whatever their file names end in.
    """
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
            columns.append(_typed(name, header, filled, blank, folder))
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


def _typed(name: str, header: str, filled: list[str], blank: bool, folder: Path | None) -> Column:
    if filled and _pictures(filled, folder):
        return Column(name, header, "image", blank)
    stand_ins = [c for c in filled if not _prints_as_typed(c)]
    words = list(dict.fromkeys(stand_ins))
    if (filled and len(stand_ins) * 2 <= len(filled) and len(words) <= MAX_PLACEHOLDERS
            and all(_is_placeholder(w) for w in words)):  # mostly numbers, a stand-in or two
        return Column(name, header, "number", blank, placeholders=tuple(words))
    distinct = list(dict.fromkeys(filled))
    if filled and _is_choice(filled, distinct):
        return Column(name, header, "choice", blank, tuple(distinct))
    long = bool(filled) and sum(len(c) for c in filled) / len(filled) > LONG_TEXT
    return Column(name, header, "text", blank, long=long)


def _prints_as_typed(cell: str) -> bool:
    """A whole number that a card prints just as it was typed.

    A number column's cells are printed as numbers: '+2' would lose its sign
    and '007' its zeros, so a column that holds such cells stays text.
    """
    value = read_whole(cell).value
    return value is not None and str(value) == cell.replace("\u2212", "-")


def _is_choice(filled: list[str], distinct: list[str]) -> bool:
    """A few short labels, each used on more than one card: a category, not free text."""
    return (len(distinct) <= MAX_CHOICES and all(filled.count(v) > 1 for v in distinct)
            and all(_label(v) for v in distinct))


def _label(value: str) -> bool:
    """A word or three, such as 'beast' or 'first age'; not a sentence, which ends in a stop."""
    return (len(value) <= MAX_CHOICE_CHARS and len(value.split()) <= MAX_CHOICE_WORDS
            and not value.rstrip().endswith((".", "!", "?")) and not _MARKUP.search(value))


def _pictures(filled: list[str], folder: Path | None) -> bool:
    """Every cell is a picture path: by its ending, or as a picture file in ``folder``."""
    named = [c for c in dict.fromkeys(filled) if not _picture_name(c)]
    if not named:
        return True
    if folder is None or len(named) > MAX_PROBED or not all(_usable_path(c) for c in named):
        return False
    return all(_picture_file(folder, c) for c in named)


def _picture_name(cell: str) -> bool:
    return cell.lower().endswith(IMAGE_SUFFIXES) and _usable_path(cell)


def _usable_path(cell: str) -> bool:
    """A path a pack could name: not a web address, not several lines, not absurdly long."""
    return "://" not in cell and "\n" not in cell and len(cell) <= MAX_PATH


def _picture_file(folder: Path, cell: str) -> bool:
    """A PNG, JPEG or WebP file at ``cell`` inside ``folder`` (links that leave it do not count)."""
    try:
        probe(inside_pack(folder, cell, "pictures"))
    except (OutsidePack, ProbeError):
        return False
    return True


_MARKUP = re.compile(r"[{}\n]|\*\*|<br")  # icons, line breaks and bold: marks of running text


def _is_placeholder(word: str) -> bool:
    """A short stand-in such as 'X', '*' or '?', as in a cost of X; not a number or a word."""
    return len(word) <= 2 and not any(ch.isdigit() for ch in word)


def pack_slug(text: str, limit: int = MAX_NAME) -> str:
    """A pack id or file stem for ``text``: 'My Game!' -> 'my-game'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:limit].rstrip("-")
