"""``printkit simulate PACK --against OLD``: a gag whose points changed, OLD as a folder and as a git revision,
and hostile OLDs (each a message and exit 2 or 1, never a traceback)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from printkit.commands.simulate import simulate_command

REPO_PACKS = os.path.join(os.path.dirname(__file__), "..", "..", "cards")


def run(*args, **kwargs):
    return CliRunner().invoke(simulate_command, [str(a) for a in args], **kwargs)


def copy(target, pack="gag-grab"):
    shutil.copytree(os.path.join(REPO_PACKS, pack), target)
    return target


def give_summer_camp_six_points(root):
    """Summer Camp from 1 to 6 points (and the deck's expected total with it, 188 → 193)."""
    for name, old, new in (("gags.csv", "Summer Camp,1,", "Summer Camp,6,"),
                           ("game.toml", "sum.points = 188", "sum.points = 193")):
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")


def test_one_gag_with_more_points_shows_its_paired_difference_and_the_others_none(tmp_path):
    old = copy(tmp_path / "old" / "gag-grab")
    new = copy(tmp_path / "new" / "gag-grab")
    give_summer_camp_six_points(new)
    result = run(new, "--against", old, "--players", 4, "--games", 120, "--seed", 1, "--format", "json",
                 "--no-pdf", "--workers", 1)
    assert result.exit_code == 0, result.output
    c = json.loads(result.stdout)["comparison"]
    assert c["against"] == str(old) and c["games"] == 120 and c["player_counts"] == [4]
    camp = c["cards"]["Summer Camp"]
    assert camp["change"] == "changed" and camp["fields"] == "points 1 → 6"
    claimed = camp["claimed_rate"]
    # With 6 points the greedy bots claim it in most games (1 point: about one game in four).
    assert claimed["new"] > 0.8 and claimed["old"] < 0.4
    assert claimed["ci95_low"] > 0.4 and claimed["beyond_chance"]
    others = {name: card["claimed_rate"] for name, card in c["cards"].items() if name != "Summer Camp"}
    assert len(others) == 59 and all(card["change"] == "same" for name, card in c["cards"].items()
                                     if name != "Summer Camp")
    # The other gags move a little (fewer kids left for them: a real knock-on), far less than the one changed.
    assert max(abs(e["difference"]) for e in others.values()) < claimed["difference"] / 3
    assert sorted(abs(e["difference"]) for e in others.values())[29] < 0.05  # the median
    seats = c["by_players"]["4"]["win_rate_by_seat"]
    assert len(seats) == 4 and abs(sum(e["difference"] for e in seats)) < 1e-3  # shares still add up to 1
    assert c["by_players"]["4"]["winning_score"]["difference"] > 0  # a 6-point gag claimed more often


def git(repo, *args):
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    done = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
                           "-C", str(repo), *args], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """A repository with gag-grab committed; the working tree gives Summer Camp 6 points and renames Red Baron."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path_factory.mktemp("repo")
    git(root, "init", "-q")
    pack = copy(root / "cards" / "gag-grab")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "pack")
    give_summer_camp_six_points(pack)
    text = (pack / "gags.csv").read_text(encoding="utf-8")
    (pack / "gags.csv").write_text(text.replace("Red Baron,3,", "The Red Baron,3,"), encoding="utf-8")
    return root


def test_against_a_git_revision_as_diff_takes_it(repo, tmp_path):
    result = run(repo / "cards" / "gag-grab", "--against", "HEAD", "--players", 2, "--games", 20, "--workers", 1,
                 "--no-pdf")
    assert result.exit_code == 0, result.output
    short = git(repo, "rev-parse", "--short=7", "HEAD")
    assert f"Against HEAD ({short}): differences are this pack's figures less those of HEAD ({short})" in result.stdout
    assert "Cards that differ: The Red Baron (renamed from Red Baron); Summer Camp (points 1 → 6)" in result.stdout


def test_against_the_same_files_plays_once_and_says_so(tmp_path):
    clean = copy(tmp_path / "gag-grab")
    same = run(clean, "--against", copy(tmp_path / "copy" / "gag-grab"), "--players", 3, "--games", 10,
               "--workers", 1, "--no-pdf", "--format", "json")
    c = json.loads(same.stdout)["comparison"]
    assert c["notes"] == [f"{tmp_path / 'copy' / 'gag-grab'} has the same files as gag-grab: every game is the same "
                          "on both sides, and every difference 0"]
    assert same.exit_code == 0, same.output
    assert "(against" not in same.stderr  # the same games: played once


@pytest.mark.parametrize("against, message", [
    ("no-such-folder", "'no-such-folder' is neither a pack folder (with a game.toml) nor a known revision"),
    ("v9.9", "'v9.9' is neither a pack folder (with a game.toml) nor a known revision"),
    ("cards", "'cards' is a folder without a game.toml, not a pack"),
    ("cards/gag-grab", "'cards/gag-grab' is the pack simulated itself"),
    ("", "OLD must name a pack folder or a git revision, not be empty"),
    ("--all", "'--all' is not a pack folder, and a revision may not start with '-'"),
    ("x" * 2000, "is neither a pack folder nor a revision: a revision is at most 1000 characters"),
])
def test_hostile_olds_are_usage_errors(repo, monkeypatch, against, message):
    monkeypatch.chdir(repo)
    result = run("cards/gag-grab", "--against", against, "--games", 5, "--no-pdf")
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split()) and "Invalid value for '--against'" in result.output
    assert "Traceback" not in result.output


def test_outside_git_a_revision_says_why(tmp_path):
    result = run(copy(tmp_path / "gag-grab"), "--against", "main", "--games", 5, "--no-pdf")
    assert result.exit_code == 2
    assert "'main' is not a pack folder, nor a revision:" in result.output and "is not in a git repository" in \
        " ".join(result.output.split())


def test_another_game_or_other_player_counts(tmp_path):
    gag = copy(tmp_path / "a" / "gag-grab")
    other = run(gag, "--against", copy(tmp_path / "b" / "many-faces", "many-faces"), "--players", 4, "--games", 5,
                "--no-pdf")
    assert other.exit_code == 2
    assert "is played by the sets-and-runs engine and gag-grab by the claims engine" in " ".join(other.output.split())
    few = copy(tmp_path / "c" / "gag-grab")
    toml = few / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("players = { min = 2, max = 8 }",
                                                             "players = { min = 2, max = 4 }"), encoding="utf-8")
    none = run(gag, "--against", few, "--players", "5,6", "--games", 5, "--no-pdf")
    assert none.exit_code == 2 and "is for 2–4 players, so none of the player counts asked for (5, 6) can be " \
        "compared" in " ".join(none.output.split())
    some = run(gag, "--against", few, "--players", "4,5", "--games", 4, "--no-pdf", "--workers", 1,
               "--format", "json")
    assert some.exit_code == 0, some.output
    data = json.loads(some.stdout)
    assert data["player_counts"] == [4] and data["comparison"]["player_counts"] == [4]
    assert data["comparison"]["notes"] == [f"{few} is for 2–4 players: 5-player games are not played (only "
                                           "4-player)"]
    assert data["comparison"]["other_changes"] == ["game.toml game.players.max: 4 → 8"]
    games = run(gag, "--against", few, "--games", 6000, "--players", "2,3", "--no-pdf")
    assert games.exit_code == 2 and "6,000 games × 2 player counts × 2 packs is more than 20,000" in \
        " ".join(games.output.split())


def test_an_old_pack_with_errors_or_too_many_cards_is_refused(tmp_path):
    gag = copy(tmp_path / "a" / "gag-grab")
    bad = copy(tmp_path / "b" / "gag-grab")
    (bad / "game.toml").write_text((bad / "game.toml").read_text(encoding="utf-8").replace(
        "sum.points = 188", "sum.points = 189"), encoding="utf-8")
    result = run(gag, "--against", bad, "--games", 5, "--no-pdf")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"gag-grab: not simulated: cannot simulate {bad}, it has check errors:\n  game.toml:68:5: error K500" \
        in result.output
    two = run(gag, "many-faces", "--against", bad, "--games", 5, "--no-pdf")
    assert two.exit_code == 2, two.output
    assert "Invalid value for '--against': compares one pack with another version of it: name one PACK" in two.output
