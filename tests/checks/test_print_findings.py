"""Print findings (T7xx): designs that exist, text that fits, glyphs the fonts have."""
from conftest import at

LONG = ("An Extraordinarily Long Gag Card Name That Goes On And On Without Ever Stopping "
        "Because Nobody Ever Told It Where Cards End Or Why Brevity Matters")


def test_T700_name_that_cannot_fit(gag_grab):
    gag_grab.edit("gags.csv", "Football Kick,4,", f"{LONG},4,")
    f = gag_grab.only("T700")
    assert at(f) == ("gags.csv", 3, 1)
    assert f.message.startswith("the name 'An Extraordinarily Long")


def test_T700_requirement_too_wide_to_read(gag_grab):
    long_name = "Marcie Carlin Johnson of Needles"
    gag_grab.edit("kids.csv", "Marcie,", f"{long_name},")
    gag_grab.edit("gags.csv", "Peppermint Patty + Marcie", f"Peppermint Patty + {long_name}")
    f = gag_grab.only("T700")
    assert at(f) == ("gags.csv", 61, 11) and "requirement" in f.message


def test_T701_character_without_a_glyph(gag_grab):
    gag_grab.edit("gags.csv", "Melting Snowman,", "Melting \u2603 Snowman,")
    f = gag_grab.only("T701")
    assert at(f) == ("gags.csv", 19, 9)
    assert "U+2603" in f.message


def test_curly_apostrophe_has_a_glyph(gag_grab):
    assert not [f for f in gag_grab.findings() if f.code == "T701"]
    assert "Beethoven’s Ninth" in (gag_grab.path / "gags.csv").read_text(encoding="utf-8")


def test_T702_unknown_symbol_and_template(gag_grab):
    gag_grab.edit("game.toml", 'symbol = "zigzag"', 'symbol = "zigzg"')
    gag_grab.edit("game.toml", 'layout = "claim"', 'layout = "clam"')
    found = {f.message: f for f in gag_grab.findings() if f.code == "T702"}
    assert found["token 'CB' uses unknown symbol 'zigzg'"].hint == "did you mean 'zigzag'?"
    assert found["deck 'gags' uses unknown layout 'clam'"].hint == "did you mean 'claim'?"


def test_T700_player_aid_phase_that_cannot_fit(gag_grab):
    gag_grab.edit("game.toml", 'text = "Roll the die."', 'text = "' + "Roll the die again and again. " * 30 + '"')
    f = gag_grab.only("T700")
    assert f.location.file.name == "game.toml" and "player aid" in f.message
    text = (gag_grab.path / "game.toml").read_text(encoding="utf-8").splitlines()
    assert text[f.location.line - 1].startswith("[[phases]]")


def test_D800_rules_source_missing(gag_grab):
    (gag_grab.path / "rules.md").unlink()
    f = gag_grab.only("D800")
    assert f.location.file.name == "game.toml" and "rules.md" in f.message


def test_D801_unknown_placeholder_points_at_it(gag_grab):
    gag_grab.edit("rules.md", "There are {{count gags}} Gag cards", "There are {{cuont gags}} Gag cards")
    f = gag_grab.only("D801")
    line = (gag_grab.path / "rules.md").read_text(encoding="utf-8").splitlines()[f.location.line - 1]
    assert line[f.location.column - 1:].startswith("{{cuont gags}}")
    assert f.hint == "did you mean 'count'?"


def test_D801_unclosed_braces(gag_grab):
    gag_grab.edit("rules.md", "{{legend}}", "{{legend")
    assert gag_grab.only("D801").message.startswith("'{{' does not open a placeholder")


def test_T700_game_title_too_long_for_the_backs_is_one_finding_at_the_title(gag_grab):
    """The title prints on every deck's back: one finding, where the title is written."""
    title = "Peanuts Gag Grab, " + "Being the Whole Story of Every Gag Ever Grabbed " * 2
    gag_grab.edit("game.toml", 'title = "Peanuts Gag Grab"', f'title = "{title}"')
    f = gag_grab.only("T700")
    assert at(f) == ("game.toml", 6, 1)
    assert f.message.startswith("the game's title on the back, 'Peanuts Gag Grab, Being")
    assert "element 'game' of built-in layout 'back'" in f.hint


def test_T700_back_label_too_long_for_its_line(gag_grab):
    gag_grab.edit("game.toml", 'label = "Gag"', 'label = "Gags Grabbed In The Gallery"')
    f = gag_grab.only("T700")
    assert at(f) == ("game.toml", 64, 1)
    assert f.message.startswith("the deck's label on the back, 'GAGS GRABBED IN THE GALLERY'")
