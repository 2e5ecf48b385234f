"""Read an image's format, size and EXIF orientation from its header, without Pillow.

``printkit check`` must stay free of the imaging library, yet it has to know
how big each picture is to judge its print resolution. PNG, JPEG and WebP
headers say so in their first few kilobytes.
"""
from __future__ import annotations

import os
import stat
import struct
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import PrintkitError
from ..core.buildstate import per_build

HEAD = 1 << 16  # bytes read to find the size; JPEG reads on if its markers run past

# The most pixels a picture may have: 50 megapixels (an 8000 × 6000 photo has 48),
# about 200 MB once opened. A picture above it is refused (A103) from its
# header, before anything opens it. (Callers refuse above 2 * MAX_PIXELS.)
PIXEL_LIMIT = 50_000_000
MAX_PIXELS = PIXEL_LIMIT // 2
MAX_PICTURE_MB = 50
MAX_PICTURE_BYTES = MAX_PICTURE_MB << 20  # a picture file may be at most 50 MB
MAX_PNG_CHUNKS = 100_000  # chunks walked to find a PNG cut short; an encoder writes a few hundred


class ProbeError(PrintkitError, ValueError):
    """Not an image printkit can read, or a damaged one."""


@dataclass(frozen=True)
class ImageInfo:
    format: str  # "PNG", "JPEG" or "WEBP"
    width: int  # pixels, as displayed (after EXIF orientation)
    height: int
    orientation: int = 1  # EXIF: 5 to 8 turn the picture a quarter


def probe(path: Path) -> ImageInfo:
    """Format and size of the picture at ``path``; ProbeError if printkit cannot use it."""
    try:
        info = path.stat()
    except (OSError, ValueError) as exc:
        raise ProbeError(f"cannot read it: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ProbeError("it is not a regular file")
    if info.st_size > MAX_PICTURE_BYTES:
        raise ProbeError(f"the file is {info.st_size / 2**20:.0f} MB; a picture may be at most {MAX_PICTURE_MB} MB")
    found = _probe(path, info.st_mtime_ns, info.st_size)
    if not found.width or not found.height:
        raise ProbeError(f"it is {found.width} × {found.height} pixels")
    return found


@per_build(maxsize=512)
def _probe(path: Path, mtime: int, size: int) -> ImageInfo:
    """Kept for one build, so a picture on sixty cards is read once (the next build reads it again:
    a picture replaced within the same tick of the clock may keep its size and time)."""
    try:
        # O_NONBLOCK: should a FIFO take the file's place, opening it must not hang.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise ProbeError("it is not a regular file")
            head = f.read(HEAD)
            f.seek(max(0, size - 16))
            tail = f.read()
            if head.startswith(b"\x89PNG\r\n\x1a\n"):
                _png_chunks(f, size)
    except OSError as exc:
        raise ProbeError(f"cannot read it: {exc.strerror or exc}") from None
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        if not tail.endswith(b"IEND\xaeB`\x82"):
            raise ProbeError("the PNG file is cut short")
        return _png(head, size)
    if head.startswith(b"\xff\xd8"):
        if not tail.rstrip(b"\x00").endswith(b"\xff\xd9"):
            raise ProbeError("the JPEG file is cut short")
        return _jpeg(path, head)
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        if struct.unpack("<I", head[4:8])[0] + 8 > size:
            raise ProbeError("the WebP file is cut short")
        return _webp(head)
    raise ProbeError("it is not a PNG, JPEG or WebP image")


def _png_chunks(f, size: int) -> None:
    """Walk a PNG's chunks by their lengths (no decoding): they must lead, through image data, to IEND."""
    pos, data_chunks = 8, 0
    for _ in range(MAX_PNG_CHUNKS):
        f.seek(pos)
        header = f.read(8)
        if len(header) < 8:
            raise ProbeError("the PNG file is cut short")
        length, kind = struct.unpack(">I4s", header)
        if not kind.isalpha():
            raise ProbeError("the PNG file is damaged")
        pos += 12 + length
        if pos > size:
            raise ProbeError("the PNG file is cut short")
        if kind == b"IDAT":
            data_chunks += 1
        elif kind == b"IEND":
            if not data_chunks:
                raise ProbeError("the PNG file holds no image data")
            return
    raise ProbeError(f"the PNG file has more than {MAX_PNG_CHUNKS:,} chunks")


def _png(head: bytes, size: int) -> ImageInfo:
    if len(head) < 33 or head[12:16] != b"IHDR":
        raise ProbeError("the PNG file is cut short")
    width, height = struct.unpack(">II", head[16:24])
    if size < 57:  # signature, IHDR, and at least an empty IEND
        raise ProbeError("the PNG file is cut short")
    return ImageInfo("PNG", width, height)


def _jpeg(path: Path, head: bytes) -> ImageInfo:
    found = _jpeg_markers(head)
    if found is None and len(head) == HEAD:  # the size marker lies past a large EXIF block
        with path.open("rb") as f:
            found = _jpeg_markers(f.read(1 << 22))
    if found is None:
        raise ProbeError("the JPEG file is cut short")
    return found


def _jpeg_markers(data: bytes) -> ImageInfo | None:
    """The size from the first frame marker, turned by any EXIF orientation; None if not reached."""
    i, orientation = 2, 1
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            raise ProbeError("the JPEG file is damaged")
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        segment = data[i + 4:i + 2 + length]
        if marker == 0xE1 and segment.startswith(b"Exif\x00\x00"):
            orientation = _exif_orientation(segment[6:]) or 1
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            if len(segment) < 5:
                return None
            height, width = struct.unpack(">HH", segment[1:5])
            if orientation in (5, 6, 7, 8):
                width, height = height, width
            return ImageInfo("JPEG", width, height, orientation)
        i += 2 + length
    return None


def _exif_orientation(tiff: bytes) -> int | None:
    if len(tiff) < 8 or tiff[:2] not in (b"II", b"MM"):
        return None
    order = "<" if tiff[:2] == b"II" else ">"
    offset = struct.unpack(order + "I", tiff[4:8])[0]
    if offset + 2 > len(tiff):
        return None
    count = struct.unpack(order + "H", tiff[offset:offset + 2])[0]
    for n in range(count):
        entry = offset + 2 + 12 * n
        if entry + 12 > len(tiff):
            return None
        tag, kind = struct.unpack(order + "HH", tiff[entry:entry + 4])
        if tag == 0x0112 and kind == 3:
            return struct.unpack(order + "H", tiff[entry + 8:entry + 10])[0]
    return None


def _webp(head: bytes) -> ImageInfo:
    chunk = head[12:16]
    if chunk == b"VP8X" and len(head) >= 30:
        width = 1 + int.from_bytes(head[24:27], "little")
        height = 1 + int.from_bytes(head[27:30], "little")
        return ImageInfo("WEBP", width, height)
    if chunk == b"VP8 " and len(head) >= 30 and head[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", head[26:30])
        return ImageInfo("WEBP", width & 0x3FFF, height & 0x3FFF)
    if chunk == b"VP8L" and len(head) >= 25 and head[20] == 0x2F:
        bits = int.from_bytes(head[21:25], "little")
        return ImageInfo("WEBP", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    raise ProbeError("the WebP file is damaged or cut short")
