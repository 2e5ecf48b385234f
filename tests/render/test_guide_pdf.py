"""The print guide, read back from the PDF: settings, scale check, notice."""
import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.cli import cli

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
