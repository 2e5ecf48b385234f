"""Turn a deck's CSV table into typed cards, as its column specs say."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..core.findings import Finding
from ..requirements import RequirementSyntaxError, parse_requirement
from ..requirements.limits import MAX_COUNT
from ..core.suggest import closest, did_you_mean
from .csvfile import Cell, CsvTable, Record, read_csv
from .numbers import LIMIT, looks_decimal, read_whole, shown
from .pack import COPIES_COLUMN, NAME_COLUMN, Card, ColumnSpec, Deck, DeckSpec

_WHOLE = re.compile(r"[0-9]+")


def load_deck(spec: DeckSpec, path: Path) -> tuple[Deck | None, list[Finding]]:
    table, findings = read_csv(path)
    if table is None:
        return None, findings
    index = _map_header(spec, table, findings)
    if index is None:
        return None, findings
    cards = []
    for record in table.rows:
        if len(record.cells) != len(table.header.cells):
            findings.append(_field_count(record, len(table.header.cells), table.delimiter))
            continue
        card = _card(spec, record, index, findings)
        if card is not None:
            cards.append(card)
    kept = _drop_duplicates(spec, cards, findings)
    complete = not any(f.is_error for f in findings)
    left = {id(c) for c in kept}
    dropped = tuple(c for c in cards if id(c) not in left)
    return Deck(spec, path, tuple(kept), complete, dropped), findings


def _map_header(spec: DeckSpec, table: CsvTable, findings: list[Finding]) -> dict[str, int] | None:
    """Column name -> field index; reports duplicate, missing and extra columns."""
    index: dict[str, int] = {}
    extras: dict[str, Cell] = {}
    for i, cell in enumerate(table.header.cells):
        name = cell.text.casefold()
        if name in index or name in extras:
            findings.append(Finding("C209", f"column '{cell.text}' appears twice in the header",
                                    cell.location))
        elif spec.column(name) is not None:
            index[name] = i
        else:
            extras[name] = cell
    fatal = False
    for column in spec.columns:
        if column.name in index or column.optional:
            continue
        near = closest(column.name, extras)
        if near is not None:
            cell = extras.pop(near)
            findings.append(Finding("C202", f"missing column '{column.name}'", cell.location,
                                    f"the header has '{cell.text}'; did you mean '{column.name}'?"))
        else:
            findings.append(Finding("C202", f"missing column '{column.name}'",
                                    table.header.cells[-1].location.moved(len(table.header.cells[-1].text)),
                                    f"add a '{column.name}' column to the header"))
        fatal = fatal or column.name == NAME_COLUMN
    known = [c.name for c in spec.columns]
    for cell in extras.values():
        findings.append(Finding("C203", f"deck '{spec.id}' does not use column '{cell.text}'",
                                cell.location, did_you_mean(cell.text, known)
                                or f"columns it reads: {', '.join(known)}"))
    return None if fatal else index


SEPARATOR_NAMES = {"\t": "tab", ",": "comma", ";": "semicolon"}


def _field_count(record: Record, wanted: int, delimiter: str) -> Finding:
    got = len(record.cells)
    where = record.cells[wanted].location if got > wanted else record.cells[-1].location
    sep = SEPARATOR_NAMES[delimiter]
    other = next((d for d in SEPARATOR_NAMES if d != delimiter and d in record.cells[0].text), None)
    if got == 1 and other is not None:
        hint = f"this row seems to use {SEPARATOR_NAMES[other]}s, but the header uses {sep}s"
    elif got > wanted:
        hint = f"a {sep} inside a value needs the value in double quotes"
    else:
        hint = "fill in every column, even if a value is empty"
    fields = "field" if got == 1 else "fields"
    return Finding("C204", f"this row has {got} {fields} but the header has {wanted}", where, hint)


def _card(spec: DeckSpec, record: Record, index: dict[str, int],
          findings: list[Finding]) -> Card | None:
    values: dict[str, object] = {}
    cells: dict[str, Cell] = {}
    for column in spec.columns:
        if column.name not in index:
            # An optional column left out: one copy, or an empty value.
            values[column.name] = 1 if column.type == "count" else None if column.type == "requirement" else ""
            cells[column.name] = Cell("", record.cells[0].location)
            continue
        cell = record.cells[index[column.name]]
        cells[column.name] = cell
        value, finding = _convert(column, cell)
        if finding is not None:
            findings.append(finding)  # the card stays, so its name still resolves
        values[column.name] = value
    if not values.get(NAME_COLUMN):
        return None
    count = values.get(COPIES_COLUMN, 1)
    return Card(spec.id, str(values[NAME_COLUMN]), count if isinstance(count, int) else 1,
                record.line, values, cells)


def _convert(column: ColumnSpec, cell: Cell) -> tuple[object, Finding | None]:
    text = cell.text
    if not text:
        if column.name == NAME_COLUMN:
            return "", Finding("C205", "this card has no name", cell.location)
        if column.blank:
            return (None if column.type == "requirement" else ""), None
        if column.type != "requirement":  # an empty requirement is a syntax error below
            return "", Finding("V302", f"'{column.name}' is empty", cell.location)
    if column.type == "count":
        digits = text.lstrip("0")
        if _WHOLE.fullmatch(text) and digits and len(digits) <= len(str(MAX_COUNT)) and int(digits) <= MAX_COUNT:
            return int(digits), None
        if _WHOLE.fullmatch(text) and digits:
            return 1, Finding("V300", f"'{column.name}' must be at most {MAX_COUNT}, not '{_clipped(text)}'",
                              cell.location, "no card needs more copies; print several decks for more")
        return 1, Finding("V300", f"'{column.name}' must be a positive whole number, not '{_clipped(text)}'",
                          cell.location)
    if column.type == "number":
        return _number(column, cell)
    if column.type == "choice" and text not in column.values:
        hint = did_you_mean(text, column.values) or f"allowed: {', '.join(column.values)}"
        return text, Finding("V301", f"'{text}' is not a {column.name}", cell.location, hint)
    if column.type == "requirement":
        try:
            return _parsed(text), None
        except RequirementSyntaxError as exc:
            return None, Finding(exc.code, exc.message, cell.location_at(exc.span.start), exc.hint)
    return text, None


# Parsed once per distinct text: a deck of thousands of cards repeats a few dozen requirements, and
# a Requirement keeps only offsets into its own text, so cards with the same text share one.
_parsed = lru_cache(maxsize=4096)(parse_requirement)


def _number(column: ColumnSpec, cell: Cell) -> tuple[object, Finding | None]:
    """A whole number within the column's range, or one of its placeholders kept as text."""
    text = cell.text
    if text in column.placeholders:
        return text, None
    reading = read_whole(text)
    low = -LIMIT if column.minimum is None else column.minimum
    high = LIMIT if column.maximum is None else column.maximum
    if reading.value is not None and low <= reading.value <= high:
        return reading.value, None
    if reading.is_number:
        above = reading.beyond > 0 or (reading.value is not None and reading.value > high)
        side, bound = ("at most", high) if above else ("at least", low)
        return text, Finding("V303", f"'{column.name}' must be {side} {shown(bound)}, not '{_clipped(text)}'",
                             cell.location)
    words = "".join(f" or '{w}'" for w in column.placeholders)
    hint = did_you_mean(text, column.placeholders) or (
        "only whole numbers are allowed" if looks_decimal(text) else None)
    return text, Finding("V303", f"'{column.name}' must be a whole number from {shown(low)} to {shown(high)}"
                                 f"{words}, not '{_clipped(text)}'", cell.location, hint)


