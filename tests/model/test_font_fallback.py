"""Fallback fonts as font keys: a key names a chain of fonts, text splits into runs, metrics measure each
character in the font that prints it (printkit.core.fonts)."""
import pytest

from printkit.core.fonts import (font_chain, font_for_char, font_label, font_runs, metrics, primary_font,
                            register_font_file, with_fallback)
from printkit.core.mm import pt_to_mm
from testfonts import EMOJI, truetype_font

OLD_O = "\ua66e"  # ꙮ, a letter none of the bundled fonts has


@pytest.fixture
def fallback(tmp_path):
    """A fallback font with the emoji and ꙮ, 1200 units wide in an em of 2048 (the bundled fonts use 1000)."""
    path = tmp_path / "Extra.ttf"
    path.write_bytes(truetype_font(EMOJI + OLD_O, family="Extra Glyphs", upem=2048, advance=1200))
    return register_font_file(path, "extra")


def test_no_fallback_leaves_the_key_alone():
    assert with_fallback("body", ()) == "body"
    assert font_chain("body") == ("body",) and primary_font("body") == "body"
    assert font_runs("Lucy", "body") == [("Lucy", "body")]
    assert font_runs("", "body") == []


def test_a_key_with_fallback_names_its_chain_once(fallback):
    key = with_fallback("bold", (fallback, "bold", fallback))
    assert font_chain(key) == ("bold", fallback)
    assert primary_font(key) == "bold" and font_label(key) == "bold"
    assert with_fallback(key, (fallback,)) == key  # adding the same fonts again changes nothing
    assert font_for_char(key, EMOJI) == fallback and font_for_char(key, "\u2603") is None


def test_text_splits_into_runs_each_in_the_first_font_that_has_it(fallback):
    key = with_fallback("body", (fallback,))
    assert font_runs(f"Lucy {EMOJI}{OLD_O} van Pelt", key) == [
        ("Lucy ", "body"), (EMOJI + OLD_O, fallback), (" van Pelt", "body")]
    # A character no font has stays in the styled font (where it prints as a gap, and check reports it).
    assert font_runs(f"a\u2603{EMOJI}", key) == [("a\u2603", "body"), (EMOJI, fallback)]
    assert font_runs("plain words", key) == [("plain words", "body")]


def test_chain_metrics_measure_each_character_in_its_own_font(fallback):
    key = with_fallback("body", (fallback,))
    chain, body = metrics(key), metrics("body")
    text = f"Lucy {EMOJI}{OLD_O}"
    # The em is one every font's em divides, so widths stay whole numbers and add up exactly.
    assert chain.units_per_em % 1000 == 0 and chain.units_per_em % 2048 == 0
    expected = body.width("Lucy ", 10) + 2 * pt_to_mm(1200 / 2048 * 10)
    assert chain.width(text, 10) == pytest.approx(expected, abs=1e-9)
    assert chain.units(text) == chain.units("Lucy ") + chain.units(EMOJI + OLD_O)
    # Lines are spaced by the first font: text that borrows nothing sits exactly as before.
    assert (chain.ascent(10), chain.descent(10), chain.cap(10)) == pytest.approx(
        (body.ascent(10), body.descent(10), body.cap(10)))
    assert chain.width("Charlie Brown", 9) == pytest.approx(body.width("Charlie Brown", 9), abs=1e-12)
    assert chain.missing(f"{EMOJI}\u2603{OLD_O}") == ["\u2603"]
