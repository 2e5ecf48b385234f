"""Findings about the fonts a pack brings ([fonts] in game.toml): T708, M107, and T701 with fallbacks."""
import os

import pytest
from conftest import at

from printkit.core.fontfile import MAX_FONT_BYTES
from testfonts import (EMOJI, bitmap_only_font, collection, composite_font, edited_font, line_of,
                       looped_composite_font, truetype_font, with_fonts, with_table)

HINT = "fonts are single .ttf or .otf files inside the pack folder, such as fonts/"


def t708(pack, table: str, key_text: str, **files: bytes):
    """The single T708 after adding ``table``; checked to point at the line holding ``key_text``."""
    with_fonts(pack, table, **files)
    f = pack.only("T708")
    assert at(f) == ("game.toml", line_of(pack, key_text), 1) and f.is_error and f.hint == HINT
    return f


def test_T708_missing_font_file(mini):
    f = t708(mini, '[fonts]\nfancy = "fonts/Fancy.ttf"', "fancy =")
    assert f.message == "font 'fonts/Fancy.ttf' does not exist"


def test_T708_absolute_path(mini, tmp_path):
    (tmp_path / "Abs.ttf").write_bytes(truetype_font())
    f = t708(mini, f'[fonts]\nfancy = "{(tmp_path / "Abs.ttf").as_posix()}"', "fancy =")
    assert "is an absolute path" in f.message


def test_T708_path_leading_out_of_the_pack(mini):
    (mini.path.parent / "Outside.ttf").write_bytes(truetype_font())
    f = t708(mini, '[fonts]\nfancy = "fonts/../../Outside.ttf"', "fancy =")
    assert f.message == "font 'fonts/../../Outside.ttf' leads outside the pack folder"


def test_T708_symlink_leading_out_of_the_pack(mini):
    outside = mini.path.parent / "Outside.ttf"
    outside.write_bytes(truetype_font())
    (mini.path / "fonts").mkdir()
    (mini.path / "fonts" / "Link.ttf").symlink_to(outside)
    f = t708(mini, '[fonts]\nfancy = "fonts/Link.ttf"', "fancy =")
    assert "leads outside the pack folder" in f.message


def test_T708_a_symlink_inside_the_pack_is_followed(mini):
    with_fonts(mini, '[fonts]\nfancy = "fonts/Link.ttf"', **{"Real.ttf": truetype_font()})
    (mini.path / "fonts" / "Link.ttf").symlink_to(mini.path / "fonts" / "Real.ttf")
    assert not [f for f in mini.findings() if f.is_error]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_T708_a_named_pipe_is_refused_without_waiting_on_it(mini):
    (mini.path / "fonts").mkdir()
    os.mkfifo(mini.path / "fonts" / "Pipe.ttf")
    f = t708(mini, '[fonts]\nfancy = "fonts/Pipe.ttf"', "fancy =")
    assert f.message == "font 'fonts/Pipe.ttf' is not a regular file"


def test_T708_a_folder_is_refused(mini):
    (mini.path / "fonts" / "Dir.ttf").mkdir(parents=True)
    f = t708(mini, '[fonts]\nfancy = "fonts/Dir.ttf"', "fancy =")
    assert "is not a regular file" in f.message


