"""Card sheets: where each card sits, how far it bleeds, and where the crop marks go.

Cards touch and share cut lines, so one straight cut separates a whole row
or column. Backgrounds bleed past the trim only at the grid's outer edges;
crop marks extend every cut line into the margin, never into a card.

A sheet holds its cards either upright or all turned a quarter turn,
whichever fits more; slots are the cards' rectangles on the page, so a
turned card's slot is ``card_h`` wide and ``card_w`` tall.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .geometry import Rect, Segment, Sides
from .paper import Paper


class LayoutError(ValueError):
    """The cards cannot be laid out on the paper as asked."""


@dataclass(frozen=True)
class SheetTemplate:
    """Print conventions for card sheets, checked when made."""

    bleed: float = 3.0  # fronts: background past the trim, where the margin allows
    back_bleed: float = 6.0  # backs bleed further to forgive duplex misregistration
    mark_gap: float = 0.5  # between the end of the bleed and the start of a mark
    mark_length: float = 5.0
    mark_room: float = 1.5  # visible mark kept free of bleed where the margin is tight
    printer_reach: float = 4.0  # most home printers print to within this of the paper edge
    safe: float = 4.0  # text and symbols stay this far inside the trim
    min_margin: float = 4.0  # the grid keeps at least this much paper around it
    columns: int | None = None  # None: as many as fit
    rows: int | None = None

    def __post_init__(self) -> None:
        for name in ("bleed", "back_bleed", "mark_gap", "mark_length", "mark_room",
                     "printer_reach", "min_margin"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative")
        if self.safe < 3.0:
            raise ValueError("the safe zone must be at least 3 mm inside the trim")
        if self.back_bleed < self.bleed:
            raise ValueError("backs must bleed at least as far as fronts")


def _grid_fits(room_w: float, room_h: float, slot_w: float, slot_h: float,
               template: SheetTemplate) -> tuple[int, int]:
    """(columns, rows) of ``slot_w`` × ``slot_h`` slots in the room; (0, 0) when they do not fit."""
    columns = template.columns or math.floor(room_w / slot_w + 1e-9)
    rows = template.rows or math.floor(room_h / slot_h + 1e-9)
    if columns < 1 or rows < 1 or columns * slot_w > room_w + 1e-9 or rows * slot_h > room_h + 1e-9:
        return 0, 0
    return columns, rows


@dataclass(frozen=True)
class SheetLayout:
    paper: Paper
    card_w: float  # the card's own size, as it is read
    card_h: float
    columns: int  # of slots on the page
    rows: int
    grid: Rect  # the trim area of all cards together
    bleed: Sides  # front bleed at each outer edge of the grid
    template: SheetTemplate
    rotated: bool = False  # every card turned a quarter turn counter-clockwise (its top to the left)

    @classmethod
    def compute(cls, paper: Paper, card_w: float, card_h: float,
                template: SheetTemplate = SheetTemplate()) -> "SheetLayout":
        room_w = paper.width - 2 * template.min_margin
        room_h = paper.height - 2 * template.min_margin
        upright = _grid_fits(room_w, room_h, card_w, card_h, template)
        turned = _grid_fits(room_w, room_h, card_h, card_w, template)
        # Turn the cards only when that fits strictly more: a tie keeps them upright.
        rotated = turned[0] * turned[1] > upright[0] * upright[1]
        columns, rows = turned if rotated else upright
        if columns < 1:
            raise LayoutError(f"{card_w:g} × {card_h:g} mm cards do not fit on {paper.name}, "
                              "upright or turned")
        slot_w, slot_h = (card_h, card_w) if rotated else (card_w, card_h)
        w, h = columns * slot_w, rows * slot_h
        grid = Rect((paper.width - w) / 2, (paper.height - h) / 2, w, h)
        margin = Sides(grid.x, grid.y, paper.width - grid.right, paper.height - grid.top)
        # Where the margin is tight (Letter's 6.35 mm top and bottom), bleed gives
        # way so that some of each crop mark lands where printers can reach.
        room = [m - template.printer_reach - template.mark_gap - template.mark_room
                for m in (margin.left, margin.bottom, margin.right, margin.top)]
        bleed = Sides(*(min(template.bleed, max(0.0, r)) for r in room))
        return cls(paper, card_w, card_h, columns, rows, grid, bleed, template, rotated)

    @property
    def rotation(self) -> int:
        """Degrees counter-clockwise that each front is turned on the page: 0 or 90."""
        return 90 if self.rotated else 0

    @property
    def slot_w(self) -> float:
        """Width of a slot on the page: the card's height when the cards are turned."""
        return self.card_h if self.rotated else self.card_w

    @property
    def slot_h(self) -> float:
        return self.card_w if self.rotated else self.card_h

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def margin(self) -> Sides:
        g = self.grid
        return Sides(g.x, g.y, self.paper.width - g.right, self.paper.height - g.top)

    def position(self, slot: int) -> tuple[int, int]:
        """(column, row) of a slot; slots run in reading order from the top left."""
        if not 0 <= slot < self.per_sheet:
            raise IndexError(slot)
        return slot % self.columns, slot // self.columns

    def slot(self, slot: int) -> Rect:
        """The trim rectangle of a slot on the page (``slot_w`` × ``slot_h``)."""
        col, row = self.position(slot)
        return Rect(self.grid.x + col * self.slot_w, self.grid.top - (row + 1) * self.slot_h,
                    self.slot_w, self.slot_h)

    def outer_sides(self, slot: int, amount: Sides) -> Sides:
        """``amount`` on the sides of a slot that lie on the grid's edge, zero inside."""
        col, row = self.position(slot)
        return Sides(amount.left if col == 0 else 0.0, amount.bottom if row == self.rows - 1 else 0.0,
                     amount.right if col == self.columns - 1 else 0.0, amount.top if row == 0 else 0.0)

    def front_clip(self, slot: int) -> Rect:
        """How far a front's background may reach: bleed on outer edges, the cut line inside."""
        return self.slot(slot).grow(self.outer_sides(slot, self.bleed))

    def safe_area(self, slot: int) -> Rect:
        return self.slot(slot).inset(self.template.safe)

    def used(self, filled: int | None = None) -> tuple[int, int]:
        """(columns, rows) holding cards when the first ``filled`` slots are used (None: all)."""
        n = self.per_sheet if filled is None else max(0, min(filled, self.per_sheet))
        return min(n, self.columns), -(-n // self.columns)

    def cut_lines(self, filled: int | None = None) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """x of every vertical cut, y of every horizontal cut, for the columns and rows in use."""
        g = self.grid
        columns, rows = self.used(filled)
        return (tuple(g.x + i * self.slot_w for i in range(columns + 1)) if columns else (),
                tuple(g.top - j * self.slot_h for j in range(rows, -1, -1)) if rows else ())

    def crop_marks(self, filled: int | None = None) -> tuple[Segment, ...]:
        """A hairline continuing each cut line into the margin, clear of the bleed.

        A partly filled sheet is marked only for the columns and rows that hold
        cards, so that no mark points at a card that is not there.
        """
        t, g, m = self.template, self.grid, self.margin
        xs, ys = self.cut_lines(filled)
        marks = []

        def span(edge: float, bleed: float, margin: float, direction: int) -> tuple[float, float]:
            start = bleed + t.mark_gap
            end = min(start + t.mark_length, margin)
            return edge + direction * start, edge + direction * end

        for x in xs:
            for edge, bleed, margin, d in ((g.top, self.bleed.top, m.top, 1),
                                           (g.y, self.bleed.bottom, m.bottom, -1)):
                a, b = span(edge, bleed, margin, d)
                marks.append(Segment(x, a, x, b))
        for y in ys:
            for edge, bleed, margin, d in ((g.x, self.bleed.left, m.left, -1),
                                           (g.right, self.bleed.right, m.right, 1)):
                a, b = span(edge, bleed, margin, d)
                marks.append(Segment(a, y, b, y))
        return tuple(marks)
