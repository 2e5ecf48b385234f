"""The vocabulary of game.toml: every table and key, what it holds, its limits, default and a line on what it does.

The manifest readers take their limits, defaults and lists of known keys
from here; ``printkit.model.schema`` turns the same tree into a JSON Schema
for editors, and the reference docs list it. A key the readers accept but
this tree leaves out fails tests/model/test_schema.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..requirements.limits import ODDS_MAX_HAND
from .cardsize import CARD_SIZES, MAX_MM as MAX_CARD_MM, MIN_MM as MIN_CARD_MM
from .design_keys import ART_FITS
from .design_values import FOCUS_HELP, is_focus
from .numbers import LIMIT, shown
from .pack import COLUMN_TYPES, FACE_ROLES, MAX_PLAYERS, NAME_COLUMN

# Limits on what a pack controls (see the keys that use them below).
MAX_LABEL = 200  # characters in a label: a face's label for a value, or a back's label
MAX_LABELS = 1000  # labels one face may give
MAX_PLACEHOLDERS, MAX_PLACEHOLDER_CHARS = 20, 20  # a number column's stand-in words, such as "X"
MAX_DPI = 2400  # [art] resolutions: past what any home or print-shop printer puts on paper
TYPE_RANGE = (3.0, 24.0)  # points, for [lint]
CONTRAST_RANGE = (1.0, 21.0)  # WCAG ratios run from 1:1 to 21:1
MAX_BOARD_COLUMNS = 26  # lettered A to Z
MAX_BOARD_ROWS = 26  # as many as columns: a board printkit can still tile
MIN_SPACE_MARGIN, MAX_SPACE_MARGIN = 2.0, 10.0  # mm of board round each card on a space
MAX_FALLBACK = 16  # font families tried in turn for a missing character
ART_AREAS = ("window", "full")  # the layout's picture window, or the whole card into the bleed
FONT_FACES = ("regular", "bold", "italic", "bold_italic")  # in FontFamily's order
ICON_NAME = r"[A-Za-z0-9_-]{1,40}"
POKER_MM = (63.5, 88.9)
# [[variants]]: rule variants a pack declares, for `printkit simulate --variant` and the rules booklet.
MAX_VARIANTS = 16
VARIANT_NAME = r"[a-z0-9]+(-[a-z0-9]+)*"  # an id, as written after --variant
MAX_VARIANT_NAME = 40
MAX_VARIANT_TITLE = 80  # characters: a heading's worth
MAX_VARIANT_DESCRIPTION = 600  # characters: a sentence or two, printed as the optional rule

# What a key may hold. Tables hold ``keys`` (their own) and/or ``entry`` (what
# each key the pack names holds); ``alternative`` is a second form of the same
# key, such as a picture's bare path beside its table.
KINDS = ("text", "whole", "number", "boolean", "texts", "wholes", "colour", "focus", "table", "tables", "any",
         "layout", "style", "layout colour")


@dataclass(frozen=True)
class Key:
    """One key of game.toml: its name, what it holds, its limits and default, and what it does."""

    name: str
    kind: str
    doc: str
    default: Any = None  # None: no default, or one that depends on other keys (the doc says which)
    required: bool = False
    low: float | None = None
    high: float | None = None
    above: bool = False  # ``low`` itself is not allowed
    choices: tuple[str, ...] = ()
    max_length: int | None = None  # characters of text, or items of a list or table
    blank: bool = False  # text may be empty
    keys: tuple["Key", ...] = ()
    entry: "Key | None" = None
    alternative: "Key | None" = None
    open: bool = False  # keys besides ``keys`` belong to someone else (a game module)
    pattern: str = ""  # what the names of a table's entries look like, or what a text key's value looks like
    must: str = ""  # how a message ends "'key' must be ...", when the kind's own words are not enough
    game: str = ""  # the game module that reads this key of [module]

    def accepts(self, value: Any) -> bool:
        """True if ``value`` is of this key's kind and within its limits."""
        if self.kind == "text":
            return (isinstance(value, str) and (self.blank or value.strip() != "")
                    and (self.max_length is None or len(value) <= self.max_length)
                    and (not self.pattern or re.fullmatch(self.pattern, value) is not None))
        if self.kind in ("whole", "number"):
            kinds = (int,) if self.kind == "whole" else (int, float)
            return type(value) in kinds and self._within(value)
        if self.kind == "boolean":
            return type(value) is bool
        if self.kind == "focus":
            return is_focus(value)
        raise ValueError(f"no check for a {self.kind} key")  # read by their own readers

    @property
    def what(self) -> str:
        """What the key must be, as a message says it."""
        if self.must:
            return self.must
        if self.kind == "whole" and self.low is not None and self.high is None:
            return f"a whole number of at least {self.low:g}"
        return {"text": "text", "boolean": "true or false", "focus": FOCUS_HELP}[self.kind]

    def _within(self, value: float) -> bool:
        if self.low is not None and (value <= self.low if self.above else value < self.low):
            return False
        return self.high is None or value <= self.high

    def names(self) -> tuple[str, ...]:
        return tuple(key.name for key in self.keys)

    def child(self, name: str) -> "Key | None":
        """The key ``name`` inside this table, or what an entry holds; None if there is none."""
        found = next((key for key in self.keys if key.name == name), None)
        if found is None and self.kind == "tables" and name.isdigit():
            return self._as_table()
        return found or self.entry

    def _as_table(self) -> "Key":
        return Key(self.name, "table", self.doc, keys=self.keys, open=self.open)


