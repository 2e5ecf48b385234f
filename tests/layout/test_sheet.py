"""Sheet geometry in millimetres: grid, slots, bleed, crop marks."""
from dataclasses import astuple

import pytest

from printkit.core.mm import Rect, Sides
from printkit.geometry.paper import PAPERS, Paper
from printkit.geometry.sheet import DEFAULT_GUTTER, GutterTooWide, LayoutError, SheetLayout, SheetTemplate, check_gutter

POKER = (63.5, 88.9)
# (paper, left, bottom) of the 190.5 × 266.7 mm grid, worked out by hand: each end keeps the 4 mm
# printers cannot reach and the 3 mm bleed; the end with the page label (bottom on A4, left on
# Letter) keeps 6.35 + 2.6 = 8.95 mm for it instead of 4; the rest is shared equally.
#   A4 across: (210 - 190.5 - 8) / 2 = 5.75, left 4 + 5.75 = 9.75
#   A4 down: (297 - 266.7 - 8 - 4.95) / 2 = 8.675, bottom 8.95 + 8.675 = 17.625
#   Letter across: (215.9 - 190.5 - 8 - 4.95) / 2 = 6.225, left 8.95 + 6.225 = 15.175
#   Letter down: 279.4 - 266.7 - 8 = 4.7, short of 2 × 3 mm of bleed: each end bleeds 2.35, bottom 6.35
GRIDS = [("a4", 9.75, 17.625), ("letter", 15.175, 6.35)]


def layout(name: str, card=POKER, **template) -> SheetLayout:
    return SheetLayout.compute(PAPERS[name], *card, SheetTemplate(**template))


@pytest.mark.parametrize("name, left, bottom", GRIDS)
def test_poker_cards_sit_three_by_three_centred(name, left, bottom):
    lay = layout(name)
    assert (lay.columns, lay.rows, lay.per_sheet) == (3, 3, 9)
    assert lay.grid.x == pytest.approx(left) and lay.grid.y == pytest.approx(bottom)
    assert (lay.grid.w, lay.grid.h) == pytest.approx((190.5, 266.7))


@pytest.mark.parametrize("name, left, bottom", GRIDS)
def test_slots_run_in_reading_order_and_tile_the_grid(name, left, bottom):
    lay = layout(name)
    top = bottom + 266.7
    assert astuple(lay.slot(0)) == pytest.approx((left, top - 88.9, 63.5, 88.9))
    assert lay.slot(2).x == pytest.approx(left + 127.0)
    assert astuple(lay.slot(8)) == pytest.approx((left + 127.0, bottom, 63.5, 88.9))
    area = sum(lay.slot(i).w * lay.slot(i).h for i in range(9))
    assert area == pytest.approx(lay.grid.w * lay.grid.h)
    for i in range(9):
        for j in range(i + 1, 9):
            a, b = lay.slot(i), lay.slot(j)
            overlap_w = min(a.right, b.right) - max(a.x, b.x)
            overlap_h = min(a.top, b.top) - max(a.y, b.y)
            assert overlap_w <= 1e-9 or overlap_h <= 1e-9


@pytest.mark.parametrize("name, left, bottom", GRIDS)
def test_crop_marks_continue_every_cut_line_outside_the_cards(name, left, bottom):
    lay = layout(name)
    xs = [left + i * 63.5 for i in range(4)]
    ys = [bottom + j * 88.9 for j in range(4)]
    marks = lay.crop_marks()
    assert len(marks) == 16
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert sorted(round(m.x1, 6) for m in vertical) == sorted(round(x, 6) for x in xs for _ in (0, 1))
    assert sorted(round(m.y1, 6) for m in horizontal) == sorted(round(y, 6) for y in ys for _ in (0, 1))
    g = lay.grid
    for m in vertical:
        lo, hi = sorted((m.y1, m.y2))
        assert lo >= g.top + 0.5 - 1e-9 or hi <= g.y - 0.5 + 1e-9  # clear of the card edge
        # Nothing nearer the paper's edge than the 4 mm home printers leave blank.
        assert 4.0 - 1e-9 <= lo and hi <= lay.paper.height - 4.0 + 1e-9 and 1.0 - 1e-9 <= m.length <= 5.0 + 1e-9
    for m in horizontal:
        lo, hi = sorted((m.x1, m.x2))
        assert lo >= g.right + 0.5 - 1e-9 or hi <= g.x - 0.5 + 1e-9
        assert 4.0 - 1e-9 <= lo and hi <= lay.paper.width - 4.0 + 1e-9 and 1.0 - 1e-9 <= m.length <= 5.0 + 1e-9


