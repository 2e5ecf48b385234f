"""What changed in a pack's files besides its card lists: keys of its TOML files (game.toml and the
layouts), and other files (pictures, icons, fonts) by their bytes. These name the causes of a
drawing that changed."""
from __future__ import annotations

import filecmp
import sys
from dataclasses import dataclass
from pathlib import Path
from ..core.folders import walk_files

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

MAX_KEYS = 200  # changed keys kept per pack (a rewritten game.toml is not listed key by key)
MAX_FILES = 2000  # files looked at in a pack folder, as many as a revision may hold
SKIPPED = (".csv", ".md")  # card lists are compared field by field; the rules print in rules.pdf


@dataclass(frozen=True)
class KeyChange:
    """A value in a TOML file of the pack that differs: ``key`` as 'decks.kids.back.colour' or
    'powers[2].text' (arrays counted from 1); None for a side that lacks it."""

    file: str  # relative to the pack, with '/'
    key: str
    old: object
    new: object

    def __str__(self) -> str:
        return f"{self.file} {self.key}" if self.key else self.file


@dataclass(frozen=True)
class Sources:
    keys: tuple[KeyChange, ...]
    files: tuple[str, ...]  # other files whose bytes differ, were added or were removed
    more_keys: int = 0  # changed keys past MAX_KEYS

    @property
    def changed(self) -> bool:
        return bool(self.keys or self.files)


def pack_files(root: Path | None) -> dict[str, Path]:
    """Regular files under ``root`` by their path relative to it (hidden ones left out)."""
    if root is None:
        return {}
    found: dict[str, Path] = {}
    for path in sorted(walk_files(root, skip=lambda folder: folder.name.startswith("."))):
        rel = path.relative_to(root)
        if any(part.startswith(".") for part in rel.parts) or path.is_symlink() or not path.is_file():
            continue
        found[rel.as_posix()] = path
        if len(found) >= MAX_FILES:
            break
    return found


def compare_sources(old_root: Path | None, new_root: Path | None) -> Sources:
    old, new = pack_files(old_root), pack_files(new_root)
    keys: list[KeyChange] = []
    files: list[str] = []
    for name in sorted(old.keys() | new.keys()):
        a, b = old.get(name), new.get(name)
        if name.endswith(".toml"):
            keys += _toml_changes(name, a, b)
        elif not name.endswith(SKIPPED) and (a is None or b is None or not _same(a, b)):
            files.append(name)
    return Sources(tuple(keys[:MAX_KEYS]), tuple(files), max(0, len(keys) - MAX_KEYS))


def _same(a: Path, b: Path) -> bool:
    try:
        return filecmp.cmp(a, b, shallow=False)
    except OSError:
        return False


def _read(path: Path | None) -> object:
    if path is None:
        return None
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return _UNREADABLE


_UNREADABLE = object()


def _toml_changes(name: str, a: Path | None, b: Path | None) -> list[KeyChange]:
    if a is not None and b is not None and _same(a, b):
        return []
    old, new = _read(a), _read(b)
    if old is None or new is None or old is _UNREADABLE or new is _UNREADABLE:
        # A file added, removed or unreadable on one side is one change, not one per key.
        return [KeyChange(name, "", None if old is _UNREADABLE else old, None if new is _UNREADABLE else new)]
    out: list[KeyChange] = []
    _walk(name, "", old, new, out)
    return out


def _walk(file: str, key: str, old: object, new: object, out: list[KeyChange]) -> None:
    if len(out) > MAX_KEYS:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for k in list(old) + [k for k in new if k not in old]:
            part = k if _bare(k) else '"' + k.replace('"', '\\"') + '"'
            _walk(file, f"{key}.{part}" if key else part, old.get(k), new.get(k), out)
    elif isinstance(old, list) and isinstance(new, list) and \
            any(isinstance(v, dict) for v in old + new):  # arrays of tables: item by item
        for i in range(max(len(old), len(new))):
            _walk(file, f"{key}[{i + 1}]", old[i] if i < len(old) else None, new[i] if i < len(new) else None, out)
    elif old != new or type(old) is not type(new):
        out.append(KeyChange(file, key, old, new))


def _bare(key: str) -> bool:
    return bool(key) and all(c.isalnum() or c in "-_" for c in key) and key.isascii()


def evident(change: KeyChange, old: tuple[tuple[str, ...], frozenset[str]] | None,
            new: tuple[tuple[str, ...], frozenset[str]] | None) -> bool:
    """Whether the old value shows in the old drawing or the new value in the new one, each given
    as (texts, colours): the change then evidently reached that card."""
    return _shows(change.old, old) or _shows(change.new, new)


def _shows(value: object, drawing: tuple[tuple[str, ...], frozenset[str]] | None) -> bool:
    if drawing is None or value is None or isinstance(value, (bool, int, float, dict, list)):
        return False
    texts, colours = drawing
    text = str(value)
    if text.startswith("#") and len(text) in (4, 7):
        return text.upper() in colours
    words = " ".join(text.casefold().split())
    if len(words) < 2:
        return False
    # Text is drawn wrapped: a drawn line that is a good piece of the value counts.
    return any(len(t) >= min(len(words), 6) and (t in words or words in t) for t in texts)
