"""Hostile files around the output: forged journals and records, FIFOs, deep folders, killed and concurrent runs."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO

from printkit.commands.cli import cli
from printkit.core import output
from printkit.core.folders import MAX_DEPTH, FolderTooDeep, walk_files
from printkit.core.output import JOURNAL, LOCK, RECORD, NotPlainFile, write_files_atomically
from printkit.diff.sources import pack_files
from printkit.rules.balance import CACHE_NAME, BalanceCache
from printkit.commands.watch import snapshot

TIMEOUT = 120


@pytest.fixture
def nest():
    """``nest(folder, depth)``: ``depth`` folders 'd' nested under ``folder``; removed bottom up afterwards
    (shutil.rmtree, which pytest cleans up with, recurses)."""
    made: list[Path] = []

    def make(folder: Path, depth: int) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        for _ in range(depth):
            folder = folder / "d"
            folder.mkdir()
            made.append(folder)
        return folder

    yield make
    for folder in reversed(made):
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    copy = tmp_path / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", copy)
    return copy


def _build(pack: Path, out: Path):
    return CliRunner().invoke(cli, ["build", str(pack), "--out", str(out)])


# 1. A forged crash-recovery journal is never acted on outside the output folder.

def test_a_journal_whose_backup_lies_outside_the_output_is_ignored_with_a_warning(pack, tmp_path):
    out = tmp_path / "out"
    (out / "gag-grab").mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("the user's own file")
    elsewhere = tmp_path / "elsewhere.txt"
    entries = [{"target": str(out / "gag-grab" / "cards.pdf"), "backup": str(victim), "temp": None},
               {"target": str(elsewhere), "backup": None, "temp": None},  # a target outside
               {"target": str(out / "gag-grab" / "rules.pdf"), "backup": None, "temp": str(victim)}]
    elsewhere.write_text("also the user's")
    (out / "gag-grab" / JOURNAL).write_text(json.dumps(entries))
    result = _build(pack, out)
    assert result.exit_code == 0, result.output
    assert victim.read_text() == "the user's own file" and elsewhere.read_text() == "also the user's"
    assert "warning: ignoring an entry of" in result.output
    assert f"its backup '{victim}' is not a temporary file of printkit's beside cards.pdf" in result.output
    assert f"{elsewhere} is outside the output folder" in result.output
    assert not (out / "gag-grab" / JOURNAL).exists()
    assert (out / "gag-grab" / "cards.pdf").read_bytes().startswith(b"%PDF-")


def test_a_journal_backup_reached_through_a_link_to_outside_is_ignored(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    victim_dir = tmp_path / "home"
    victim_dir.mkdir()
    victim = victim_dir / ".cards.pdf.abcd1234.bak"  # named like a backup, but outside
    victim.write_text("keep")
    (folder / "link").symlink_to(victim_dir)
    target = folder / "cards.pdf"
    entry = {"target": str(target), "backup": str(folder / "link" / victim.name), "temp": None}
    (folder / JOURNAL).write_text(json.dumps([entry]))
    output.recover(folder)
    assert victim.read_text() == "keep" and not target.exists()


# 2. A forged export record removes only files whose bytes printkit wrote.

def test_a_forged_export_record_does_not_remove_the_users_files(tmp_path):
    out = tmp_path / "out"
    run = CliRunner().invoke(cli, ["export", "tts", "gag-grab", "--out", str(out)])
    assert run.exit_code == 0, run.output
    folder = out / "gag-grab" / "tts"
    mine = folder / "notes.txt"
    mine.write_text("my notes")
    hashed_wrongly = "0" * 64
    record = (folder / RECORD).read_text()
    (folder / RECORD).write_text(record + f"{hashed_wrongly}  notes.txt\n" + "notes.txt\n")
    again = CliRunner().invoke(cli, ["export", "tts", "gag-grab", "--out", str(out)])
    assert again.exit_code == 0, again.output
    assert mine.read_text() == "my notes"
    # The record names each file written with the SHA-256 of its bytes.
    for line in (folder / RECORD).read_text().splitlines():
        digest, name = line.split("  ", 1)
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest


def test_a_recorded_file_the_user_changed_is_kept(tmp_path):
    folder = tmp_path / "tts"
    output.replace_folder_files({folder / "a.png": b"1", folder / "b.png": b"2"}, folder)
    (folder / "b.png").write_bytes(b"edited by the user")
    output.replace_folder_files({folder / "a.png": b"1"}, folder)
    assert (folder / "b.png").read_bytes() == b"edited by the user"


# 3. FIFOs and devices where a record, journal or cache goes: refused, never read or written.

def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_a_fifo_as_the_journal_refuses_the_build_without_hanging(pack, tmp_path):
    out = tmp_path / "out"
    fifo = _fifo(out / "gag-grab" / JOURNAL)
    started = time.monotonic()
    result = _build(pack, out)
    assert time.monotonic() - started < 60
    assert result.exit_code == 1
    assert f"{fifo} is not a plain file (a FIFO, a device or a link)" in result.output


def test_a_fifo_as_the_export_record_refuses_the_export(tmp_path):
    out = tmp_path / "out"
    fifo = _fifo(out / "gag-grab" / "tts" / RECORD)
    result = CliRunner().invoke(cli, ["export", "tts", "gag-grab", "--out", str(out)])
    assert result.exit_code == 1 and f"{fifo} is not a plain file" in result.output


def test_a_fifo_as_the_balance_cache_is_refused_not_read(tmp_path):
    _fifo(tmp_path / CACHE_NAME)
    with pytest.raises(NotPlainFile):
        BalanceCache(tmp_path).get("key")


def test_an_output_that_is_a_fifo_or_a_device_is_refused(tmp_path):
    fifo = _fifo(tmp_path / "proof.pdf")
    with pytest.raises(NotPlainFile):
        write_files_atomically({fifo: b"%PDF-"})
    assert Path("/dev/null").exists()
    with pytest.raises(NotPlainFile):
        write_files_atomically({Path("/dev/null"): b"x"})


def test_diff_proof_to_a_fifo_is_refused(tmp_path):
    old, new = tmp_path / "old" / "gag-grab", tmp_path / "new" / "gag-grab"
    for side in (old, new):
        shutil.copytree(REPO / "cards" / "gag-grab", side)
    gags = new / "gags.csv"
    gags.write_text(gags.read_text(encoding="utf-8").replace("Shortstop,3,SN x2", "Shortstop,3,SN x3"),
                    encoding="utf-8", newline="")
    fifo = _fifo(tmp_path / "proof.pdf")
    result = CliRunner().invoke(cli, ["diff", str(old), str(new), "--proof", str(fifo)])
    # Refused as the command line is read (tests/checks/test_balance_budget_findings.py: before any comparing)
    assert result.exit_code == 2 and "is a FIFO, a device or a socket" in result.output


# 4. A diff killed with SIGTERM removes its temporary checkout.

def test_sigterm_removes_the_temporary_checkout(tmp_path):
    temp = tmp_path / "temp"
    temp.mkdir()
    subprocess.run(["git", "init", "-q", str(tmp_path / "repo")], check=True)
    script = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from printkit.diff.git import _extracted
        from printkit.commands.runner import run_command

        def body():
            with _extracted(Path({str(tmp_path / "repo")!r}), [], "gag-grab") as root:
                print(root, flush=True)
                time.sleep(60)

        sys.exit(run_command(body))
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "TMPDIR": str(temp)}, cwd=REPO)
    root = Path(child.stdout.readline().strip())
    assert root.is_dir() and root.parent.name.startswith("printkit-diff-")
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=30) == 130
    assert "interrupted" in child.stderr.read()
    assert list(temp.iterdir()) == []


# 5. One writer per output folder.

HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from printkit.core.output import output_lock

    with output_lock(Path(sys.argv[1])):
        print("locked", flush=True)
        time.sleep(float(sys.argv[2]))
""")


