"""Which engine plays a pack, chosen by what its manifest declares; engines load only when asked for."""
from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import UsageProblem
from ..model.pack import Pack

# Engine name -> module. A module is imported only when a pack needs it.
ENGINES = {"claims": "printkit.sim.claims", "sets-and-runs": "printkit.sim.sets_and_runs"}


class NoEngine(UsageProblem, ValueError):
    """The pack declares nothing an engine can play."""


def engine_name_for(pack: Pack) -> str:
    """'sets-and-runs' for a pack with that [module]; 'claims' for one with [claims] and [board]."""
    m = pack.manifest
    if m.module is not None and m.module.name == "sets-and-runs":
        return "sets-and-runs"
    if m.module is not None and m.module.name:
        raise NoEngine(f"there is no simulator for the game module '{m.module.name}' "
                       f"(simulated: [module] name = \"sets-and-runs\", or [claims] with a [board])")
    if m.claims is not None and m.board is not None:
        return "claims"
    lacks = " and ".join(t for t, v in (("[claims]", m.claims), ("[board]", m.board)) if v is None)
    raise NoEngine(f"'{pack.id}' cannot be simulated: its game.toml has no {lacks} (a claiming game needs "
                   "both) and no [module] name = \"sets-and-runs\"")


def load_engine(name: str) -> ModuleType:
    return importlib.import_module(ENGINES[name])


def engine_for(pack: Pack) -> ModuleType:
    """The engine module that plays ``pack``; NoEngine, saying what the pack lacks, if none does."""
    return load_engine(engine_name_for(pack))
