"""The print guide, read back from the PDF: settings, scale check, notice."""
import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.commands.cli import cli

MM = 72 / 25.4


@pytest.fixture(scope="module", params=[("a4", "long-edge"), ("letter", "short-edge"), ("a4", "none")])
def guide(request, tmp_path_factory):
    paper, backs = request.param
    out = tmp_path_factory.mktemp("guide")
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(out), "--paper", paper,
                                      "--backs", backs])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "gag-grab" / "cards.pdf") as pdf:
        page = pdf.pages[0]
        yield backs, " ".join(page.extract_text().split()), page.rects


def test_guide_says_how_to_print(guide):
    backs, text, _ = guide
    assert "100% (“Actual size”)" in text and "Fit to page" in text
    expected = {"long-edge": "flip on long edge", "short-edge": "flip on short edge", "none": "one-sided"}
    assert expected[backs] in text
    assert "Kid cards: 52 cards on 6 sheets" in text and "Gag cards: 60 cards on 7 sheets" in text


def test_guide_carries_the_fan_made_notice(guide):
    assert "Fan-made and not for sale" in guide[1]


def test_scale_check_is_a_50mm_bar_and_a_1_inch_square(guide):
    rects = guide[2]
    bars = [r for r in rects if abs(r["width"] - 50 * MM) < 0.05 and r["height"] < 3 * MM]
    squares = [r for r in rects if abs(r["width"] - 72) < 0.05 and abs(r["height"] - 72) < 0.05]
    assert len(bars) == 1 and len(squares) == 1


def test_guide_prints_the_checklist_and_every_sheet(guide):
    """With backs, pages 1–2 (guide and checklist) print as one two-sided sheet, then pages 3–30;
    without, pages 1–2 one-sided (the checklist stays), then pages 3–17 (6 Kid, 7 Gag and 2 sheets of
    aids: their fronts, then their backs, which carry rules). Page 2 is never skipped."""
    backs, text, _ = guide
    if backs == "none":
        assert "Print pages 1–2 one-sided" in text and "the card checklist" in text
        assert "Print pages 3–17 one-sided" in text and "glue each back to a front" in text
    else:
        assert "Print pages 1–2 on one sheet, two-sided" in text and "card checklist on its back" in text
        assert "Print pages 3–30 two-sided" in text
        assert "Print this page on its own" not in text


def test_guide_says_how_far_apart_the_cards_are_and_how_to_cut(guide):
    backs, text, _ = guide
    # A4: 2.5 mm gutters both ways; Letter: 2.5 mm between columns, 0.85 mm between its rows (the
    # most its 12.7 mm to spare leaves, with bleed and marks; see tests/layout/test_sheet.py).
    spacing = "columns 2.5 mm apart, rows 0.85 mm apart" if "short-edge" == backs else "2.5 mm apart"
    assert f"9 per sheet (3 × 3, {spacing})" in text
    assert "cut twice" in text


def test_a_deck_on_one_page_names_one_page(guide):
    backs, text, _ = guide
    # 8 player aids fill one sheet: its fronts and backs are two pages. Without backs the file is the
    # guide and checklist (1-2), Kid cards (3-8), Gag cards (9-15), the aids and then their backs (16-17).
    if backs == "none":
        assert "Player aids: 8 cards and their backs on 2 sheets, pages 16–17" in text
    else:
        assert "Player aids: 8 cards on 1 sheet, pages 29–30" in text