def _text(name: str, doc: str, **more: Any) -> Key:
    return Key(name, "text", doc, **more)


def _picture(name: str, doc: str) -> Key:
    return Key(name, "table", doc, keys=(
        _text("file", "the picture's path inside the pack", required=True),
        Key("fit", "text", "how it fills its box", "cover", choices=ART_FITS),
        Key("focus", "focus", "the point kept in view when the picture is cropped", [0.5, 0.5]),
    ), alternative=_text(name, "the picture's path inside the pack"))


def _size_keys(deck: bool) -> tuple[Key, ...]:
    must = f"a number of millimetres from {MIN_CARD_MM:g} to {MAX_CARD_MM:g}"
    given = " (with the other, unless size is given)" if deck else ""
    return (
        Key("size", "text", "a named card size", choices=tuple(CARD_SIZES)),
        *(Key(name, "number", f"card {side} in mm{given}", None if deck else default,
              low=MIN_CARD_MM, high=MAX_CARD_MM, must=must)
          for name, side, default in (("width_mm", "width", POKER_MM[0]), ("height_mm", "height", POKER_MM[1]))),
    )


def _players(name: str, doc: str, default: Any, low: int = 1, required: bool = False) -> Key:
    must = f"a whole number from {low} to {MAX_PLAYERS}" + (" (one per player)" if low == 0 else "")
    return Key(name, "whole", doc, default, required, low=low, high=MAX_PLAYERS, must=must)


_COLUMN = Key("column", "table", "what the column holds", keys=(
    Key("type", "text", "what each cell holds", "text", choices=COLUMN_TYPES),
    Key("values", "texts", "the values a choice column allows (required for choice)"),
    Key("optional", "boolean", "the CSV header may leave the column out (default true for count)", False),
    Key("blank", "boolean", "cells may be empty", False),
    Key("unique", "boolean", f"no two cards share a value (default true for {NAME_COLUMN})", False),
    Key("min", "whole", "a number column's smallest value", low=-LIMIT, high=LIMIT,
        must=f"a whole number from {shown(-LIMIT)} to {shown(LIMIT)}"),
    Key("max", "whole", "a number column's largest value", low=-LIMIT, high=LIMIT,
        must=f"a whole number from {shown(-LIMIT)} to {shown(LIMIT)}"),
    Key("placeholders", "texts", "words a number cell may hold instead, such as \"X\"",
        max_length=MAX_PLACEHOLDERS),
), alternative=Key("column", "text", "the column's type alone", choices=COLUMN_TYPES))

