"""A document ready to render: its pages and the shared faces they place."""
from __future__ import annotations

from dataclasses import dataclass

from ..layout.draw import Face, Page


@dataclass(frozen=True)
class Document:
    pages: tuple[Page, ...]
    faces: dict[str, Face]
    title: str
    subject: str
    paper: str = ""  # the copy-shop paper its pages are on; "" when on the paper the kit is built for
    decks: tuple = ()  # the kit.sheets.PrintDeck of each deck it imposes (cards.pdf only)
