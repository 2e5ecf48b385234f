"""Pack fonts in the PDF: embedded as subsets, CFF converted to TrueType, the same bytes every time.

Text is drawn through the display list's lowest level (a Page of Text items
given to render_pdf), so these tests do not depend on how layouts choose
fonts; the PDFs are read back with pypdf, pdfplumber and fontTools.
"""
import hashlib
import io
import re
import subprocess
import sys

import pdfplumber
import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from printkit.core import fontconvert
from printkit.commands.build import BuildOptions, build_pack
from printkit.render.refusal import BuildRefused
from printkit.core.fonts import FontUnusable, register_font_file
from printkit.geometry.draw import Page, Text
from printkit.render.pdf import render_pdf
from testfonts import EMOJI, cff_font, line_of, truetype_font, with_fonts

SUBSET = re.compile(r"/[A-Z]{6}\+(.+)")
PACK_NAME = re.compile(r"(.+)-([0-9a-f]{10})")  # a pack font's PostScript name, then part of its hash


def render(*texts: tuple[str, str]) -> bytes:
    """A one-page PDF with each (text, font key) on a line of its own."""
    items = tuple(Text(10, 280 - 12 * n, text, font, 14) for n, (text, font) in enumerate(texts))
    return render_pdf([Page(210, 297, items)], faces={}, title="fonts", subject="pack fonts")


def embedded_fonts(pdf: bytes) -> dict[str, dict]:
    """Base font name without its subset tag or a pack font's hash -> {"subset": tag present,
    "hash": the hex digits after the name, "program": TTFont or None}."""
    found = {}
    for font in PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        match = SUBSET.fullmatch(str(font["/BaseFont"]))
        name = match.group(1) if match else str(font["/BaseFont"]).lstrip("/")
        hashed = PACK_NAME.fullmatch(name)
        descriptor = font.get("/FontDescriptor")
        stream = descriptor.get_object().get("/FontFile2") if descriptor else None
        program = TTFont(io.BytesIO(stream.get_object().get_data())) if stream else None
        found[hashed.group(1) if hashed else name] = {"subset": bool(match), "program": program,
                                                       "hash": hashed.group(2) if hashed else ""}
    return found


def key_for(tmp_path, name: str, data: bytes) -> str:
    (tmp_path / name).write_bytes(data)
    return register_font_file(tmp_path / name)


def test_truetype_pack_font_is_embedded_as_a_subset(tmp_path):
    # reportlab's first subset keeps every ASCII glyph (so content streams stay readable): the
    # accented letters are the ones a subset may leave out.
    accented = "\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5"
    data = truetype_font("AB " + accented, family="Embed Sans")
    key = key_for(tmp_path, "Sans.ttf", data)
    pdf = render(("A\u00c0B", key))
    font = embedded_fonts(pdf)["EmbedSans-Regular"]
    assert font["subset"] and font["program"] is not None  # FontFile2: the font travels with the PDF
    # The file's own name, and part of its content's hash: a font edited in place is one of its own.
    assert font["hash"] == hashlib.sha256(data).hexdigest()[:10]
    glyf = font["program"]["glyf"]
    drawn = [g for g in font["program"].getGlyphOrder() if glyf[g].numberOfContours > 0]
    assert len(drawn) == 3  # A, B and À of the eight the font draws
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert doc.pages[0].extract_text() == "A\u00c0B"


def test_cff_pack_font_is_converted_to_truetype_and_embedded(tmp_path):
    source = cff_font("AB ", family="Embed Serif")
    key = key_for(tmp_path, "Serif.otf", source)
    pdf = render(("BA", key))
    font = embedded_fonts(pdf)["EmbedSerif-Regular"]
    assert font["subset"] and font["program"] is not None
    assert "glyf" in font["program"] and "CFF " not in font["program"]
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert doc.pages[0].extract_text() == "BA"
    assert (tmp_path / "Serif.otf").read_bytes() == source and sorted(p.name for p in tmp_path.iterdir()) == [
        "Serif.otf"]  # converted in memory: nothing written beside the font


def test_converted_outlines_keep_the_shape(tmp_path):
    converted = TTFont(io.BytesIO(fontconvert.truetype_bytes(cff_font("A", family="Shape Serif"))))
    glyph = converted["glyf"]["uni0041"]
    assert (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax) == (100, 0, 700, 600)
    assert converted["hmtx"]["uni0041"] == (800, 100)
    assert converted["maxp"].tableVersion == 0x00010000


def test_pack_and_bundled_fonts_side_by_side_with_an_emoji(tmp_path):
    text = key_for(tmp_path, "Side.ttf", truetype_font("AB ", family="Side Sans"))
    emoji = key_for(tmp_path, "Emoji.ttf", truetype_font(EMOJI, family="Side Emoji"))
    fonts = embedded_fonts(render(("AB", text), (EMOJI, emoji), ("Body text", "body")))
    assert {"SideSans-Regular", "SideEmoji-Regular", "AtkinsonHyperlegible-Regular-OpenZero"} <= set(fonts)
    assert all(f["subset"] and f["program"] is not None for f in fonts.values())


