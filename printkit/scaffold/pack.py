"""``printkit new``: a new pack folder with a manifest, a card list, rules and a README.

With a spreadsheet export to start from, its columns are typed by
``infer_columns``, the ``{name}`` marks in its texts become icons
(``starter_icons``), a card is laid out to fit every row (``starter_layout``)
and the pictures it names are copied in (``scaffold_pictures``); without
one, a short example card list goes through the very same steps. Every file
is written atomically, and nothing is written outside the new folder.
"""
from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import UsageProblem
from .columns import Column, NoNameColumn, infer_columns, pack_slug
from ..model.cardsize import CARD_SIZES
from ..model.csvfile import MAX_FIELDS, CsvTable, decode, parse_csv
from ..model.manifest import MANIFEST_NAME
from ..model.pack import COPIES_COLUMN, NAME_COLUMN
from ..core.output import write_files_atomically
from ..core.packpath import PackFileError, read_pack_file
from .pictures import copy_pictures
from .icons import MAX_ICONS, IconPlan, describe, escape_icons, plan_icons
from .design import ACCENT, SIZES, StarterCard, card_layout, column_toml, layout_toml, toml_string

MAX_SOURCE_BYTES = 10 * 1024 * 1024
MAX_COLUMNS = MAX_FIELDS  # the CSV reader refuses a wider row, naming its line
SHOWN = 5  # names a note lists before it says there are more
MAX_TITLE = 60  # characters in a title given with --title: two lines of small type on every card back
PACK_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
DECK = "cards"
LAYOUT = "card"
# Words a title keeps in lower case unless they start it, as English titles do.
SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "nor", "of",
                         "on", "or", "the", "to", "vs", "with"})

EXAMPLE_CSV = """\
name,count,cost,kind,text
Lantern,2,1,tool,Look at the top two cards of the deck and put them back in any order.
Rope,2,0,tool,"Take the top card of the discard pile, then discard a card from your hand."
Squall,2,2,event,Every player passes one card from their hand to the player on their left.
Calm Water,1,-1,event,Ignore the next event card drawn this round. It costs nothing and pays you back.
Gold Coin,3,1,treasure,Worth 1 point at the end of the game. Keep it in front of you.
Old Map,1,3,treasure,Worth 3 points at the end of the game if you also hold a Lantern.
"""


class ScaffoldError(UsageProblem, ValueError):
    """A NAME or source file that ``printkit new`` refuses; ``option`` names which."""

    def __init__(self, message: str, option: str):
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class Scaffold:
    root: Path
    files: tuple[Path, ...]  # the pack's own files: manifest, card list, rules, README
    pictures: tuple[Path, ...]  # pictures copied in from beside the spreadsheet
    notes: tuple[str, ...]  # what was changed or still needs doing, for the designer


def new_pack(target: Path, source: Path | None = None, title: str | None = None) -> Scaffold:
    """Create the pack folder ``target``; raise ScaffoldError for a bad NAME, title or source file."""
    pack_id = _check_target(target)
    title = checked_title(title) if title is not None else title_from_id(pack_id)
    notes: list[str] = []
    if source is None:
        csv_name, data = "cards.csv", EXAMPLE_CSV.encode("utf-8")
        table = _parse(Path(csv_name), data)
    else:
        csv_name, data, table = _read_source(source, notes)
    columns = _columns(table, source or Path(csv_name), source.parent if source else None)
    icons = plan_icons(_texts(table, columns))
    data = _copied_csv(data, table, columns, icons.escaped, notes)
    card = card_layout(columns, _rows(table, columns, icons.escaped), [i.name for i in icons.declared])
    deck_title = _title_case(Path(csv_name).stem.replace("-", " ")) if source else "Cards"
    files = {
        target / MANIFEST_NAME: manifest_text(title, deck_title, csv_name, columns, _total(table, columns),
                                              card, icons).encode("utf-8"),
        target / csv_name: data,
        target / "rules.md": RULES.encode("utf-8"),
        target / "README.md": readme_text(title, target.name, csv_name).encode("utf-8"),
    }
    notes += _layout_notes(card, icons)
    pictures: dict[Path, bytes] = {}
    image_columns = [i for i, c in enumerate(columns) if c.type == "image"]
    if source is not None and image_columns:
        names = [r.cells[i].text for r in table.rows for i in image_columns if i < len(r.cells)]
        copied = copy_pictures(source.parent, target, names, files)
        pictures = copied.files
        notes += copied.notes
    write_files_atomically({**files, **pictures})
    return Scaffold(target, tuple(files), tuple(pictures), tuple(notes))


