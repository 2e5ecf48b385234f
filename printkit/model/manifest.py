"""Read a pack's ``game.toml`` into a Manifest, reporting what is wrong with it."""
from __future__ import annotations

import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from ..core.findings import Finding, Location
from ..core.packpath import PackFileError, read_pack_file
from ..requirements.ast import is_term_name
from ..core.suggest import did_you_mean
from ..core.fonts import BUILTIN_FAMILIES
from ..core.symbols import SYMBOLS
from .cardsize import read_deck_card_size, read_pack_card_size
from .fonts import read_fonts
from .groups import read_groups
from .pack import (COLUMN_TYPES, COPIES_COLUMN, NAME_COLUMN, BoardSpec, Category, ClaimRule,
                   ColumnSpec, DeckSpec, Expectation, Manifest)
from .manifest_keys import (MAX_BOARD_COLUMNS, MAX_BOARD_ROWS, MAX_PLACEHOLDER_CHARS, MAX_PLACEHOLDERS,
                            MAX_SPACE_MARGIN, MIN_SPACE_MARGIN, POKER_MM, SPECS)
from .presentation import (read_art_settings, read_lint_settings, read_back, read_face, read_image, read_module, read_phases,
                           read_pieces, read_player_aid, read_powers, read_rules, read_tokens)
from .designs import LayoutReader, read_icons
from .tomlpos import MAX_KEY_PARTS, key_locations, overlong_key
from .numbers import read_whole
from .table_columns import check_claimed_table, read_table_columns
from .tomltable import Table, TomlContext, dotted
from .variants import read_variants
from . import MANIFEST_NAME

MAX_MANIFEST_BYTES = 1 << 20  # game.toml may be at most 1 MB
ANY_CATEGORY = "Any"  # built in: every card of the paying deck
_COLUMN = {key.name: key for key in SPECS["decks.*.columns.*"].keys}  # what a column's table may say
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_SPACE = re.compile(r"([A-Z])([1-9][0-9]*)")


def load_manifest(path: Path) -> tuple[Manifest | None, list[Finding]]:
    """Parse and validate ``path``; None when it cannot be read at all."""
    try:
        text = read_pack_file(path, MAX_MANIFEST_BYTES, MANIFEST_NAME).decode("utf-8-sig")
    except FileNotFoundError:
        return None, [Finding("M100", f"no {MANIFEST_NAME} in the pack folder", Location(path),
                              "every pack folder holds a game.toml naming its decks")]
    except PackFileError as exc:
        return None, [Finding("M101", f"cannot read {MANIFEST_NAME}: {exc}", Location(path))]
    except UnicodeDecodeError as exc:
        line = exc.object.count(b"\n", 0, exc.start) + 1
        return None, [Finding("M101", f"cannot read {MANIFEST_NAME}: it is not UTF-8 (byte 0x{exc.object[exc.start]:02X})",
                              Location(path, line), "save it as UTF-8")]
    if (where := overlong_key(text)) is not None:
        return None, [Finding("M101", f"a dotted key has more than {MAX_KEY_PARTS} parts", Location(path, *where))]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [_syntax_finding(path, exc)]
    except RecursionError:
        return None, [Finding("M101", "TOML nests lists or tables too deeply to read",
                              Location(path, *_deepest_nesting(text)),
                              f"nest values at most {MAX_NESTING} deep")]
    ctx = TomlContext(path, key_locations(text))
    manifest = _read(Table(ctx, data), path)
    return manifest, ctx.findings


MAX_NESTING = 100  # lists and tables inside one another; tomllib itself fails a few hundred deep


def _deepest_nesting(text: str) -> tuple[int, int]:
    """(line, column) where brackets first open more than MAX_NESTING deep, skipping strings and comments."""
    depth, line, column, quote, i = 0, 1, 0, "", 0
    while i < len(text):
        c = text[i]
        column += 1
        if c == "\n":
            line, column = line + 1, 0
        elif quote:
            if c == "\\" and quote == '"':
                i, column = i + 1, column + 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "#":
            end = text.find("\n", i)
            i, column = (len(text) if end < 0 else end) - 1, column + (0 if end < 0 else end - i - 1)
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return line, column
        elif c in "]}":
            depth -= 1
        i += 1
    return 1, 1


