"""Find a picture a pack names, refusing anything outside the pack's folder."""
from __future__ import annotations

from pathlib import Path


class ArtPathError(ValueError):
    """A picture path printkit will not follow."""


def resolve_art(root: Path, name: str) -> Path:
    """The file ``name`` (relative to the pack folder) names; links are followed, then checked."""
    candidate = Path(name)
    if candidate.is_absolute() or name.startswith(("/", "\\\\")) or (len(name) > 1 and name[1] == ":"):
        raise ArtPathError(f"'{name}' is an absolute path; name pictures relative to the pack folder")
    base = root.resolve()
    target = (root / candidate).resolve()
    if base != target and base not in target.parents:
        raise ArtPathError(f"'{name}' leads outside the pack folder")
    if not target.is_file():
        raise FileNotFoundError(name)
    return target