_FACE = Key("face", "table", "how the deck's fronts are drawn", keys=(
    _text("layout", "the layout the fronts use (required)"),
    _text("template", "the older name of layout"),
    Key("colour", "colour", "the deck's colour, $colour in layouts"),
    Key("labels", "table", "words printed for a cell's value", max_length=MAX_LABELS,
        entry=_text("label", "the words printed for this value", blank=True, max_length=MAX_LABEL)),
    Key("powers_for", "table", "cards that list the [[powers]]: column = value", entry=Key("value", "any", "")),
    Key("art_fit", "text", "how the art column's picture fills its box", "cover", choices=ART_FITS),
    Key("art_focus", "focus", "the point of the picture kept in view", [0.5, 0.5]),
    Key("art_area", "text", "the layout's picture window, or the whole card", "window", choices=ART_AREAS),
    *(_text(role, f"the column shown as the card's {role}") for role in FACE_ROLES),
))

_BACK = Key("back", "table", "how the deck's backs look", keys=(
    Key("colour", "colour", "the back's colour", "#0072B2"),
    Key("label", "text", "the word on the back (default the deck's title; \"\" for none)",
        blank=True, max_length=MAX_LABEL, must=f"text of at most {MAX_LABEL} characters (\"\" for none)"),
    _picture("art", "a picture filling the back"),
    _text("layout", "the layout the backs use"),
))

_EXPECT = Key("expect", "table", "numbers check holds the deck's CSV file to", keys=(
    Key("cards", "whole", "copies in the deck, all rows together", low=1),
    Key("by", "table", "copies with each value of a column, such as by.kind = { main = 40 }",
        entry=Key("column", "table", "value = copies", entry=Key("count", "whole", "copies with this value", low=0))),
    Key("sum", "table", "a count or number column's total, such as sum.points = 188",
        entry=Key("total", "whole", "the column's total")),
))

_DECK = Key("deck", "table", "one deck of cards", keys=(
    _text("title", "the deck's name in the kit (default its id)"),
    _text("file", "the deck's CSV file inside the pack", required=True),
    Key("columns", "table", "the CSV file's columns", required=True, entry=_COLUMN),
    _EXPECT, _FACE, _BACK,
    Key("card", "table", "the deck's own card size", keys=_size_keys(deck=True)),
    Key("rules", "table", "the deck's table in the rules", keys=(
        Key("columns", "texts", "the columns the table prints, in order"),)),
))

_BOARD = Key("board", "table", "a board of spaces a deck is dealt onto", keys=(
    Key("columns", "whole", "spaces across, lettered A to Z", 1, low=1, high=MAX_BOARD_COLUMNS),
    Key("rows", "whole", "spaces down", 1, low=1, high=MAX_BOARD_ROWS),
    _text("deck", "the deck dealt face up onto the spaces", required=True),
    Key("starts", "texts", "spaces where pawns start, such as \"A1\""),
    Key("extra_starts", "table", "more start spaces from a number of players on", keys=(
        Key("players", "whole", "from this many players", required=True, low=1),
        Key("spaces", "texts", "the extra start spaces", required=True),
    )),
    _picture("art", "a picture printed under the spaces"),
    Key("space_margin_mm", "number", "board round each card on a space, in mm", MIN_SPACE_MARGIN,
        low=MIN_SPACE_MARGIN, high=MAX_SPACE_MARGIN),
))

_MODULE = Key("module", "table", "settings of the game module that knows the game's rules", open=True, keys=(
    _text("name", "the game module, such as \"sets-and-runs\"", required=True),
    *(Key(name, kind, f"sets-and-runs: {doc}", game="sets-and-runs", **more) for name, kind, doc, more in (
        ("deck", "text", "the deck sets and runs are made of", {}),
        ("actions", "text", "the action deck shuffled in with it", {}),
        ("suit", "text", "the column naming a card's persona", {}),
        ("value", "text", "the column holding a card's value", {}),
        ("values", "wholes", "every value a persona's cards have", {}),
        ("set_size", "whole", "cards in a set", {"low": 1}),
        ("run_size", "whole", "cards in a run", {"low": 1}),
        ("hand", "whole", "cards a hand holds", {"low": 1}),
        ("popularity", "wholes", "points for each place, best first", {}),
        ("end", "tables", "when the game ends, by player count", {"keys": (
            Key("players", "wholes", "the player counts this rule is for", required=True),
            Key("collections", "whole", "sets or runs one player needs", required=True, low=1))}),
    )),
))

