"""Sets and runs (Many Faces of Snoopy): collect cards of suits valued 1 to N.

A set is ``set_size`` cards of one value in as many different suits; a run
is ``run_size`` cards of one suit with as many different values. Suits are
ranked on a popularity board whose places give each card its points. This
module checks that a deck makes that game playable, and prints the board,
the suit tokens and a score sheet.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...faces.colour import INK, tint
from ...faces.pawns import standee_block, text_block
from ...faces.tokens import centred_text, token
from ...core.findings import Finding, Location
from ...core.fonts import with_fallback
from ...geometry.draw import Box, Disc, Face, Group, Item, Line, Page, Text
from ...core.mm import Rect
from ...geometry.paper import Paper
from ...geometry.typography import number_range
from ...model.pack import Pack, TokenStyle
from ...model.tomltable import Table
from ...model.rules_generated import CardTable, Column
from ...model.rules_source import ListBlock, Paragraph, Run
from ...core.suggest import did_you_mean
from ..base import GameModule, TablePieces, TableToken

# What action cards may do; the effect column of the action deck names one.
EFFECTS = {
    "extra-actions": "play more than one action card this turn",
    "draw": "draw extra cards",
    "draw-keep": "look at cards from the deck and keep some",
    "swap": "discard cards and draw as many",
    "opponents-discard": "make other players discard",
    "peek": "look at another player's hand",
    "show-card": "make other players show a card",
    "take-discard": "take a card from a discard pile",
}


@dataclass(frozen=True)
class Config:
    deck: str
    actions: str | None
    suit: str
    value: str
    values: tuple[int, ...]
    set_size: int
    run_size: int
    hand: int
    popularity: tuple[int, ...]
    end: tuple[tuple[tuple[int, ...], int], ...]  # (player counts, collections that end the game)
    where: dict[str, Location]  # each key's place in game.toml


def configure(table: Table, pack: Pack) -> Config | None:
    decks = pack.manifest.decks
    deck = table.text("deck")
    actions = table.text("actions", required=False) or None
    for key, name in (("deck", deck), ("actions", actions)):
        if name and pack.manifest.deck(name) is None:
            table.ctx.report("M106", f"there is no deck '{name}'", table.key_path(key),
                             did_you_mean(name, [d.id for d in decks]))
    suit, value = table.text("suit"), table.text("value")
    spec = pack.manifest.deck(deck)
    for key, column in (("suit", suit), ("value", value)):
        if spec is not None and column and spec.column(column) is None:
            table.ctx.report("M106", f"deck '{deck}' has no column '{column}'", table.key_path(key),
                             did_you_mean(column, [c.name for c in spec.columns]))
    values = table.integers("values")
    popularity = table.integers("popularity")
    end = []
    for rule in table.tables("end"):
        end.append((rule.integers("players"), rule.integer("collections", default=1)))
        rule.finish()
    config = Config(deck, actions, suit, value, tuple(values), table.integer("set_size", default=1),
                    table.integer("run_size", default=1), table.integer("hand", default=1),
                    tuple(popularity), tuple(end),
                    {k: table.location(k) for k in ("deck", "actions", "values", "popularity", "end", "hand")})
    return None if spec is None or table.ctx.findings else config


def check(pack: Pack, config: Config) -> Iterator[Finding]:
    deck = pack.decks.get(config.deck)
    if deck is None or not deck.complete:
        return
    column = deck.spec.column(config.suit)
    suits = (column.values if column is not None else ()) or tuple(
        dict.fromkeys(str(c.values.get(config.suit)) for c in deck.cards))
    label = deck.spec.face.label if deck.spec.face else (lambda v: v)
    held: dict[tuple[str, int], int] = {}
    first_line: dict[str, Location] = {}
    for card in deck.cards:
        suit, value = str(card.values.get(config.suit)), card.values.get(config.value)
        if not isinstance(value, int) or value not in config.values:  # reported at the card, not as a gap elsewhere
            yield Finding("G908", f"'{card.name}' has value {value}, which the game does not play with "
                                  f"(values: {', '.join(map(str, config.values))})", card.location(config.value),
                          "change the card's value, or the [module] values")
            continue
        held[suit, value] = held.get((suit, value), 0) + card.count
        first_line.setdefault(suit, card.location(config.suit))
    for suit in suits:
        missing = [v for v in config.values if held.get((suit, v), 0) == 0]
        if missing:
            yield Finding("G901", f"{label(suit)} has no card of value {', '.join(map(str, missing))}, "
                                  f"so nobody can make a run of it", first_line.get(suit, config.where["values"]),
                          f"add the missing cards: a run needs {config.run_size} different values of one persona "
                          "([module] run_size)")
    for value in config.values:
        having = [s for s in suits if held.get((s, value), 0) > 0]
        if len(having) < config.set_size:
            yield Finding("G902", f"value {value} comes in only {len(having)} personas, "
                                  f"but a set needs {config.set_size}", config.where["values"],
                          f"add cards of this value, or make sets smaller ([module] set_size, now {config.set_size})")
    total = deck.total + (pack.decks[config.actions].total
                          if config.actions is not None and config.actions in pack.decks else 0)
    players = pack.manifest.max_players
    needed = players * (config.hand + 2)
    if total < needed:
        yield Finding("G903", f"{players} players need at least {needed} cards ({config.hand} each, and 2 "
                              f"each to take on the first turn), but the deck has {total}",
                      config.where["hand"],
                      f"add cards, or lower [game] players.max or [module] hand (now {config.hand})")
    tokens = [t.term for t in pack.manifest.tokens if t.term in suits]
    untokened = [s for s in suits if s not in tokens]
    if untokened:
        yield Finding("G904", f"no Personality Token for {', '.join(label(s) for s in untokened)}",
                      config.where["deck"], "give every persona an entry in [tokens]")
    if len(config.popularity) != len(suits):
        yield Finding("G905", f"the Popularity Board has {len(config.popularity)} places for "
                              f"{len(suits)} Personality Tokens", config.where["popularity"],
                      "give it one place per persona")
    if list(config.popularity) != sorted(config.popularity, reverse=True) or min(config.popularity) < 1:
        yield Finding("G905", "Popularity Board places must be worth at least 1 point and be listed best "
                              "first", config.where["popularity"])
    for count in range(pack.manifest.min_players, players + 1):
        rules = [c for ps, c in config.end if count in ps]
        if len(rules) != 1:
            yield Finding("G907", f"{'no' if not rules else 'more than one'} end rule for {count} players",
                          config.where["end"], "each player count needs exactly one entry in 'end'")
    actions = pack.decks.get(config.actions) if config.actions else None
    for card in (actions.cards if actions else ()):
        effect = str(card.values.get("effect", ""))
        if effect not in EFFECTS:
            yield Finding("G906", f"'{card.name}' has an effect printkit does not know: '{effect}'",
                          card.location("effect") if "effect" in card.cells else card.location(),
                          did_you_mean(effect, EFFECTS) or f"effects: {', '.join(EFFECTS)}")


# -- printed pieces -------------------------------------------------------------

SLOT_W, SLOT_H, TOKEN_R = 32.0, 48.0, 11.5
TOKEN_OUTLINE = 1.0  # points
TOKEN_CUT = TOKEN_R + 1.0  # the cut line round a printed token: what lies on a place is this big
RING_R = TOKEN_CUT + 1.5  # a place's ring holds a cut-out token with 1.5 mm to spare all round
TABLE_MARGIN, TABLE_TITLE = 6.0, 13.0  # mm around the board for a virtual table, and above it for its title
TOKEN_MARGIN = 1.5  # mm of nothing around a token's disc: TTS cuts a token out more cleanly with a border


def board_places(config: Config, x0: float, top: float, slot_w: float = SLOT_W) -> list[Item]:
    """The Popularity Board: its frame and one place per entry of ``popularity``, ``slot_w`` wide, the
    first place's top-left corner at (x0, top); the frame stands 3 mm outside the places. A place's
    ring is as large as the place leaves room for, up to RING_R."""
    places = len(config.popularity)
    ring = min(RING_R, (slot_w - 2.0) / 2 - 0.5)
    items: list[Item] = [Box(Rect(x0 - 3, top - SLOT_H - 3, places * slot_w + 6, SLOT_H + 6), fill="#FFF4D6",
                             stroke=INK, width=1.0, radius=3.0)]
    for n, points in enumerate(config.popularity):
        slot = Rect(x0 + n * slot_w, top - SLOT_H, slot_w, SLOT_H)
        items.append(Box(slot.inset(1.0), fill="#FFFFFF", stroke="#B9A27A", width=0.6, radius=2.0))
        items.append(centred_text(f"{points}", slot.cx, slot.top - 7.0, "display", 18, INK))
        items.append(centred_text("point" if points == 1 else "points", slot.cx, slot.top - 13.0, "bold", 7, INK))
        items.append(Disc(slot.cx, slot.y + 2.5 + ring, ring, stroke="#B9A27A", width=0.6))
    return items


def persona_token(style: TokenStyle, cx: float, cy: float, fallback: tuple[str, ...] = ()) -> list[Item]:
    """A Personality Token: the persona's disc, centred on (cx, cy)."""
    return token(style, cx, cy, TOKEN_R, outline=TOKEN_OUTLINE, fallback=fallback)


