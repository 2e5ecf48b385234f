"""Read a CSV file as designers save it, keeping where every cell came from.

Python's csv module reports no columns, so this reader tokenises the text
itself (RFC 4180 quoting, CRLF or LF, ``,``/``;``/tab sniffed from the
header) and records the line and column of each cell. A line with no quote
in it (nearly every line a spreadsheet writes) is split in one step; only
quoted records are read character by character. A cell keeps its line and
column as numbers and makes a Location only when a finding asks for one.
"""
from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path

from ..core.findings import Finding, Location
from ..core.packpath import PackFileError, read_pack_file

DELIMITERS = (",", ";", "\t")
MAX_CSV_BYTES = 2 << 20  # a deck's CSV file may be at most 2 MB
MAX_FIELDS = 200  # fields in one row
MAX_CELL_CHARS = 10_000  # characters in one field
MAX_ROWS = 2000  # rows of cards under the header: as many as a deck may hold cards (pack.MAX_DECK_CARDS)


class Cell:
    """One field, stripped of surrounding spaces, and where it stands in the file."""

    __slots__ = ("text", "_file", "_line", "_column", "positions")

    def __init__(self, text: str, location: Location, positions: tuple[tuple[int, int], ...] | None = None):
        self.text = text
        self._file, self._line, self._column = location.file, location.line, location.column
        # Source (line, column) of each character, kept only when the text does not
        # map onto one unbroken stretch of a line (quotes, doubled quotes, newlines).
        self.positions = positions

    @property
    def location(self) -> Location:
        return Location(self._file, self._line, self._column)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cell) and (self.text, self.location) == (other.text, other.location)

    def __hash__(self) -> int:
        return hash((self.text, self._line, self._column))

    def __repr__(self) -> str:
        return f"Cell({self.text!r}, {self.location!r})"

    def location_at(self, offset: int) -> Location:
        """The location of the character at ``offset`` in ``text``."""
        if self.positions is None:
            return self.location.moved(offset)
        if not self.positions:
            return self.location
        line, col = self.positions[min(offset, len(self.positions) - 1)]
        extra = max(0, offset - (len(self.positions) - 1))
        return Location(self._file, line, col + extra)


@dataclass(frozen=True)
class Record:
    line: int
    cells: tuple[Cell, ...]

    @property
    def is_blank(self) -> bool:
        return all(not c.text for c in self.cells)


@dataclass(frozen=True)
class CsvTable:
    path: Path
    delimiter: str
    header: Record
    rows: tuple[Record, ...]


