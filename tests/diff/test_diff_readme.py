"""The `printkit diff` examples of docs/diff.md, run as written: each command's output must be the one shown.

A console block marked `<!-- docs-run: diff -->` is a session, run in a
scratch git repository: branch `main` holds cards/gag-grab as bundled, and
the commit after it (HEAD, also the working tree) makes the edits the page
describes (``readme_edits``). Lines starting with `$ printkit` are run; the
lines after each are its expected output, word for word, except that a
commit's short hash is compared as '#######' (it depends on the moment).
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from diffpacks import append, copy_pack, edit
from readme_sessions import examples, sessions

from printkit.commands.cli import cli

HASH = re.compile(r"\(([0-9a-f]{7})\)")

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def readme_edits(pack):
    """The edits the example of docs/diff.md describes."""
    edit(pack, "gags.csv", "Shortstop,3,SN x2", "Shortstop,3,SN + Sally")
    edit(pack, "gags.csv", "Red Baron,3,SN x2", "The Red Baron,3,SN x2")
    edit(pack, "gags.csv", "Psychiatry Booth,4,CB + LU\n", "")
    append(pack, "gags.csv", "Kite-Eating Tree,4,CB + LU\n")
    edit(pack, "kids.csv", "Sally,,gallery,1,girl", "Sally,,gallery,2,girl")
    edit(pack, "game.toml", "Draw 3 Kid cards, then discard any 2 cards.", "Draw 3 Kid cards, then discard 2.")


def git(repo, *args):
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    result = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
                             "-C", str(repo), *args], capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr


def test_every_printkit_diff_example_in_the_docs_is_run():
    run = [command for steps in sessions("diff") for command, _ in steps]
    assert examples("diff") and sorted(f"$ {c}" for c in run) == sorted(examples("diff"))


@pytest.mark.parametrize("steps", sessions("diff"), ids=lambda steps: " ".join(steps[0][0].split()[2:4]))
def test_readme_session(steps, tmp_path, monkeypatch):
    git(tmp_path, "init", "-q", "-b", "main")
    pack = copy_pack(tmp_path / "cards" / "gag-grab")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "as bundled")
    git(tmp_path, "checkout", "-q", "-b", "edits")
    readme_edits(pack)
    git(tmp_path, "commit", "-q", "-am", "edits")
    monkeypatch.chdir(tmp_path)
    for command, expected in steps:
        words = shlex.split(command)
        assert words[0] == "printkit"
        result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
        got = [HASH.sub("(#######)", line) for line in result.output.splitlines()]
        assert got == [HASH.sub("(#######)", line) for line in expected], command