def _holder(folder: Path, seconds: float) -> subprocess.Popen:
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), str(seconds)], stdout=subprocess.PIPE,
                             text=True, cwd=REPO)
    assert child.stdout.readline().strip() == "locked"
    return child


def test_a_second_build_into_a_locked_folder_is_refused_after_waiting(pack, tmp_path, monkeypatch):
    out = tmp_path / "out"
    holder = _holder(out / "gag-grab", 30)
    try:
        monkeypatch.setattr(output, "LOCK_WAIT", 0.5)
        result = _build(pack, out)
        assert result.exit_code == 1
        assert (f"{(out / 'gag-grab').resolve()} is being written by another printkit process (waited 0.5 s)"
                in result.output)
        assert not (out / "gag-grab" / "cards.pdf").exists()
    finally:
        holder.kill()
        holder.wait()
    # The system released the killed holder's lock: the next build goes ahead.
    assert _build(pack, out).exit_code == 0
    assert not (out / "gag-grab" / LOCK).exists()


def test_a_second_export_waits_for_the_first_writer(tmp_path):
    out = tmp_path / "out"
    holder = _holder(out / "gag-grab" / "tts", 1.0)
    result = CliRunner().invoke(cli, ["export", "tts", "gag-grab", "--out", str(out)])
    holder.wait(timeout=30)
    assert result.exit_code == 0, result.output
    assert (out / "gag-grab" / "tts" / "gag-grab.json").is_file()


