"""An unslashed zero for Atkinson Hyperlegible, the bundled text face.

Atkinson Hyperlegible draws its zero with a slash: a help in codes, a
stumble in running text ("6Ø cards"). Every page sets its text in copies of
those faces whose zero is an open oval: the zero's outer contour, with its
own shape scaled into the counter as the hole. The font's licence allows
modified copies; each copy goes by a name of its own.
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def open_zero_file(path: Path) -> bytes:
    """The font file at ``path`` with an open zero (the same bytes on every call and every run)."""
    return open_zero(path.read_bytes())


def open_zero(font_bytes: bytes) -> bytes:
    """The TrueType font with an unslashed zero: the zero's outer contour and a counter of the same shape."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.pens.reverseContourPen import ReverseContourPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FontFile

    font = FontFile(io.BytesIO(font_bytes), recalcTimestamp=False)  # same bytes every build
    glyphs = font.getGlyphSet()
    name = font.getBestCmap().get(ord("0"))
    recorded = RecordingPen()
    glyphs[name].draw(recorded)
    contours, current = [], []
    for op, args in recorded.value:
        current.append((op, args))
        if op in ("closePath", "endPath"):
            contours.append(current)
            current = []
    if len(contours) < 2:
        return font_bytes  # not a slashed zero
    boxes = [_bounds(c) for c in contours]
    outer = max(range(len(contours)), key=lambda i: (boxes[i][2] - boxes[i][0]) * (boxes[i][3] - boxes[i][1]))
    inner = [b for i, b in enumerate(boxes) if i != outer]
    hole = (min(b[0] for b in inner), min(b[1] for b in inner), max(b[2] for b in inner), max(b[3] for b in inner))
    x0, y0, x1, y1 = boxes[outer]
    sx, sy = (hole[2] - hole[0]) / (x1 - x0), (hole[3] - hole[1]) / (y1 - y0)
    matrix = (sx, 0, 0, sy, hole[0] - x0 * sx, hole[1] - y0 * sy)
    pen = TTGlyphPen(glyphs)
    _replay(contours[outer], pen)
    _replay(contours[outer], ReverseContourPen(TransformPen(pen, matrix)))
    font["glyf"][name] = pen.glyph()
    # A changed font goes by a name of its own (the PDF names fonts by their PostScript name).
    for record in font["name"].names:
        if record.nameID in (3, 4, 6):
            text = record.toUnicode()
            record.string = text + ("-OpenZero" if record.nameID == 6 else " OpenZero")
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _bounds(contour) -> tuple[float, float, float, float]:
    points = [p for _, args in contour for p in args]
    return (min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points),
            max(p[1] for p in points))


def _replay(contour, pen) -> None:
    for op, args in contour:
        getattr(pen, op)(*args)
