"""The pictures a new pack's card list names, copied from beside the spreadsheet into the pack.

Picture paths in a spreadsheet are read from the spreadsheet's own folder,
and each picture is copied to the same path inside the new pack, so the
pack's copy of the list needs no change. Only what a pack could use is
copied: relative paths that stay inside the spreadsheet's folder (after
links), and regular files that are PNG, JPEG or WebP pictures of at most
50 MB; at most ``MAX_FILES`` files and ``MAX_TOTAL_BYTES`` in all. Anything
else stays where it is, and the notes say what to do about it.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..images.probe import MAX_PICTURE_BYTES, ProbeError, probe
from ..core.output import OutsideOutput, target_in
from ..core.packpath import OutsidePack, PackFileError, clipped, inside_pack, read_pack_file, size_text

MAX_FILES = 1000
MAX_TOTAL_BYTES = 200 << 20
SHOWN = 3  # paths quoted in a note before it says "and N more"


@dataclass(frozen=True)
class Pictures:
    files: dict[Path, bytes]  # where each picture goes in the pack -> its bytes
    notes: tuple[str, ...]


def copy_pictures(source: Path, pack: Path, names: Iterable[str], taken: Collection[Path]) -> Pictures:
    """The pictures ``names`` (paths relative to the folder ``source``) as files for ``pack``.

    ``taken`` are the pack's own files, which a picture may not replace.
    """
    files: dict[Path, bytes] = {}
    missing: list[str] = []
    outside: list[str] = []
    unusable: list[str] = []
    left: list[str] = []
    total = 0
    root = pack.resolve()
    reserved = {p.resolve() for p in taken} | {root}
    for name in dict.fromkeys(n for n in names if n):
        try:
            found = inside_pack(source, name, "pictures")
            target = pack / target_in(pack, name).relative_to(root)  # named as the pack's own files are
        except (OutsidePack, OutsideOutput):
            outside.append(name)
            continue
        if target in files:
            continue
        if target.resolve() in reserved:
            unusable.append(f"'{clipped(name)}' (the pack's own file has that name)")
            continue
        if not found.exists():
            missing.append(name)
            continue
        try:
            probe(found)
            size = found.stat().st_size
        except (ProbeError, OSError) as exc:
            unusable.append(f"'{clipped(name)}' ({exc})")
            continue
        if len(files) >= MAX_FILES or total + size > MAX_TOTAL_BYTES:
            left.append(name)
            continue
        try:
            data = read_pack_file(found, MAX_PICTURE_BYTES, name)
        except (PackFileError, OSError) as exc:
            unusable.append(f"'{clipped(name)}' ({exc})")
            continue
        files[target] = data
        total += len(data)
    return Pictures(files, tuple(_notes(source, pack, len(files), total, missing, outside, unusable, left)))


def _notes(source: Path, pack: Path, copied: int, total: int, missing: list[str], outside: list[str],
           unusable: list[str], left: list[str]) -> Iterable[str]:
    if copied:
        yield f"copied {_count(copied)} ({size_text(total)}) from {source} into {pack}, at the paths the list gives"
    if missing:
        yield f"{_count(len(missing))} not found beside the spreadsheet: {_some(missing)}; put {_them(missing)} " \
              f"into {pack} at the paths the list gives"
    if outside:
        yield f"{_count(len(outside))} outside {source}, or named by an absolute path, not copied: " \
              f"{_some(outside)}; a pack uses only pictures in its own folder, so copy {_them(outside)} into " \
              f"{pack} and change the cells to match"
    if unusable:
        yield f"{_count(len(unusable))} printkit cannot use, not copied: {_some(unusable, quote=False)}"
    if left:
        yield f"{_count(len(left))} past the limit of {MAX_FILES} files or {size_text(MAX_TOTAL_BYTES)}, " \
              f"not copied: {_some(left)}; copy {_them(left)} into {pack} yourself"


def _count(n: int) -> str:
    return f"{n} picture{'s' * (n != 1)}"


def _them(names: list[str]) -> str:
    return "them" if len(names) > 1 else "it"


def _some(names: list[str], quote: bool = True) -> str:
    shown = ", ".join(f"'{clipped(n)}'" if quote else n for n in names[:SHOWN])
    return shown + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")
