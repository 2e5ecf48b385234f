"""Hostile board values and pack fonts, seen through the commands: a finding and exit 1, never exit 3.

The findings themselves (M104, K502, T708) are tested in tests/checks; here each command meets them.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO, replace_in
from testfonts import edited_font, line_of, truetype_font, with_fonts

from printkit.commands.cli import cli

MINI_STARTS = 'starts = ["A1", "B2", "B1", "A2"]'


def run(*args) -> tuple[int, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.parametrize("starts", ['starts = ["A0"]', 'starts = ["\uff211", "B2"]',
                                    MINI_STARTS + '\nextra_starts = { players = 3, spaces = ["z9"] }'])
@pytest.mark.parametrize("command", ["check", "build", "simulate"])
def test_a_start_space_off_the_board_is_a_finding_in_every_command(mini, tmp_path, starts, command):
    mini.edit("game.toml", MINI_STARTS, starts)
    options = [] if command == "check" else ["--out", tmp_path / "out"]
    status, output = run(command, mini.path, *options)
    assert status == 1, output
    assert "error M104" in output and "is not a space on a 2×2 board" in output and "spaces run from A1 to B2" in output
    assert "internal error" not in output


@pytest.fixture
def gag_grab(tmp_path: Path) -> Path:
    target = tmp_path / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", target)
    return target


GAG_STARTS = 'starts = ["A1", "F1", "A6", "F6"]'
GAG_EXTRA = 'extra_starts = { players = 5,'


@pytest.mark.parametrize("old, new, refused", [
    (GAG_STARTS, 'starts = ["A1"]', "2 players need 2 start spaces, one pawn on each, but the board has 1 for them (A1)"),
    (GAG_STARTS, 'starts = ["A1", "A1", "A1"]',
     "2 players need 2 start spaces, one pawn on each, but the board has 1 for them (A1)"),
    (GAG_STARTS, "starts = []", "2 players need 2 start spaces, one pawn on each, but the board has 0 for them"),
    (GAG_EXTRA, "extra_starts = { players = 99,",
     "5 players need 5 start spaces, one pawn on each, but the board has 4 for them (A1, F1, A6, F6)"),
])
def test_simulate_refuses_player_counts_the_board_cannot_seat(gag_grab, tmp_path, old, new, refused):
    replace_in(gag_grab / "game.toml", old, new)
    status, output = run("simulate", gag_grab, "--games", 2, "--no-pdf", "--workers", 1, "--out", tmp_path / "out")
    assert status == 1, output
    # At the start spaces' key (line 88), where check warns of it (K502).
    assert f"gag-grab: not simulated: {gag_grab / 'game.toml'}:88:" in output
    assert f"K502 {refused}" in output and "internal error" not in output


def test_simulate_plays_the_player_counts_the_board_can_seat(gag_grab, tmp_path):
    replace_in(gag_grab / "game.toml", GAG_EXTRA, "extra_starts = { players = 99,")
    status, output = run("simulate", gag_grab, "--games", 2, "--players", 4, "--no-pdf", "--workers", 1,
                         "--out", tmp_path / "out")
    assert status == 0, output
    assert "gag-grab: 2 games" in output


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_damaged_pack_font_is_a_finding_in_check_and_build(mini, tmp_path, command):
    damaged = edited_font(truetype_font(), lambda font: setattr(font["head"], "unitsPerEm", 0))
    with_fonts(mini, '[fonts]\nbody = "fonts/Body.ttf"', **{"Body.ttf": damaged})
    options = [] if command == "check" else ["--out", tmp_path / "out"]
    status, output = run(command, mini.path, *options)
    assert status == 1, output
    assert (f"game.toml:{line_of(mini, 'body =')}:1: error T708 font 'fonts/Body.ttf' is damaged: its units per em "
            "are 0, where a font has 16 to 16384") in output
    assert "internal error" not in output
