"""Findings: what a check reports, where, and how bad it is.

Every code is registered once in ``CODES`` with its severity, so a code
always means the same thing and scripts can rely on it.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; line and column are 1-based."""

    file: Path
    line: int = 1
    column: int = 1

    def moved(self, columns: int) -> "Location":
        return Location(self.file, self.line, self.column + columns)


@dataclass(frozen=True)
class Code:
    code: str
    severity: Severity
    slug: str
    summary: str


def _registry(*codes: Code) -> dict[str, Code]:
    return {c.code: c for c in codes}


E, W = Severity.ERROR, Severity.WARNING

CODES = _registry(
    # The manifest, game.toml
    Code("M100", E, "manifest-missing", "The pack folder has no game.toml."),
    Code("M101", E, "manifest-syntax", "game.toml is not valid TOML."),
    Code("M102", E, "missing-key", "A key the manifest needs is absent."),
    Code("M103", W, "unknown-key", "A key printkit does not know; often a typo."),
    Code("M104", E, "bad-value", "A manifest value has the wrong type or is out of range."),
    Code("M105", E, "deck-file-missing", "A deck names a CSV file that does not exist."),
    Code("M106", E, "unknown-reference", "The manifest names a deck, column or value that does not exist."),
    Code("M107", E, "unknown-layout-key",
         "A key in a layout, face, back, style, icon or font table that printkit does not know."),
    Code("M108", E, "layout-file", "A layout file cannot be used: missing, outside the pack, too large or not TOML."),
    # CSV structure
    Code("C200", W, "not-utf8", "The file is not UTF-8; it was read as Windows-1252."),
    Code("C201", E, "unreadable", "The file cannot be read or decoded."),
    Code("C202", E, "missing-column", "A column the deck needs is not in the header."),
    Code("C203", W, "extra-column", "The header has a column the deck does not use."),
    Code("C204", E, "field-count", "A row has more or fewer fields than the header."),
    Code("C205", E, "blank-name", "A card has no name."),
    Code("C206", E, "duplicate-name", "Two different cards share a name."),
    Code("C207", E, "empty-file", "The file has no header row."),
    Code("C208", E, "unclosed-quote", "A quoted field is never closed."),
    Code("C209", E, "duplicate-column", "The header names a column twice."),
    Code("C210", E, "too-large", "A CSV file, a field, or a deck's total of cards is larger than printkit's limits."),
    # Cell values
    Code("V300", E, "not-positive-whole", "A number that must be a positive whole number is not."),
    Code("V301", E, "unknown-choice", "A value is not one of the values the column allows."),
    Code("V302", E, "blank-value", "A required cell is empty."),
    Code("V303", E, "not-a-number", "A number column's cell is not a whole number in its range, nor a placeholder."),
    # The requirement language
    Code("R400", E, "requirement-syntax", "A requirement cannot be parsed."),
    Code("R401", E, "unknown-term", "A requirement names a card or category that does not exist."),
    Code("R402", E, "wrong-cost", "An alternative does not cost the number of cards a claim takes."),
    Code("R403", E, "never-payable", "No hand drawn from the deck could ever pay this requirement."),
    Code("R404", E, "requirement-too-long",
         "A requirement has more characters or terms than the requirement language allows."),
    # Deck composition
    Code("K500", E, "composition", "The data does not match a count the manifest expects."),
    Code("K501", E, "board-not-filled", "Fewer cards than the board has spaces."),
    # Printing
    Code("T700", E, "text-overflow", "Text does not fit its box on the card even at the smallest size."),
    Code("T701", E, "missing-glyph", "A character has no glyph in the font that prints it."),
    Code("T702", E, "unknown-design", "A layout or symbol the manifest names does not exist."),
    Code("T703", W, "outside-safe-zone", "A layout element reaches past the safe zone without being marked to bleed."),
    Code("T704", W, "collision", "Two elements of a card, or two texts of a page, print over each other."),
    Code("T705", W, "small-type", "Text prints smaller than the pack's minimum (6 pt; 7 pt in the rules)."),
    Code("T706", W, "low-contrast", "Text is too close in lightness to what it is printed on to read well."),
    Code("T707", E, "unknown-text-reference", "Text names a column, role or icon that does not exist."),
    Code("T708", E, "font-unusable",
         "A font file the pack names is missing, outside the pack, too big, damaged, or cannot be embedded."),
    Code("T709", W, "text-on-shape-edge", "Text runs over the edge of a filled shape, or a shape covers it."),
    Code("T710", W, "line-through-text", "A cut, fold, crop or table line runs through text."),
    Code("T711", W, "broken-word", "A word in a rules table does not fit its column and breaks, or a cell cannot fit a page."),
    # The rules booklet
    Code("D800", E, "rules-missing", "The manifest names a rules source that cannot be read."),
    Code("D801", E, "bad-placeholder", "A placeholder in the rules is unknown, misplaced or has bad arguments."),
    Code("D810", E, "rules-empty", "The rules source has nothing to typeset: rules.pdf would have no pages."),
    Code("D811", E, "rules-too-deep", "Lists or quotes in the rules are nested deeper than printkit sets (6 levels)."),
    Code("D812", E, "table-too-wide", "A Markdown table in the rules has more columns than a page holds (12)."),
    Code("D813", E, "rules-unset", "The rules could not be typeset; the message says what stopped it."),
    # Game modules: sets and runs
    Code("G901", E, "run-impossible", "A suit lacks a value, so no run of it can be made."),
    Code("G902", E, "set-impossible", "A value comes in too few suits for a set."),
    Code("G903", E, "deck-too-small", "Too few cards to deal to the most players the game allows."),
    Code("G904", E, "missing-token", "A suit has no Personality Token."),
    Code("G905", E, "popularity-board", "The Popularity Board's places do not match the tokens, or are out of order."),
    Code("G906", E, "unknown-effect", "An action card has an effect printkit does not know."),
    Code("G907", E, "end-rule", "A player count has no rule, or several, for when the game ends."),
    Code("G908", E, "value-outside-game", "A card's value is not one of the values the game module plays with."),
    # Pictures
    Code("A100", E, "art-outside", "A picture path leads outside the pack folder, or is absolute."),
    Code("A101", E, "art-missing", "A picture file does not exist."),
    Code("A102", E, "art-unreadable", "A picture is not a PNG, JPEG or WebP image, or is damaged."),
    Code("A103", E, "art-too-large", "A picture has too many pixels to open safely."),
    Code("A104", W, "art-low-resolution", "A picture prints below the resolution the pack asks for."),
    Code("A105", E, "art-too-low-resolution", "A picture prints so coarsely it will look blurred."),
    # Notes for designers
    Code("N600", W, "unnamed-card", "No requirement names this card; it matters only through categories."),
    Code("N601", W, "identical-rows", "Two rows are identical in every column."),
    Code("N602", W, "unused-column", "A declared column that nothing shows, checks or reads."),
    Code("N603", W, "unused-face-key", "The face binds a column to a role its layout never refers to."),
)


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    location: Location
    hint: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unregistered finding code {self.code!r}")

    @property
    def severity(self) -> Severity:
        return CODES[self.code].severity

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple:
        loc = self.location
        return (str(loc.file), loc.line, loc.column, self.code, self.message)
