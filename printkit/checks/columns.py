"""Declared columns that nothing uses (N602).

A column earns its place in a deck by being read: shown on the card, checked
against an expectation, named by the claim rule, a category, the game module
or a rules placeholder. One that nothing reads is most likely left over from
an earlier design, or meant for the card but never given a place on it.

Layouts are counted by the caller, which knows which columns its layout
elements show; everything else is found here from the manifest and the
rules source.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ..core.findings import Finding
from ..games.registry import module_for
from ..model.pack import COPIES_COLUMN, NAME_COLUMN, Pack
from ..model.tomltable import TomlContext
from ..rules.arguments import read_arguments
from ..rules.card_columns import KEYWORD as COLUMNS, table_columns
from ..rules.content import signature
from ..rules.document import rules_path
from ..model.rules_generated import PlaceholderError
from ..model.rules_source import Heading, ListBlock, Paragraph, Placeholder, TableBlock, parse_rules

Used = dict[str, set[str]]


def check_unused_columns(pack: Pack, used_by_layouts: Mapping[str, set[str]]) -> Iterator[Finding]:
    """A warning for each declared column that neither a layout nor anything else uses."""
    used = columns_used(pack)
    m = pack.manifest
    ctx = TomlContext(m.path, dict(m.key_locations))
    for spec in m.decks:
        seen = used.get(spec.id, set()) | set(used_by_layouts.get(spec.id, ()))
        for column in spec.columns:
            if column.name not in seen:
                yield Finding("N602", f"column '{column.name}' of deck '{spec.id}' is declared but nothing uses it",
                              ctx.locate(("decks", spec.id, "columns", column.name)),
                              "show it on the card with a layout element, or remove it")


def columns_used(pack: Pack) -> Used:
    """Deck id -> the names of its columns that something other than a layout reads."""
    used: Used = {spec.id: {NAME_COLUMN, COPIES_COLUMN} for spec in pack.manifest.decks}
    for find in (_claims, _categories, _expectations, _board, _module, _rules):
        for deck_id, column in find(pack):
            used.setdefault(deck_id, set()).add(column)
    return used


def _claims(pack: Pack) -> Iterator[tuple[str, str]]:
    """The requirement column of the claimed deck, and the term columns of the paying one."""
    rule = pack.manifest.claims
    if rule is not None:
        yield rule.deck, rule.column
        yield from ((rule.paid_from, column) for column in rule.term_columns)


def _categories(pack: Pack) -> Iterator[tuple[str, str]]:
    """Categories select cards of the paying deck, so their columns belong to it."""
    rule = pack.manifest.claims
    if rule is not None:
        for category in pack.manifest.categories:
            yield from ((rule.paid_from, column) for column, _ in category.where)


def _expectations(pack: Pack) -> Iterator[tuple[str, str]]:
    for spec in pack.manifest.decks:
        yield from ((spec.id, e.column) for e in spec.expectations if e.column)


def _board(pack: Pack) -> Iterator[tuple[str, str]]:
    """Board spaces are labelled by card name."""
    board = pack.manifest.board
    if board is not None and board.deck:
        yield board.deck, NAME_COLUMN


def _module(pack: Pack) -> Iterator[tuple[str, str]]:
    """Any text setting of [module] that matches a column name.

    printkit does not know what a module's settings mean, so a value equal to
    a column's name counts for every deck that has such a column: a missed
    warning is better than a wrong one.
    """
    config = pack.manifest.module
    if config is None:
        return
    settings = {key: value for key, value in config.data.items() if key != "name"}  # 'name' names the module
    words = set(_strings(settings))
    for spec in pack.manifest.decks:
        yield from ((spec.id, c.name) for c in spec.columns if c.name in words)


def _strings(value: object) -> Iterator[str]:
    """Every text value inside a TOML value, however deeply nested in tables and lists."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from _strings(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _strings(inner)


def _rules(pack: Pack) -> Iterator[tuple[str, str]]:
    """Columns named by the rules' placeholders, or shown by a {{cards DECK}} table."""
    module = module_for(pack)
    taken = set(module.placeholders) if module is not None else set()  # a module's own meaning wins
    for placeholder in _rules_placeholders(pack):
        if placeholder.name not in taken and placeholder.args:
            yield from _placeholder_columns(pack, placeholder.name, placeholder.args)


def _placeholder_columns(pack: Pack, name: str, args: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    deck_id, rest = args[0], args[1:]
    if name == "count" and rest:
        yield deck_id, rest[0].partition("=")[0]  # {{count DECK COLUMN=VALUE}}
    elif name == "sum" and rest:
        yield deck_id, rest[0]  # {{sum DECK COLUMN}}
    elif name == "cards":
        yield from ((deck_id, column) for column in _card_table_columns(pack, deck_id, args))


def _card_table_columns(pack: Pack, deck_id: str, args: tuple[str, ...]) -> Iterable[str]:
    """What {{cards DECK ...}} shows (see printkit.rules.card_columns), except for the claimed deck's own table.

    That table shows the requirement and the face's points column, both
    counted already, so it adds nothing (see printkit.rules.content).
    """
    spec = pack.manifest.deck(deck_id)
    rule = pack.manifest.claims
    if spec is None or (rule is not None and rule.deck == deck_id):
        return []
    try:
        chosen = read_arguments("cards", args, signature("cards")).keywords.get(COLUMNS)
        return table_columns(spec, chosen)
    except PlaceholderError:  # D801 says what is wrong; a warning about the columns would only add noise
        return [c.name for c in spec.columns]


def _rules_placeholders(pack: Pack) -> Iterator[Placeholder]:
    """Every placeholder in the rules source; none when it cannot be read (check_rules says why)."""
    path = rules_path(pack)
    if path is None:
        return
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return
    yield from _placeholders_in(parse_rules(text, path))


def _placeholders_in(blocks: Iterable[object]) -> Iterator[Placeholder]:
    for block in blocks:
        if isinstance(block, Placeholder):
            yield block
        elif isinstance(block, (Heading, Paragraph)):
            yield from (x for x in block.content if isinstance(x, Placeholder))
        elif isinstance(block, ListBlock):
            for item in block.items:
                yield from _placeholders_in(item)
        elif isinstance(block, TableBlock):
            for cell in (*block.header, *(c for row in block.rows for c in row)):
                yield from (x for x in cell if isinstance(x, Placeholder))
