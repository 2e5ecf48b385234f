"""Decks of different card sizes, each imposed on its own sheets, read back from cards.pdf.

A scratch copy of the tiny test pack gets three printed decks: its Kid cards at
the pack's poker size, five tarot-size Omen cards and twenty mini Tip cards,
plus two player aids (pack size). Every expected grid is worked out here by
hand from the paper and card sizes with 4 mm margins (room 202 × 289 mm on
A4, 207.9 × 271.4 mm on Letter); nothing comes from ``printkit.geometry``.

- tarot 69.85 × 120.65: upright 2 × 2 on both papers (turned would be 1 × 4 on
  A4, a tie, and 1 × 3 on Letter), grid 139.7 × 241.3 mm.
- mini 44.45 × 63.5: turned, 3 × 6 on both papers (upright is 4 × 4), each
  slot 63.5 wide and 44.45 tall, grid 190.5 × 266.7 mm.
- poker 63.5 × 88.9: upright 3 × 3, grid 190.5 × 266.7 mm.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from printkit.commands.cli import cli
from conftest import MINI, ScratchPack

PT_PER_MM = 72 / 25.4
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}

DECKS = '''
[decks.omens]
title = "Omen cards"
file = "omens.csv"
card = { size = "tarot" }

[decks.omens.columns]
name = "text"
count = "count"
text = "text"

[decks.omens.face]
template = "text"
text = "text"

[decks.omens.back]
colour = "#009E73"
label = "Omen"

[decks.tips]
title = "Tip cards"
file = "tips.csv"

[decks.tips.card]
size = "mini"

[decks.tips.columns]
name = "text"
count = "count"

[decks.tips.face]
template = "text"

[decks.tips.back]
colour = "#D55E00"
label = "Tip"

[[phases]]
name = "Draw"
text = "Draw a card."

[[phases]]
name = "Play"
text = "Play a card."

[player_aid]
title = "Your turn"
copies = 2
colour = "#CC79A7"

[claims]'''

KIDS = ("Charlie Brown",) * 3 + ("Lucy",) * 3 + ("Schroeder", "Peppermint Patty")  # kids.csv
OMENS = ("Storm",) * 2 + ("Sun",) * 2 + ("Moon",)
TIPS = ("Ace",) * 6 + ("Bolt",) * 6 + ("Crown",) * 6 + ("Drum",) * 2


@dataclass(frozen=True)
class Grid:
    """A deck's sheet grid by hand: slot size on the page, columns, rows, and whether cards are turned."""

    slot_w: float
    slot_h: float
    columns: int
    rows: int
    turned: bool

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def origin(self, paper: str) -> tuple[float, float]:
        """Centred, but for the margin with the page label (the roomier of bottom and left), which
        keeps 6.35 + 2.6 mm where the other keeps the 4 mm printers cannot reach: the grid sits
        (8.95 - 4) / 2 = 2.475 mm further from that edge."""
        w, h = PAPER_MM[paper]
        spare_w, spare_h = w - self.columns * self.slot_w, h - self.rows * self.slot_h
        below = spare_h >= spare_w
        return spare_w / 2 + (0 if below else 2.475), spare_h / 2 + (2.475 if below else 0)

    def top(self, paper: str) -> float:
        return self.origin(paper)[1] + self.rows * self.slot_h

    def slot(self, paper: str, n: int) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of slot ``n``, in reading order from the top left."""
        x = self.origin(paper)[0] + (n % self.columns) * self.slot_w
        top = self.top(paper) - (n // self.columns) * self.slot_h
        return x, top - self.slot_h, x + self.slot_w, top

    def cuts(self, paper: str, filled: int) -> tuple[list[float], list[float]]:
        """The cut lines around the columns and rows that hold ``filled`` cards."""
        columns, rows = min(filled, self.columns), -(-filled // self.columns)
        x0, top = self.origin(paper)[0], self.top(paper)
        return ([x0 + i * self.slot_w for i in range(columns + 1)],
                sorted(top - j * self.slot_h for j in range(rows + 1)))


POKER = Grid(63.5, 88.9, 3, 3, False)
TAROT = Grid(69.85, 120.65, 2, 2, False)
MINI_TURNED = Grid(63.5, 44.45, 3, 6, True)


@dataclass(frozen=True)
class Sheet:
    deck: str
    grid: Grid
    cards: tuple[str, ...]
    label: str | None  # what the backs say


def sheets() -> list[Sheet]:
    plan = []
    for deck, grid, cards, label in (("kids", POKER, KIDS, "KID"), ("omens", TAROT, OMENS, "OMEN"),
                                     ("tips", MINI_TURNED, TIPS, "TIP"),
                                     ("aids", POKER, ("Your turn",) * 2, None)):
        for i in range(0, len(cards), grid.per_sheet):
            plan.append(Sheet(deck, grid, cards[i:i + grid.per_sheet], label))
    return plan


SHEETS = sheets()  # kids 1, omens 2 (4 + 1), tips 2 (18 + 2), aids 1


def front_index(n: int) -> int:
    """0-based page of sheet ``n``'s fronts: after the guide and checklist, fronts and backs alternate."""
    return 2 + 2 * n


