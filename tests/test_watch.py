"""Watching packs: runs on change, once per burst, never for the output; no real waiting."""
from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import MINI

from printkit.commands.cli import cli
from printkit.commands.watch import TooManyFiles, changed_files, output_excludes, snapshot, watch


class FakeTime:
    """A clock that moves only when slept on, running scheduled edits at given walks."""

    def __init__(self, edits: dict[int, Callable[[], object]] | None = None):
        self.now = 0.0
        self.walks = 0
        self.edits = edits or {}

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.walks += 1
        if self.walks in self.edits:
            self.edits[self.walks]()


def touch(path: Path, text: str = "changed") -> None:
    """Rewrite ``path`` with a new size and a clearly later mtime (coarse file systems too)."""
    old = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(path.read_text() + text if path.exists() else text)
    os.utime(path, ns=(old + 5_000_000_000, old + 5_000_000_000))


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    root.mkdir()
    (root / "game.toml").write_text("[game]\n")
    (root / "cards.csv").write_text("name\nA\n")
    (root / "rules.md").write_text("# Rules\n")
    return root


def run_watch(roots, edits=None, cycles=12, **kwargs) -> list[list[Path]]:
    fake = FakeTime(edits)
    calls: list[list[Path]] = []
    runs = watch(roots, calls.append, clock=fake.clock, sleep=fake.sleep, max_cycles=cycles, **kwargs)
    assert runs == len(calls)
    return calls


def test_no_change_means_only_the_first_run(pack):
    assert run_watch([pack]) == [[]]


def test_a_change_triggers_exactly_one_run(pack):
    calls = run_watch([pack], {2: lambda: touch(pack / "cards.csv")})
    assert calls == [[], [(pack / "cards.csv").resolve()]]


def test_a_burst_of_saves_triggers_one_run(pack):
    def save_all():
        touch(pack / "cards.csv")
        touch(pack / "rules.md")
    edits = {2: save_all, 3: lambda: touch(pack / "game.toml"), 4: lambda: touch(pack / "cards.csv", "again")}
    calls = run_watch([pack], edits, cycles=15)
    assert len(calls) == 2
    assert {p.name for p in calls[1]} == {"cards.csv", "rules.md", "game.toml"}


def test_changes_far_apart_run_twice(pack):
    calls = run_watch([pack], {2: lambda: touch(pack / "cards.csv"), 8: lambda: touch(pack / "rules.md")})
    assert [[p.name for p in c] for c in calls] == [[], ["cards.csv"], ["rules.md"]]


def test_a_deleted_file_counts_as_a_change(pack):
    calls = run_watch([pack], {2: (pack / "rules.md").unlink})
    assert calls == [[], [(pack / "rules.md").resolve()]]


def test_a_new_file_in_a_subfolder_counts(pack):
    def add():
        (pack / "art").mkdir()
        touch(pack / "art" / "fox.png")
    calls = run_watch([pack], {2: add})
    assert [p.name for p in calls[1]] == ["fox.png"]


def test_files_under_the_output_folder_are_ignored(pack):
    out = pack / "dist"
    def write_output():
        (out / "pack").mkdir(parents=True)
        touch(out / "pack" / "cards.pdf")
    calls = run_watch([pack], {2: write_output}, exclude=lambda root: output_excludes(root, out))
    assert calls == [[]]


def test_output_into_the_pack_folder_itself_ignores_only_what_a_build_writes(pack):
    excluded = output_excludes(pack, pack.parent)  # --out names the pack's parent
    assert (pack / "cards.pdf").resolve() in excluded and (pack / "png").resolve() in excluded
    calls = run_watch([pack], {2: lambda: touch(pack / "cards.pdf"), 5: lambda: touch(pack / "cards.csv")},
                      exclude=lambda root: excluded)
    assert [[p.name for p in c] for c in calls] == [[], ["cards.csv"]]


def test_output_folder_named_as_the_pack_folder_is_ignored(pack):
    # `--out pack` writes into pack/pack/; `--out .` (the pack's parent) would write into the pack itself
    assert output_excludes(pack, pack) == ((pack / pack.name).resolve(),)
    calls = run_watch([pack], {2: lambda: ((pack / pack.name).mkdir(), touch(pack / pack.name / "cards.pdf"))},
                      exclude=lambda root: output_excludes(root, pack))
    assert calls == [[]]


def test_an_output_folder_elsewhere_is_left_out_whole(pack, tmp_path):
    assert output_excludes(pack, tmp_path / "dist") == ((tmp_path / "dist").resolve(),)


def test_files_that_exist_only_while_saving_are_ignored(pack):
    calls = run_watch([pack], {2: lambda: (touch(pack / ".cards.pdf.abc.tmp"), touch(pack / "rules.md~"))})
    assert calls == [[]]


def test_version_control_folders_are_not_walked(pack):
    (pack / ".git").mkdir()
    touch(pack / ".git" / "index")
    assert all(".git" not in p.parts for p in snapshot(pack))


def test_at_most_the_limit_of_files(pack):
    with pytest.raises(TooManyFiles, match="at most 2 per pack"):
        snapshot(pack, limit=2)
    assert len(snapshot(pack, limit=3)) == 3


def test_changed_files_lists_added_removed_and_modified():
    a, b, c = Path("a"), Path("b"), Path("c")
    assert changed_files({a: (1, 1), b: (1, 1)}, {a: (2, 1), c: (1, 1)}) == [a, b, c]


def _interrupt_on_first_sleep(monkeypatch):
    def stop(seconds):
        raise KeyboardInterrupt
    monkeypatch.setattr("printkit.commands.watch.time.sleep", stop)


def test_check_watch_runs_once_then_ctrl_c_exits_0(monkeypatch, tmp_path):
    shutil.copytree(MINI, tmp_path / "mini")
    _interrupt_on_first_sleep(monkeypatch)
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "mini"), "--watch"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "] checking mini" in result.output
    assert "checked 1 pack (mini: " in result.output
    assert "stopped watching" in result.output


def test_watch_refuses_a_folder_with_too_many_files(monkeypatch, tmp_path):
    shutil.copytree(MINI, tmp_path / "mini")
    monkeypatch.setattr("printkit.commands.watch.MAX_FILES", 2)
    _interrupt_on_first_sleep(monkeypatch)  # never wait, even if the limit were not hit
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "mini"), "--watch"], catch_exceptions=False)
    assert result.exit_code == 2
    assert "at most 2 per pack" in result.output
    assert "checked" not in result.output  # refused before the first run
