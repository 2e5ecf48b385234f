"""Find game packs: the bundled ones by id, any other by folder path."""
from __future__ import annotations

from pathlib import Path

from .model.manifest import MANIFEST_NAME

_HERE = Path(__file__).resolve().parent


class UnknownPack(LookupError):
    """A PACK argument that is neither a bundled pack id nor a folder."""


def bundled_root() -> Path:
    """``cards/``: inside the installed package, or beside it in a source checkout."""
    installed = _HERE / "_bundled" / "cards"
    return installed if installed.is_dir() else _HERE.parent / "cards"


def bundled_packs() -> list[Path]:
    root = bundled_root()
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / MANIFEST_NAME).is_file())


def resolve_pack(name: str) -> Path:
    """The folder for a PACK argument: a bundled id first, then a path."""
    for path in bundled_packs():
        if path.name == name:
            return path
    path = Path(name)
    if path.is_dir():
        return path
    if path.name == MANIFEST_NAME and path.is_file():
        return path.parent
    ids = ", ".join(p.name for p in bundled_packs()) or "none"
    raise UnknownPack(f"no pack '{name}': not a bundled pack ({ids}) nor a folder")
