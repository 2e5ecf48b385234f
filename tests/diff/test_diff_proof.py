"""The proof PDF: changed cards old beside new with captions, read back; and its page geometry in mm."""
from __future__ import annotations

import io
from collections import defaultdict

import pdfplumber
import pytest
from click.testing import CliRunner
from diffpacks import add_extras_deck, copy_pack, edited_pair
from pypdf import PdfReader

from printkit.checks import check_pack
from printkit.commands.cli import cli
from printkit.diff import proof as proofmod
from printkit.diff.compare import compare
from printkit.diff.proof_layout import card_rect, pages_of, proof_grid
from printkit.geometry.draw import Text, flatten
from printkit.core.mm import Rect

PT = 72 / 25.4


def diff_and_fronts(old, new):
    a, b = check_pack(old), check_pack(new)
    return compare(a.pack, b.pack, a.findings, b.findings, "old", "new"), a.fronts, b.fronts


@pytest.fixture(scope="module")
def standard(tmp_path_factory):
    return diff_and_fronts(*edited_pair(tmp_path_factory.mktemp("proof")))


@pytest.fixture(scope="module")
def pdf(standard):
    data, pages = proofmod.proof_pdf(*standard)
    assert pages == 2
    return data


@pytest.fixture(scope="module")
def words(pdf):
    """Per page: words with position (pt from the top-left), font and size."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [p.extract_words(extra_attrs=["fontname", "size"]) for p in doc.pages]


def labels(page_words, word):
    """x (pt) of the bold 8 pt 'old' / 'new' labels above the cards."""
    return [w["x0"] for w in page_words if w["text"] == word and "Bold" in w["fontname"] and round(w["size"]) == 8]


def caption_lines(page_words):
    """Text lines of the caption column (right of both cards), top to bottom."""
    rows = defaultdict(list)
    for w in page_words:
        if w["x0"] > 130 * PT and w["top"] > 20 * PT:  # right of the new card, below the page heading
            rows[round(w["top"], 1)].append(w["text"])
    return [" ".join(rows[top]) for top in sorted(rows)]


def test_two_pages_of_three_pairs(pdf):
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    assert [round(float(v) / PT) for v in reader.pages[0].mediabox[2:]] == [210, 297]  # A4 portrait


def test_captions_name_the_card_and_what_changed(words):
    first, second = caption_lines(words[0]), caption_lines(words[1])
    assert first == ["Sally", "changed · kids · line 6", "count: 1 » 2",
                     "Shortstop", "changed · gags · line 4", "requires: SN x2 » SN + Sally",
                     "Great Pumpkin", "changed · gags · line 7", "requires: LI x2 » LI + Linnus"]
    assert second == ["Red Baron » The Red Baron", "renamed · gags · line 10",
                      "Kite | Tree", "added · gags · line 61", "points: 4", "requires: CB + LU",
                      "Good Grief", "removed · gags · was line 7", "points: 2", "requires: CB x2 or LI x2"]


def test_every_changed_card_is_drawn_once_per_side(words):
    everything = [w["text"] for page in words for w in page]
    # Gag fronts print "GAG POINTS": Shortstop, Great Pumpkin and Red Baron twice, Kite and Good Grief once.
    assert everything.count("GAG") == 8
    assert everything.count("PEANUT") == 2  # Sally, old and new
    assert sum(len(labels(p, "old")) for p in words) == 5 and sum(len(labels(p, "new")) for p in words) == 5


def test_old_is_on_the_left_and_new_on_the_right(words):
    for page in words:
        olds, news = labels(page, "old"), labels(page, "new")
        assert olds and news
        assert max(olds) < min(news) < 130 * PT
        assert {round(x / PT, 1) for x in olds} == {12.0}  # the left margin


def test_not_in_old_and_not_in_new(words):
    text = [w["text"] for w in words[1]]
    assert " ".join(text).count("not in old") == 1 and " ".join(text).count("not in new") == 1


def test_faces_of_both_sides_are_kept_apart(standard):
    pages, faces = proofmod.proof_pages(*standard)
    assert "old:gags/front/Shortstop" in faces and "new:gags/front/Shortstop" in faces
    assert "old:gags/front/Red Baron" in faces and "new:gags/front/The Red Baron" in faces
    assert "new:gags/front/Kite | Tree" in faces and "old:gags/front/Kite | Tree" not in faces
    assert all(face.key == key for key, face in faces.items())
    assert len(faces) == 10


def test_same_diff_same_bytes(standard, pdf):
    assert proofmod.proof_pdf(*standard)[0] == pdf


def test_more_pairs_than_the_limit_are_counted(standard, monkeypatch):
    monkeypatch.setattr(proofmod, "MAX_PAIRS", 2)
    pages, faces = proofmod.proof_pages(*standard)
    texts = [i.text for i in flatten(pages[-1].items) if isinstance(i, Text)]
    assert len(pages) == 1 and len(faces) == 4
    assert "… and 4 more changed cards, not drawn (a proof shows at most 2)" in texts


def test_a_card_without_a_face_layout_gets_a_placeholder(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    add_extras_deck(new, 'name = "text"\n', "name\nBlanket\n")
    pages, faces = proofmod.proof_pages(*diff_and_fronts(old, new))
    texts = [i.text for i in flatten(pages[0].items) if isinstance(i, Text)]
    assert faces == {} and "no face to draw" in texts and "Blanket" in texts


def test_no_changes_one_page_that_says_so(tmp_path):
    root = copy_pack(tmp_path / "gag-grab")
    target = tmp_path / "out" / "proof.pdf"
    result = CliRunner().invoke(cli, ["diff", str(root), str(root), "--proof", str(target)], catch_exceptions=False)
    assert result.exit_code == 0
    with pdfplumber.open(target) as doc:
        assert len(doc.pages) == 1 and "No card changes" in doc.pages[0].extract_text()
    assert "wrote" in result.output and "1 page, no card changes" in result.output


# -- geometry ----------------------------------------------------------------------------------------

def test_poker_cards_three_rows_a_page():
    grid = proof_grid((63.5, 88.9))
    # Body 297 - 2×12 margin - 10 heading - 7 footer = 256 mm; a row of three is 85.3 mm,
    # less 5 label and 5 gap: 75.3 mm of card, 75.3 / 88.9 = 0.848 (four rows would be 0.61).
    assert grid.rows == 3 and grid.scale == pytest.approx((256 / 3 - 10) / 88.9)
    first = grid.slots[0]
    assert first.old.x == 12 and first.old.w == pytest.approx(63.5 * grid.scale)
    assert first.new.x == pytest.approx(first.old.right + 6)
    assert first.caption.x == pytest.approx(first.new.right + 6) and first.caption.right == pytest.approx(198)
    assert first.old.top == pytest.approx(297 - 12 - 10 - 5)  # below the heading and the label


def test_rows_do_not_overlap_and_stay_on_the_page():
    for card in [(63.5, 88.9), (44.45, 63.5), (69.85, 120.65), (70, 70), (300, 300), (10, 10)]:
        grid = proof_grid(card)
        assert 0 < grid.scale <= 1
        for upper, lower in zip(grid.slots, grid.slots[1:]):
            assert lower.old.top + 5 <= upper.old.y  # label and gap between rows
        for slot in grid.slots:
            for rect in (slot.old, slot.new, slot.caption):
                assert 12 <= rect.x and rect.right <= 198 + 1e-9 and 19 <= rect.y and rect.top <= 285
            assert slot.caption.w >= 56


def test_small_cards_get_more_rows_large_ones_fewer():
    assert proof_grid((44.45, 63.5)).rows == 4  # mini: (64 - 10) / 63.5 = 0.85 at full width
    # Tall: one row at the width's scale, 59 / 100, since two rows would shrink it to (128 - 10) / 300.
    assert proof_grid((100, 300)).rows == 1 and proof_grid((100, 300)).scale == pytest.approx(0.59)
    # Wide: the width limits every row count alike, so four rows lose little: (64 - 10) / 300 vs 59 / 300.
    assert proof_grid((300, 300)).rows == 4 and proof_grid((300, 300)).scale == pytest.approx(54 / 300)
    assert proof_grid((10, 10)).scale == 1.0  # never enlarged
    with pytest.raises(ValueError):
        proof_grid((0, 88.9))


def test_card_rect_is_centred_across_and_at_the_top():
    assert card_rect(Rect(0, 0, 60, 80), (40, 60), 1.0) == Rect(10, 20, 40, 60)
    assert card_rect(Rect(10, 10, 60, 80), (60, 80), 0.5) == Rect(25, 50, 30, 40)


def test_pages_of():
    assert pages_of(7, 3) == [range(0, 3), range(3, 6), range(6, 7)]
    assert pages_of(3, 3) == [range(0, 3)]
    assert pages_of(0, 3) == [range(0)]
