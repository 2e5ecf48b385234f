"""The card checklist behind the print guide: over as many pages as it needs, bounded for huge decks."""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest

from printkit.commands.build import BuildResult, checked_pack
from printkit.core.fonts import metrics
from printkit.kit.cards import cards_document
from printkit.kit.checklist import MAX_LISTED, MAX_PAGES, ChecklistDeck, checklist_layout
from printkit.kit.sheets import SheetOptions
from printkit.geometry.duplex import Flip
from printkit.geometry.paper import paper

REPO = Path(__file__).resolve().parents[2]
MM = 72 / 25.4
GAGS = 600
A4 = (210.0, 297.0)


def synthetic_pack(folder: Path) -> Path:
    """Gag Grab with 600 distinct Gag cards, and no expected counts to hold them to."""
    pack = folder / "big"
    shutil.copytree(REPO / "cards" / "gag-grab", pack)
    rows = ["name,points,requires"] + [f"Gag number {i:04d},{1 + i % 5},SN x2" for i in range(GAGS)]
    (pack / "gags.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    toml = (pack / "game.toml").read_text(encoding="utf-8")
    assert "cards = 60\nsum.points = 188\n" in toml
    (pack / "game.toml").write_text(toml.replace("cards = 60\nsum.points = 188\n", ""), encoding="utf-8")
    return pack


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return checked_pack(synthetic_pack(tmp_path_factory.mktemp("checklist")))


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, report):
    """(paper, document, the guide pages read back with pdfplumber): only the guide pages are rendered."""
    from printkit.render.pdf import render_pdf

    doc = cards_document(report.pack, paper(request.param), SheetOptions(backs=Flip.LONG_EDGE), fronts=report.fronts)
    first_sheet = next(i for i, p in enumerate(doc.pages) if "· sheet " in p.label)
    data = render_pdf(list(doc.pages[:first_sheet]), doc.faces, doc.title, doc.subject)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        pages = [(p.width, p.height, p.extract_text(), p.extract_words()) for p in pdf.pages]
        # Column by column, as one reads the checklist (whole-page text interleaves the two columns).
        columns = "\n".join(p.crop(box).extract_text() for p in pdf.pages[1:]
                            for box in ((0, 0, p.width / 2, p.height), (p.width / 2, 0, p.width, p.height)))
    return request.param, doc, pages, columns


def test_every_card_name_is_listed_in_order(built, report):
    _, doc, pages, text = built
    assert text.count("Card checklist") >= 2, "600 cards should take more than one checklist page"
    position = 0
    for deck in doc.decks:
        for name, _copies in deck.contents:
            found = text.find(name, position)
            assert found >= 0, f"checklist lacks {name!r} (after character {position})"
            position = found + len(name)
    assert f"Gag number {GAGS - 1:04d}" in text and "Charlie Brown" in text


def test_checklist_words_lie_inside_the_margins(built):
    _, _, pages, _ = built
    inside = 18 * MM - 1.0  # the guide's 18 mm margin, less a point for the glyphs' side bearings
    for number, (w, h, _, words) in enumerate(pages[1:], 2):
        assert words or number == len(pages), f"checklist page {number} is empty"
        for word in words:
            assert word["x0"] >= inside and word["x1"] <= w - inside, f"page {number}: {word['text']} runs off"
            assert word["top"] >= inside and word["bottom"] <= h - inside, f"page {number}: {word['text']} runs off"


def test_words_do_not_overlap(built):
    """Two columns side by side and lines stacked: no two words' boxes cross."""
    _, _, pages, _ = built
    for number, (_, _, _, words) in enumerate(pages[1:], 2):
        boxes = sorted((wd["x0"], wd["top"], wd["x1"], wd["bottom"], wd["text"]) for wd in words)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                if b[0] >= a[2]:
                    break
                overlap = min(a[3], b[3]) - max(a[1], b[1])
                assert overlap <= 0.5, f"page {number}: {a[4]!r} overlaps {b[4]!r}"


