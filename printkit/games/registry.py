"""One registry of the games printkit knows: each one's game module and the engine that plays it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..core.errors import UsageProblem
from ..model.pack import Pack
from .base import GameModule
from .claims import engine as claims_engine
from .sets_and_runs import engine as sets_and_runs_engine
from .sets_and_runs.module import MODULE as SETS_AND_RUNS


@dataclass(frozen=True)
class Game:
    """One kind of game: its module (None when its tables are plain data) and the engine that plays it."""

    name: str
    module: GameModule | None
    engine: ModuleType  # name, bots, prepare, play, card_figures, figures (see games/records.py)


GAMES: dict[str, Game] = {
    "claims": Game("claims", None, claims_engine),
    SETS_AND_RUNS.name: Game(SETS_AND_RUNS.name, SETS_AND_RUNS, sets_and_runs_engine),
}
# The game modules a pack may name in [module] name = ...
MODULES: dict[str, GameModule] = {g.module.name: g.module for g in GAMES.values() if g.module is not None}


class NoEngine(UsageProblem, ValueError):
    """The pack declares nothing an engine can play."""


def module_for(pack: Pack) -> GameModule | None:
    config = pack.manifest.module
    return MODULES.get(config.name) if config is not None else None


def game_for(pack: Pack) -> Game:
    """The game a pack's [module] names, or claims for one with [claims] and [board]; NoEngine, saying what the
    pack lacks, if neither."""
    m = pack.manifest
    if m.module is not None and m.module.name in GAMES:
        return GAMES[m.module.name]
    if m.module is not None and m.module.name:
        raise NoEngine(f"there is no simulator for the game module '{m.module.name}' "
                       f"(simulated: [module] name = \"sets-and-runs\", or [claims] with a [board])")
    if m.claims is not None and m.board is not None:
        return GAMES["claims"]
    lacks = " and ".join(t for t, v in (("[claims]", m.claims), ("[board]", m.board)) if v is None)
    raise NoEngine(f"'{pack.id}' cannot be simulated: its game.toml has no {lacks} (a claiming game needs "
                   "both) and no [module] name = \"sets-and-runs\"")


def engine_for(pack: Pack) -> ModuleType:
    """The engine module that plays ``pack``; NoEngine, saying what the pack lacks, if none does."""
    return game_for(pack).engine


def engine_switches(engine: ModuleType) -> tuple[str, ...]:
    """The ``[[variants]]`` switches ``engine`` honours (none unless it declares them)."""
    return tuple(getattr(engine, "switches", ()))


def varied(engine: ModuleType, setup: Any, switches: Mapping[str, object]) -> Any:
    """``setup`` with a variant's ``switches`` set; the setup itself when there are none to set."""
    return engine.vary(setup, switches) if switches else setup
