"""Every document sets what the cards set: the pack's fallback fonts in the guide, checklist, player aids,
board and rules, and a text layer that reads back characters beyond U+FFFF.

The PDFs are read back with pypdf and pdfplumber: the characters must extract as written, and the ones
the bundled fonts lack must be drawn in the fallback font.
"""
import io
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from printkit.commands.build import BuildOptions, build_pack
from printkit.checks import check_pack
from printkit.diff.compare import compare
from printkit.diff.proof import proof_pdf
from printkit.core.fonts import register_font_file, with_fallback
from printkit.geometry.draw import Page, Text
from printkit.core.mm import mm_to_pt
from printkit.render.pdf import render_pdf, utf16_destinations
from printkit.render.rules_styles import markup
from printkit.model.rules_source import Run
from testfonts import EMOJI, truetype_font

REPO = Path(__file__).resolve().parents[2]
OLD_O = "\ua66e"  # ꙮ: a letter, not an emoji, that none of the bundled fonts has
FALLBACK = "ExtraGlyphs"  # the test font's PostScript name starts so
LUCY, SNOWMAN, TITLE = f"Lucy {OLD_O}{EMOJI}", f"Melting {EMOJI} Snowman", f"Peanuts Gag Grab {EMOJI}"


def extra_font() -> bytes:
    return truetype_font(EMOJI + OLD_O, family="Extra Glyphs")


# -- the text layer -------------------------------------------------------------

def test_destinations_beyond_the_bmp_become_surrogate_pairs():
    cmap = "3 beginbfchar\n<01> <10000>\n<02> <1F600>\n<03> <10FFFF>\n<04> <0041>\nendbfchar"
    # U+10000 is the first pair D800 DC00; U+1F600 is D83D DE00; U+10FFFF, the last, is DBFF DFFF.
    assert utf16_destinations(cmap) == ("3 beginbfchar\n<01> <D800DC00>\n<02> <D83DDE00>\n<03> <DBFFDFFF>\n"
                                        "<04> <0041>\nendbfchar")