def checked_title(title: str) -> str:
    """A title given with --title, as given; ScaffoldError for one printkit cannot print."""
    title = title.strip()
    if not title:
        raise ScaffoldError("the title is empty; give the game's name, such as 'Tides of Ægir'", "--title")
    if len(title) > MAX_TITLE:
        raise ScaffoldError(f"the title is {len(title)} characters long; it may be at most {MAX_TITLE}", "--title")
    if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in title):
        raise ScaffoldError("the title holds a line break or control character; give it on one line", "--title")
    return title


def title_from_id(pack_id: str) -> str:
    """A title for a pack id when none is given: 'tides-of-aegir' -> 'Tides of Aegir'."""
    return _title_case(pack_id.replace("-", " ")) or pack_id


def _title_case(text: str) -> str:
    """Each word capitalised, but for small words such as 'of' after the first: 'Tides of Aegir'."""
    words = text.split()
    return " ".join(w if i and w.lower() in SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words))


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
    try:  # read within the limit, should the file grow or be swapped for a FIFO meanwhile
        data = read_pack_file(source, MAX_SOURCE_BYTES, str(source))
    except PackFileError as exc:
        raise ScaffoldError(str(exc), "--from") from None
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


def _columns(table: CsvTable, source: Path, folder: Path | None) -> tuple[Column, ...]:
    try:
        return infer_columns(table, folder)
    except NoNameColumn:
        headers = [c.text for c in table.header.cells]
        near = next((h for h in headers if "name" in h.lower() or "title" in h.lower()), None)
        hint = f"; rename '{near}' to 'name'" if near else "; add one, or rename the column that names each card"
        raise ScaffoldError(f"'{source.name}' needs a '{NAME_COLUMN}' column, with one name per card; "
                            f"its columns are {', '.join(repr(h) for h in headers)}{hint}", "--from") from None


def _printed(columns: tuple[Column, ...]) -> list[int]:
    """The columns a card prints as text (their cells may hold ``{icon}`` marks)."""
    return [i for i, c in enumerate(columns) if c.type in ("text", "choice")]


def _texts(table: CsvTable, columns: tuple[Column, ...]) -> list[str]:
    printed = _printed(columns)
    return [r.cells[i].text for r in table.rows for i in printed if i < len(r.cells)]


def _rows(table: CsvTable, columns: tuple[Column, ...], escaped: tuple[str, ...]) -> list[dict[str, str]]:
    """Each card's cells by column name, as the pack's copy holds them: what the layout must fit."""
    printed = set(_printed(columns))
    rows = []
    for record in table.rows:
        if len(record.cells) != len(columns):
            continue  # check reports it; it makes no card
        row = {c.name: escape_icons(cell.text, escaped) if i in printed else cell.text
               for i, (c, cell) in enumerate(zip(columns, record.cells))}
        if row[NAME_COLUMN]:
            rows.append(row)
    return rows


