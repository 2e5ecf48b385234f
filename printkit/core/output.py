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

A journal, like every record printkit keeps in an output folder, may have
been forged (the folder came from a cloned repository or an archive): every
path it names must lie in the output folder, beside its target, with a name
printkit gives its temporary files; any other entry is ignored with a
warning. Such records are read only from plain files, never from a FIFO or
a device, which could block the read for ever.

One process writes into an output folder at a time: ``output_lock`` holds
an advisory lock (``fcntl.flock`` on ``.printkit-lock``, removed when the
writer is done) which the system releases when the process ends, however it
ends. A second writer waits up to ``LOCK_WAIT`` seconds, then is refused.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import PrintkitError
from .folders import walk_files


class OutsideOutput(PrintkitError, ValueError):
    """A target that would land outside the output folder."""


class NotPlainFile(PrintkitError):
    """A file printkit reads or replaces that is a FIFO, a device, a socket or a link."""

    def __init__(self, path: Path):
        super().__init__(f"{path} is not a plain file (a FIFO, a device or a link): printkit reads and "
                         "writes only plain files here, so remove it or choose another path")
        self.path = path


class OutputBusy(PrintkitError):
    """Another printkit process is writing into the same output folder."""

    def __init__(self, folder: Path, waited: float):
        super().__init__(f"{folder} is being written by another printkit process (waited {waited:g} s); "
                         "run one build or export into a folder at a time")


JOURNAL = ".printkit-pending.json"
LOCK = ".printkit-lock"
LOCK_WAIT = 10.0  # seconds a second writer waits for the first to finish writing
MAX_JOURNAL = 1 << 20  # bytes: a journal longer than any write makes is not ours
# What mkstemp makes for us: '.' + target name + '.' + 8 random characters + suffix.
_LEFTOVER = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.(tmp|bak)$")


def target_in(out_dir: Path, *parts: str) -> Path:
    """``out_dir/parts...``, refusing anything that would escape ``out_dir``."""
    root = out_dir.resolve()
    target = root.joinpath(*parts).resolve()
    if root != target and root not in target.parents:
        raise OutsideOutput(f"refusing to write outside {out_dir}: {'/'.join(parts)}")
    return target


