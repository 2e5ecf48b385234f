"""Paper sizes, portrait, in millimetres."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}
# Large sheets a copy shop prints the whole board on.
BOARD_PAPERS = {
    "a2": Paper("A2", 420.0, 594.0),
    "tabloid": Paper("Tabloid", 279.4, 431.8),
    "arch-c": Paper("ARCH C", 457.2, 609.6),
}

# Home printers cannot reach the outer few millimetres of a sheet; 6.35 mm
# (1/4 in) is the cautious figure that print guides use.
UNPRINTABLE_MM = 6.35
# Nothing printkit draws, not even a crop or cut mark, comes nearer the paper's edge than this:
# home printers leave 3 to 4.2 mm unprinted, and a shop's large-format printer about as much.
MARK_EDGE_MM = 4.0


def paper(name: str) -> Paper:
    return {**PAPERS, **BOARD_PAPERS}[name.lower()]
