"""Card tables in the rules print the columns chosen (columns=, or the manifest), pictures left out by default."""
import csv
import io
import shutil

import pdfplumber
import pytest
from conftest import REPO, ScratchPack, at

from printkit.commands.build import BuildOptions, build_pack
from printkit.core.findings import Location
from printkit.model.loader import load_pack
from printkit.rules.content import CardTable, expand
from printkit.model.rules_source import Placeholder

CREATURES = REPO / "tests" / "packs" / "creatures"
ROWS = list(csv.DictReader(open(CREATURES / "creatures.csv", encoding="utf-8")))
SPELLS = list(csv.DictReader(open(CREATURES / "spells.csv", encoding="utf-8")))
KINDS = {"beast": "Beast", "flier": "Flier", "spirit": "Spirit", "legendary": "Legendary"}  # the face's labels


@pytest.fixture
def creatures(tmp_path) -> ScratchPack:
    shutil.copytree(CREATURES, tmp_path / "creatures")
    return ScratchPack(tmp_path / "creatures")


def table(path, *args) -> CardTable:
    pack, _ = load_pack(path)
    made, = expand(Placeholder("cards", args, Location(path / "rules.md"), inline=False), pack)
    return made


def titles(made: CardTable) -> list[str]:
    return [c.title for c in made.columns]


def append(scratch: ScratchPack, name: str, text: str) -> int:
    """Add ``text`` to the end of file ``name``; the line number its first line gets."""
    old = (scratch.path / name).read_text(encoding="utf-8")
    scratch.write(name, old + text)
    return old.count("\n") + 2 if text.startswith("\n") else old.count("\n") + 1


def test_by_default_every_column_but_the_picture_name_first_copies_last():
    made = table(CREATURES, "creatures")
    assert titles(made) == ["Card", "Cost", "Power", "Kind", "Text", "Flavour", "Copies"]
    assert [c.align for c in made.columns] == ["left"] * 6 + ["right"]
    assert list(made.rows) == [(r["name"], r["cost"], r["power"], KINDS[r["kind"]], r["text"], r["flavour"], r["count"])
                               for r in ROWS]


def test_columns_are_printed_as_listed_and_in_that_order():
    made = table(CREATURES, "spells", "columns=text,name,count,cost")
    assert titles(made) == ["Text", "Card", "Copies", "Cost"]
    assert list(made.rows) == [(r["text"], r["name"], r["count"], r["cost"]) for r in SPELLS]
    # A number stands right only at the end, with no text after it to run into.
    assert [c.align for c in made.columns] == ["left", "left", "left", "right"]


def test_a_deck_without_a_count_column_has_no_copies_column(creatures):
    creatures.edit("game.toml", 'count = "count"\ncost = { type = "number", min = 0, placeholders = ["X"] }\ntext',
                   'cost = { type = "number", min = 0, placeholders = ["X"] }\ntext')
    out = io.StringIO()
    writer = csv.DictWriter(out, [k for k in SPELLS[0] if k != "count"], extrasaction="ignore")
    writer.writeheader()
    writer.writerows(SPELLS)
    creatures.write("spells.csv", out.getvalue())
    made = table(creatures.path, "spells")
    assert titles(made) == ["Card", "Cost", "Text", "Flavour"]
    assert [row[0] for row in made.rows] == [r["name"] for r in SPELLS]


def test_the_manifest_chooses_and_the_placeholder_wins(creatures):
    append(creatures, "game.toml", '\n[decks.creatures.rules]\ncolumns = ["name", "power"]\n')
    assert creatures.findings() == []
    assert titles(table(creatures.path, "creatures")) == ["Card", "Power"]
    assert titles(table(creatures.path, "creatures", "columns=kind,name")) == ["Kind", "Card"]
    assert titles(table(creatures.path, "spells")) == ["Card", "Cost", "Text", "Flavour", "Copies"]  # not its deck


@pytest.mark.parametrize("value, bad, message, hint", [
    ("name,cots", 1, "deck 'creatures' has no column 'cots'", "did you mean 'cost'?"),
    ("name,art", 1, "column 'art' holds pictures, which a table would print as file paths",
     "columns it can print: name, count, cost, power, kind, text, flavour"),
    ("name,cost,name", 2, "column 'name' is listed twice", None),
    ("", 0, "the list names no columns", "columns it can print: name, count, cost, power, kind, text, flavour"),
    ("name,,cost", 1, "the list has an empty column name", "separate the names with single commas"),
    ("name,cost,", 2, "the list has an empty column name", "separate the names with single commas"),
])
def test_a_bad_column_list_is_found_at_the_name(creatures, value, bad, message, hint):
    """``bad`` is the index of the name at fault, which the finding points at."""
    creatures.write("rules.md", f"# Rules\n\n{{{{cards creatures columns={value}}}}}\n")
    f = creatures.only("D801")
    assert f.message == f"columns= in {{{{cards}}}}: {message}"
    if hint:
        assert f.hint == hint
    before = "".join(name + "," for name in value.split(",")[:bad])
    assert at(f) == ("rules.md", 3, len("{{cards creatures columns=" + before) + 1)


