"""Number columns: whole numbers (0 and negatives too), a range, placeholders, and V303."""
import time

import pytest
from conftest import at

from printkit.checks import check_pack
from printkit.model.pack import Expectation
from printkit.rules.content import expand
from printkit.model.rules_source import Placeholder

COST = 'cost = { type = "number", min = 0, max = 20, placeholders = ["X", "*"] }'
# The first card's cost starts at line 2, column 15 of gags.csv.
GAGS = (
    "name,cost,points,requires\n"
    "Football Kick,{first},4,CB + LU\n"
    "Toy Piano,1,5,LU + Schroeder\n"
    "Bad Temper,2,2,LU x2 or CB x2\n"
    "Phone Call,X,1,Peppermint Patty + MC or Girl\n"
)


def with_cost(mini, first: str, column: str = COST):
    """The mini pack with a number column 'cost' on the gags, the first card's cost being ``first``."""
    mini.edit("game.toml", 'points = "count"', f'points = "count"\n{column}')
    mini.write("gags.csv", GAGS.format(first=first))
    return mini


def problems(mini) -> list:
    """Findings other than N602: no card shows 'cost' in the mini pack, which is beside the point here."""
    return [f for f in mini.findings() if f.code != "N602"]


def costs(mini) -> list:
    return [c["cost"] for c in check_pack(mini.path).pack.decks["gags"].cards]


@pytest.mark.parametrize("cell, value", [
    ("0", 0), ("20", 20), ("+2", 2), ("007", 7), ("*", "*"), ("X", "X"),
])
def test_numbers_and_placeholders_in_range_are_accepted(mini, cell, value):
    with_cost(mini, cell)
    assert problems(mini) == []
    assert costs(mini) == [value, 1, 2, "X"]


@pytest.mark.parametrize("cell", ["-3", "\u22123"])
def test_negative_numbers_with_either_minus_sign_when_the_column_allows_them(mini, cell):
    with_cost(mini, cell, 'cost = { type = "number", placeholders = ["X"] }')
    assert problems(mini) == []
    assert costs(mini)[0] == -3


def test_a_number_column_without_bounds_takes_zero_and_the_hard_limit(mini):
    with_cost(mini, "-1000000000", 'cost = { type = "number", placeholders = ["X"] }')
    assert problems(mini) == []


def test_V303_placeholder_in_the_wrong_case(mini):
    with_cost(mini, "x")
    f = mini.only("V303")
    assert at(f) == ("gags.csv", 2, 15) and f.is_error
    assert f.message == "'cost' must be a whole number from 0 to 20 or 'X' or '*', not 'x'"
    assert f.hint == "did you mean 'X'?"


@pytest.mark.parametrize("cell, message", [
    ("21", "'cost' must be at most 20, not '21'"),
    ("-1", "'cost' must be at least 0, not '-1'"),
    ("\u22121", "'cost' must be at least 0, not '\u22121'"),
])
def test_V303_out_of_the_declared_range(mini, cell, message):
    with_cost(mini, cell)
    f = mini.only("V303")
    assert at(f) == ("gags.csv", 2, 15) and f.message == message


@pytest.mark.parametrize("cell, hint", [
    ("-", None), ("+", None), ("1.5", "only whole numbers are allowed"), ("three", None),
    ("1 000", None), ("١", None),  # an Arabic-Indic digit is a digit to Python, not to a spreadsheet
])
def test_V303_not_a_whole_number(mini, cell, hint):
    with_cost(mini, cell)
    f = mini.only("V303")
    assert at(f) == ("gags.csv", 2, 15)
    assert f.message == f"'cost' must be a whole number from 0 to 20 or 'X' or '*', not '{cell}'"
    assert f.hint == hint


def test_V303_a_decimal_comma_in_a_quoted_cell(mini):
    with_cost(mini, '"1,5"')
    f = mini.only("V303")
    assert at(f) == ("gags.csv", 2, 16)  # the value, inside its quote
    assert f.hint == "only whole numbers are allowed"


def test_V303_beyond_the_hard_limit_without_declared_bounds(mini):
    with_cost(mini, "99999999999", 'cost = { type = "number", placeholders = ["X"] }')
    f = mini.only("V303")
    assert at(f) == ("gags.csv", 2, 15)
    assert f.message == "'cost' must be at most 1,000,000,000, not '99999999999'"


def test_V303_a_huge_digit_string_is_refused_quickly_and_quoted_short(mini):
    with_cost(mini, "-" + "9" * 5000, 'cost = { type = "number", placeholders = ["X"] }')
    started = time.perf_counter()
    f = mini.only("V303")
    assert time.perf_counter() - started < 5
    assert at(f) == ("gags.csv", 2, 15)
    assert f.message == "'cost' must be at least -1,000,000,000, not '-" + "9" * 19 + "…'"


def test_a_sum_expectation_counts_placeholders_as_zero(mini):
    with_cost(mini, "-0")
    mini.edit("game.toml", "sum.points = 12", "sum.points = 12\nsum.cost = 3")
    assert problems(mini) == []
    mini.edit("game.toml", "sum.cost = 3", "sum.cost = 0")
    f = mini.only("K500")
    assert at(f) == ("game.toml", 36, 5)
    assert f.message == "deck 'gags' should have 0 'cost' in all, but gags.csv has 3"


def test_rules_sum_of_a_number_column(mini):
    with_cost(mini, "7", 'cost = { type = "number", min = -5, placeholders = ["X"] }')
    pack = check_pack(mini.path).pack
    where = pack.manifest.decks[0].location
    assert expand(Placeholder("sum", ("gags", "cost"), where, inline=True), pack) == "10"
    assert pack.decks["gags"].measure(Expectation("gags", "by", 0, where, "cost", "X")) == 1


def test_M104_sum_of_a_text_column(mini):
    mini.edit("game.toml", "sum.points = 12", "sum.points = 12\nsum.name = 3")
    f = mini.only("M104")
    assert at(f) == ("game.toml", 35, 5)
    assert f.message == "'sum.name' needs a count or number column, not a text one"


@pytest.mark.parametrize("column, message, line_column", [
    ('cost = { type = "number", min = 5, max = 2 }',
     "'decks.gags.columns.cost.min' is more than its 'max'", (30, 36)),
    ('cost = { type = "number", max = 99999999999 }',
     "'decks.gags.columns.cost.max' must be a whole number from -1,000,000,000 to 1,000,000,000", (30, 27)),
    ('cost = { type = "number", placeholders = ["X", "-2"] }',
     "placeholder '-2' must be text that is not a number", (30, 27)),
    ('cost = { type = "number", placeholders = [" "] }',
     "placeholder '' must be text that is not a number", (30, 27)),
])
def test_M104_bad_number_column_settings(mini, column, message, line_column):
    with_cost(mini, "1", column)
    f = mini.only("M104")
    assert f.message == message
    assert at(f) == ("game.toml", *line_column)


def test_M103_range_keys_belong_to_number_columns_only(mini):
    mini.edit("game.toml", 'points = "count"', 'points = { type = "count", min = 0 }')
    f = mini.only("M103")
    assert f.message == "unknown key 'decks.gags.columns.points.min'"