def decode(path: Path, data: bytes) -> tuple[str | None, list[Finding]]:
    """Text of a CSV file: UTF-8 (BOM or not) or UTF-16 with BOM; else cp1252 with a warning."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16"), []
        except UnicodeDecodeError as exc:
            return None, [Finding("C201", f"not valid UTF-16: {exc.reason}", Location(path))]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start:exc.start].decode("utf-8", "replace")) + 1
        where = Location(path, line, column)
        byte = f"0x{data[exc.start]:02X}"
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        return None, [Finding(
            "C201", f"the file is neither UTF-8 nor Windows-1252 (byte {byte})", where,
            "save it from your spreadsheet as 'CSV UTF-8'")]
    return text, [Finding(
        "C200", f"byte {byte} is not UTF-8; the file was read as Windows-1252", where,
        "save it from your spreadsheet as 'CSV UTF-8' to be sure of accents and quotes")]


def sniff_delimiter(text: str) -> str:
    """The delimiter used most in the first non-blank line, outside quotes."""
    header = next((ln for ln in text.splitlines() if ln.strip()), "")
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    for ch in header:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(DELIMITERS, key=lambda d: counts[d])  # ties go to the earliest: ','
    return best if counts[best] else ","


class _Scanner:
    """Splits text into records of cells with their positions."""

    def __init__(self, path: Path, text: str, delimiter: str):
        self.path, self.text, self.delim = path, text, delimiter
        self.i, self.line, self.col = 0, 1, 1

    def _advance(self) -> str:
        ch = self.text[self.i]
        self.i += 1
        if ch == "\r" and self.text[self.i:self.i + 1] == "\n":
            self.i += 1
            ch = "\n"
        if ch in "\r\n":
            self.line, self.col = self.line + 1, 1
            return "\n"
        self.col += 1
        return ch

    def _peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def records(self) -> tuple[list[Record], list[Finding]]:
        records: list[Record] = []
        while self.i < len(self.text):
            line = self.line
            cells = self._plain_line()
            if cells is None:
                cells, problem = self._quoted_record()
                if problem is not None:
                    return records, [problem]
            record = Record(line, tuple(cells))
            if record.is_blank:
                continue  # dropped here, so a file of empty lines costs no memory
            if len(records) > MAX_ROWS:  # the header and MAX_ROWS rows kept
                return records, [Finding("C210", f"the file has more than {MAX_ROWS:,} rows, the most a deck may hold",
                                         Location(self.path, line))]
            records.append(record)
        return records, []

    def _plain_line(self) -> list[Cell] | None:
        """The cells of the line ahead when it has no quote, no lone carriage return and no field
        past the limits, moving past it; None otherwise (the careful reader then takes it)."""
        text, start = self.text, self.i
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        raw = text[start:end - 1 if end > start and text[end - 1] == "\r" else end]
        if '"' in raw or "\r" in raw:
            return None
        fields = raw.split(self.delim)
        if len(fields) > MAX_FIELDS or any(len(f) > MAX_CELL_CHARS for f in fields):
            return None
        cells, column = [], 1
        for field in fields:
            kept = field.lstrip(" \t")
            stripped = kept.rstrip(" \t")
            at = column + (len(field) - len(kept)) if stripped else column
            cells.append(Cell(stripped, Location(self.path, self.line, at)))
            column += len(field) + 1
        self.i = min(end + 1, len(text))
        self.line, self.col = self.line + 1, 1
        return cells

    def _quoted_record(self) -> tuple[list[Cell], Finding | None]:
        """The cells of a record read character by character (quotes may hold delimiters and newlines)."""
        cells: list[Cell] = []
        while True:
            cell, problem = self._cell()
            if problem is not None:
                return cells, problem
            cells.append(cell)
            if len(cells) > MAX_FIELDS:
                return cells, Finding("C210", f"this row has more than {MAX_FIELDS} fields, the most a row may have",
                                      cell.location)
            end = self._peek()
            if end == self.delim:
                self._advance()
                continue
            if end:
                self._advance()  # the line break
            return cells, None

    def _too_long(self, start: Location) -> tuple[Cell, Finding]:
        return Cell("", start), Finding(
            "C210", f"this field is longer than {MAX_CELL_CHARS:,} characters, the most a cell may hold", start,
            "is a quote left open? a quote inside a quoted field is written twice: \"\"")

    def _cell(self) -> tuple[Cell, Finding | None]:
        chars: list[tuple[str, int, int]] = []
        start = Location(self.path, self.line, self.col)
        plain = True
        blank_so_far = True  # only spaces read: a quote here opens a quoted field
        while (ch := self._peek()) and ch not in (self.delim, "\r", "\n"):
            if ch == '"' and blank_so_far:
                plain, chars, blank_so_far = False, [], False
                opening = Location(self.path, self.line, self.col)
                self._advance()
                while True:
                    if not self._peek():
                        return Cell("", start), Finding(
                            "C208", "this quoted field is never closed", opening,
                            'a quote inside a quoted field is written twice: ""')
                    if len(chars) > MAX_CELL_CHARS:
                        return self._too_long(start)
                    line, col = self.line, self.col
                    c = self._advance()
                    if c == '"':
                        if self._peek() != '"':
                            break
                        self._advance()
                    chars.append((c, line, col))
                blank_so_far = all(c.isspace() for c, _, _ in chars)  # '""' read nothing: a quote may open again
                continue
            if len(chars) > MAX_CELL_CHARS:
                return self._too_long(start)
            if not ch.isspace():
                blank_so_far = False
            chars.append((ch, self.line, self.col))
            self._advance()
        return _stripped_cell(chars, start, plain), None


def _stripped_cell(chars: list[tuple[str, int, int]], start: Location, plain: bool) -> Cell:
    lo, hi = 0, len(chars)
    while lo < hi and chars[lo][0] in " \t":
        lo += 1
    while hi > lo and chars[hi - 1][0] in " \t":
        hi -= 1
    kept = chars[lo:hi]
    text = "".join(c for c, _, _ in kept)
    if not kept:
        return Cell("", start)
    first = Location(start.file, kept[0][1], kept[0][2])
    if plain:
        return Cell(text, first)
    return Cell(text, first, tuple((ln, col) for _, ln, col in kept))


def parse_csv(path: Path, text: str) -> tuple[CsvTable | None, list[Finding]]:
    """Split decoded text into a header and data rows; blank rows are dropped."""
    delimiter = sniff_delimiter(text)
    records, findings = _Scanner(path, text, delimiter).records()
    records = [r for r in records if not r.is_blank]
    if not records:
        if not findings:
            findings.append(Finding("C207", "the file has no header row", Location(path),
                                    "the first line names the columns, such as 'name,points,requires'"))
        return None, findings
    return CsvTable(path, delimiter, records[0], tuple(records[1:])), findings


def read_csv(path: Path) -> tuple[CsvTable | None, list[Finding]]:
    """Read, decode and parse a CSV file; problems become findings."""
    try:
        data = read_pack_file(path, MAX_CSV_BYTES)
    except PackFileError as exc:
        return None, [Finding("C210" if exc.too_large else "C201",
                              f"cannot read the file: {exc}", Location(path))]
    except OSError as exc:
        return None, [Finding("C201", f"cannot read the file: {exc.strerror or exc}", Location(path))]
    text, findings = decode(path, data)
    if text is None:
        return None, findings
    table, more = parse_csv(path, text)
    return table, findings + more
