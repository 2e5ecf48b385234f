"""The creatures example pack, built and read back from cards.pdf with pdfplumber.

Every value each card declares in its CSV row must print on that card's page
inside the box its layout element gives. The boxes are worked out here by
hand from the numbers in ``tests/packs/creatures`` (game.toml and
layouts/spell.toml), in mm from the card's top-left corner; the safe zone is
4 mm inside the trim.

Creature cards, poker 63.5 × 88.9 (safe box x 4..59.5, y 4..84.9):

- cost: safe, w = h = 10 -> x 4..14, y 4..14; power: right = 0 -> x 49.5..59.5
- title: x = 11, right = 11, h = 10 -> x 15..48.5, y 4..14
- kind: below title, gap 0.5, h 4 -> y 14.5..18.5, full safe width
- art: y = 16, h = 29 -> y 20..49
- legendary badge: cx 50 %, w 30, y 41.5, h 5 -> x 16.75..46.75, y 45.5..50.5
- text: x 1, right 1, below art gap 2.5, bottom 11 -> x 5..58.5, y 51.5..73.9
- flavour: x 12, right 12, bottom 0, h 10 -> x 16..47.5, y 74.9..84.9
- mirror: cost and power turned half round about the card's centre ->
  x 49.5..59.5 and x 4..14, both y 74.9..84.9

Spell cards, tarot 69.85 × 120.65 (safe box x 4..65.85, y 4..116.65), the
creature layout with power and kind removed and art 58 tall:

- cost 4..14; title x 15..54.85; spell label y 14.5..18.5
- art y 20..78; text x 5..64.85, y 80.5..105.65; flavour x 16..53.85,
  y 106.65..116.65; mirrored cost x 55.85..65.85, y 106.65..116.65

Sheets, by hand (4 mm minimum margins): poker cards 3 × 3, grid 190.5 ×
266.7 mm centred, so its top-left is at (9.75, 15.15) mm from the page's
top-left on A4 and (12.7, 6.35) on Letter; tarot cards 2 × 2, grid 139.7 ×
241.3, top-left (35.15, 27.85) on A4 and (38.1, 19.05) on Letter.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.commands.cli import cli
from printkit.geometry.paper import paper as paper_named
from printkit.geometry.sheet import SheetLayout

PACK = Path(__file__).resolve().parents[1] / "packs" / "creatures"
PT = 72 / 25.4
TOL = 0.3  # mm a glyph's box may stray outside its element's box (rounding in the PDF)

POKER, TAROT = (63.5, 88.9), (69.85, 120.65)
# (paper, card size) -> (x, y) of the grid's top-left, mm from the page's top-left: centred, but the
# margin with the page label (the roomier of bottom and left) keeps 8.95 mm where the others keep 4,
# which moves the grid (8.95 - 4) / 2 = 2.475 mm off it. Poker on A4: label below, the top margin is
# (297 - 266.7) / 2 - 2.475 = 12.675; Letter: label left, 12.7 + 2.475. Tarot: label left on both.
GRID_TOP_LEFT = {
    ("a4", POKER): (9.75, 12.675), ("letter", POKER): (15.175, 6.35),
    ("a4", TAROT): (37.625, 27.85), ("letter", TAROT): (40.575, 19.05),
}
PAGE_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}

CREATURE_BOXES = {
    "cost": (4, 4, 14, 14), "power": (49.5, 4, 59.5, 14), "title": (15, 4, 48.5, 14),
    "kind": (4, 14.5, 59.5, 18.5), "badge": (16.75, 45.5, 46.75, 50.5), "text": (5, 51.5, 58.5, 73.9),
    "flavour": (16, 74.9, 47.5, 84.9), "cost-mirror": (49.5, 74.9, 59.5, 84.9),
    "power-mirror": (4, 74.9, 14, 84.9),
}
SPELL_BOXES = {
    "cost": (4, 4, 14, 14), "title": (15, 4, 54.85, 14), "spell-label": (4, 14.5, 65.85, 18.5),
    "text": (5, 80.5, 64.85, 105.65), "flavour": (16, 106.65, 53.85, 116.65),
    "cost-mirror": (55.85, 106.65, 65.85, 116.65),
}
KIND_LABELS = {"beast": "BEAST", "flier": "FLIER", "spirit": "SPIRIT", "legendary": "LEGENDARY"}
COIN = (0.902, 0.624, 0.0)  # #E69F00, the coin icon's colour
# The bundled text faces, as embedded: copies with an open zero (see printkit.core.fontzero).
BOLD, ITALIC, REGULAR = ("AtkinsonHyperlegible-Bold-OpenZero", "AtkinsonHyperlegible-Italic-OpenZero",
                         "AtkinsonHyperlegible-Regular-OpenZero")


def rows(name: str) -> list[dict]:
    with open(PACK / name, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def dealt(name: str) -> list[dict]:
    """Each row once per copy, in file order: the order cards fill the sheets."""
    return [row for row in rows(name) for _ in range(int(row["count"]))]


def styled_words(text: str) -> list[tuple[str, str]]:
    """(word, font) for rich text: **bold** and _italic_ runs; icons become gaps."""
    out = []
    for part in re.split(r"(\*\*.+?\*\*|_.+?_)", text):
        if part.startswith("**"):
            font, part = BOLD, part[2:-2]
        elif part.startswith("_") and part.endswith("_") and len(part) > 1:
            font, part = ITALIC, part[1:-1]
        else:
            font = REGULAR
        out += [(w, font) for w in re.sub(r"\{\w+\}", " ", part).split()]
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    made = {}
    root = tmp_path_factory.mktemp("creatures")

    def get(paper: str):
        if paper not in made:
            out = root / paper
            # Cards touching (no gutter), so the grid below is the hand-worked one of plain sheets.
            result = CliRunner().invoke(cli, ["build", str(PACK), "--out", str(out), "--paper", paper,
                                              "--gutter", "0"])
            assert result.exit_code == 0, result.output
            made[paper] = pdfplumber.open(out / "creatures" / "cards.pdf")
        return made[paper]

    yield get
    for pdf in made.values():
        pdf.close()


def front_pages(pdf, deck_title: str) -> list:
    """The fronts sheets of a deck, in order, found by their footers (turned up the margin on Letter)."""
    pages = {}
    for page in pdf.pages:
        m = re.search(re.escape(deck_title) + r" · sheet (\d+) of (\d+) · fronts", "".join(c["text"] for c in page.chars))
        if m:
            pages[int(m.group(1))] = page
    return [pages[n] for n in sorted(pages)]


class Slot:
    """One card on a page: turns a box in card mm (from its top-left) into page points."""

    def __init__(self, page, paper: str, size: tuple[float, float], n: int, columns: int):
        gx, gy = GRID_TOP_LEFT[(paper, size)]
        self.page, self.w, self.h = page, size[0], size[1]
        self.left, self.top = gx + (n % columns) * size[0], gy + (n // columns) * size[1]

    def box(self, box) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return ((self.left + x0 - TOL) * PT, (self.top + y0 - TOL) * PT,
                (self.left + x1 + TOL) * PT, (self.top + y1 + TOL) * PT)

    def words(self, box) -> list[dict]:
        x0, top, x1, bottom = self.box(box)
        return [w for w in self.page.extract_words(extra_attrs=["fontname"])
                if w["x0"] >= x0 and w["x1"] <= x1 and w["top"] >= top and w["bottom"] <= bottom]

    def chars(self, box, turned: bool) -> str:
        x0, top, x1, bottom = self.box(box)
        return "".join(c["text"] for c in self.page.chars
                       if c["x0"] >= x0 and c["x1"] <= x1 and c["top"] >= top and c["bottom"] <= bottom
                       and (c["matrix"][0] < 0) == turned)

    def coins(self, box) -> list[dict]:
        x0, top, x1, bottom = self.box(box)
        return [c for c in self.page.curves if c["fill"] and _colour(c["non_stroking_color"]) == COIN
                and c["x0"] >= x0 and c["x1"] <= x1 and c["top"] >= top and c["bottom"] <= bottom]

    def pictures(self, box) -> list[dict]:
        x0, top, x1, bottom = self.box(box)
        return [i for i in self.page.images
                if i["x0"] >= x0 - 0.5 and i["x1"] <= x1 + 0.5 and i["top"] >= top - 0.5 and i["bottom"] <= bottom + 0.5]


def _colour(c) -> tuple | None:
    return tuple(round(v, 3) for v in c) if c and len(c) == 3 else None


def has(words: list[dict], text: str, font: str | None = None) -> bool:
    return any(w["text"] == text and (font is None or w["fontname"].endswith(font)) for w in words)


def creature_slots(pdf, paper: str):
    pages = front_pages(pdf, "Creature cards")
    cards = dealt("creatures.csv")
    assert len(pages) == 2 and len(cards) == 15  # 9 + 6 cards
    for i, card in enumerate(cards):
        yield card, Slot(pages[i // 9], paper, POKER, i % 9, 3)


def spell_slots(pdf, paper: str):
    pages = front_pages(pdf, "Spell cards")
    cards = dealt("spells.csv")
    assert len(pages) == 2 and len(cards) == 6  # 4 + 2 cards
    for i, card in enumerate(cards):
        yield card, Slot(pages[i // 4], paper, TAROT, i % 4, 2)


PAPERS = ["a4", "letter"]


@pytest.mark.parametrize("paper", PAPERS)
def test_every_creature_value_prints_in_its_box(built, paper):
    problems = []
    for card, slot in creature_slots(built(paper), paper):
        name = card["name"]
        title = slot.words(CREATURE_BOXES["title"])
        for word in name.split():
            if not has(title, word, "ComicNeue-Bold"):
                problems.append((name, "title", word))
        for column in ("cost", "power"):
            if slot.chars(CREATURE_BOXES[column], turned=False) != card[column]:
                problems.append((name, column, slot.chars(CREATURE_BOXES[column], turned=False)))
            mirrored = slot.chars(CREATURE_BOXES[column + "-mirror"], turned=True)
            if mirrored != card[column]:
                problems.append((name, column + " (mirrored)", mirrored))
        if not has(slot.words(CREATURE_BOXES["kind"]), KIND_LABELS[card["kind"]], BOLD):
            problems.append((name, "kind", KIND_LABELS[card["kind"]]))
        text = slot.words(CREATURE_BOXES["text"])
        for word, font in styled_words(card["text"]):
            if not has(text, word, font):
                problems.append((name, "text", word, font))
        # The text hangs from the top of its box (valign = "top"): its first line starts within a
        # millimetre and a bit of the box's top edge, 2.5 mm below the picture.
        first = min(w["top"] for w in text) / PT - slot.top
        if not 51.5 <= first <= 51.5 + 1.2:
            problems.append((name, "text top", round(first, 2)))
        flavour = slot.words(CREATURE_BOXES["flavour"])
        for word in card["flavour"].split():
            if not has(flavour, word, ITALIC):
                problems.append((name, "flavour", word))
    assert problems == [], problems


@pytest.mark.parametrize("paper", PAPERS)
def test_the_legendary_badge_shows_only_on_legendary_creatures(built, paper):
    shown = {}
    for card, slot in creature_slots(built(paper), paper):
        shown[card["name"]] = has(slot.words(CREATURE_BOXES["badge"]), "Legendary", BOLD)
    assert shown == {row["name"]: row["kind"] == "legendary" for row in rows("creatures.csv")}
    assert sum(shown.values()) == 2


@pytest.mark.parametrize("paper", PAPERS)
def test_coin_icons_are_drawn_in_the_text_beside_their_words(built, paper):
    checked = 0
    for card, slot in creature_slots(built(paper), paper):
        coins = slot.coins(CREATURE_BOXES["text"])
        assert len(coins) == card["text"].count("{coin}"), card["name"]
        words = slot.words(CREATURE_BOXES["text"])
        for coin in coins:
            # On a line of the text, and about as tall as its capitals (1.4 × cap height of the size).
            line = [w for w in words if w["top"] - 1 <= (coin["top"] + coin["bottom"]) / 2 <= w["bottom"] + 1]
            assert line, (card["name"], coin["x0"], coin["top"])
            size = line[0]["bottom"] - line[0]["top"]
            assert 0.5 * size < coin["x1"] - coin["x0"] < 1.2 * size
            checked += 1
        # "gain {coin}" opens most texts: the first coin sits just right of the word "gain".
        if "gain {coin}" in card["text"]:
            gain = next(w for w in words if w["text"] == "gain")
            first = min(coins, key=lambda c: (round(c["top"]), c["x0"]))
            assert 0 < first["x0"] - gain["x1"] < 3 * PT
            assert abs((first["top"] + first["bottom"]) / 2 - (gain["top"] + gain["bottom"]) / 2) < 3
    assert checked == sum(row["text"].count("{coin}") * int(row["count"]) for row in rows("creatures.csv"))


@pytest.mark.parametrize("paper", PAPERS)
def test_claw_pictures_and_art(built, paper):
    for card, slot in creature_slots(built(paper), paper):
        claws = slot.pictures(CREATURE_BOXES["text"])
        assert len(claws) == card["text"].count("{claw}"), card["name"]
        art = slot.pictures((4, 20, 59.5, 49))
        # A picture of its own, or the claw drawn as a mark on the blank panel.
        assert len(art) == 1, card["name"]
        w_mm = (art[0]["x1"] - art[0]["x0"]) / PT
        assert (abs(w_mm - 55.5) < 0.3) if card["art"] else (abs(w_mm - 14) < 0.3), card["name"]


@pytest.mark.parametrize("paper", PAPERS)
def test_spells_are_tarot_sized_and_print_their_values(built, paper):
    pdf = built(paper)
    layout = SheetLayout.compute(paper_named(paper), *TAROT)
    assert (layout.columns, layout.rows, layout.rotated) == (2, 2, False)
    gx, gy = GRID_TOP_LEFT[(paper, TAROT)]
    page_h = PAGE_PT[paper][1] / PT
    for n in range(4):  # the library's slots are where the test's hand-made grid puts them
        slot = layout.slot(n)
        assert slot.x == pytest.approx(gx + (n % 2) * TAROT[0])
        assert page_h - slot.top == pytest.approx(gy + (n // 2) * TAROT[1], abs=0.01)
        assert (slot.w, slot.h) == pytest.approx(TAROT)
    problems = []
    for card, slot in spell_slots(pdf, paper):
        assert (slot.page.width, slot.page.height) == pytest.approx(PAGE_PT[paper], abs=0.1)
        name = card["name"]
        for word in name.split():
            if not has(slot.words(SPELL_BOXES["title"]), word, "ComicNeue-Bold"):
                problems.append((name, "title", word))
        if not has(slot.words(SPELL_BOXES["spell-label"]), "SPELL", BOLD):
            problems.append((name, "label"))
        if slot.chars(SPELL_BOXES["cost"], turned=False) != card["cost"]:
            problems.append((name, "cost"))
        if slot.chars(SPELL_BOXES["cost-mirror"], turned=True) != card["cost"]:
            problems.append((name, "cost (mirrored)"))
        text = slot.words(SPELL_BOXES["text"])
        for word, font in styled_words(card["text"]):
            if not has(text, word, font):
                problems.append((name, "text", word, font))
        for word in card["flavour"].split():
            if not has(slot.words(SPELL_BOXES["flavour"]), word, ITALIC):
                problems.append((name, "flavour", word))
        if len(slot.coins(SPELL_BOXES["text"])) != card["text"].count("{coin}"):
            problems.append((name, "coins"))
        # The card's frame: 2.5 mm inside a 69.85 × 120.65 trim, in the deck's green.
        frames = [c for c in slot.page.curves if _colour(c["stroking_color"]) == (0.0, 0.62, 0.451)
                  and abs((c["x0"] / PT) - (slot.left + 2.5)) < 0.3 and abs(c["top"] / PT - (slot.top + 2.5)) < 0.3]
        if len(frames) != 1 or abs((frames[0]["x1"] - frames[0]["x0"]) / PT - 64.85) > 0.3 \
                or abs((frames[0]["bottom"] - frames[0]["top"]) / PT - 115.65) > 0.3:
            problems.append((name, "frame", [(f["x0"], f["top"], f["x1"], f["bottom"]) for f in frames]))
    assert problems == [], problems


def test_styled_words_reads_the_markup():
    """The test's own reading of the markup, so that the assertions above mean what they say."""
    assert styled_words("**Arrival:** gain {coin}. _Slow, but_ fine") == [
        ("Arrival:", BOLD), ("gain", REGULAR), (".", REGULAR), ("Slow,", ITALIC), ("but", ITALIC),
        ("fine", REGULAR)]