def test_marks_start_beyond_the_bleed():
    lay = layout("a4")
    for m in lay.crop_marks():
        if m.x1 == m.x2:
            gap = min(abs(m.y1 - lay.grid.top), abs(m.y1 - lay.grid.y), abs(m.y2 - lay.grid.top),
                      abs(m.y2 - lay.grid.y))
            assert gap >= lay.bleed.top + 0.5 - 1e-9


def test_fronts_bleed_on_the_outer_edges_only():
    lay = layout("a4")
    assert lay.bleed.left == lay.bleed.top == 3.0
    corner = lay.front_clip(0)  # top-left: bleeds left and up, not right or down
    s = lay.slot(0)
    assert (s.x - corner.x, corner.top - s.top) == pytest.approx((3.0, 3.0))
    assert (corner.right, corner.y) == pytest.approx((s.right, s.y))
    assert lay.front_clip(4) == lay.slot(4)  # the middle card: cut lines on every side


def test_letter_top_and_bottom_share_what_room_there_is_between_bleed_and_marks():
    # Three rows of poker cards leave 279.4 - 266.7 - 2 × 4 = 4.7 mm: 2.35 mm of bleed at each end,
    # and the column marks over it, from 0.5 mm off the trim to 4 mm from the paper's edge.
    lay = layout("letter")
    assert lay.bleed.left == 3.0 and lay.bleed.top == pytest.approx(2.35) and lay.bleed.bottom == pytest.approx(2.35)
    over = [(s, o) for s, o in lay.marks() if s.x1 == s.x2]
    assert over and all(o for _, o in over)  # drawn over the bleed, each on a halo
    for m, _ in over:
        lo, hi = sorted((m.y1, m.y2))
        if lo > lay.grid.top:
            assert (lo - lay.grid.top, hi) == pytest.approx((0.5, 279.4 - 4.0))


def test_safe_area_keeps_3mm_at_least():
    lay = layout("a4")
    s, safe = lay.slot(0), lay.safe_area(0)
    assert safe.x - s.x >= 3.0 and s.top - safe.top >= 3.0


def test_smaller_cards_fill_more_of_the_sheet():
    # 44 mm cards upright: 202 // 44 = 4 columns, 289 // 63.5 = 4 rows, 16; turned: 202 // 63.5 = 3
    # columns of 289 // 44 = 6 rows, 18, so they are turned.
    lay = layout("a4", card=(44.0, 63.5))
    assert (lay.columns, lay.rows, lay.rotated) == (3, 6, True)


def test_cards_too_big_for_the_paper():
    with pytest.raises(LayoutError):
        layout("a4", card=(300.0, 88.9))  # 300 mm is too long for A4 either way up
    # 250 mm is too wide for A4 but fits its 289 mm of height: two turned cards, side by side.
    wide = layout("a4", card=(250.0, 88.9))
    assert (wide.columns, wide.rows, wide.rotated) == (2, 1, True)
    with pytest.raises(LayoutError):
        SheetLayout.compute(Paper("tiny", 50, 50), *POKER)


@pytest.mark.parametrize("bad", [dict(safe=2.0), dict(bleed=-1.0), dict(bleed=5.0, back_bleed=4.0)])
def test_sheet_templates_are_validated(bad):
    with pytest.raises(ValueError):
        SheetTemplate(**bad)


