"""`printkit new --from` on real card lists: each scaffolded pack checks clean, builds, and its
cards.pdf shows every value of every row.

The lists are the bundled games' own (read from cards/, not copied) and the
invented ones in tests/scaffold_csvs/: creatures with long rules text,
`{coin}` icons, flavour lines and picture paths (the pictures are drawn here);
spells with long texts; ships, a semicolon-separated UTF-8-with-BOM export
heavy with numbers; heroes with fifteen columns; potions with three rows.

Each PDF is read back with pdfplumber. A card's words are those inside its
frame (an outline nearly the card's size); a row is shown when some card's
words hold each of its values, word for word and in order, and a row with
copies is shown that many times. Expected words come from the CSV cells as
a spreadsheet holds them, reduced to letters and digits (so `**bold**`
markup and `{coin}` icons, which print as styling and symbols, drop out).
"""
from __future__ import annotations

import csv
import re
import shutil
import sys
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw

from printkit.commands.cli import cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
LISTS = REPO / "tests" / "scaffold_csvs"
PT_PER_MM = 72 / 25.4
CARD_MM = {"poker": (63.5, 88.9), "tarot": (69.85, 120.65)}  # by hand, from the usual trade sizes
ICON = re.compile(r"(?<!\\)\{[A-Za-z0-9_-]+\}")

# pack id -> (card list, --title or None)
CASES = {
    "tides": (LISTS / "creatures.csv", "Tides of Ægir"),
    "spells": (LISTS / "spells.csv", None),
    "ships": (LISTS / "ships.csv", None),
    "heroes": (LISTS / "heroes.csv", None),
    "potions": (LISTS / "potions.csv", None),
    "gags": (REPO / "cards" / "gag-grab" / "gags.csv", None),
    "kids": (REPO / "cards" / "gag-grab" / "kids.csv", None),
    "actions": (REPO / "cards" / "many-faces" / "actions.csv", None),
    "personalities": (REPO / "cards" / "many-faces" / "personalities.csv", None),
}
COPIES_HEADERS = ("count", "copies", "qty", "quantity")


def read_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    text = path.read_text(encoding="utf-8-sig")
    dialect = ";" if text.splitlines()[0].count(";") > text.splitlines()[0].count(",") else ","
    rows = list(csv.DictReader(text.splitlines(), delimiter=dialect))
    return list(rows[0]), rows


def draw_pictures(folder: Path, rows: list[dict[str, str]], column: str) -> int:
    """A 720 × 480 picture (300 dpi across a poker card's window) for each path the list names."""
    made = 0
    for i, row in enumerate(rows):
        if row[column]:
            path = folder / row[column]
            path.parent.mkdir(parents=True, exist_ok=True)
            image = Image.new("RGB", (720, 480), (40 + 5 * i, 120, 200 - 4 * i))
            ImageDraw.Draw(image).ellipse((200, 80, 520, 400), fill=(240, 200, 60))
            image.save(path)
            made += 1
    return made


def words_of(text: str) -> list[str]:
    """The letters-and-digits words of a cell as a card prints it: icons and markup left out."""
    return re.findall(r"[^\W_]+", ICON.sub(" ", text))


def holds(tokens: list[str], wanted: list[str]) -> bool:
    """``wanted`` appears in ``tokens`` as an unbroken run."""
    n = len(wanted)
    return any(tokens[i:i + n] == wanted for i in range(len(tokens) - n + 1))


