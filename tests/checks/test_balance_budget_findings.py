"""Hostile cases of issue 24 with a stated limit: {{balance}} and 'printkit simulate' on a 26 × 26 board
(a budget of steps, counted, never timed), and outputs that are FIFOs or devices (refused before any work).

Each case names its limit: a build's {{balance}} simulates at most printkit.rules.balance.MAX_STEPS steps
(finding D802), 'printkit simulate' at most Limits().max_steps (a usage error); a step is one turn on one
board space.
"""
from __future__ import annotations

import csv
import os
import random
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from conftest import REPO, replace_in

import printkit.commands.build
import printkit.commands.diff
import printkit.diff.proof
import printkit.render.pdf
import printkit.rules.balance
from printkit.commands.cli import cli
from printkit.games.records import GameRecord, Limits
from printkit.model.loader import load_pack
from printkit.rules.balance import balance_cache
from printkit.rules.document import load_rules
from printkit.sim.run import OverBudget, simulate

GAG_GRAB = REPO / "cards" / "gag-grab"


def gag_grab(folder: Path, balance: str) -> Path:
    """A copy of gag-grab whose rules have ``balance`` as the paragraph on line 5."""
    root = folder / "gag-grab"
    shutil.copytree(GAG_GRAB, root)
    replace_in(root / "rules.md", "## The goal\n", f"{balance}\n\n## The goal\n")
    return root