# Cards per sheet for each named size, worked out by hand with 4 mm margins: the room is
# 202 × 289 mm on A4 and 207.9 × 271.4 mm on Letter. Upright fits room_w // w columns and
# room_h // h rows; turned, room_w // h columns and room_h // w rows. A tie stays upright.
SIZE_COUNTS = [
    # name, card, paper, (columns, rows, turned)
    # poker: A4 upright 3 (3.18) × 3 (3.25) = 9, turned 2 (2.27) × 4 (4.55) = 8.
    ("poker", (63.5, 88.9), "a4", (3, 3, False)),
    # Letter upright 3 (3.27) × 3 (3.05) = 9, turned 2 (2.34) × 4 (4.27) = 8.
    ("poker", (63.5, 88.9), "letter", (3, 3, False)),
    # bridge: A4 upright 3 (3.53) × 3 = 9, turned 2 (2.27) × 5 (289 / 57.15 = 5.06) = 10.
    ("bridge", (57.15, 88.9), "a4", (2, 5, True)),
    # Letter upright 3 (3.64) × 3 (3.05) = 9, turned 2 × 4 (4.75) = 8.
    ("bridge", (57.15, 88.9), "letter", (3, 3, False)),
    # mini: A4 upright 4 (4.54) × 4 (4.55) = 16, turned 3 (3.18) × 6 (6.50) = 18.
    ("mini", (44.45, 63.5), "a4", (3, 6, True)),
    # Letter upright 4 (4.68) × 4 (4.27) = 16, turned 3 (3.27) × 6 (6.11) = 18.
    ("mini", (44.45, 63.5), "letter", (3, 6, True)),
    # tarot: A4 upright 2 (2.89) × 2 (2.40) = 4, turned 1 (1.67) × 4 (4.14) = 4: a tie, upright.
    ("tarot", (69.85, 120.65), "a4", (2, 2, False)),
    # Letter upright 2 (2.98) × 2 (2.25) = 4, turned 1 × 3 (3.89) = 3.
    ("tarot", (69.85, 120.65), "letter", (2, 2, False)),
    # square: turning changes nothing, so it stays upright: A4 2 (2.89) × 4 (4.13), Letter 2 × 3 (3.88).
    ("square", (70.0, 70.0), "a4", (2, 4, False)),
    ("square", (70.0, 70.0), "letter", (2, 3, False)),
    # euro: A4 upright 3 (3.42) × 3 (3.14) = 9, turned 2 (2.20) × 4 (4.90) = 8.
    ("euro", (59.0, 92.0), "a4", (3, 3, False)),
    # Letter upright 3 (3.52) × 2 (2.95) = 6, turned 2 (2.26) × 4 (4.60) = 8.
    ("euro", (59.0, 92.0), "letter", (2, 4, True)),
]


@pytest.mark.parametrize("name, card, paper, expected", SIZE_COUNTS, ids=[f"{s[0]}-{s[2]}" for s in SIZE_COUNTS])
def test_each_card_size_gets_the_grid_that_holds_most(name, card, paper, expected):
    lay = layout(paper, card=card)
    assert (lay.columns, lay.rows, lay.rotated) == expected
    assert lay.per_sheet == expected[0] * expected[1]
    assert (lay.card_w, lay.card_h) == card  # the card keeps its own size; only its slot turns


