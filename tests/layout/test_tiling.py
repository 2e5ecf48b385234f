"""Tiling the board over home-printer sheets: whole spaces, consistent joins, printable."""
import pytest
from conftest import REPO

from printkit.layout.board import BoardLayout
from printkit.layout.paper import PAPERS, UNPRINTABLE_MM, Paper
from printkit.layout.tiling import GLUE, MARK, alignment_marks, plan_axis, plan_tiles
from printkit.model.loader import load_pack

BOARD = BoardLayout.compute(load_pack(REPO / "cards" / "gag-grab")[0].manifest.board, 63.5, 88.9)


@pytest.fixture(params=["a4", "letter"])
def plan(request):
    return plan_tiles(BOARD.width, BOARD.height, *BOARD.grid_lines(), PAPERS[request.param])


def test_no_space_is_split_on_a4_or_letter(plan):
    assert plan.split_spaces == 0
    xs, ys = BOARD.grid_lines()
    for j in plan.x_joins:
        assert any(abs(j - x) < 1e-6 for x in xs)
    for j in plan.y_joins:
        assert any(abs(j - y) < 1e-6 for y in ys)


def test_every_space_lies_on_exactly_one_tile(plan):
    for column, row in BOARD.spaces():
        space = BOARD.space(column, row)
        holders = [t for t in plan.tiles if t.region.contains(space, 1e-6)]
        assert len(holders) == 1, (column, row)


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
            on_join = lambda m: (m.x1 if axis == "x" else m.y1) == pytest.approx(join)  # noqa: E731
            a = sorted((m.y1 if axis == "x" else m.x1) for m in mine if on_join(m))
            b = sorted((m.y1 if axis == "x" else m.x1) for m in theirs if on_join(m))
            assert a and a == pytest.approx(b)
            for m in mine + theirs:
                assert m.length == pytest.approx(MARK)


def test_a4_and_letter_need_eight_tiles_landscape(plan):
    assert plan.landscape and (plan.columns, plan.rows) == (2, 4)


def test_plan_axis_prefers_boundaries_and_splits_only_when_it_must():
    # Spaces of 60 mm, a printable span of 100 mm, 10 mm of glue.
    bounds = tuple(range(0, 241, 60))
    plan = plan_axis(240, bounds, span=100, glue=10)
    assert plan.split == 0 and all(b in bounds for _, b in plan.cuts[:-1])
    # Spaces of 95 mm cannot be carried whole with glue: joins fall inside spaces.
    plan = plan_axis(190, (0, 95, 190), span=100, glue=10)
    assert plan.split >= 1 and plan.cuts[0] == (0, 90)


def test_a_board_too_big_for_any_tiling_is_refused():
    from printkit.layout.sheet import LayoutError
    with pytest.raises(LayoutError):
        plan_tiles(500, 500, (0, 500), (0, 500), Paper("tiny", 30, 30))
