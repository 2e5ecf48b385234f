"""Findings about layouts: keys, files, references, and how elements land on the card."""
from conftest import at

GAG_FACE = '''
[decks.gags.face]
layout = "gag"

[layouts.gag]
background = "#FFFFFF"

[[layouts.gag.elements]]
name = "title"
type = "text"
text = "{name}"
from = "safe"
h = 12
size = [8, 14]

[[layouts.gag.elements]]
name = "points"
type = "text"
text = "{points}"
from = "safe"
y = 20
h = 12
size = 20
'''


def with_layout(mini, extra: str = "") -> None:
    mini.edit("game.toml", "[decks.gags.expect]", GAG_FACE + extra + "\n[decks.gags.expect]")


def test_a_layout_that_shows_every_column_it_needs_is_clean(mini):
    with_layout(mini)
    # 'requires' is the claim rule's column, so nothing reports it unused.
    assert mini.findings() == []


def test_M107_unknown_element_key_with_a_suggestion(mini):
    with_layout(mini)
    mini.edit("game.toml", 'size = 20', 'size = 20\nalign = "left"\nvalgin = "top"')
    f = mini.only("M107")
    assert at(f)[0] == "game.toml" and f.message == "unknown key 'valgin' for a text element"
    assert f.hint == "did you mean 'valign'?"


def test_M107_unknown_face_key_is_an_error_and_the_layout_still_draws(mini):
    with_layout(mini)
    mini.edit("game.toml", 'layout = "gag"', 'layout = "gag"\npionts = "points"')
    found = mini.findings()
    assert [f.code for f in found] == ["M107"]
    assert found[0].hint == "did you mean 'points'?"
    assert found[0].severity.value == "error"


def test_M108_layout_file_outside_the_pack_or_missing(mini):
    mini.edit("game.toml", "[decks.gags.expect]",
              '[decks.gags.face]\nlayout = "far"\n\n[layouts]\nfar = "../far.toml"\nnone = "layouts/none.toml"\n\n'
              "[decks.gags.expect]")
    messages = sorted(f.message for f in mini.findings() if f.code == "M108")
    assert messages == ["layout file '../far.toml' is outside the pack folder",
                        "layout file 'layouts/none.toml' does not exist"]


def test_M108_layout_file_that_is_not_toml_is_located(mini):
    mini.write("layouts.toml", "[[elements]\ntype = 'text'\n")
    mini.edit("game.toml", "[decks.gags.expect]",
              '[decks.gags.face]\nlayout = "own"\n\n[layouts]\nown = "layouts.toml"\n\n[decks.gags.expect]')
    f = mini.only("M108")
    assert f.message.startswith("layout file 'layouts.toml' cannot be read")


def test_layout_file_findings_point_into_that_file(mini):
    mini.write("card.toml", '[[elements]]\ntype = "text"\ntext = "{name}"\ncolor = "#FF0000"\n')
    mini.edit("game.toml", "[decks.gags.expect]",
              '[decks.gags.face]\nlayout = "own"\n\n[layouts]\nown = "card.toml"\n\n[decks.gags.expect]')
    f = mini.only("M107")
    assert at(f) == ("card.toml", 4, 1)
    assert f.hint == "did you mean 'colour'?"


def test_extends_a_cycle_and_an_unknown_parent(mini):
    mini.edit("game.toml", "[decks.gags.expect]",
              '[decks.gags.face]\nlayout = "a"\n\n[layouts.a]\nextends = "b"\n[layouts.b]\nextends = "a"\n'
              '[layouts.c]\nextends = "cliam"\n\n[decks.gags.expect]')
    found = mini.findings()
    assert any(f.code == "M104" and "extends itself" in f.message for f in found)
    unknown = next(f for f in found if f.code == "M106" and "cliam" in f.message)
    assert unknown.hint == "did you mean 'claim'?"


def test_T707_text_naming_an_unknown_column(mini):
    with_layout(mini)
    mini.edit("game.toml", 'text = "{points}"', 'text = "{pionts} pts"')
    f = mini.only("T707")
    assert "names 'pionts'" in f.message and f.hint == "did you mean 'points'?"
    assert at(f)[0] == "game.toml"