def test_turned_cards_sit_in_slots_as_wide_as_the_card_is_tall():
    # Bridge on A4, turned: 2 × 88.9 = 177.8 wide, 5 × 57.15 = 285.75 tall. The label goes on the
    # left (32.2 mm spare across, 11.25 down): left 8.95 + (210 - 177.8 - 8 - 4.95) / 2 = 18.575;
    # down is tight, (297 - 285.75 - 8) / 2 = 1.625 mm of bleed at each end: bottom 5.625.
    lay = layout("a4", card=(57.15, 88.9))
    assert lay.rotation == 90
    assert astuple(lay.grid) == pytest.approx((18.575, 5.625, 177.8, 285.75))
    assert astuple(lay.slot(0)) == pytest.approx((18.575, 5.625 + 4 * 57.15, 88.9, 57.15))
    assert astuple(lay.slot(9)) == pytest.approx((18.575 + 88.9, 5.625, 88.9, 57.15))
    xs, ys = lay.cut_lines()
    assert xs == pytest.approx([18.575, 107.475, 196.375])
    assert ys == pytest.approx([5.625 + j * 57.15 for j in range(6)])
    marks = lay.crop_marks()
    assert sorted({round(m.x1, 6) for m in marks if m.x1 == m.x2}) == pytest.approx(xs)
    assert sorted({round(m.y1, 6) for m in marks if m.y1 == m.y2}) == pytest.approx(ys)
    # The outer edges bleed, the shared cut lines do not.
    assert lay.bleed_sides(0, Sides.all(1.0), 3.0) == Sides(1.0, 0.0, 0.0, 1.0)
    assert lay.bleed_sides(9, Sides.all(1.0), 3.0) == Sides(0.0, 1.0, 1.0, 0.0)


@pytest.mark.parametrize("filled, columns, rows", [(1, 1, 1), (2, 2, 1), (3, 3, 1), (4, 3, 2), (7, 3, 3), (9, 3, 3)])
def test_a_partly_filled_sheet_is_marked_only_where_cards_are(filled, columns, rows):
    lay = layout("a4")  # poker, 3 × 3, touching, grid from (9.75, 17.625)
    top = 17.625 + 266.7
    foot = top - rows * 88.9  # the bottom of the last row in use
    marks = lay.crop_marks(filled)
    vertical = sorted({round(m.x1, 6) for m in marks if m.x1 == m.x2})
    horizontal = sorted({round(m.y1, 6) for m in marks if m.y1 == m.y2})
    assert vertical == pytest.approx([9.75 + i * 63.5 for i in range(columns + 1)])
    assert horizontal == pytest.approx([top - j * 88.9 for j in range(rows, -1, -1)])
    assert len(marks) == 2 * (columns + 1) + 2 * (rows + 1)
    cards = [lay.slot(i) for i in range(filled)]
    for m in marks:  # no mark touches a card; those under the columns start below the last row in use
        assert not any(c.x - 1e-9 <= max(m.x1, m.x2) and min(m.x1, m.x2) <= c.right + 1e-9
                       and c.y - 0.5 < max(m.y1, m.y2) and min(m.y1, m.y2) < c.top + 0.5 for c in cards
                       if m.x1 == m.x2)
        if m.x1 == m.x2 and max(m.y1, m.y2) < foot:
            assert max(m.y1, m.y2) == pytest.approx(foot - 3.0 - 0.5)  # the full bleed, then the gap


# -- gutters: worked out by hand -----------------------------------------------------------------
#
# Along an axis of n cards of size s on a paper length L, the ends keep the printer's 4 mm each (and
# 4.95 more at the label's end: 6.35 + 2.6 - 4), so spare = L - n·s - 8 (- 4.95). The full 3 mm bleed
# at each end leaves gutters of at most (spare - 6) / (n - 1); the rest is shared by the two ends.
#   A4 across: spare 11.5, widest 2.75        A4 down (label): spare 17.35, widest 5.675 -> 5.67
#   Letter across (label): spare 12.45, widest 3.225 -> 3.22
#   Letter down: spare 4.7 < 6, tight: each end keeps 1.5 mm of bleed (a 1 mm mark over it, 0.5 mm
#   short of the trim), widest (4.7 - 3) / 2 = 0.85; the ends get (4.7 - 2 × 0.85) / 2 = 1.5 each.
# Asked for as "up to" (no --gutter), a gap is narrowed to the widest; asked for exactly, it is refused.
# Gaps are kept to whole hundredths of a millimetre, rounded down.

