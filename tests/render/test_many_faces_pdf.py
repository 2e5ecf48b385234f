"""The second game builds with the same commands, and every component reads back."""
import csv
import re
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import pdfplumber
import pytest
from click.testing import CliRunner
from conftest import REPO
from pypdf import PdfReader

from printkit.commands.cli import cli
from printkit.geometry.typography import smart_quotes  # cards print typographic quotes

PACK = REPO / "cards" / "many-faces"
MANIFEST = tomllib.loads((PACK / "game.toml").read_text(encoding="utf-8"))
PERSONAS = MANIFEST["decks"]["personalities"]["face"]["labels"]
ACTIONS = list(csv.DictReader(open(PACK / "actions.csv", encoding="utf-8")))


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("many-faces")
    # Cards touching (no gutter), so SLOTS below are the hand-worked grid of plain A4 sheets.
    result = CliRunner().invoke(cli, ["build", "many-faces", "--out", str(out), "--gutter", "0"])
    assert result.exit_code == 0, result.output
    texts = {}
    for name in ("cards.pdf", "board.pdf", "rules.pdf"):
        with pdfplumber.open(out / "many-faces" / name) as pdf:
            texts[name] = [columns_text(page) if name == "rules.pdf" else flat(page.extract_text())
                           for page in pdf.pages]
    return out / "many-faces", texts


def flat(text: str | None) -> str:
    return " ".join((text or "").split())


def columns_text(page) -> str:
    """The left half of a page, then the right: the reading order of two columns."""
    half = page.width / 2
    return " ".join(flat(page.crop(box).extract_text()) for box in ((0, 0, half, page.height),
                                                                      (half, 0, page.width, page.height)))


MM = 72 / 25.4
SLOTS = [(9.75 + c * 63.5, 14.85 + r * 88.9) for r in range(3) for c in range(3)]  # A4, mm from the top left


def test_cards_show_every_persona_with_every_value_and_every_action(kit):
    folder, texts = kit
    cards = " ".join(texts["cards.pdf"])
    for persona in PERSONAS.values():
        for word in persona.split():  # long names wrap, and neighbouring cards share lines
            assert cards.count(word) >= 10, persona  # 10 cards each
    found = set()
    with pdfplumber.open(folder / "cards.pdf") as pdf:
        for page in pdf.pages:
            for x, y in SLOTS:
                text = flat(page.crop((x * MM, y * MM, (x + 63.5) * MM, (y + 88.9) * MM)).extract_text())
                # The corner index (the action's two letters) reads first, beside the name.
                found |= {r["name"] for r in ACTIONS
                          if text.startswith(f'{r["short"]} {r["name"]}') and flat(smart_quotes(r["text"])) in text}
    assert found == {r["name"] for r in ACTIONS}


def test_card_sheets_hold_every_card(kit):
    folder, _ = kit
    pages = len(PdfReader(folder / "cards.pdf").pages)
    # guide and checklist; 80 personalities on 9 sheets, 16 actions on 2, 6 aids on 1; fronts and backs.
    assert pages == 2 + 2 * (9 + 2 + 1)


def test_board_pdf_has_the_popularity_board_tokens_score_sheet_and_marker(kit):
    _, texts = kit
    board = texts["board.pdf"]
    assert "Popularity Board" in board[0]
    places = [int(n) for n in re.findall(r"\b(\d)\b", board[0])][:8]  # the first numbers on the page
    assert places == MANIFEST["module"]["popularity"]
    for token in MANIFEST["tokens"].values():
        assert token["code"] in board[0]
    assert "scores" in board[1] and "Total" in board[1]
    # The first-player marker shares the Popularity Board's sheet (lying on its side, so read as characters).
    with pdfplumber.open(kit[0] / "board.pdf") as pdf:
        assert len(pdf.pages) == 2
        marker = "".join(c["text"] for c in pdf.pages[0].chars)
    assert "First-player marker" in marker and marker.count("FIRSTPLAYER") == 2


def test_rules_cover_the_game(kit):
    _, texts = kit
    rules = " ".join(texts["rules.pdf"])
    for phase in MANIFEST["phases"]:
        assert phase["name"] in rules
    assert "a set is 6 cards of the same value, each of a different persona" in rules
    assert "a run is 5 cards of the same persona, each of a different value" in rules
    assert "3–4 players: when a player has scored 3 sets or runs" in rules
    assert "5–6 players: when a player has scored 2 sets or runs" in rules
    assert "2 places worth 4 points, 2 places worth 3 points, 2 places worth 2 points and 2 places worth 1 point" in rules
    assert "the one with the most runs wins" in rules
    assert "Designer\u2019s note" in rules  # typographic apostrophe
    total = sum(int(r["count"]) for r in ACTIONS)
    assert f"There are {total} action cards" in rules
    for row in ACTIONS:
        assert row["name"] in rules


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_place_ring_holds_a_cut_out_token_with_room_to_spare(paper, tmp_path):
    result = CliRunner().invoke(cli, ["build", "many-faces", "--out", str(tmp_path), "--paper", paper])
    assert result.exit_code == 0, result.output
    mm = 72 / 25.4
    with pdfplumber.open(tmp_path / "many-faces" / "board.pdf") as pdf:
        page = pdf.pages[0]
        unfilled = [c for c in page.curves if not c["fill"]]
        text = flat(page.extract_text())
    # The places' rings are drawn in the board's tan, the tokens' cut lines in grey: 8 of each.
    rings = [(c["x1"] - c["x0"]) / mm for c in unfilled if c["linewidth"] == pytest.approx(0.6)]
    cuts = [(c["x1"] - c["x0"]) / mm for c in unfilled if c["linewidth"] == pytest.approx(0.3)]
    assert len(rings) == len(cuts) == 8
    assert max(cuts) == pytest.approx(25.0, abs=0.05)  # a 23 mm token, cut 1 mm outside it
    assert min(rings) == pytest.approx(28.0, abs=0.05)  # 1.5 mm to spare all round
    # The band under the tokens says how the places score.
    assert "How the board scores" in text and "a 4-point place earn 12 points" in text
