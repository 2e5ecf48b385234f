"""Every page of every built PDF, read back: no colliding words, no word half on a shape or under
one painted later, no line through text, nothing under 6 pt.

Both bundled packs are built on A4 and Letter, each plain and as a booklet
(rules imposed two-up), once per configuration. Every page of cards.pdf,
board.pdf and rules.pdf is read with pdfplumber and judged by the geometry
in ``readback.py``, which knows nothing of how printkit draws. A failure
lists every offending word of that file for that check, with its page and
position, so the message is a review list.

The second half proves that the checks can fail: tiny PDFs drawn with
reportlab, each with one known fault (or one legitimate look-alike).
"""
from __future__ import annotations

import hashlib
import math
import re

import pytest
import readback
from click.testing import CliRunner
from conftest import REPO
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit.commands.cli import cli

CONFIGS = {
    "a4": ("--paper", "a4"),
    "letter": ("--paper", "letter"),
    "a4-booklet": ("--paper", "a4", "--booklet"),
    "letter-booklet": ("--paper", "letter", "--booklet"),
}
PACKS = ("gag-grab", "many-faces")
FILES = ("cards.pdf", "board.pdf", "rules.pdf")
WROTE = re.compile(r"wrote (.+?) \((\d+) pages\)")


class Kits:
    """Builds a configuration the first time a test asks for it, and reads each PDF once.

    cards.pdf and board.pdf do not depend on --booklet, and printkit writes
    identical bytes for identical input, so a booklet build's cards.pdf is
    byte for byte the plain build's: a file whose exact bytes were already
    read is judged by that reading (same bytes, same pages, same findings).
    Every distinct file is read page by page, all of its pages.
    """

    def __init__(self, root):
        self.root = root
        self.built: dict[str, dict[tuple[str, str], int]] = {}
        self.read: dict[tuple[str, str, str], list[readback.Problem]] = {}
        self.by_content: dict[bytes, tuple[int, list[readback.Problem]]] = {}

    def pages(self, config: str) -> dict[tuple[str, str], int]:
        if config not in self.built:
            out = self.root / config
            result = CliRunner().invoke(cli, ["build", *PACKS, "--out", str(out), *CONFIGS[config]])
            assert result.exit_code == 0, result.output
            written = {}
            for path, count in WROTE.findall(result.output):
                *_, pack, name = re.split(r"[\\/]", path)
                written[pack, name] = int(count)
            self.built[config] = written
        return self.built[config]

    def problems(self, config: str, pack: str, name: str) -> list[readback.Problem]:
        key = (config, pack, name)
        if key not in self.read:
            pages = self.pages(config)
            assert (pack, name) in pages, f"{pack}/{name} was not written ({config})"
            path = self.root / config / pack / name
            digest = hashlib.sha256(path.read_bytes()).digest()
            if digest not in self.by_content:
                self.by_content[digest] = readback.pdf_problems(path)
            count, problems = self.by_content[digest]
            assert count == pages[pack, name], "every page is read"
            self.read[key] = problems
        return self.read[key]


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Kits:
    return Kits(tmp_path_factory.mktemp("readback"))


def every_file(test):
    test = pytest.mark.parametrize("name", FILES)(test)
    test = pytest.mark.parametrize("pack", PACKS)(test)
    return pytest.mark.parametrize("config", list(CONFIGS))(test)


def review(kits: Kits, config: str, pack: str, name: str, check: str, what: str) -> None:
    found = [p for p in kits.problems(config, pack, name) if p.check == check]
    if found:
        lines = "\n".join(f"  {p}" for p in found)
        # pytest.fail, not assert: an assertion message is cut to a few lines.
        pytest.fail(f"{pack}/{name} ({config}): {len(found)} {what}:\n{lines}", pytrace=False)


@every_file
def test_no_two_words_overlap(kits, config, pack, name):
    review(kits, config, pack, name, "overlap", "overlapping words")


@every_file
def test_no_word_partly_on_or_under_a_filled_shape(kits, config, pack, name):
    review(kits, config, pack, name, "shape", "words partly on a shape's edge or painted over")


@every_file
def test_no_line_through_text(kits, config, pack, name):
    review(kits, config, pack, name, "line", "lines through text")


@every_file
def test_nothing_under_6_pt(kits, config, pack, name):
    review(kits, config, pack, name, "size", "words under 6 pt")


# -- the checks themselves, on tiny PDFs with known faults ------------------------------------

FONT = "ReadbackSans"
pdfmetrics.registerFont(TTFont(FONT, str(REPO / "fonts" / "AtkinsonHyperlegible-Regular.ttf")))