@pytest.mark.parametrize("name, gutter, gaps, origin", [
    ("a4", 2.5, (2.5, 2.5), (4 + (11.5 - 5) / 2, 8.95 + (17.35 - 5) / 2)),  # (7.25, 15.125)
    ("a4", 10.0, (2.75, 5.67), (4 + (11.5 - 5.5) / 2, 8.95 + (17.35 - 11.34) / 2)),
    ("letter", 2.5, (2.5, 0.85), (8.95 + (12.45 - 5) / 2, 4 + 1.5)),  # (12.675, 5.5)
    ("letter", 10.0, (3.22, 0.85), (8.95 + (12.45 - 6.44) / 2, 4 + 1.5)),
    ("a4", 0.0, (0.0, 0.0), (9.75, 17.625)),
])
def test_gutters_open_where_the_paper_has_room(name, gutter, gaps, origin):
    lay = layout(name, gutter=gutter)
    assert (lay.columns, lay.rows) == (3, 3)  # a gutter never costs a card
    assert (lay.gutter_x, lay.gutter_y) == pytest.approx(gaps)
    gx, gy = gaps
    left, bottom = origin
    assert (lay.grid.x, lay.grid.y) == pytest.approx(origin)
    assert (lay.grid.w, lay.grid.h) == pytest.approx((190.5 + 2 * gx, 266.7 + 2 * gy))
    top = bottom + 266.7 + 2 * gy
    # Slot 4 (the middle): one card and one gap in from the top left.
    assert astuple(lay.slot(4)) == pytest.approx((left + 63.5 + gx, top - 2 * 88.9 - gy, 63.5, 88.9))
    assert astuple(lay.slot(8)) == pytest.approx((left + 127 + 2 * gx, bottom, 63.5, 88.9))


def test_a4_gutter_marks_both_edges_of_every_gap():
    lay = layout("a4", gutter=DEFAULT_GUTTER)  # 2.5 mm both ways, grid from (7.25, 15.125)
    xs, ys = lay.cut_lines()
    assert xs == pytest.approx([7.25, 70.75, 73.25, 136.75, 139.25, 202.75])
    top = 15.125 + 271.7
    assert ys == pytest.approx(sorted([top, top - 88.9, top - 91.4, top - 180.3, top - 182.8, 15.125]))
    marks = lay.marks()
    assert len(marks) == 2 * 6 + 2 * 6  # each cut line: a mark beyond each end
    for m, over in marks:
        if m.x1 == m.x2:  # above and below the grid: 12.675 mm at the top, 15.125 at the bottom
            lo, hi = sorted((m.y1, m.y2))
            assert not over  # room beyond the 3 mm bleed and its 0.5 mm gap
            assert lo >= lay.grid.top + 3.5 - 1e-9 or hi <= lay.grid.y - 3.5 + 1e-9
            assert 4.0 - 1e-9 <= lo and hi <= 297 - 4.0 + 1e-9
        else:
            # Beside the grid the margin is 7.25 mm: 3 of bleed and the 4 printers cannot reach leave
            # 0.25 mm, so the mark runs over the bleed, from 1.25 mm off the trim to 4 mm from the edge.
            lo, hi = sorted((m.x1, m.x2))
            assert over
            assert (lo, hi) == pytest.approx((4.0, 6.0)) or (lo, hi) == pytest.approx((204.0, 206.0))


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_each_card_bleeds_to_the_middle_of_every_gutter(name):
    lay = layout(name, gutter=DEFAULT_GUTTER)
    gx, gy = lay.gutter_x, lay.gutter_y
    middle = lay.front_clip(4)
    assert astuple(middle) == pytest.approx(astuple(lay.slot(4).grow(Sides(gx / 2, gy / 2, gx / 2, gy / 2))))
    corner = lay.front_clip(0)  # outer sides: the sheet's bleed
    assert lay.slot(0).x - corner.x == pytest.approx(lay.bleed.left)
    assert corner.top - lay.slot(0).top == pytest.approx(lay.bleed.top)
    # Neighbours' backgrounds meet in the gutter's middle and never reach another card.
    for i in range(9):
        for j in range(9):
            if i != j:
                a, b = lay.front_clip(i), lay.slot(j)
                assert min(a.right, b.right) - max(a.x, b.x) <= 1e-9 or min(a.top, b.top) - max(a.y, b.y) <= 1e-9
    # The outer bleed is at least half a gutter, so a stray cut shows no more white outside than inside.
    assert min(astuple(lay.bleed)) >= min(gx, gy or gx) / 2 - 1e-9 or name == "letter"


