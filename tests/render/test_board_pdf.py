"""board.pdf read back: page sizes, the grid pitch from the labels, tiles, pawns, fonts.

Expected numbers are worked out here from the card size (63.5 × 88.9 mm) and
the 2 mm margin around each card, not taken from printkit's layout code.
"""
import re

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.commands.cli import cli

MM = 72 / 25.4
SPACE_W, SPACE_H = 63.5 + 4, 88.9 + 4  # card + 2 mm each way


def build(tmp_path_factory, *args):
    out = tmp_path_factory.mktemp("board")
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return out / "gag-grab" / "board.pdf"


@pytest.fixture(scope="module")
def a2(tmp_path_factory):
    return build(tmp_path_factory, "--board-paper", "a2")


@pytest.fixture(scope="module", params=["a4", "letter"])
def tiled(request, tmp_path_factory):
    return request.param, build(tmp_path_factory, "--paper", request.param)


def label_centres(page, labels):
    """Centre (x, y) in mm, y up, of each single-character label word, as lists by label."""
    found = {}
    for w in page.extract_words():
        if w["text"] in labels:
            x = (w["x0"] + w["x1"]) / 2 / MM
            y = (page.height - (w["top"] + w["bottom"]) / 2) / MM
            found.setdefault(w["text"], []).append((x, y))
    return found


SRA2 = (450 * MM, 640 * MM)  # the oversize sheet an A2 job with bleed is printed on


def test_one_sheet_board_is_on_sra2_and_its_pieces_on_the_home_paper(a2):
    reader = PdfReader(a2)
    assert len(reader.pages) == 2
    sizes = [tuple(float(v) for v in page.mediabox[2:]) for page in reader.pages]
    assert sizes[0] == pytest.approx(SRA2, abs=0.01)
    assert sizes[1] == pytest.approx((210 * MM, 297 * MM), abs=0.01)  # A4, the default --paper
    pieces = reader.pages[1].extract_text()
    assert "SRA2" in pieces and "Pawns" in pieces and "print it at home" in pieces


def test_one_sheet_board_says_how_to_print_it_and_where_it_trims(a2):
    board_w, board_h = 7 + 6 * SPACE_W + 7, 7 + 6 * SPACE_H + 7 + 16
    left, bottom = (450 - board_w) / 2, (640 - board_h) / 2
    page = PdfReader(a2).pages[0]
    trim = [float(v) / MM for v in page.trimbox]
    bleed = [float(v) / MM for v in page.bleedbox]
    assert trim == pytest.approx([left, bottom, left + board_w, bottom + board_h], abs=0.01)
    assert bleed == pytest.approx([left - 3, bottom - 3, left + board_w + 3, bottom + board_h + 3], abs=0.01)
    text = page.extract_text()
    assert "print at 100%" in text and "SRA2, 450 × 640 mm" in text and "419 × 587 mm" in text


def test_labels_are_text_and_give_the_grid_pitch(a2):
    with pdfplumber.open(a2) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        found = label_centres(page, set("ABCDEF123456"))
    assert "Peanuts Gag Grab" in text
    for letter in "ABCDEF":
        assert len(found[letter]) >= 2  # above and below the grid
    tops = [max(found[letter], key=lambda p: p[1])[0] for letter in "ABCDEF"]
    pitch_x = [b - a for a, b in zip(tops, tops[1:])]
    assert pitch_x == pytest.approx([SPACE_W] * 5, abs=0.05)
    rows = [min(found[n], key=lambda p: p[0])[1] for n in "123456"]  # the row number at the left
    pitch_y = [a - b for a, b in zip(rows, rows[1:])]
    assert pitch_y == pytest.approx([SPACE_H] * 5, abs=0.05)


def test_start_spaces_are_marked(a2):
    with pdfplumber.open(a2) as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("START 5+") == 4
    assert len(re.findall(r"START(?! 5\+)", text)) == 4


def test_one_sheet_has_crop_marks_outside_the_bleed(a2):
    with pdfplumber.open(a2) as pdf:
        page = pdf.pages[0]
        marks = [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]
    assert len(marks) == 8  # two at each corner of the trim
    board_w, board_h = 7 + 6 * SPACE_W + 7, 7 + 6 * SPACE_H + 7 + 16  # track 7 mm all round, title band 16
    sheet_w, sheet_h = 450, 640
    left, bottom = (sheet_w - board_w) / 2, (sheet_h - board_h) / 2
    # pdfplumber measures y from the top of the page: the trim's top and bottom edges there.
    upper, lower = sheet_h - bottom - board_h, sheet_h - bottom
    vertical = [m for m in marks if abs(m["x0"] - m["x1"]) < 0.01]
    horizontal = [m for m in marks if abs(m["top"] - m["bottom"]) < 0.01]
    assert {round(m["x0"] / MM, 1) for m in vertical} == {round(left, 1), round(left + board_w, 1)}
    assert {round(m["top"] / MM, 1) for m in horizontal} == {round(upper, 1), round(lower, 1)}
    # Each mark starts 3 mm past the trim, beyond the bleed, and is 5 mm long.
    for m in vertical:
        y0, y1 = m["top"] / MM, m["bottom"] / MM
        gap = min(abs(y1 - upper), abs(y0 - lower))
        assert gap == pytest.approx(3, abs=0.05) and y1 - y0 == pytest.approx(5, abs=0.05)
    for m in horizontal:
        x0, x1 = sorted((m["x0"] / MM, m["x1"] / MM))
        gap = min(abs(x0 - left), abs(x1 - left), abs(x0 - left - board_w), abs(x1 - left - board_w))
        assert gap == pytest.approx(3, abs=0.05) and x1 - x0 == pytest.approx(5, abs=0.05)


