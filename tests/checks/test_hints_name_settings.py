"""A hint that states a limit names the setting that changes it, with the value the pack has now."""
from PIL import Image

from printkit.commands.build import BuildOptions, build_pack

LONG = ("An Extraordinarily Long Gag Card Name That Goes On And On Without Ever Stopping "
        "Because Nobody Ever Told It Where Cards End Or Why Brevity Matters")
FACE = '''[decks.gags.face]
layout = "gag"

[layouts.gag]
background = "#FFFFFF"

[[layouts.gag.elements]]
name = "title"
type = "text"
text = "{name}"
from = "safe"
h = 12
'''


def hints(pack, code):
    return [f.hint for f in pack.findings() if f.code == code]


def test_picture_hints_name_the_art_settings_the_pack_sets(gag_grab):
    Image.new("RGB", (500, 700)).save(gag_grab.path / "soft.png")
    gag_grab.edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "soft.png"')
    assert hints(gag_grab, "A104") == ["892 × 1248 pixels would print sharp; [art] warn_dpi sets this level (now 300)"]
    gag_grab.write("game.toml", (gag_grab.path / "game.toml").read_text() + "\n[art]\nwarn_dpi = 400\nmin_dpi = 200\n")
    assert hints(gag_grab, "A105") == ["give it at least 594 × 832 pixels; [art] min_dpi sets this limit (now 200)"]


def test_small_type_on_a_card_names_lint_min_type(mini):
    mini.edit("game.toml", "[decks.gags.expect]", FACE + "size = 8\n\n[lint]\nmin_type = 9\n\n[decks.gags.expect]")
    found = hints(mini, "T705")  # the card's title, and the board's own small print under 9 pt
    assert "give it more room or a larger smallest size; [lint] min_type sets this limit (now 9 pt)" in found
    assert all(hint.endswith("[lint] min_type sets this limit (now 9 pt)") for hint in found)


def test_low_contrast_names_lint_min_contrast(mini):
    mini.edit("game.toml", "[decks.gags.expect]",
              FACE + 'colour = "#666666"\n\n[lint]\nmin_contrast = 7\n\n[decks.gags.expect]')
    found = hints(mini, "T706")  # the card's title, and text of the board and sheets under 7:1
    assert ("darken the text or lighten what is under it (or the other way round); [lint] min_contrast sets the "
            "level for body text (now 7:1; large text needs 3:1)") in found
    assert all(hint.endswith("(now 7:1; large text needs 3:1)") for hint in found)


def test_small_type_on_the_board_names_lint_min_type(many_faces):
    many_faces.write("game.toml", (many_faces.path / "game.toml").read_text() + "\n[lint]\nmin_type = 9\n")
    found = hints(many_faces, "T705")  # on its board and pieces, and on its cards
    assert "set it larger; [lint] min_type sets this limit (now 9 pt)" in found
    assert all(hint.endswith("[lint] min_type sets this limit (now 9 pt)") for hint in found)


def test_text_that_overflows_a_built_in_layout_names_the_element_and_how_to_change_it(gag_grab):
    gag_grab.edit("gags.csv", "Football Kick,4,", f"{LONG},4,")
    assert hints(gag_grab, "T700") == [
        "shorten the name, or give element 'title' of built-in layout 'claim' a larger box (w, h) or a smaller "
        "smallest size (now size = [8, 15]); to change it, write a layout of the pack's own with extends = \"claim\""]


def test_a_requirement_too_wide_names_its_element_but_no_type_size(gag_grab):
    long_name = "Marcie Carlin Johnson of Needles"
    gag_grab.edit("kids.csv", "Marcie,", f"{long_name},")
    gag_grab.edit("gags.csv", "Peppermint Patty + Marcie", f"Peppermint Patty + {long_name}")
    hint, = hints(gag_grab, "T700")
    assert hint == ("shorten the requirement, or give element 'price' of built-in layout 'claim' a larger box "
                    "(w, h); to change it, write a layout of the pack's own with extends = \"claim\"")


def test_the_rules_lint_names_lint_rules_min_type(mini, tmp_path):
    mini.edit("game.toml", "[decks.gags.expect]",
              '[rules]\nfile = "rules.md"\n\n[lint]\nrules_min_type = 11\n\n[decks.gags.expect]')
    mini.write("rules.md", "# Mini Grab\n\nThere are {{count gags}} Gag cards.\n")
    result = build_pack(mini.path, BuildOptions(out_dir=tmp_path / "out"))
    small = {f.hint for f in result.print_findings if f.code == "T705"}
    assert small == {"[lint] rules_min_type sets this limit (now 11 pt)"}