def card_faces(pdf_path: Path, card_mm: tuple[float, float]) -> list[tuple[list[str], int]]:
    """(words in reading order, pictures) for every card front: the fronts pages' card outlines."""
    w, h = (v * PT_PER_MM for v in card_mm)
    faces = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            if not any(word["text"] == "fronts" for word in words):
                continue  # the print guide, the checklist and the backs
            outlines = [o for o in page.curves + page.rects
                        if w - 8 * PT_PER_MM < o["width"] < w and h - 8 * PT_PER_MM < o["height"] < h]
            for o in outlines:
                inside = [wd for wd in words if o["x0"] < (wd["x0"] + wd["x1"]) / 2 < o["x1"]
                          and o["top"] < (wd["top"] + wd["bottom"]) / 2 < o["bottom"]]
                pictures = [im for im in page.images if o["x0"] < (im["x0"] + im["x1"]) / 2 < o["x1"]
                            and o["top"] < (im["top"] + im["bottom"]) / 2 < o["bottom"]]
                faces.append(([t for wd in inside for t in words_of(wd["text"])], len(pictures)))
    return faces


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Scaffold, check and build each list once; pack id -> (outputs, the list's rows)."""
    done: dict[str, dict] = {}

    def make(pack: str) -> dict:
        if pack in done:
            return done[pack]
        source, title = CASES[pack]
        work = tmp_path_factory.mktemp(pack)
        listed = work / "lists" / source.name
        listed.parent.mkdir()
        shutil.copyfile(source, listed)
        headers, rows = read_rows(source)
        pictures = draw_pictures(listed.parent, rows, "Picture") if "Picture" in headers else 0
        runner = CliRunner()
        args = ["new", str(work / pack), "--from", str(listed)] + (["--title", title] if title else [])
        made = runner.invoke(cli, args, catch_exceptions=False)
        checked = runner.invoke(cli, ["check", str(work / pack)], catch_exceptions=False)
        built_ = runner.invoke(cli, ["build", str(work / pack), "--out", str(work / "out")], catch_exceptions=False)
        manifest = tomllib.loads((work / pack / "game.toml").read_text(encoding="utf-8"))
        done[pack] = {"made": made, "checked": checked, "built": built_, "rows": rows, "headers": headers,
                      "root": work / pack, "pdf": work / "out" / pack / "cards.pdf", "pictures": pictures,
                      "manifest": manifest}
        return done[pack]
    return make


@pytest.mark.parametrize("pack", CASES)
def test_the_scaffold_checks_with_no_errors_or_warnings(built, pack):
    result = built(pack)
    assert result["made"].exit_code == 0, result["made"].output
    assert result["checked"].exit_code == 0, result["checked"].output
    assert result["checked"].output.rstrip().endswith("0 errors, 0 warnings"), result["checked"].output
    assert result["built"].exit_code == 0, result["built"].output


@pytest.mark.parametrize("pack", CASES)
def test_every_value_of_every_row_is_on_a_card(built, pack):
    result = built(pack)
    assert result["built"].exit_code == 0, result["built"].output
    size = result["manifest"].get("card", {}).get("size", "poker")
    faces = card_faces(result["pdf"], CARD_MM[size])
    copies = next((h for h in result["headers"] if h.lower() in COPIES_HEADERS), None)
    picture = "Picture" if "Picture" in result["headers"] else None
    printed = [h for h in result["headers"] if h not in (copies, picture)]
    assert len(faces) == sum(int(r[copies]) if copies else 1 for r in result["rows"])
    for row in result["rows"]:
        wanted = [words_of(row[h]) for h in printed if words_of(row[h])]
        showing = [pictures for tokens, pictures in faces if all(holds(tokens, w) for w in wanted)]
        assert len(showing) == (int(row[copies]) if copies else 1), (row, wanted)
        if picture:  # a picture on the card exactly when the row names one
            assert all(n == (1 if row[picture] else 0) for n in showing), row


def test_the_creature_pictures_are_copied_into_the_pack(built):
    result = built("tides")
    assert result["pictures"] == 30
    copied = sorted(p.relative_to(result["root"]).as_posix() for p in (result["root"] / "art").iterdir())
    assert copied == sorted(r["Picture"] for r in result["rows"] if r["Picture"])
    assert "note: copied 30 pictures" in result["made"].output


def test_the_title_keeps_its_case_and_letters(built):
    """The title heads the print guide and sits under the deck's name on every back."""
    result = built("tides")
    assert result["manifest"]["game"]["title"] == "Tides of Ægir"
    assert result["manifest"]["decks"]["cards"]["back"]["label"] == "Creatures"
    with pdfplumber.open(result["pdf"]) as pdf:
        assert "Tides of Ægir" in pdf.pages[0].extract_text()
        sheets = [p.extract_text() for p in pdf.pages[2:]]  # after the two pages of the print guide
    backs = [text for text in sheets if "· fronts" not in text]
    assert len(backs) == 5 and sum(text.count("Tides of Ægir") for text in backs) == 40  # one per card


def test_the_coin_is_declared_as_an_icon(built):
    result = built("tides")
    assert result["manifest"]["icons"] == {"coin": {"symbol": "disc", "colour": "#E69F00"}}
    assert "{coin}: orange disc" in result["made"].output
    spells = built("spells")
    assert set(spells["manifest"]["icons"]) == {"coin", "star"}


@pytest.mark.parametrize("pack, types", [
    ("tides", {"cost": "number", "power": "number", "kind": "choice", "rules": "text", "flavour": "text",
               "picture": "image"}),
    ("spells", {"count": "count", "cost": "number", "school": "choice", "text": "text"}),
    ("ships", {"class": "choice", "cargo_capacity": "number", "upkeep": "number", "price": "number",
               "count": "count"}),
    ("heroes", {"rarity": "choice", "ability": "text", "ability_text": "text", "flavour": "text",
                "set_code": "text", "health": "number"}),
    ("potions", {"colour": "text", "effect": "text"}),
])
def test_columns_are_typed_from_their_values(built, pack, types):
    declared = built(pack)["manifest"]["decks"]["cards"]["columns"]
    found = {name: spec if isinstance(spec, str) else spec["type"] for name, spec in declared.items()}
    assert {name: found[name] for name in types} == types


def test_every_text_box_is_at_least_six_points(built):
    for pack in CASES:
        for element in built(pack)["manifest"]["layouts"]["card"]["elements"]:
            if element["type"] == "text":
                size = element.get("size", [6, 12])
                assert (size[0] if isinstance(size, list) else size) >= 6, (pack, element)


def test_the_read_back_notices_a_column_left_off_the_cards(built, tmp_path):
    """The reading above can fail: with the flavour box taken out of the layout, no card shows a
    creature's flavour line, while its name is still found."""
    result = built("tides")
    pack = tmp_path / "tides"
    shutil.copytree(result["root"], pack)
    manifest = (pack / "game.toml").read_text(encoding="utf-8")
    start = manifest.index('name = "text-flavour"')
    block_start = manifest.rindex("[[layouts.card.elements]]", 0, start)
    block_end = manifest.index("[[layouts.card.elements]]", start)
    (pack / "game.toml").write_text(manifest[:block_start] + manifest[block_end:], encoding="utf-8")
    out = CliRunner().invoke(cli, ["build", str(pack), "--out", str(tmp_path / "out")], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    faces = card_faces(tmp_path / "out" / "tides" / "cards.pdf", CARD_MM["poker"])
    row = next(r for r in result["rows"] if r["Flavour"])
    assert any(holds(tokens, words_of(row["Name"])) for tokens, _ in faces)
    assert not any(holds(tokens, words_of(row["Flavour"])) for tokens, _ in faces)
