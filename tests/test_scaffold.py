"""`printkit new`: the files it writes, the column types it guesses, what it refuses."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.commands.cli import cli
from printkit.scaffold.columns import column_slug, pack_slug
from printkit.geometry.boxes import layout_boxes
from printkit.model.loader import load_pack
from printkit.scaffold.pack import MAX_COLUMNS, ScaffoldError, new_pack

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LONG = "Move two spaces, then take one card from the player on your left."

SPREADSHEET = (
    "Name;Copies;Cost;Kind;Art;Rules Text;Note\r\n"
    f"Fox;2;0;beast;art/fox.png;{LONG};\r\n"
    f"Owl;1;-1;beast;art/owl.JPG;{LONG} Twice.;quiet\r\n"
    f"Storm;3;2;weather;;{LONG} Then discard.;loud\r\n"
    f"Sun;1;1;weather;art/sun.webp;{LONG} Then draw.;\r\n"
)


@pytest.fixture
def run(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)

    def invoke(*args):
        return CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return invoke


def manifest(root: Path) -> dict:
    return tomllib.loads((root / "game.toml").read_text(encoding="utf-8"))


def columns(root: Path) -> dict:
    return manifest(root)["decks"]["cards"]["columns"]


def spreadsheet(tmp_path: Path, text: str = SPREADSHEET, name: str = "Cards Export.csv",
                encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


# --- the plain scaffold ------------------------------------------------------

def test_new_writes_a_pack_and_nothing_else(tmp_path):
    made = new_pack(tmp_path / "my-game")
    root = tmp_path / "my-game"
    assert sorted(p.name for p in root.iterdir()) == ["README.md", "cards.csv", "game.toml", "rules.md"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-game"]  # no temporary files left about
    assert set(made.files) == set(root.iterdir())
    data = manifest(root)
    assert data["game"]["title"] == "My Game"
    assert data["game"]["players"] == {"min": 2, "max": 4}
    assert "notice" not in data["game"]
    deck = data["decks"]["cards"]
    assert deck["file"] == "cards.csv" and deck["face"] == {"layout": "card"}
    assert deck["expect"]["cards"] == 11  # the example's copies
    assert data["rules"] == {"file": "rules.md"}
    rows = (root / "cards.csv").read_text(encoding="utf-8").splitlines()
    assert 5 <= len(rows) - 1 <= 7


def test_the_example_columns_are_typed_like_any_other_file(tmp_path):
    new_pack(tmp_path / "g")
    assert columns(tmp_path / "g") == {
        "name": "text", "count": "count", "cost": "number",
        "kind": {"type": "choice", "values": ["tool", "event", "treasure"]}, "text": "text"}


def test_rules_use_placeholders_the_rules_reader_knows(tmp_path):
    new_pack(tmp_path / "g")
    rules = (tmp_path / "g" / "rules.md").read_text(encoding="utf-8")
    assert "{{title}}" in rules and "{{players}}" in rules and "{{count cards}}" in rules


def test_layout_shows_every_column_within_the_safe_zone(tmp_path):
    new_pack(tmp_path / "g", spreadsheet(tmp_path))
    data = manifest(tmp_path / "g")
    layout = data["layouts"][data["decks"]["cards"]["face"]["layout"]]
    elements = layout["elements"]
    shown = " ".join(e.get("text", "") + " {" + e.get("column", "") + "}" for e in elements)
    for column in columns(tmp_path / "g"):
        if column != "count":  # the copies column says how many cards; it is not printed
            assert f"{{{column}}}" in shown, column
    names = [e["name"] for e in elements if "name" in e]
    assert len(names) == len(set(names))
    # Where the anchors put each box, resolved by the pack reader: inside the 4 mm safe zone
    # (all but the frame), and no two text boxes overlap.
    pack, findings = load_pack(tmp_path / "g")
    assert pack is not None and not [f for f in findings if f.is_error]
    loaded = pack.manifest.layouts["card"].elements
    boxes = layout_boxes(loaded, 63.5, 88.9, 4.0)
    for element, box in zip(loaded, boxes):
        if element.name == "frame":
            assert element.get("bleed")
            continue
        assert box.x >= 4 - 1e-6 and box.right <= 63.5 - 4 + 1e-6, (element.name, box)
        assert box.y >= 4 - 1e-6 and box.top <= 88.9 - 4 + 1e-6, (element.name, box)
    texts = [(e.name, b) for e, b in zip(loaded, boxes) if e.type == "text"]
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            apart = (box_a.right <= box_b.x + 1e-6 or box_b.right <= box_a.x + 1e-6
                     or box_a.top <= box_b.y + 1e-6 or box_b.top <= box_a.y + 1e-6)
            assert apart, (a, box_a, b, box_b)


def test_the_same_input_makes_the_same_bytes(tmp_path):
    source = spreadsheet(tmp_path)
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        new_pack(tmp_path / folder / "g", source)
    for name in ("game.toml", "cards-export.csv", "rules.md", "README.md"):
        assert (tmp_path / "one" / "g" / name).read_bytes() == (tmp_path / "two" / "g" / name).read_bytes()


# --- refusals ----------------------------------------------------------------

def test_refuses_a_folder_that_is_not_empty(run, tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run("new", "taken")
    assert result.exit_code == 2
    assert "'taken' already exists and is not empty" in result.output
    assert sorted(p.name for p in (tmp_path / "taken").iterdir()) == ["notes.txt"]


def test_an_empty_folder_is_fine(run, tmp_path):
    (tmp_path / "empty").mkdir()
    assert run("new", "empty").exit_code == 0
    assert (tmp_path / "empty" / "game.toml").is_file()


@pytest.mark.parametrize("name, suggestion", [
    ("My Game", "my-game"), ("Über_Spiel!", "uber-spiel"), ("-dash", "dash"), ("x" * 41, "x" * 40)])
def test_refuses_an_unusable_pack_id_and_suggests_one(run, name, suggestion):
    result = run("new", "--", name)
    assert result.exit_code == 2
    assert "cannot be a pack id" in result.output and f"try '{suggestion}'" in result.output
    assert "Traceback" not in result.output


def test_refuses_a_missing_parent_folder_rather_than_create_it(run, tmp_path):
    result = run("new", "nowhere/my-game")
    assert result.exit_code == 2 and "does not exist" in result.output
    assert not (tmp_path / "nowhere").exists()


def test_refuses_a_file_without_a_name_column_naming_its_headers(run, tmp_path):
    spreadsheet(tmp_path, "Card Title,Cost\nFox,1\n", name="list.csv")
    result = run("new", "g", "--from", "list.csv")
    assert result.exit_code == 2
    assert "needs a 'name' column" in result.output and "'Card Title', 'Cost'" in result.output
    assert "rename 'Card Title' to 'name'" in result.output
    assert not (tmp_path / "g").exists()


def test_refuses_a_file_over_10_mb(tmp_path):
    big = tmp_path / "big.csv"
    with big.open("wb") as f:
        f.truncate(10 * 1024 * 1024 + 1)  # sparse: no need to write 10 MB
    with pytest.raises(ScaffoldError, match="at most 10 MB"):
        new_pack(tmp_path / "g", big)
    assert not (tmp_path / "g").exists()


def test_refuses_more_than_200_columns(tmp_path):
    header = ",".join(["name"] + [f"c{i}" for i in range(MAX_COLUMNS)])
    wide = spreadsheet(tmp_path, header + "\n" + ",".join(["A"] * (MAX_COLUMNS + 1)) + "\n", name="wide.csv")
    # The CSV reader stops at the first row over the limit, naming the file and line.
    with pytest.raises(ScaffoldError, match=r"wide.csv:1: this row has more than 200 fields"):
        new_pack(tmp_path / "g", wide)


def test_exactly_200_columns_is_allowed(tmp_path):
    header = ",".join(["name"] + [f"c{i}" for i in range(MAX_COLUMNS - 1)])
    wide = spreadsheet(tmp_path, header + "\n" + ",".join(["A"] * MAX_COLUMNS) + "\n", name="wide.csv")
    new_pack(tmp_path / "g", wide)
    assert len(columns(tmp_path / "g")) == MAX_COLUMNS


def test_refuses_a_broken_csv_with_its_line(run, tmp_path):
    spreadsheet(tmp_path, 'name,text\nFox,"never closed\n', name="broken.csv")
    result = run("new", "g", "--from", "broken.csv")
    assert result.exit_code == 2 and "broken.csv:2" in result.output and "never closed" in result.output


def test_a_missing_source_file_is_a_usage_error(run):
    result = run("new", "g", "--from", "nope.csv")
    assert result.exit_code == 2 and "nope.csv" in result.output


# --- --from: guessing the columns ---------------------------------------------

def test_from_infers_each_column_type(tmp_path):
    made = new_pack(tmp_path / "g", spreadsheet(tmp_path))
    assert columns(tmp_path / "g") == {
        "name": "text",
        "count": "count",                                           # header 'Copies'
        "cost": "number",                                           # 0 and -1
        "kind": {"type": "choice", "values": ["beast", "weather"]},  # each value repeated
        "art": {"type": "image", "blank": True},                    # picture paths, one empty
        "rules_text": "text",                                       # long text
        "note": {"type": "text", "blank": True},                    # two values, neither repeated
    }
    assert manifest(tmp_path / "g")["decks"]["cards"]["expect"]["cards"] == 7
    assert any("'Copies' -> 'count'" in note for note in made.notes)
    assert any("pictures" in note for note in made.notes)


def test_the_copy_keeps_rows_and_renames_only_headers(tmp_path):
    new_pack(tmp_path / "g", spreadsheet(tmp_path))
    copy = tmp_path / "g" / "cards-export.csv"  # the file's own name, slugged
    lines = copy.read_bytes().decode("utf-8").split("\r\n")
    assert lines[0] == "Name;count;Cost;Kind;Art;rules_text;Note"  # 'Name', 'Cost' match as they are
    assert lines[1] == f"Fox;2;0;beast;art/fox.png;{LONG};"


def test_a_file_that_needs_no_renaming_is_copied_byte_for_byte(tmp_path):
    text = "\ufeffname,points\r\nFox,1\r\nOwl,2\r\n"
    source = spreadsheet(tmp_path, text, name="cards.csv")
    new_pack(tmp_path / "g", source)
    assert (tmp_path / "g" / "cards.csv").read_bytes() == source.read_bytes()


def test_windows_1252_is_saved_as_utf8_with_a_note(tmp_path):
    source = spreadsheet(tmp_path, "name\tcopies\nCafé\t2\nNoël\t1\n", name="list.csv", encoding="cp1252")
    made = new_pack(tmp_path / "g", source)
    assert (tmp_path / "g" / "list.csv").read_text(encoding="utf-8") == "name\tcount\nCafé\t2\nNoël\t1\n"
    assert any("Windows-1252" in note for note in made.notes)


def test_copies_header_with_zero_is_not_the_copies_column(tmp_path):
    source = spreadsheet(tmp_path, "name,qty\nA,0\nB,2\n", name="c.csv")
    new_pack(tmp_path / "g", source)
    assert columns(tmp_path / "g") == {"name": "text", "qty": "number"}


def test_a_choice_needs_every_value_repeated_and_few_of_them(tmp_path):
    rows = "\n".join(f"card{i},{'ab'[i % 2]},{i % 9},v{i % 9}" for i in range(18))
    new_pack(tmp_path / "g", spreadsheet(tmp_path, "name,side,digit,nine\n" + rows + "\n", name="c.csv"))
    found = columns(tmp_path / "g")
    assert found["side"] == {"type": "choice", "values": ["a", "b"]}
    assert found["digit"] == "number"  # numbers before choices
    assert found["nine"] == "text"  # nine distinct values: too many for a choice


def test_a_number_column_may_hold_a_stand_in_such_as_x(tmp_path):
    rows = "A,1,1,one\nB,X,2,two\nC,3,\u22123,three\nD,X,99999999999,four\n"
    new_pack(tmp_path / "g", spreadsheet(tmp_path, "name,cost,power,word\n" + rows, name="c.csv"))
    found = columns(tmp_path / "g")
    assert found["cost"] == {"type": "number", "placeholders": ["X"]}
    assert found["power"] == "text"  # a number too big for a number column
    assert found["word"] == "text"


def test_headers_become_column_names_and_stay_unique(tmp_path):
    new_pack(tmp_path / "g", spreadsheet(tmp_path, "NAME,Flavor Text,flavor text,2nd,\nA,x,y,z,w\n",
                                         name="c.csv"))
    assert list(columns(tmp_path / "g")) == ["name", "flavor_text", "flavor_text_2", "c_2nd", "column_5"]


@pytest.mark.parametrize("header, slug", [("Card Type", "card_type"), ("Coût", "cout"), ("  ", ""),
                                          ("9 lives", "c_9_lives")])
def test_column_slug(header, slug):
    assert column_slug(header) == slug


def test_pack_slug():
    assert pack_slug("My Cool Game (v2)") == "my-cool-game-v2"


def test_cli_new_prints_what_it_wrote(run, tmp_path):
    spreadsheet(tmp_path)
    result = run("new", "deck", "--from", "Cards Export.csv")
    assert result.exit_code == 0, result.output
    assert "wrote deck/game.toml" in result.output and "wrote deck/cards-export.csv" in result.output
    assert "note: renamed columns" in result.output
    assert result.output.rstrip().endswith("next: printkit check deck")


def test_cli_new_has_help_with_examples(run):
    result = run("new", "--help")
    assert result.exit_code == 0 and "Examples" in result.output and "--from" in result.output


# --- end to end: waits for the layout engine ---------------------------------

def test_a_new_pack_checks_clean_and_builds(run, tmp_path):
    assert run("new", "fresh").exit_code == 0
    checked = run("check", "fresh")
    assert checked.exit_code == 0, checked.output
    assert "0 errors" in checked.output
    built = run("build", "fresh", "--out", "out")
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out" / "fresh" / "cards.pdf").stat().st_size > 0
