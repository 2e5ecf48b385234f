"""Tiny fonts made with fontTools' FontBuilder, for the tests of pack fonts.

Every glyph is a square (or nothing, for the space), so the fonts are a few
hundred bytes and a test can say exactly which characters each one has.
"""
from __future__ import annotations

import io

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

EMOJI = "\U0001F600"  # 😀
UPEM = 1000


def _draw_square(pen, size: int = 600) -> None:
    pen.moveTo((100, 0))
    pen.lineTo((100, size))
    pen.lineTo((100 + size, size))
    pen.lineTo((100 + size, 0))
    pen.closePath()


def _finish(fb: FontBuilder, order: list[str], cmap: dict[int, str], family: str, style: str,
            fs_type: int, advance: int = 800) -> bytes:
    fb.setupCharacterMap(cmap)
    fb.setupHorizontalMetrics({n: (advance, 100) for n in order})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": style,
                       "psName": f"{family.replace(' ', '')}-{style}"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, fsType=fs_type,
                sCapHeight=600)
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


def truetype_font(chars: str = "AB ", family: str = "Test Sans", style: str = "Regular",
                  fs_type: int = 0, upem: int = UPEM, advance: int = 800) -> bytes:
    """A TrueType font with a square glyph for every non-space character of ``chars``, each
    ``advance`` units of a ``upem``-unit em wide."""
    names = [f"uni{ord(c):04X}" for c in chars]
    order = [".notdef", *names]
    fb = FontBuilder(upem, isTTF=True)
    fb.setupGlyphOrder(order)
    glyphs = {}
    for name, char in zip(order, " " + chars):
        pen = TTGlyphPen(None)
        if not char.isspace():
            _draw_square(pen)
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    return _finish(fb, order, {ord(c): n for c, n in zip(chars, names)}, family, style, fs_type, advance)


def cff_font(chars: str = "AB ", family: str = "Test Serif", style: str = "Regular") -> bytes:
    """An OpenType font with PostScript (CFF) outlines: a curved square per non-space character."""
    names = [f"uni{ord(c):04X}" for c in chars]
    order = [".notdef", *names]
    fb = FontBuilder(UPEM, isTTF=False)
    fb.setupGlyphOrder(order)
    charstrings = {}
    for name, char in zip(order, " " + chars):
        pen = T2CharStringPen(800, None)
        if not char.isspace():
            pen.moveTo((100, 0))
            pen.curveTo((100, 300), (100, 600), (400, 600))  # a cubic curve, to be approximated
            pen.lineTo((700, 600))
            pen.lineTo((700, 0))
            pen.closePath()
        charstrings[name] = pen.getCharString()
    fb.setupCFF(f"{family.replace(' ', '')}-{style}", {"FullName": f"{family} {style}"}, charstrings, {})
    return _finish(fb, order, {ord(c): n for c, n in zip(chars, names)}, family, style, 0)


def collection(*fonts: bytes) -> bytes:
    """A TrueType collection (.ttc) holding ``fonts``."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.ttCollection import TTCollection

    ttc = TTCollection()
    ttc.fonts = [TTFont(io.BytesIO(f)) for f in fonts]
    out = io.BytesIO()
    ttc.save(out)
    return out.getvalue()


def bitmap_only_font() -> bytes:
    """A font whose glyphs are colour bitmaps only: no glyf or CFF table, as in colour emoji fonts."""
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(truetype_font(EMOJI)))
    for tag in ("glyf", "loca"):
        del font[tag]
    font["sbix"] = sbix = newTable("sbix")
    sbix.version, sbix.flags, sbix.strikes = 1, 1, {}
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def with_fonts(pack, table: str, **files: bytes) -> None:
    """Write ``files`` (name -> bytes) into the pack's fonts/ folder and append ``table`` to game.toml."""
    folder = pack.path / "fonts"
    folder.mkdir(exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    text = (pack.path / "game.toml").read_text(encoding="utf-8")
    pack.write("game.toml", text.rstrip("\n") + "\n\n" + table.strip("\n") + "\n")


def line_of(pack, text: str) -> int:
    """The 1-based line of game.toml that holds ``text``."""
    lines = (pack.path / "game.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def with_table(data: bytes, tag: str, change) -> bytes:
    """The font ``data`` with the bytes of table ``tag`` replaced, in place, by ``change(old bytes)``
    (same length), as damage on disk would; the table directory is left as it was."""
    import struct

    out = bytearray(data)
    for i in range(struct.unpack(">H", data[4:6])[0]):
        entry_tag, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * i:28 + 16 * i])
        if entry_tag == tag.encode("ascii"):
            new = change(bytes(data[offset:offset + length]))
            assert len(new) == length
            out[offset:offset + length] = new
            return bytes(out)
    raise KeyError(tag)


def edited_font(data: bytes, edit) -> bytes:
    """The font ``data`` after ``edit(font)`` changes its decoded tables, saved without recalculation."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcBBoxes=False, recalcTimestamp=False)
    edit(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def composite_font(parts: list[list[int]]) -> bytes:
    """A TrueType font whose glyph 1 is a square and each glyph i > 1 a composite of the glyphs
    ``parts[i - 2]`` names by number: a hostile font can nest or repeat them without end."""
    from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

    order = [".notdef", "square", *(f"part{i}" for i in range(2, len(parts) + 2))]
    fb = FontBuilder(UPEM, isTTF=True)
    fb.setupGlyphOrder(order)
    glyphs = {}
    for name in order[:2]:
        pen = TTGlyphPen(None)
        _draw_square(pen)
        glyphs[name] = pen.glyph()
    for name, refs in zip(order[2:], parts):
        glyph = Glyph()
        glyph.numberOfContours, glyph.components = -1, []
        glyph.xMin = glyph.yMin = 0
        glyph.xMax = glyph.yMax = 700
        for ref in refs:
            component = GlyphComponent()
            component.glyphName, component.x, component.y, component.flags = order[ref], 0, 0, 0x4
            glyph.components.append(component)
        glyphs[name] = glyph
    fb.setupGlyf(glyphs)
    fb.font.recalcBBoxes = False  # the bounds of composites are given above, not worked out
    return _finish(fb, order, {ord("A"): "square", ord("B"): order[-1]}, "Test Composite", "Regular", 0)


def looped_composite_font() -> bytes:
    """A font whose glyph 2 is made of glyph 3 and glyph 3 of glyph 2: a loop no drawing ends."""
    from fontTools.ttLib import TTFont

    data = composite_font([[1], [2]])
    start = TTFont(io.BytesIO(data))["loca"][2]  # glyph 2: a 10-byte header, flags, then the glyph it uses
    return with_table(data, "glyf", lambda b: b[:start + 12] + (3).to_bytes(2, "big") + b[start + 14:])
