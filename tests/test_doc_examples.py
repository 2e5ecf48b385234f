"""Every `printkit` command the README and the docs/ pages show runs, or at least parses, as written.

An example is a line ``$ printkit ...`` in a console block, a line starting
``printkit`` in a ```` ```sh ```` block, or an inline `printkit ...` with
at least one argument and no placeholder (`NAME`, `[--paper ...]`,
`<folder>`). Lines inside a ``<!-- docs-run: NAME -->`` session are run with
their output compared, by the test ``SESSION_TESTS`` names; the rest are
handled here:

- ``RUN``: `check`, `explain`, `layout`, `new` and `calibrate` are cheap, so
  they run for real in a scratch folder holding the packs the pages name
  (`cards/my-game`, `cards/space-race`, `tests/packs/creatures`,
  `tests/scaffold_csvs`), and must exit 0;
- the others (`build`, `diff`, `export`, `simulate`, and anything with
  `--watch`, which never ends) take seconds to minutes, or need a git
  history, so they are only parsed: click must accept the command, its
  options and their values (ranges and choices included).
"""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import MINI, REPO
from readme_sessions import MARK, SESSION_TESTS, pages, session_names, sessions

from printkit.commands.cli import cli

RUN = {"check", "explain", "layout", "new", "calibrate", "schema"}
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
    if path[0] in RUN and "--watch" not in rest:
        result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
        assert result.exit_code == 0, f"{page}: {command!r}\n{result.output}"
    else:
        with leaf.make_context(" ".join(["printkit", *path]), rest):
            pass  # parsing raises a UsageError for an unknown option or a bad value


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


def test_tutorial_session(tmp_path, monkeypatch):
    ((steps),) = sessions("tutorial")
    (tmp_path / "cards").mkdir()
    monkeypatch.chdir(tmp_path)
    _run_session(steps)
    assert Path("output/space-race/cards.pdf").is_file()
