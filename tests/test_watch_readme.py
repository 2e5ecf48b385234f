"""The tutorial's `--watch` session, run as written on the pack `printkit new` starts: the output must be the
one shown, but for the clock."""
from __future__ import annotations

import re
import shlex

from click.testing import CliRunner
from readme_sessions import sessions
from test_watch_rebuild import edit, watch_command

from printkit.commands.cli import cli

CLOCK = re.compile(r"^\[\d\d:\d\d:\d\d\] ")


def test_the_readme_watch_session(tmp_path, monkeypatch):
    ((command, expected),) = sessions("watch")[0]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    assert CliRunner().invoke(cli, ["new", "cards/space-race"]).exit_code == 0
    words = shlex.split(command)
    assert words[0] == "printkit" and words[-1] == "--watch"
    mistype = lambda: edit(tmp_path / "cards" / "space-race" / "cards.csv", "Squall,2,2,event", "Squall,2,2,evnt")  # noqa: E731
    _, output = watch_command(monkeypatch, words[1:-1], [mistype], lambda: None)
    assert [CLOCK.sub("[hh:mm:ss] ", line) for line in output.splitlines()] == \
        [CLOCK.sub("[hh:mm:ss] ", line) for line in expected]
