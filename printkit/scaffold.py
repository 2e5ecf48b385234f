"""``printkit new``: a new pack folder with a manifest, a card list, rules and a README.

With a spreadsheet export to start from, its columns are typed by
``infer_columns`` and laid out by ``starter_layout``; without one, a short
example card list goes through the very same steps. Every file is written
atomically, and nothing is written outside the new folder.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from .infer_columns import Column, NoNameColumn, infer_columns, pack_slug
from .model.csvfile import MAX_FIELDS, CsvTable, decode, parse_csv
from .model.manifest import MANIFEST_NAME, POKER_MM
from .model.pack import COPIES_COLUMN, NAME_COLUMN
from .output import write_files_atomically
from .starter_layout import ACCENT, card_layout, column_toml, layout_toml, toml_string

MAX_SOURCE_BYTES = 10 * 1024 * 1024
MAX_COLUMNS = MAX_FIELDS  # the CSV reader refuses a wider row, naming its line
PACK_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
DECK = "cards"
LAYOUT = "card"

EXAMPLE_CSV = """\
name,count,cost,kind,text
Lantern,2,1,tool,Look at the top two cards of the deck and put them back in any order.
Rope,2,0,tool,"Take the top card of the discard pile, then discard a card from your hand."
Squall,2,2,event,Every player passes one card from their hand to the player on their left.
Calm Water,1,-1,event,Ignore the next event card drawn this round. It costs nothing and pays you back.
Gold Coin,3,1,treasure,Worth 1 point at the end of the game. Keep it in front of you.
Old Map,1,3,treasure,Worth 3 points at the end of the game if you also hold a Lantern.
"""


class ScaffoldError(ValueError):
    """A NAME or source file that ``printkit new`` refuses; ``param`` names which."""

    def __init__(self, message: str, param: str):
        super().__init__(message)
        self.param = param


@dataclass(frozen=True)
class Scaffold:
    root: Path
    files: tuple[Path, ...]
    notes: tuple[str, ...]  # what was changed or still needs doing, for the designer


def new_pack(target: Path, source: Path | None = None) -> Scaffold:
    """Create the pack folder ``target``; raise ScaffoldError for a bad NAME or source file."""
    pack_id = _check_target(target)
    notes: list[str] = []
    if source is None:
        csv_name, data = "cards.csv", EXAMPLE_CSV.encode("utf-8")
        table = _parse(Path(csv_name), data)
    else:
        csv_name, data, table = _read_source(source, notes)
    columns = _columns(table, source or Path(csv_name))
    data = _copied_csv(data, table, columns, notes)
    title = _title(pack_id)
    files = {
        target / MANIFEST_NAME: manifest_text(title, csv_name, columns, _total(table, columns)).encode("utf-8"),
        target / csv_name: data,
        target / "rules.md": RULES.encode("utf-8"),
        target / "README.md": readme_text(title, target.name, csv_name).encode("utf-8"),
    }
    pictures = [c.name for c in columns if c.type == "image"]
    if pictures:
        notes.append(f"put the pictures that column {', '.join(repr(p) for p in pictures)} names "
                     f"inside {target}; their paths are read from the pack folder")
    write_files_atomically(files)
    return Scaffold(target, tuple(files), tuple(notes))


def suggest_id(name: str) -> str:
    return pack_slug(name) or "my-game"


def _check_target(target: Path) -> str:
    name = target.name
    if not PACK_ID.fullmatch(name):
        suggestion = str(target.with_name(suggest_id(name))) if name else "my-game"
        raise ScaffoldError(f"'{name or target}' cannot be a pack id: use 1 to 40 lowercase letters, digits "
                            f"and hyphens, starting with a letter or digit; try '{suggestion}'", "NAME")
    if target.exists() and not target.is_dir():
        raise ScaffoldError(f"'{target}' already exists and is not a folder", "NAME")
    if target.is_dir() and any(target.iterdir()):
        raise ScaffoldError(f"'{target}' already exists and is not empty; choose a new name", "NAME")
    parent = target.parent
    if not parent.is_dir():
        raise ScaffoldError(f"the folder '{parent}' does not exist; create it first", "NAME")
    return name


def _parse(path: Path, data: bytes) -> CsvTable:
    table, _ = parse_csv(path, data.decode("utf-8"))
    assert table is not None
    return table


def _read_source(source: Path, notes: list[str]) -> tuple[str, bytes, CsvTable]:
    if not source.is_file():  # a FIFO or device would block or never end
        raise ScaffoldError(f"'{source}' is not a regular file; give a CSV file", "--from")
    size = source.stat().st_size
    if size > MAX_SOURCE_BYTES:
        raise ScaffoldError(f"'{source}' is {size / 1e6:.1f} MB; a card list may be at most "
                            f"{MAX_SOURCE_BYTES // (1024 * 1024)} MB", "--from")
    data = source.read_bytes()
    text, findings = decode(source, data)
    table = None
    if text is not None:
        table, more = parse_csv(source, text)
        findings += more
    problem = next((f for f in findings if f.is_error), None)
    if table is None or problem is not None:
        where = f"{source}:{problem.location.line}" if problem else str(source)
        message = problem.message if problem else "cannot read the file"
        hint = f" ({problem.hint})" if problem and problem.hint else ""
        raise ScaffoldError(f"{where}: {message}{hint}", "--from")
    if any(f.code == "C200" for f in findings):
        notes.append(f"{source.name} was read as Windows-1252; the copy in the pack is saved as UTF-8")
    stem = pack_slug(source.stem)
    return f"{stem or 'cards'}.csv", data, table


def _columns(table: CsvTable, source: Path) -> tuple[Column, ...]:
    try:
        return infer_columns(table)
    except NoNameColumn:
        headers = [c.text for c in table.header.cells]
        near = next((h for h in headers if "name" in h.lower() or "title" in h.lower()), None)
        hint = f"; rename '{near}' to 'name'" if near else "; add one, or rename the column that names each card"
        raise ScaffoldError(f"'{source.name}' needs a '{NAME_COLUMN}' column, with one name per card; "
                            f"its columns are {', '.join(repr(h) for h in headers)}{hint}", "--from") from None


def _copied_csv(data: bytes, table: CsvTable, columns: tuple[Column, ...], notes: list[str]) -> bytes:
    """The file as it was, or rewritten as UTF-8 when headers had to be renamed or it was not UTF-8."""
    renamed = [(c.header, c.name) for c in columns if c.header.casefold() != c.name]
    try:
        data.decode("utf-8")
        utf8 = True
    except UnicodeDecodeError:
        utf8 = False
    if not renamed and utf8:
        return data
    if renamed:
        notes.append("renamed columns in the pack's copy: "
                     + ", ".join(f"'{old}' -> '{new}'" for old, new in renamed))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=table.delimiter, lineterminator="\r\n" if b"\r\n" in data else "\n")
    writer.writerow([c.name if c.header.casefold() != c.name else c.header for c in columns])
    for record in table.rows:
        writer.writerow([cell.text for cell in record.cells])
    return out.getvalue().encode("utf-8")


def _total(table: CsvTable, columns: tuple[Column, ...]) -> int:
    """Cards in the deck as the deck reader will count them: a named row's copies, else one."""
    index = {c.name: i for i, c in enumerate(columns)}
    width = len(columns)
    total = 0
    for record in table.rows:
        if len(record.cells) != width or not record.cells[index[NAME_COLUMN]].text:
            continue
        copies = record.cells[index[COPIES_COLUMN]].text if COPIES_COLUMN in index else "1"
        total += int(copies) if re.fullmatch(r"[0-9]{1,9}", copies) and int(copies) > 0 else 1
    return total


