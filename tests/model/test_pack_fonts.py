"""The [fonts] table read into FontSettings, and pack fonts in printkit.core.fonts' registry."""
import re
import subprocess
import sys

from printkit.core.fonts import font_for_char, font_key, font_label, font_path, metrics, pdf_font_name, register_font_file
from printkit.model.manifest import load_manifest
from testfonts import EMOJI, cff_font, truetype_font, with_fonts

FAMILIES = '''
[fonts]
fallback = ["emoji", "display"]
emoji = "fonts/Emoji.ttf"
[fonts.fancy]
regular = "fonts/Fancy-Regular.ttf"
bold = "fonts/Fancy-Bold.ttf"
[fonts.serif]
regular = "fonts/Serif.otf"
'''


def fonts_of(pack):
    manifest, findings = load_manifest(pack.path / "game.toml")
    assert findings == []
    return manifest.fonts


def pack_with_families(pack):
    with_fonts(pack, FAMILIES, **{"Emoji.ttf": truetype_font(EMOJI, family="Emo"),
                                  "Fancy-Regular.ttf": truetype_font("AB ", family="Fancy"),
                                  "Fancy-Bold.ttf": truetype_font("AB ", family="Fancy", style="Bold"),
                                  "Serif.otf": cff_font("AB ")})
    return fonts_of(pack)


def test_families_and_their_faces(mini):
    fonts = pack_with_families(mini)
    fancy, emoji = fonts.families["fancy"], fonts.families["emoji"]
    assert fancy.bold != fancy.regular
    assert fancy.italic == fancy.bold_italic == fancy.regular  # regular stands in for missing faces
    assert emoji.regular == emoji.bold == emoji.italic == emoji.bold_italic  # the one-file shorthand
    assert font_path(fancy.bold) == mini.path / "fonts" / "Fancy-Bold.ttf"
    assert (font_label(fancy.regular), font_label(fancy.bold)) == ("fancy", "fancy bold")
    assert font_key("fancy", bold=True, settings=fonts) == fancy.bold
    assert font_key("fancy", bold=True, italic=True, settings=fonts) == fancy.regular
    assert font_key("nope", settings=fonts) is None


def test_fallback_names_families_and_becomes_their_regular_fonts(mini):
    fonts = pack_with_families(mini)
    assert fonts.fallback == (fonts.families["emoji"].regular, "display")


def test_every_pack_font_records_the_key_that_named_it(mini):
    fonts = pack_with_families(mini)
    lines = (mini.path / "game.toml").read_text().splitlines()
    where = fonts.locations[fonts.families["fancy"].bold]
    assert lines[where.line - 1].startswith("bold = ")


def test_a_pack_may_redefine_the_body_family(mini):
    with_fonts(mini, '[fonts]\nbody = "fonts/Fancy.ttf"', **{"Fancy.ttf": truetype_font()})
    fonts = fonts_of(mini)
    assert font_key("body", settings=fonts) == fonts.families["body"].regular != "body"
    assert font_key("body", bold=True) == "bold"  # without the pack, the bundled family


def test_an_unusable_font_leaves_its_family_known(mini):
    with_fonts(mini, '[fonts]\nfancy = "fonts/Missing.ttf"')
    manifest, findings = load_manifest(mini.path / "game.toml")
    assert [f.code for f in findings] == ["T708"]
    assert manifest.fonts.families["fancy"].regular == "body"  # stands in: no second finding from layouts


def test_reading_fonts_keeps_the_manifest_key_locations(mini):
    pack_with_families(mini)
    manifest, _ = load_manifest(mini.path / "game.toml")
    assert ("fonts", "fancy", "bold") in manifest.key_locations


def test_the_key_comes_from_the_bytes_not_the_name(tmp_path):
    data = truetype_font("AB ")
    (tmp_path / "a.ttf").write_bytes(data)
    (tmp_path / "b.ttf").write_bytes(data)
    (tmp_path / "c.ttf").write_bytes(truetype_font("AB ", style="Bold"))
    a, b, c = (register_font_file(tmp_path / n) for n in ("a.ttf", "b.ttf", "c.ttf"))
    assert a == b != c
    assert a not in ("body", "display", "bold", "italic", "bold-italic")


def test_the_same_file_gets_the_same_key_in_another_run(tmp_path):
    (tmp_path / "a.ttf").write_bytes(truetype_font("AB "))
    code = f"from printkit.core.fonts import register_font_file; print(register_font_file({str(tmp_path / 'a.ttf')!r}))"
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout for _ in range(2)}
    assert runs == {register_font_file(tmp_path / "a.ttf") + "\n"}


def test_pdf_names_are_valid_and_distinct(tmp_path):
    (tmp_path / "a.ttf").write_bytes(truetype_font("AB "))
    (tmp_path / "b.otf").write_bytes(cff_font("AB "))
    names = {pdf_font_name(register_font_file(tmp_path / n)) for n in ("a.ttf", "b.otf")}
    names |= {pdf_font_name(k) for k in ("body", "display")}
    assert len(names) == 4
    assert all(re.fullmatch(r"[A-Za-z0-9-]{1,127}", n) for n in names)


def test_metrics_of_truetype_and_cff_pack_fonts(tmp_path):
    (tmp_path / "a.ttf").write_bytes(truetype_font("AB "))
    (tmp_path / "b.otf").write_bytes(cff_font("AB "))
    for name in ("a.ttf", "b.otf"):
        m = metrics(register_font_file(tmp_path / name))
        assert m.has("A") and m.has(" ") and not m.has("Z")
        assert (m.units_per_em, m.ascender, m.descender, m.cap_height) == (1000, 800, -200, 600)
        assert abs(m.width("AB", 10) - 2 * 800 * 10 / 1000 * 25.4 / 72) < 1e-9


def test_font_for_char_tries_the_font_then_each_fallback(tmp_path):
    (tmp_path / "a.ttf").write_bytes(truetype_font("AB "))
    (tmp_path / "e.ttf").write_bytes(truetype_font(EMOJI))
    text, emoji = register_font_file(tmp_path / "a.ttf"), register_font_file(tmp_path / "e.ttf")
    assert font_for_char(text, "A", (emoji,)) == text
    assert font_for_char(text, EMOJI, (emoji,)) == emoji
    assert font_for_char(text, EMOJI) is None
    assert font_for_char(text, "é", (emoji, "body")) == "body"
    assert font_for_char(text, "\u2603", (emoji, "body")) is None


def test_check_with_pack_fonts_imports_neither_reportlab_nor_pillow(mini):
    pack_with_families(mini)
    code = ("import sys; from printkit.checks import check_pack; from pathlib import Path\n"
            f"report = check_pack(Path({str(mini.path)!r}))\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('reportlab', 'PIL')]\n"
            "print('ERRORS', report.errors, 'IMPORTED', bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "ERRORS 0 IMPORTED []" in out.stdout, out.stdout + out.stderr
