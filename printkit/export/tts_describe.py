"""A card's Description in Tabletop Simulator: the columns its face shows, as its face labels them.

TTS shows an object's Description on hover and searches it, so each card
carries the text of every column its layout refers to (rules text, cost,
points, a claim's requirement), one "Heading: value" line each, in the order
the layout's elements name them. The card's name is its Nickname and is left
out, as are pictures and the copy count, which a player does not read.
"""
from __future__ import annotations

from ..checks.layouts import element_names
from ..faces import face_bindings
from ..model.pack import COPIES_COLUMN, NAME_COLUMN, Card, DeckSpec, Manifest

MAX_DESCRIPTION = 2000  # characters: a cell is limited by its CSV file; this keeps a hover readable


def shown_columns(manifest: Manifest, deck: DeckSpec) -> list[str]:
    """The columns a deck's front layout refers to, in element order, without the name, art or count."""
    layout = manifest.layouts.get(deck.face.layout) if deck.face else None
    if layout is None:
        return []
    bindings = face_bindings(manifest, deck)
    skip = {NAME_COLUMN, COPIES_COLUMN, bindings.roles.get("art")}
    skip |= {c.name for c in deck.columns if c.type == "image"}
    columns: list[str] = []
    for element in layout.elements:
        for name in sorted(element_names(element)):
            column = bindings.column_of(name)
            if column is not None and column not in skip and column not in columns:
                columns.append(column)
    return columns


def describe(manifest: Manifest, deck: DeckSpec, card: Card, columns: list[str]) -> str:
    """``card``'s Description: a "Heading: value" line for each of ``columns`` that is not empty."""
    bindings = face_bindings(manifest, deck)
    lines = []
    for column in columns:
        value = card.values.get(column)
        if value is None or str(value) == "":
            continue
        heading = bindings.heading(column)
        lines.append(f"{heading[:1].upper()}{heading[1:]}: {bindings.label(str(value))}")
    text = "\n".join(lines)
    return text if len(text) <= MAX_DESCRIPTION else text[:MAX_DESCRIPTION - 1] + "\u2026"