def _clipped(text: str, most: int = 24) -> str:
    """Text short enough to quote in a message; a hostile cell may hold thousands of characters."""
    return text if len(text) <= most else f"{text[:most - 4]}…"


def _drop_duplicates(spec: DeckSpec, cards: list[Card], findings: list[Finding]) -> list[Card]:
    """Report repeated values in unique columns; a row repeated whole is a warning."""
    kept = []
    first_row: dict[tuple[str, ...], Card] = {}
    seen: dict[tuple[str, str], Card] = {}
    for card in cards:
        row = tuple(card.cells[c.name].text for c in spec.columns)
        if row in first_row:
            findings.append(Finding(
                "N601", f"this row repeats line {first_row[row].line} exactly", card.location(),
                f"for more copies of one card, raise '{COPIES_COLUMN}' on one row"
                if spec.column(COPIES_COLUMN) else "delete one of the two rows if that was not meant"))
            continue
        first_row[row] = card
        clash = False
        for column in spec.columns:
            value = card.cells[column.name].text
            if not column.unique or not value:
                continue
            other = seen.setdefault((column.name, value), card)
            if other is not card:
                clash = True
                findings.append(Finding(
                    "C206", f"{column.name} '{value}' is used on line {other.line} and line {card.line}",
                    card.location(column.name),
                    "give each card its own name" if column.name == NAME_COLUMN else None))
        if not clash:
            kept.append(card)
    return kept