def is_special(path: Path) -> bool:
    """Whether ``path`` exists (links followed) as something other than a plain file or a folder: a FIFO,
    which would block a writer, a device or a socket. What a user names as an output is refused so, before
    any work (see printkit.commands.cliutil)."""
    try:
        mode = path.stat().st_mode
    except OSError:  # absent, or not reachable: the write itself says why
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _refuse_special(path: Path) -> None:
    """NotPlainFile when ``path`` exists and is not a regular file (links included); nothing when it is absent."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        raise NotPlainFile(path)


def _open_plain(path: Path, flags: int) -> int:
    """A descriptor of the regular file ``path``: never blocks on a FIFO, never follows a link."""
    _refuse_special(path)
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO):  # a link, or a FIFO with no reader, put there meanwhile
            raise NotPlainFile(path) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotPlainFile(path)
    return fd


def read_plain(path: Path, limit: int) -> bytes | None:
    """The bytes of the regular file ``path``; None when it is absent or longer than ``limit`` bytes.

    NotPlainFile when something else (a FIFO, a device, a link) is there.
    """
    try:
        fd = _open_plain(path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as f:
        data = f.read(limit + 1)
    return None if len(data) > limit else data


_held: dict[Path, int] = {}  # output folders this process holds the lock of -> how many holds


@contextmanager
def output_lock(folder: Path, wait: float | None = None) -> Iterator[None]:
    """Be the only printkit process writing into ``folder`` for this block (it may nest)."""
    folder = folder.resolve()
    if folder in _held:
        _held[folder] += 1
        try:
            yield
        finally:
            _held[folder] -= 1
        return
    wait = LOCK_WAIT if wait is None else wait
    folder.mkdir(parents=True, exist_ok=True)
    lock = folder / LOCK
    deadline = time.monotonic() + wait
    while True:
        fd = _open_plain(lock, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() >= deadline:
                raise OutputBusy(folder, wait) from None
            time.sleep(0.05)
            continue
        if _same_file(fd, lock):
            break
        os.close(fd)  # its holder removed it as we waited: lock the one there now
    _held[folder] = 1
    try:
        yield
    finally:
        del _held[folder]
        try:
            lock.unlink()  # while still held, so no one waits on a file that is gone
        except OSError:
            pass
        os.close(fd)  # releases the lock (the system does the same when the process dies)


def _same_file(fd: int, path: Path) -> bool:
    try:
        info = path.lstat()
    except OSError:
        return False
    mine = os.fstat(fd)
    return (info.st_dev, info.st_ino) == (mine.st_dev, mine.st_ino)


def _warn(message: str) -> None:
    print(f"printkit: warning: {message}", file=sys.stderr)


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
        if target.exists() and not target.is_symlink() and not target.is_file():
            raise NotPlainFile(target)  # a FIFO or a device: never replaced, never written to
        for parent in target.parents:
            if parent.exists():
                if not parent.is_dir():
                    raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(parent))
                break


def recover(folder: Path) -> None:
    """Finish what a killed write into ``folder`` left: restore the previous files, drop leftovers.

    Entries of the journal that name anything but a file in ``folder`` and, beside it, a temporary
    file of printkit's are ignored with a warning: a forged journal is never acted on.
    """
    journal = folder / JOURNAL
    half = folder / (JOURNAL + ".new")  # a journal being written when the write was killed
    if half.is_file() and not half.is_symlink():
        half.unlink()
    data = read_plain(journal, MAX_JOURNAL)
    if data is None:
        if journal.exists():  # longer than any journal printkit writes
            _warn(f"ignoring {journal}: it is not a journal printkit wrote")
            journal.unlink()
        return
    try:
        entries = json.loads(data.decode("utf-8"))
    except ValueError:
        entries = []
    root = folder.resolve()
    for entry in entries if isinstance(entries, list) else []:
        try:
            target, backup, temp = _journal_entry(root, entry)
        except ValueError as exc:
            _warn(f"ignoring an entry of {journal}: {exc}")
            continue
        if backup is not None and backup.is_file():
            os.replace(backup, target)
        elif backup is None and target.is_file() and not target.is_symlink():
            target.unlink()  # new in the killed write: not part of the previous set
        if temp is not None and temp.is_file():
            temp.unlink()
    journal.unlink()
    _fsync_dir(folder)


def _journal_entry(root: Path, entry: object) -> tuple[Path, Path | None, Path | None]:
    """(target, backup, temp) of a journal entry, each checked to lie in ``root``; ValueError if not."""
    if not isinstance(entry, dict) or not isinstance(entry.get("target"), str):
        raise ValueError("it names no target")
    target = Path(entry["target"])
    if not target.is_absolute() or root not in target.resolve().parents:
        raise ValueError(f"{target} is outside the output folder {root}")
    target = target.resolve()
    found: list[Path | None] = []
    for key in ("backup", "temp"):
        value = entry.get(key)
        if value is None:
            found.append(None)
            continue
        path = Path(value) if isinstance(value, str) else None
        if (path is None or not path.is_absolute() or path.parent.resolve() != target.parent
                or not _LEFTOVER.match(path.name) or path.is_symlink()):
            raise ValueError(f"its {key} {value!r} is not a temporary file of printkit's beside {target.name}")
        found.append(target.parent / path.name)
    return target, found[0], found[1]


def _remove_leftovers(folders: set[Path], tree: Path | None) -> None:
    """Temporary files and backups of killed writes: in ``folders``, and anywhere under ``tree``
    (to MAX_DEPTH folders down: printkit writes nothing deeper)."""
    found = [path for folder in folders if folder.is_dir() for path in folder.iterdir()]
    if tree is not None and tree.is_dir():
        found += walk_files(tree, deeper="skip")
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
    if tree is not None:  # a folder of printkit's own: one writer at a time
        with output_lock(tree):
            _write_files(files, tree)
    else:
        _write_files(files, None)


def _write_files(files: dict[Path, bytes], tree: Path | None) -> None:
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


RECORD = ".printkit-files"  # what the last export wrote into its folder: '<sha256>  <relative path>' a line
MAX_RECORD = 1 << 20  # bytes: a record longer than any export writes is not ours, and is ignored
_RECORD_LINE = re.compile(r"^([0-9a-f]{64})  (.+)$")


def replace_folder_files(files: dict[Path, bytes], folder: Path) -> None:
    """Write ``files`` (all inside ``folder``) atomically, then remove what the previous write into
    ``folder`` made and this one did not (a sheet a smaller deck no longer needs).

    Only files named in the folder's record, inside it, whose bytes are still those printkit wrote
    (their SHA-256 is in the record) are ever removed; anything else in the folder is left alone.
    """
    folder = folder.resolve()
    with output_lock(folder):
        written = {str(path.resolve().relative_to(folder)).replace(os.sep, "/"): data for path, data in files.items()}
        old = _recorded(folder)
        record = folder / RECORD
        lines = "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in sorted(written.items()))
        write_files_atomically({**files, record: lines.encode("utf-8")}, tree=folder)
        for name in sorted(old.keys() - written.keys()):
            try:
                stale = target_in(folder, *name.split("/"))
            except OutsideOutput:
                continue
            if stale != record and _holds(stale, old[name]):
                try:
                    stale.unlink()
                except OSError:
                    pass  # left behind: harmless, and the next export tries again


def _holds(path: Path, digest: str) -> bool:
    """Whether ``path`` is a regular file (not a link) whose bytes have the SHA-256 ``digest``."""
    try:
        fd = _open_plain(path, os.O_RDONLY)
    except (OSError, NotPlainFile):
        return False
    sha = hashlib.sha256()
    with os.fdopen(fd, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest() == digest


def _recorded(folder: Path) -> dict[str, str]:
    """The folder's record: relative path -> SHA-256 of the bytes printkit wrote there.

    Lines without a hash (records of older versions) or naming a path that leaves the folder are
    left out: nothing they name is ever removed.
    """
    data = read_plain(folder / RECORD, MAX_RECORD)
    try:
        text = data.decode("utf-8") if data is not None else ""
    except UnicodeDecodeError:
        return {}
    found: dict[str, str] = {}
    for line in text.splitlines():
        match = _RECORD_LINE.match(line)
        if match and not match[2].startswith("/") and ".." not in match[2].split("/"):
            found[match[2]] = match[1]
    return found