def _syntax_finding(path: Path, exc: Exception) -> Finding:
    message = str(exc)
    line = column = 1
    if (lineno := getattr(exc, "lineno", None)) is not None:
        line, column = lineno, getattr(exc, "colno", 1)
    elif (m := _TOML_POSITION.search(message)) is not None:
        line, column = int(m.group(1)), int(m.group(2))
    message = _TOML_POSITION.sub("", getattr(exc, "msg", message))
    return Finding("M101", f"TOML syntax error: {message[:1].lower()}{message[1:]}",
                   Location(path, line, column))


def _read(root: Table, path: Path) -> Manifest:
    game = root.table("game")
    title = description = notice = ""
    min_players, max_players = 1, 1
    if game is not None:
        title = game.text("title")
        description = game.text("description")
        notice = game.text("notice", required=False)
        players = game.table("players")
        if players is not None:
            min_players = players.value(SPECS["game.players.min"])
            max_players = players.value(SPECS["game.players.max"], min_players)
            if max_players < min_players:
                root.ctx.report("M104", "'game.players.max' is less than 'game.players.min'",
                                players.key_path("max"))
            players.finish()
        game.finish()

    width, height = POKER_MM
    card = root.table("card", required=False)
    if card is not None:
        width, height = read_pack_card_size(card, (width, height))
        card.finish()

    decks = _read_decks(root)
    pack_size = (width, height)
    groups = read_groups(root, decks, lambda deck: deck.card_size or pack_size)
    claims = _read_claims(root, decks)
    check_claimed_table(root, decks, claims)
    categories = _read_categories(root, decks, claims)
    board = _read_board(root, decks)
    tokens = read_tokens(root)
    powers = read_powers(root)
    phases = read_phases(root)
    player_aid = read_player_aid(root, max_players)
    rules = read_rules(root)
    pieces = read_pieces(root, max_players, board is not None)
    module = read_module(root)
    variants = read_variants(root)
    art = read_art_settings(root)
    lint = read_lint_settings(root)
    fonts = read_fonts(root, path.parent)
    layouts, icons = _read_layouts(root, path.parent, decks, fonts)
    root.finish()
    return Manifest(path, title, description, min_players, max_players, notice,
                    width, height, decks, claims, categories, board, tokens, powers, phases, player_aid, rules,
                    pieces, module, art, fonts, lint, layouts=layouts, icons=icons, key_locations=root.ctx.locations,
                    shuffled_together=groups, variants=variants)


# Layouts every pack may draw with, whether or not a deck names them.
ALWAYS_LAYOUTS = ("back", "back-art", "aid-front", "aid-back")


def _read_layouts(root: Table, folder: Path, decks: tuple[DeckSpec, ...], fonts) -> tuple[dict, dict]:
    """Every layout the decks use (resolved), the pack's own, and ``[icons]``."""
    icons = read_icons(root, set(SYMBOLS))
    reader = LayoutReader(root, folder, set(BUILTIN_FAMILIES) | set(fonts.families), icons, set(SYMBOLS))
    layouts = {name: reader.layout(name) for name in ALWAYS_LAYOUTS}
    for name in reader.sources:  # the pack's own, used or not, so their mistakes are reported
        layouts[name] = reader.layout(name)
    for deck in decks:
        for spec in (deck.face, deck.back):
            name = getattr(spec, "layout", "")
            if not name or spec is None:
                continue
            layout = reader.layout(name)
            if layout is None:
                root.ctx.findings.append(Finding(
                    "T702", f"deck '{deck.id}' uses unknown layout '{name}'", spec.layout_location or deck.location,
                    did_you_mean(name, reader.known()) or f"layouts: {', '.join(reader.known())}"))
            layouts[name] = layout
    root.ctx.findings.extend(reader.findings())
    return {name: layout for name, layout in layouts.items() if layout is not None}, icons


