"""Findings about game.toml (M1xx), each from a small break of the mini pack."""
import pytest

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
    mini.edit("game.toml", 'starts = ["A1", "B2", "B1", "A2"]', 'starts = ["A1", "C3"]')
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


# -- card sizes: [card] and [decks.<id>.card] -----------------------------------------------------

def _sizes(mini):
    from printkit.model.manifest import load_manifest

    manifest, _ = load_manifest(mini.path / "game.toml")
    return manifest.card_size(), manifest.card_size(manifest.deck("kids")), manifest.card_size(manifest.deck("gags"))


def test_a_deck_names_its_card_size_or_measures_it(mini):
    mini.edit("game.toml", "[decks.kids.expect]", '[decks.kids.card]\nsize = "tarot"\n\n[decks.kids.expect]')
    mini.edit("game.toml", "[decks.gags.expect]", "[decks.gags.card]\nwidth_mm = 59\nheight_mm = 92.5\n\n"
                                                 "[decks.gags.expect]")
    assert not mini.findings()
    assert _sizes(mini) == ((63.5, 88.9), (69.85, 120.65), (59.0, 92.5))


def test_the_pack_card_table_takes_a_size_name_too(mini):
    mini.write("game.toml", '[card]\nsize = "mini"\n\n' + (mini.path / "game.toml").read_text())
    assert not mini.findings()
    assert _sizes(mini) == ((44.45, 63.5),) * 3


def test_M104_unknown_card_size_suggests_and_lists_the_sizes(mini):
    mini.edit("game.toml", "[decks.kids.expect]", '[decks.kids.card]\nsize = "tarrot"\n\n[decks.kids.expect]')
    f = mini.only("M104")
    assert at(f) == ("game.toml", 19, 1) and f.is_error
    assert "'tarrot'" in f.message and "decks.kids.card.size" in f.message
    assert f.hint.startswith("did you mean 'tarot'?")
    names = f.hint.split("Sizes: ")[1].split(", ")
    assert names == ["poker", "bridge", "mini-american", "mini-euro", "euro", "euro-square", "tarot", "tarot-metric"]


def test_M104_card_size_named_and_measured(mini):
    mini.edit("game.toml", "[decks.kids.expect]",
              '[decks.kids.card]\nsize = "poker"\nwidth_mm = 60\nheight_mm = 90\n\n[decks.kids.expect]')
    f = mini.only("M104")
    assert "size" in f.message and "width_mm" in f.message and "not both" in f.message
    assert [x.code for x in mini.findings()] == ["M104"]  # the measurements are not also "unknown keys"


def test_M104_pack_card_size_named_and_measured(mini):
    mini.write("game.toml", '[card]\nsize = "poker"\nheight_mm = 90\n\n' + (mini.path / "game.toml").read_text())
    assert "not both" in mini.only("M104").message


# Hostile or mistaken measurements: each must be refused quickly, never laid out.
BAD_MM = ["0", "-63.5", "300.5", "1e300", "inf", "nan", "1e-300", "5", '"63.5"', "true"]


@pytest.mark.parametrize("bad", BAD_MM)
def test_M104_card_measurements_outside_the_limits(mini, bad):
    mini.edit("game.toml", "[decks.kids.expect]",
              f"[decks.kids.card]\nwidth_mm = {bad}\nheight_mm = 88.9\n\n[decks.kids.expect]")
    f = mini.only("M104")
    assert f.message == "'decks.kids.card.width_mm' must be a number of millimetres from 10 to 300"
    assert at(f) == ("game.toml", 19, 1)


@pytest.mark.parametrize("bad", ["1e-300", "400"])
def test_M104_pack_card_measurements_outside_the_limits(mini, bad):
    mini.write("game.toml", f"[card]\nheight_mm = {bad}\n\n" + (mini.path / "game.toml").read_text())
    assert mini.only("M104").message == "'card.height_mm' must be a number of millimetres from 10 to 300"


def test_M102_a_deck_card_table_needs_both_measurements(mini):
    mini.edit("game.toml", "[decks.kids.expect]", "[decks.kids.card]\nwidth_mm = 60\n\n[decks.kids.expect]")
    assert mini.only("M102").message == "missing key 'height_mm' in [decks.kids.card]"


def test_M103_unknown_key_in_a_deck_card_table(mini):
    mini.edit("game.toml", "[decks.kids.expect]", '[decks.kids.card]\nsize = "mini"\nsise = 1\n\n[decks.kids.expect]')
    assert mini.only("M103").hint == "did you mean 'size'?"