def _title(pack_id: str) -> str:
    return " ".join(word.capitalize() for word in pack_id.split("-") if word) or pack_id


def manifest_text(title: str, csv_name: str, columns: tuple[Column, ...], total: int) -> str:
    layout = card_layout(columns, POKER_MM)
    columns_toml = "\n".join(column_toml(c) for c in columns)
    return f"""\
# A pack made by `printkit new`. Edit it freely: `printkit check` says what is wrong.

[game]
title = {toml_string(title)}
description = "A card game for a few players. Say what it is about in one sentence."
players = {{ min = 2, max = 4 }}

[decks.{DECK}]
title = "Cards"
file = {toml_string(csv_name)}

[decks.{DECK}.columns]   # every column of the card list, with its type
{columns_toml}

[decks.{DECK}.expect]    # check holds the card list to these numbers
cards = {total}

[decks.{DECK}.face]
layout = "{LAYOUT}"

[decks.{DECK}.back]
colour = "{ACCENT}"
label = {toml_string(title)}

[rules]
file = "rules.md"

# How a card looks, in mm. "from = safe" measures from 4 mm inside the cut,
# where nothing important gets trimmed off; y counts down from the top.
{layout_toml(LAYOUT, layout)}"""


RULES = """\
# {{title}}

*A game for {{players}} players with a deck of {{count cards}} cards.*

## The goal

Say in two sentences what the players try to do, and how the game ends.

## Setting up

1. Shuffle the deck and place it face down in the middle of the table.
2. Deal 3 cards to each player.
3. The youngest player goes first; play passes to the left.

## Your turn

1. Draw a card.
2. Play a card by paying its cost, or pass.

## Winning

Write how the winner is found, and what breaks a tie.
"""


def readme_text(title: str, pack_id: str, csv_name: str) -> str:
    return f"""\
# {title}

A printkit pack. What to edit:

- `game.toml`: the title, the player count, the column types and how a card looks (`[layouts.card]`).
- `{csv_name}`: one row per card; `count` is how many copies of it the deck holds.
- `rules.md`: the rules. `{{{{count cards}}}}` and `{{{{players}}}}` are filled in from the data.

From the folder that holds this one, `printkit check {pack_id}` lints the pack and
`printkit build {pack_id}` writes the PDFs; add `--watch` to either to re-run on every save.
"""