BUILDS = [("a4", "long-edge"), ("letter", "short-edge")]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """``built(paper, backs)``: the scratch pack's cards.pdf (and PNGs) for that build, made once."""
    made: dict[tuple[str, str], tuple[Path, object]] = {}
    root = tmp_path_factory.mktemp("deck-sizes")
    pack = ScratchPack(root / "mini")
    shutil.copytree(MINI, pack.path)
    pack.edit("game.toml", "[decks.kids.expect]", '[decks.kids.face]\ntemplate = "text"\nsubtitle = "kind"\n\n'
              '[decks.kids.back]\ncolour = "#0072B2"\nlabel = "Kid"\n\n[decks.kids.expect]')
    pack.edit("game.toml", "[claims]", DECKS)
    pack.write("omens.csv", "name,count,text\nStorm,2,Everyone discards a card.\nSun,2,Draw two cards.\n"
                            "Moon,1,Look at a hand.\n")
    pack.write("tips.csv", "name,count\nAce,6\nBolt,6\nCrown,6\nDrum,2\n")

    def get(paper: str, backs: str):
        if (paper, backs) not in made:
            out = root / f"out-{paper}-{backs}"
            # Cards touching (no gutter): the cut lines below are those of plain sheets.
            result = CliRunner().invoke(cli, ["build", str(pack.path), "--out", str(out), "--paper", paper,
                                              "--backs", backs, "--png", "--dpi", "100", "--gutter", "0"])
            assert result.exit_code == 0, result.output
            made[(paper, backs)] = (out / "mini", pdfplumber.open(out / "mini" / "cards.pdf"))
        return made[(paper, backs)]

    yield get
    for _, plumber in made.values():
        plumber.close()


def turn(char) -> int | None:
    """How far a glyph is turned counter-clockwise: 0, 90, 180, 270, or None if skewed."""
    a, b, c, d = char["matrix"][:4]
    for angle, (ea, eb, ec, ed) in ((0, (1, 0, 0, 1)), (90, (0, 1, -1, 0)), (180, (-1, 0, 0, -1)),
                                    (270, (0, -1, 1, 0))):
        scale = max(abs(a), abs(b))
        if all(abs(v / scale - e) < 1e-3 for v, e in zip((a, b, c, d), (ea, eb, ec, ed))):
            return angle
    return None


def size(char) -> float:
    """The glyph's font size in points. pdfplumber's ``size`` is the height of the glyph's box,
    which for text turned a quarter turn is the box's width instead."""
    return char["size"] if char["upright"] else char["x1"] - char["x0"]


def chars_in(page, rect) -> list:
    """Glyphs whose centre lies in ``rect`` (mm from the bottom left)."""
    h = float(page.height)
    found = []
    for ch in page.chars:
        x = (ch["x0"] + ch["x1"]) / 2 / PT_PER_MM
        y = (h - (ch["top"] + ch["bottom"]) / 2) / PT_PER_MM
        if rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]:
            found.append((x, y, ch))
    return found


def reading(found, angle: int) -> str:
    """The glyphs in the order someone holding the card the right way up reads them (one line)."""
    order = {0: lambda p: (-round(p[1]), p[0]), 90: lambda p: p[1], 180: lambda p: (round(p[1]), -p[0]),
             270: lambda p: -p[1]}[angle]
    return "".join(p[2]["text"] for p in sorted(found, key=order))


def behind(paper: str, backs: str, rect):
    w, h = PAPER_MM[paper]
    x0, y0, x1, y1 = rect
    return (w - x1, y0, w - x0, y1) if backs == "long-edge" else (x0, h - y1, x1, h - y0)


