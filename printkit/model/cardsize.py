"""Card sizes in a manifest: a named size, or a width and height in millimetres.

Both the pack-wide ``[card]`` table and a deck's own ``[decks.<id>.card]``
table are read here, so that the two accept the same names and limits.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.suggest import did_you_mean
from .tomltable import Table, dotted

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class CardSize:
    """A named card size and the standard it follows, defined in inches or in millimetres."""

    name: str
    standard: str  # what the size is, in words, for the docs
    size: tuple[float, float]  # width, height in the unit the standard uses
    inches: bool  # True: ``size`` is in inches, and its millimetres are exact conversions
    aliases: tuple[str, ...] = ()  # older names that mean the same size

    @property
    def mm(self) -> tuple[float, float]:
        """Width × height in millimetres, rounded to a hundredth as the layout works in mm."""
        factor = MM_PER_INCH if self.inches else 1.0
        return (round(self.size[0] * factor, 2), round(self.size[1] * factor, 2))


# Each size from shared/print-facts.md unless noted. Tarot cards come in two sizes a
# fraction of a millimetre apart; "tarot" keeps the inch size, which The Game Crafter's
# Tarot Deck is cut to (see export/services.py), and "tarot-metric" is the 70 × 120 mm
# card metric printers sell.
CARD_SIZE_PRESETS: tuple[CardSize, ...] = (
    CardSize("poker", "Poker, the usual playing card", (2.5, 3.5), inches=True),
    CardSize("bridge", "Bridge, a narrower playing card", (2.25, 3.5), inches=True),
    CardSize("mini-american", "Mini American", (1.75, 2.5), inches=True, aliases=("mini",)),
    CardSize("mini-euro", "Mini Euro", (44.0, 68.0), inches=False),
    # Not in print-facts.md: the 59 × 92 mm card many European board games use, often
    # called Standard Euro; not the 44 × 68 mm Mini Euro.
    CardSize("euro", "Standard Euro", (59.0, 92.0), inches=False),
    CardSize("euro-square", "Euro square", (70.0, 70.0), inches=False, aliases=("square",)),
    CardSize("tarot", "Tarot, in inches", (2.75, 4.75), inches=True),
    CardSize("tarot-metric", "Tarot, in millimetres", (70.0, 120.0), inches=False),
)

# Every name a manifest may give, older names included: width × height in mm.
CARD_SIZES: dict[str, tuple[float, float]] = {
    name: preset.mm for preset in CARD_SIZE_PRESETS for name in (preset.name, *preset.aliases)}

# Cards smaller than this leave no room inside the 4 mm safe zone, and tiny
# sizes would ask for millions of slots a sheet; larger ones fit no home paper.
MIN_MM = 10.0
MAX_MM = 300.0


def _millimetres(table: Table, key: str, required: bool, default: float) -> float:
    """A length in mm between the limits; anything else is reported and ``default`` used."""
    value = table.get(key, f"a number of millimetres from {MIN_MM:g} to {MAX_MM:g}",
                      lambda v: type(v) in (int, float) and MIN_MM <= v <= MAX_MM, required, default)
    return float(value)


def _named(table: Table) -> tuple[float, float] | None:
    """The size its ``size`` key names, or None when the key is missing or unknown (reported)."""
    name = table.text("size", required=False)
    if not name:
        return None
    if name in CARD_SIZES:
        return CARD_SIZES[name]
    known = ", ".join(preset.name for preset in CARD_SIZE_PRESETS)
    guess = did_you_mean(name, CARD_SIZES)
    table.ctx.report("M104", f"unknown card size '{name}' in '{dotted(table.key_path('size'))}'",
                     table.key_path("size"), f"{guess} Sizes: {known}" if guess else f"sizes: {known}")
    return None


def _both_given(table: Table) -> bool:
    """Report a table that names a size and gives measurements too."""
    measured = [k for k in ("width_mm", "height_mm") if table.has(k)]
    if not measured:
        return False
    table.ctx.report("M104", f"'{dotted(table.key_path('size'))}' and '{dotted(table.key_path(measured[0]))}' "
                     "both set the card size; give a size name or width_mm and height_mm, not both",
                     table.key_path("size"))
    table.asked += measured
    return True


def read_pack_card_size(table: Table, default: tuple[float, float]) -> tuple[float, float]:
    """The pack-wide ``[card]`` size: a ``size`` name, else width_mm and height_mm, each defaulting."""
    if table.has("size"):
        named = _named(table)
        if _both_given(table) or named is None:
            return default
        return named
    return (_millimetres(table, "width_mm", False, default[0]),
            _millimetres(table, "height_mm", False, default[1]))


def read_deck_card_size(deck: Table) -> tuple[float, float] | None:
    """A deck's own ``[decks.<id>.card]`` size, or None for the pack's; both measurements required."""
    table = deck.table("card", required=False)
    if table is None:
        return None
    size: tuple[float, float] | None
    if table.has("size"):
        named = _named(table)
        size = None if _both_given(table) else named
    else:
        width = _millimetres(table, "width_mm", True, 0.0)
        height = _millimetres(table, "height_mm", True, 0.0)
        size = (width, height) if width and height else None
    table.finish()
    return size
