"""Write a set of files all or nothing, and only inside the output folder.

``write_files_atomically`` replaces a set of files (a pack's cards.pdf,
board.pdf, rules.pdf and PNGs) so that the folder holds either the whole old
set or the whole new one:

1. every target is checked to be replaceable (not a folder, its folder
   creatable) before anything is written;
2. every new file is written in full, and flushed to disk, under a temporary
   name beside its target (``.<name>.<random>.tmp``);
3. each existing target is kept as a backup (``.<name>.<random>.bak``, a hard
   link where the file system allows, so the target never disappears), and a
   journal (``.printkit-pending.json``) records the targets and their backups;
4. the new files are renamed into place, one atomic rename each;
5. the backups and the journal are removed.

If a rename fails, the files already replaced are put back from their backups
(and files that did not exist before are removed). If the process is killed
between renames, the next write into the same folder finds the journal and
restores the previous set before it starts. Temporary files and backups left
by a killed write are removed by the next one.
"""
from __future__ import annotations

import errno
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from .errors import PrintkitError


class OutsideOutput(PrintkitError, ValueError):
    """A target that would land outside the output folder."""


JOURNAL = ".printkit-pending.json"
# What mkstemp makes for us: '.' + target name + '.' + 8 random characters + suffix.
_LEFTOVER = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.(tmp|bak)$")


def target_in(out_dir: Path, *parts: str) -> Path:
    """``out_dir/parts...``, refusing anything that would escape ``out_dir``."""
    root = out_dir.resolve()
    target = root.joinpath(*parts).resolve()
    if root != target and root not in target.parents:
        raise OutsideOutput(f"refusing to write outside {out_dir}: {'/'.join(parts)}")
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _check_replaceable(targets: list[Path]) -> None:
    """OSError, before anything is written, for a target that a file cannot replace."""
    for target in targets:
        if target.is_dir() and not target.is_symlink():
            raise OSError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
        for parent in target.parents:
            if parent.exists():
                if not parent.is_dir():
                    raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(parent))
                break


def recover(folder: Path) -> None:
    """Finish what a killed write into ``folder`` left: restore the previous files, drop leftovers."""
    journal = folder / JOURNAL
    half = folder / (JOURNAL + ".new")  # a journal being written when the write was killed
    if half.is_file():
        half.unlink()
    if journal.is_file():
        try:
            entries = json.loads(journal.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            entries = []
        for entry in entries if isinstance(entries, list) else []:
            try:
                target = Path(entry["target"])
                backup = entry.get("backup")
            except (TypeError, KeyError):
                continue
            if folder.resolve() not in target.resolve().parents:
                continue  # a journal names only files under its own folder
            if backup and Path(backup).is_file():
                os.replace(backup, target)
            elif not backup and target.is_file():
                target.unlink()  # new in the killed write: not part of the previous set
            temp = entry.get("temp")
            if temp and Path(temp).is_file() and Path(temp).parent == target.parent:
                Path(temp).unlink()
        journal.unlink()
        _fsync_dir(folder)


def _remove_leftovers(folders: set[Path], tree: Path | None) -> None:
    """Temporary files and backups of killed writes: in ``folders``, and anywhere under ``tree``."""
    found = [path for folder in folders if folder.is_dir() for path in folder.iterdir()]
    if tree is not None and tree.is_dir():
        found += tree.rglob(".*")
    for path in found:
        if _LEFTOVER.match(path.name) and path.is_file() and not path.is_symlink():
            try:
                path.unlink()
            except OSError:
                pass  # another process's, or already gone: harmless either way


def _backup(target: Path) -> Path:
    """A copy of ``target`` beside it that survives its replacement: a hard link, or a copy."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".bak", dir=target.parent)
    os.close(fd)
    backup = Path(name)
    backup.unlink()
    try:
        os.link(target, backup)
    except OSError:
        shutil.copy2(target, backup)
    return backup


def write_files_atomically(files: dict[Path, bytes], tree: Path | None = None) -> None:
    """Replace all of ``files`` (target -> content) or none of them; see the module's description.

    ``tree`` is a folder that only this set of files lives in (a pack's output folder): leftovers of
    killed writes are removed from all of it, not only from the folders written to.
    """
    if not files:
        return
    targets = list(files)
    folders = {t.parent for t in targets}
    home = Path(os.path.commonpath([str(f) for f in folders]))
    if home.is_dir():
        recover(home)
    _remove_leftovers(folders, tree)
    _check_replaceable(targets)
    temps: dict[Path, Path] = {}
    backups: dict[Path, Path | None] = {}
    journal = home / JOURNAL
    done: list[Path] = []
    try:
        for target, data in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            temps[target] = Path(name)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(temps[target], 0o666 & ~_umask())  # mkstemp makes files private
        _check_replaceable(targets)  # again: the folders exist now
        for target in targets:
            backups[target] = _backup(target) if target.is_file() else None
        _write_journal(journal, targets, backups, temps)  # before the first rename
        for target in targets:
            os.replace(temps[target], target)
            done.append(target)
        for folder in folders:
            _fsync_dir(folder)
    except BaseException:
        for target in reversed(done):  # put the previous set back
            backup = backups.get(target)
            try:
                if backup is not None:
                    os.replace(backup, target)
                else:
                    target.unlink()
            except OSError:
                pass
        _discard(temps.values(), backups.values(), journal)
        raise
    _discard(temps.values(), backups.values(), journal)


def _write_journal(journal: Path, targets: list[Path], backups: dict[Path, Path | None],
                   temps: dict[Path, Path]) -> None:
    entries = [{"target": str(t), "backup": str(backups[t]) if backups[t] else None, "temp": str(temps[t])}
               for t in targets]
    journal.parent.mkdir(parents=True, exist_ok=True)
    temp = journal.with_name(journal.name + ".new")
    with open(temp, "w", encoding="utf-8") as f:
        json.dump(entries, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temp, journal)
    _fsync_dir(journal.parent)


def _discard(temps, backups, journal: Path) -> None:
    for path in [*temps, *(b for b in backups if b is not None)]:
        try:
            if path.exists():
                path.unlink()
        except OSError:
            pass
    try:
        journal.unlink()
    except FileNotFoundError:
        pass


RECORD = ".printkit-files"  # what the last export wrote into its folder, one relative path a line
MAX_RECORD = 1 << 20  # bytes: a record longer than any export writes is not ours, and is ignored


def replace_folder_files(files: dict[Path, bytes], folder: Path) -> None:
    """Write ``files`` (all inside ``folder``) atomically, then remove what the previous write into
    ``folder`` made and this one did not (a sheet a smaller deck no longer needs).

    Only files named in the folder's record, written by printkit, are ever removed;
    anything else in the folder is left alone.
    """
    folder = folder.resolve()
    names = sorted(str(path.resolve().relative_to(folder)).replace(os.sep, "/") for path in files)
    old = _recorded(folder)
    record = folder / RECORD
    write_files_atomically({**files, record: "".join(f"{n}\n" for n in names).encode("utf-8")}, tree=folder)
    for name in sorted(old - set(names)):
        try:
            stale = target_in(folder, *name.split("/"))
        except OutsideOutput:
            continue
        if stale.is_file() and not stale.is_symlink() and stale != record:
            try:
                stale.unlink()
            except OSError:
                pass  # left behind: harmless, and the next export tries again


def _recorded(folder: Path) -> set[str]:
    record = folder / RECORD
    try:
        if record.is_symlink() or not record.is_file() or record.stat().st_size > MAX_RECORD:
            return set()
        text = record.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    return {line for line in text.splitlines() if line and not line.startswith("/") and ".." not in line.split("/")}