def popularity_page(pack: Pack, config: Config, paper: Paper) -> Page:
    """The Popularity Board, with the Personality Tokens to cut out beneath it (landscape)."""
    w, h = paper.height, paper.width
    items: list[Item] = [Text(18.0, h - 22.0, "Popularity Board", "display", 20, INK),
                         Text(18.0, h - 29.0, "Cut out the tokens. At setup, mix them face down, put one on each "
                              "place, then turn them over.", "body", 9, INK)]
    places = len(config.popularity)
    # Places narrow to fit the page, their frame 9 mm from its edges (their rings shrink with them).
    slot_w = min(SLOT_W, (w - 24.0 - 6.0) / places)
    x0 = (w - places * slot_w) / 2
    top = h - 38.0
    items += board_places(config, x0, top, slot_w)
    label = _persona_label(pack, config)
    tokens = pack.manifest.tokens
    pitch = min(SLOT_W, (w - 24.0) / max(len(tokens), 1))  # under the places, as many as there are
    y = top - SLOT_H - 3.0 - 8.0 - TOKEN_CUT
    for n, style in enumerate(tokens):
        cx = w / 2 + (n + 0.5 - len(tokens) / 2) * pitch
        items += persona_token(style, cx, y, pack.manifest.fonts.fallback)
        items.append(Disc(cx, y, TOKEN_CUT, stroke="#999999", width=0.3))  # cut line
        items.append(centred_text(label(style.term), cx, y - TOKEN_CUT - 3.0,
                                  with_fallback("bold", pack.manifest.fonts.fallback), 6.5, INK))
    items += _below_tokens(pack, config, x0, y - TOKEN_CUT - 10.0, places * slot_w)
    return Page(w, h, tuple(items), "popularity board and tokens")


