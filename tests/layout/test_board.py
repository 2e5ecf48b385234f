"""Board geometry as plain numbers: spaces, bands, labels, starting spaces."""
from dataclasses import astuple

import pytest
from conftest import REPO

from printkit.geometry.board import BoardLayout, parse_space, space_name
from printkit.model.loader import load_pack

SPEC = load_pack(REPO / "cards" / "gag-grab")[0].manifest.board
BOARD = BoardLayout.compute(SPEC, 63.5, 88.9)


def test_every_space_holds_a_card_with_2mm_all_round():
    assert (BOARD.space_w, BOARD.space_h) == pytest.approx((63.5 + 4, 88.9 + 4))
    for column, row in BOARD.spaces():
        space, card = BOARD.space(column, row), BOARD.card_area(column, row)
        assert (card.w, card.h) == pytest.approx((63.5, 88.9))
        assert card.x - space.x == pytest.approx(2.0) and space.top - card.top == pytest.approx(2.0)


def test_spaces_tile_the_grid_in_reading_order():
    assert len(BOARD.spaces()) == 36
    a1, f6 = BOARD.space(0, 0), BOARD.space(5, 5)
    g = BOARD.grid
    assert (a1.x, a1.top) == pytest.approx((g.x, g.top))
    assert (f6.right, f6.y) == pytest.approx((g.right, g.y))
    xs, ys = BOARD.grid_lines()
    assert len(xs) == len(ys) == 7
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([67.5] * 6)


def test_labels_sit_on_the_space_centres():
    for (letter, x, above, below), column in zip(BOARD.column_label_centres(), range(6)):
        assert letter == "ABCDEF"[column] and x == pytest.approx(BOARD.space(column, 0).cx)
        assert above > BOARD.grid.top and below < BOARD.grid.y
    for (number, x, y), row in zip(BOARD.row_label_centres(), range(6)):
        assert number == str(row + 1) and y == pytest.approx(BOARD.space(0, row).cy) and x < BOARD.grid.x


def test_starting_spaces_are_the_corners_and_the_centre():
    assert set(BOARD.starts) == {(0, 0), (5, 0), (0, 5), (5, 5)}
    assert set(BOARD.extra_starts) == {(2, 2), (3, 2), (2, 3), (3, 3)}
    assert BOARD.extra_from_players == 5


def test_the_one_sheet_board_trims_inside_a2_and_fits_sra2_with_bleed_and_marks():
    # 405 × 557.4 mm of spaces, a 7 mm track all round and a 16 mm title band on top.
    assert (BOARD.width, BOARD.height) == pytest.approx((405 + 14, 557.4 + 14 + 16))
    assert BOARD.width <= 420 and BOARD.height <= 594
    # 3 mm bleed, then 5 mm crop marks, then 3 mm a press may not print: per side 11 mm.
    assert BOARD.width + 22 <= 450 and BOARD.height + 22 <= 640
    # ARCH C (457.2 × 609.6 mm) takes it too, without going up a size.
    assert BOARD.width + 22 <= 457.2 and BOARD.height + 22 <= 609.6


def test_the_track_holds_the_coordinates_and_the_tiled_board_has_a_side_panel():
    from printkit.geometry.board import TILED_BANDS
    g, t = BOARD.grid, BOARD.track
    assert (g.x - t.x, t.top - g.top) == pytest.approx((7, 7))
    assert BOARD.title_area.y == pytest.approx(t.top) and BOARD.title_area.h == pytest.approx(16)
    tiled = BoardLayout.compute(SPEC, 63.5, 88.9, TILED_BANDS)
    assert (tiled.width, tiled.height) == pytest.approx((70 + 14 + 405, 14 + 557.4))
    assert tiled.title_area.w == pytest.approx(70) and tiled.title_area.h == pytest.approx(tiled.height)


@pytest.mark.parametrize("name, position", [("A1", (0, 0)), ("F6", (5, 5)), ("C4", (2, 3))])
def test_space_names(name, position):
    assert parse_space(name) == position and space_name(*position) == name


def test_board_geometry_follows_the_manifest():
    from dataclasses import replace
    small = BoardLayout.compute(replace(SPEC, columns=4, rows=3, space_margin=3.0), 44.0, 63.5)
    assert (small.columns, small.rows) == (4, 3)
    assert astuple(small.card_area(3, 2))[2:] == pytest.approx((44.0, 63.5))
    assert small.space_w == pytest.approx(50.0)
