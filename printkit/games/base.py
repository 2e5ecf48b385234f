"""The interface a game module offers the engine."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..findings import Finding
from ..layout.draw import Page
from ..layout.paper import Paper
from ..model.pack import Pack
from ..model.tomltable import Table, TomlContext


@dataclass(frozen=True)
class GameModule:
    name: str
    configure: Callable[[Table, Pack], Any]  # read [module]; report through the table
    check: Callable[[Pack, Any], Iterator[Finding]]  # what makes this game unplayable
    pieces: Callable[[Pack, Any, Paper], list[Page]]  # extra pages for board.pdf
    components: Callable[[Pack, Any], list[str]]  # those pieces, for the rules' list of components
    placeholders: dict[str, Callable[[Pack, Any, tuple[str, ...]], Any]] = field(default_factory=dict)


def read_config(module: GameModule, pack: Pack) -> tuple[Any, list[Finding]]:
    """The module's settings from [module], with findings located in game.toml."""
    m = pack.manifest
    ctx = TomlContext(m.path, dict(m.key_locations))
    table = Table(ctx, dict(m.module.data), ("module",))
    table.text("name")
    config = module.configure(table, pack)
    table.finish()
    return config, ctx.findings
