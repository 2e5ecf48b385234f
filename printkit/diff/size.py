"""How many cards a diff compares at most on each side, counted before either side is checked.

A diff checks both sides in full (about 2.5 ms a card each, the page lint
included) and describes every front, so 10 decks of 2,000 cards a side took
about 100 s; the limit keeps a diff within about 30 seconds on a two-core
machine and says so at once.
"""
from __future__ import annotations

from pathlib import Path

from ..model.loader import load_pack

MAX_DIFF_CARDS = 4_000  # distinct cards (CSV rows, repeated rows included) in all the decks of one side


def oversized(root: Path) -> str | None:
    """Why the pack at ``root`` has too many cards to compare, naming its game.toml line; None if it has
    not (or cannot be read: the check says why)."""
    pack, _ = load_pack(root)
    if pack is None:
        return None
    cards = sum(len(deck.cards) + len(deck.dropped) for deck in pack.decks.values())
    if cards <= MAX_DIFF_CARDS:
        return None
    largest = max(pack.decks.values(), key=lambda deck: len(deck.cards))
    where = largest.spec.location
    return (f"{where.file.name}:{where.line}:{where.column}: its {len(pack.decks)} decks hold {cards:,} cards, and "
            f"a diff compares at most {MAX_DIFF_CARDS:,} a side (about 30 s); compare one deck at a time in copies "
            f"of the pack (the largest deck, '{largest.id}', has {len(largest.cards):,})")