def test_T707_unknown_icon_in_a_cell_is_located_in_the_csv(mini):
    with_layout(mini)
    mini.edit("game.toml", 'text = "{name}"', 'text = "{name} {requires}"')
    mini.edit("gags.csv", "Toy Piano,", "Toy {pianno},")
    mini.edit("game.toml", "[decks.gags.expect]", '[icons]\npiano = { symbol = "star" }\n\n[decks.gags.expect]')
    found = [f for f in mini.findings() if f.code == "T707"]
    assert len(found) == 1 and at(found[0]) == ("gags.csv", 3, 5)
    assert found[0].hint == "did you mean 'piano'?"


def test_N603_a_face_key_the_layout_never_uses(mini):
    with_layout(mini)
    mini.edit("game.toml", 'layout = "gag"', 'layout = "gag"\nvalue = "points"')
    f = mini.only("N603")
    assert "does not use the face's 'value'" in f.message


def test_T703_element_past_the_safe_zone_unless_marked_to_bleed(mini):
    with_layout(mini)
    mini.edit("game.toml", 'from = "safe"\ny = 20', 'x = 1\ny = 20')
    f = mini.only("T703")
    assert "element 'points' of layout 'gag' reaches past the safe zone" in f.message
    mini.edit("game.toml", 'x = 1\ny = 20', 'x = 1\nbleed = true\ny = 20')
    assert [x for x in mini.findings() if x.code == "T703"] == []


def test_T704_two_elements_printing_over_each_other(mini):
    with_layout(mini)
    mini.edit("game.toml", 'y = 20\nh = 12', 'y = 2\nh = 12')
    found = [f for f in mini.findings() if f.code == "T704"]
    assert len(found) == 1  # reported once for the deck, not once per card
    assert "'title' of layout 'gag' and 'points' print over each other on 'Football Kick'" in found[0].message
    assert at(found[0]) == ("gags.csv", 2, 1)


def test_T705_type_smaller_than_six_points(mini):
    with_layout(mini)
    mini.edit("game.toml", "size = 20", "size = 5")
    f = mini.only("T705")
    assert "prints '4' at 5.0 pt on 'Football Kick'" in f.message


def test_T706_low_contrast_text(mini):
    with_layout(mini)
    mini.edit("game.toml", "size = 20", 'size = 20\ncolour = "#DDDDDD"')
    f = mini.only("T706")
    assert "#DDDDDD on #FFFFFF" in f.message
    ratio = float(f.message.split("contrast ")[1].split(":")[0])
    assert 1.3 < ratio < 1.4  # WCAG: (1.05) / (L(#DDDDDD) + 0.05) with L = 0.723


def test_T706_large_text_needs_less_contrast(mini):
    with_layout(mini)
    # #949494 on white is 3.03:1: enough for 20 pt text, not for 12 pt.
    mini.edit("game.toml", "size = 20", 'size = 20\ncolour = "#949494"')
    assert [f for f in mini.findings() if f.code == "T706"] == []
    mini.edit("game.toml", 'size = 20\ncolour', 'size = 12\ncolour')
    assert mini.only("T706")


def test_a_typo_in_the_layout_name_does_not_hide_a_missing_picture(mini):
    mini.edit("game.toml", 'requires = "requirement"', 'requires = "requirement"\nart = { type = "image", blank = true }')
    mini.edit("gags.csv", "name,points,requires", "name,points,requires,art")
    mini.edit("gags.csv", "Football Kick,4,CB + LU", "Football Kick,4,CB + LU,missing.png")
    for row in ("Toy Piano,5,LU + Schroeder", "Bad Temper,2,LU x2 or CB x2", "Phone Call,1,Peppermint Patty + MC or Girl"):
        mini.edit("gags.csv", row, row + ",")
    mini.edit("game.toml", "[decks.gags.expect]", '[decks.gags.face]\nlayout = "clam"\nart = "art"\n\n[decks.gags.expect]')
    codes = sorted(f.code for f in mini.findings())
    assert "T702" in codes and "A101" in codes


def test_an_icon_picture_that_is_missing_is_reported_once_at_its_key(mini):
    with_layout(mini)
    mini.edit("game.toml", 'text = "{name}"', 'text = "{name} {star}"')
    mini.edit("game.toml", "[decks.gags.expect]", '[icons]\nstar = "icons/star.png"\n\n[decks.gags.expect]')
    found = [f for f in mini.findings() if f.code == "A101"]
    assert len(found) == 1  # four cards show it; one finding
    assert found[0].message == "the picture 'icons/star.png' does not exist (the icon 'star')"
    assert at(found[0])[0] == "game.toml"
