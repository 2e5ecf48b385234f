"""T701 beyond the cards: a character the checklist, print guide or rules would print as a gap is an
error, located where the pack's files write it; a fallback font that has it clears it."""
import subprocess
import sys

import pytest

from conftest import at
from printkit.commands.build import BuildOptions, build_pack
from printkit.render.refusal import BuildRefused
from testfonts import truetype_font, with_fonts

# In Comic Neue, which sets the names on gag-grab's cards, but not in Atkinson Hyperlegible, which
# sets them in the checklist and the rules' tables: the cards print it, those documents would not.
C_HAT = "\u0108"  # Ĉ
SNOWMAN = "\u2603"  # ☃, in no bundled font


def t701s(pack) -> list:
    return [f for f in pack.findings() if f.code == "T701"]


def test_a_name_the_checklist_and_rules_table_cannot_print_is_located_at_its_cell(gag_grab):
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {C_HAT}apo,")
    [f] = t701s(gag_grab)
    assert at(f) == ("gags.csv", 19, 9) and f.is_error
    assert f.message == (f"'{C_HAT}' (U+0108) has no glyph in the body font, so cards.pdf (card checklist) and "
                         f"rules.pdf (a table of Card, Points, Claim with, Odds) would print 'Melting {C_HAT}apo' "
                         "with a gap")
    assert "[fonts]" in f.hint and "fallback" in f.hint


def test_a_fallback_font_that_has_it_clears_the_documents_too(gag_grab):
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {C_HAT}apo,")
    with_fonts(gag_grab, '[fonts]\nfallback = ["hats"]\nhats = "fonts/Hats.ttf"',
               **{"Hats.ttf": truetype_font(C_HAT + " ", family="Hats")})
    assert t701s(gag_grab) == []


def test_a_fallback_font_without_it_is_named_in_the_message(gag_grab):
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {C_HAT}apo,")
    with_fonts(gag_grab, '[fonts]\nfallback = ["other"]\nother = "fonts/Other.ttf"',
               **{"Other.ttf": truetype_font("Q ", family="Other")})
    [f] = t701s(gag_grab)
    assert "no glyph in the body font or any of the pack's fallback fonts" in f.message


def test_a_rules_line_the_rules_cannot_print_is_located_at_its_line(gag_grab):
    gag_grab.edit("rules.md", "- **Blocked.** You are blocked", f"- **Blocked {SNOWMAN}.** You are blocked")
    [f] = t701s(gag_grab)
    lines = (gag_grab.path / "rules.md").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("- **Blocked"))
    assert at(f) == ("rules.md", line, 13)  # "- **Blocked ☃": the 13th character
    assert f.message.startswith(f"'{SNOWMAN}' (U+2603) has no glyph in the bold font, so rules.pdf (the text) would "
                                f"print 'Blocked {SNOWMAN}. You are blocked")


def test_the_notice_only_the_guide_prints_is_located_in_game_toml(gag_grab):
    gag_grab.edit("game.toml", 'notice = "Fan-made', f'notice = "{SNOWMAN} Fan-made')
    [f] = t701s(gag_grab)
    assert at(f) == ("game.toml", 9, 11)
    assert "so cards.pdf (print guide) would print" in f.message


def test_a_build_refuses_a_gap_its_pages_would_print_and_writes_nothing(gag_grab, tmp_path):
    gag_grab.edit("game.toml", 'notice = "Fan-made', f'notice = "{SNOWMAN} Fan-made')
    with pytest.raises(BuildRefused) as refused:
        build_pack(gag_grab.path, BuildOptions(tmp_path / "out"))
    assert [at(f) for f in refused.value.report.findings if f.code == "T701"] == [("game.toml", 9, 11)]
    assert not (tmp_path / "out").exists()


def test_check_finds_document_gaps_without_the_pdf_library(gag_grab):
    gag_grab.edit("gags.csv", "Melting Snowman,", f"Melting {C_HAT}apo,")
    gag_grab.edit("game.toml", 'notice = "Fan-made', f'notice = "{SNOWMAN} Fan-made')
    with_fonts(gag_grab, '[fonts]\nfallback = ["other"]\nother = "fonts/Other.ttf"',
               **{"Other.ttf": truetype_font("Q ", family="Other")})
    code = ("import sys\nfrom pathlib import Path\nfrom printkit.checks import check_pack\n"
            f"found = [f for f in check_pack(Path({str(gag_grab.path)!r})).findings if f.code == 'T701']\n"
            "print(len(found), sorted(m for m in ('reportlab', 'PIL', 'pypdfium2') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "2 []"
