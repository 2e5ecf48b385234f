"""Find game packs: by id (./cards/<id> in a clone first, then the bundled ones), or by folder path."""
from __future__ import annotations

from pathlib import Path

from ..core.errors import UsageProblem
from ..model import MANIFEST_NAME
from ..core.packpath import clipped

_HERE = Path(__file__).resolve().parent.parent  # the printkit package
LOCAL_PACKS = "cards"  # where a clone keeps its packs, relative to the current directory


class UnknownPack(UsageProblem, LookupError):
    """A PACK argument that is neither a pack id nor a folder."""


def bundled_root() -> Path:
    """``cards/``: inside the installed package, or beside it in a source checkout."""
    installed = _HERE / "_bundled" / "cards"
    return installed if installed.is_dir() else _HERE.parent / "cards"


def bundled_packs() -> list[Path]:
    root = bundled_root()
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / MANIFEST_NAME).is_file())


def _is_id(name: str) -> bool:
    return bool(name) and name not in (".", "..") and "/" not in name and "\\" not in name


def resolve_pack(name: str) -> Path:
    """The folder for a PACK argument, resolved (so its name is the pack's real folder name).

    An id names ./cards/<id> when that folder holds a pack (the copy being
    edited in a clone), else the bundled pack of that id; anything else is a
    folder path, or the path of a pack's game.toml.
    """
    try:
        if _is_id(name):
            local = Path.cwd() / LOCAL_PACKS / name
            if (local / MANIFEST_NAME).is_file():
                return local.resolve()
            for path in bundled_packs():
                if path.name == name:
                    return path.resolve()
        path = Path(name)
        if path.is_dir():
            return path.resolve()
        if path.name == MANIFEST_NAME and path.is_file():
            return path.parent.resolve()
    except (OSError, ValueError):  # a name the file system refuses: too long, a NUL character
        pass
    ids = ", ".join(p.name for p in bundled_packs()) or "none"
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in clipped(name, 78))
    raise UnknownPack(f"no pack '{shown}': not a bundled pack ({ids}) nor a folder")
