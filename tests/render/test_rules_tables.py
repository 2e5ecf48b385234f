"""A rules table breaks across pages without leaving a row or two alone on either side."""
import pytest

from printkit.render.rules_tables import KEEP_ROWS, Table


def table(rows: int) -> Table:
    t = Table([["Card", "Copies"]] + [[f"Row {n}", "1"] for n in range(rows)], colWidths=[100, 40],
              rowHeights=[20] * (rows + 1), repeatRows=1)
    t.wrap(140, 10_000)
    return t


def body_rows(part: Table) -> int:
    return len(part._cellvalues) - 1  # the repeated header is not a body row


@pytest.mark.parametrize("room", [20 * 8 + 5, 20 * 7 + 5])  # room for 7 or 6 of 8 rows below the header
def test_a_break_near_the_end_moves_rows_down_so_the_last_part_keeps_enough(room):
    first, rest = table(8).split(140, room)
    assert body_rows(rest) >= KEEP_ROWS and body_rows(first) + body_rows(rest) == 8
    assert body_rows(first) == 8 - KEEP_ROWS


def test_a_break_near_the_start_moves_the_whole_table_on():
    assert table(8).split(140, 20 * 2 + 5) == []  # only 1 row would fit under the header


def test_a_break_in_the_middle_is_left_alone():
    first, rest = table(8).split(140, 20 * 5 + 5)
    assert (body_rows(first), body_rows(rest)) == (4, 4)


def test_a_table_too_short_to_keep_rows_on_both_sides_moves_whole():
    assert table(5).split(140, 20 * 4 + 5) == []