def test_tiles_pages_and_labels(tiled):
    paper, path = tiled
    reader = PdfReader(path)
    assert len(reader.pages) == 6 + 1  # 6 tiles; pawns, die and the assembly map
    for n, page in enumerate(reader.pages[:6], 1):
        w, h = (float(v) for v in page.mediabox[2:])
        assert w > h  # landscape tiles
        # The label runs up the tile's right-hand strip.
        assert f"Tile {n} of 6" in page.extract_text(orientations=(90,))
    assert "6 tiles" in reader.pages[6].extract_text()


def test_tiled_text_is_at_least_6_points(tiled):
    _, path = tiled
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            # A character turned a quarter turn is as wide on the page as its type is tall.
            size = [(c["size"] if c["upright"] else (c["x1"] - c["x0"]), c["upright"]) for c in page.chars]
            assert min(v for v, _ in size) >= 6.0
            if page.page_number <= 6:  # the tiles' strips: labels and glue notes
                strips = [v for v, upright in size if not upright]
                assert strips and min(strips) >= 8.0


def test_each_space_name_appears_once_across_the_tiles(tiled):
    _, path = tiled
    names = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages[:6]:
            names += [w["text"] for w in page.extract_words() if re.fullmatch(r"[A-F][1-6]", w["text"])]
    assert sorted(names) == sorted(f"{c}{r}" for c in "ABCDEF" for r in range(1, 7))


def test_pawns_for_eight_players_and_a_die(tiled):
    _, path = tiled
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[-1].extract_text()
    for n in range(1, 9):
        # Front and back panel; the back panel is printed upside down, so it reads reversed.
        assert text.count(f"P{n}") + text.count(f"{n}P") == 2
    assert "die" in text


def test_every_font_is_embedded(tiled, a2):
    for path in (tiled[1], a2):
        reader = PdfReader(path)
        for page in reader.pages:
            fonts = page["/Resources"].get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                assert "/FontFile2" in descriptor.get_object(), font.get("/BaseFont")


def hairlines(page):
    """The 0.25 pt lines of a page (crop marks and cut ticks), as (x0, top, x1, bottom) in mm."""
    return [(ln["x0"] / MM, ln["top"] / MM, ln["x1"] / MM, ln["bottom"] / MM) for ln in page.lines
            if abs(ln["linewidth"] - 0.25) < 0.01]


@pytest.fixture(scope="module")
def arch_c(tmp_path_factory):
    return build(tmp_path_factory, "--board-paper", "arch-c")


def test_arch_c_crop_marks_stop_4_mm_from_the_sheet_edge_and_a_note_says_how_to_print(arch_c):
    with pdfplumber.open(arch_c) as pdf:
        page = pdf.pages[0]
        w, h = page.width / MM, page.height / MM
        marks = hairlines(page)
    assert (w, h) == pytest.approx((457.2, 609.6), abs=0.01)
    assert len(marks) == 8
    # The board is 587.4 mm tall on a 609.6 mm sheet: 11.1 mm above and below it, so the marks there
    # are shortened (11.1 - 3 mm bleed - 4 mm) to end 4 mm from the edge; those at the sides keep 5 mm.
    for x0, top, x1, bottom in marks:
        assert min(x0, top, w - x1, h - bottom) >= 4.0 - 0.01
    lengths = sorted(round(max(x1 - x0, bottom - top), 2) for x0, top, x1, bottom in marks)
    assert lengths == [4.1] * 4 + [5.0] * 4
    text = PdfReader(arch_c).pages[0].extract_text(orientations=(90,))
    assert "print at 100% (actual size) on ARCH C, 457 × 610 mm" in text.replace("\n", " ")


def test_every_cut_edge_of_a_tile_has_a_tick_beyond_each_end(tiled):
    paper, path = tiled
    with pdfplumber.open(path) as pdf:
        ticks = [hairlines(page) for page in pdf.pages[:6]]
        w, h = pdf.pages[0].width / MM, pdf.pages[0].height / MM
    # Tiles 2, 4, 6 lie on the tile to their left; 3 to 6 on the tile above: two ticks per cut edge.
    assert [len(t) for t in ticks] == [0, 2, 2, 4, 2, 4]
    for page in ticks:
        for x0, top, x1, bottom in page:
            assert min(x0, top, w - x1, h - bottom) >= 4.0 - 0.01
            assert max(x1 - x0, bottom - top) >= 1.5
