"""Tiling the board over home-printer sheets: few sheets, well used, consistent joins, printable."""
import pytest
from conftest import REPO

from printkit.geometry.board import TILED_BANDS, BoardLayout
from printkit.geometry.paper import PAPERS, UNPRINTABLE_MM, Paper
from printkit.geometry.tiling import GLUE, MARK, alignment_marks, plan_axis, plan_tiles
from printkit.model.loader import load_pack

BOARD = BoardLayout.compute(load_pack(REPO / "cards" / "gag-grab")[0].manifest.board, 63.5, 88.9, TILED_BANDS)


@pytest.fixture(params=["a4", "letter"])
def plan(request):
    return plan_tiles(BOARD.width, BOARD.height, *BOARD.grid_lines(), PAPERS[request.param])


# Worked out by hand, in mm. The tiled board: a 6 × 6 grid of 67.5 × 92.9 mm
# spaces (a poker card and 2 mm round it) = 405 × 557.4, a 7 mm track all
# round and a 70 mm panel at the left: 489 × 571.4 mm.
BOARD_W, BOARD_H = 70 + 7 + 405 + 7, 7 + 557.4 + 7
# Printable area of a landscape sheet, 6.35 mm in from every edge.
PRINTABLE = {"a4": (297 - 12.7, 210 - 12.7), "letter": (279.4 - 12.7, 215.9 - 12.7)}
MOST_SHEETS = {"a4": 6, "letter": 7}


def test_the_board_is_the_size_worked_out_by_hand():
    assert (BOARD.width, BOARD.height) == pytest.approx((BOARD_W, BOARD_H))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_few_sheets_and_every_tile_at_least_70_percent_used(paper):
    plan = plan_tiles(BOARD.width, BOARD.height, *BOARD.grid_lines(), PAPERS[paper])
    assert len(plan.tiles) <= MOST_SHEETS[paper]
    assert plan.landscape and (plan.columns, plan.rows) == (2, 3)
    pw, ph = PRINTABLE[paper]
    for tile in plan.tiles:
        used = tile.region.w * tile.region.h / (pw * ph)
        assert used >= 0.70, (tile.number, used)
        assert plan.used(tile) == pytest.approx(used)
    # Two columns, three rows: together they carry the whole board.
    assert sum(plan.tile(c, 0).region.w for c in range(2)) == pytest.approx(BOARD_W)
    assert sum(plan.tile(0, r).region.h for r in range(3)) == pytest.approx(BOARD_H)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_joins_avoid_what_they_must_not_cross(paper):
    # Text 230-250 mm across and 190-194 mm up (where the joins fall unhindered): still six tiles.
    kept = plan_tiles(BOARD.width, BOARD.height, *BOARD.grid_lines(), PAPERS[paper],
                      keep_x=[(230.0, 250.0)], keep_y=[(190.0, 194.0)])
    assert len(kept.tiles) == 6
    for j in kept.x_joins:
        assert not 230.0 + 1e-6 < j < 250.0 - 1e-6
    for j in kept.y_joins:
        assert not 190.0 + 1e-6 < j < 194.0 - 1e-6


def test_every_space_is_carried_once(plan):
    # Joins may run through a space (a card lies over it in play); its pieces add up to it.
    for column, row in BOARD.spaces():
        space = BOARD.space(column, row)
        area = 0.0
        for t in plan.tiles:
            w = min(t.region.right, space.right) - max(t.region.x, space.x)
            h = min(t.region.top, space.top) - max(t.region.y, space.y)
            area += max(w, 0.0) * max(h, 0.0)
        assert area == pytest.approx(space.w * space.h), (column, row)