def _read_decks(root: Table) -> tuple[DeckSpec, ...]:
    table = root.table("decks")
    if table is None:
        return ()
    decks = []
    for deck_id, value in table.entries():
        if not isinstance(value, dict):
            root.ctx.report("M104", f"'decks.{deck_id}' must be a table", table.key_path(deck_id))
            continue
        deck = Table(root.ctx, value, table.key_path(deck_id))
        title = deck.text("title", default=deck_id)
        file = deck.text("file")
        columns = _read_columns(deck)
        expectations = _read_expect(deck, deck_id, columns)
        face = read_face(deck, columns)
        back = read_back(deck, title)
        card_size = read_deck_card_size(deck)
        table_columns = read_table_columns(deck, deck_id, columns)
        deck.finish()
        if file:
            decks.append(DeckSpec(deck_id, title, file, columns, expectations, deck.location("file"),
                                  face, back, card_size, table_columns))
    if not decks and not root.ctx.findings:
        root.ctx.report("M102", "the manifest declares no decks", table.path)
    return tuple(decks)


def _read_columns(deck: Table) -> tuple[ColumnSpec, ...]:
    table = deck.table("columns")
    if table is None:
        return ()
    columns = []
    for name, value in table.entries():
        key = table.key_path(name)
        spec = Table(deck.ctx, value if isinstance(value, dict) else {"type": value}, key)
        kind = spec.text("type", required=False, default=_COLUMN["type"].default)
        if kind not in COLUMN_TYPES:
            deck.ctx.report("M104", f"column '{name}' has unknown type '{kind}'", key,
                            did_you_mean(kind, COLUMN_TYPES) or f"types: {', '.join(COLUMN_TYPES)}")
            kind = "text"
        values = spec.strings("values", required=kind == "choice")
        minimum, maximum, placeholders = _read_number_options(spec) if kind == "number" else (None, None, ())
        columns.append(ColumnSpec(
            name=name, type=kind, values=values,
            optional=spec.boolean("optional", default=name == COPIES_COLUMN),
            blank=spec.boolean("blank"),
            unique=spec.boolean("unique", default=name == NAME_COLUMN),
            minimum=minimum, maximum=maximum, placeholders=placeholders,
        ))
        spec.finish()
    if not any(c.name == NAME_COLUMN for c in columns):
        deck.ctx.report("M102", f"[{'.'.join(table.path)}] must declare a '{NAME_COLUMN}' column",
                        table.path)
    table.finish()
    return tuple(columns)


def _read_number_options(spec: Table) -> tuple[int | None, int | None, tuple[str, ...]]:
    """A number column's 'min', 'max' and 'placeholders'; a bad one is reported and dropped."""
    minimum, maximum = spec.value(_COLUMN["min"]), spec.value(_COLUMN["max"])
    if minimum is not None and maximum is not None and minimum > maximum:
        spec.ctx.report("M104", f"'{dotted(spec.key_path('min'))}' is more than its 'max'", spec.key_path("max"))
        minimum = maximum = None
    placeholders = []
    words = spec.strings("placeholders", required=False)
    if len(words) > MAX_PLACEHOLDERS or any(len(w) > MAX_PLACEHOLDER_CHARS for w in words):
        spec.ctx.report("M104", f"'{dotted(spec.key_path('placeholders'))}' may list at most {MAX_PLACEHOLDERS} "
                        f"words of at most {MAX_PLACEHOLDER_CHARS} characters", spec.key_path("placeholders"))
        words = ()
    for word in words:
        word = word.strip()  # cells are read stripped, so a spaced word could never match one
        if word and not read_whole(word).is_number:
            placeholders.append(word)
            continue
        spec.ctx.report("M104", f"placeholder '{word}' must be text that is not a number",
                        spec.key_path("placeholders"), "a placeholder stands in for a number, such as 'X'")
    return minimum, maximum, tuple(placeholders)


