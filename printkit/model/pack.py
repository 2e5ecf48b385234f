"""The game-pack model: frozen records of a manifest, its decks and their cards.

Everything keeps the source location it came from so that a check can point
a designer at the exact line and column.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from ..core.findings import Location
from .csvfile import Cell

if TYPE_CHECKING:  # the layouts reader stands beside this model; only the types are named here
    from .designs import IconSpec, Layout

COLUMN_TYPES = ("text", "count", "number", "choice", "requirement", "image")
NAME_COLUMN = "name"
COPIES_COLUMN = "count"
MAX_DECK_CARDS = 2000  # copies in one deck, all rows together; so also rows in its CSV file
# A whole pack: checking lays out and lints every front, about a millisecond a card on the shared two-core
# machine (benchmarks/pack_scale.py), so these keep 'printkit check' of the largest pack within seconds.
MAX_DECKS = 50
MAX_PACK_CARDS = 10_000  # copies in all decks together
MAX_PLAYERS = 8  # pawns come in 8 colours and symbols; the aids and pawn strips are laid out for 8


@dataclass(frozen=True)
class ColumnSpec:
    """What a deck's CSV column holds: ``count`` is a positive whole number, ``number`` any whole one."""

    name: str
    type: str = "text"
    values: tuple[str, ...] = ()  # for "choice"
    optional: bool = False  # the header may leave the column out
    blank: bool = False  # cells may be empty
    unique: bool = False  # no two cards share a non-blank value
    # For "number": the whole numbers allowed (None: no bound), and words
    # such as "X" or "*" that may stand in a cell instead of a number.
    minimum: int | None = None
    maximum: int | None = None
    placeholders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Expectation:
    """A number the manifest expects of a deck: copies in all, with a value, or a column's sum."""

    deck: str
    kind: str  # "cards", "by" or "sum"
    expected: int
    location: Location
    column: str | None = None
    value: str | None = None

    def describe(self) -> str:
        if self.kind == "cards":
            return "cards in all"
        if self.kind == "sum":
            return f"'{self.column}' in all"
        return f"cards with {self.column} '{self.value}'"


FACE_ROLES = ("title", "suit", "badge", "subtitle", "points", "value", "text", "art")


@dataclass(frozen=True)
class ImageRef:
    """A picture the manifest names: a path inside the pack, how it fits its box, its focal point."""

    file: str
    fit: str = "cover"
    focus: tuple[float, float] = (0.5, 0.5)
    location: Location | None = None


@dataclass(frozen=True)
class ArtSettings:
    """Print-resolution limits for pictures, and the resolution they are embedded at."""

    warn_dpi: float = 300.0
    min_dpi: float = 150.0
    target_dpi: float = 300.0


@dataclass(frozen=True)
class LintSettings:
    """What the print lint accepts: the smallest type on cards, board and pieces, in the rules, and contrast."""

    min_type: float = 6.0  # points
    rules_min_type: float = 7.0  # points
    min_contrast: float = 4.5  # WCAG ratio for body text


@dataclass(frozen=True)
class FaceSpec:
    """How a deck's fronts are drawn: a layout, and which column plays which role in it."""

    layout: str  # a layout's name: the pack's own or a built-in
    roles: Mapping[str, str] = field(compare=False)  # role (see FACE_ROLES) -> column
    labels: Mapping[str, str] = field(compare=False)  # column value -> how it is shown
    powers_for: tuple[tuple[str, str], ...] = ()  # cards matching these show the pack's powers
    location: Location | None = None
    art_fit: str = "cover"
    art_focus: tuple[float, float] = (0.5, 0.5)
    art_area: str = "window"
    colour: str | None = None  # "$colour" in the layout; the back's colour when not given
    layout_location: Location | None = None  # of the 'layout' key, for an unknown layout

    def label(self, value: str) -> str:
        return self.labels.get(value, value)


@dataclass(frozen=True)
class BackSpec:
    colour: str
    label: str  # may be empty: no label on the back
    location: Location | None = None
    art: ImageRef | None = None
    layout: str = ""  # the pack's own back layout; empty: the built-in "back" (or "back-art" with art)
    layout_location: Location | None = None