def test_tiles_cover_the_board_once(plan):
    area = sum(t.region.w * t.region.h for t in plan.tiles)
    assert area == pytest.approx(BOARD.width * BOARD.height)
    for a in plan.tiles:
        for b in plan.tiles:
            if a is b:
                continue
            w = min(a.region.right, b.region.right) - max(a.region.x, b.region.x)
            h = min(a.region.top, b.region.top) - max(a.region.y, b.region.y)
            assert w <= 1e-6 or h <= 1e-6


def test_joins_are_consistent(plan):
    for t in plan.tiles:
        if t.column + 1 < plan.columns:
            right = plan.tile(t.column + 1, t.row)
            assert t.glue_right == GLUE and right.region.x == pytest.approx(t.region.right)
        else:
            assert t.glue_right == 0
        if t.row + 1 < plan.rows:
            below = plan.tile(t.column, t.row + 1)
            assert t.glue_bottom == GLUE and below.region.top == pytest.approx(t.region.y)
        else:
            assert t.glue_bottom == 0


def test_everything_printed_is_inside_the_printable_area(plan):
    for t in plan.tiles:
        e = t.extent
        assert e.x >= UNPRINTABLE_MM - 1e-6 and e.right <= t.page_w - UNPRINTABLE_MM + 1e-6
        assert e.y >= UNPRINTABLE_MM - 1e-6 and e.top <= t.page_h - UNPRINTABLE_MM + 1e-6
        assert e.contains(t.label_box)


def test_alignment_marks_meet_across_every_join(plan):
    lines = BOARD.grid_lines()
    for t in plan.tiles:
        for neighbour, axis in ((plan.tile(t.column + 1, t.row), "x") if t.column + 1 < plan.columns else (None, ""),
                                (plan.tile(t.column, t.row + 1), "y") if t.row + 1 < plan.rows else (None, "")):
            if neighbour is None:
                continue
            mine = alignment_marks(plan, t, lines)
            theirs = alignment_marks(plan, neighbour, lines)
            join = t.region.right if axis == "x" else t.region.y
            on_join = lambda m, axis=axis, join=join: (m.x1 if axis == "x" else m.y1) == pytest.approx(join)  # noqa: E731
            a = sorted((m.y1 if axis == "x" else m.x1) for m in mine if on_join(m))
            b = sorted((m.y1 if axis == "x" else m.x1) for m in theirs if on_join(m))
            assert a and a == pytest.approx(b)
            for m in mine + theirs:
                assert m.length == pytest.approx(MARK)


def test_plan_axis_takes_fewest_tiles_then_the_most_even():
    # 240 mm, a printable span of 100 mm, 10 mm of glue: each but the last carries at most 90,
    # so three tiles (90 + 90 + 100 = 280 >= 240), as even as they can be: 80 each.
    plan = plan_axis(240, (), span=100, glue=10)
    assert [b - a for a, b in plan.cuts] == pytest.approx([80, 80, 80])


def test_plan_axis_lands_on_a_boundary_when_that_costs_little():
    # Spaces of 78 mm: the boundary at 78 is 2.5% short of an even 80, so it is taken.
    plan = plan_axis(240, (0, 78, 156, 234), span=100, glue=10)
    assert [b for _, b in plan.cuts[:-1]] == pytest.approx([78, 156]) and plan.split == 0
    # A boundary far from even is not: spaces of 60 mm give joins at 80 and 160.
    plan = plan_axis(240, (0, 60, 120, 180, 240), span=100, glue=10)
    assert [b for _, b in plan.cuts[:-1]] == pytest.approx([80, 160])


def test_plan_axis_keeps_joins_out_of_text():
    plan = plan_axis(240, (), span=100, glue=10, keep_out=[(70.0, 85.0)])
    assert not any(70 < b < 85 for _, b in plan.cuts[:-1])
    assert len(plan.cuts) == 3


def test_a_board_too_big_for_any_tiling_is_refused():
    from printkit.geometry.sheet import LayoutError
    with pytest.raises(LayoutError):
        plan_tiles(500, 500, (0, 500), (0, 500), Paper("tiny", 30, 30))
