"""Designer's notes (N6xx): warnings, never errors."""
from conftest import at

from printkit.checks.columns import check_unused_columns
from printkit.model.loader import load_pack


def test_N600_card_that_no_requirement_names(mini):
    mini.write("kids.csv", (mini.path / "kids.csv").read_text() + "Sally,,gallery,1,girl\n")
    mini.edit("game.toml", "cards = 8", "cards = 9")
    mini.edit("game.toml", "gallery = 2", "gallery = 3")
    f = mini.only("N600")
    assert at(f) == ("kids.csv", 6, 1) and not f.is_error
    assert f.message == "no requirement names 'Sally'; it counts only as 'Girl' or 'Any'"


def test_N602_declared_column_that_nothing_uses(mini):
    # Not yet run by check_pack: its caller adds the columns layouts show (more in test_unused_columns.py).
    mini.edit("game.toml", 'requires = "requirement"', 'requires = "requirement"\nflavour = "text"')
    f, = check_unused_columns(load_pack(mini.path)[0], {})
    assert at(f) == ("game.toml", 31, 1) and not f.is_error
    assert f.message == "column 'flavour' of deck 'gags' is declared but nothing uses it"
