"""A document ready to render: its pages and the shared faces they place."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..geometry.draw import Face, Page, placed_faces


@dataclass(frozen=True)
class Document:
    pages: Sequence[Page]  # a tuple, or pages laid out as they are read (see Pages)
    faces: Mapping[str, Face]
    title: str
    subject: str
    paper: str = ""  # the copy-shop paper its first pages are on; "" when on the paper the kit is built for
    decks: tuple = ()  # the kit.sheets.PrintDeck of each deck it imposes (cards.pdf only)
    shop_pages: int = 0  # how many of its first pages are on ``paper``; the rest are on the kit's paper

    def uses(self) -> Counter:
        """How many times each face is placed in the document."""
        return self.pages.uses() if isinstance(self.pages, Pages) else placed_faces(self.pages)


class LazyPages(Sequence[Page]):
    """Pages laid out when they are read: ``page(n)`` for 0 <= n < len, indexes and slices as a list's."""

    def page(self, index: int) -> Page:
        raise NotImplementedError

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self.page(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.page(index)


class Pages(LazyPages):
    """A few pages laid out already, then pages laid out as they are read (a SheetPages)."""

    def __init__(self, first: Sequence[Page], rest):
        self.first, self.rest = tuple(first), rest

    def __len__(self) -> int:
        return len(self.first) + len(self.rest)

    def page(self, index: int) -> Page:
        return self.first[index] if index < len(self.first) else self.rest[index - len(self.first)]

    def __iter__(self) -> Iterator[Page]:
        yield from self.first
        yield from self.rest

    def uses(self) -> Counter:
        counts = placed_faces(self.first)
        counts.update(self.rest.uses())
        return counts
