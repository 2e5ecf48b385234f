"""The interface a game module offers the engine."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core.findings import Finding
from ..geometry.draw import Face, Page
from ..geometry.paper import Paper
from ..model.pack import Pack
from ..model.tomltable import Table, TomlContext


@dataclass(frozen=True)
class TableToken:
    """A round token for a virtual table: its disc drawn centred in a square face (bleed 0)."""

    name: str
    face: Face
    radius: float  # mm from the face's centre to the disc's outer edge, outline included; outside is not the token


@dataclass(frozen=True)
class TablePieces:
    """What a game lays on a virtual table besides its cards: a board as one face (bleed 0), and tokens."""

    board: Face | None = None
    board_name: str = "board"
    tokens: tuple[TableToken, ...] = ()
    token_back: TableToken | None = None  # what every token shows turned over, if they are mixed face down


@dataclass(frozen=True)
class GameModule:
    name: str
    configure: Callable[[Table, Pack], Any]  # read [module]; report through the table
    check: Callable[[Pack, Any], Iterator[Finding]]  # what makes this game unplayable
    pieces: Callable[[Pack, Any, Paper], list[Page]]  # extra pages for board.pdf
    components: Callable[[Pack, Any], list[str]]  # those pieces, for the rules' list of components
    # Rules placeholders, by name. None takes arguments yet: the rules refuse any given (D801) before calling.
    placeholders: dict[str, Callable[[Pack, Any, tuple[str, ...]], Any]] = field(default_factory=dict)
    # The board and tokens for a virtual table (Tabletop Simulator), drawn as board.pdf draws them.
    table_pieces: Callable[[Pack, Any], TablePieces] | None = None


def read_config(module: GameModule, pack: Pack) -> tuple[Any, list[Finding]]:
    """The module's settings from [module], with findings located in game.toml."""
    m = pack.manifest
    ctx = TomlContext(m.path, dict(m.key_locations))
    table = Table(ctx, dict(m.module.data) if m.module is not None else {}, ("module",))
    table.text("name")
    config = module.configure(table, pack)
    table.finish()
    return config, ctx.findings