def test_an_emoji_reads_back_from_the_pdf(tmp_path):
    (tmp_path / "Emoji.ttf").write_bytes(truetype_font("A" + EMOJI, family="Read Emoji"))
    key = register_font_file(tmp_path / "Emoji.ttf")
    pdf = render_pdf([Page(210, 297, (Text(10, 280, f"A{EMOJI}A", key, 14),))], {}, "t", "s")
    assert PdfReader(io.BytesIO(pdf)).pages[0].extract_text().strip() == f"A{EMOJI}A"
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert [c["text"] for c in doc.pages[0].chars] == ["A", EMOJI, "A"]
    cmaps = [font.get_object()["/ToUnicode"].get_object().get_data().decode()
             for font in PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"].values()]
    text = "\n".join(cmaps)
    assert "<D83DDE00>" in text
    assert not re.search(r"^<[0-9A-F]+> <[0-9A-F]{5,6}>$", text, re.MULTILINE)  # no odd-length destination


# -- one line in several fonts ------------------------------------------------------

@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_a_line_in_several_fonts_is_placed_as_a_whole(tmp_path, align):
    (tmp_path / "Extra.ttf").write_bytes(extra_font())
    key = with_fallback("body", (register_font_file(tmp_path / "Extra.ttf"),))
    pdf = render_pdf([Page(210, 297, (Text(100, 200, LUCY + " van Pelt", key, 12, align=align),))], {}, "t", "s")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        chars = doc.pages[0].chars
    assert "".join(c["text"] for c in chars) == LUCY + " van Pelt"
    fonts = {c["text"]: c["fontname"].split("+")[1] for c in chars}
    assert fonts[EMOJI].startswith(FALLBACK) and fonts[OLD_O].startswith(FALLBACK)
    assert fonts["L"].startswith("AtkinsonHyperlegible")
    # Each glyph starts where the one before it ends, whichever font either is in...
    for before, after in zip(chars, chars[1:]):
        if after["text"] in (EMOJI, OLD_O) or before["text"] in (EMOJI, OLD_O):
            assert after["x0"] == pytest.approx(before["x1"], abs=0.01)
    # ...the borrowed ones as wide as the fallback font makes them (800 of 1000 units)...
    emoji = next(c for c in chars if c["text"] == EMOJI)
    assert emoji["x1"] - emoji["x0"] == pytest.approx(0.8 * 12, abs=0.01)
    # ...and the line as a whole sits where it is aligned.
    left, right = chars[0]["x0"], chars[-1]["x1"]
    anchor = {"left": left, "center": (left + right) / 2, "right": right}[align]
    assert anchor == pytest.approx(mm_to_pt(100), abs=0.01)


def test_rules_markup_sets_what_a_face_lacks_in_the_fallback_font(tmp_path):
    (tmp_path / "Extra.ttf").write_bytes(extra_font())
    key = register_font_file(tmp_path / "Extra.ttf")
    text = markup((Run("Hi "), Run(f"Lucy {EMOJI}", "bold")), base="body", fallback=(key,))
    assert re.fullmatch(rf'Hi <b>Lucy <font face="PackFont-[0-9a-f]+">{EMOJI}</font></b>', text)
    assert markup((Run(f"Hi {EMOJI}"),)) == f"Hi {EMOJI}"  # no fallback fonts: the markup is as it was


# -- a whole kit ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """gag-grab with an emoji and ꙮ in names and in the title, and a fallback font that has them, built."""
    root = fallback_pack(tmp_path_factory.mktemp("fallback"))
    report = check_pack(root)
    result = build_pack(root, BuildOptions(root.parent / "out"))
    return report, {p.name: p.read_bytes() for p in result.files}


def fallback_pack(folder: Path) -> Path:
    """gag-grab copied into ``folder`` with an emoji and ꙮ in names and in the title, and a fallback font."""
    root = folder / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", root)
    (root / "fonts").mkdir()
    (root / "fonts" / "Extra.ttf").write_bytes(extra_font())
    for name, old, new in (("kids.csv", "Lucy,", f"{LUCY},"), ("gags.csv", "Melting Snowman,", f"{SNOWMAN},"),
                           ("game.toml", 'title = "Peanuts Gag Grab"', f'title = "{TITLE}"')):
        text = (root / name).read_text(encoding="utf-8")
        assert old in text
        (root / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    with (root / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[fonts]\nfallback = ["extra"]\nextra = "fonts/Extra.ttf"\n')
    return root


def test_balance_pdf_uses_the_fallback_font(tmp_path):
    from click.testing import CliRunner
    from printkit.commands.simulate import simulate_command

    root = fallback_pack(tmp_path)
    result = CliRunner().invoke(simulate_command, [str(root), "--games", "12", "--players", "2", "--workers", "1",
                                                   "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "out" / "gag-grab" / "balance.pdf") as doc:
        chars = [c for page in doc.pages for c in page.chars]
    text = "".join(c["text"] for c in chars)
    assert f"{TITLE}: balance" in text and SNOWMAN in text  # the title, and a gag in the chart of cards
    fonts = {c["fontname"].split("+")[-1] for c in chars if c["text"] in (EMOJI, OLD_O)}
    assert fonts and all(f.startswith(FALLBACK) for f in fonts)


def pages_with(pdf: bytes, text: str) -> list[int]:
    reader = PdfReader(io.BytesIO(pdf))
    return [n for n, page in enumerate(reader.pages) if text in page.extract_text()]


def borrowed(pdf: bytes, page: int) -> list[tuple[str, str]]:
    """(character, font) of each character of a page drawn in a font other than the bundled ones."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [(c["text"], c["fontname"].split("+")[-1]) for c in doc.pages[page].chars
                if not re.match(r"(AtkinsonHyperlegible|ComicNeue)", c["fontname"].split("+")[-1])]


def test_the_fallback_font_leaves_nothing_missing(kit):
    report, _ = kit
    assert [f for f in report.findings if f.code == "T701" or f.is_error] == []


def test_the_guide_and_checklist_draw_names_in_the_fallback_font(kit):
    _, files = kit
    cards = files["cards.pdf"]
    guide = PdfReader(io.BytesIO(cards)).pages[0].extract_text()
    assert guide.startswith(TITLE) and "Print-and-play kit" in guide
    checklist = pages_with(cards, "Card checklist")
    assert checklist == [1]
    text = PdfReader(io.BytesIO(cards)).pages[1].extract_text()
    assert f"{LUCY} ×10" in text and SNOWMAN in text
    # The borrowed characters and nothing else, each in the fallback font.
    for page in (0, 1):
        found = borrowed(cards, page)
        assert found and all(font.startswith(FALLBACK) for _, font in found)
    assert sorted(c for c, _ in borrowed(cards, 1)) == sorted([OLD_O, EMOJI, EMOJI])


def test_the_player_aid_names_its_cards_with_the_fallback_font(kit):
    _, files = kit
    cards = files["cards.pdf"]
    back = pages_with(cards, "Peanut Gallery cards")
    assert back, "the player aid backs"
    text = PdfReader(io.BytesIO(cards)).pages[back[0]].extract_text()
    assert LUCY in text
    assert {c for c, font in borrowed(cards, back[0]) if font.startswith(FALLBACK)} == {OLD_O, EMOJI}


def test_the_rules_tables_and_footer_use_the_fallback_font(kit):
    _, files = kit
    rules = files["rules.pdf"]
    reader = PdfReader(io.BytesIO(rules))
    assert reader.pages[0].extract_text().startswith(TITLE)
    kids = pages_with(rules, "Card\nCode\nKind")  # the header row of {{cards kids}}
    gags = [n for n in pages_with(rules, SNOWMAN) if "Card\nPoints" in reader.pages[n].extract_text()]
    assert kids and gags, "the {{cards kids}} and {{cards gags}} tables"
    assert LUCY in reader.pages[kids[0]].extract_text()
    with pdfplumber.open(io.BytesIO(rules)) as doc:
        for n in (kids[0], gags[0]):
            page = doc.pages[n]
            words = page.extract_words()
            assert any(w["text"] in (f"{OLD_O}{EMOJI}", EMOJI) for w in words)
            footer = [c for c in page.chars if c["top"] > page.height - mm_to_pt(20)]
            assert EMOJI in "".join(c["text"] for c in footer)  # "Peanuts Gag Grab 😀: rules"
        fonts = {c["fontname"].split("+")[-1] for c in doc.pages[kids[0]].chars if c["text"] in (EMOJI, OLD_O)}
    assert fonts and all(f.startswith(FALLBACK) for f in fonts)


def test_the_board_title_uses_the_fallback_font(kit):
    _, files = kit
    board = files["board.pdf"]
    assert pages_with(board, EMOJI)
    assert {c for c, font in borrowed(board, 0)} == {EMOJI}


def test_the_fallback_font_is_embedded_once_as_a_subset(kit):
    _, files = kit
    for name in ("cards.pdf", "rules.pdf", "board.pdf"):
        reader = PdfReader(io.BytesIO(files[name]))
        programs = set()
        for page in reader.pages:
            for font in page["/Resources"].get("/Font", {}).values():
                font = font.get_object()
                if FALLBACK in str(font["/BaseFont"]):
                    assert re.fullmatch(r"/[A-Z]{6}\+ExtraGlyphs-Regular-[0-9a-f]{10}", str(font["/BaseFont"]))
                    programs.add(font["/FontDescriptor"].get_object().raw_get("/FontFile2").idnum)
        assert len(programs) == 1, name


def test_the_diff_proof_captions_use_the_fallback_font(tmp_path):
    old, new = tmp_path / "old" / "gag-grab", tmp_path / "new" / "gag-grab"
    for root in (old, new):
        shutil.copytree(REPO / "cards" / "gag-grab", root)
        (root / "fonts").mkdir()
        (root / "fonts" / "Extra.ttf").write_bytes(extra_font())
        with (root / "game.toml").open("a", encoding="utf-8") as f:
            f.write('\n[fonts]\nfallback = ["extra"]\nextra = "fonts/Extra.ttf"\n')
    text = (new / "gags.csv").read_text(encoding="utf-8")
    (new / "gags.csv").write_text(text.replace("Melting Snowman,", f"{SNOWMAN},", 1), encoding="utf-8")
    a, b = check_pack(old), check_pack(new)
    diff = compare(a.pack, b.pack, a.findings, b.findings, "old", "new")
    data, pages = proof_pdf(diff, a.fronts, b.fronts)
    assert pages == 1
    reader = PdfReader(io.BytesIO(data))
    assert f"Melting Snowman » Melting {EMOJI}" in reader.pages[0].extract_text()  # the renamed card's caption
    with pdfplumber.open(io.BytesIO(data)) as doc:
        emoji = [c for c in doc.pages[0].chars if c["text"] == EMOJI]
    # On the new card's face and in its caption.
    assert len(emoji) == 2 and all(FALLBACK in c["fontname"] for c in emoji)
