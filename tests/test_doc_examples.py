"""Every `printkit` command the README and the docs/ pages show runs, or at least parses, as written.

An example is a line ``$ printkit ...`` in a console block, a line starting
``printkit`` in a ```` ```sh ```` block, or an inline `printkit ...` with
at least one argument and no placeholder (`NAME`, `[--paper ...]`,
`<folder>`). Lines inside a ``<!-- docs-run: NAME -->`` session are run with
their output compared, by the test ``SESSION_TESTS`` names; the rest are
handled here: each runs for real in a scratch folder holding the packs the
pages name (`cards/my-game`, `cards/space-race`, `tests/packs/creatures`,
`tests/scaffold_csvs`) and must exit 0. `printkit diff` gets a git repository
whose branch `main` holds Gag Grab as bundled; a command with `--watch` runs
once and is then stopped, as Ctrl-C stops it; `printkit build .` runs inside
a pack.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import MINI, REPO
from readme_sessions import MARK, SESSION_TESTS, pages, session_names, sessions
from test_watch_rebuild import watch_command

from printkit.commands.cli import cli
from printkit.export.tts_folder import saved_objects_folder



def git(repo, *args):
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
                    "-C", str(repo), *args], capture_output=True, text=True, env=env, check=True)
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
INLINE = re.compile(r"`(printkit [^`]+)`")
PLACEHOLDER = re.compile(r"\[|\.\.\.|<|\b[A-Z][A-Z0-9]+\b")


def _words(command: str) -> list[str]:
    """The command's words, without a shell redirection or comment."""
    words = shlex.split(command, comments=True)
    return words[:words.index(">")] if ">" in words else words


def _command_path(words: list[str]) -> tuple[click.Command, list[str], list[str]]:
    """The leaf click command the words name, its name path, and the words left for it."""
    command, path, rest = cli, [], words[1:]
    while isinstance(command, click.Group) and rest and rest[0] in command.commands:
        command = command.commands[rest[0]]
        path.append(rest.pop(0))
    return command, path, rest


def doc_examples() -> list[tuple[str, str]]:
    """(page, command) for every example outside a session, in page order."""
    found = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        outside = MARK.sub("", text)
        name = str(page.relative_to(REPO))
        found += [(name, line) for line in re.findall(r"^\$ (printkit .*)$", outside, re.MULTILINE)]
        for fence in FENCE.finditer(outside):
            if fence.group(1) == "sh":
                found += [(name, line.strip()) for line in fence.group(2).splitlines()
                          if line.strip().startswith("printkit ")]
        prose = FENCE.sub("", outside)
        for span in INLINE.findall(prose):
            words = " ".join(span.split())
            _, path, rest = _command_path(_words(words))
            if rest and not PLACEHOLDER.search(" ".join(rest)):
                found.append((name, words))
    return found


EXAMPLES = doc_examples()


def scratch(tmp_path, monkeypatch, words):
    """A folder holding the packs the pages' examples name (but the one a `printkit new` example starts)."""
    shutil.copytree(MINI, tmp_path / "cards" / "my-game")
    shutil.copytree(REPO / "tests" / "packs" / "creatures", tmp_path / "tests" / "packs" / "creatures")
    shutil.copytree(REPO / "tests" / "scaffold_csvs", tmp_path / "tests" / "scaffold_csvs")
    monkeypatch.chdir(tmp_path)
    # A home of its own, holding TTS's Saved Objects folder, for `export tts --tts-folder auto`.
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    saved_objects_folder(sys.platform, home).mkdir(parents=True)
    if words[1] != "new":
        assert CliRunner().invoke(cli, ["new", "cards/space-race"]).exit_code == 0


def test_examples_are_found_on_the_pages():
    commands = {_command_path(_words(command))[1][0] for _, command in EXAMPLES}
    assert {"build", "check", "layout", "simulate", "export"} <= commands


@pytest.mark.parametrize(("page", "command"), EXAMPLES, ids=[f"{p}: {c}" for p, c in EXAMPLES])
def test_every_example_runs_or_parses(page, command, tmp_path, monkeypatch):
    words = _words(command)
    scratch(tmp_path, monkeypatch, words)
    leaf, path, rest = _command_path(words)
    assert path and not isinstance(leaf, click.Group), f"{page}: {command!r} names no command"
    if "--watch" in rest:  # runs once, then Ctrl-C
        _, output = watch_command(monkeypatch, [w for w in words[1:] if w != "--watch"], [], lambda: None)
        assert "stopped watching" in output, f"{page}: {command!r}\n{output}"
        return
    if path[0] == "diff" or "--against" in rest:  # a repository whose main branch holds the pack as bundled
        git(tmp_path, "init", "-q", "-b", "main")
        shutil.copytree(REPO / "cards" / "gag-grab", tmp_path / "cards" / "gag-grab")
        git(tmp_path, "add", "-A")
        git(tmp_path, "commit", "-q", "-m", "as bundled")
    if rest and rest[0] == ".":  # run from inside the pack
        monkeypatch.chdir(tmp_path / "cards" / "space-race")
    result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
    assert result.exit_code == 0, f"{page}: {command!r}\n{result.output}"


def test_every_session_has_a_test():
    assert session_names() == set(SESSION_TESTS)
    for test in SESSION_TESTS.values():
        assert (REPO / test).is_file()


def _run_session(steps):
    for command, expected in steps:
        words = shlex.split(command)
        assert words[0] == "printkit"
        result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
        assert result.output.splitlines() == expected, command


@pytest.mark.parametrize("steps", sessions("check"))
def test_check_session(steps, tmp_path, monkeypatch):
    """`cards/my-game` is the test pack tests/checks/mini with one name mistyped, as the page says."""
    pack = tmp_path / "cards" / "my-game"
    shutil.copytree(MINI, pack)
    csv = pack / "gags.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("LU + Schroeder", "LU + Shroeder"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    _run_session(steps)


def test_explain_key_session():
    ((steps),) = sessions("explain-key")
    _run_session(steps)


def test_explain_says_what_a_key_holds_and_refuses_what_is_neither_key_nor_code():
    shown = CliRunner().invoke(cli, ["explain", "art.min_dpi"])
    assert shown.exit_code == 0 and shown.output.splitlines()[:3] == [
        "art.min_dpi: number, above 0 and ≤ 2,400", "  below this a picture is an error", "  default: 150"]
    table = CliRunner().invoke(cli, ["explain", "decks.*.back"])
    assert table.exit_code == 0 and "keys: " in table.output and "label" in table.output
    refused = CliRunner().invoke(cli, ["explain", "art.min_dip"])
    assert refused.exit_code == 2 and "no code or game.toml key 'art.min_dip'" in refused.output
    huge = CliRunner().invoke(cli, ["explain", "decks." + "x" * 100_000 + ".back"])
    assert huge.exit_code == 0 and len(huge.output) < 500  # the path is quoted clipped
    assert CliRunner().invoke(cli, ["explain", "a." * 100_000]).exit_code == 2


def test_tutorial_session(tmp_path, monkeypatch):
    ((steps),) = sessions("tutorial")
    (tmp_path / "cards").mkdir()
    monkeypatch.chdir(tmp_path)
    _run_session(steps)
    assert Path("output/space-race/cards.pdf").is_file()