MINI_STARTS = 'starts = ["A1", "B2", "B1", "A2"]'


@pytest.mark.parametrize("space", ["A0", "a1", " A1", "A01", "z9", "\uff211", "C1", "A3", ""])
def test_M104_start_spaces_not_on_the_board_name_the_space_and_the_range(mini, space):
    mini.edit("game.toml", MINI_STARTS, f'starts = ["A1", "{space}", "B1", "A2"]')
    f = mini.only("M104")
    assert at(f) == ("game.toml", 51, 1)
    assert f.message == f"'{space}' is not a space on a 2×2 board" and f.hint == "spaces run from A1 to B2"


def test_M104_extra_start_spaces_off_the_board(mini):
    mini.edit("game.toml", MINI_STARTS, MINI_STARTS + '\nextra_starts = { players = 3, spaces = ["B9", "b1"] }')
    found = [(at(f), f.message) for f in mini.findings() if f.code == "M104"]
    assert found == [(("game.toml", 52, 31), "'B9' is not a space on a 2×2 board"),
                     (("game.toml", 52, 31), "'b1' is not a space on a 2×2 board")]


# -- [[variants]] ------------------------------------------------------------------------------------------

_EXPECT = "[decks.gags.expect]"


def _variant(name="finish-round", extra="finish_round = true\n"):
    return f'[[variants]]\nname = "{name}"\ndescription = "The last round is played out."\n{extra}\n'


def test_a_variant_is_read_with_its_switches_and_where_they_stand(mini):
    mini.edit("game.toml", _EXPECT, _variant(extra='title = "Finish the round"\nfinish_round = true\n') + _EXPECT)
    assert [f for f in mini.findings() if f.code.startswith("M")] == []
    from printkit.model.loader import load_pack
    variant, = load_pack(mini.path)[0].manifest.variants
    assert (variant.name, variant.title, variant.description) == (
        "finish-round", "Finish the round", "The last round is played out.")
    assert variant.settings() == {"finish_round": True}
    assert (variant.location.line, variant.switches[0].location.line) == (33, 36)  # [[variants]] at line 32


def test_M110_unknown_switch_names_the_engine_and_suggests(mini):
    mini.edit("game.toml", _EXPECT, _variant(extra="finish_rounds = true\n") + _EXPECT)
    f = mini.only("M110")
    assert at(f) == ("game.toml", 35, 1) and f.is_error
    assert f.message == "the claims engine has no rule switch 'finish_rounds' (variant 'finish-round')"
    assert f.hint == "did you mean 'finish_round'?"


def test_M110_a_switch_of_another_engine_lists_this_ones(many_faces):
    text = (many_faces.path / "game.toml").read_text(encoding="utf-8")
    many_faces.write("game.toml", text + "\n" + _variant())
    f = many_faces.only("M110")
    assert f.message == "the sets-and-runs engine has no rule switch 'finish_round' (variant 'finish-round')"
    assert f.hint == "its switches: none"


def test_M110_a_misspelt_key_of_a_variant_is_suggested(mini):
    mini.edit("game.toml", _EXPECT, _variant(extra='titel = "Finish"\n') + _EXPECT)
    assert mini.only("M110").hint == "did you mean 'title'?"


def test_M111_two_variants_of_one_name(mini):
    mini.edit("game.toml", _EXPECT, _variant() + _variant() + _EXPECT)
    f = mini.only("M111")
    assert at(f) == ("game.toml", 38, 1)
    assert f.hint == "the first is at line 33; give each variant its own name"


@pytest.mark.parametrize("variant, message", [
    (_variant(name="Finish round"), "'variants.0.name' must be an id of at most 40 characters"),
    (_variant(name="a" * 41), "'variants.0.name' must be an id of at most 40 characters"),
    (_variant(extra='finish_round = "yes"\n'), "'variants.0.finish_round' must be true or false"),
    (_variant(extra=f'title = "{"T" * 81}"\n'), "'variants.0.title' must be text of at most 80"),
    ('[[variants]]\nname = "long"\ndescription = "' + "x" * 601 + '"\n\n',
     "'variants.0.description' must be text of at most 600 characters"),
    ("".join(_variant(name=f"v{n}", extra="") for n in range(17)), "'variants' may list at most 16 variants, not 17"),
])
def test_M104_variant_types_and_limits(mini, variant, message):
    mini.edit("game.toml", _EXPECT, variant + _EXPECT)
    found = [f for f in mini.findings() if f.code == "M104"]
    assert len(found) == 1 and found[0].message.startswith(message), [f.message for f in found]
