"""Card sheets: where each card sits, how far it bleeds, and where the crop marks go.

Cards sit in a grid with a gutter between neighbours, so that each card's
own background fills half of every gutter around it and a cut that strays
into the gutter shows that card's colour, never its neighbour's. The strip
between two cuts is waste. With no gutter the cards touch and share their
cut lines.

Nothing is printed nearer the paper's edge than ``printer_reach`` (4 mm: home
printers leave 3 to 4.2 mm blank), and the grid's outer edges bleed 3 mm.
Where a paper is too short for both (three rows of poker cards on Letter:
3 × 88.9 + 2 × 3 + 2 × 4 = 280.7 mm of 279.4), that axis is "tight": its
outer bleed shrinks to share what there is with a narrow gutter between the
rows (see ``fit_axis``).

Crop marks continue every cut line into the margin, never into a card: two
marks per gutter, one per shared cut line. A mark starts beyond the bleed
where the margin has room for it; where it has not, it starts over the bleed
(which is cut away), a little short of the trim, and is drawn on a white
halo so that it shows on any background.

A sheet holds its cards either upright or all turned a quarter turn,
whichever fits more; slots are the cards' rectangles on the page, so a
turned card's slot is ``card_h`` wide and ``card_w`` tall.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.errors import PrintkitError, UsageProblem
from ..core.mm import Rect, Segment, Sides
from .paper import MARK_EDGE_MM, Paper

GUTTER_LIMITS = (0.0, 10.0)  # mm: what a gutter may be asked to be
DEFAULT_GUTTER = 2.5  # the gutter a sheet opens, where it fits, when none is asked for


class LayoutError(PrintkitError, ValueError):
    """The cards cannot be laid out on the paper as asked."""


class GutterTooWide(LayoutError, UsageProblem):
    """An asked-for gutter does not fit; ``widest`` is the widest that does. The option, not the pack,
    is at fault: a usage error."""

    option = "--gutter"

    def __init__(self, message: str, widest: float):
        super().__init__(message)
        self.widest = widest


def check_gutter(gutter: float) -> float:
    """``gutter`` if it lies within GUTTER_LIMITS, else a ValueError saying what it may be."""
    low, high = GUTTER_LIMITS
    if not (low <= gutter <= high) or math.isnan(gutter):
        raise ValueError(f"a gutter is {low:g} to {high:g} mm between cards, not {gutter:g}")
    return gutter


@dataclass(frozen=True)
class SheetTemplate:
    """Print conventions for card sheets, checked when made."""

    bleed: float = 3.0  # fronts: background past the trim at the grid's outer edges
    back_bleed: float = 6.0  # backs bleed further to forgive duplex misregistration
    mark_gap: float = 0.5  # between the end of the bleed and the start of a mark
    mark_length: float = 5.0
    mark_room: float = 1.0  # the least visible mark where the margin is tight
    mark_inset: float = 0.5  # a mark drawn over the bleed stops this short of the trim
    printer_reach: float = MARK_EDGE_MM  # most home printers print to within this of the paper edge
    safe: float = 4.0  # text and symbols stay this far inside the trim
    min_margin: float = 4.0  # the grid keeps at least this much paper around it
    gutter: float = 0.0  # asked-for gap between neighbouring cards
    gutter_exact: bool = False  # True: the gutter or a GutterTooWide; False: up to the gutter, as fits
    min_gutter: float = 0.5  # a narrower gap than this is no use to cut in: the cards touch instead
    text_reach: float = 6.35  # text stays this far inside the paper edge, where every printer prints
    label_band: float = 2.6  # a page label's line of type, with a little air, between bleed and text_reach
    columns: int | None = None  # None: as many as fit
    rows: int | None = None

    def __post_init__(self) -> None:
        for name in ("bleed", "back_bleed", "mark_gap", "mark_length", "mark_room", "mark_inset",
                     "printer_reach", "min_margin", "min_gutter"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative")
        check_gutter(self.gutter)
        if self.safe < 3.0:
            raise ValueError("the safe zone must be at least 3 mm inside the trim")
        if self.back_bleed < self.bleed:
            raise ValueError("backs must bleed at least as far as fronts")

    @property
    def tight_bleed(self) -> float:
        """The least outer bleed a tight axis keeps: room for a mark over it, short of the trim."""
        return min(self.bleed, self.mark_inset + self.mark_room)


def _grid_fits(room_w: float, room_h: float, slot_w: float, slot_h: float,
               template: SheetTemplate) -> tuple[int, int]:
    """(columns, rows) of ``slot_w`` × ``slot_h`` slots in the room; (0, 0) when they do not fit."""
    columns = template.columns or math.floor(room_w / slot_w + 1e-9)
    rows = template.rows or math.floor(room_h / slot_h + 1e-9)
    if columns < 1 or rows < 1 or columns * slot_w > room_w + 1e-9 or rows * slot_h > room_h + 1e-9:
        return 0, 0
    return columns, rows


def _hundredths(mm: float) -> float:
    """``mm`` rounded down to whole hundredths of a millimetre (never below 0)."""
    return max(0.0, math.floor(mm * 100 + 1e-6) / 100)


@dataclass(frozen=True)
class AxisFit:
    """How one axis of the sheet is filled: the gutter, the widest gutter that fits, the margin
    before the first slot, and the outer bleed at each end (``low``: left or bottom)."""

    gutter: float
    widest: float  # inf with a single slot
    margin: float  # from the paper's low edge to the first slot
    bleed_low: float
    bleed_high: float
    tight: bool  # too short for the full bleed: the bleed shrinks, see fit_axis


def fit_axis(length: float, count: int, size: float, template: SheetTemplate, label: bool) -> AxisFit:
    """Lay ``count`` slots of ``size`` along a paper ``length``.

    Each end needs the printer's reach plus the outer bleed; the low end, when
    it carries the page label, needs ``text_reach`` plus the label's band plus
    the bleed. With n slots and gap g the ends need
    need_low + need_high + n·s + (n - 1)·g ≤ L, which gives the widest g; what
    is left over is shared equally between the two ends.

    A tight axis cannot hold the full bleed at all. There the bleed shrinks to
    share the room with a gutter: the gutter may be as wide as leaves each
    end ``tight_bleed`` (room for a mark over it), and the ends take the rest.
    """
    t = template
    extra = max(0.0, t.text_reach + t.label_band - t.printer_reach) if label else 0.0
    spare = length - count * size - 2 * t.printer_reach - extra  # for bleed at both ends and gutters
    gaps = count - 1
    tight = spare < 2 * t.bleed - 1e-9
    keep = t.tight_bleed if tight else t.bleed
    widest = _hundredths((spare - 2 * keep) / gaps) if gaps else math.inf
    if not gaps or t.gutter <= 0:
        gutter = 0.0
    elif t.gutter_exact:
        gutter = t.gutter if t.gutter <= widest + 1e-9 else math.nan
    else:
        gutter = min(t.gutter, widest)
        gutter = gutter if gutter >= t.min_gutter - 1e-9 else 0.0
    if math.isnan(gutter):
        return AxisFit(gutter, widest, 0.0, 0.0, 0.0, tight)
    room = spare - gaps * gutter  # for the two outer bleeds and what is left over
    bleed = max(0.0, min(t.bleed, room / 2))
    margin = t.printer_reach + extra + room / 2
    return AxisFit(gutter, widest, margin, bleed, bleed, tight)


def widest_gutter(across: AxisFit, down: AxisFit, columns: int, rows: int) -> float:
    """The widest gutter that fits between both the columns and the rows (inf: one card a sheet)."""
    return min([fit.widest for fit, n in ((across, columns), (down, rows)) if n > 1], default=math.inf)


@dataclass(frozen=True)
class SheetLayout:
    paper: Paper
    card_w: float  # the card's own size, as it is read
    card_h: float
    columns: int  # of slots on the page
    rows: int
    grid: Rect  # the trim area of all cards together, gutters included
    bleed: Sides  # front bleed at each outer edge of the grid
    template: SheetTemplate
    rotated: bool = False  # every card turned a quarter turn counter-clockwise (its top to the left)
    gutter_x: float = 0.0  # gap between neighbouring columns (0: they share a cut line)
    gutter_y: float = 0.0  # gap between neighbouring rows
    label_side: str = "bottom"  # the margin that carries the page label: "bottom" or "left"

    @classmethod
    def compute(cls, paper: Paper, card_w: float, card_h: float,
                template: SheetTemplate = SheetTemplate()) -> "SheetLayout":
        room_w = paper.width - 2 * template.min_margin
        room_h = paper.height - 2 * template.min_margin
        # How many cards fit is settled with the cards touching: a gutter never costs a card.
        upright = _grid_fits(room_w, room_h, card_w, card_h, template)
        turned = _grid_fits(room_w, room_h, card_h, card_w, template)
        # Turn the cards only when that fits strictly more: a tie keeps them upright.
        rotated = turned[0] * turned[1] > upright[0] * upright[1]
        columns, rows = turned if rotated else upright
        if columns < 1:
            raise LayoutError(f"{card_w:g} × {card_h:g} mm cards do not fit on {paper.name}, "
                              "upright or turned")
        slot_w, slot_h = (card_h, card_w) if rotated else (card_w, card_h)
        # The page label goes in the roomier of the bottom and left margins (as the cards
        # would leave them touching); that axis keeps room for it beside the marks.
        label_side = "bottom" if paper.height - rows * slot_h >= paper.width - columns * slot_w else "left"
        across = fit_axis(paper.width, columns, slot_w, template, label_side == "left")
        down = fit_axis(paper.height, rows, slot_h, template, label_side == "bottom")
        for fit, what, count in ((across, "columns", columns), (down, "rows", rows)):
            if math.isnan(fit.gutter):
                raise GutterTooWide(
                    f"a {template.gutter:g} mm gutter does not fit {card_w:g} × {card_h:g} mm cards on "
                    f"{paper.name}: {count} {what} leave room for at most {fit.widest:g} mm between them",
                    widest_gutter(across, down, columns, rows))
        gx, gy = across.gutter, down.gutter
        w, h = columns * slot_w + (columns - 1) * gx, rows * slot_h + (rows - 1) * gy
        grid = Rect(across.margin, down.margin, w, h)
        bleed = Sides(across.bleed_low, down.bleed_low, across.bleed_high, down.bleed_high)
        return cls(paper, card_w, card_h, columns, rows, grid, bleed, template, rotated, gx, gy, label_side)

    @property
    def widest_gutter(self) -> float:
        """The widest gutter this sheet's cards leave room for, both ways (inf: a single card)."""
        t = self.template
        across = fit_axis(self.paper.width, self.columns, self.slot_w, t, self.label_side == "left")
        down = fit_axis(self.paper.height, self.rows, self.slot_h, t, self.label_side == "bottom")
        return widest_gutter(across, down, self.columns, self.rows)

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
        return Rect(self.grid.x + col * (self.slot_w + self.gutter_x),
                    self.grid.top - row * (self.slot_h + self.gutter_y) - self.slot_h,
                    self.slot_w, self.slot_h)

    def bleed_sides(self, slot: int, outer: Sides, inner: float, filled: int | None = None) -> Sides:
        """How far a slot's background may reach on each side: ``outer`` where no card lies beyond
        that side (the grid's edge, or an empty slot of a sheet holding only ``filled`` cards);
        towards a neighbour, half the gutter between them (at most ``inner``), so that neighbours
        meet in the gutter's middle; nothing where they share a cut line."""
        col, row = self.position(slot)
        n = self.per_sheet if filled is None else filled

        def card(c: int, r: int) -> bool:
            return 0 <= c < self.columns and 0 <= r < self.rows and r * self.columns + c < n

        half_x, half_y = min(inner, self.gutter_x / 2), min(inner, self.gutter_y / 2)
        bottom = outer.bottom if row == self.rows - 1 else inner  # an empty slot below: nothing to spare
        right = outer.right if col == self.columns - 1 else inner
        return Sides(outer.left if col == 0 else half_x,
                     half_y if card(col, row + 1) else bottom,
                     half_x if card(col + 1, row) else right,
                     outer.top if row == 0 else half_y)

    def front_clip(self, slot: int, filled: int | None = None) -> Rect:
        """How far a front's background may reach: bleed on outer edges, half of each gutter inside."""
        return self.slot(slot).grow(self.bleed_sides(slot, self.bleed, self.template.bleed, filled))

    def safe_area(self, slot: int) -> Rect:
        return self.slot(slot).inset(self.template.safe)

    def used(self, filled: int | None = None) -> tuple[int, int]:
        """(columns, rows) holding cards when the first ``filled`` slots are used (None: all)."""
        n = self.per_sheet if filled is None else max(0, min(filled, self.per_sheet))
        return min(n, self.columns), -(-n // self.columns)

    def cut_lines(self, filled: int | None = None) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """x of every vertical cut, y of every horizontal cut, for the columns and rows in use, in
        increasing order: each card's two edges, shared where cards touch."""
        g = self.grid
        columns, rows = self.used(filled)
        xs = {round(g.x + c * (self.slot_w + self.gutter_x) + e, 9)
              for c in range(columns) for e in (0.0, self.slot_w)}
        ys = {round(g.top - r * (self.slot_h + self.gutter_y) - e, 9)
              for r in range(rows) for e in (0.0, self.slot_h)}
        return tuple(sorted(xs)), tuple(sorted(ys))

    def crop_marks(self, filled: int | None = None) -> tuple[Segment, ...]:
        """A hairline continuing each cut line into the margin, never into a card nor nearer the
        paper's edge than the printer's reach (see ``marks``)."""
        return tuple(segment for segment, _ in self.marks(filled))

    def marks(self, filled: int | None = None) -> tuple[tuple[Segment, bool], ...]:
        """Each crop mark, and whether it lies over the bleed (and so wants a halo to show).

        A mark starts beyond the bleed where the margin leaves it ``mark_room``
        before the printer's reach; otherwise it starts over the bleed, at most
        ``mark_inset`` from the trim, ``2 × mark_room`` long where it can be. A partly filled sheet is marked only for
        the columns and rows that hold cards, so that no mark points at a card
        that is not there: the marks under the columns start below the last row
        in use, on the empty paper where the missing rows would be.
        """
        t, g, m = self.template, self.grid, self.margin
        xs, ys = self.cut_lines(filled)
        marks: list[tuple[Segment, bool]] = []
        _, rows = self.used(filled)
        full = rows == self.rows
        foot = ys[0] if ys else g.y  # the bottom edge of the last row in use
        foot_bleed = self.bleed.bottom if full else t.bleed
        foot_room = m.bottom if full else foot

        def span(edge: float, bleed: float, margin: float, direction: int):
            reach = margin - t.printer_reach  # from the trim to where printers stop
            start = bleed + t.mark_gap
            if reach - start < t.mark_room - 1e-9:  # over the bleed: a mark of twice the least, if it can
                start = max(t.mark_inset, reach - 2 * t.mark_room)
            end = min(start + t.mark_length, reach)
            if end - start < t.mark_room / 2:
                return None  # no room for a mark at all (a card nearly the paper's size)
            return edge + direction * start, edge + direction * end, start < bleed

        for x in xs:
            for edge, bleed, margin, d in ((g.top, self.bleed.top, m.top, 1),
                                           (foot, foot_bleed, foot_room, -1)):
                if (got := span(edge, bleed, margin, d)) is not None:
                    marks.append((Segment(x, got[0], x, got[1]), got[2]))
        for y in ys:
            for edge, bleed, margin, d in ((g.x, self.bleed.left, m.left, -1),
                                           (g.right, self.bleed.right, m.right, 1)):
                if (got := span(edge, bleed, margin, d)) is not None:
                    marks.append((Segment(got[0], y, got[1], y), got[2]))
        return tuple(marks)