def _copied_csv(data: bytes, table: CsvTable, columns: tuple[Column, ...], escaped: tuple[str, ...],
                notes: list[str]) -> bytes:
    """The file as it was, or rewritten as UTF-8 when headers had to be renamed, braces escaped,
    or it was not UTF-8."""
    renamed = [(c.header, c.name) for c in columns if c.header.casefold() != c.name]
    try:
        data.decode("utf-8")
        utf8 = True
    except UnicodeDecodeError:
        utf8 = False
    if not renamed and not escaped and utf8:
        return data
    if renamed:
        notes.append("renamed columns in the pack's copy: "
                     + ", ".join(f"'{old}' -> '{new}'" for old, new in renamed[:SHOWN])
                     + (f" and {len(renamed) - SHOWN} more" if len(renamed) > SHOWN else ""))
    if escaped:
        shown = ", ".join("{" + n + "}" for n in escaped[:SHOWN]) + (" and more" if len(escaped) > SHOWN else "")
        notes.append(f"kept as text, not icons: {shown} (an icon's name is 1 to 40 of A-Z, a-z, 0-9, '-' and '_', "
                     f"and at most {MAX_ICONS} are declared); the pack's copy writes '\\{{' before each, so it "
                     "prints as typed")
    printed = set(_printed(columns))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=table.delimiter, lineterminator="\r\n" if b"\r\n" in data else "\n")
    writer.writerow([c.name if c.header.casefold() != c.name else c.header for c in columns])
    for record in table.rows:
        writer.writerow([escape_icons(cell.text, escaped) if i in printed else cell.text
                         for i, cell in enumerate(record.cells)])
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


def _layout_notes(card: StarterCard, icons: IconPlan) -> list[str]:
    notes = []
    if card.size != "poker":
        width, height = CARD_SIZES[card.size]
        notes.append(f"the cards are {card.size} size ({width:g} × {height:g} mm), as the longest texts do not "
                     f"fit a poker card at {SIZES[0][1]:g} pt or more; [card] in game.toml sets the size")
    if not card.fits:
        notes.append("the columns hold more text than one card can show at 6 pt: `printkit check` names what "
                     "does not fit (T700); shorten it, split it across columns, or take columns off the card")
    else:
        notes.append(f"the card layout is [layouts.card] in game.toml: its text prints at {card.body_size:g} pt "
                     "on every card, in boxes tall enough for the longest text of each column")
    if icons.declared:
        notes.append(f"declared the icons the texts use under [icons] in game.toml: {describe(icons.declared)}; "
                     "change a symbol or colour there, or give a picture instead")
    return notes


def manifest_text(title: str, deck_title: str, csv_name: str, columns: tuple[Column, ...], total: int,
                  card: StarterCard, icons: IconPlan) -> str:
    columns_toml = "\n".join(column_toml(c) for c in columns)
    size = "" if card.size == "poker" else f"""
[card]   # the longest texts need more room than a poker card gives
size = "{card.size}"
"""
    icons_toml = "" if not icons.declared else """
# Symbols for the {name} marks in the card texts; a picture works too: name = "icons/name.png"
[icons]
""" + "".join(f"{i.name} = {{ symbol = \"{i.symbol}\", colour = \"{i.colour}\" }}\n" for i in icons.declared)
    return f"""\
# A pack made by `printkit new`. Edit it freely: `printkit check` says what is wrong.

[game]
title = {toml_string(title)}
description = "A card game for a few players. Say what it is about in one sentence."
players = {{ min = 2, max = 4 }}
{size}
[decks.{DECK}]
title = {toml_string(deck_title)}
file = {toml_string(csv_name)}

[decks.{DECK}.columns]   # every column of the card list, with its type
{columns_toml}

[decks.{DECK}.expect]    # check holds the card list to these numbers
cards = {total}

[decks.{DECK}.face]
layout = "{LAYOUT}"

[decks.{DECK}.back]
colour = "{ACCENT}"
label = {toml_string(deck_title)}

[rules]
file = "rules.md"
{icons_toml}
# How a card looks, in mm. "from = safe" measures from 4 mm inside the cut, where nothing
# important gets trimmed off; "below" puts a box under an earlier one, "gap" mm apart, so
# making one taller moves the ones beneath it; "bottom" measures up from the foot.
{layout_toml(LAYOUT, card.layout)}"""


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

- `game.toml`: the title, the player count, the column types, the symbols `{{name}}` marks in the
  texts print as (`[icons]`) and how a card looks (`[layouts.card]`).
- `{csv_name}`: one row per card; `count` is how many copies of it the deck holds.
- `rules.md`: the rules. `{{{{count cards}}}}` and `{{{{players}}}}` are filled in from the data.

From the folder that holds this one, `printkit check {pack_id}` lints the pack and
`printkit build {pack_id}` writes the PDFs; add `--watch` to either to re-run on every save.
"""
