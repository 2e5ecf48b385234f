"""Paths a pack names: they must stay inside the pack's folder, links included.

A pack is untrusted input, so every file printkit reads from it is read
through ``read_pack_file``: only a regular file (never a FIFO, a device or a
directory, which could hang or never end) and only up to a stated size.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import PrintkitError

MAX_PATH = 255  # characters in a path a pack names, the most most file systems allow in a name


class OutsidePack(PrintkitError, ValueError):
    """A path printkit will not follow: absolute, leading out of the pack, a link loop or a bad name."""


class BadPackPath(OutsidePack):
    """A path no file can have, or a link that cannot be followed: a NUL, too long, a loop."""


class PackFileError(PrintkitError, ValueError):
    """A pack file printkit will not read: not a regular file, too large, or unreadable."""

    def __init__(self, message: str, too_large: bool = False):
        super().__init__(message)
        self.too_large = too_large


def is_file(path: Path | str) -> bool:
    """Whether ``path`` is a file; False for a name the file system refuses (too long, a NUL)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def is_folder(path: Path | str) -> bool:
    """Whether ``path`` is a folder; False for a name the file system refuses (too long, a NUL)."""
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def clipped(name: str, most: int = 60) -> str:
    """``name`` short enough to quote in a message; a hostile one may run to thousands of characters."""
    return name if len(name) <= most else f"{name[:most - 1]}…"


def inside_pack(root: Path, name: str, what: str = "files") -> Path:
    """The path ``name`` (relative to the pack folder) names, after links; refused if it leaves the pack."""
    shown = clipped(name)
    if "\x00" in name:
        shown = shown.replace("\x00", "\\0")
        raise BadPackPath(f"'{shown}' holds a NUL character, which no file name may")
    if len(name) > MAX_PATH:
        raise BadPackPath(f"'{shown}' is {len(name)} characters long; a path may be at most {MAX_PATH}")
    if Path(name).is_absolute() or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise OutsidePack(f"'{shown}' is an absolute path; name {what} relative to the pack folder")
    try:
        base = root.resolve()
        target = (root / name).resolve()
    except RuntimeError:  # Python before 3.13: a symlink loop
        raise BadPackPath(f"'{shown}' is a link that leads round in a loop") from None
    except (OSError, ValueError) as exc:
        raise BadPackPath(f"'{shown}' cannot be followed: {getattr(exc, 'strerror', None) or exc}") from None
    if base != target and base not in target.parents:
        raise OutsidePack(f"'{shown}' leads outside the pack folder")
    return target


def read_pack_file(path: Path, limit: int, shown: str | None = None) -> bytes:
    """The whole of ``path``, refusing anything but a regular file of at most ``limit`` bytes."""
    shown = clipped(shown if shown is not None else path.name)
    try:
        # O_NONBLOCK: opening a FIFO must not hang; fstat then tells what was really opened.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as exc:
        raise PackFileError(f"'{shown}' cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise PackFileError(f"'{shown}' is not a regular file")
        if info.st_size > limit:
            raise PackFileError(f"'{shown}' is {size_text(info.st_size)}; it may be at most {size_text(limit)}", True)
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise PackFileError(f"'{shown}' cannot be read: {exc.strerror or exc}") from None
    if len(data) > limit:  # it grew since fstat
        raise PackFileError(f"'{shown}' is larger than {size_text(limit)}, the most it may be", True)
    return data


def regular_file(path: Path) -> bool:
    """True if ``path`` (after links) is a regular file; never raises, never opens it."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError, RuntimeError):
        return False


def size_text(size: int) -> str:
    if size >= 1 << 20:
        return f"{size / (1 << 20):.1f} MB".replace(".0 MB", " MB")
    if size >= 1 << 10:
        return f"{size / (1 << 10):.0f} kB"
    return f"{size} bytes"