def _read_expect(deck: Table, deck_id: str, columns: tuple[ColumnSpec, ...]) -> tuple[Expectation, ...]:
    table = deck.table("expect", required=False)
    if table is None:
        return ()
    known = [c.name for c in columns]
    found: list[Expectation] = []
    if table.has("cards"):
        found.append(Expectation(deck_id, "cards", table.integer("cards"), table.location("cards")))
    for kind in ("by", "sum"):
        group = table.table(kind, required=False)
        if group is None:
            continue
        for column, value in group.entries():
            key = group.key_path(column)
            if column not in known:
                deck.ctx.report("M106", f"deck '{deck_id}' has no column '{column}'", key,
                                did_you_mean(column, known))
                continue
            if kind == "sum":
                expectation = _read_sum(deck, group, deck_id, columns[known.index(column)], value)
                found += [expectation] if expectation else []
                continue
            counts = Table(deck.ctx, value if isinstance(value, dict) else {}, key)
            if not isinstance(value, dict):
                deck.ctx.report("M104", f"'{'.'.join(key)}' must be a table of value = count", key)
            for wanted, _ in counts.entries():
                found.append(Expectation(deck_id, "by", counts.integer(wanted, minimum=0),
                                         counts.location(wanted), column=column, value=wanted))
    table.finish()
    return tuple(found)


def _read_sum(deck: Table, group: Table, deck_id: str, column: ColumnSpec, value: object) -> Expectation | None:
    """An expected column total; a number column may hold 0 and negatives, so its total may too."""
    if column.type not in ("count", "number"):
        deck.ctx.report("M104", f"'sum.{column.name}' needs a count or number column, not a {column.type} one",
                        group.key_path(column.name))
        return None
    sub = Table(deck.ctx, {column.name: value}, group.path)
    if column.type == "number":
        total = sub.get(column.name, "a whole number", lambda v: type(v) is int, True, 0)
    else:
        total = sub.integer(column.name)
    return Expectation(deck_id, "sum", total, group.location(column.name), column=column.name)


def _check_deck_ref(root: Table, table: Table, key: str, decks: tuple[DeckSpec, ...]) -> DeckSpec | None:
    deck_id = table.text(key)
    if not deck_id:
        return None
    deck = next((d for d in decks if d.id == deck_id), None)
    if deck is None and decks:
        root.ctx.report("M106", f"there is no deck '{deck_id}'", table.key_path(key),
                        did_you_mean(deck_id, [d.id for d in decks]))
    return deck


def _read_claims(root: Table, decks: tuple[DeckSpec, ...]) -> ClaimRule | None:
    table = root.table("claims", required=False)
    if table is None:
        return None
    claimed = _check_deck_ref(root, table, "deck", decks)
    paying = _check_deck_ref(root, table, "paid_from", decks)
    column = table.text("column")
    cost = table.integer("cost", default=0)  # 0: unknown, so nothing is costed against it
    terms = table.strings("terms", required=False, default=tuple(SPECS["claims.terms"].default))
    if claimed is not None:
        spec = claimed.column(column)
        if spec is None:
            root.ctx.report("M106", f"deck '{claimed.id}' has no column '{column}'",
                            table.key_path("column"), did_you_mean(column, [c.name for c in claimed.columns]))
        elif spec.type != "requirement":
            root.ctx.report("M104", f"column '{column}' of deck '{claimed.id}' must have type 'requirement'",
                            table.key_path("column"))
    if paying is not None:
        for name in terms:
            if paying.column(name) is None:
                root.ctx.report("M106", f"deck '{paying.id}' has no column '{name}'", table.key_path("terms"),
                                did_you_mean(name, [c.name for c in paying.columns]))
    table.finish()
    if claimed is None or paying is None:
        return None
    return ClaimRule(claimed.id, column, paying.id, cost, terms, table.location())