def test_T708_unreadable_file(mini, monkeypatch):
    real_open = os.open

    def refuse(path, *args, **kwargs):  # as chmod 000 would, even when the tests run as root
        if str(path).endswith("Locked.ttf"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    f = t708(mini, '[fonts]\nfancy = "fonts/Locked.ttf"', "fancy =", **{"Locked.ttf": truetype_font()})
    assert f.message == "font 'fonts/Locked.ttf' cannot be read: Permission denied"


def test_T708_too_big_states_the_limit(mini):
    (mini.path / "fonts").mkdir()
    with open(mini.path / "fonts" / "Huge.ttf", "wb") as f:
        f.truncate(MAX_FONT_BYTES + 1)  # sparse: costs no disk
    f = t708(mini, '[fonts]\nfancy = "fonts/Huge.ttf"', "fancy =")
    assert "fonts may be at most 20 MB" in f.message


def test_T708_not_a_font(mini):
    f = t708(mini, '[fonts]\nfancy = "fonts/Fancy.ttf"', "fancy =", **{"Fancy.ttf": b"<html>not a font</html>"})
    assert f.message == "font 'fonts/Fancy.ttf' is not a TrueType or OpenType font"


def test_T708_damaged_font(mini):
    f = t708(mini, '[fonts]\nfancy = "fonts/Fancy.ttf"', "fancy =", **{"Fancy.ttf": truetype_font()[:200]})
    assert "is cut short" in f.message


def _units_per_em(units: int) -> bytes:
    return edited_font(truetype_font(), lambda font: setattr(font["head"], "unitsPerEm", units))


def _junk(table: bytes) -> bytes:
    return bytes((i * 37) & 0xFF for i in range(len(table)))


@pytest.mark.parametrize("data, message", [
    (_units_per_em(0), "is damaged: its units per em are 0, where a font has 16 to 16384"),
    (_units_per_em(15), "is damaged: its units per em are 15, where a font has 16 to 16384"),
    (_units_per_em(16385), "is damaged: its units per em are 16385, where a font has 16 to 16384"),
    (with_table(truetype_font(), "glyf", _junk), "is damaged: glyph 'uni0041' cannot be read"),
    (truetype_font()[:len(truetype_font()) // 2],
     "is cut short: its 'OS/2' table runs past the end of the file (386 bytes); copy the font again"),
    (with_table(truetype_font(), "loca", lambda b: b[:-2] + b"\xff\xff"),
     "is damaged: its glyph locations ('loca') do not match its 4 glyphs"),
    (with_table(truetype_font(), "head", lambda b: b[:12] + bytes(4) + b[16:]),
     "is damaged: its 'head' table has a wrong magic number"),
    (with_table(truetype_font(), "name", lambda b: b"\0\1" + b[2:]), "is damaged: its 'name' table has a format other than 0"),
    (composite_font([[i + 1] for i in range(17)]),
     "is damaged: composite glyph 'part18' nests 17 deep with 4 points (at most 16 deep and 65,535 points)"),
    (composite_font([[1] * 4] + [[i + 2] * 4 for i in range(7)]),  # 4 squares, then 4 of those... 4**8 points
     "is damaged: composite glyph 'part8' nests 7 deep with 65,536 points (at most 16 deep and 65,535 points)"),
    (looped_composite_font(), "is damaged: composite glyph 'part2' is made of itself"),
])
def test_T708_damaged_inside_a_font_is_found_by_check(mini, data, message):
    f = t708(mini, '[fonts]\nfancy = "fonts/Fancy.ttf"', "fancy =", **{"Fancy.ttf": data})
    assert f.message == f"font 'fonts/Fancy.ttf' {message}"


def test_fonts_at_the_limits_are_used(mini):
    nested = composite_font([[i + 1] for i in range(16)])  # 16 deep: the most
    with_fonts(mini, '[fonts]\nsmall = "fonts/Small.ttf"\nlarge = "fonts/Large.ttf"\nnested = "fonts/Nested.ttf"',
               **{"Small.ttf": _units_per_em(16), "Large.ttf": _units_per_em(16384), "Nested.ttf": nested})
    assert [f for f in mini.findings() if f.code == "T708"] == []


def test_T708_web_font(mini):
    f = t708(mini, '[fonts]\nfancy = "fonts/Fancy.woff"', "fancy =", **{"Fancy.woff": b"wOFF" + bytes(60)})
    assert "web font" in f.message


def test_T708_font_collection(mini):
    data = collection(truetype_font(style="Regular"), truetype_font(style="Bold"))
    f = t708(mini, '[fonts]\nfancy = "fonts/Fancy.ttc"', "fancy =", **{"Fancy.ttc": data})
    assert "is a font collection (.ttc)" in f.message


def test_T708_colour_bitmap_only_font(mini):
    f = t708(mini, '[fonts]\nemoji = "fonts/Emoji.ttf"', "emoji =", **{"Emoji.ttf": bitmap_only_font()})
    assert "only colour or bitmap glyphs" in f.message


def test_T708_licence_forbids_embedding(mini):
    f = t708(mini, '[fonts]\nfancy = "fonts/Fancy.ttf"', "fancy =", **{"Fancy.ttf": truetype_font(fs_type=2)})
    assert "not embeddable" in f.message


def test_T708_points_at_the_face_that_names_the_file(mini):
    table = '[fonts.fancy]\nregular = "fonts/Fancy.ttf"\nbold = "fonts/Missing-Bold.ttf"'
    f = t708(mini, table, "bold =", **{"Fancy.ttf": truetype_font()})
    assert "Missing-Bold.ttf" in f.message


def test_M107_unknown_key_in_a_font_family(mini):
    with_fonts(mini, '[fonts.fancy]\nregular = "fonts/Fancy.ttf"\nbolt = "fonts/Fancy.ttf"',
               **{"Fancy.ttf": truetype_font()})
    f = mini.only("M107")
    assert at(f) == ("game.toml", line_of(mini, "bolt ="), 1) and f.is_error
    assert (f.message, f.hint) == ("unknown key 'fonts.fancy.bolt'", "did you mean 'bold'?")


def test_M107_misspelt_fallback(mini):
    with_fonts(mini, '[fonts]\nfallbak = ["emoji"]\nemoji = "fonts/Emoji.ttf"', **{"Emoji.ttf": truetype_font(EMOJI)})
    f = mini.only("M107")
    assert at(f)[1] == line_of(mini, "fallbak =")
    assert (f.message, f.hint) == ("unknown key 'fonts.fallbak'", "did you mean 'fallback'?")


def test_M106_fallback_names_an_unknown_family(mini):
    with_fonts(mini, '[fonts]\nfallback = ["emojj"]\nemoji = "fonts/Emoji.ttf"', **{"Emoji.ttf": truetype_font(EMOJI)})
    f = mini.only("M106")
    assert at(f)[1] == line_of(mini, "fallback =")
    assert (f.message, f.hint) == ("there is no font family 'emojj' to fall back on", "did you mean 'emoji'?")


def test_T701_a_fallback_font_that_has_the_character_prints_it(gag_grab):
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {EMOJI} Snowman,")
    assert "U+1F600" in gag_grab.only("T701").message
    with_fonts(gag_grab, '[fonts]\nemoji = "fonts/Emoji.ttf"', **{"Emoji.ttf": truetype_font(EMOJI)})
    assert "U+1F600" in gag_grab.only("T701").message  # a family nobody falls back on changes nothing
    gag_grab.edit("game.toml", "[fonts]\n", '[fonts]\nfallback = ["emoji"]\n')
    assert [f for f in gag_grab.findings() if f.code == "T701"] == []


def test_T701_fallbacks_that_lack_the_character_leave_it_missing(gag_grab):
    gag_grab.edit("gags.csv", "Melting Snowman,", "Melting \u2603 Snowman,")
    with_fonts(gag_grab, '[fonts]\nfallback = ["emoji", "display"]\nemoji = "fonts/Emoji.ttf"',
               **{"Emoji.ttf": truetype_font(EMOJI)})
    assert "U+2603" in gag_grab.only("T701").message