def problems_of(tmp_path, draw, size=(300, 300)) -> list[readback.Problem]:
    path = tmp_path / "probe.pdf"
    canvas = Canvas(str(path), pagesize=size)
    canvas.setFont(FONT, 10)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    count, problems = readback.pdf_problems(path)
    assert count == 1
    return problems


def only(problems, check: str) -> list[str]:
    assert {p.check for p in problems} == {check}, problems
    return [p.message for p in problems]


def width(text: str, size: float = 10) -> float:
    return pdfmetrics.stringWidth(text, FONT, size)


def test_a_line_through_a_word_is_caught(tmp_path):
    def draw(c):
        c.drawString(50, 100, "Crossed")
        x = 50 + width("Crossed") / 2
        c.line(x, 90, x, 115)
    [message] = only(problems_of(tmp_path, draw), "line")
    assert "'Crossed'" in message


def test_a_crop_mark_through_the_space_in_a_footer_is_caught(tmp_path):
    def draw(c):
        c.setFont(FONT, 6.5)
        c.drawString(50, 20, "sheet 1 of 9")
        x = 50 + width("sheet", 6.5) + width(" ", 6.5) / 2
        c.line(x, 0, x, 28)
    [message] = only(problems_of(tmp_path, draw), "line")
    assert "the space between 'sheet' and '1'" in message and "'sheet 1 of 9'" in message


def test_lines_touching_a_word_or_ruling_under_it_pass(tmp_path):
    def draw(c):
        c.drawString(50, 100, "Touched")
        c.line(10, 103, 50, 103)  # a leader ending at the word
        c.line(50 + width("Touched"), 90, 50 + width("Touched"), 115)  # a rule at its end
        c.line(40, 97, 120, 97)  # a table rule under the row
        c.line(40, 112, 120, 112)  # and over it
    assert problems_of(tmp_path, draw) == []


def test_a_word_inside_a_badge_passes(tmp_path):
    def draw(c):
        c.setFillColorRGB(0.9, 0.95, 0.9)
        c.roundRect(20, 20, 200, 200, 12, stroke=1, fill=1)  # a card with its text on it
        c.setFillColorRGB(0.9, 0.6, 0.1)
        c.circle(100, 100, 16, stroke=1, fill=1)
        c.setFillColorRGB(1, 1, 1)  # white text on a coloured disc
        c.setFont(FONT, 12)
        c.drawCentredString(100, 96, "FA")
        c.setFillColorRGB(0, 0, 0)
        c.drawString(30, 200, "Flying Ace")
    assert problems_of(tmp_path, draw) == []


