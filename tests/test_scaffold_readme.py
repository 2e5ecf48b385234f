"""The README's `printkit new` examples, run as written: each command's output must be the one shown.

A console block marked `<!-- readme-run: scaffold -->` is a session: lines
starting with `$ printkit` are run (in a scratch folder that holds a copy of
tests/scaffold_csvs, in the order they appear), and the lines after each
are its expected output, word for word.
"""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import cli

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
MARK = "<!-- readme-run: scaffold -->"
BLOCK = re.compile(re.escape(MARK) + r"\n```console\n(.*?)\n```", re.DOTALL)


def sessions() -> list[list[tuple[str, list[str]]]]:
    """Each marked block as (command, expected output lines) pairs."""
    found = []
    for body in BLOCK.findall(README.read_text(encoding="utf-8")):
        steps: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
        found.append(steps)
    return found


def test_every_printkit_new_example_in_the_readme_is_run():
    text = README.read_text(encoding="utf-8")
    examples = re.findall(r"^\$ printkit new .*$", text, re.MULTILINE)
    run = [command for steps in sessions() for command, _ in steps if command.startswith("printkit new ")]
    assert examples and sorted(f"$ {c}" for c in run) == sorted(examples)


@pytest.mark.parametrize("steps", sessions(), ids=lambda steps: steps[0][0].split()[2])
def test_readme_session(steps, tmp_path, monkeypatch):
    shutil.copytree(REPO / "tests" / "scaffold_csvs", tmp_path / "tests" / "scaffold_csvs")
    monkeypatch.chdir(tmp_path)
    for command, expected in steps:
        words = shlex.split(command)
        assert words[0] == "printkit"
        result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
        assert result.output.splitlines() == expected, command
