"""The bundled text faces print an open zero: the slash is gone, the width and every other glyph kept."""
import io

import pytest
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

from conftest import REPO
from printkit.core.fontzero import open_zero

FACES = ["Regular", "Bold", "Italic", "BoldItalic"]


def contours(font: TTFont, char: str) -> list:
    glyphs = font.getGlyphSet()
    pen = RecordingPen()
    glyphs[font.getBestCmap()[ord(char)]].draw(pen)
    return [op for op, _ in pen.value if op == "closePath"]


@pytest.mark.parametrize("face", FACES)
def test_the_zero_loses_its_slash_and_nothing_else_changes(face):
    data = (REPO / "fonts" / f"AtkinsonHyperlegible-{face}.ttf").read_bytes()
    before, after = TTFont(io.BytesIO(data)), TTFont(io.BytesIO(open_zero(data)))
    assert len(contours(before, "0")) == 3  # outline, counter and slash
    assert len(contours(after, "0")) == 2  # outline and an oval counter
    zero = before.getBestCmap()[ord("0")]
    assert after["hmtx"][zero] == before["hmtx"][zero]  # text measures the same
    for char in "O8a9":
        assert contours(after, char) == contours(before, char)
    assert after["name"].getDebugName(6) == before["name"].getDebugName(6) + "-OpenZero"


def test_the_same_font_gives_the_same_bytes():
    data = (REPO / "fonts" / "AtkinsonHyperlegible-Regular.ttf").read_bytes()
    assert open_zero(data) == open_zero(data)
