"""How many cards one export draws at most, counted before the pack is checked.

Every distinct card is drawn as a picture (about 8 ms of CPU each for Tabletop
Simulator, its check included: 2,052 cards in 16 s of CPU), so a pack of 10
decks of 2,000 cards took 312 s; the limit keeps an export within about 30
seconds and says so at once, before the check (itself about a millisecond a
card) has begun.
"""
from __future__ import annotations

from pathlib import Path

from ..model.loader import load_pack
from .errors import ExportRefused

MAX_EXPORT_CARDS = 2_500  # distinct cards (CSV rows) in all the pack's decks
# A print service's image is a PNG at 300 dpi with bleed (825 × 1125 px for a poker card), about 30 ms
# of CPU each to draw and encode: 2,052 cards took 60 s of CPU.
MAX_IMAGE_CARDS = 1_000


def refuse_oversized(root: Path, most: int = MAX_EXPORT_CARDS) -> None:
    """ExportRefused, naming the pack's game.toml and its largest deck, if its decks hold more than
    ``most`` distinct cards; a pack that cannot be read is left to the check to report."""
    pack, _ = load_pack(root)
    if pack is None:
        return
    cards = sum(len(deck.cards) for deck in pack.decks.values())
    if cards <= most:
        return
    largest = max(pack.decks.values(), key=lambda deck: len(deck.cards))
    where = largest.spec.location
    raise ExportRefused(f"{where.file.name}:{where.line}:{where.column}: the pack's {len(pack.decks)} decks hold "
                        f"{cards:,} distinct cards, and this export draws at most {most:,} (about 30 s); "
                        f"export a copy of the pack with fewer cards (the largest deck, '{largest.id}', has "
                        f"{len(largest.cards):,})")
