"""Turn a CFF-flavoured OpenType font into a TrueType one the PDF writer can embed.

reportlab embeds only TrueType ('glyf') outlines. A CFF font's cubic curves
are approximated by quadratic ones (fontTools' cu2qu, within a font unit),
the same way fontTools' otf2ttf example does it. This runs only when
building, and the result is kept in memory: nothing is written next to the
pack or the output.
"""
from __future__ import annotations

import io
from functools import lru_cache

from .errors import PrintkitError

MAX_ERROR = 1.0  # font units a quadratic curve may stray from its cubic original


class FontConversionError(PrintkitError, ValueError):
    """The CFF outlines could not be turned into TrueType ones."""


@lru_cache(maxsize=4)  # a build renders several documents with the same fonts
def truetype_bytes(data: bytes) -> bytes:
    """``data`` as a TrueType font; unchanged when it already is one."""
    if data[:4] != b"OTTO":
        return data
    from fontTools.ttLib import TTFont

    try:
        # recalcTimestamp=False keeps head.modified as it was: same font, same bytes.
        font = TTFont(io.BytesIO(data), recalcTimestamp=False)
        _cff_to_glyf(font)
        out = io.BytesIO()
        font.save(out)
    except Exception as exc:  # any failure of the conversion means one thing to a designer
        raise FontConversionError(f"CFF outlines could not be converted ({exc}); "
                                  "export the font as TrueType") from None
    return out.getvalue()


def _cff_to_glyf(font) -> None:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        # TrueType contours run the other way round from PostScript ones.
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, glyphs
    del font["CFF "]
    if "VORG" in font:  # vertical origins exist only for CFF
        del font["VORG"]
    glyf.compile(font)
    _left_side_bearings(font, glyf)
    _truetype_maxp(font, glyf)
    _named_post(font, order)
    font.sfntVersion = "\x00\x01\x00\x00"


def _left_side_bearings(font, glyf) -> None:
    """TrueType wants hmtx's left side bearing to equal each outline's xMin."""
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)


def _truetype_maxp(font, glyf) -> None:
    """A CFF font's maxp is the short version 0.5; TrueType needs 1.0 with its limits."""
    from fontTools.ttLib import newTable

    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.numGlyphs = len(glyf.glyphs)
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions"):
        setattr(maxp, field, 0)
    maxp.maxComponentElements = max((len(getattr(g, "components", ()) or ()) for g in glyf.glyphs.values()),
                                    default=0)
    font["maxp"] = maxp
    maxp.compile(font)  # fills in the point and contour counts from glyf


def _named_post(font, order) -> None:
    """Version 2 post keeps glyph names (CFF kept them in its own table); 3 if they do not fit."""
    post = font["post"]
    post.formatType = 2.0
    post.extraNames, post.mapping, post.glyphOrder = [], {}, order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0