def test_a_space_in_the_list_is_an_extra_argument(creatures):
    creatures.write("rules.md", "# Rules\n\n{{cards creatures columns=name, cost}}\n")
    f = creatures.only("D801")
    assert f.message == "'cost' is one argument too many for {{cards}}" and "no spaces in the list" in f.hint
    assert at(f) == ("rules.md", 3, len("{{cards creatures columns=name, ") + 1)


def test_the_claimed_decks_table_keeps_its_own_columns(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n{{cards gags columns=name,points}}\n")
    f = gag_grab.only("D801")
    assert f.message == "the table of the claimed deck 'gags' has columns of its own (card, points, requirement, odds)"
    assert at(f) == ("rules.md", 3, len("{{cards gags ") + 1)


@pytest.mark.parametrize("value, code, message", [
    ('["name", "cots"]', "M106", "'decks.creatures.rules.columns': deck 'creatures' has no column 'cots'"),
    ('["name", "art"]', "M104",
     "'decks.creatures.rules.columns': column 'art' holds pictures, which a table would print as file paths"),
    ('["cost", "cost"]', "M104", "'decks.creatures.rules.columns': column 'cost' is listed twice"),
    ("[]", "M104", "'decks.creatures.rules.columns': the list names no columns"),
    ('"name"', "M104", "'decks.creatures.rules.columns' must be a list of text values"),
    ("[1, 2]", "M104", "'decks.creatures.rules.columns' must be a list of text values"),
])
def test_a_bad_manifest_choice_is_found_at_its_key(creatures, value, code, message):
    line = append(creatures, "game.toml", f"\n[decks.creatures.rules]\ncolumns = {value}\n") + 1
    f = creatures.only(code)
    assert f.message == message
    assert at(f) == ("game.toml", line, 1)


def test_an_unknown_key_in_the_deck_rules_table(creatures):
    line = append(creatures, "game.toml", '\n[decks.creatures.rules]\ncolumn = ["name"]\n') + 1
    f = creatures.only("M103")
    assert f.message == "unknown key 'decks.creatures.rules.column'" and f.hint == "did you mean 'columns'?"
    assert at(f) == ("game.toml", line, 1)


def test_the_manifest_cannot_choose_for_the_claimed_deck(gag_grab):
    line = append(gag_grab, "game.toml", '\n[decks.gags.rules]\ncolumns = ["name"]\n') + 1
    f = gag_grab.only("M104")
    assert "deck 'gags' as the claimed deck's table, whose columns are fixed" in f.message
    assert at(f) == ("game.toml", line, 1)


# -- rules.pdf read back --------------------------------------------------------

RULES = """# Rules

## Creatures

{{cards creatures}}

## Spells

{{cards spells columns=name,text,cost}}
"""


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, tmp_path_factory):
    """Each page's words, and its table headings: white words on the blue header rows, a list per row."""
    root = tmp_path_factory.mktemp("columns")
    shutil.copytree(CREATURES, root / "creatures")
    (root / "creatures" / "rules.md").write_text(RULES, encoding="utf-8")
    files = build_pack(root / "creatures", BuildOptions(root / "out", paper=request.param)).files
    words, headings = [], []
    with pdfplumber.open(next(f for f in files if f.name == "rules.pdf")) as pdf:
        for page in pdf.pages:
            found = page.extract_words(extra_attrs=["non_stroking_color"])
            words += [w["text"] for w in found]
            rows: dict[int, list] = {}
            for w in found:
                if tuple(w["non_stroking_color"] or ()) in ((1, 1, 1), (1,)):
                    rows.setdefault(round(w["top"]), []).append(w)
            # Two tables may stand side by side in the page's columns: words are grouped by the
            # header bar (a filled rectangle) they sit on; a table across the page has one bar.
            bars = [r for r in page.rects if r["fill"]]
            for _, row in sorted(rows.items()):
                groups: dict[int, list] = {}
                for w in sorted(row, key=lambda w: w["x0"]):
                    bar = next((n for n, r in enumerate(bars) if r["x0"] - 1 <= w["x0"] and w["x1"] <= r["x1"] + 1
                                and r["top"] - 1 <= w["top"] and w["bottom"] <= r["bottom"] + 1), -1)
                    groups.setdefault(bar, []).append(w["text"])
                headings += list(groups.values())
    return words, headings


def test_the_pdf_prints_the_chosen_headings_in_order(built):
    _, headings = built
    assert ["Card", "Cost", "Power", "Kind", "Text", "Flavour", "Copies"] in headings
    assert ["Card", "Text", "Cost"] in headings
    assert all(row in (["Card", "Cost", "Power", "Kind", "Text", "Flavour", "Copies"], ["Card", "Text", "Cost"])
               for row in headings)


def test_the_pdf_prints_every_card_and_no_picture_path(built):
    words, _ = built
    pictures = {r["art"] for r in ROWS + SPELLS if r["art"]}
    assert pictures and not [w for w in words if any(p in w for p in pictures) or ".png" in w]
    assert all(part in words for r in ROWS + SPELLS for part in r["name"].split())
