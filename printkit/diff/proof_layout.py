"""Where the proof puts each pair of cards on a page, in millimetres (geometry only, no drawing).

Each row of a portrait page holds one pair: the old card on the left, the
new one beside it, and the caption to their right. Every row and cell has
the same size, set by the largest card shown, so cards of one deck keep one
scale; the number of rows is as many as fit while the cards stay at least
``KEEP`` of the size one row a page would allow (and never above full size).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.mm import Rect

A4 = (210.0, 297.0)
MARGIN = 12.0
HEADER = 10.0  # the title line at the top of each page
FOOTER = 7.0  # the page number at the bottom
LABEL = 5.0  # "old" / "new" above each card
ROW_GAP = 5.0  # between rows
GAP = 6.0  # between the two cards, and before the caption
CAPTION_MIN = 56.0  # the caption column's width at least
MAX_ROWS = 5
KEEP = 0.75


@dataclass(frozen=True)
class PairSlot:
    """One row: a cell for each card (the largest card at the page's scale), labels, the caption."""

    old: Rect
    new: Rect
    caption: Rect
    label_y: float  # baseline of the "old" / "new" labels


@dataclass(frozen=True)
class ProofGrid:
    page: tuple[float, float]
    scale: float  # of every card on the page
    slots: tuple[PairSlot, ...]  # top to bottom

    @property
    def rows(self) -> int:
        return len(self.slots)

    @property
    def body(self) -> Rect:
        w, h = self.page
        return Rect(MARGIN, MARGIN + FOOTER, w - 2 * MARGIN, h - 2 * MARGIN - HEADER - FOOTER)


def _scale(card: tuple[float, float], page: tuple[float, float], rows: int) -> float:
    w, h = card
    body_w = page[0] - 2 * MARGIN
    body_h = page[1] - 2 * MARGIN - HEADER - FOOTER
    cell_w = (body_w - CAPTION_MIN - 2 * GAP) / 2
    cell_h = body_h / rows - LABEL - ROW_GAP
    return max(0.0, min(1.0, cell_w / w, cell_h / h))


def proof_grid(card: tuple[float, float], page: tuple[float, float] = A4) -> ProofGrid:
    """The rows of a page for cards no larger than ``card`` (width, height in mm)."""
    if card[0] <= 0 or card[1] <= 0:
        raise ValueError(f"a card has a width and height above 0 mm, not {card}")
    best = _scale(card, page, 1)
    rows = max(n for n in range(1, MAX_ROWS + 1) if _scale(card, page, n) >= KEEP * best - 1e-9)
    scale = _scale(card, page, rows)
    cell_w, cell_h = card[0] * scale, card[1] * scale
    body_h = page[1] - 2 * MARGIN - HEADER - FOOTER
    pitch = body_h / rows
    top = page[1] - MARGIN - HEADER
    slots = []
    for r in range(rows):
        row_top = top - r * pitch
        cell_y = row_top - LABEL - cell_h
        old = Rect(MARGIN, cell_y, cell_w, cell_h)
        new = Rect(old.right + GAP, cell_y, cell_w, cell_h)
        caption_x = new.right + GAP
        caption = Rect(caption_x, cell_y, page[0] - MARGIN - caption_x, cell_h + LABEL)
        slots.append(PairSlot(old, new, caption, row_top - LABEL + 1.5))
    return ProofGrid(page, scale, tuple(slots))


def card_rect(cell: Rect, size: tuple[float, float], scale: float) -> Rect:
    """Where a card of ``size`` lies in its cell at ``scale``: centred across, at the top."""
    w, h = size[0] * scale, size[1] * scale
    return Rect(cell.cx - w / 2, cell.top - h, w, h)


def pages_of(count: int, rows: int) -> list[range]:
    """The pairs (by index) on each page; one empty page when there are none."""
    if count <= 0:
        return [range(0)]
    return [range(start, min(start + rows, count)) for start in range(0, count, rows)]