# A variant's rule switches: the keys of [[variants]] besides its name, title and description. Each game's
# engine honours some of them (its ``switches``); checks/variants.py reports one the pack's engine does not.
SWITCHES = (
    Key("finish_round", "boolean", "claims engine (Gag Grab): when the game's end is triggered, the round is "
        "played out, so every player has had the same number of turns", False),
)

_VARIANTS = Key("variants", "tables", "rule variants: optional rules the simulator can play and the rules can print",
                max_length=MAX_VARIANTS, keys=(
                    _text("name", "the variant's id, lower-case words joined by '-', as in `printkit simulate "
                          "--variant NAME`", required=True,
                          max_length=MAX_VARIANT_NAME, pattern=VARIANT_NAME,
                          must=f"an id of at most {MAX_VARIANT_NAME} characters: lower-case letters and digits "
                               "in words joined by '-', such as \"finish-round\""),
                    _text("title", "the variant's name in print (default its name)", max_length=MAX_VARIANT_TITLE,
                          must=f"text of at most {MAX_VARIANT_TITLE} characters"),
                    _text("description", "the rule, a sentence or two, printed as the optional rule", required=True,
                          max_length=MAX_VARIANT_DESCRIPTION,
                          must=f"text of at most {MAX_VARIANT_DESCRIPTION} characters"),
                    *SWITCHES,
                ))

_FAMILY = Key("family", "table", "a font family the pack brings", keys=tuple(
    _text(face, f"the {face.replace('_', ' ')} font file (.ttf or .otf)", required=face == "regular")
    for face in FONT_FACES), alternative=_text("family", "one font file for every face"))

_ICON = Key("icon", "table", "an inline icon, written {name} in card text", keys=(
    _text("symbol", "a built-in symbol (give symbol or file)"),
    _text("file", "a picture in the pack (give symbol or file)"),
    Key("colour", "layout colour", "the symbol's colour", "ink"),
), alternative=_text("icon", "a picture in the pack"))

