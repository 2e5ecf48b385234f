"""How simulate's text report and balance.pdf show numbers, shares, intervals, labels and game length."""
import json
import re

import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.commands.simulate import simulate_command
from printkit.sim.summary import interval, number, percent


def run(*args):
    return CliRunner().invoke(simulate_command, [str(a) for a in args])


@pytest.mark.parametrize("value, shown", [(2000, "2,000"), (2000.0, "2,000"), (12345.6, "12,346"), (0.96, "0.96"),
                                          (0.0155, "0.0155"), (25.158, "25.2"), (3.0, "3"), (0, "0")])
def test_numbers_never_print_with_an_exponent(value, shown):
    assert number(value) == shown


@pytest.mark.parametrize("value, shown", [(1, "100%"), (1.0, "100%"), (0, "0%"), (0.14000000000000001, "14%"),
                                          (0.865, "86.5%"), (0.0005, "0.05%")])
def test_shares_print_as_per_cents(value, shown):
    assert percent(value) == shown


def test_intervals_keep_enough_decimals_for_their_ends_to_differ():
    assert interval(0.0061, 0.0142) == "0.6–1.4%"  # was "1–1%"
    assert interval(0.0101, 0.0104) == "1.01–1.04%"
    assert interval(0.5987, 0.6412) == "59.9–64.1%"


@pytest.fixture(scope="module")
def gag_grab(tmp_path_factory):
    out = tmp_path_factory.mktemp("gg")
    result = run("gag-grab", "--games", 60, "--players", 4, "--out", out, "--workers", 1, "--seed", 2)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "gag-grab" / "balance.pdf") as pdf:
        # Each page whole (a bar's label and its value share a line), then each half of it alone (two
        # charts' captions side by side would interleave line by line).
        parts = [part for page in pdf.pages
                 for part in (page, page.crop((0, 0, page.width / 2, page.height)),
                              page.crop((page.width / 2, 0, page.width, page.height)))]
        return result.stdout, "\n".join(part.extract_text() for part in parts)


def test_gag_grab_text_shows_shares_as_per_cents_and_a_constant_length_in_words(gag_grab):
    text, _ = gag_grab
    assert "  ended_by_gag_deck_share: 100%\n" in text  # was "ended_by_gag_deck: 1"
    assert "  rounds   every game lasted 7 rounds\n" in text
    assert not re.search(r"\de[+-]\d", text)
    row = next(line for line in text.splitlines() if line.startswith("  95% interval"))
    ends = re.findall(r"(\d+\.\d)–(\d+\.\d)%", row)
    assert len(ends) == 4 and all(lo != hi for lo, hi in ends)


def test_gag_grab_pdf_shows_win_rate_by_turns_taken_beside_the_seats(gag_grab):
    _, pdf = gag_grab
    prose = " ".join(pdf.split())  # where a caption's lines break is the layout's business
    # Seats take unequal turns (a game ends mid-round), so the chart beside the seats is win rate by turns taken.
    assert "Win rate by turns taken, 4 players" in prose and "7 turns" in prose and "6 turns" in prose
    assert "One reason: a game can end part-way through a round" in prose
    assert "Ended by gag deck share 100%" in pdf and not re.search(r"\de[+-]\d", pdf)


def test_many_faces_shows_the_packs_persona_labels_and_thousands(tmp_path):
    result = run("many-faces", "--games", 1000, "--players", 3, "--out", tmp_path, "--workers", 2, "--seed", 1)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "  games: 1,000\n" in text  # was 1e+03
    assert "points_by_persona: Flying Ace " in text and "World Famous Author" in text
    assert "flying-ace" not in text and "masked-marvel" not in text
    assert "deck_ran_out_share: " in text and re.search(r"deck_ran_out_share: \d+(\.\d)?%", text)
    with pdfplumber.open(tmp_path / "many-faces" / "balance.pdf") as pdf:
        pages = "\n".join(page.extract_text() for page in pdf.pages)
    assert "1,000 simulated games" in pages and "World Famous Surgeon" in pages and "flying-ace" not in pages
    data = json.loads(run("many-faces", "--games", 30, "--players", 3, "--no-pdf", "--format", "json",
                          "--workers", 1).stdout)
    assert data["labels"]["flying-ace"] == "Flying Ace"  # scripts keep the ids, and get the words with them
    assert "flying-ace" in data["figures"]["points_by_persona"]


def test_turns_by_seat_from_hand_counted_games():
    from printkit.games.records import GameRecord
    from printkit.sim.summary import seat_turns
    # 4 players: 25 turns are seats 1,2,3,4 six times and seat 1 once more (7,6,6,6); 26 give seats 1 and 2
    # one more (7,7,6,6); 24 give every seat 6. Means over the three games: 20/3, 19/3, 6, 6.
    games = [GameRecord(4, (0, 0, 0, 0), (0,), turns, 7) for turns in (25, 26, 24)]
    assert seat_turns(games, 4) == pytest.approx([20 / 3, 19 / 3, 6, 6])


def test_gag_grab_reports_turns_by_seat_in_json_and_text(gag_grab):
    text, _ = gag_grab
    row = next(line for line in text.splitlines() if line.startswith("  turns taken"))
    turns = [float(v) for v in row.split()[2:]]
    assert len(turns) == 4 and turns[0] >= turns[1] >= turns[2] >= turns[3] >= turns[0] - 1
    data = json.loads(run("gag-grab", "--games", 40, "--players", 4, "--no-pdf", "--format", "json",
                          "--workers", 1, "--seed", 2).stdout)
    # The turns of each game, dealt out in seat order, sum back to the mean game length.
    assert sum(data["turns_by_seat"]) == pytest.approx(data["length"]["turns"]["mean"], abs=1e-3)
    assert data["by_players"]["4"]["turns_by_seat"] == data["turns_by_seat"]


def test_balance_pdf_paragraphs_leave_no_word_alone_on_their_last_line():
    from printkit.core.fonts import metrics
    from printkit.geometry.draw import Text
    from printkit.geometry.text import wrap
    from printkit.sim.balance_pdf import BODY, paragraph

    text = ("In 3-player games no seat wins more or less often than its fair share of 33.3% beyond chance "
            "(every 95% interval includes it).")
    width = 175.0
    greedy = wrap(text, metrics("body"), BODY, width)
    assert len(greedy[-1].split()) == 1  # the case: greedy wrapping strands 'it).'
    items, _ = paragraph(text, 0.0, 100.0, width)
    lines = [item.text for item in items if isinstance(item, Text)]
    # The same words (a no-break space keeps a short last word with the one before it) on as many lines.
    assert " ".join(lines).replace("\u00a0", " ") == text and len(lines) == len(greedy)
    assert all(len(line.split()) > 1 for line in lines)