def test_pages_after_the_first_carry_on_the_deck(built):
    _, _, pages, _ = built
    for _, _, text, _ in pages[2:]:
        if "left blank" in text:
            continue
        lines = text.splitlines()
        assert lines[0] == "Card checklist (continued)"
        assert lines[1].startswith("Gag cards (continued)")


def test_card_sheets_start_on_a_front(built):
    """Guide, checklist and any blank page come to an even count, so the first card sheet is odd."""
    paper_name, doc, pages, _ = built
    first = len(pages) + 1
    assert first % 2 == 1
    assert doc.pages[first - 1].label.endswith("sheet 1 of 6 · fronts")
    assert doc.pages[first - 1].label.startswith("Kid cards")
    # A4 fits the 617 names in 5 checklist pages; Letter needs 6 and a blank page behind the last.
    assert [p.label for p in doc.pages[1:first - 1]][-1] == {"a4": "card checklist 5 of 5", "letter": "blank"}[paper_name]
    assert "Print pages 1–{0} on {1} sheets, two-sided".format(first - 1, (first - 1) // 2) in " ".join(pages[0][2].split())


def test_guide_page_ranges_are_where_the_sheets_are(built):
    _, doc, pages, _ = built
    guide = " ".join(pages[0][2].split())
    for deck in doc.decks:
        match = re.search(re.escape(deck.title) + r": \d+ cards on (\d+) sheets?, pages? (\d+)(?:–(\d+))?", guide)
        assert match, f"guide does not place {deck.title}"
        sheets, first, last = int(match[1]), int(match[2]), int(match[3] or match[2])
        labels = [p.label for p in doc.pages[first - 1:last]]
        assert len(labels) == 2 * sheets
        assert labels[0] == f"{deck.title} · sheet 1 of {sheets} · fronts"
        assert labels[-1] == f"{deck.title} · sheet {sheets} of {sheets} · backs"
        assert all(label.startswith(deck.title + " · sheet") for label in labels)
    assert "Print pages {0}–{1} two-sided".format(len(pages) + 1, len(doc.pages)) in guide


def test_paper_count_pairs_the_guide_pages_too(built, report):
    _, doc, pages, _ = built
    card_sheets = sum(1 for p in doc.pages if p.label.endswith("· fronts"))
    result = BuildResult("big", (), {"cards.pdf": len(doc.pages)}, report)
    one, two = result.sheets_of_paper()
    assert (one, two) == (len(doc.pages), len(pages) // 2 + card_sheets)


def test_without_backs_the_checklist_stays_unpadded(report):
    doc = cards_document(report.pack, paper("a4"), SheetOptions(backs=None), fronts=report.fronts)
    labels = [p.label for p in doc.pages]
    checklist = [label for label in labels if label.startswith("card checklist")]
    assert labels[0] == "print guide" and checklist and labels[1:1 + len(checklist)] == checklist
    # No blank page: one-sided, the sheets may start on the next page.
    assert labels[1 + len(checklist)].startswith("Kid cards · sheet 1 of") and "blank" not in labels


# The layout itself, without a PDF.

def fake(decks: int, names: int, length: int = 12) -> list[ChecklistDeck]:
    return [ChecklistDeck(f"Deck {d}", names, tuple((f"{'x' * (length - 8)} {d:03d}-{n:04d}", 1) for n in range(names)),
                          f"deck{d}.csv") for d in range(decks)]


def test_a_short_checklist_is_one_page_of_two_even_columns():
    layout = checklist_layout(fake(2, 30), *A4)
    (page,) = layout.pages
    assert not layout.grouped
    cards = [p for p in page if p.kind == "card"]
    left = [p for p in page if p.kind in ("card", "heading") and p.x < 100]
    assert len(cards) == 60 and len(left) == 31  # 62 lines, 31 a column


def test_up_to_the_threshold_every_name_is_listed():
    layout = checklist_layout(fake(1, MAX_LISTED), *A4)
    assert not layout.grouped and len(layout.pages) <= MAX_PAGES
    assert sum(p.kind == "card" for page in layout.pages for p in page) == MAX_LISTED
    assert checklist_layout(fake(1, MAX_LISTED + 1), *A4).grouped


def test_fifty_thousand_cards_get_one_line_a_deck():
    layout = checklist_layout(fake(25, 2000), 215.9, 279.4)
    assert layout.grouped and len(layout.pages) == 1
    text = [" ".join(p.lines) for p in layout.pages[0]]
    assert text[1].startswith("50,000 cards in 50,000 names")
    assert "2,000 cards in 2,000 names; see deck0.csv for the list" in text


def test_thousands_of_decks_stop_at_the_page_bound():
    layout = checklist_layout(fake(5000, 1), *A4)
    assert layout.grouped and len(layout.pages) == MAX_PAGES
    last = " ".join(layout.pages[-1][-1].lines)
    shown = sum(p.kind == "card" for page in layout.pages for p in page)
    assert last == f"… and {5000 - shown:,} more decks; see game.toml" and shown > 100


def test_overlong_names_are_cut_to_two_lines_that_fit():
    long = [ChecklistDeck("Long", 2, (("word " * 2000, 1), ("y" * 10_000, 1)))]
    layout = checklist_layout(long, *A4)
    cards = [p for page in layout.pages for p in page if p.kind == "card"]
    body = metrics("body")
    for card in cards:
        assert len(card.lines) <= 2 and card.lines[-1].endswith("…")
        assert all(body.width(line, 8.5) <= card.width for line in card.lines)


def test_a_pack_of_many_decks_keeps_its_print_guide_on_one_clean_page(tmp_path):
    """27 decks (26 of two Gag cards, and the Kid cards): the guide names 8 of them and sums up the rest
    on one line, so its steps, scale check and notice stay on the page with nothing drawn over them."""
    import sys

    from click.testing import CliRunner

    from conftest import REPO
    from printkit.commands.cli import cli

    sys.path.insert(0, str(REPO / "benchmarks"))
    import cards_pack

    pack = cards_pack.synthetic_pack(tmp_path, cards=52, per_deck=2)
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert not re.search(r"cards\.pdf.*page 1\b.*T70[34]|T70[34].*cards\.pdf.*page 1\b", result.output), result.output
    with pdfplumber.open(tmp_path / "out" / "bench" / "cards.pdf") as pdf:
        page = pdf.pages[0]
        text = " ".join((page.extract_text() or "").split())
        words = page.extract_words()
    assert "\u2026 and 19 more decks, 38 cards" in text  # 27 decks, 8 named: 19 of 2 cards left
    assert "Fan-made" in text or "fan-made" in text
    bottom = min(page.height - w["bottom"] for w in words) * 25.4 / 72
    assert bottom >= 6.35, f"guide text {bottom:.1f} mm from the bottom edge"


def test_a_one_page_checklist_never_leaves_a_deck_heading_at_the_foot_of_its_first_column():
    # A deck of one card, then one of two: five blocks, split three and two by count, which would
    # leave the second deck's heading alone at the foot of the first column.
    decks = [ChecklistDeck("Small deck", 1, (("Alpha", 1),)), ChecklistDeck("Other deck", 2, (("Beta", 1), ("Gamma", 1)))]
    (page,) = checklist_layout(decks, *A4).pages
    left = min(p.x for p in page if p.kind in ("heading", "card"))
    first_column = [p for p in page if p.kind in ("heading", "card") and p.x == left]
    second_column = [p for p in page if p.kind in ("heading", "card") and p.x > left]
    assert [p.lines[0] for p in first_column] == ["Small deck (1)", "Alpha"]
    assert second_column[0].lines[0] == "Other deck (2)" and len(second_column) == 3
