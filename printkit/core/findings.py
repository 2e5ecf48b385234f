"""Findings: what a check reports, where, and how bad it is.

Every code is registered once in ``CODES`` with its severity, so a code
always means the same thing and scripts can rely on it. Each entry also says
what the code means, gives an example that produces it and says how to fix
it: ``printkit explain`` and docs/findings.md show these, and the tests run
every example (tests/checks/test_explained_examples.py).
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
class Edit:
    """One change an example makes to its pack: in ``file``, the lines ``old`` become ``new``.

    With ``old`` empty, ``new`` is the whole file, written anew; with ``new`` None, the file is
    deleted. ``encoding`` is the one the file is saved in.
    """

    file: str
    old: str = ""
    new: str | None = ""
    encoding: str = "utf-8"


@dataclass(frozen=True)
class Picture:
    """An example's picture: a plain image of ``width`` × ``height`` pixels saved as ``file``."""

    file: str
    width: int
    height: int


@dataclass(frozen=True, init=False)
class Example:
    """Changes to a small pack that give a finding, and what printkit then prints.

    ``pack`` is "mini" (the test pack tests/checks/mini) or a bundled pack's id; ``command``
    is "check", or "build" for findings only a build makes (with the build's options after it, as in
    "build --board-paper a2"), or "export pod --service tgc" for findings an export makes. tests/checks/test_explained_examples.py makes each change and runs the
    command, so ``gives`` is what printkit really prints.
    """

    changes: tuple[Edit | Picture, ...]
    gives: str
    pack: str
    command: str

    def __init__(self, *changes: Edit | Picture, gives: str, pack: str = "mini", command: str = "check"):
        for name, value in (("changes", changes), ("gives", gives), ("pack", pack), ("command", command)):
            object.__setattr__(self, name, value)


@dataclass(frozen=True)
class Code:
    """A finding code: what it is called and how bad it is, and for ``printkit explain`` and
    docs/findings.md what it means, an example that gives it, and how to fix it."""

    code: str
    severity: Severity
    slug: str
    summary: str
    meaning: str = ""
    example: Example | str | None = None  # text: why no example can be given
    fix: str = ""


def _registry(*codes: Code) -> dict[str, Code]:
    return {c.code: c for c in codes}


E, W = Severity.ERROR, Severity.WARNING

# The families of codes, by their first letter, in the order the docs list them.
GROUPS = {
    "M": "The manifest, game.toml",
    "C": "CSV structure",
    "V": "Cell values",
    "R": "The requirement language",
    "K": "Deck composition",
    "T": "Printing",
    "D": "The rules booklet",
    "G": "Game modules",
    "A": "Pictures",
    "N": "Notes for designers",
    "X": "Print-on-demand exports",
}

# Layouts the examples add to the mini pack's Gag cards, before its [decks.gags.expect].
_EXPECT = "[decks.gags.expect]"
_FACE = ('[decks.gags.face]\nlayout = "gag"\n\n'
         '[[layouts.gag.elements]]\nname = "title"\ntype = "text"\ntext = "{name}"\n')
_RULES = '[rules]\nfile = "rules.md"\n\n'
_VARIANT = ('[[variants]]\nname = "finish-round"\ndescription = "The last round is played out."\n'
            'finish_round = true\n\n')

