"""Open a picture with Pillow and make it what the page needs, once per size.

EXIF orientation is applied, CMYK and palette images become RGB (a
transparent palette image RGBA), the part a crop hides is cut away, and
pixels beyond the target resolution are dropped, so a phone photo in a
small window costs what the print can show and no more.
"""
from __future__ import annotations

import hashlib
import io
import math
import warnings
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from ..core.errors import PrintkitError
from ..core.buildstate import Lru, per_build
from ..core.mm import Rect
from ..core.packpath import PackFileError, clipped, read_pack_file
from .probe import MAX_PICTURE_BYTES, PIXEL_LIMIT

JPEG_QUALITY = 90  # for photographs, re-encoded after cropping and downsampling
REDUCING_GAP = 3.0  # Pillow's: shrinks of 6 times and more go through a cheap whole-factor reduction first


class ArtRenderError(PrintkitError, ValueError):
    """Pillow could not use a picture that looked fine from its header."""

    def __init__(self, path: str, message: str):
        super().__init__(message)
        self.path, self.message = path, message


def visible_box(rect: Rect, clip: Rect, width: int, height: int) -> tuple[int, int, int, int]:
    """The pixels of a picture drawn over ``rect`` that ``clip`` lets show: (left, top, right, bottom)."""
    x0 = max(rect.x, clip.x)
    x1 = min(rect.right, clip.right)
    y0 = max(rect.y, clip.y)
    y1 = min(rect.top, clip.top)
    sx, sy = width / rect.w, height / rect.h
    left, right = (x0 - rect.x) * sx, (x1 - rect.x) * sx
    top, bottom = (rect.top - y1) * sy, (rect.top - y0) * sy
    return (max(0, int(left)), max(0, int(top)), min(width, round(right + 0.5)), min(height, round(bottom + 0.5)))


Prepared = tuple[Image.Image | io.BytesIO, Rect]

# Prepared pictures by the hash of their file's bytes: a rebuild (--watch) decodes only the pictures
# that changed, and a picture replaced under its name, even keeping its size and time, is new.
_BY_CONTENT: Lru = Lru(64)


@per_build(maxsize=64)  # each file is read and hashed once a build
def prepared(path: str, rect: Rect, clip: Rect, dpi: float | None) -> Prepared:
    """The picture cropped to what shows and sized for ``dpi`` (None: full size), and where it goes.

    Photographs (JPEG in, no transparency) go back out as JPEG, which the PDF
    embeds as it is; anything else stays lossless.
    """
    name = Path(path).name
    try:
        data = read_pack_file(Path(path), MAX_PICTURE_BYTES, name)
    except PackFileError as exc:  # replaced since it was checked: "'fox.png' is not a regular file"
        raise ArtRenderError(path, "it " + str(exc).removeprefix(f"'{clipped(name)}' ")) from None
    except OSError as exc:  # gone, or a folder now
        raise ArtRenderError(path, f"it cannot be read: {exc.strerror or exc}") from None
    digest = hashlib.sha256(data).digest()
    # The pixels depend on the window's size and the clip's offset from it, not on where the window
    # is: an icon in text, at another place on every card, is prepared once for each size it has.
    here, there = Rect(0.0, 0.0, rect.w, rect.h), Rect(clip.x - rect.x, clip.y - rect.y, clip.w, clip.h)
    key = (digest, here, there, dpi)
    found = _BY_CONTENT.get(key)
    if found is None:
        found = _prepare(path, data, digest, here, there, dpi)
        _BY_CONTENT.put(key, found)
    return found[0], shown_rect(rect, clip)


def _prepare(path: str, data: bytes, digest: bytes, rect: Rect, clip: Rect, dpi: float | None) -> Prepared:
    photograph = data.startswith(b"\xff\xd8")
    image = None if photograph and dpi else _SOURCES().get(digest)
    if image is None:
        image, photograph = _decode(path, data, rect, clip, dpi)
        if not (photograph and dpi):  # a JPEG is decoded small (draft) for each size instead
            _SOURCES().put(digest, image)
    box = visible_box(rect, clip, image.width, image.height)
    if box != (0, 0, image.width, image.height):
        image = image.crop(box)
    shown = shown_rect(rect, clip)
    if dpi:
        want = (max(1, round(shown.w / 25.4 * dpi)), max(1, round(shown.h / 25.4 * dpi)))
        if image.width > want[0] * 1.05 and image.height > want[1] * 1.05:
            # reducing_gap: a large picture is first shrunk by whole factors (cheap box averaging),
            # then resampled; a 7000-pixel icon drawn 35 pixels wide costs 0.03 s, not 0.4.
            image = image.resize(want, Image.Resampling.LANCZOS, reducing_gap=REDUCING_GAP)
    if photograph and image.mode in ("RGB", "L"):
        encoded = io.BytesIO()
        image.save(encoded, "JPEG", quality=JPEG_QUALITY, optimize=True)
        encoded.seek(0)
        return encoded, shown
    return image, shown