def _read_categories(root: Table, decks: tuple[DeckSpec, ...], claims: ClaimRule | None) -> tuple[Category, ...]:
    table = root.table("categories", required=False)
    found = []
    if table is not None:
        paying = next((d for d in decks if claims and d.id == claims.paid_from), None)
        for name, value in table.entries():
            key = table.key_path(name)
            if not is_term_name(name):
                root.ctx.report("M104", f"'{name}' cannot be a category name", key,
                                "a category is one or more words without '+', 'or' or 'x2'")
                continue
            spec = Table(root.ctx, value if isinstance(value, dict) else {}, key)
            label = spec.text("label", required=False, default=name)
            where = spec.table("where", required=False)
            conditions: list[tuple[str, str]] = []
            for column, wanted in (where.entries() if where else ()):
                assert where is not None  # the loop runs only over a table that is there
                column_spec = paying.column(column) if paying else None
                if paying is not None and column_spec is None:
                    root.ctx.report("M106", f"deck '{paying.id}' has no column '{column}'",
                                    where.key_path(column), did_you_mean(column, [c.name for c in paying.columns]))
                elif column_spec and column_spec.values and wanted not in column_spec.values:
                    root.ctx.report("M106", f"column '{column}' has no value '{wanted}'",
                                    where.key_path(column), did_you_mean(str(wanted), column_spec.values))
                conditions.append((column, str(wanted)))
            spec.finish()
            found.append(Category(name, label, tuple(conditions), spec.location()))
    if claims is not None and all(c.name != ANY_CATEGORY for c in found):
        found.append(Category(ANY_CATEGORY, "any card", (), root.location()))
    return tuple(found)


def _board_spaces(root: Table, owner: Table, key: str, spaces: tuple[str, ...], columns: int,
                  rows: int) -> tuple[str, ...]:
    """The spaces of ``spaces`` that are on the board; each other one is reported (M104) and left out,
    so nothing after the manifest meets a space the board does not have."""
    kept = []
    for space in spaces:
        m = _SPACE.fullmatch(space)
        if m and ord(m.group(1)) - ord("A") < columns and int(m.group(2)) <= rows:
            kept.append(space)
            continue
        last = f"{chr(ord('A') + columns - 1)}{rows}"
        root.ctx.report("M104", f"'{space}' is not a space on a {columns}×{rows} board",
                        owner.key_path(key), f"spaces run from A1 to {last}")
    return tuple(kept)


def _read_board(root: Table, decks: tuple[DeckSpec, ...]) -> BoardSpec | None:
    table = root.table("board", required=False)
    if table is None:
        return None
    columns = table.integer("columns", default=SPECS["board.columns"].default)
    rows = table.integer("rows", default=SPECS["board.rows"].default)
    if columns > MAX_BOARD_COLUMNS:
        root.ctx.report("M104", f"'board.columns' must be at most {MAX_BOARD_COLUMNS} (A to Z)",
                        table.key_path("columns"))
        columns = MAX_BOARD_COLUMNS
    if rows > MAX_BOARD_ROWS:
        root.ctx.report("M104", f"'board.rows' must be at most {MAX_BOARD_ROWS}", table.key_path("rows"))
        rows = MAX_BOARD_ROWS
    deck = _check_deck_ref(root, table, "deck", decks)
    starts = table.strings("starts", required=False)
    extra = table.table("extra_starts", required=False)
    extra_spaces: tuple[str, ...] = ()
    extra_from = 0
    if extra is not None:
        extra_from = extra.integer("players")
        extra_spaces = extra.strings("spaces")
        extra.finish()
    # Without [board.extra_starts] there are no extra spaces, so its owner is never asked for.
    starts = _board_spaces(root, table, "starts", starts, columns, rows)
    extra_spaces = _board_spaces(root, extra or table, "spaces", extra_spaces, columns, rows)
    art = read_image(table, "art")
    margin = table.number("space_margin_mm", required=False, default=MIN_SPACE_MARGIN)
    if margin < MIN_SPACE_MARGIN:
        root.ctx.report("M104", f"'board.space_margin_mm' must be at least {MIN_SPACE_MARGIN:g} so cards fit their spaces",
                        table.key_path("space_margin_mm"))
        margin = MIN_SPACE_MARGIN
    elif margin > MAX_SPACE_MARGIN:  # beyond this a space outgrows every paper printkit tiles on
        root.ctx.report("M104", f"'board.space_margin_mm' must be at most {MAX_SPACE_MARGIN:g}",
                        table.key_path("space_margin_mm"), "the margin is board around each card, each way")
        margin = MAX_SPACE_MARGIN
    table.finish()
    return BoardSpec(columns, rows, deck.id if deck else "", starts, extra_spaces, extra_from,
                     table.location(), margin, art)
