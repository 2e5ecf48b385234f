"""Open a font file a pack names, and say plainly why printkit cannot use it.

A pack is untrusted input: its font paths are confined to the pack folder
(as pictures are), only regular files of a bounded size are read, and the
bytes are parsed with fontTools before anything else relies on them. What
is checked here is what the PDF library would otherwise trip over at build
time, so ``check`` can report it at the manifest key instead.
"""
from __future__ import annotations

import io
import os
import stat
from pathlib import Path

from .errors import PrintkitError
from .packpath import OutsidePack, inside_pack

MAX_FONT_MB = 20
MAX_FONT_BYTES = MAX_FONT_MB * 1024 * 1024
# The range the OpenType specification allows for the head table's unitsPerEm.
MIN_UNITS_PER_EM, MAX_UNITS_PER_EM = 16, 16384
_HEAD_MAGIC = 0x5F0F3CF5
# Composite glyphs: how deep they may nest and how many points one may add up to. Real fonts nest a
# few levels; 'maxp' stores a composite's points in 16 bits, so no valid font has more.
MAX_COMPONENT_DEPTH = 16
MAX_GLYPH_POINTS = 65535

_SFNT_TAGS = (b"\x00\x01\x00\x00", b"true", b"OTTO")
_BITMAP_TABLES = ("CBDT", "sbix", "SVG ", "EBDT")
_PS_NAME_FORBIDDEN = set(" []{}()<>/%")
_RESTRICTED = 0x0002  # OS/2 fsType: "restricted licence embedding"
_NO_SUBSET = 0x0100 | 0x0200  # "no subsetting" and "bitmap embedding only"


class FontFileError(PrintkitError, ValueError):
    """A font file printkit will not use; the message says why, for a designer."""


def resolve_font(root: Path, name: str) -> Path:
    """The file ``name`` (relative to the pack folder) names; links are followed, then confined."""
    try:
        target = inside_pack(root, name, "fonts")
    except OutsidePack as exc:
        raise FontFileError(str(exc)) from None
    if not target.exists():
        raise FontFileError(f"'{name}' does not exist")
    return target


