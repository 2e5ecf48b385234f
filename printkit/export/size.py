"""How many cards one export draws at most, counted before the pack is checked.

Every distinct card is drawn as a picture (about 8 ms of CPU each for Tabletop
Simulator, its check included: 2,052 cards in 16 s of CPU), so a pack of 10
decks of 2,000 cards took 312 s; the limit keeps an export within about 30
seconds and says so at once, before the check (itself about a millisecond a
card) has begun.
"""
from __future__ import annotations

from pathlib import Path

from ..model.loader import too_many_cards
from .errors import ExportRefused

MAX_EXPORT_CARDS = 2_500  # distinct cards (CSV rows) in all the pack's decks
# A print service's image is a PNG at 300 dpi with bleed (825 × 1125 px for a poker card), about 30 ms
# of CPU each to draw and encode: 2,052 cards took 60 s of CPU.
MAX_IMAGE_CARDS = 1_000


def refuse_oversized(root: Path, most: int = MAX_EXPORT_CARDS) -> None:
    """ExportRefused, at the pack's largest deck, if its decks hold more than ``most`` distinct cards."""
    why = too_many_cards(root, most, "this export draws at most {most:,} (about 30 s)",
                         "export a copy of the pack with fewer cards")
    if why is not None:
        raise ExportRefused(why)