def test_same_input_same_bytes_even_in_another_process(tmp_path):
    tt = key_for(tmp_path, "Same.ttf", truetype_font("AB ", family="Same Sans"))
    cff = key_for(tmp_path, "Same.otf", cff_font("AB ", family="Same Serif"))
    first = render(("AB", tt), ("BA", cff))
    assert render(("AB", tt), ("BA", cff)) == first
    # A fresh process registers and converts the fonts anew: the bytes must not change.
    code = ("import sys; from printkit.core.fonts import register_font_file as r\n"
            "from printkit.geometry.draw import Page, Text\nfrom printkit.render.pdf import render_pdf\n"
            f"tt, cff = r({str(tmp_path / 'Same.ttf')!r}), r({str(tmp_path / 'Same.otf')!r})\n"
            "items = (Text(10, 280, 'AB', tt, 14), Text(10, 268, 'BA', cff, 14))\n"
            "sys.stdout.buffer.write(render_pdf([Page(210, 297, items)], faces={}, title='fonts',"
            " subject='pack fonts'))")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
    assert other == first


def test_cff_that_cannot_be_converted_is_a_clear_error(tmp_path, monkeypatch):
    key = key_for(tmp_path, "Broken.otf", cff_font("AB ", family="Broken Serif"))

    def fail(font):
        raise ValueError("odd charstring")

    monkeypatch.setattr(fontconvert, "_cff_to_glyf", fail)
    fontconvert.truetype_bytes.cache_clear()
    with pytest.raises(FontUnusable) as caught:
        render(("AB", key))
    assert caught.value.key == key
    assert "CFF outlines could not be converted" in caught.value.message
    assert "export the font as TrueType" in caught.value.message


def test_a_font_unusable_at_build_time_is_a_T708_at_its_manifest_key(mini, tmp_path, monkeypatch):
    with_fonts(mini, '[fonts.serif]\nregular = "fonts/Serif.otf"', **{"Serif.otf": cff_font(family="Build Serif")})
    key = register_font_file(mini.path / "fonts" / "Serif.otf")

    def refuse(*args, **kwargs):
        raise FontUnusable(key, "'Serif.otf': CFF outlines could not be converted; export the font as TrueType")

    monkeypatch.setattr("printkit.render.pdf.render_pdf", refuse)
    with pytest.raises(BuildRefused) as caught:
        build_pack(mini.path, BuildOptions(tmp_path / "out"))
    [finding] = [f for f in caught.value.report.findings if f.code == "T708"]
    assert (finding.location.file.name, finding.location.line) == ("game.toml", line_of(mini, "regular ="))
    assert "CFF outlines could not be converted" in finding.message
    assert not (tmp_path / "out").exists()


def test_a_pack_with_fonts_builds_the_same_bytes_twice_and_leaves_the_pack_alone(mini, tmp_path):
    with_fonts(mini, '[fonts]\nfallback = ["serif"]\nserif = "fonts/Serif.otf"',
               **{"Serif.otf": cff_font(family="Twice Serif")})
    before = sorted(p.relative_to(mini.path) for p in mini.path.rglob("*"))
    outputs = []
    for run in ("a", "b"):
        result = build_pack(mini.path, BuildOptions(tmp_path / run))
        outputs.append({p.name: p.read_bytes() for p in result.files})
    assert outputs[0] == outputs[1]
    assert sorted(p.relative_to(mini.path) for p in mini.path.rglob("*")) == before


def test_a_card_sets_a_character_its_font_lacks_in_the_fallback_font(mini, tmp_path):
    # A custom layout shows each gag's name; one name carries an emoji only the pack's font has.
    with_fonts(mini, '[fonts]\nfallback = ["emoji"]\nemoji = "fonts/Emoji.ttf"',
               **{"Emoji.ttf": truetype_font(chars=EMOJI + " ", family="Test Emoji")})
    mini.edit("game.toml", "[decks.gags.expect]",
              '[decks.gags.face]\nlayout = "plain"\n\n[decks.gags.expect]')
    mini.edit("gags.csv", "Toy Piano,", f"Toy Piano {EMOJI},")
    assert [f for f in mini.findings() if f.is_error] == []
    result = build_pack(mini.path, BuildOptions(tmp_path / "out"))
    cards = next(p for p in result.files if p.name == "cards.pdf")
    with pdfplumber.open(cards) as pdf:
        page = next(p for p in pdf.pages if "Gag cards · sheet 1" in (p.extract_text() or ""))
        chars = page.chars
    # The emoji is the one character set in the pack's font, on the line of "Toy Piano"...
    emoji = [c for c in chars if "TestEmoji" in c["fontname"]]
    assert len(emoji) == 1
    line = [c for c in chars if abs(c["top"] - emoji[0]["top"]) < 3]
    assert "".join(c["text"] for c in line if c["x0"] < emoji[0]["x0"]).replace(" ", "").endswith("ToyPiano")
    # ...and the rest of the name keeps the layout's own font.
    assert {c["fontname"].split("+")[1] for c in line if c is not emoji[0] and c["text"].strip()} == {"ComicNeue-Bold"}
