"""The docs' `printkit new` examples, run as written: each command's output must be the one shown.

A console block marked `<!-- docs-run: scaffold -->` is a session: lines
starting with `$ printkit` are run (in a scratch folder that holds a copy of
tests/scaffold_csvs, in the order they appear), and the lines after each
are its expected output, word for word.
"""
from __future__ import annotations

import shlex
import shutil

import pytest
from click.testing import CliRunner
from conftest import REPO
from readme_sessions import examples, sessions

from printkit.commands.cli import cli


def test_every_printkit_new_example_in_the_docs_is_run():
    """Here, or in the tutorial's session (tests/test_doc_examples.py)."""
    run = [command for name in ("scaffold", "tutorial") for steps in sessions(name) for command, _ in steps
           if command.startswith("printkit new ")]
    assert examples("new") and sorted(f"$ {c}" for c in run) == sorted(examples("new"))


@pytest.mark.parametrize("steps", sessions("scaffold"), ids=lambda steps: steps[0][0].split()[2])
def test_readme_session(steps, tmp_path, monkeypatch):
    shutil.copytree(REPO / "tests" / "scaffold_csvs", tmp_path / "tests" / "scaffold_csvs")
    monkeypatch.chdir(tmp_path)
    for command, expected in steps:
        words = shlex.split(command)
        assert words[0] == "printkit"
        result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
        assert result.output.splitlines() == expected, command
