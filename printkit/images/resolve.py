"""Find a picture a pack names, refusing anything outside the pack's folder."""
from __future__ import annotations

from pathlib import Path

from ..packpath import OutsidePack, inside_pack


class ArtPathError(ValueError):
    """A picture path printkit will not follow."""


def resolve_art(root: Path, name: str) -> Path:
    """The file ``name`` (relative to the pack folder) names; links are followed, then checked."""
    try:
        target = inside_pack(root, name, "pictures")
    except OutsidePack as exc:
        raise ArtPathError(str(exc)) from None
    if not target.is_file():
        raise FileNotFoundError(name)
    return target