@dataclass(frozen=True)
class DeckSpec:
    id: str
    title: str
    file: str
    columns: tuple[ColumnSpec, ...]
    expectations: tuple[Expectation, ...]
    location: Location  # of its 'file' key
    face: FaceSpec | None = None
    back: BackSpec | None = None
    card_size: tuple[float, float] | None = None  # (width, height) in mm; None: the pack's [card]
    table_columns: tuple[str, ...] = ()  # [decks.ID.rules] columns: what its rules table prints; () for the default

    def column(self, name: str) -> ColumnSpec | None:
        return next((c for c in self.columns if c.name == name), None)


@dataclass(frozen=True)
class DeckGroup:
    """Decks the rules shuffle into one (``[shuffled_together.ID]``): same card size, same back."""

    id: str
    title: str  # the shuffled deck's name; default the decks' titles joined by "and"
    decks: tuple[str, ...]  # deck ids, in the order the manifest lists them
    location: Location  # of its 'decks' key


@dataclass(frozen=True)
class Category:
    """A requirement term that accepts every card whose columns have the given values."""

    name: str
    label: str
    where: tuple[tuple[str, str], ...]
    location: Location


@dataclass(frozen=True)
class ClaimRule:
    """Cards of ``deck`` are claimed by paying cards of ``paid_from`` as ``column`` says."""

    deck: str
    column: str
    paid_from: str
    cost: int  # cards per way to pay; 0 when the manifest's value was unusable
    term_columns: tuple[str, ...]
    location: Location


@dataclass(frozen=True)
class BoardSpec:
    columns: int
    rows: int
    deck: str
    starts: tuple[str, ...]
    extra_starts: tuple[str, ...]
    extra_from_players: int
    location: Location
    space_margin: float = 2.0  # mm of board around a card in each space
    art: ImageRef | None = None  # a picture behind the grid

    @property
    def spaces(self) -> int:
        return self.columns * self.rows


@dataclass(frozen=True)
class TokenStyle:
    """How a requirement term or suit is drawn: a colour and an original symbol."""

    term: str
    colour: str  # "#RRGGBB"
    symbol: str
    location: Location
    code: str = ""  # short text shown in the token; the term itself when empty

    @property
    def label(self) -> str:
        return self.code or self.term


@dataclass(frozen=True)
class Power:
    """Something a card can be spent on, and how many such cards it takes."""

    cost: int
    text: str
    location: Location


@dataclass(frozen=True)
class Switch:
    """One rule switch of a variant, such as ``finish_round = true``, as game.toml gives it."""

    name: str
    value: bool | int | float | str
    location: Location


@dataclass(frozen=True)
class Variant:
    """A ``[[variants]]`` entry: an optional rule, in the designer's words, and the switches that make the
    engine play it (the engine declares which it knows; ``printkit.checks.variants`` reports the rest)."""

    name: str  # an id, as after ``printkit simulate --variant``
    title: str
    description: str
    switches: tuple[Switch, ...]
    location: Location

    def settings(self) -> dict[str, bool | int | float | str]:
        """The switches as a mapping, for an engine."""
        return {s.name: s.value for s in self.switches}


@dataclass(frozen=True)
class Phase:
    """One step of a turn, for the player aid and the rules."""

    name: str
    text: str
    location: Location


@dataclass(frozen=True)
class PlayerAid:
    """Card-sized turn summaries, one per player, printed after the decks."""

    title: str
    copies: int
    colour: str
    location: Location
    notes: tuple[str, ...] = ()  # reminders for the back, for games without powers or a legend
    powers_title: str = "Special moves"  # heads the powers on the back


@dataclass(frozen=True)
class RulesSpec:
    """The rules booklet's Markdown source, and the hand size its odds are counted for."""

    file: str
    odds_hand: int
    location: Location
    cover: ImageRef | None = None  # a picture under the title on the first page


@dataclass(frozen=True)
class Pieces:
    """The small printed pieces besides cards and board."""

    pawns: int  # fold-over pawns, one per player
    die: bool
    first_player: bool  # a standee marking who started


