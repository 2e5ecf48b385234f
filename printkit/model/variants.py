"""``[[variants]]``: the rule variants a pack declares, read and checked as far as game.toml alone allows.

Each variant has a name (an id), a title, a description in the designer's
words, and rule switches such as ``finish_round = true``. Which switches a
game honours is its engine's business: a switch the vocabulary does not know
is kept here unread, and ``printkit.checks.variants`` reports it (M110) with
the engine's own list.
"""
from __future__ import annotations

from .manifest_keys import MAX_VARIANTS, SPECS
from .pack import Switch, Variant
from .presentation import _entries
from .tomltable import Table

TEXT_KEYS = ("name", "title", "description")  # what every variant has; its other keys are rule switches
_KEYS = {key.name: key for key in SPECS["variants"].keys}
_SWITCHES = {key.name: key for key in SPECS["variants"].keys if key.name not in TEXT_KEYS}


def read_variants(root: Table) -> tuple[Variant, ...]:
    """The variants, in game.toml's order; one without a usable name is reported and left out."""
    tables = _entries(root, "variants")
    if len(tables) > MAX_VARIANTS:
        root.ctx.report("M104", f"'variants' may list at most {MAX_VARIANTS} variants, not {len(tables)}",
                        tables[MAX_VARIANTS].path)
        tables = tables[:MAX_VARIANTS]
    found: list[Variant] = []
    for spec in tables:
        name = spec.value(_KEYS["name"], "")
        title = spec.value(_KEYS["title"], "") or name
        description = spec.value(_KEYS["description"], "")
        switches = []
        for key, value in spec.data.items():
            if key in TEXT_KEYS:
                continue
            known = _SWITCHES.get(key)
            if known is not None:
                spec.value(known)  # reports a value of the wrong type (M104), which is then left out
                if not known.accepts(value):
                    continue
            else:
                spec.asked.append(key)  # a switch the vocabulary lacks is the engine's to judge (M110)
            switches.append(Switch(key, value, spec.location(key)))
        first = next((v for v in found if v.name == name), None)
        if first is not None:
            spec.ctx.report("M111", f"two variants are named '{name}'", spec.key_path("name"),
                            f"the first is at line {first.location.line}; give each variant its own name")
        elif name:
            found.append(Variant(name, title, description, tuple(switches), spec.location("name")))
        spec.finish()
    return tuple(found)