def test_a_card_beside_an_empty_slot_bleeds_fully_into_it():
    lay = layout("a4", gutter=DEFAULT_GUTTER)
    last = lay.front_clip(6, filled=7)  # bottom left, alone in its row
    assert last.right - lay.slot(6).right == pytest.approx(3.0)
    above = lay.front_clip(5, filled=7)  # right column, middle row: nothing below it
    assert lay.slot(5).y - above.y == pytest.approx(3.0)
    assert lay.slot(3).y - lay.front_clip(3, filled=7).y == pytest.approx(1.25)  # slot 6 below it


@pytest.mark.parametrize("bad", [-0.5, 10.5, float("nan")])
def test_gutter_limits(bad):
    with pytest.raises(ValueError, match="0 to 10 mm"):
        check_gutter(bad)
    with pytest.raises(ValueError):
        SheetTemplate(gutter=bad)


@pytest.mark.parametrize("name, side", [("a4", "bottom"), ("letter", "left")])
def test_the_page_label_gets_a_margin_where_every_printer_prints(name, side):
    lay = layout(name, gutter=DEFAULT_GUTTER)
    assert lay.label_side == side
    t = lay.template
    margin = lay.margin.bottom if side == "bottom" else lay.margin.left
    bleed = lay.bleed.bottom if side == "bottom" else lay.bleed.left
    # Letter: 12.675 mm on the left, less 6.35 and the 2.6 mm band, leaves the full 3 mm of bleed.
    assert margin - bleed >= t.text_reach + t.label_band - 1e-9
    assert bleed == 3.0


@pytest.mark.parametrize("name, gutter, widest, what", [("a4", 3.0, 2.75, "3 columns"), ("letter", 1.0, 0.85, "3 rows")])
def test_a_gutter_asked_for_exactly_is_kept_or_refused_with_the_widest_that_fits(name, gutter, widest, what):
    assert layout(name, gutter=widest, gutter_exact=True).widest_gutter == pytest.approx(widest)
    kept = layout(name, gutter=widest, gutter_exact=True)
    assert widest in (kept.gutter_x, kept.gutter_y)
    with pytest.raises(GutterTooWide, match=f"{what} leave room for at most {widest:g} mm") as refused:
        layout(name, gutter=gutter, gutter_exact=True)
    assert refused.value.widest == pytest.approx(widest)


@pytest.mark.parametrize("name", ["a4", "letter"])
@pytest.mark.parametrize("gutter", [0.0, 0.5, 2.5, 10.0])
def test_nothing_on_a_sheet_lies_nearer_the_edge_than_4mm_and_outer_bleed_is_3mm_where_it_fits(name, gutter):
    lay = layout(name, gutter=gutter)
    page = Rect(0, 0, lay.paper.width, lay.paper.height).inset(4.0)
    for n in range(9):
        assert page.contains(lay.front_clip(n))
    for m in lay.crop_marks():
        assert page.contains(Rect(min(m.x1, m.x2), min(m.y1, m.y2), abs(m.x2 - m.x1), abs(m.y2 - m.y1)))
    assert (lay.bleed.left, lay.bleed.right) == (3.0, 3.0)
    # A4 has room for 3 mm at the top and bottom too; Letter is 1.3 mm short (see GRIDS).
    # There each end bleeds half of what two gutters of min(gutter, 0.85) leave of 4.7 mm.
    ends = (4.7 - 2 * min(gutter, 0.85)) / 2
    assert (lay.bleed.top, lay.bleed.bottom) == ((3.0, 3.0) if name == "a4" else pytest.approx((ends, ends)))
