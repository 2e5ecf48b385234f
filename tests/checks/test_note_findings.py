"""Designer's notes (N6xx): warnings, never errors."""
from conftest import at


def test_N600_card_that_no_requirement_names(mini):
    mini.write("kids.csv", (mini.path / "kids.csv").read_text() + "Sally,,gallery,1,girl\n")
    mini.edit("game.toml", "cards = 8", "cards = 9")
    mini.edit("game.toml", "gallery = 2", "gallery = 3")
    f = mini.only("N600")
    assert at(f) == ("kids.csv", 6, 1) and not f.is_error
    assert f.message == "no requirement names 'Sally'; it counts only as 'Girl' or 'Any'"