def big_board(folder: Path) -> Path:
    """gag-grab on a 26 × 26 board with 1,352 Gag cards (two for each space): games of some 700 turns."""
    root = gag_grab(folder, "{{balance}}")
    toml = root / "game.toml"
    replace_in(toml, "columns = 6\nrows = 6", "columns = 26\nrows = 26")
    replace_in(toml, 'starts = ["A1", "F1", "A6", "F6"]', 'starts = ["A1", "Z1", "A26", "Z26"]')
    replace_in(toml, 'spaces = ["C3", "D3", "C4", "D4"]', 'spaces = ["M13", "N13", "M14", "N14"]')
    replace_in(toml, "cards = 60\nsum.points = 188\n", "")
    with (root / "gags.csv").open(encoding="utf-8", newline="") as f:
        head, *gags = list(csv.reader(f))
    assert len(gags) == 60
    rows = [[f"{name} {n}", *rest] for n in range(1, 24) for name, *rest in gags][:1352]
    with (root / "gags.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([head, *rows])
    return root


def no_drawing(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("drew pages of a build that should have been refused first")
    monkeypatch.setattr(printkit.render.pdf, "render_pdf", refuse)


# 1. {{balance}}: a budget of steps, with its finding on the placeholder.

def test_D802_balance_over_its_budget_is_found_on_a_26_by_26_board(tmp_path):
    root = big_board(tmp_path)
    pack, _ = load_pack(root)
    with balance_cache(None):
        rules = load_rules(pack)
    assert rules is not None
    (finding,) = [f for f in rules.findings if f.is_error]
    assert finding.code == "D802"
    assert (finding.location.file.name, finding.location.line, finding.location.column) == ("rules.md", 5, 1)
    assert finding.message == ("{{balance}} would simulate more than a build's 5,000,000 steps "
                               "(500 games of 4 players; a turn counts one step per board space, eight with "
                               "the lookahead bot)")


def test_balance_over_its_budget_refuses_the_build_before_drawing(tmp_path, monkeypatch):
    # 40 games of Gag Grab take about 1,000 turns on 36 spaces, far more than 1,000 steps.
    root = gag_grab(tmp_path, "{{balance games=40}}")
    monkeypatch.setattr(printkit.rules.balance, "MAX_STEPS", 1_000)
    no_drawing(monkeypatch)
    result = CliRunner().invoke(cli, ["build", str(root), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert f"{root / 'rules.md'}:5:11: error D802 {{{{balance}}}} would simulate more than a build's 1,000 steps" \
        in result.output
    assert "gag-grab: not built because of the errors above" in result.output
    assert not (tmp_path / "out" / "gag-grab" / "rules.pdf").exists()


def test_balance_within_its_budget_still_measures(tmp_path):
    root = gag_grab(tmp_path, "{{balance games=20}}")
    result = CliRunner().invoke(cli, ["build", str(root), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "D802" not in result.output


# 2. The runner's budget: counted in turns times the engine's steps per turn, whatever the workers.

def _engine(turns: int, steps: int) -> SimpleNamespace:
    def play(setup, players, bots, rng: random.Random) -> GameRecord:
        return GameRecord(players=players, scores=(0,) * players, winners=(0,), turns=turns, rounds=1)
    return SimpleNamespace(name="fake", bots=("any",), prepare=lambda pack: None, play=play,
                           steps_per_turn=lambda setup, bot: steps)


def test_the_budget_counts_turns_times_steps_per_turn():
    engine = _engine(turns=10, steps=3)  # 30 steps a game: 4 games, 120 steps
    assert len(simulate(None, engine, 4, [2], None, 0, workers=1, setup=object(), budget=120)[2]) == 4
    with pytest.raises(OverBudget):
        simulate(None, engine, 4, [2], None, 0, workers=1, setup=object(), budget=119)
    with pytest.raises(OverBudget):  # two player counts, the same games each: 240 steps
        simulate(None, engine, 4, [2, 3], None, 0, workers=1, setup=object(), budget=239)


def test_simulate_on_a_26_by_26_board_is_refused_by_its_budget(tmp_path):
    root = big_board(tmp_path)
    result = CliRunner().invoke(cli, ["simulate", str(root), "--players", "2", "--no-pdf", "--workers", "1"])
    assert result.exit_code == 2, result.output
    assert (f"500 games of 'gag-grab' would take more than {Limits().max_steps:,} steps (a turn counts one step "
            "per board space, eight with the lookahead bot: here 676); ask for fewer with --games or --players") \
        in result.output


# 3. Outputs that are FIFOs or devices: refused as the command line is read, before any work.

def test_diff_proof_to_a_fifo_is_refused_before_comparing(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("compared or drew before refusing the output")
    monkeypatch.setattr(printkit.commands.diff, "_diff", refuse)
    monkeypatch.setattr(printkit.diff.proof, "proof_report_pdf", refuse)
    fifo = tmp_path / "proof.pdf"
    os.mkfifo(fifo)
    for target in (fifo, Path(os.devnull)):
        result = CliRunner().invoke(cli, ["diff", str(GAG_GRAB), str(GAG_GRAB), "--proof", str(target)])
        assert result.exit_code == 2, result.output
        assert "Invalid value for '--proof'" in result.output
        assert "is a FIFO, a device or a socket; printkit writes only plain files and folders" in result.output


@pytest.mark.parametrize("command", [["build", "gag-grab"], ["simulate", "gag-grab", "--no-pdf"],
                                     ["export", "tts", "gag-grab"], ["calibrate"]])
def test_an_output_folder_that_is_a_fifo_is_refused_before_any_work(tmp_path, monkeypatch, command):
    def refuse(*args, **kwargs):
        raise AssertionError("built before refusing the output")
    monkeypatch.setattr(printkit.commands.build, "build_pack", refuse)
    monkeypatch.setattr(printkit.commands.build, "checked_pack", refuse)
    fifo = tmp_path / "out"
    os.mkfifo(fifo)
    result = CliRunner().invoke(cli, [*command, "--out", str(fifo)])
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--out'" in result.output and "is a FIFO, a device or a socket" in result.output


def test_a_plain_proof_file_and_an_absent_one_are_still_written(tmp_path):
    for proof in (tmp_path / "new.pdf", tmp_path / "old.pdf"):
        if proof.name == "old.pdf":
            proof.write_bytes(b"an older proof")
        result = CliRunner().invoke(cli, ["diff", str(GAG_GRAB), str(GAG_GRAB), "--proof", str(proof)])
        assert result.exit_code == 0, result.output
        assert proof.read_bytes().startswith(b"%PDF")