CODES = _registry(
    # The manifest, game.toml
    Code("M100", E, "manifest-missing", "The pack folder has no game.toml.",
         meaning="A pack is a folder with a game.toml in it: the manifest names the decks, their columns "
                 "and everything printkit makes from them. Without it there is nothing to check or build.",
         example=Example(Edit("game.toml", new=None),
                         gives=("game.toml:1:1: error M100 no game.toml in the pack folder\n"
                                "  hint: every pack folder holds a game.toml naming its decks")),
         fix="Run printkit on the pack folder itself, or write its game.toml: `printkit new NAME` makes a "
             "working pack to start from."),
    Code("M101", E, "manifest-syntax", "game.toml is not valid TOML.",
         meaning="game.toml could not be read as TOML, so nothing in it can be checked. The finding points at "
                 "the line where reading stopped; the mistake is there or just before it.",
         example=Example(Edit("game.toml", 'title = "Mini Grab"', 'title = "Mini Grab'),
                         gives="game.toml:3:19: error M101 TOML syntax error: illegal character '\\n'"),
         fix="Correct the TOML at that line: close every quote and bracket, quote text in double quotes, and "
             "write one key = value on each line."),
    Code("M102", E, "missing-key", "A key the manifest needs is absent.",
         meaning="Some keys have no sensible default, such as a game's title and description or a deck's "
                 "file, so the table that should hold them is reported.",
         example=Example(Edit("game.toml", 'description = "A pack small enough to read at a glance."\n', ""),
                         gives="game.toml:2:1: error M102 missing key 'description' in [game]"),
         fix="Add the key the message names to the table it names."),
    Code("M103", W, "unknown-key", "A key printkit does not know; often a typo.",
         meaning="printkit reads only the keys it knows. Any other key is ignored, which is why a misspelt "
                 "key looks as if it had no effect; the warning says so, with the nearest known key.",
         example=Example(Edit("game.toml", "players = { min = 2, max = 4 }",
                              'players = { min = 2, max = 4 }\nnotise = "Made for our games club."'),
                         gives=("game.toml:6:1: warning M103 unknown key 'game.notise'\n"
                                "  hint: did you mean 'notice'?")),
         fix="Correct the spelling (the hint suggests the key you probably meant), or remove the key."),
    Code("M104", E, "bad-value", "A manifest value has the wrong type or is out of range.",
         meaning="The key is known, but its value is not one printkit can use: text where a number belongs, "
                 "a number past its limit (docs/pack-format.md, \"Limits\"), a space that is not on the board, an "
                 "unknown card size.",
         example=Example(Edit("game.toml", "cost = 2", 'cost = "two"'),
                         gives="game.toml:40:1: error M104 'claims.cost' must be a whole number of at least 1"),
         fix="Give the kind of value the message asks for, within its range."),
    Code("M105", E, "deck-file-missing", "A deck names a CSV file that does not exist.",
         meaning="A deck's `file` must name a CSV file inside the pack folder; paths are read from the "
                 "folder that holds game.toml.",
         example=Example(Edit("game.toml", 'file = "kids.csv"', 'file = "kid.csv"'),
                         gives=("game.toml:9:1: error M105 deck 'kids' names 'kid.csv', which does not exist\n"
                                "  hint: did you mean 'kids.csv'?")),
         fix="Correct the file name (the hint suggests a CSV file of the pack with a similar name), or put "
             "the file in the pack folder."),
    Code("M106", E, "unknown-reference", "The manifest names a deck, column or value that does not exist.",
         meaning="One part of the manifest refers to another by name (a deck, a column, a value of a "
                 "column, a layout, a style, a font family) and nothing has that name.",
         example=Example(Edit("game.toml", 'Girl = { label = "any girl", where = { gender = "girl" } }',
                              'Girl = { label = "any girl", where = { gender = "gril" } }'),
                         gives=("game.toml:45:40: error M106 column 'gender' has no value 'gril'\n"
                                "  hint: did you mean 'girl'?")),
         fix="Use a name that exists (the hint suggests the nearest), or declare the thing it names."),
    Code("M107", E, "unknown-layout-key",
         "A key in a layout, face, back, style, icon or font table that printkit does not know.",
         meaning="Layout tables are strict: a key printkit does not know there is an error, not a warning, "
                 "because a misspelt key would silently draw the card wrong.",
         example=Example(Edit("game.toml", _EXPECT, '[decks.gags.face]\nlayout = "claim"\npionts = "points"\n\n'
                              + _EXPECT),
                         gives=("game.toml:34:1: error M107 unknown key 'decks.gags.face.pionts'\n"
                                "  hint: did you mean 'points'?")),
         fix="Correct the key (the hint suggests the nearest known one); `printkit layout show NAME` lists "
             "the keys a layout uses."),
    Code("M108", E, "layout-file", "A layout file cannot be used: missing, outside the pack, too large or not TOML.",
         meaning="A layout may live in a file of its own, named under [layouts]. That file must be a TOML "
                 "file of at most 1 MB inside the pack folder.",
         example=Example(Edit("game.toml", _EXPECT, '[layouts]\ngag = "layouts/gag.toml"\n\n' + _EXPECT),
                         gives="game.toml:33:1: error M108 layout file 'layouts/gag.toml' does not exist"),
         fix="Correct the path, or create the file; keep layout files in the pack, such as "
             "layouts/card.toml."),
    Code("M109", E, "shuffle-mismatch", "Decks shuffled together differ in card size or back.",
         meaning="`[shuffled_together.ID]` names decks the rules shuffle into one deck. Players must not tell "
                 "their cards apart from behind, so every deck of the group needs the same card size and the "
                 "same back (colour, label, picture and layout); exports make one deck of them.",
         example=Example(Edit("game.toml", "[board]", '[shuffled_together.all]\ndecks = ["kids", "gags"]\n\n[board]'),
                         gives=("game.toml:48:1: error M109 decks 'kids' and 'gags' are shuffled together in 'all' "
                                "but differ in back\n"
                                "  hint: give them the same [decks.ID.back]: colour, label, art and layout")),
         fix="Give the decks the same `[decks.ID.back]` (a back's label defaults to the deck's title, so set "
             "it) and the same card size, or do not shuffle them together."),
    Code("M110", E, "unknown-switch", "A rule variant sets a switch the pack's game engine does not know.",
         meaning="A `[[variants]]` entry names an optional rule and the switches that make the simulator play "
                 "it, such as `finish_round = true`. Each game's engine honours its own switches (the claims "
                 "engine of Gag Grab: `finish_round`); any other would silently change nothing, so "
                 "a simulation of the variant (`printkit simulate PACK --variant NAME`) would play the standard game "
                 "under the variant's name.",
         example=Example(Edit("game.toml", _EXPECT, _VARIANT.replace("finish_round", "finish_rounds") + _EXPECT),
                         gives=("game.toml:35:1: error M110 the claims engine has no rule switch 'finish_rounds' "
                                "(variant 'finish-round')\n"
                                "  hint: did you mean 'finish_round'?")),
         fix="Correct the switch's name (the hint suggests the nearest), or remove it; docs/game-toml-keys.md "
             "lists every switch and the engine that honours it. A variant with no switch still prints in "
             "the rules."),
    Code("M111", E, "duplicate-variant", "Two rule variants have the same name.",
         meaning="A variant is chosen by its name (`printkit simulate --variant NAME`, `{{variant NAME}}` in "
                 "the rules), so each `[[variants]]` entry needs a name of its own.",
         example=Example(Edit("game.toml", _EXPECT, _VARIANT + _VARIANT + _EXPECT),
                         gives=("game.toml:38:1: error M111 two variants are named 'finish-round'\n"
                                "  hint: the first is at line 33; give each variant its own name")),
         fix="Rename one of them, or merge them into one variant."),
    # CSV structure
    Code("C200", W, "not-utf8", "The file is not UTF-8; it was read as Windows-1252.",
         meaning="printkit reads CSV files as UTF-8. A file that is not was read as Windows-1252, the "
                 "encoding older spreadsheets save in; that is usually right, but accents and curly quotes "
                 "may come out wrong.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Beethoven\u2019s Ninth,5,LU + Schroeder",
                              encoding="cp1252"),
                         gives=("gags.csv:3:10: warning C200 byte 0x92 is not UTF-8; the file was read as "
                                "Windows-1252\n"
                                "  hint: save it from your spreadsheet as 'CSV UTF-8' to be sure of accents "
                                "and quotes")),
         fix="Save the file from your spreadsheet as \"CSV UTF-8\"."),
    Code("C201", E, "unreadable", "The file cannot be read or decoded.",
         meaning="The file could not be opened, or holds bytes that are neither UTF-8 nor Windows-1252, so "
                 "it is not a text file printkit can read.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "T\x81y Piano,5,LU + Schroeder",
                              encoding="latin-1"),
                         gives=("gags.csv:3:2: error C201 the file is neither UTF-8 nor Windows-1252 (byte 0x81)\n"
                                "  hint: save it from your spreadsheet as 'CSV UTF-8'")),
         fix="Save the file from your spreadsheet as \"CSV UTF-8\"; if it cannot be opened at all, check its "
             "permissions."),
    Code("C202", E, "missing-column", "A column the deck needs is not in the header.",
         meaning="Every column declared under [decks.<id>.columns] must be in the CSV file's header (unless "
                 "it is `optional`). A misspelt header is named with the column it probably means.",
         example=Example(Edit("gags.csv", "name,points,requires", "name,pionts,requires"),
                         gives=("gags.csv:1:6: error C202 missing column 'points'\n"
                                "  hint: the header has 'pionts'; did you mean 'points'?")),
         fix="Correct the header, or add the column; or mark the column `optional = true` in the manifest."),
    Code("C203", W, "extra-column", "The header has a column the deck does not use.",
         meaning="The CSV file has a column the manifest does not declare, so printkit ignores it. That is "
                 "fine for notes, but often a column was meant to be used and is misspelt.",
         example=Example(Edit("gags.csv", "", "name,points,requires,notes\nFootball Kick,4,CB + LU,\n"
                              "Toy Piano,5,LU + Schroeder,loud\nBad Temper,2,LU x2 or CB x2,\n"
                              "Phone Call,1,Peppermint Patty + MC or Girl,\n"),
                         gives=("gags.csv:1:22: warning C203 deck 'gags' does not use column 'notes'\n"
                                "  hint: columns it reads: name, points, requires")),
         fix="Declare the column under [decks.<id>.columns] if the deck should use it; otherwise leave it "
             "or delete it."),
    Code("C204", E, "field-count", "A row has more or fewer fields than the header.",
         meaning="Each row must have as many fields as the header has columns. An extra field is often an "
                 "unquoted comma inside a cell; a missing one, a cell left out.",
         example=Example(Edit("gags.csv", "Football Kick,4,CB + LU", "Football Kick,4,CB + LU,loud"),
                         gives=("gags.csv:2:25: error C204 this row has 4 fields but the header has 3\n"
                                "  hint: a comma inside a value needs the value in double quotes")),
         fix="Quote a cell that holds a comma (\"Toy Piano, loud\"), or add or remove the cell that is "
             "missing or extra."),
    Code("C205", E, "blank-name", "A card has no name.",
         meaning="Every card needs a name: the checklist, the requirements and the findings all refer to "
                 "cards by name.",
         example=Example(Edit("gags.csv", "Football Kick,4,CB + LU", ",4,CB + LU"),
                         gives="gags.csv:2:1: error C205 this card has no name"),
         fix="Give the card a name."),
    Code("C206", E, "duplicate-name", "Two different cards share a name.",
         meaning="Names, and values of columns marked `unique`, must differ from card to card; both lines "
                 "are named. (Rows identical in every column are N601 instead.)",
         example=Example(Edit("gags.csv", "Bad Temper,2,LU x2 or CB x2", "Football Kick,2,LU x2 or CB x2"),
                         gives=("gags.csv:4:1: error C206 name 'Football Kick' is used on line 2 and line 4\n"
                                "  hint: give each card its own name")),
         fix="Rename one of the two cards; for more copies of one card, raise its `count`."),
    Code("C207", E, "empty-file", "The file has no header row.",
         meaning="A deck's CSV file starts with a header line naming its columns; this file has none, or "
                 "nothing at all.",
         example=Example(Edit("gags.csv", "", ""),
                         gives=("gags.csv:1:1: error C207 the file has no header row\n"
                                "  hint: the first line names the columns, such as 'name,points,requires'")),
         fix="Write the header on the first line, such as `name,points,requires`, and the cards below it."),
    Code("C208", E, "unclosed-quote", "A quoted field is never closed.",
         meaning="A field that starts with a double quote runs until the next lone double quote, across "
                 "lines if need be; this one never ends, so the rest of the file would be one cell.",
         example=Example(Edit("gags.csv", "Phone Call,1,Peppermint Patty + MC or Girl",
                              'Phone Call,1,"Peppermint Patty + MC or Girl'),
                         gives=("gags.csv:5:14: error C208 this quoted field is never closed\n"
                                "  hint: a quote inside a quoted field is written twice: \"\"\n"
                                "kids.csv:5:1: warning N600 no requirement names 'Peppermint Patty'; it counts "
                                "only as 'Girl' or 'Any'")),
         fix="Close the quote. A double quote inside a quoted field is written twice: \"\"."),
    Code("C209", E, "duplicate-column", "The header names a column twice.",
         meaning="Each column may appear once in the header (names are compared without regard to case), "
                 "or printkit could not tell which cell a card's value is.",
         example=Example(Edit("gags.csv", "", "name,points,requires,Points\nFootball Kick,4,CB + LU,4\n"
                              "Toy Piano,5,LU + Schroeder,5\nBad Temper,2,LU x2 or CB x2,2\n"
                              "Phone Call,1,Peppermint Patty + MC or Girl,1\n"),
                         gives="gags.csv:1:22: error C209 column 'Points' appears twice in the header"),
         fix="Delete or rename one of the two columns."),
    Code("C210", E, "too-large", "A CSV file, a field, a deck's or the pack's total of cards, or the number of "
                                 "decks is larger than printkit's limits.",
         meaning="A pack is untrusted input, so every size has a limit (docs/pack-format.md, \"Limits\"): "
                 "2 MB a CSV file, 10,000 characters a field, 200 fields a row, 2,000 cards a deck with every copy "
                 "counted, 50 decks a pack and 10,000 cards in all its decks. A pack past one of the last two is "
                 "not checked further: checking it would take minutes.",
         example=Example(Edit("kids.csv", "Charlie Brown,CB,main,3,boy\nLucy,LU,main,3,girl\nSchroeder,,gallery,1,boy",
                              "Charlie Brown,CB,main,999,boy\nLucy,LU,main,999,girl\nSchroeder,,gallery,999,boy"),
                         gives=("kids.csv:4:20: error C210 deck 'kids' comes to more than 2,000 cards by this "
                                "row; a deck may hold at most 2,000")),
         fix="Split a deck that is really several, a game that is really several packs, or shorten the field; "
             "the limits are fixed."),
    # Cell values
    Code("V300", E, "not-positive-whole", "A number that must be a positive whole number is not.",
         meaning="A `count` column (copies, points) holds whole numbers from 1 to 999; words, fractions, zero "
                 "and negative numbers are refused.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,five,LU + Schroeder"),
                         gives="gags.csv:3:11: error V300 'points' must be a positive whole number, not 'five'"),
         fix="Write the number in digits, such as 5; for a column that may hold 0 or less, declare it a "
             "`number` column."),
    Code("V301", E, "unknown-choice", "A value is not one of the values the column allows.",
         meaning="A `choice` column lists its values in the manifest; a cell must hold one of them exactly.",
         example=Example(Edit("kids.csv", "Lucy,LU,main,3,girl", "Lucy,LU,mian,3,girl"),
                         gives=("kids.csv:3:9: error V301 'mian' is not a kind\n"
                                "  hint: did you mean 'main'?")),
         fix="Correct the cell (the hint suggests the nearest value), or add the value to the column's "
             "`values` in the manifest."),
    Code("V302", E, "blank-value", "A required cell is empty.",
         meaning="Cells may be empty only in columns declared `blank = true`.",
         example=Example(Edit("kids.csv", "Lucy,LU,main,3,girl", "Lucy,LU,main,3,"),
                         gives="kids.csv:3:16: error V302 'gender' is empty"),
         fix="Fill in the cell, or declare the column `blank = true` if cards may leave it empty."),
    Code("V303", E, "not-a-number", "A number column's cell is not a whole number in its range, nor a placeholder.",
         meaning="A `number` column holds whole numbers within its `min` and `max` (and at most a billion "
                 "either way), or one of its `placeholders` such as X, written exactly.",
         example=Example(Edit("game.toml", 'points = "count"', 'points = { type = "number", min = 0, max = 9 }'),
                         Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,12,LU + Schroeder"),
                         gives="gags.csv:3:11: error V303 'points' must be at most 9, not '12'"),
         fix="Write a whole number in the column's range, or widen the range in the manifest."),
    # The requirement language
    Code("R400", E, "requirement-syntax", "A requirement cannot be parsed.",
         meaning="A requirement is written in printkit's small language (docs/requirements.md):"
                 " terms joined by `+`, choices with `or`, counts as `x2`. This one breaks a rule "
                 "of it; the column points at the spot.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,5,LU + Schroeder +"),
                         gives="gags.csv:3:28: error R400 '+' needs a card after it"),
         fix="Rewrite the requirement in the language's forms, such as `CB + LU` or `LU x2 or CB x2`."),
    Code("R401", E, "unknown-term", "A requirement names a card or category that does not exist.",
         meaning="Each term of a requirement must be a code or name of a card in the paying deck, or a "
                 "category from [categories] (or the built-in Any). This one is none of them; often it is "
                 "a typo.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,5,LU + Shroeder"),
                         gives=("gags.csv:3:18: error R401 unknown term 'Shroeder'\n"
                                "  hint: did you mean 'Schroeder'?")),
         fix="Correct the term (the hint suggests the nearest), add the card, or define the word in "
             "[categories]."),
    Code("R402", E, "wrong-cost", "An alternative does not cost the number of cards a claim takes.",
         meaning="Every claim costs the same number of cards, [claims] cost; each way of paying a "
                 "requirement must take exactly that many.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,5,LU + Schroeder + CB"),
                         gives=("gags.csv:3:13: error R402 'LU + Schroeder + CB' costs 3 cards, but a claim "
                                "costs 2\n"
                                "  hint: write it with 2 cards; [claims] cost sets what every claim costs")),
         fix="Add or remove cards from the alternative; if every claim should cost more, change [claims] "
             "cost."),
    Code("R403", E, "never-payable", "No hand drawn from the deck could ever pay this requirement.",
         meaning="The paying deck does not hold enough matching cards, every copy counted, to pay this "
                 "alternative even with the whole deck in hand: asking for two of a card printed once, say.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,5,Schroeder x2"),
                         gives=("gags.csv:3:13: error R403 no hand can pay 'Schroeder x2': the Kid cards do "
                                "not hold enough matching cards\n"
                                "  hint: it needs 2 cards matching 'Schroeder' and the deck has 1")),
         fix="Ask for cards the deck has enough of, or add copies (raise `count`) of the card it lacks."),
    Code("R404", E, "requirement-too-long",
         "A requirement has more characters or terms than the requirement language allows.",
         meaning="A requirement holds at most 500 characters and 50 terms, so that checking and odds stay "
                 "quick whatever a cell holds.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder",
                              "Toy Piano,5,LU + " + " or ".join(["Schroeder", "CB"] * 25)),
                         gives=("gags.csv:3:487: error R404 the requirement has more than 50 terms\n"
                                "  hint: a claim costs a few cards; split the card or use a category")),
         fix="Shorten the requirement: a category in [categories] can stand for a long list of cards."),
    # Deck composition
    Code("K500", E, "composition", "The data does not match a count the manifest expects.",
         meaning="[decks.<id>.expect] states what the deck should hold (cards in all, copies of each value, "
                 "the sum of a column) and the data is held to it, so a lost or doubled row is caught.",
         example=Example(Edit("game.toml", "sum.points = 12", "sum.points = 13"),
                         gives=("game.toml:34:5: error K500 deck 'gags' should have 13 'points' in all, but "
                                "gags.csv has 12\n"
                                "  hint: change the data, or this number if the game changed")),
         fix="Correct the data, or the expected number if the game changed."),
    Code("K501", E, "board-not-filled", "Fewer cards than the board has spaces.",
         meaning="Each space of the board holds a card of the board's deck at the start, so the deck needs "
                 "at least as many cards as the board has spaces.",
         example=Example(Edit("game.toml", "columns = 2", "columns = 3"),
                         gives=("game.toml:47:1: error K501 the 3×2 board has 6 spaces but deck 'gags' has "
                                "only 4 cards\n"
                                "  hint: add cards to deck 'gags', or make the board smaller ([board] columns "
                                "and rows)")),
         fix="Add cards to the deck, or make the board smaller ([board] columns and rows)."),
    Code("K502", W, "board-seats-too-few", "The board has fewer start spaces than players.",
         meaning="In a claiming game each pawn starts on a free start space of its own: [board] starts, "
                 "and [board.extra_starts] from its number of players on. A player count the game takes "
                 "([game] players) with fewer distinct start spaces than players cannot begin, and "
                 "'printkit simulate' refuses it.",
         example=Example(Edit("game.toml", "extra_starts = { players = 5,", "extra_starts = { players = 7,"),
                         pack="gag-grab",
                         gives=("game.toml:88:1: warning K502 5 players need 5 start spaces, one pawn on each, "
                                "but the board has 4 for them (A1, F1, A6, F6)\n"
                                "  hint: add spaces to [board] starts (or to [board.extra_starts], from a number "
                                "of players on), or take fewer players ([game] players, now 2 to 8)")),
         fix="Add start spaces, lower the number of players [board.extra_starts] joins from, or lower "
             "[game] players max."),
    # Printing
    Code("T700", E, "text-overflow", "Text does not fit its box on the card even at the smallest size.",
         meaning="Text shrinks to fit its element's box, down to the smallest size the element allows; "
                 "past that it would be cut off or run over the card. The data may be too long, or the box "
                 "too small. Backs and player aids are measured too: a game title too long for the backs "
                 "is reported once, at its key in game.toml.",
         example=Example(Edit("game.toml", _EXPECT, _FACE + 'from = "safe"\nh = 5\nsize = [8, 10]\n\n' + _EXPECT),
                         Edit("gags.csv", "Phone Call,1,Peppermint Patty + MC or Girl",
                              "A Long Phone Call to the Little Red-Haired Girl,1,Peppermint Patty + MC or Girl"),
                         gives=("gags.csv:5:1: error T700 the name 'A Long Phone Call to the Little Red-Haired "
                                "Girl' does not fit on the card, even at the smallest size allowed\n"
                                "  hint: shorten the name, or give element 'title' of layout 'gag' a larger "
                                "box (w, h) or a smaller smallest size (now size = [8, 10])")),
         fix="Shorten the text, or give the element the hint names a larger box or a smaller smallest "
             "size; a built-in layout is changed through a layout of the pack's own that extends it."),
    Code("T701", E, "missing-glyph",
         "A character has no glyph in the font that prints it or in the pack's fallback fonts (on a card, or in "
         "the guide, checklist, board or rules).",
         meaning="The font that prints the text, and the pack's fallback fonts, have no shape for this "
                 "character, so it would print as a gap: on a card, or in the guide, checklist, board or "
                 "rules, wherever the text appears.",
         example=Example(Edit("gags.csv", "Melting Snowman,3,CB or SN + CB or SN",
                              "Melting \u2603 Snowman,3,CB or SN + CB or SN"), pack="gag-grab",
                         gives=("gags.csv:19:9: error T701 '☃' (U+2603) has no glyph in the display font, so "
                                "'Melting ☃ Snowman' would print with a gap\n"
                                "  hint: add a font that has it to the fallback list under [fonts] in game.toml, "
                                "or use another character")),
         fix="Use another character, or add a font that has it under [fonts] (as the font itself or as a "
             "fallback)."),
    Code("T702", E, "unknown-design", "A layout or symbol the manifest names does not exist.",
         meaning="A deck's face names a layout, and a token a symbol, that is neither built in nor the "
                 "pack's own.",
         example=Example(Edit("game.toml", _EXPECT, '[decks.gags.face]\nlayout = "clam"\n\n' + _EXPECT),
                         gives=("game.toml:33:1: error T702 deck 'gags' uses unknown layout 'clam'\n"
                                "  hint: did you mean 'claim'?")),
         fix="Correct the name (the hint suggests the nearest); `printkit layout list` names the built-in "
             "layouts."),
    Code("T703", W, "outside-safe-zone", "A layout element reaches past the safe zone without being marked to bleed.",
         meaning="A cut may land a little off the trim line, so what matters is kept 4 mm inside it (the "
                 "safe zone). On a page, text is kept 6.35 mm from the sheet's edge, where home printers "
                 "cannot print.",
         example=Example(Edit("game.toml", _EXPECT, _FACE + "x = 1\ny = 1\nw = 40\nh = 10\n\n" + _EXPECT),
                         gives=("game.toml:35:1: warning T703 element 'title' of layout 'gag' reaches past the "
                                "safe zone (4 mm inside the trim) on 63.5 × 88.9 mm cards\n"
                                "  hint: move it inside, or add 'bleed = true' if it is meant to reach the edge")),
         fix="Move the element inside (`from = \"safe\"` measures from the safe line), or add `bleed = true` "
             "to an element meant to run off the edge."),
    Code("T704", W, "collision", "Two elements of a card, or two texts of a page, print over each other.",
         meaning="The inks of two elements meet on at least one card (or two texts on a page), so one "
                 "would be printed over the other.",
         example=Example(Edit("game.toml", _EXPECT, _FACE + 'from = "safe"\nh = 12\n\n[[layouts.gag.elements]]\n'
                              'name = "points"\ntype = "text"\ntext = "{points}"\nfrom = "safe"\nh = 12\nsize = 20\n\n'
                              + _EXPECT),
                         gives=("gags.csv:2:1: warning T704 element 'title' of layout 'gag' and 'points' print "
                                "over each other on 'Football Kick'\n"
                                "  hint: move or shrink one of them, or show them on different cards with 'when'")),
         fix="Move or shrink one of the two, or show them on different cards with `when`."),
    Code("T705", W, "small-type", "Text prints smaller than the pack's minimum (6 pt; 7 pt in the rules).",
         meaning="Type under the pack's minimum is hard to read in print. The minimum is [lint] min_type "
                 "(6 pt unless the pack says otherwise) on cards, board and pieces, and [lint] rules_min_type "
                 "(7 pt) in the rules.",
         example=Example(Edit("game.toml", _EXPECT, _FACE + 'from = "safe"\nh = 12\nsize = 5\n\n' + _EXPECT),
                         gives=("gags.csv:2:1: warning T705 element 'title' of layout 'gag' prints 'Football "
                                "Kick' at 5.0 pt on 'Football Kick', under 6 pt\n"
                                "  hint: give it more room or a larger smallest size; [lint] min_type sets "
                                "this limit (now 6 pt)")),
         fix="Give the element more room or a larger smallest size; lower the minimum in [lint] only if "
             "this size reads well in print."),
    Code("T706", W, "low-contrast", "Text is too close in lightness to what it is printed on to read well.",
         meaning="Text needs a contrast of at least [lint] min_contrast (WCAG's 4.5:1 unless the pack says "
                 "otherwise) with what is under it; large text (18 pt, or 14 pt bold) needs 3:1.",
         example=Example(Edit("game.toml", _EXPECT,
                              _FACE.replace("[[layouts", '[layouts.gag]\nbackground = "#FFFFFF"\n\n[[layouts')
                              + 'from = "safe"\nh = 12\ncolour = "#BBBBBB"\n\n' + _EXPECT),
                         gives=("gags.csv:2:1: warning T706 element 'title' of layout 'gag' is #BBBBBB on "
                                "#FFFFFF on 'Football Kick': contrast 1.92:1, below 4.5:1\n"
                                "  hint: darken the text or lighten what is under it (or the other way round); "
                                "[lint] min_contrast sets the level for body text (now 4.5:1; large text needs 3:1)")),
         fix="Darken the text or lighten what is under it (or the other way round)."),
    Code("T707", E, "unknown-text-reference", "Text names a column, role or icon that does not exist.",
         meaning="In a layout's text, `{name}` stands for a column, a face role or an icon; in a cell, only "
                 "for an icon. This one names none of them.",
         example=Example(Edit("game.toml", _EXPECT, _FACE.replace("{name}", "{name} ({pionts})") + 'from = "safe"\n'
                              'h = 12\n\n' + _EXPECT),
                         gives=("game.toml:35:1: error T707 element 'title' of layout 'gag' names 'pionts', "
                                "which deck 'gags' has no column, role or icon for\n"
                                "  hint: did you mean 'points'?")),
         fix="Correct the name (the hint suggests the nearest), declare the icon under [icons], or write "
             "\\{ for a brace that is just a brace."),
    Code("T708", E, "font-unusable",
         "A font file the pack names is missing, outside the pack, too big, damaged, or cannot be embedded.",
         meaning="A font under [fonts] must be a TrueType or OpenType file of at most 20 MB inside the pack, "
                 "whose licence allows embedding; printkit embeds it in the PDFs. Check reads the whole "
                 "font as embedding will: every table inside the file, units per em from 16 to 16384, "
                 "every glyph readable, composite glyphs at most 16 deep and 65,535 points, no loops.",
         example=Example(Edit("game.toml", _EXPECT, '[fonts]\nfancy = "fonts/Fancy.ttf"\n\n' + _EXPECT),
                         gives=("game.toml:33:1: error T708 font 'fonts/Fancy.ttf' does not exist\n"
                                "  hint: fonts are single .ttf or .otf files inside the pack folder, such as fonts/")),
         fix="Put the font file where the path says, or correct the path; export a web or collection font "
             "as a single .ttf; copy a damaged font again from its source, or re-export it from a font editor."),
    Code("T709", W, "text-on-shape-edge", "Text runs over the edge of a filled shape, or a shape covers it.",
         meaning="Text half on a shape and half off it changes background mid-word, and a shape drawn after "
                 "text hides it.",
         example=Example(Edit("game.toml", _EXPECT, _FACE + 'from = "safe"\nh = 12\n\n[[layouts.gag.elements]]\n'
                              'name = "patch"\ntype = "rect"\nfill = "#56B4E9"\nfrom = "safe"\nx = 20\ny = 4\n'
                              'w = 30\nh = 4\n\n' + _EXPECT),
                         gives=("game.toml:25:1: warning T709 deck 'gags': text covered by a box drawn over "
                                "it: 'Bad Temper', 'Football Kick', 'Phone Call' and 1 more (on 'Bad Temper', "
                                "'Football Kick', 'Phone Call' and 1 more)\n"
                                "  hint: keep text wholly on, or wholly off, the shapes around it")),
         fix="Keep text wholly on, or wholly off, the shapes around it, and draw shapes before the text "
             "that sits on them."),
    Code("T710", W, "line-through-text", "A cut, fold, crop or table line runs through text.",
         meaning="A line drawn across text makes it hard to read, and a cut line through it cuts it in two.",
         example=Example(Edit("game.toml", _EXPECT, _FACE + 'from = "safe"\nh = 12\n\n[[layouts.gag.elements]]\n'
                              'name = "rule"\ntype = "line"\nfrom = "safe"\ny = 6\nw = 55\nh = 0\n\n' + _EXPECT),
                         gives=("game.toml:25:1: warning T710 deck 'gags': a line runs through text: 'Bad "
                                "Temper', 'Football Kick', 'Phone Call' and 1 more (on 'Bad Temper', 'Football "
                                "Kick', 'Phone Call' and 1 more)\n"
                                "  hint: move the text or the line")),
         fix="Move the line clear of the text, or the text clear of the line."),
    Code("T711", W, "broken-word",
         "A word in a rules table does not fit its column and breaks, or a cell cannot fit a page.",
         meaning="Tables in the rules shrink to fit the page, down to [lint] rules_min_type; past that a long "
                 "word would break inside itself, and a cell taller than a page cannot be set. Only `build` "
                 "reports it, as it typesets the rules.",
         example=Example(Edit("game.toml", _EXPECT, _RULES + _EXPECT),
                         Edit("rules.md", "", "# Rules\n\n| Word | Meaning |\n|---|---|\n"
                              "| Pneumonoultramicroscopicsilicovolcanoconiosis | Antidisestablishmentarianism |\n"),
                         command="build",
                         gives=("rules.md:3:1: warning T711 a table needs 90.0 mm for its longest words but "
                                "has 85.5 mm: words would break\n"
                                "  hint: shorten the longest words, or drop a column; tables shrink no smaller "
                                "than [lint] rules_min_type (now 7 pt)")),
         fix="Shorten the longest words or drop a column (a card table chooses its own with columns=); or "
             "lower [lint] rules_min_type."),
    # The rules' pages, judged as typeset (render/rules_lint.py, rules/pagination.py)
    Code("T720", W, "stranded-heading",
         "A heading or lead-in ends a page or column of the rules while what it introduces starts on the next.",
         meaning="A heading, or a paragraph ending in a colon, keeps at least two lines (or table rows) of "
                 "what follows with it; this one was left at the foot of a page or column. Only `build` "
                 "reports it, as it typesets the rules.",
         example="None in the bundled packs: the typesetter keeps headings with what follows, and parts them "
                 "only when not even a whole page holds the pair (a table row or drawing taller than the "
                 "page under the heading). tests/checks/test_rules_page_findings.py builds such a page.",
         fix="Shorten what follows the heading, or split it; please report a pack where it happens otherwise."),
    Code("T721", W, "lone-table-row", "A table in the rules splits across pages leaving one row alone.",
         meaning="A table that breaks across a page or column keeps several rows on each side, its header "
                 "repeated; one row alone reads as if the rest were forgotten. Only `build` reports it.",
         example="None in the bundled packs: tables split with at least 3 rows on each side or move whole. "
                 "tests/checks/test_rules_page_findings.py builds a page that splits 3 + 1.",
         fix="Please report the pack; a table with fewer rows moves whole to the next page."),
    Code("T722", W, "unmirrored-margins",
         "A booklet page's text or footer does not share the other pages' fold and outer margins.",
         meaning="On a folded booklet every half page has the same margin at the fold (10 mm) and at the "
                 "outer edge (16 mm), mirrored from left-hand to right-hand pages. Only `build --booklet` "
                 "reports it.",
         example="None in the bundled packs. tests/checks/test_rules_page_findings.py builds booklet pages "
                 "that are not mirrored.",
         fix="Please report the pack: the typesetter chooses each page's side by its number."),
    Code("T723", W, "mostly-empty-page",
         "A rules page other than the last ends more than half empty.",
         meaning="A page ends early only when what comes next cannot fit or be split there (a table that "
                 "moves whole, a drawing); more than half a page left empty before the last page looks "
                 "like a mistake. Only `build` reports it.",
         example="None in the bundled packs. tests/checks/test_rules_page_findings.py builds a page that "
                 "breaks early.",
         fix="Shorten or split the block that starts the next page (a long table, a tall picture)."),
    Code("T724", W, "rules-lone-word",
         "A paragraph of the rules ends with one short word alone on its last line.",
         meaning="A short last word is kept with the word before it (a no-break space), as a number is "
                 "with its word, so no paragraph ends with a line holding only 'more.' or '5.'. Only "
                 "`build` reports it.",
         example="None in the bundled packs: the typesetter joins them. tests/checks/test_rules_page_findings.py "
                 "sets a paragraph without the joins.",
         fix="Reword the end of the paragraph; please report the pack."),
    # Card sheets for home printers
    Code("T730", W, "print-in-edge-band",
         "A crop mark, cut tick, card, bleed or piece lies within 4 mm of the paper's edge.",
         meaning="Home printers leave the outer 3 to 4.2 mm of a sheet blank, and a shop's large-format "
                 "printer about as much, so a mark or bleed printed there is lost. printkit's card sheets "
                 "and board.pdf keep everything 4 mm in; only `build` reports it, as it lays out the pages.",
         example="None with the pages printkit lays out: their margins, bleed and marks are worked out to "
                 "keep 4 mm clear (a crop mark 3.1 mm from an ARCH C sheet's edge was one; "
                 "tests/checks/test_page_findings.py and test_board_findings.py build pages that break it).",
         fix="Use a smaller card size, or one that fits the paper with room to spare; please report a "
             "pack that gives it."),
    Code("T731", W, "card-lone-word",
         "A short word stands alone on the last line of a card's text, under a line of several words.",
         meaning="printkit breaks card text into balanced lines, so that a title or a short text never "
                 "leaves one short word alone on its last line where a better break exists (\"Baseball "
                 "Coach / Pep Talk\"). A forced break (a newline or `<br>`) can still strand one.",
         example=Example(Edit("game.toml", _EXPECT, _FACE + 'from = "safe"\nh = 12\n\n[[layouts.gag.elements]]\n'
                              'name = "note"\ntype = "text"\ntext = "Keep this card for<br>later"\nfrom = "safe"\n'
                              'y = 40\nh = 12\n\n' + _EXPECT),
                         gives=("game.toml:25:1: warning T731 deck 'gags': a short word alone on the last line of "
                                "a text: 'later' (on 'Bad Temper', 'Football Kick', 'Phone Call' and 1 more)\n"
                                "  hint: take out the forced line break, or reword the text")),
         fix="Take out the forced break, or reword the text so that its last line holds more than one "
             "short word."),
    # board.pdf as printkit lays it out: its board, tiles and pieces
    Code("T741", W, "token-over-place", "A cut-out token is too big for the place printed for it.",
         meaning="A token cut out along its cut line must lie inside the ring of the place it goes on, with 1 mm "
                 "to spare all round, or it hides the ring and the board reads wrongly. The Popularity Board's "
                 "places narrow to fit the page, and their rings with them, while the tokens keep their size.",
         example=Example(Edit("game.toml", "popularity = [4, 4, 3, 3, 2, 2, 1, 1]",
                              "popularity = [4, 4, 3, 3, 2, 2, 1, 1, 1]"), pack="many-faces",
                         gives=("game.toml:1:1: warning T741 board.pdf page 1: a cut-out token that does not fit "
                                "the place it goes on with 1 mm to spare: a 25.0 mm token on a 24.7 mm ring (on "
                                "Letter)\n"
                                "  hint: give the board fewer places ([module] popularity), so each is wide enough "
                                "for a token\n"
                                "game.toml:1:1: warning T741 board.pdf page 1: a cut-out token that does not fit "
                                "the place it goes on with 1 mm to spare: a 25.0 mm token on a 26.7 mm ring (on "
                                "A4)\n"
                                "  hint: give the board fewer places ([module] popularity), so each is wide enough "
                                "for a token\n"
                                "game.toml:109:1: error G905 the Popularity Board has 9 places for 8 Personality "
                                "Tokens\n"
                                "  hint: give it one place per persona")),
         fix="Give the board fewer places ([module] popularity): eight fit A4 and Letter."),
    Code("T742", W, "cut-edge-unticked", "A board tile's edge to cut has no tick beyond one of its ends.",
         meaning="A tile that lies on its neighbour is cut along its left or top edge, where no line is "
                 "printed; a short tick in line with the edge beyond each end shows where the blade goes in.",
         example="None from a pack: printkit places the ticks; this finds one it could not fit.",
         fix="Please report the pack and paper: the tiling should leave room for the ticks."),
    Code("T743", W, "sheet-mostly-empty", "A sheet larger than home paper carries less than half its area.",
         meaning="A shop prints A2, SRA2, ARCH C or tabloid by the sheet: one mostly blank costs as much as a "
                 "full one. A small board whole on a large sheet is one; printkit keeps the pieces on the home "
                 "paper for this reason.",
         example=Example(Edit("game.toml", 'columns = 6\nrows = 6\ndeck = "gags"                        # one '
                              'face-up Gag card per space\nstarts = ["A1", "F1", "A6", "F6"]    # the corners\n'
                              'extra_starts = { players = 5, spaces = ["C3", "D3", "C4", "D4"] }',
                              'columns = 4\nrows = 3\ndeck = "gags"\nstarts = ["A1", "D1", "A3", "D3"]\n'
                              'extra_starts = { players = 5, spaces = ["B1", "C1", "B3", "C3"] }'),
                         pack="gag-grab", command="build --board-paper a2",
                         gives=("game.toml:84:1: warning T743 board.pdf page 1: a sheet larger than home paper "
                                "with less than 50% of it used: 420 × 594 mm, 47% used\n"
                                "  hint: print the board at home, tiled (leave out --board-paper), or on a smaller "
                                "sheet")),
         fix="Print the board at home, tiled (leave out --board-paper), or choose a smaller sheet."),
    # The rules booklet
    Code("D800", E, "rules-missing", "The manifest names a rules source that cannot be read.",
         meaning="[rules] file names the Markdown source of rules.pdf; it must be a UTF-8 text file inside "
                 "the pack.",
         example=Example(Edit("game.toml", _EXPECT, _RULES + _EXPECT),
                         gives="game.toml:33:1: error D800 the rules source 'rules.md' does not exist"),
         fix="Write the rules file, or correct its name in [rules] file."),
    Code("D801", E, "bad-placeholder", "A placeholder in the rules is unknown, misplaced or has bad arguments.",
         meaning="The rules may hold `{{placeholders}}` that printkit fills from the data, such as "
                 "`{{count gags}}`; this one is unknown, badly formed or given arguments it cannot use.",
         example=Example(Edit("game.toml", _EXPECT, _RULES + _EXPECT),
                         Edit("rules.md", "", "# Mini Grab\n\nThere are {{cuont gags}} Gag cards.\n"),
                         gives=("rules.md:3:11: error D801 unknown placeholder '{{cuont}}'\n"
                                "  hint: did you mean 'count'?")),
         fix="Correct the placeholder (the hint suggests the nearest); docs/kit.md, \"rules.pdf\", lists them."),
    Code("D802", E, "balance-too-long",
         "A `{{balance}}` placeholder would simulate more than a build's budget of 5,000,000 steps.",
         meaning="`{{balance}}` plays the pack with bots while the rules are built. So that a build always "
                 "ends, the games it plays may take at most 5,000,000 steps in all, where a turn counts "
                 "one step for each space of the board (the bots look over the whole board each turn), eight "
                 "with the lookahead bot (which does so for every move it weighs): "
                 "5,000 games of Gag Grab on its 6×6 board take about 4.5 million, while on a 26×26 board "
                 "with a long Gag deck 500 games take far more. Whether the budget is reached depends "
                 "only on the pack and the placeholder's arguments, never on the machine.",
         example="A copy of gag-grab with a 26×26 board, 1,352 Gag cards and `{{balance}}` in rules.md: "
                 "`rules.md:5:1: error D802 {{balance}} would simulate more than a build's 5,000,000 steps "
                 "(500 games of 4 players; a turn counts one step per board space, eight with the lookahead "
                 "bot)`.",
         fix="Ask for fewer games (`{{balance games=50}}`), or measure with `printkit simulate`, which "
             "allows more (docs/commands.md, printkit simulate)."),
    Code("D810", E, "rules-empty", "The rules source has nothing to typeset: rules.pdf would have no pages.",
         meaning="The rules source is empty, or holds only blank lines and comments.",
         example=Example(Edit("game.toml", _EXPECT, _RULES + _EXPECT), Edit("rules.md", "", "<!-- to do -->\n"),
                         gives=("rules.md:1:1: error D810 the rules source has nothing to typeset, so "
                                "rules.pdf would have no pages\n"
                                "  hint: write the rules, or remove [rules] from game.toml")),
         fix="Write the rules, or remove [rules] from game.toml until there are some."),
    Code("D811", E, "rules-too-deep", "Lists or quotes in the rules are nested deeper than printkit sets (6 levels).",
         meaning="printkit sets lists and block quotes at most 6 levels deep; deeper nesting would leave no "
                 "width for the text.",
         example=Example(Edit("game.toml", _EXPECT, _RULES + _EXPECT),
                         Edit("rules.md", "", "# Rules\n\n" + "".join("  " * n + f"- step {n + 1}\n" for n in range(7))),
                         gives=("rules.md:9:13: error D811 lists and quotes are nested 7 deep here; printkit "
                                "sets at most 6\n"
                                "  hint: flatten the list, or split it into sections")),
         fix="Flatten the list, or split it into sections with headings."),
    Code("D812", E, "table-too-wide", "A Markdown table in the rules has more columns than a page holds (12).",
         meaning="A rules page holds a table of at most 12 columns.",
         example=Example(Edit("game.toml", _EXPECT, _RULES + _EXPECT),
                         Edit("rules.md", "", "# Rules\n\n|" + "|".join(str(n) for n in range(1, 14)) + "|\n|"
                              + "|".join(["---"] * 13) + "|\n"),
                         gives=("rules.md:3:1: error D812 the table has 13 columns; a rules page holds at most 12\n"
                                "  hint: split the table, or turn columns into rows")),
         fix="Split the table, or turn its columns into rows."),
    Code("D813", E, "rules-unset", "The rules could not be typeset; the message says what stopped it.",
         meaning="The typesetter stopped on the rules for a reason the checks did not foresee; the message "
                 "gives its reason. Only `build` reports it, and nothing is written.",
         example="None that printkit knows of: the checks are meant to find each cause first (D810 to "
                 "D812, T711). The message quotes the typesetter's own reason.",
         fix="Simplify the part of the rules the message names, and please report the pack: the checks "
             "should catch this before the build."),
    # Game modules: sets and runs
    Code("G901", E, "run-impossible", "A suit lacks a value, so no run of it can be made.",
         meaning="In a sets-and-runs game, a run is cards of one suit (persona) with different values; a "
                 "suit missing a value in the data can never make one.",
         example=Example(Edit("personalities.csv", "Joe Cool 3,joe-cool,3,2\n", ""),
                         Edit("game.toml", "cards = 80\nby.value = { 1 = 16, 2 = 16, 3 = 16,",
                              "cards = 78\nby.value = { 1 = 16, 2 = 16, 3 = 14,"), pack="many-faces",
                         gives=("personalities.csv:7:12: error G901 Joe Cool has no card of value 3, so nobody "
                                "can make a run of it\n"
                                "  hint: add the missing cards: a run needs 5 different values of one persona "
                                "([module] run_size)")),
         fix="Add the missing cards, or drop the value from [module] values."),
    Code("G902", E, "set-impossible", "A value comes in too few suits for a set.",
         meaning="A set is [module] set_size cards of one value, each of a different suit; a value that "
                 "comes in fewer suits can never make one.",
         example=Example(Edit("game.toml", "set_size = 6", "set_size = 9"), pack="many-faces",
                         gives=("game.toml:105:1: error G902 value 1 comes in only 8 personas, but a set needs 9\n"
                                "  hint: add cards of this value, or make sets smaller ([module] set_size, now 9)\n"
                                "game.toml:105:1: error G902 value 2 comes in only 8 personas, but a set needs 9\n"
                                "  hint: add cards of this value, or make sets smaller ([module] set_size, now 9)\n"
                                "game.toml:105:1: error G902 value 3 comes in only 8 personas, but a set needs 9\n"
                                "  hint: add cards of this value, or make sets smaller ([module] set_size, now 9)\n"
                                "game.toml:105:1: error G902 value 4 comes in only 8 personas, but a set needs 9\n"
                                "  hint: add cards of this value, or make sets smaller ([module] set_size, now 9)\n"
                                "game.toml:105:1: error G902 value 5 comes in only 8 personas, but a set needs 9\n"
                                "  hint: add cards of this value, or make sets smaller ([module] set_size, now 9)")),
         fix="Add cards of that value in more suits, or make sets smaller ([module] set_size)."),
    Code("G903", E, "deck-too-small", "Too few cards to deal to the most players the game allows.",
         meaning="Each player is dealt a hand ([module] hand) and takes 2 cards on the first turn; with "
                 "[game] players.max players the deck must hold that many.",
         example=Example(Edit("game.toml", "hand = 7", "hand = 15"), pack="many-faces",
                         gives=("game.toml:108:1: error G903 6 players need at least 102 cards (15 each, and 2 "
                                "each to take on the first turn), but the deck has 96\n"
                                "  hint: add cards, or lower [game] players.max or [module] hand (now 15)")),
         fix="Add cards, or lower [game] players.max or [module] hand."),
    Code("G904", E, "missing-token", "A suit has no Personality Token.",
         meaning="Every suit (persona) needs a token under [tokens]: it marks the suit on the cards and on "
                 "the Popularity Board.",
         example=Example(Edit("game.toml", 'surgeon = { colour = "#CC79A7", symbol = "cross", code = "WS" }\n', ""),
                         pack="many-faces",
                         gives=("game.toml:100:1: error G904 no Personality Token for World Famous Surgeon\n"
                                "  hint: give every persona an entry in [tokens]")),
         fix="Give every persona an entry in [tokens]."),
    Code("G905", E, "popularity-board", "The Popularity Board's places do not match the tokens, or are out of order.",
         meaning="The Popularity Board has one place for each persona's token, each worth at least 1 point, "
                 "listed best first in [module] popularity.",
         example=Example(Edit("game.toml", "popularity = [4, 4, 3, 3, 2, 2, 1, 1]",
                              "popularity = [4, 4, 3, 3, 2, 2, 1]"),
                         pack="many-faces",
                         gives=("game.toml:109:1: error G905 the Popularity Board has 7 places for 8 "
                                "Personality Tokens\n"
                                "  hint: give it one place per persona")),
         fix="List one place per persona in [module] popularity, best first."),
    Code("G906", E, "unknown-effect", "An action card has an effect printkit does not know.",
         meaning="An action card's `effect` must be one the game module can play, or the simulator and the "
                 "rules could not use it.",
         example=Example(Edit("game.toml", 'values = ["extra-actions", "draw",',
                              'values = ["extra-actions", "draw", "drow",'),
                         Edit("actions.csv", "Woodstock,draw,", "Woodstock,drow,"), pack="many-faces",
                         gives=("actions.csv:3:11: error G906 'Woodstock' has an effect printkit does not "
                                "know: 'drow'\n"
                                "  hint: did you mean 'draw'?")),
         fix="Use an effect the module knows (the hint suggests the nearest, or lists them)."),
    Code("G907", E, "end-rule", "A player count has no rule, or several, for when the game ends.",
         meaning="[module] end says, for each number of players the game allows, how many collections end "
                 "the game; each count needs exactly one rule.",
         example=Example(Edit("game.toml", ", { players = [5, 6], collections = 2 }", ""), pack="many-faces",
                         gives=("game.toml:110:1: error G907 no end rule for 5 players\n"
                                "  hint: each player count needs exactly one entry in 'end'\n"
                                "game.toml:110:1: error G907 no end rule for 6 players\n"
                                "  hint: each player count needs exactly one entry in 'end'")),
         fix="Give each player count from [game] players.min to players.max exactly one entry in [module] end."),
    Code("G908", E, "value-outside-game", "A card's value is not one of the values the game module plays with.",
         meaning="The module plays with the values in [module] values; a card with another value could "
                 "never be part of a set or a run.",
         example=Example(Edit("game.toml", 'value = { type = "number", min = 1, max = 5 }',
                              'value = { type = "number", min = 1, max = 9 }'),
                         Edit("personalities.csv", "Flying Ace 5,flying-ace,5,2",
                              "Flying Ace 5,flying-ace,5,2\nFlying Ace 6,flying-ace,6,1"),
                         Edit("game.toml", "cards = 80", "cards = 81"), pack="many-faces",
                         gives=("personalities.csv:7:25: error G908 'Flying Ace 6' has value 6, which the game "
                                "does not play with (values: 1, 2, 3, 4, 5)\n"
                                "  hint: change the card's value, or the [module] values")),
         fix="Change the card's value, or add the value to [module] values."),
    # Pictures
    Code("A100", E, "art-outside", "A picture path leads outside the pack folder, or is absolute.",
         meaning="Every file a pack names must lie inside the pack folder, so that a pack cannot read "
                 "other files of your computer into its PDFs.",
         example=Example(Edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "../back.png"'), pack="gag-grab",
                         gives=("game.toml:65:1: error A100 '../back.png' leads outside the pack folder (the "
                                "back of the Gag cards)")),
         fix="Copy the picture into the pack folder and name it by its path there, such as art/back.png."),
    Code("A101", E, "art-missing", "A picture file does not exist.",
         meaning="A picture the pack names (in a cell, on a back, as an icon, the rules cover or the board) "
                 "is not there. Paths are read from the pack folder, and the case of letters matters.",
         example=Example(Edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "art/back.png"'), pack="gag-grab",
                         gives=("game.toml:65:1: error A101 the picture 'art/back.png' does not exist (the "
                                "back of the Gag cards)")),
         fix="Put the picture where the path says, or correct the path."),
    Code("A102", E, "art-unreadable", "A picture is not a PNG, JPEG or WebP image, or is damaged.",
         meaning="printkit reads PNG, JPEG and WebP pictures of at most 50 MB; this file is something else, "
                 "or cut short.",
         example=Example(Edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "back.png"'),
                         Edit("back.png", "", "not a picture\n"), pack="gag-grab",
                         gives=("game.toml:65:1: error A102 'back.png' cannot be used: it is not a PNG, JPEG "
                                "or WebP image (the back of the Gag cards)")),
         fix="Save the picture again as PNG or JPEG."),
    Code("A103", E, "art-too-large", "A picture has too many pixels to open safely.",
         meaning="A picture of more than 50 million pixels is refused unopened: a small file can claim a "
                 "huge picture and exhaust the memory of whoever opens it.",
         example=Example(Edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "back.png"'),
                         Picture("back.png", 10000, 6000), pack="gag-grab",
                         gives=("game.toml:65:1: error A103 'back.png' is 10000 × 6000 pixels, too many to "
                                "open safely (the back of the Gag cards)")),
         fix="Scale the picture down: 300 dpi at its printed size is plenty."),
    Code("A104", W, "art-low-resolution", "A picture prints below the resolution the pack asks for.",
         meaning="A picture's resolution is its pixels over the size it prints at. Below [art] warn_dpi "
                 "(300 unless the pack says otherwise) it may look soft in print.",
         example=Example(Edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "back.png"'),
                         Picture("back.png", 500, 700), pack="gag-grab",
                         gives=("game.toml:65:1: warning A104 'back.png' on the back of the Gag cards prints "
                                "at 168 dpi, below 300\n"
                                "  hint: 892 × 1248 pixels would print sharp; [art] warn_dpi sets this level "
                                "(now 300)")),
         fix="Use a picture with the pixels the hint gives, or lower [art] warn_dpi if this is good enough."),
    Code("A105", E, "art-too-low-resolution", "A picture prints so coarsely it will look blurred.",
         meaning="Below [art] min_dpi (150 unless the pack says otherwise) a picture prints visibly blurred "
                 "or blocky, so it is an error.",
         example=Example(Edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "back.png"'),
                         Picture("back.png", 150, 210), pack="gag-grab",
                         gives=("game.toml:65:1: error A105 'back.png' on the back of the Gag cards prints at "
                                "50 dpi, below 150: it will look blurred\n"
                                "  hint: give it at least 446 × 624 pixels; [art] min_dpi sets this limit (now 150)")),
         fix="Use a picture with at least the pixels the hint gives, or lower [art] min_dpi if a blurred "
             "picture will do."),
    # Notes for designers
    Code("N600", W, "unnamed-card", "No requirement names this card; it matters only through categories.",
         meaning="No requirement names this card by its name or code, so it can pay only where a category "
                 "it belongs to is asked for. That may be meant; often it is a card left behind.",
         example=Example(Edit("gags.csv", "Toy Piano,5,LU + Schroeder", "Toy Piano,5,LU + Girl"),
                         gives=("kids.csv:4:1: warning N600 no requirement names 'Schroeder'; it counts only "
                                "as 'Any'")),
         fix="Name the card in a requirement, or leave it if it is meant to count only as its categories."),
    Code("N601", W, "identical-rows", "Two rows are identical in every column.",
         meaning="Two rows say exactly the same, which is usually a row pasted twice. (Two different cards "
                 "with one name are C206.)",
         example=Example(Edit("gags.csv", "Bad Temper,2,LU x2 or CB x2", "Bad Temper,2,LU x2 or CB x2\n"
                              "Bad Temper,2,LU x2 or CB x2"),
                         gives=("gags.csv:5:1: warning N601 this row repeats line 4 exactly\n"
                                "  hint: delete one of the two rows if that was not meant")),
         fix="Delete one of the rows; for more copies of one card, raise its `count`."),
    Code("N602", W, "unused-column", "A declared column that nothing shows, checks or reads.",
         meaning="The manifest declares a column that no layout shows, no check holds to anything and no "
                 "rule reads, so its values reach no print.",
         example=Example(Edit("game.toml", 'requires = "requirement"', 'requires = "requirement"\n'
                              'flavour = { type = "text", optional = true }'),
                         gives=("game.toml:31:1: warning N602 column 'flavour' of deck 'gags' is declared but "
                                "nothing uses it\n"
                                "  hint: show it on the card with a layout element, or remove it")),
         fix="Show it on the card with a layout element, or remove it from the manifest."),
    Code("N603", W, "unused-face-key", "The face binds a column to a role its layout never refers to.",
         meaning="A face key such as `points = \"points\"` binds a column to a role of the layout "
                 "($points); if the layout never refers to that role, the column is not shown.",
         example=Example(Edit("game.toml", _EXPECT, '[decks.gags.face]\nlayout = "text"\npoints = "points"\n\n'
                              + _EXPECT),
                         gives=("game.toml:32:1: warning N603 layout 'text' does not use the face's 'points', "
                                "so column 'points' is not shown by it\n"
                                "  hint: refer to it as $points in an element, or remove 'points' from the face")),
         fix="Refer to the role as $role in an element of the layout, or remove the key from the face."),
    Code("N604", W, "dominated-card", "Every hand that pays this card also pays a card worth more.",
         meaning="Each hand of exactly the claim's cost that pays this card also pays another card worth more "
                 "points (not always the same one; the finding names a few that between them cover every hand). "
                 "A player holding such a hand would rather claim the other card, so this one is taken only "
                 "when nothing better is in reach. Cards worth the same are not compared. "
                 "Hands are the paying deck's cards, a card twice only if the deck has two copies; a deck "
                 "with more than 5,000 such hands is not examined.",
         example=Example(Edit("gags.csv", "Bad Temper,2,LU x2 or CB x2", "Bad Temper,2,CB + LU"),
                         gives=("gags.csv:4:1: warning N604 every hand that pays 'Bad Temper' (points: 2) also "
                                "pays a card worth more: Football Kick (4)\n"
                                "  hint: players holding such a hand would rather claim the other card; give this "
                                "one more points or a requirement of its own")),
         fix="Give the card more points than the cards that beat it, or a requirement those cards do not accept."),
    # Print-on-demand exports
    Code("X960", E, "size-not-sold", "A print-on-demand service sells no card of a deck's size; the deck is left out.",
         meaning="`printkit export pod` for The Game Crafter or MakePlayingCards writes every deck the service prints and leaves out "
                 "each deck (or group of decks shuffled together) whose card size matches none of its products "
                 "within 0.5 mm a side, naming the service's product nearest in size. The other decks are "
                 "still written; the exit status is 1.",
         example=Example(Edit("game.toml", "[decks.gags.expect]", '[decks.gags.card]\nsize = "tarot-metric"\n\n'
                              "[decks.gags.expect]"),
                         gives=("game.toml:50:1: error X960 Gag cards: The Game Crafter prints no 70 × 120 mm card; "
                                "the nearest it sells is its Tarot Deck 69.85 × 120.65 mm\n"
                                "  hint: not exported; resize the cards to Tarot Deck's trim, or choose a service "
                                "that prints them"),
                         pack="gag-grab", command="export pod --service tgc"),
         fix="Give the deck a size the service sells (docs/exports.md lists them), or order it elsewhere: "
             "`--service dtc` and `--service pdf` take any size."),
    Code("X961", W, "ink-in-cut-band", "A card element has an edge inside the service's cut band.",
         meaning="A print shop's cut may land up to its tolerance (1/8 in at The Game Crafter, "
                 "MakePlayingCards and DriveThruCards) inside or outside the trim line. An element that stops "
                 "within that band, such as a frame a few millimetres inside the edge, comes out uneven from "
                 "card to card or is cut into; one that runs past the trim into the bleed is cut through and "
                 "looks the same on every card. `export pod` reports it for the chosen service.",
         example=Example(Edit("game.toml", 'colour = "#D55E00"\nlabel = "Gag"\n',
                              'colour = "#D55E00"\nlabel = "Gag"\nlayout = "gag-back"\n\n'
                              '[[layouts.gag-back.elements]]\nname = "edge"\ntype = "rect"\nx = 1.5\ny = 1.5\n'
                              'right = 1.5\nbottom = 1.5\nstroke = "ink"\n'),
                         gives=("game.toml:67:1: warning X961 element 'edge' of layout 'gag-back' (back of Gag cards) "
                                "has ink 1.4 mm inside the trim, within the 3.175 mm cut band of The Game Crafter\n"
                                "  hint: move it at least 3.175 mm inside the trim, or let it run past the trim into "
                                "the bleed"),
                         pack="gag-grab", command="export pod --service tgc"),
         fix="Move the element at least the band's width inside the trim, or let it run past the trim into "
             "the bleed (from = \"bleed\")."),
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

    def line(self, root: Path) -> str:
        """'file:line:column: severity CODE message' in one line, the file named within ``root`` (a pack
        folder, perhaps a temporary checkout whose name means nothing to the reader) when it lies there."""
        loc = self.location
        try:
            file = loc.file.resolve().relative_to(root.resolve()).as_posix()
        except (OSError, ValueError):
            file = str(loc.file)
        return f"{file}:{loc.line}:{loc.column}: {self.severity.value} {self.code} {self.message}"
