"""Hand a pack to its game module: read [module], then the module's own checks."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.findings import Finding, Location
from ..games.registry import MODULES
from ..games.base import read_config
from ..model.pack import Pack
from ..core.suggest import did_you_mean


def check_module(pack: Pack) -> Iterator[Finding]:
    config = pack.manifest.module
    if config is None:
        return
    module = MODULES.get(config.name)
    if module is None:
        yield Finding("M106", f"there is no game module '{config.name}'", config.location or Location(pack.manifest.path),
                      did_you_mean(config.name, MODULES) or f"modules: {', '.join(MODULES)}")
        return
    settings, findings = read_config(module, pack)
    yield from findings
    if settings is not None:
        yield from module.check(pack, settings)
