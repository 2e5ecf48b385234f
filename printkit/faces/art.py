"""Put a picture into a face: resolve it, measure it, place it; or say why not."""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from ..core.findings import Location
from ..images.place import place
from ..images.probe import MAX_PIXELS, ProbeError, probe
from ..images.resolve import ArtPathError, resolve_art
from ..geometry.draw import Picture
from ..core.mm import Rect


@dataclass(frozen=True)
class ArtProblem:
    code: str  # a finding code: A100 and on
    message: str
    column: str = ""  # the card cell the picture came from, if any
    where: Location | None = None  # for pictures the manifest names


# The names of the pictures faces ask for, while someone listens (printkit.checks.cache: a card's
# kept findings depend on its pictures' bytes); None when no one does.
ASKED: ContextVar[list[str] | None] = ContextVar("printkit_pictures_asked", default=None)


def picture(root: Path, name: str, box: Rect, fit: str, focus: tuple[float, float],
            clip: Rect | None = None) -> Picture | ArtProblem:
    """A Picture placed in ``box`` (cropped to ``clip``, if given), or the problem with it."""
    asked = ASKED.get()
    if asked is not None:
        asked.append(name)
    try:
        path = resolve_art(root, name)
    except ArtPathError as exc:
        return ArtProblem("A100", str(exc))
    except FileNotFoundError:
        return ArtProblem("A101", f"the picture '{name}' does not exist")
    try:
        info = probe(path)
    except ProbeError as exc:
        return ArtProblem("A102", f"'{name}' cannot be used: {exc}")
    if not info.width or not info.height:
        return ArtProblem("A102", f"'{name}' cannot be used: it is {info.width} × {info.height} pixels")
    if info.width * info.height > 2 * MAX_PIXELS:
        return ArtProblem("A103", f"'{name}' is {info.width} × {info.height} pixels, too many to open safely")
    placed = place(info.width, info.height, box, fit, focus)
    return Picture(str(path), placed.rect, clip or placed.clip, info.width, info.height)
