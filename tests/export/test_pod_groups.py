"""Print on demand for Many Faces: its shuffled-together deck is one product, files in upload order,
DriveThruCards' PDF boxes exact. Copies are read from the pack's CSV files with the csv module."""
import csv
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO
from pypdf import PdfReader

from printkit.commands.cli import cli

MANY_FACES = REPO / "cards" / "many-faces"


@pytest.fixture(scope="module")
def pod(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pod")
    for service in ("tgc", "dtc"):
        result = CliRunner().invoke(cli, ["export", "pod", "--service", service, str(MANY_FACES), "--out", str(out)])
        assert result.exit_code == 0, result.output
    return out / "many-faces" / "pod"


def csv_rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def pack_cards() -> list[tuple[str, int]]:
    """(name, copies) of the personalities, then the actions, as their CSV files list them."""
    rows = csv_rows(MANY_FACES / "personalities.csv") + csv_rows(MANY_FACES / "actions.csv")
    return [(row["name"], int(row["count"])) for row in rows]


def test_the_two_decks_are_one_product_of_96_cards(pod):
    rows = csv_rows(pod / "tgc" / "manifest.csv")
    deck = [row for row in rows if row["product_title"] == "Snoopy deck"]
    assert [(row["card"], int(row["copies"])) for row in deck] == pack_cards()
    assert sum(copies for _, copies in pack_cards()) == 96
    assert {row["deck_cards"] for row in deck} == {"96"}
    assert {row["deck"] for row in deck} == {"personalities", "actions"}
    assert sorted(p.name for p in (pod / "tgc").iterdir() if not p.name.startswith(".")) == [
        "manifest.csv", "player-aid", "snoopy-deck"]


def test_files_sort_in_upload_order_with_copies_in_their_names_and_the_back_last(pod):
    folder = pod / "tgc" / "snoopy-deck"
    names = sorted(p.name for p in folder.glob("*.png"))
    cards = pack_cards()
    assert len(names) == len(cards) + 1
    assert names[-1] == f"{len(cards) + 1:03d}-back.png"
    for n, (name, (card, copies)) in enumerate(zip(names, cards), start=1):
        assert name.startswith(f"{n:03d}-") and name.endswith(f"-x{copies}.png"), (name, card)
    assert names[0] == "001-flying-ace-1-x2.png"  # personalities first, as game.toml lists the decks
    rows = csv_rows(pod / "tgc" / "manifest.csv")
    assert [row["front"] for row in rows if row["product_title"] == "Snoopy deck"] == [
        f"snoopy-deck/{name}" for name in names[:-1]]


def test_dtc_pages_are_poker_plus_an_eighth_inch_with_exact_boxes(pod):
    reader = PdfReader(pod / "dtc" / "snoopy-deck.pdf")
    assert len(reader.pages) == len(pack_cards()) + 1
    for page in reader.pages:
        # 2.5 × 3.5 in + 1/8 in each side = 2.75 × 3.75 in = 198 × 270 pt (69.85 × 95.25 mm).
        assert [float(v) for v in page.mediabox] == [0, 0, 198, 270]
        assert [float(v) for v in page.bleedbox] == [0, 0, 198, 270]
        assert [float(v) for v in page.trimbox] == [9, 9, 189, 261]  # inset by 1/8 in = 9 pt exactly
    rows = csv_rows(pod / "dtc" / "manifest.csv")
    deck = [row for row in rows if row["file"] == "snoopy-deck.pdf"]
    assert [int(row["page"]) for row in deck] == list(range(1, len(pack_cards()) + 1))
    assert {row["back_page"] for row in deck} == {str(len(pack_cards()) + 1)}
