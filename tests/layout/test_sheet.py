"""Sheet geometry in millimetres: grid, slots, bleed, crop marks."""
from dataclasses import astuple

import pytest

from printkit.layout.paper import PAPERS, Paper
from printkit.layout.sheet import LayoutError, SheetLayout, SheetTemplate

POKER = (63.5, 88.9)
# (paper, left, bottom): the 190.5 × 266.7 mm grid centred, worked out by hand.
GRIDS = [("a4", 9.75, 15.15), ("letter", 12.7, 6.35)]


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
        assert lo >= g.top + 0.5 or hi <= g.y - 0.5  # clear of the card edge
        assert 0 <= lo and hi <= lay.paper.height and 1.0 <= m.length <= 5.0 + 1e-9
    for m in horizontal:
        lo, hi = sorted((m.x1, m.x2))
        assert lo >= g.right + 0.5 or hi <= g.x - 0.5
        assert 0 <= lo and hi <= lay.paper.width and 1.0 <= m.length <= 5.0 + 1e-9


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


def test_letter_top_and_bottom_give_bleed_up_for_a_visible_mark():
    lay = layout("letter")
    assert lay.bleed.left == 3.0 and lay.bleed.top < 1.0
    reach = lay.template.printer_reach
    for m in lay.crop_marks():
        if m.x1 == m.x2 and m.y1 > lay.grid.top:
            # Part of each top mark lies where a printer reaching 4 mm from the edge prints.
            assert min(m.y1, m.y2) <= lay.paper.height - reach - 1.0


def test_safe_area_keeps_3mm_at_least():
    lay = layout("a4")
    s, safe = lay.slot(0), lay.safe_area(0)
    assert safe.x - s.x >= 3.0 and s.top - safe.top >= 3.0


def test_smaller_cards_fill_more_of_the_sheet():
    lay = layout("a4", card=(44.0, 63.5))  # mini American-ish
    assert (lay.columns, lay.rows) == (4, 4)


def test_cards_too_big_for_the_paper():
    with pytest.raises(LayoutError):
        layout("a4", card=(250.0, 88.9))
    with pytest.raises(LayoutError):
        SheetLayout.compute(Paper("tiny", 50, 50), *POKER)


@pytest.mark.parametrize("bad", [dict(safe=2.0), dict(bleed=-1.0), dict(bleed=5.0, back_bleed=4.0)])
def test_sheet_templates_are_validated(bad):
    with pytest.raises(ValueError):
        SheetTemplate(**bad)
