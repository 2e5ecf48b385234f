"""The output folder holds one consistent set of files: all old or all new, whatever goes wrong."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO

from printkit.core import output
from printkit.commands.cli import cli
from printkit.core.output import JOURNAL, RECORD, recover, replace_folder_files, write_files_atomically

TIMEOUT = 120


def _state(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (hidden ones too) with a digest of its content."""
    return {str(p.relative_to(folder)): hashlib.md5(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*") if p.name.startswith(".")]


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    """A scratch copy of gag-grab, built once into tmp/out."""
    pack = tmp_path / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", pack)
    out = tmp_path / "out"
    assert CliRunner().invoke(cli, ["build", str(pack), "--out", str(out)]).exit_code == 0
    return pack, out


def _change_everything(pack: Path) -> None:
    """An edit that changes cards.pdf, board.pdf and rules.pdf alike."""
    toml = pack / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('title = "Peanuts Gag Grab"', 'title = "Gag Grab II"'),
                    encoding="utf-8")


def test_an_output_that_is_a_folder_leaves_every_old_file_and_no_temporaries(built):
    pack, out = built
    folder = out / "gag-grab"
    (folder / "rules.pdf").unlink()
    (folder / "rules.pdf").mkdir()
    before = _state(folder)
    _change_everything(pack)
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(out)])
    assert result.exit_code == 1
    assert "not built: Is a directory" in result.output and "rules.pdf" in result.output
    assert _state(folder) == before  # the old cards.pdf and board.pdf, untouched
    assert _leftovers(folder) == []


def test_a_rename_that_fails_midway_rolls_back_to_the_previous_set(built, monkeypatch):
    pack, out = built
    folder = out / "gag-grab"
    before = _state(folder)
    real = output.os.replace
    calls = []

    def flaky(src, dst):
        calls.append(dst)
        if str(dst).endswith("rules.pdf") and str(src).endswith(".tmp"):
            raise PermissionError(13, "Permission denied", str(dst))
        return real(src, dst)

    monkeypatch.setattr(output.os, "replace", flaky)
    _change_everything(pack)
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(out)])
    assert result.exit_code == 1 and "not built: Permission denied" in result.output
    assert any(str(c).endswith("cards.pdf") for c in calls)  # cards.pdf had been replaced, then restored
    assert _state(folder) == before
    assert _leftovers(folder) == []


def test_a_failed_first_build_leaves_nothing_behind(tmp_path, monkeypatch):
    target = tmp_path / "out" / "pack"
    real = output.os.replace

    def flaky(src, dst):
        if str(dst).endswith("b.pdf"):
            raise OSError(28, "No space left on device", str(dst))
        return real(src, dst)

    monkeypatch.setattr(output.os, "replace", flaky)
    with pytest.raises(OSError):
        write_files_atomically({target / "a.pdf": b"new a", target / "b.pdf": b"new b"})
    assert _state(target) == {}


def _killed_between_renames(folder: Path) -> None:
    """Replace a.pdf and b.pdf in a child process killed right after the first rename."""
    script = textwrap.dedent(f"""
        import os, sys
        from pathlib import Path
        from printkit.core import output
        real = output.os.replace
        def replace(src, dst):
            real(src, dst)
            if str(dst).endswith(".pdf"):
                os._exit(9)  # killed: no cleanup, no rollback
        output.os.replace = replace
        folder = Path({str(folder)!r})
        output.write_files_atomically({{folder / "a.pdf": b"new a", folder / "b.pdf": b"new b",
                                        folder / "png" / "c.png": b"new c"}})
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, timeout=TIMEOUT, capture_output=True)
    assert done.returncode == 9, done.stderr


def test_a_write_killed_between_renames_is_undone_by_the_next(tmp_path):
    folder = tmp_path / "out" / "pack"
    write_files_atomically({folder / "a.pdf": b"old a", folder / "b.pdf": b"old b"})
    _killed_between_renames(folder)
    assert (folder / "a.pdf").read_bytes() == b"new a" and (folder / "b.pdf").read_bytes() == b"old b"
    assert (folder / JOURNAL).is_file()  # the killed write left its journal and temporaries
    recover(folder)
    assert (folder / "a.pdf").read_bytes() == b"old a" and (folder / "b.pdf").read_bytes() == b"old b"
    assert not (folder / "png" / "c.png").exists()
    write_files_atomically({folder / "a.pdf": b"newer a", folder / "b.pdf": b"newer b"})
    assert _state(folder) == {"a.pdf": hashlib.md5(b"newer a").hexdigest(),
                              "b.pdf": hashlib.md5(b"newer b").hexdigest()}  # no .tmp, .bak or journal


def test_the_next_build_restores_and_cleans_up_after_a_killed_one(built):
    pack, out = built
    folder = out / "gag-grab"
    before = _state(folder)
    (folder / ".cards.pdf.abcd1234.tmp").write_bytes(b"half a file")  # from a build killed while writing
    (folder / "png").mkdir()
    (folder / "png" / ".back.png.x_y_z_12.tmp").write_bytes(b"half")
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(out)])
    assert result.exit_code == 0
    assert _state(folder) == {k: v for k, v in before.items()}
    assert _leftovers(folder) == []


def test_a_rebuild_with_nothing_changed_is_byte_identical(built):
    pack, out = built
    before = _state(out)
    assert CliRunner().invoke(cli, ["build", str(pack), "--out", str(out)]).exit_code == 0
    assert _state(out) == before


def test_an_export_folder_loses_only_the_files_its_previous_export_wrote(tmp_path):
    folder = tmp_path / "out" / "pack" / "tts"
    outside = tmp_path / "out" / "pack" / "cards.pdf"
    outside.parent.mkdir(parents=True)
    outside.write_bytes(b"keep")
    replace_folder_files({folder / "a.png": b"1", folder / "b.png": b"2", folder / "sub" / "c.png": b"3"}, folder)
    (folder / "mine.txt").write_text("a file the user put here")
    replace_folder_files({folder / "a.png": b"new"}, folder)
    assert (folder / "a.png").read_bytes() == b"new"
    assert not (folder / "b.png").exists() and not (folder / "sub" / "c.png").exists()
    assert (folder / "mine.txt").exists() and outside.read_bytes() == b"keep"
    assert (folder / RECORD).read_text() == f"{hashlib.sha256(b'new').hexdigest()}  a.png\n"
    # A record edited to name files outside the folder removes nothing there.
    keep = hashlib.sha256(b"keep").hexdigest()
    (folder / RECORD).write_text(f"{keep}  ../cards.pdf\n{keep}  /etc/hostname\n"
                                 f"{hashlib.sha256(b'new').hexdigest()}  a.png\n")
    replace_folder_files({folder / "z.png": b"z"}, folder)
    assert outside.read_bytes() == b"keep" and not (folder / "a.png").exists()
