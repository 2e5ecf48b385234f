"""``printkit simulate``: validation, refusals, the JSON contract on the bundled packs, balance.pdf."""
import json

import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.commands.simulate import simulate_command


def run(*args):
    return CliRunner().invoke(simulate_command, [str(a) for a in args])


@pytest.mark.parametrize("args, message", [
    (("--players", "2"), "Many Faces of Snoopy is for 3–6 players, not 2"),  # no PACK: every bundled pack
    (("gag-grab", "--games", "0"), "0 is not in the range 1<=x<=20000"),
    (("gag-grab", "--players", "9"), "Peanuts Gag Grab is for 2–8 players, not 9"),
    (("many-faces", "--players", "4,2"), "Many Faces of Snoopy is for 3–6 players, not 2"),
    (("gag-grab", "--players", "four"), "'four' is not a number of players"),
    (("gag-grab", "--players", "1,2,3,4,5,6,7,8,9"), "at most 8 player counts in one run, not 9"),
    (("gag-grab", "--seed", "-1"), "-1 is not in the range 0<=x<=9223372036854775807"),
    (("gag-grab", "--seed", str(2**63)), "is not in the range 0<=x<=9223372036854775807"),
    (("gag-grab", "--bot", "clever", "--games", "1"), "unknown bot 'clever'; the claims engine has greedy, random"),
    (("gag-grab", "--workers", "0"), "0 is not in the range 1<=x<=64"),
    (("gag-grab", "--games", "12000", "--players", "2,3"), "12,000 games × 2 player counts is more than 20,000"),
    (("no-such-pack",), "no-such-pack"),
])
def test_usage_errors_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())  # click wraps long messages
    assert "Traceback" not in result.output


def test_without_a_pack_every_bundled_pack_is_simulated_and_json_lists_them():
    result = run("--games", 4, "--players", 3, "--format", "json", "--no-pdf", "--workers", 1)
    assert result.exit_code == 0, result.output
    reports = json.loads(result.stdout)["packs"]
    assert [r["pack"] for r in reports] == ["gag-grab", "many-faces"]
    assert all(r["games"] == 4 and r["players"] == 3 and len(r["win_rate_by_seat"]) == 3 for r in reports)


def test_a_pack_no_engine_plays_is_a_usage_error(mini):
    mini.edit("game.toml", "[board]", "[unused]")
    text = mini.path.joinpath("game.toml").read_text().split("[unused]")[0]
    mini.write("game.toml", text)  # the pack without its board
    result = run(mini.path, "--no-pdf")
    assert result.exit_code == 2
    assert "cannot be simulated: its game.toml has no [board]" in result.output


def test_a_pack_with_errors_is_refused(mini, tmp_path):
    mini.edit("game.toml", "cards = 8", "cards = 9")
    result = run(mini.path, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "mini: not simulated because of the errors above" in result.output
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def gag_grab_json():
    one = run("gag-grab", "--games", 50, "--players", 4, "--seed", 1, "--format", "json", "--no-pdf", "--workers", 1)
    two = run("gag-grab", "--games", 50, "--players", 4, "--seed", 1, "--format", "json", "--no-pdf", "--workers", 2)
    return one, two


def test_gag_grab_json_contract(gag_grab_json):
    result, _ = gag_grab_json
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 50 and data["players"] == 4 and data["engine"] == "claims" and data["bot"] == "greedy"
    assert data["variant"] is None  # the standard rules
    assert isinstance(data["turns"], float) and data["turns"] > 0
    assert len(data["win_rate_by_seat"]) == 4 and sum(data["win_rate_by_seat"]) == pytest.approx(1, abs=1e-3)
    assert len(data["cards"]) == 60  # every gag
    assert all(0 <= c["claimed_rate"] <= 1 for c in data["cards"].values())
    assert data["by_players"]["4"]["win_rate_by_seat"] == data["win_rate_by_seat"]


def test_gag_grab_json_is_the_same_for_any_workers(gag_grab_json):
    one, two = gag_grab_json
    assert one.stdout.encode() == two.stdout.encode()


def test_many_faces_json_contract():
    result = run("many-faces", "--games", 30, "--players", "3,5", "--format", "json", "--no-pdf")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["engine"] == "sets-and-runs" and data["players"] == 3 and data["player_counts"] == [3, 5]
    assert data["games"] == 30 and isinstance(data["turns"], float)
    for count in ("3", "5"):
        rates = data["by_players"][count]["win_rate_by_seat"]
        assert len(rates) == int(count) and sum(rates) == pytest.approx(1, abs=1e-3)
    assert data["cards"] and all(isinstance(v, dict) for v in data["cards"].values())


def test_text_report_and_balance_pdf(tmp_path):
    result = run("gag-grab", "--games", 20, "--players", "2,3", "--out", tmp_path, "--workers", 1)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Peanuts Gag Grab: 20 simulated games per player count, greedy bots")
    assert "\nWhat stands out:\n" in result.stdout and "\n3 players: 20 games\n" in result.stdout
    assert "gag-grab: wrote balance.pdf" in result.stderr
    pdf_path = tmp_path / "gag-grab" / "balance.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "Peanuts Gag Grab: balance" in text and "Win rate by seat, 3 players" in text
    assert "How often each card is claimed" in text


def test_a_pack_its_engine_cannot_play_is_a_usage_error_not_a_crash(mini):
    """The tiny pack has [claims] and a [board] but no gallery powers: the claims engine says so."""
    result = run(mini.path, "--games", 5, "--no-pdf")
    assert result.exit_code == 2, result.output
    assert "'mini' cannot be simulated: the claims engine knows 5 gallery powers, the pack lists 0" in \
        " ".join(result.output.split())