def test_concurrent_builds_into_one_folder_leave_one_whole_set(pack, tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, "-m", "printkit", "build", str(pack), "--out", str(out)]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
            for _ in range(2)]
    for run in runs:
        assert run.wait(timeout=TIMEOUT) == 0, run.stderr.read()
    alone = tmp_path / "alone"
    assert _build(pack, alone).exit_code == 0
    files = sorted(p.name for p in (out / "gag-grab").iterdir())
    assert files == sorted(p.name for p in (alone / "gag-grab").iterdir())
    for name in files:  # builds are deterministic: any whole set is the set built alone
        assert (out / "gag-grab" / name).read_bytes() == (alone / "gag-grab" / name).read_bytes()


# 6. Folders nested deeper than printkit walks.

def test_the_walker_refuses_a_tree_deeper_than_its_limit_without_recursing(tmp_path, nest):
    nest(tmp_path / "pack", 1500)  # deeper than Python's recursion limit
    with pytest.raises(FolderTooDeep, match=f"nested more than {MAX_DEPTH} deep"):
        list(walk_files(tmp_path / "pack"))
    assert list(walk_files(tmp_path / "pack", deeper="skip")) == []
    (nest(tmp_path / "ok", MAX_DEPTH) / "x.txt").write_text("x")
    assert [p.name for p in walk_files(tmp_path / "ok")] == ["x.txt"]


def test_check_watch_on_a_deep_pack_is_a_usage_error(pack, nest):
    nest(pack / "art", 1500)
    result = CliRunner().invoke(cli, ["check", "--watch", str(pack)])
    assert result.exit_code == 2
    assert f"printkit reads at most {MAX_DEPTH} levels of folders" in result.output
    with pytest.raises(FolderTooDeep):
        snapshot(pack)
    with pytest.raises(FolderTooDeep):
        pack_files(pack)


def test_build_and_export_into_a_deep_output_folder(pack, tmp_path, nest):
    out = tmp_path / "out"
    nest(out / "gag-grab" / "png", 1500)
    nest(out / "gag-grab" / "tts", 1500)
    assert _build(pack, out).exit_code == 0
    result = CliRunner().invoke(cli, ["export", "tts", str(pack), "--out", str(out)])
    assert result.exit_code == 0, result.output


def test_the_bundled_packs_still_build(tmp_path):
    for name in ("gag-grab", "many-faces"):
        assert _build(REPO / "cards" / name, tmp_path).exit_code == 0
