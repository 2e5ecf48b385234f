"""A pack's icons as picture files, for the ``<img>`` tags of the typeset rules.

Platypus paragraphs only take images from files (data: URIs fail in this
reportlab), so a symbol icon is drawn once to a PNG in a folder the caller
owns for the length of the render. reportlab names an image by its pixels,
so each distinct icon is embedded once however often it is used, and the
same icons give the same bytes on every build.
"""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageColor, ImageDraw

from ..core.symbols import SYMBOLS
from ..images.prepare import REDUCING_GAP, printable
from ..images.probe import PIXEL_LIMIT, probe
from ..images.resolve import ArtPathError, resolve_art
from ..model.pack import Manifest

SYMBOL_PIXELS = 128  # side of a symbol's PNG: sharp at title size, small in the file
MAX_ICON_PIXELS = 512  # longest side of a picture icon in the rules: 43 mm at 300 dpi, past any heading's
OVERSAMPLE = 8  # polygons are filled this much larger, then shrunk: smooth edges
CURVE_STEPS = 16  # straight pieces per cubic curve, fine enough at SYMBOL_PIXELS * OVERSAMPLE


@dataclass(frozen=True)
class IconFile:
    path: Path
    aspect: float  # width / height


class IconFiles:
    """Finds or makes the picture file for each icon the rules use, once per icon."""

    def __init__(self, manifest: Manifest, folder: Path):
        self.m, self.folder = manifest, folder
        self.made: dict[str, IconFile | None] = {}

    def get(self, name: str) -> IconFile | None:
        """The icon's picture; None for an unknown icon or a picture that cannot be used."""
        if name not in self.made:
            spec = self.m.icons.get(name)
            self.made[name] = None if spec is None else (
                self._symbol(spec.symbol, spec.colour) if spec.symbol else self._picture(spec.file))
        return self.made[name]

    def _symbol(self, symbol: str, colour: str) -> IconFile:
        data = symbol_png(symbol, colour)
        # Named by content: two icons that look the same share one file.
        path = self.folder / f"symbol-{hashlib.sha256(data).hexdigest()[:16]}.png"
        path.write_bytes(data)
        return IconFile(path, 1.0)

    def _picture(self, file: str) -> IconFile | None:
        try:
            path = resolve_art(self.m.path.parent, file)
            info = probe(path)  # the header only: nothing is decoded yet
        except (ArtPathError, OSError, ValueError):
            return None  # check reports the picture; the rules still build without it
        if info.width * info.height > PIXEL_LIMIT:
            return None  # too many to open (A103, reported by check)
        if max(info.width, info.height) <= MAX_ICON_PIXELS:
            return IconFile(path, info.width / info.height)
        try:
            data = _shrunk(path)
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
            return None
        shrunk = self.folder / f"picture-{hashlib.sha256(data).hexdigest()[:16]}.png"
        shrunk.write_bytes(data)
        return IconFile(shrunk, info.width / info.height)


def _shrunk(path: Path) -> bytes:
    """A picture with more than MAX_ICON_PIXELS on a side as a PNG of that many: the rules would
    otherwise embed (and compress) every pixel of it, 10 s for a 7000 × 7000 one."""
    with Image.open(path) as opened:
        opened.draft("RGB", (MAX_ICON_PIXELS, MAX_ICON_PIXELS))  # a JPEG decodes at 1/2 to 1/8 of its size
        image = printable(opened)
        image.load()
    image.thumbnail((MAX_ICON_PIXELS, MAX_ICON_PIXELS), Image.Resampling.LANCZOS, reducing_gap=REDUCING_GAP)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def symbol_png(name: str, colour: str, pixels: int = SYMBOL_PIXELS) -> bytes:
    """A built-in symbol filled with ``colour`` on a transparent square, as PNG bytes."""
    big = pixels * OVERSAMPLE
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    # Each sub-path is filled on its own; the symbols have no holes, so this
    # is the non-zero rule the PDF drawing uses.
    for polygon in flatten(SYMBOLS.get(name, SYMBOLS["disc"])):
        if len(polygon) >= 3:
            draw.polygon([_to_pixels(x, y, big) for x, y in polygon], fill=255)
    mask = mask.resize((pixels, pixels), Image.Resampling.LANCZOS)
    image = Image.new("RGBA", (pixels, pixels), (*_rgb(colour), 0))
    image.putalpha(mask)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def flatten(ops: list[tuple]) -> list[list[tuple[float, float]]]:
    """Path ops (M, L, C, Z) as polygons, curves cut into short straight pieces."""
    polygons: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    for op in ops:
        if op[0] == "M":
            current = [(op[1], op[2])]
            polygons.append(current)
        elif op[0] == "L":
            current.append((op[1], op[2]))
        elif op[0] == "C" and current:
            current += _cubic(current[-1], op[1:3], op[3:5], op[5:7])
    return polygons


def _cubic(p0, p1, p2, p3) -> list[tuple[float, float]]:
    """Points along a cubic Bézier curve, its start left out (the path is already there)."""
    points = []
    for i in range(1, CURVE_STEPS + 1):
        t = i / CURVE_STEPS
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
        points.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                       a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return points


def _to_pixels(x: float, y: float, side: int) -> tuple[float, float]:
    """A point of the symbol's unit square (-1..1, y up) in an image of ``side`` pixels (y down)."""
    return (x + 1) / 2 * side, (1 - y) / 2 * side


def _rgb(colour: str) -> tuple[int, int, int]:
    try:
        return ImageColor.getrgb(colour)[:3]
    except ValueError:
        return (0x1A, 0x1A, 0x1A)  # not a plain colour: ink, as read_icons falls back to
