"""`printkit new --from`: a card sized to its data. Texts that do not fit a poker card make tarot
cards; texts no card can hold are left for check to name; the smallest type stays legible."""
from __future__ import annotations

import csv
import sys
from pathlib import Path

from click.testing import CliRunner

from printkit.commands.cli import cli
from printkit.scaffold.pack import new_pack

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

SENTENCE = ("At the start of each round, every player reveals the top card of their deck, and whoever shows "
            "the highest cost gains {coin} for each card revealed. ")


def write_list(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    return path


def check(pack: Path) -> str:
    return CliRunner().invoke(cli, ["check", str(pack)], catch_exceptions=False).output


def manifest(pack: Path) -> dict:
    return tomllib.loads((pack / "game.toml").read_text(encoding="utf-8"))


def text_sizes(data: dict) -> list:
    return [e["size"] for e in data["layouts"]["card"]["elements"] if e["type"] == "text" and "size" in e]


def test_texts_too_long_for_a_poker_card_make_tarot_cards(tmp_path):
    rows = [["name", "cost", "text"]] + [[f"Epic {i}", str(i), SENTENCE * 12] for i in range(4)]
    made = new_pack(tmp_path / "epic", write_list(tmp_path / "epic.csv", rows))
    data = manifest(tmp_path / "epic")
    assert data["card"] == {"size": "tarot"}
    assert any(n.startswith("the cards are tarot size (69.85 × 120.65 mm)") for n in made.notes)
    assert "0 errors, 0 warnings" in check(tmp_path / "epic")


def test_texts_that_fit_stay_on_poker_cards_at_one_size(tmp_path):
    rows = [["name", "text"]] + [[f"Card {i}", SENTENCE * (1 + i % 3)] for i in range(6)]
    made = new_pack(tmp_path / "g", write_list(tmp_path / "g.csv", rows))
    data = manifest(tmp_path / "g")
    assert "card" not in data
    body = next(e for e in data["layouts"]["card"]["elements"] if e.get("name") == "text-text")
    low, high = body["size"]
    assert low == 6.5 and 6.5 <= high <= 9.5
    assert any(f"its text prints at {high:g} pt on every card" in n for n in made.notes)
    assert "0 errors, 0 warnings" in check(tmp_path / "g")


def test_a_text_no_card_can_hold_is_left_for_check_to_name(tmp_path):
    rows = [["name", "text"], ["Huge", "word " * 1500], ["Small", "short"]]
    made = new_pack(tmp_path / "g", write_list(tmp_path / "g.csv", rows))
    assert any("more text than one card can show at 6 pt" in n for n in made.notes)
    output = check(tmp_path / "g")
    errors = [line for line in output.splitlines() if " error " in line]
    assert len(errors) == 1 and "T700" in errors[0] and "g.csv:2:" in errors[0], output  # the long text only


def test_two_hundred_columns_still_make_a_pack_that_reads(tmp_path):
    header = ["name"] + [f"field {i}" for i in range(199)]
    rows = [header] + [[f"Row {r}"] + [f"v{r}-{i}" for i in range(199)] for r in range(3)]
    new_pack(tmp_path / "g", write_list(tmp_path / "g.csv", rows))
    output = check(tmp_path / "g")
    codes = {line.split()[2] for line in output.splitlines() if " error " in line or " warning " in line}
    assert codes <= {"T700", "T709"}, output  # too much for one card, but a manifest check accepts
    layout = manifest(tmp_path / "g")["layouts"]["card"]["elements"]
    assert len(layout) <= 60
    assert all(len(e.get("text", "")) <= 2000 for e in layout)


def test_no_type_is_set_under_six_points(tmp_path):
    rows = [["name", "a", "b", "c", "d", "e", "f", "g", "h", "i"]] + [
        [f"Row {r}"] + [str(r * 7 + i) for i in range(5)] + ["kind", "x" * 20, SENTENCE * 3, "long " * 30]
        for r in range(4)]
    new_pack(tmp_path / "g", write_list(tmp_path / "g.csv", rows))
    for size in text_sizes(manifest(tmp_path / "g")):
        assert (min(size) if isinstance(size, list) else size) >= 6
    assert "0 errors, 0 warnings" in check(tmp_path / "g")
