"""Find a picture a pack names, refusing anything outside the pack's folder."""
from __future__ import annotations

from pathlib import Path

from ..core.errors import PrintkitError
from ..core.packpath import OutsidePack, clipped, inside_pack, regular_file


class ArtPathError(PrintkitError, ValueError):
    """A picture path printkit will not follow."""


def resolve_art(root: Path, name: str) -> Path:
    """The file ``name`` (relative to the pack folder) names; links are followed, then checked.

    Only a regular file is returned: a FIFO or a device would hang or never end when read.
    """
    try:
        target = inside_pack(root, name, "pictures")
    except OutsidePack as exc:
        raise ArtPathError(str(exc)) from None
    if regular_file(target):
        return target
    try:
        there = target.exists()
    except (OSError, ValueError):
        there = True
    if not there:
        raise FileNotFoundError(clipped(name))
    raise ArtPathError(f"'{clipped(name)}' is not a regular file")