def read_font_bytes(path: Path, name: str) -> bytes:
    """The whole file, refusing anything but a regular file of at most MAX_FONT_MB."""
    # O_NONBLOCK: opening a FIFO must not hang; fstat then tells what was really opened.
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise FontFileError(f"'{name}' cannot be read: {exc.strerror or exc}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise FontFileError(f"'{name}' is not a regular file")
    with os.fdopen(fd, "rb") as f:
        if info.st_size > MAX_FONT_BYTES:
            raise FontFileError(f"'{name}' is {info.st_size / 2**20:.1f} MB; fonts may be at most "
                                f"{MAX_FONT_MB} MB")
        try:
            data = f.read(MAX_FONT_BYTES + 1)
        except OSError as exc:
            raise FontFileError(f"'{name}' cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_FONT_BYTES:  # it grew since fstat
        raise FontFileError(f"'{name}' is larger than {MAX_FONT_MB} MB, the most a font may be")
    return data


def check_font_bytes(data: bytes, name: str) -> None:
    """Raise FontFileError unless ``data`` is a single TrueType or CFF OpenType font printkit can embed."""
    tag = data[:4]
    if tag == b"ttcf":
        raise FontFileError(f"'{name}' is a font collection (.ttc); extract the one font you want as .ttf")
    if tag in (b"wOFF", b"wOF2"):
        raise FontFileError(f"'{name}' is a web font (WOFF); use the .ttf or .otf file instead")
    if tag not in _SFNT_TAGS:
        raise FontFileError(f"'{name}' is not a TrueType or OpenType font")
    from fontTools.ttLib import TTFont  # only when a pack brings fonts

    try:
        font = TTFont(io.BytesIO(data), lazy=True)
        _check_tables(font, name)
        _check_structure(font, name, len(data))
        cmap = font.getBestCmap() or {}
        hmtx = font["hmtx"].metrics
        missing = [g for g in cmap.values() if g not in hmtx]
        ps_name = font["name"].getDebugName(6) if "name" in font else None
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
        glyphs = font["maxp"].numGlyphs
    except FontFileError:
        raise
    except Exception as exc:  # fontTools raises many kinds on damaged data; all mean the same here
        raise FontFileError(f"'{name}' is damaged and cannot be read as a font ({exc})") from None
    if not cmap:
        raise FontFileError(f"'{name}' maps no characters to glyphs (no usable cmap)")
    if missing:
        raise FontFileError(f"'{name}' is damaged: glyph '{missing[0]}' has no width")
    _check_embedding(name, ps_name, fs_type, glyphs)


def _check_tables(font, name: str) -> None:
    for table in ("head", "hhea", "hmtx", "maxp", "cmap", "name", "post"):
        if table not in font:
            raise FontFileError(f"'{name}' is damaged: it has no '{table}' table")
    if "glyf" in font or "CFF " in font:
        return
    if "CFF2" in font:
        raise FontFileError(f"'{name}' has variable PostScript (CFF2) outlines, which cannot be embedded; "
                            "export the font as TrueType")
    if any(t in font for t in _BITMAP_TABLES):
        raise FontFileError(f"'{name}' has only colour or bitmap glyphs and no outlines; "
                            "use a font with outlines (for emoji, a black-and-white emoji font)")
    raise FontFileError(f"'{name}' has no glyph outlines")


def _check_structure(font, name: str, size: int) -> None:
    """What a font file's own numbers promise and PDF embedding relies on: every table inside the file,
    a sane em, a glyph location for every glyph, and every glyph readable.

    The work is bounded: the file is at most MAX_FONT_MB and a font holds at most 65,535 glyphs
    (the count is 16 bits), each read once.
    """
    from fontTools.pens.basePen import NullPen

    for tag, entry in sorted(font.reader.tables.items()):
        if entry.offset + entry.length > size:
            raise FontFileError(f"'{name}' is cut short: its '{tag.strip()}' table runs past the end of the "
                                f"file ({size:,} bytes); copy the font again")
    _check_headers(font, name)
    units = font["head"].unitsPerEm
    if not MIN_UNITS_PER_EM <= units <= MAX_UNITS_PER_EM:
        raise FontFileError(f"'{name}' is damaged: its units per em are {units}, where a font has "
                            f"{MIN_UNITS_PER_EM} to {MAX_UNITS_PER_EM}")
    glyphs = font["maxp"].numGlyphs
    if "glyf" in font:
        locations = font["loca"].locations
        glyf_size = font.reader.tables["glyf"].length
        if len(locations) < glyphs + 1 or any(b < a for a, b in zip(locations, locations[1:glyphs + 1])) \
                or locations[glyphs] > glyf_size:
            raise FontFileError(f"'{name}' is damaged: its glyph locations ('loca') do not match its "
                                f"{glyphs:,} glyphs")
        _check_truetype_glyphs(font, name, glyphs)
        return
    glyph_set = font.getGlyphSet()
    pen = NullPen()
    for glyph in font.getGlyphOrder()[:glyphs]:
        try:
            glyph_set[glyph].draw(pen)  # a CFF glyph is read by running its charstring
        except Exception:  # noqa: BLE001 - any failure means the same: this glyph's data is damaged
            raise FontFileError(f"'{name}' is damaged: glyph '{glyph}' cannot be read") from None


def _check_truetype_glyphs(font, name: str, glyphs: int) -> None:
    """Every glyph decoded once; composites (glyphs made of other glyphs) refer to glyphs that exist,
    nest at most MAX_COMPONENT_DEPTH deep without a loop, and add up to at most MAX_GLYPH_POINTS points.

    Composites are measured, not drawn: drawing expands every reference, which a hostile font can
    make exponential; measuring each glyph once keeps the work linear in the glyphs.
    """
    glyf = font["glyf"]
    order = font.getGlyphOrder()[:glyphs]
    decoded = {}
    for glyph in order:
        try:
            decoded[glyph] = glyf[glyph]  # decodes its outline or its list of components
        except Exception:  # noqa: BLE001 - any failure means the same: this glyph's data is damaged
            raise FontFileError(f"'{name}' is damaged: glyph '{glyph}' cannot be read") from None
    measured: dict[str, tuple[int, int]] = {}  # glyph -> (points, depth)
    for glyph in order:
        _measure(glyph, decoded, measured, name)


def _measure(top: str, decoded: dict, measured: dict[str, tuple[int, int]], name: str) -> None:
    """(points, nesting depth) of ``top`` and the composites under it, without recursion."""
    stack, visiting = [top], set()
    while stack:
        glyph = stack[-1]
        if glyph in measured:
            stack.pop()
            continue
        item = decoded.get(glyph)
        if item is None:
            raise FontFileError(f"'{name}' is damaged: a composite glyph uses '{glyph}', which it does not have")
        if not item.isComposite():
            measured[glyph] = (len(getattr(item, "coordinates", ())), 0)
            stack.pop()
            continue
        parts = [c.glyphName for c in item.components]
        waiting = [p for p in parts if p not in measured]
        if waiting:
            if glyph in visiting:
                raise FontFileError(f"'{name}' is damaged: composite glyph '{glyph}' is made of itself")
            visiting.add(glyph)
            stack.extend(waiting)
            continue
        points = sum(measured[p][0] for p in parts)
        depth = 1 + max((measured[p][1] for p in parts), default=0)
        if depth > MAX_COMPONENT_DEPTH or points > MAX_GLYPH_POINTS:
            raise FontFileError(f"'{name}' is damaged: composite glyph '{glyph}' nests {depth} deep with "
                                f"{points:,} points (at most {MAX_COMPONENT_DEPTH} deep and "
                                f"{MAX_GLYPH_POINTS:,} points)")
        measured[glyph] = (points, depth)
        visiting.discard(glyph)
        stack.pop()


def _check_headers(font, name: str) -> None:
    """The version and format numbers of the tables PDF embedding reads; any other value is damage."""
    head, hhea, post = font["head"], font["hhea"], font["post"]
    problems = (
        ("head", int(head.tableVersion) != 1, "an unknown version"),
        ("head", head.magicNumber != _HEAD_MAGIC, "a wrong magic number"),
        ("head", head.glyphDataFormat != 0 or head.indexToLocFormat not in (0, 1), "an unknown glyph format"),
        ("hhea", hhea.tableVersion >> 16 != 1 or hhea.metricDataFormat != 0, "an unknown version or format"),
        ("hhea", hhea.numberOfHMetrics == 0, "no glyph widths"),
        ("post", not 1 <= int(post.formatType) <= 4, "an unknown format"),
        ("name", font.reader["name"][:2] != b"\0\0", "a format other than 0"),
        # CFF fonts have a version 0.5 'maxp' and are converted to TrueType (fontconvert) before embedding.
        ("maxp", "glyf" in font and font["maxp"].tableVersion >> 16 != 1, "an unknown version"),
    )
    for tag, wrong, what in problems:
        if wrong:
            raise FontFileError(f"'{name}' is damaged: its '{tag}' table has {what}")


def _check_embedding(name: str, ps_name: str | None, fs_type: int, glyphs: int) -> None:
    """What the PDF writer insists on: a PostScript name, and licence flags that allow a subset."""
    if not ps_name or any(ord(c) > 126 or c in _PS_NAME_FORBIDDEN for c in ps_name.replace(" ", "-")):
        raise FontFileError(f"'{name}' has no usable PostScript name (name ID 6); "
                            "re-export it from a font editor")
    if fs_type == _RESTRICTED or (fs_type & _NO_SUBSET and glyphs > 255):
        raise FontFileError(f"'{name}' is marked by its licence (OS/2 fsType {fs_type:#06x}) as not "
                            "embeddable in a PDF")

