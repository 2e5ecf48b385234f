"""Every example in docs/layouts.md is a working pack: checked clean, built, and read back.

An example is a fenced block after ``<!-- example: NAME -->`` (the pack's
game.toml) or ``<!-- example: NAME PATH -->`` (another file of the same
pack, such as its cards.csv or a layout file). Examples that show no CSV of
their own use the ``cards.csv`` of the first example, as the page says.
Pictures an example's CSV names are made here as plain PNGs, and font files
it names are copied from printkit's bundled fonts.
"""
from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from printkit.checks import check_pack
from printkit.commands.cli import cli
from printkit.core.fonts import fonts_dir

DOC = Path(__file__).resolve().parents[1] / "docs" / "layouts.md"
MARK = re.compile(r"<!-- example: ([\w-]+)(?: ([\w./-]+))? -->")
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)


def examples() -> dict[str, dict[str, str]]:
    """Example name -> {path in the pack: file text}, in the order the page gives them."""
    text = DOC.read_text(encoding="utf-8")
    found: dict[str, dict[str, str]] = {}
    for mark in MARK.finditer(text):
        fence = FENCE.search(text, mark.end())
        assert fence is not None and text[mark.end():fence.start()].strip() == "", f"no block after {mark.group(0)}"
        found.setdefault(mark.group(1), {})[mark.group(2) or "game.toml"] = fence.group(2)
    return found


EXAMPLES = examples()
SHARED_CSV = EXAMPLES["minimal"]["cards.csv"]

# What each example's fronts must show besides every card's name, as (text, times on the fronts).
# The shared cards.csv has Barn Owl ×2 (cost 1, bird), Red Fox ×2 (cost 3, beast) and Old Badger ×1
# (cost 0, beast).
EXPECT: dict[str, list[tuple[str, int]]] = {
    "boxes": [("1", 2), ("3", 2), ("0", 1)],
    "anchors": [("bird", 2), ("beast", 3), ("Swoop:", 2), ("Nothing moves the badger.", 1)],
    "text": [("BIRD OF THE NIGHT", 2), ("BEAST OF THE WOOD", 3), ("Price: 1", 2), ("Price: 0", 1)],
    "shapes": [("1", 2), ("3", 2)],
    "tokens": [("BI", 2), ("BE", 3)],
    "index": [("1", 4), ("3", 4), ("0", 2)],  # mirrored: each value twice a card
    "conditions": [("Free!", 1), ("Hunts at night", 2), ("Costs 3", 2), ("Costs 0", 0)],
    "styles": [("KIND: BIRD", 2), ("KIND: BEAST", 3), ("BIRD", 4)],  # the style "small" sets upper
    "bundled": [("BIRD", 2), ("Swoop:", 2)],
    "extends-text": [("Costs 3", 2), ("BEAST", 3)],
    "extends-plain": [("Swoop:", 2)],
    "extends-claim": [("POINTS", 5), ("BEAST", 3)],
    "files": [("Cost: 3", 2), ("Cost: 0", 1)],
    "numbers": [("X", 1), ("0", 1), ("3", 2)],
}


def make_pack(name: str, root: Path) -> Path:
    pack = root / name
    files = dict(EXAMPLES[name])
    game = files["game.toml"]
    for deck_file in set(re.findall(r'^file = "([^"]+\.csv)"', game, re.MULTILINE)):
        files.setdefault(deck_file, SHARED_CSV)
    for path, text in files.items():
        (pack / path).parent.mkdir(parents=True, exist_ok=True)
        (pack / path).write_text(text, encoding="utf-8")
    for path, text in files.items():
        if path.endswith(".csv"):
            for row in csv.DictReader(io.StringIO(text)):
                if row.get("art"):
                    (pack / row["art"]).parent.mkdir(parents=True, exist_ok=True)
                    Image.new("RGB", (700, 700), "#88AACC").save(pack / row["art"])
    for font in re.findall(r'"fonts/([\w.-]+\.ttf)"', game):
        (pack / "fonts").mkdir(exist_ok=True)
        shutil.copy(fonts_dir() / font, pack / "fonts" / font)
    return pack


def cards_of(pack: Path) -> list[dict]:
    """Every card the pack's decks print, once per copy."""
    game = (pack / "game.toml").read_text(encoding="utf-8")
    out = []
    for deck_file in re.findall(r'^file = "([^"]+\.csv)"', game, re.MULTILINE):
        rows = csv.DictReader(io.StringIO((pack / deck_file).read_text(encoding="utf-8")))
        out += [row for row in rows for _ in range(int(row["count"]))]
    return out


def front_text(pdf) -> list[str]:
    """The text of each fronts sheet, words joined by single spaces."""
    pages = []
    for page in pdf.pages:
        if "· fronts" in "".join(c["text"] for c in page.chars):
            words = " ".join(w["text"] for w in page.extract_words())
            pages.append(re.sub(r"· sheet \d+ of \d+ · fronts", "", words))  # the footer's numbers are not the cards'

    return pages


def test_the_page_has_examples_and_every_toml_block_is_one():
    text = DOC.read_text(encoding="utf-8")
    tagged = sum(1 for files in EXAMPLES.values() for path in files if not path.endswith(".csv"))
    assert tagged == len(re.findall(r"^```toml$", text, re.MULTILINE))
    assert len(EXAMPLES) >= 15
    assert set(EXPECT) <= set(EXAMPLES)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_example_checks_clean_and_builds(name, tmp_path):
    pack = make_pack(name, tmp_path)
    report = check_pack(pack)
    # No errors, no print or art warnings, and no face key the layout leaves unused (N603). Notices
    # that a shared column goes unused in a small example (N602) are fine.
    problems = [f"{f.code} {f.message}" for f in report.findings
                if f.is_error or f.code.startswith(("T", "A")) or f.code == "N603"]
    assert problems == []
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / name / "cards.pdf") as pdf:
        pages = front_text(pdf)
        cards = cards_of(pack)
        assert pages, "no fronts"
        joined = " | ".join(pages)
        for card in {c["name"] for c in cards}:
            want = sum(1 for c in cards if c["name"] == card)
            # A name may break over two lines; its words then still appear in order.
            assert joined.count(card) + sum(p.count(card.split()[-1]) for p in pages) >= want, card
        for text, times in EXPECT.get(name, []):
            assert _count(joined, text) == times, (text, _count(joined, text), times)
        if name == "sizes":
            # The big deck is tarot size, on sheets of its own: 4 a sheet (2 × 2 on A4), so its 5 cards
            # take two, after the poker deck's one sheet of 9.
            chars = "".join(c["text"] for p in pdf.pages for c in p.chars)
            assert len(pages) == 3 and "Big cards · sheet 2 of 2 · fronts" in chars
            assert "Cards · sheet 1 of 1 · fronts" in chars
        if name == "fonts":
            # The title is set in the pack family's italic file (a copy of the bundled italic, under its own
            # name and part of its hash: the bundled faces embed with an open zero as ...-OpenZero), not in
            # the display font.
            fronts = [p for p in pdf.pages if "· fronts" in "".join(c["text"] for c in p.chars)]
            fonts = {w["fontname"].split("+")[-1] for p in fronts
                     for w in p.extract_words(extra_attrs=["fontname"]) if w["text"] in ("Barn", "Owl", "Badger")}
            assert fonts and all(re.fullmatch(r"AtkinsonHyperlegible-Italic-[0-9a-f]{10}", f) for f in fonts), fonts


def _count(text: str, phrase: str) -> int:
    """How often ``phrase`` appears as whole words."""
    return len(re.findall(r"(?<![\w:])" + re.escape(phrase) + r"(?![\w])", text))
