"""Game modules: the little game knowledge that cannot be data.

A pack names its module in ``[module] name = ...``; the module reads the rest
of that table, adds checks, printed pieces and rules placeholders. Nothing
else in printkit knows one game from another.
"""
from __future__ import annotations

from ..model.pack import Pack
from . import sets_and_runs
from .base import GameModule

MODULES: dict[str, GameModule] = {
    sets_and_runs.MODULE.name: sets_and_runs.MODULE,
}


def module_for(pack: Pack) -> GameModule | None:
    config = pack.manifest.module
    return MODULES.get(config.name) if config is not None else None