@dataclass(frozen=True)
class ModuleConfig:
    """The manifest's [module] table: which game module applies, and its settings, unread."""

    name: str
    data: Mapping[str, object] = field(compare=False)
    location: Location | None = None


@dataclass(frozen=True)
class FontFamily:
    """A family's four faces, as font keys (see printkit.core.fonts); a missing face repeats regular."""

    name: str
    regular: str
    bold: str
    italic: str
    bold_italic: str


@dataclass(frozen=True)
class FontSettings:
    """The pack's own fonts by family name, and fonts tried in order for characters a font lacks."""

    families: Mapping[str, FontFamily] = field(default_factory=dict, compare=False)
    fallback: tuple[str, ...] = ()  # font keys
    # Pack font key -> the manifest key naming its file, for problems only a build finds.
    locations: Mapping[str, Location] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Manifest:
    path: Path
    title: str
    description: str
    min_players: int
    max_players: int
    notice: str
    card_width_mm: float
    card_height_mm: float
    decks: tuple[DeckSpec, ...]
    claims: ClaimRule | None
    categories: tuple[Category, ...]
    board: BoardSpec | None
    tokens: tuple[TokenStyle, ...] = ()
    powers: tuple[Power, ...] = ()
    phases: tuple[Phase, ...] = ()
    player_aid: PlayerAid | None = None
    rules: RulesSpec | None = None
    pieces: Pieces = Pieces(0, False, False)
    module: ModuleConfig | None = None
    art: ArtSettings = ArtSettings()
    fonts: FontSettings = FontSettings()
    lint: LintSettings = LintSettings()
    layouts: Mapping[str, Layout] = field(default_factory=dict, compare=False)
    icons: Mapping[str, IconSpec] = field(default_factory=dict, compare=False)
    # Where every key stands in game.toml, for modules that read [module] later.
    key_locations: Mapping[tuple[str, ...], tuple[int, int]] = field(default_factory=dict, compare=False,
                                                                      repr=False)
    shuffled_together: tuple[DeckGroup, ...] = ()
    variants: tuple[Variant, ...] = ()

    def token(self, term: str) -> TokenStyle | None:
        return next((t for t in self.tokens if t.term == term), None)

    def deck(self, deck_id: str) -> DeckSpec | None:
        return next((d for d in self.decks if d.id == deck_id), None)

    def card_size(self, deck: DeckSpec | None = None) -> tuple[float, float]:
        """(width, height) in mm of a deck's cards: its own size, else the pack's."""
        if deck is not None and deck.card_size is not None:
            return deck.card_size
        return self.card_width_mm, self.card_height_mm


@dataclass(frozen=True)
class Card:
    """One row of a deck: typed values by column and the cells they came from."""

    deck: str
    name: str
    count: int
    line: int
    values: Mapping[str, object] = field(compare=False, repr=False)
    cells: Mapping[str, Cell] = field(compare=False, repr=False)

    def location(self, column: str = NAME_COLUMN) -> Location:
        return self.cells[column].location

    def __getitem__(self, column: str) -> object:
        return self.values[column]


@dataclass(frozen=True)
class Deck:
    spec: DeckSpec
    path: Path
    cards: tuple[Card, ...]
    complete: bool = True  # every row loaded without an error, so totals can be trusted
    # Rows left out as repeats (a name or other unique value already used, or the whole row again):
    # they print nowhere, but a diff still reports them.
    dropped: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)

    def measure(self, expectation: "Expectation") -> int:
        """What the data says for one expected number: copies in all or with a value, or a sum."""
        if expectation.kind == "cards":
            return self.total
        if expectation.kind == "sum":
            # A placeholder such as "X" has no value of its own, so it adds 0 (as does a blank).
            column = expectation.column or ""  # a sum always names its column
            return sum(value * c.count for c in self.cards if isinstance(value := c.values.get(column), int))
        return sum(c.count for c in self.cards if str(c.values.get(expectation.column or "")) == expectation.value)


@dataclass(frozen=True)
class Pack:
    id: str
    root: Path
    manifest: Manifest
    decks: Mapping[str, Deck] = field(compare=False)
