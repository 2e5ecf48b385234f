"""Findings about CSV files (C2xx) and cell values (V3xx), and what is accepted."""
import pytest
from conftest import at

from printkit.checks import check_pack

GAGS = (
    "name,points,requires\n"
    "Football Kick,4,CB + LU\n"
    "Toy Piano,5,LU + Schroeder\n"
    "Bad Temper,2,LU x2 or CB x2\n"
    "Phone Call,1,Peppermint Patty + MC or Girl\n"
)


def spreadsheet_export(text: str, delimiter: str) -> bytes:
    """The mini gags as Excel writes them: BOM, CRLF, another delimiter."""
    return ("\ufeff" + text.replace(",", delimiter).replace("\n", "\r\n")).encode("utf-8")


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_bom_crlf_and_sniffed_delimiters_are_accepted(mini, delimiter):
    mini.write("gags.csv", spreadsheet_export(GAGS, delimiter))
    assert mini.findings() == []


def test_blank_lines_and_empty_spreadsheet_rows_are_ignored(mini):
    mini.write("gags.csv", GAGS.replace("Toy Piano", "\n,,\n  \nToy Piano") + "\n\n,,\n")
    assert mini.findings() == []


def test_quoted_values_keep_commas(mini):
    mini.write("gags.csv", GAGS.replace("Toy Piano", '"Toy Piano, Loud"'))
    assert mini.findings() == []


def test_C200_cp1252_file_is_read_with_a_warning(mini):
    mini.write("gags.csv", GAGS.replace("Toy Piano", "Beethoven’s Ninth").encode("cp1252"))
    f = mini.only("C200")
    assert at(f) == ("gags.csv", 3, 10) and not f.is_error
    assert "0x92" in f.message
    names = [c.name for c in check_pack(mini.path).pack.decks["gags"].cards]
    assert "Beethoven’s Ninth" in names


def test_C201_undecodable_file(mini):
    mini.write("gags.csv", GAGS.encode("utf-8").replace(b"Toy", b"T\x81y"))
    f = mini.only("C201")
    assert at(f) == ("gags.csv", 3, 2) and f.is_error


def test_C202_misspelt_column_points_at_it_with_a_suggestion(mini):
    mini.write("gags.csv", GAGS.replace("name,points", "name,pionts"))
    f = mini.only("C202")
    assert at(f) == ("gags.csv", 1, 6)
    assert f.hint == "the header has 'pionts'; did you mean 'points'?"
    assert all(x.code != "C203" for x in mini.findings())


def test_C202_absent_column(mini):
    rows = [line.rsplit(",", 1)[0] for line in GAGS.splitlines()]
    mini.write("gags.csv", "\n".join(rows) + "\n")
    f = mini.only("C202")
    assert f.message == "missing column 'requires'" and at(f) == ("gags.csv", 1, 12)


def test_C203_extra_column_is_a_warning(mini):
    mini.write("gags.csv", "\n".join(line + ",x" for line in GAGS.splitlines()).replace(
        "requires,x", "requires,notes") + "\n")
    f = mini.only("C203")
    assert at(f) == ("gags.csv", 1, 22) and not f.is_error


def test_C204_row_with_too_many_fields(mini):
    mini.write("gags.csv", GAGS.replace("LU + Schroeder", "LU + Schroeder,extra"))
    f = mini.only("C204")
    assert at(f) == ("gags.csv", 3, 28)
    assert f.message == "this row has 4 fields but the header has 3"


def test_C204_row_with_too_few_fields(mini):
    mini.write("gags.csv", GAGS.replace("Toy Piano,5,", "Toy Piano,"))
    assert at(mini.only("C204"))[:2] == ("gags.csv", 3)


def test_C205_blank_name(mini):
    mini.write("gags.csv", GAGS.replace("Toy Piano", " "))
    assert at(mini.only("C205")) == ("gags.csv", 3, 1)


def test_C206_duplicate_name_names_both_lines(mini):
    mini.write("gags.csv", GAGS.replace("Toy Piano", "Football Kick"))
    f = mini.only("C206")
    assert at(f) == ("gags.csv", 3, 1)
    assert "line 2" in f.message and "line 3" in f.message


def test_C206_duplicate_code(mini):
    mini.edit("kids.csv", "Lucy,LU", "Lucy,CB")
    f = [x for x in mini.findings() if x.code == "C206"][0]
    assert at(f) == ("kids.csv", 3, 6)


def test_C207_empty_file(mini):
    mini.write("gags.csv", "\n\n")
    assert at(mini.only("C207")) == ("gags.csv", 1, 1)


def test_C208_unclosed_quote(mini):
    mini.write("gags.csv", GAGS.replace("Toy Piano", '"Toy Piano'))
    assert at(mini.only("C208")) == ("gags.csv", 3, 1)


def test_C209_duplicate_column(mini):
    mini.write("gags.csv", "\n".join(line + ",1" for line in GAGS.splitlines()).replace(
        "requires,1", "requires,points") + "\n")
    assert at(mini.only("C209")) == ("gags.csv", 1, 22)


@pytest.mark.parametrize("points", ["two", "0", "3.5", "-2"])
def test_V300_points_must_be_a_positive_whole_number(mini, points):
    mini.write("gags.csv", GAGS.replace("Toy Piano,5", f"Toy Piano,{points}"))
    f = mini.only("V300")
    assert at(f) == ("gags.csv", 3, 11)
    assert f.message == f"'points' must be a positive whole number, not '{points}'"


def test_V301_unknown_choice_with_suggestion(mini):
    mini.edit("kids.csv", "Lucy,LU,main", "Lucy,LU,mian")
    f = mini.only("V301")
    assert at(f) == ("kids.csv", 3, 9) and f.hint == "did you mean 'main'?"


def test_V302_blank_required_value(mini):
    mini.edit("kids.csv", "Lucy,LU,main,3,girl", "Lucy,LU,main,3,")
    assert at(mini.only("V302")) == ("kids.csv", 3, 16)


def test_N601_identical_row_is_a_warning_not_a_duplicate_name(mini):
    mini.write("gags.csv", GAGS + "Toy Piano,5,LU + Schroeder\n")
    codes = [f.code for f in mini.findings()]
    assert "C206" not in codes
    f = mini.only("N601")
    assert at(f) == ("gags.csv", 6, 1) and "line 3" in f.message and not f.is_error