GAME_TOML = Key("game.toml", "table", "a printkit pack's manifest", keys=(
    Key("game", "table", "what the game is", required=True, keys=(
        _text("title", "the game's name", required=True),
        _text("description", "one sentence on the game", required=True),
        _text("notice", "a line printed on every sheet, such as a fan-made notice"),
        Key("players", "table", "how many can play", keys=(
            _players("min", "the fewest players", 1, required=True),
            _players("max", "the most players", None, required=True),
        )),
    )),
    Key("card", "table", "the pack's card size", keys=_size_keys(deck=False)),
    Key("decks", "table", "the decks, by id", required=True, entry=_DECK),
    Key("claims", "table", "cards players claim by paying cards of another deck", keys=(
        _text("deck", "the deck whose cards are claimed", required=True),
        _text("column", "its requirement column: what a claim costs", required=True),
        _text("paid_from", "the deck players pay with", required=True),
        Key("cost", "whole", "cards every way to pay takes", required=True, low=1),
        Key("terms", "texts", "columns whose values a requirement may name", [NAME_COLUMN]),
    )),
    Key("categories", "table", "words a requirement may use for a group of cards", entry=Key(
        "category", "table", "one category", keys=(
            _text("label", "how the category reads in print (default its name)"),
            Key("where", "table", "the cards it takes: column = value", entry=Key("value", "any", "")),
        ))),
    Key("shuffled_together", "table", "decks the rules shuffle into one deck, by a name for that deck",
        entry=Key("group", "table", "one deck shuffled from several", keys=(
            Key("decks", "texts", "the decks shuffled together (at least two; same card size and back)",
                required=True),
            _text("title", "the shuffled deck's name (default the decks' titles joined by \"and\")",
                  max_length=MAX_LABEL),
        ))),
    _BOARD,
    Key("tokens", "table", "how each term looks as a token: colour and symbol", entry=Key(
        "token", "table", "one term's token", keys=(
            Key("colour", "colour", "the token's colour", "#000000"),
            _text("symbol", "a built-in symbol", required=True),
            _text("code", "a short code printed on the token"),
        ))),
    Key("powers", "tables", "what cards can be spent on, listed on the cards and aids", keys=(
        Key("cost", "whole", "cards it takes", required=True, low=1),
        _text("text", "what it does", required=True),
    )),
    Key("phases", "tables", "a turn, step by step, for the player aid", keys=(
        _text("name", "the step's name", required=True),
        _text("text", "what a player does", required=True),
    )),
    Key("player_aid", "table", "the player aid cards", keys=(
        _text("title", "the aid's heading", default="Your turn"),
        _players("copies", "aids printed (default one per player)", None),
        Key("colour", "colour", "the aid's colour", "#009E73"),
        Key("notes", "texts", "lines printed under the phases"),
        _text("powers_title", "the heading over the powers", default="Special moves"),
    )),
    Key("rules", "table", "the rules booklet", keys=(
        _text("file", "the booklet's Markdown source", required=True),
        Key("odds_hand", "whole", "cards in the hand the odds are counted for", 4, low=1, high=ODDS_MAX_HAND,
            must=f"a whole number from 1 to {ODDS_MAX_HAND}"),
        _picture("cover", "a picture on the booklet's cover"),
    )),
    Key("pieces", "table", "pawns, die and markers printed on board.pdf", keys=(
        _players("pawns", "pawns printed (default one per player with a board)", None, low=0),
        Key("die", "boolean", "print a die to fold (default true with a board)"),
        Key("first_player", "boolean", "print a first-player marker", False),
    )),
    _MODULE,
    _VARIANTS,
    Key("art", "table", "the resolutions pictures are checked against", keys=tuple(
        Key(name, "number", doc, default, low=0, above=True, high=MAX_DPI,
            must=f"a number of dots per inch above 0 and at most {MAX_DPI}")
        for name, doc, default in (("warn_dpi", "below this a picture is warned about", 300.0),
                                   ("min_dpi", "below this a picture is an error", 150.0),
                                   ("target_dpi", "what pictures are prepared for", 300.0)))),
    Key("lint", "table", "the print lint's thresholds", keys=tuple(
        Key(name, "number", doc, default, low=low, high=high, must=f"a number from {low:g} to {high:g}{unit}")
        for name, doc, default, (low, high), unit in (
            ("min_type", "smallest type on cards, in points", 6.0, TYPE_RANGE, " (points)"),
            ("rules_min_type", "smallest type in the rules, in points", 7.0, TYPE_RANGE, " (points)"),
            ("min_contrast", "lowest contrast of text on its ground", 4.5, CONTRAST_RANGE, " (a contrast ratio)")))),
    Key("fonts", "table", "font families the pack brings, by name", keys=(
        Key("fallback", "texts", "families tried in turn for characters a font lacks", max_length=MAX_FALLBACK),),
        entry=_FAMILY),
    Key("icons", "table", "inline icons, by name", entry=_ICON, pattern=ICON_NAME),
    Key("styles", "table", "styles every layout of the pack may use, by name", entry=Key("style", "style", "")),
    Key("layouts", "table", "the pack's own layouts, by name: a table or a layout file's path",
        entry=Key("layout", "layout", "", alternative=_text("layout", "a layout file inside the pack"))),
))


def _index(key: Key, path: str, into: dict[str, Key]) -> None:
    into[path] = key
    for child in key.keys:
        _index(child, f"{path}.{child.name}" if path else child.name, into)
    if key.entry is not None:
        _index(key.entry, f"{path}.*", into)


SPECS: dict[str, Key] = {}  # "decks.*.face.art_fit" -> its Key; "*" stands for a name the pack chooses
_index(GAME_TOML, "", SPECS)


def spec_at(path: tuple[str, ...]) -> Key | None:
    """The key at a table path as read (pack-chosen names and list indexes included); None if unknown."""
    key: Key | None = GAME_TOML
    for part in path:
        key = key.child(part) if key is not None else None
    return key