class _Sources:
    """Decoded pictures by the hash of their bytes, at most PIXEL_LIMIT pixels in all (about 200 MB),
    the least recently used let go first: a large picture drawn at several sizes is decoded once."""

    def __init__(self) -> None:
        self.entries: dict[bytes, Image.Image] = {}

    def get(self, digest: bytes) -> Image.Image | None:
        found = self.entries.pop(digest, None)
        if found is not None:
            self.entries[digest] = found  # last: the most recently used
        return found

    def put(self, digest: bytes, image: Image.Image) -> None:
        self.entries[digest] = image
        while sum(i.width * i.height for i in self.entries.values()) > PIXEL_LIMIT and len(self.entries) > 1:
            del self.entries[next(iter(self.entries))]


@per_build(maxsize=1)
def _SOURCES() -> _Sources:
    """This build's decoded pictures (outside a build, a fresh and empty one each time)."""
    return _Sources()


def _decode(path: str, data: bytes, rect: Rect, clip: Rect, dpi: float | None) -> tuple[Image.Image, bool]:
    """The picture decoded, upright and in a mode the PDF takes; and whether it is a photograph (JPEG)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the limit below is printkit's own
            with Image.open(io.BytesIO(data)) as opened:
                if opened.width * opened.height > PIXEL_LIMIT:
                    raise ArtRenderError(path, f"it is {opened.width} × {opened.height} pixels, more than the "
                                               f"{PIXEL_LIMIT // 1_000_000} million a picture may have")
                if not opened.width or not opened.height:
                    raise ArtRenderError(path, f"it is {opened.width} × {opened.height} pixels")
                photograph = opened.format == "JPEG"
                if photograph and dpi:
                    _draft(opened, rect, clip, dpi)
                image = ImageOps.exif_transpose(opened)
                image.load()
    except Image.DecompressionBombError as exc:
        raise ArtRenderError(path, f"too many pixels to open safely ({exc})") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, ZeroDivisionError) as exc:
        if isinstance(exc, ArtRenderError):
            raise
        raise ArtRenderError(path, f"Pillow cannot read it: {exc}") from None
    return printable(image), photograph


def _draft(opened: Image.Image, rect: Rect, clip: Rect, dpi: float) -> None:
    """Ask the JPEG decoder for a smaller picture (1/2, 1/4 or 1/8 of each side, decoded at that size
    for a fraction of the time) that still has every pixel ``dpi`` needs of the part that shows."""
    width, height = opened.size
    turned = opened.getexif().get(0x0112, 1) in (5, 6, 7, 8)  # EXIF orientations that swap the sides
    upright = (height, width) if turned else (width, height)
    left, top, right, bottom = visible_box(rect, clip, *upright)
    shown = shown_rect(rect, clip)
    if right <= left or bottom <= top or shown.w <= 0 or shown.h <= 0:
        return
    # Pixels the whole picture needs so that its visible part has the target resolution (5% to spare).
    need_w = shown.w / 25.4 * dpi * upright[0] / (right - left) * 1.05
    need_h = shown.h / 25.4 * dpi * upright[1] / (bottom - top) * 1.05
    need = (need_h, need_w) if turned else (need_w, need_h)
    opened.draft(opened.mode, (math.ceil(need[0]), math.ceil(need[1])))


def printable(image: Image.Image) -> Image.Image:
    """``image`` in a mode the PDF takes: RGB, RGBA or L (greyscale).

    16- and 32-bit greyscale ("I;16", "I") is scaled down to 8 bits, not clipped:
    clipped, every value above 255 of 65535 would print white.
    """
    mode = image.mode
    if mode == "P":
        return image.convert("RGBA" if "transparency" in image.info else "RGB")
    if mode.startswith("I;16") or mode == "I":
        if not mode.startswith("I;16"):
            low, high = _extrema(image)
            if high > 255 or low < 0:  # a 16-bit picture read as 32 bits; 8-bit values stay as they are
                image = image.point(lambda v: v / 256)
        else:
            image = image.convert("I").point(lambda v: v / 256)
        return image.convert("L")
    if mode == "F":
        low, high = _extrema(image)
        scale = 255 / high if high > 1 else 255  # 0..1 or 0..high
        return image.point(lambda v: v * scale).convert("L")
    if mode == "LA" or mode == "PA" or mode == "La":
        return image.convert("RGBA")
    if mode not in ("RGB", "RGBA", "L"):
        return image.convert("RGBA" if "A" in mode or "a" in mode else "RGB")
    return image


def shown_rect(rect: Rect, clip: Rect) -> Rect:
    """The part of ``rect`` inside ``clip``: where the cropped picture is drawn."""
    x0, x1 = max(rect.x, clip.x), min(rect.right, clip.right)
    y0, y1 = max(rect.y, clip.y), min(rect.top, clip.top)
    return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def _extrema(image: Image.Image) -> tuple[float, float]:
    """The lowest and highest value of a one-band picture (Pillow types them for any number of bands)."""
    low, high = image.getextrema()
    return float(low), float(high)  # type: ignore[arg-type]
