"""What decides a sheet page's lint, so that pages alike are linted once.

A deck's sheets of cards differ only in the faces they place and in their
label: every front sheet but the last holds the same number of cards at the
same places, with the same crop marks. The page lint sees a placed face only
as a region of the face's size, and a word only as its box, size, font and
colour, so two pages with the same ``shape_key`` have the same problems, but
for the quoted text of their label. Ten thousand cards are then a handful of
distinct pages per paper rather than a thousand.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping

from ..core.fonts import metrics
from ..geometry.draw import Face, Group, Page, Place, Text, face_size


def shape_key(page: Page, faces: Mapping[str, Face]) -> tuple[Hashable, Text | None] | None:
    """The page's shape (what its lint depends on) and its one text item, if any; None for a page
    this cannot describe (nested groups, or more than one text: the lint quotes pairs of words)."""
    parts: list[Hashable] = [page.width, page.height]
    text = None
    for item in page.items:
        if isinstance(item, Place):
            parts.append(("place", face_size(faces, item.face), item.x, item.y, item.rotation, item.clip))
        elif isinstance(item, Text):
            if text is not None:
                return None
            text = item
            # The lint measures a word by its width; two labels of equal width land alike.
            parts.append(("text", item.x, item.y, item.font, item.size, item.colour, item.align, item.angle,
                          bool(item.text.strip()), metrics(item.font).width(item.text, item.size)))
        elif isinstance(item, Group):
            return None
        else:
            parts.append(item)  # lines and shapes: frozen records, compared by value
    return tuple(parts), text