def marks(page) -> tuple[set[float], set[float]]:
    """x of every vertical hairline and y of every horizontal one, in mm rounded to 0.01."""
    h = float(page.height)
    xs, ys = set(), set()
    for ln in page.lines:
        if abs(float(ln.get("linewidth") or 0) - 0.25) > 0.01:
            continue
        if abs(ln["x1"] - ln["x0"]) < 0.01:
            xs.add(round(ln["x0"] / PT_PER_MM, 2))
        elif abs(ln["top"] - ln["bottom"]) < 0.01:
            ys.add(round((h - ln["top"]) / PT_PER_MM, 2))
    return xs, ys


@pytest.mark.parametrize("paper, backs", BUILDS)
def test_every_page_is_the_paper_size_in_points(built, paper, backs):
    folder, _ = built(paper, backs)
    reader = PdfReader(folder / "cards.pdf")
    assert len(reader.pages) == 2 + 2 * len(SHEETS)
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(PAPER_PT[paper], abs=0.01)


@pytest.mark.parametrize("paper, backs", BUILDS)
def test_each_deck_fills_its_own_grid(built, paper, backs):
    """Each card's name sits in its slot of its deck's grid, turned as the grid says; nothing else."""
    _, plumber = built(paper, backs)
    for n, sheet in enumerate(SHEETS):
        page = plumber.pages[front_index(n)]
        angle = 90 if sheet.grid.turned else 0
        for slot, name in enumerate(sheet.cards):
            found = chars_in(page, sheet.grid.slot(paper, slot))
            names = [p for p in found if size(p[2]) > 10]  # the name, not the rule text or subtitle
            assert {turn(p[2]) for p in names} == {angle}, f"{sheet.deck} slot {slot}"
            assert name.replace(" ", "") in reading(names, angle).replace(" ", ""), f"{sheet.deck} slot {slot}"
        for slot in range(len(sheet.cards), sheet.grid.per_sheet):
            assert not chars_in(page, sheet.grid.slot(paper, slot)), f"{sheet.deck}: slot {slot} should be empty"


@pytest.mark.parametrize("paper, backs", BUILDS)
def test_crop_marks_are_the_cut_lines_of_the_cards_on_the_sheet(built, paper, backs):
    _, plumber = built(paper, backs)
    for n, sheet in enumerate(SHEETS):
        xs, ys = sheet.grid.cuts(paper, len(sheet.cards))
        found_x, found_y = marks(plumber.pages[front_index(n)])
        assert sorted(found_x) == pytest.approx(xs, abs=0.01), f"{sheet.deck} sheet {n}"
        assert sorted(found_y) == pytest.approx(ys, abs=0.01), f"{sheet.deck} sheet {n}"


@pytest.mark.parametrize("paper, backs", BUILDS)
def test_backs_are_behind_their_fronts_turned_so_their_tops_match(built, paper, backs):
    """Upright fronts: backs at 0 (long edge) or 180 (short edge). Fronts turned 90: 270 or 90."""
    _, plumber = built(paper, backs)
    for n, sheet in enumerate(SHEETS):
        if sheet.label is None:
            continue
        page = plumber.pages[front_index(n) + 1]
        front_turn = 90 if sheet.grid.turned else 0
        want = {("long-edge", 0): 0, ("short-edge", 0): 180, ("long-edge", 90): 270,
                ("short-edge", 90): 90}[(backs, front_turn)]
        for slot in range(sheet.grid.per_sheet):
            found = [p for p in chars_in(page, behind(paper, backs, sheet.grid.slot(paper, slot)))
                     if size(p[2]) > 14]  # the deck label, the largest text on a back
            if slot >= len(sheet.cards):
                assert not found, f"{sheet.deck}: a back behind empty slot {slot}"
                continue
            assert {turn(p[2]) for p in found} == {want}, f"{sheet.deck} slot {slot}"
            assert reading(found, want) == sheet.label


def test_pngs_are_each_card_at_its_own_size(built):
    folder, _ = built("letter", "short-edge")
    for deck, (w, h) in (("kids", (63.5, 88.9)), ("omens", (69.85, 120.65)), ("tips", (44.45, 63.5))):
        files = sorted((folder / "png" / deck).glob("*.png"))
        assert files and (folder / "png" / deck / "back.png") in files
        for file in files:
            with Image.open(file) as image:  # trim plus 3 mm bleed each side, at 100 dpi
                assert image.size == (round((w + 6) / 25.4 * 100), round((h + 6) / 25.4 * 100)), file.name