def test_a_word_half_on_a_badge_is_caught(tmp_path):
    def draw(c):
        c.setFillColorRGB(0.9, 0.6, 0.1)
        c.circle(60, 100, 12, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(62, 97, "Flying")  # starts on the disc, runs off it
    [message] = only(problems_of(tmp_path, draw), "shape")
    assert "'Flying' sits partly on a filled curve" in message


def test_a_word_in_a_disc_bounding_box_but_off_the_disc_passes(tmp_path):
    def draw(c):
        c.setFillColorRGB(0.2, 0.5, 0.8)
        c.circle(100, 100, 40, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(FONT, 7)
        c.drawString(61, 62, "ab")  # inside the disc's box (60..140), in the corner the disc leaves free
    page = problems_of(tmp_path, draw)
    assert page == []


def test_a_shape_painted_over_a_word_is_caught(tmp_path):
    def draw(c):
        c.drawString(50, 100, "Hidden")
        c.setFillColorRGB(1, 1, 1)  # white on white paper, still covering the word
        c.rect(40, 95, 80, 20, stroke=0, fill=1)
    [message] = only(problems_of(tmp_path, draw), "shape")
    assert "'Hidden' is painted over by a filled rect" in message


def test_overlapping_words_are_caught(tmp_path):
    def draw(c):
        c.drawString(50, 100, "Flying Ace")
        c.setFont(FONT, 12)
        c.drawString(46, 98, "FA")
    [message] = only(problems_of(tmp_path, draw), "overlap")
    assert "'Flying' overlaps 'FA'" in message


def test_lines_of_a_paragraph_do_not_overlap(tmp_path):
    def draw(c):
        text = c.beginText(50, 200)
        text.setFont(FONT, 10, leading=11)
        for line in ("Lines set one under", "another with tight", "leading do not collide."):
            text.textLine(line)
        c.drawText(text)
        c.drawString(50 + width("Side by side "), 100, "words")  # a word right after another
        c.drawString(50, 100, "Side by side")
    assert problems_of(tmp_path, draw) == []


def test_5_pt_text_is_caught_and_6_pt_passes(tmp_path):
    def draw(c):
        c.setFont(FONT, 5)
        c.drawString(50, 100, "tiny")
        c.setFont(FONT, 6)
        c.drawString(50, 150, "small")
    [message] = only(problems_of(tmp_path, draw), "size")
    assert message.startswith("'tiny' is 5.0 pt")


def test_size_on_paper_counts_scaling_and_rotation(tmp_path):
    def draw(c):
        c.saveState()
        c.scale(0.5, 0.5)  # 10 pt set at half scale prints at 5 pt
        c.drawString(100, 100, "halved")
        c.restoreState()
        for angle, x, size, text in ((90, 150, 7, "upward"), (90, 200, 5, "small"), (180, 280, 7, "upended")):
            c.saveState()
            c.translate(x, 150)
            c.rotate(angle)
            c.setFont(FONT, size)
            c.drawString(0, 0, text)  # a quarter turn: its box's height is its advance, not its size
            c.restoreState()
    messages = only(problems_of(tmp_path, draw), "size")
    assert sorted(m.split(" (")[0] for m in messages) == ["'halved' is 5.0 pt", "'small' is 5.0 pt"]


def test_a_line_through_rotated_text_is_judged_along_the_text(tmp_path):
    def upward(c):
        c.saveState()
        c.translate(100, 50)
        c.rotate(90)  # reads bottom to top; its glyphs stand left of x = 100, its descender room right
        c.drawString(0, 0, "upward")
        c.restoreState()

    def across(c):
        upward(c)
        c.line(80, 50 + width("upward") / 2, 120, 50 + width("upward") / 2)

    def alongside(c):
        upward(c)
        c.line(101.5, 40, 101.5, 200)  # through the descender room only

    [message] = only(problems_of(tmp_path, across), "line")
    assert "through 'upward'" in message
    assert problems_of(tmp_path, alongside) == []


def test_clipped_away_text_and_shapes_do_not_count(tmp_path):
    def draw(c):
        c.saveState()
        path = c.beginPath()
        path.rect(0, 0, 100, 300)
        c.clipPath(path, stroke=0, fill=0)
        c.drawString(150, 100, "unseen")  # outside the clip: never printed
        c.setFillColorRGB(0.8, 0.8, 0.8)
        c.rect(50, 180, 150, 40, stroke=0, fill=1)  # a tile's board, cut off at x = 100
        c.line(130, 0, 130, 300)
        c.restoreState()
        c.setFillColorRGB(0, 0, 0)
        c.drawString(150, 100, "shown")
        c.drawString(110, 195, "margin")  # beside the clipped board, and drawn after it
    assert problems_of(tmp_path, draw) == []


def test_card_faces_in_form_xobjects_are_read_at_each_placement(tmp_path):
    def draw(c):
        c.beginForm("Face", 0, 0, 80, 40)
        c.drawString(5, 15, "Snoopy")
        c.endForm()
        for x in (20, 150):
            c.saveState()
            c.translate(x, 100)
            c.doForm("Face")
            c.restoreState()
        x = 150 + 5 + width("Snoopy") / 2
        c.line(x, 90, x, 140)  # through the second card's name only
    [message] = only(problems_of(tmp_path, draw), "line")
    assert "x=155" in message


def test_overlap_depth_needs_both_ways():
    def box(x0, y0, x1, y1):
        return readback.Quad((x0, y0), (1.0, 0.0), (0.0, 1.0), 0.0, x1 - x0, 0.0, y1 - y0)
    a = box(0, 0, 10, 10)
    assert readback.overlap_depth(a, box(10, 0, 20, 10)) == pytest.approx(0)  # touching
    assert readback.overlap_depth(a, box(9.8, 0, 20, 10)) == pytest.approx(0.2)  # within tolerance
    assert readback.overlap_depth(a, box(8, 9.9, 20, 20)) == pytest.approx(0.1)  # deep one way only
    assert readback.overlap_depth(a, box(8, 8, 20, 20)) == pytest.approx(2)
    turned = readback.Quad((5, 5), (math.sqrt(0.5), math.sqrt(0.5)), (-math.sqrt(0.5), math.sqrt(0.5)),
                           0, 4, 0, 1)
    assert readback.overlap_depth(a, turned) > 0.3


def test_segment_and_winding_helpers():
    upright = readback.Quad((0, 0), (0.0, 1.0), (-1.0, 0.0), 0, 20, 0, 5)  # text running up the page
    assert upright.local((-2.5, 10)) == pytest.approx((10, 2.5))
    assert upright.hit_by_segment((-10, 10), (10, 10))
    assert not upright.hit_by_segment((1, -5), (1, 30))
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    assert readback.winding((5, 5), square) != 0 and readback.winding((15, 5), square) == 0
    assert readback.clip_segment((-5, 5), (15, 5), (0, 0, 10, 10)) == ((0, 5), (10, 5))
