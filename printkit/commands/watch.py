"""Re-run a command whenever a pack's files change: ``printkit build --watch`` and ``check --watch``.

Watching is polling: every half second each pack folder is walked and every
file's modification time and size compared with the last walk. That needs
no native library and behaves the same on every system and file share. A
burst of saves (an editor writing a backup, then the file) causes one run:
a run waits until the files have stayed still for the debounce time (the
quiet period).

A file can still change while a run reads it, or change without its time
and size telling (within one tick of a coarse clock): so the bytes of every
file are hashed just before each run and again just after it, and a file
whose bytes differ is a change like any other, which runs again once the
files are still. A half-written file that a run read is thus read again
when it is finished.
"""
from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from ..core.errors import UsageProblem
from ..core.folders import walk_files

MAX_FILES = 10_000  # per pack; a bigger folder is almost surely not only a pack
INTERVAL = 0.5  # seconds between walks
DEBOUNCE = 0.3  # seconds the files must stay unchanged before a run
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", "__pycache__", ".venv", "node_modules"})
OUTPUT_NAMES = ("cards.pdf", "board.pdf", "rules.pdf", "png", ".printkit-lock")  # what a build writes into its folder

Snapshot = dict[Path, tuple[int, int]]  # file -> (mtime in ns, size)
Digests = dict[Path, bytes | None]  # file -> a hash of its bytes (None: not a plain file, or unreadable)


class TooManyFiles(UsageProblem):
    """A pack folder holding more files than printkit will watch."""

    def __init__(self, root: Path, limit: int):
        super().__init__(f"{root} holds more than {limit:,} files; printkit watches at most "
                         f"{limit:,} per pack, so move the others out of the pack folder")
        self.root = root


def output_excludes(root: Path, out_dir: Path) -> tuple[Path, ...]:
    """What a build of ``root`` into ``out_dir`` writes, so that watching ignores it.

    A build writes into ``out_dir/<pack id>``. Normally the whole output
    folder is left out. When that folder holds the pack (``--out .``), only
    the pack's own output folder is; and when the output folder is the pack
    folder itself, only the files a build writes, or nothing would be
    watched.
    """
    pack, out = root.resolve(), out_dir.resolve()
    target = out / root.name
    if target == pack:
        return tuple(pack / name for name in OUTPUT_NAMES)
    if out == pack or out in pack.parents:
        return (target,)
    return (out,)


def snapshot(root: Path, exclude: Iterable[Path] = (), limit: int = MAX_FILES) -> Snapshot:
    """Every file under ``root`` (links not followed) with its mtime and size, less ``exclude``."""
    root = root.resolve()
    skipped = {p.resolve() for p in exclude}
    found: Snapshot = {}
    for path in walk_files(root, skip=lambda folder: folder.name in SKIPPED_DIRS or folder in skipped):
        if path in skipped or _is_temporary(path.name):
            continue
        try:
            info = path.stat()
        except OSError:  # gone since the folder was listed: it counts as deleted
            continue
        if len(found) >= limit:
            raise TooManyFiles(root, limit)
        found[path] = (info.st_mtime_ns, info.st_size)
    return found


def _is_temporary(name: str) -> bool:
    """A file that lives only while a program saves: '.cards.pdf.x1y2.tmp' (ours), 'notes.txt~', '.x.swp'."""
    return (name.startswith(".") and name.endswith((".tmp", ".swp"))) or name.endswith("~")


def digest(path: Path) -> bytes | None:
    """A hash of the bytes of the plain file ``path``; None for anything else (a FIFO is never read: it
    would block) or a file that cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        hashed = hashlib.blake2b(digest_size=16)
        while block := os.read(fd, 1 << 20):
            hashed.update(block)
        return hashed.digest()
    except OSError:
        return None
    finally:
        os.close(fd)


def digests(files: Iterable[Path]) -> Digests:
    return {path: digest(path) for path in files}


def changed_files(before: Snapshot, after: Snapshot) -> list[Path]:
    """Files added, removed or modified between two snapshots, sorted."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(roots: Sequence[Path], run: Callable[[list[Path]], None], *,
          exclude: Callable[[Path], Iterable[Path]] = lambda root: (),
          interval: float = INTERVAL, debounce: float = DEBOUNCE, limit: int | None = None,
          clock: Callable[[], float] | None = None, sleep: Callable[[float], None] | None = None,
          max_cycles: int | None = None) -> int:
    """Call ``run([])`` once, then ``run(changed)`` after each settled change; return the number of runs.

    ``exclude(root)`` names paths under a pack that are never watched (its
    output). The loop ends after ``max_cycles`` walks when that is set
    (tests), else only by an exception such as KeyboardInterrupt; it
    raises TooManyFiles when a pack grows past ``limit`` files.
    """
    limit = limit or MAX_FILES
    clock = clock or time.monotonic
    sleep = sleep or time.sleep

    def walk() -> Snapshot:
        found: Snapshot = {}
        for root in roots:
            found.update(snapshot(root, exclude(root), limit))
        return found

    def run_and_recheck(changed: list[Path], files: Snapshot) -> list[Path]:
        """Run; the files whose bytes changed while it ran (or just before, unseen by their times)."""
        before = digests(files)
        run(changed)
        return sorted(path for path, old in before.items() if digest(path) != old)

    last = walk()
    current = last
    pending = run_and_recheck([], last)  # changed since the last run, waiting for the files to settle
    runs, cycles = 1, 0
    settled_from = clock()
    while max_cycles is None or cycles < max_cycles:
        sleep(debounce if pending else interval)
        cycles += 1
        now = walk()
        if now != current:
            current, settled_from = now, clock()
            pending = sorted(set(pending) | set(changed_files(last, now)))
            continue
        if pending and clock() - settled_from >= debounce:
            changed, last = pending, current
            pending = run_and_recheck(changed, last)
            settled_from = clock()
            runs += 1
    return runs
