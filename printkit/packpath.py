"""Paths a pack names: they must stay inside the pack's folder, links included."""
from __future__ import annotations

from pathlib import Path


class OutsidePack(ValueError):
    """A path printkit will not follow: absolute, or leading out of the pack."""


def inside_pack(root: Path, name: str, what: str = "files") -> Path:
    """The path ``name`` (relative to the pack folder) names, after links; refused if it leaves the pack."""
    if Path(name).is_absolute() or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise OutsidePack(f"'{name}' is an absolute path; name {what} relative to the pack folder")
    base = root.resolve()
    target = (root / name).resolve()
    if base != target and base not in target.parents:
        raise OutsidePack(f"'{name}' leads outside the pack folder")
    return target
