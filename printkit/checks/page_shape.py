"""What decides a sheet page's lint but for its label, so that pages alike are measured once.

A deck's sheets of cards differ only in the faces they place and in their
label: every front sheet but the last holds the same number of cards at the
same places, with the same crop marks. The page lint sees a placed face only
as a region of the face's size, so two pages with the same ``shape_key`` have
the same shapes and lines to measure (and the same marks near the paper's
edge); only their one text, the label, is measured on each page. Ten
thousand cards are then a handful of distinct pages per paper rather than a
thousand.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping

from ..geometry.draw import Face, Group, Page, Place, Text, face_size


def shape_key(page: Page, faces: Mapping[str, Face]) -> tuple[Hashable, Text | None, int] | None:
    """The page's shape (what its lint depends on but for its text), its one text item if any, and
    where that is among the page's items; None for a page this cannot describe (nested groups,
    or more than one text: words are measured against each other)."""
    parts: list[Hashable] = [page.width, page.height]
    text, at = None, -1
    for n, item in enumerate(page.items):
        if isinstance(item, Place):
            parts.append(("place", face_size(faces, item.face), item.x, item.y, item.rotation, item.clip))
        elif isinstance(item, Text):
            if text is not None:
                return None
            text, at = item, n
            parts.append("text")  # its place in the drawing order: what is drawn after it may hide it
        elif isinstance(item, Group):
            return None
        else:
            parts.append(item)  # lines and shapes: frozen records, compared by value
    return tuple(parts), text, at
