"""Findings about game.toml (M1xx), each from a small break of the mini pack."""
from conftest import at


def test_M100_missing_manifest(mini):
    (mini.path / "game.toml").unlink()
    f = mini.only("M100")
    assert at(f) == ("game.toml", 1, 1) and f.is_error


def test_M101_toml_syntax_error_points_at_its_line(mini):
    mini.edit("game.toml", 'title = "Mini Grab"', 'title = "Mini Grab')
    f = mini.only("M101")
    assert at(f)[:2] == ("game.toml", 3)
    assert "TOML syntax error" in f.message and "(at line" not in f.message


def test_M102_missing_required_key_points_at_its_table(mini):
    mini.edit("game.toml", 'description = "A pack small enough to read at a glance."\n', "")
    f = mini.only("M102")
    assert at(f) == ("game.toml", 2, 1)
    assert f.message == "missing key 'description' in [game]"


def test_M103_unknown_key_is_a_warning_with_a_suggestion(mini):
    mini.edit("game.toml", 'title = "Mini Grab"\n', 'title = "Mini Grab"\ntitel = "Oops"\n')
    f = mini.only("M103")
    assert at(f) == ("game.toml", 4, 1) and not f.is_error
    assert f.hint == "did you mean 'title'?"


def test_M103_unknown_key_inside_an_inline_table(mini):
    mini.edit("game.toml", "players = { min = 2, max = 4 }", "players = { min = 2, maks = 4 }")
    findings = {f.code: f for f in mini.findings()}
    assert at(findings["M103"]) == ("game.toml", 5, 22)
    assert findings["M103"].hint == "did you mean 'max'?"


def test_M104_wrong_type(mini):
    mini.edit("game.toml", "cost = 2", 'cost = "two"')
    f = mini.only("M104")
    assert at(f) == ("game.toml", 40, 1)
    assert f.message == "'claims.cost' must be a whole number of at least 1"


def test_M104_board_space_off_the_board(mini):
    mini.edit("game.toml", 'starts = ["A1", "B2"]', 'starts = ["A1", "C3"]')
    f = mini.only("M104")
    assert f.message == "'C3' is not a space on a 2×2 board" and f.hint == "spaces run from A1 to B2"


def test_M104_deck_file_outside_the_pack_is_refused(mini):
    mini.edit("game.toml", 'file = "kids.csv"', 'file = "../kids.csv"')
    (mini.path.parent / "kids.csv").write_text("name\nX\n")
    assert "outside the pack folder" in mini.only("M104").message


def test_M105_deck_file_missing_with_suggestion(mini):
    mini.edit("game.toml", 'file = "kids.csv"', 'file = "kid.csv"')
    f = mini.only("M105")
    assert at(f) == ("game.toml", 9, 1)
    assert f.hint == "did you mean 'kids.csv'?"


def test_M106_unknown_deck_reference(mini):
    mini.edit("game.toml", 'paid_from = "kids"', 'paid_from = "kid"')
    f = mini.only("M106")
    assert at(f) == ("game.toml", 39, 1)
    assert (f.message, f.hint) == ("there is no deck 'kid'", "did you mean 'kids'?")


def test_M106_category_on_a_value_the_column_never_has(mini):
    mini.edit("game.toml", 'where = { gender = "girl" }', 'where = { gender = "gril" }')
    f = mini.only("M106")
    assert at(f) == ("game.toml", 45, 40)
    assert f.hint == "did you mean 'girl'?"