def _below_tokens(pack: Pack, config: Config, x0: float, top: float, width: float) -> list[Item]:
    """Under the tokens: the first-player marker (a module that prints pieces prints it) and how the
    board scores, side by side across ``width``."""

    best = config.popularity[0]
    lines = [("How the board scores", "bold", 9.5),
             ("When the game ends, every card in your scored sets and runs is worth the points of its "
              "persona\u2019s place.", "body", 9),
             (f"Three cards of the persona on a {best}-point place earn {3 * best} points.", "body", 9),
             ("Of two places worth the same points, the one further left ranks higher when a tie is "
              "broken.", "body", 9),
             ("The score sheet on the next page adds it all up.", "body", 9)]
    if not pack.manifest.pieces.first_player:
        return [Group(text_block(lines, width).items, x0, top)]
    standee = standee_block()
    gap = 12.0
    text = text_block(lines, width - standee.w - gap)
    return [Group(standee.items, x0, top), Group(text.items, x0 + standee.w + gap, top)]


def _persona_label(pack: Pack, config: Config):
    """A persona's name from its term, as the deck's face labels it."""
    deck = pack.decks[config.deck]
    return deck.spec.face.label if deck.spec.face else (lambda v: v)


def table_pieces(pack: Pack, config: Config) -> TablePieces:
    """For a virtual table: the Popularity Board alone, under its title, and a Personality Token per persona,
    drawn as popularity_page draws them; tokens are mixed face down at setup, so they share a blank back."""
    places = len(config.popularity)
    w = places * SLOT_W + 6 + 2 * TABLE_MARGIN
    h = SLOT_H + 6 + 2 * TABLE_MARGIN + TABLE_TITLE
    x0, top = TABLE_MARGIN + 3, TABLE_MARGIN + 3 + SLOT_H
    title = centred_text("Popularity Board", w / 2, h - TABLE_MARGIN - TABLE_TITLE / 2 + 1.5, "display", 20, INK)
    board = Face("popularity-board", w, h, 0.0, (title, *board_places(config, x0, top)))
    side = 2 * (TOKEN_R + TOKEN_MARGIN)
    radius = TOKEN_R + TOKEN_OUTLINE / 2 * 25.4 / 72  # the outline is centred on the disc's edge
    label = _persona_label(pack, config)
    tokens = tuple(TableToken(label(style.term), Face(f"token/{style.term}", side, side, 0.0,
                                                      tuple(persona_token(style, side / 2, side / 2,
                                                                          pack.manifest.fonts.fallback))), radius)
                   for style in pack.manifest.tokens)
    back = Face("token/back", side, side, 0.0,
                (Disc(side / 2, side / 2, TOKEN_R, fill="#FFFFFF", stroke=INK, width=TOKEN_OUTLINE),))
    return TablePieces(board, "Popularity Board", tokens, TableToken("back", back, radius))


