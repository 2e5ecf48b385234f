"""``[[variants]]`` against the pack's engine: every switch a variant sets must be one its engine honours."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.findings import Finding
from ..core.suggest import did_you_mean
from ..games.registry import NoEngine, engine_switches, game_for
from ..model.pack import Pack
from ..model.variants import TEXT_KEYS


def check_variants(pack: Pack) -> Iterator[Finding]:
    variants = pack.manifest.variants
    if not any(v.switches for v in variants):
        return
    try:
        engine = game_for(pack).engine
    except NoEngine:
        engine = None
    known = engine_switches(engine) if engine is not None else ()
    for variant in variants:
        for switch in variant.switches:
            if switch.name in known:
                continue
            if engine is None:
                yield Finding("M110", f"variant '{variant.name}' sets '{switch.name}', but no engine plays this "
                                      "pack, so no switch has an effect", switch.location,
                              "leave the switches out: the variant's title and description still print in the "
                              "rules")
                continue
            listed = ", ".join(known) if known else "none"
            yield Finding("M110", f"the {engine.name} engine has no rule switch '{switch.name}' "
                                  f"(variant '{variant.name}')", switch.location,
                          did_you_mean(switch.name, (*TEXT_KEYS, *known)) or f"its switches: {listed}")