def score_sheet(pack: Pack, config: Config, paper: Paper) -> Page:
    """Two score grids: a row per player, a column per persona, then the total."""
    w, h = paper.width, paper.height
    tokens = list(pack.manifest.tokens)
    players = pack.manifest.max_players
    fallback = pack.manifest.fonts.fallback
    items: list[Item] = [Text(18.0, h - 22.0, f"{pack.manifest.title}: scores", with_fallback("display", fallback),
                              18, INK),
                         Text(18.0, h - 29.0, "For each persona, count the cards each player scored; multiply by "
                              "the points of its place; add up.", "body", 9, INK)]
    name_w, cell_w = 34.0, (w - 36.0 - 34.0 - 22.0) / len(tokens)
    row_h = 11.0
    for game in range(2):
        top = h - 40.0 - game * (row_h * (players + 2) + 22.0)
        items.append(Text(18.0, top + 3.0, f"Game {game + 1}", "bold", 10, INK))
        for n, style in enumerate(tokens):
            cx = 18.0 + name_w + (n + 0.5) * cell_w
            items += token(style, cx, top - row_h / 2, 4.3, outline=0.6, fallback=fallback)
        items.append(centred_text("Total", w - 18.0 - 11.0, top - row_h / 2, "bold", 9, INK))
        labels = ["points per card"] + [""] * players
        for r, text in enumerate(labels, 1):
            y = top - (r + 1) * row_h
            items.append(Box(Rect(18.0, y, w - 36.0, row_h), fill=tint("#999999", 0.12) if r == 1 else None,
                             stroke="#999999", width=0.5))
            items.append(Text(20.0, y + 4.0, text, "body", 8, "#555555"))
        bottom = top - (players + 2) * row_h
        for n in range(len(tokens) + 1):
            x = 18.0 + name_w + n * cell_w
            items.append(Line(x, top - row_h, x, bottom, 0.5, "#999999"))
    return Page(w, h, tuple(items), "score sheet")


def pieces(pack: Pack, config: Config, paper: Paper) -> list[Page]:
    return [popularity_page(pack, config, paper), score_sheet(pack, config, paper)]


def components(pack: Pack, config: Config) -> list[str]:
    tokens = len(pack.manifest.tokens)
    return [f"the Popularity Board, with {len(config.popularity)} places", f"{tokens} Personality Tokens",
            "a score sheet"]


# -- rules placeholders ---------------------------------------------------------

def _personas(pack: Pack, config: Config, args: tuple[str, ...]) -> list:
    deck = pack.decks[config.deck]
    label = _persona_label(pack, config)
    rows = []
    for style in pack.manifest.tokens:
        cards = [c for c in deck.cards if str(c.values.get(config.suit)) == style.term]
        if not cards:
            continue
        # A number column may hold placeholders such as "X"; they sort after the numbers.
        values = sorted((c.values.get(config.value) for c in cards),
                        key=lambda v: (0, v, "") if isinstance(v, int) else (1, 0, str(v)))
        copies = {c.count for c in cards}
        numbers = [v for v in values if isinstance(v, int)]
        span = number_range(numbers[0], numbers[-1]) if len(numbers) == len(values) else f"{values[0]}–{values[-1]}"
        shown = (f"{span}, {copies.pop()} of each" if len(copies) == 1
                 else " ".join(f"{c.values.get(config.value)}×{c.count}" for c in cards))
        rows.append((style, label(style.term), style.label, shown, str(sum(c.count for c in cards))))
    columns = (Column("", 0.0), Column("Persona", 0.0), Column("Code", 0.0), Column("Values", 0.0),
               Column("Cards", 0.0, "right"))
    return [CardTable(columns, tuple(rows))]


def _popularity(pack: Pack, config: Config, args: tuple[str, ...]) -> str:
    counts: dict[int, int] = {}
    for p in config.popularity:
        counts[p] = counts.get(p, 0) + 1
    parts = [f"{n} place{'s' * (n != 1)} worth {p} point{'s' * (p != 1)}" for p, n in counts.items()]
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def _end(pack: Pack, config: Config, args: tuple[str, ...]) -> list:
    items = []
    for players, collections in config.end:
        who = number_range(min(players), max(players))
        items.append((Paragraph((Run(f"{who} players: ", "bold"),
                                 Run(f"when a player has scored {collections} sets or runs in all."))),))
    return [ListBlock(False, tuple(items))]


def _number(attribute: str):
    def value(pack: Pack, config: Config, args: tuple[str, ...]) -> str:
        return str(getattr(config, attribute))
    return value


MODULE = GameModule(
    name="sets-and-runs", configure=configure, check=check, pieces=pieces, components=components,
    placeholders={"personas": _personas, "popularity": _popularity, "end": _end,
                  "set-size": _number("set_size"), "run-size": _number("run_size"),
                  "hand-size": _number("hand")},
    table_pieces=table_pieces,
)
