"""Pack icons in the rules booklet: drawn inline where the text names them, checked when it misnames them."""
import io

import pdfplumber
import pytest
from conftest import at
from PIL import Image, ImageDraw
from pypdf import PdfReader

from printkit.commands.build import BuildOptions, build_pack
from printkit.render.icons import flatten, symbol_png

ICONS = """
[icons]
coin = { symbol = "disc", colour = "#E69F00" }
star = "icons/star.png"
"""
SENTENCE = "Pay 2 {coin} to move, or a {star} and 1 {coin} to jump."
ESCAPED = "Write \\{coin} to print the name in braces."
ITEM = "- Spend {star} once a game."


def star_png() -> bytes:
    image = Image.new("RGBA", (48, 48), (0, 0, 0, 0))
    ImageDraw.Draw(image).polygon([(24, 2), (30, 18), (46, 18), (33, 28), (38, 45), (24, 35), (10, 45),
                                   (15, 28), (2, 18), (18, 18)], fill=(0, 114, 178, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def with_icons(pack, extra: str = "") -> None:
    """Declare a symbol icon and a picture icon, and use them under 'The goal'."""
    (pack.path / "icons").mkdir()
    pack.write("icons/star.png", star_png())
    pack.write("game.toml", (pack.path / "game.toml").read_text(encoding="utf-8") + ICONS)
    pack.edit("rules.md", "## The goal\n\n", f"## The goal\n\n{SENTENCE}\n\n{ESCAPED}\n\n{ITEM}\n\n{extra}")


def rules_pdf(pack, out):
    files = build_pack(pack.path, BuildOptions(out)).files
    return next(f for f in files if f.name == "rules.pdf")


@pytest.fixture
def built(gag_grab, tmp_path):
    with_icons(gag_grab)
    return rules_pdf(gag_grab, tmp_path / "out")


def lines_of(page):
    """Words grouped by line: {rounded top: [words left to right]}."""
    lines = {}
    for word in page.extract_words():
        lines.setdefault(round(word["top"]), []).append(word)
    return lines


def line_with(page, first: str, second: str):
    """The words of the line where ``second`` follows ``first``."""
    for words in lines_of(page).values():
        texts = [w["text"] for w in words]
        if any(a == first and b == second for a, b in zip(texts, texts[1:])):
            return words
    raise AssertionError(f"no line with '{first} {second}'")


def images_between(page, left, right):
    """Images on the line of ``left`` and ``right`` (two words), horizontally between them."""
    mid = (left["top"] + left["bottom"]) / 2
    return [im for im in page.images
            if im["top"] < mid < im["bottom"] and left["x1"] <= im["x0"] and im["x1"] <= right["x0"]]


def test_icons_are_drawn_in_the_line_instead_of_their_names(built):
    with pdfplumber.open(built) as pdf:
        page = pdf.pages[0]
        words = line_with(page, "Pay", "2")
        text = " ".join(w["text"] for w in words)
        assert "{coin}" not in text and "{star}" not in text
        assert "Pay 2 to move, or a and 1 to jump." in text
        by_text = {w["text"]: w for w in words}
        height = by_text["Pay"]["bottom"] - by_text["Pay"]["top"]
        middle = (by_text["Pay"]["top"] + by_text["Pay"]["bottom"]) / 2
        for left, right in (("2", "to"), ("a", "and"), ("1", "to")):
            before = by_text[left]
            after = next(w for w in words if w["text"] == right and w["x0"] > before["x1"])
            (image,) = images_between(page, before, after)
            assert 0.8 * height < image["height"] < 1.2 * height  # about the size of the text
            assert abs((image["top"] + image["bottom"]) / 2 - middle) < 0.2 * height  # centred on it
            assert after["x0"] - image["x1"] < height and image["x0"] - before["x1"] < height  # in the gap


def test_icons_work_in_list_items(built):
    with pdfplumber.open(built) as pdf:
        page = pdf.pages[0]
        words = {w["text"]: w for w in line_with(page, "Spend", "once")}
        assert len(images_between(page, words["Spend"], words["once"])) == 1


def test_icons_work_in_headings_and_table_cells(gag_grab, tmp_path):
    table = "| Pay | Get |\n|---|---|\n| 2 {coin} | a {star} |\n\n"
    with_icons(gag_grab, extra=f"### Spending {{coin}} coins\n\n{table}")
    with pdfplumber.open(rules_pdf(gag_grab, tmp_path / "out")) as pdf:
        page = pdf.pages[0]
        heading = {w["text"]: w for w in line_with(page, "Spending", "coins")}
        row = {w["text"]: w for w in line_with(page, "2", "a")}
        (big,) = images_between(page, heading["Spending"], heading["coins"])
        (small,) = images_between(page, row["2"], row["a"])
        assert big["height"] > small["height"]  # each sized to its own text


def test_each_icon_is_embedded_once(built):
    reader = PdfReader(built)
    images = set()
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            if ref.get_object()["/Subtype"] == "/Image":
                images.add(ref.idnum)
    with pdfplumber.open(built) as pdf:
        drawn = sum(len(p.images) for p in pdf.pages)
    assert drawn == 4  # two coins, two stars
    assert len(images) == 2


def test_an_escaped_brace_prints_the_name(built):
    with pdfplumber.open(built) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "Write {coin} to print the name in braces." in text


def test_same_input_same_bytes(gag_grab, tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    with_icons(gag_grab)
    assert rules_pdf(gag_grab, tmp_path / "a").read_bytes() == rules_pdf(gag_grab, tmp_path / "b").read_bytes()


def test_an_unknown_icon_is_reported_where_it_is_written(gag_grab):
    with_icons(gag_grab, extra="Lose a {coni} and an \\{coni}.\n\n")
    finding = gag_grab.only("T707")
    lines = (gag_grab.path / "rules.md").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("Lose a"))
    assert at(finding) == ("rules.md", line, len("Lose a ") + 1)
    assert finding.hint == "did you mean 'coin'?"


def test_placeholders_and_known_icons_are_not_reported(gag_grab):
    with_icons(gag_grab)
    assert not [f for f in gag_grab.findings() if f.code == "T707"]


def test_a_symbol_is_drawn_in_its_colour_on_transparency():
    image = Image.open(io.BytesIO(symbol_png("disc", "#E69F00"))).convert("RGBA")
    side = image.width
    assert image.getpixel((side // 2, side // 2)) == (0xE6, 0x9F, 0x00, 255)
    assert image.getpixel((1, 1))[3] == 0  # the corners of a disc stay clear
    assert symbol_png("disc", "#E69F00") == symbol_png("disc", "#E69F00")


def test_curves_are_flattened_into_closed_polygons():
    square = [("M", 0, 0), ("L", 1, 0), ("L", 1, 1), ("Z",)]
    curve = [("M", 0, 0), ("C", 0, 1, 1, 1, 1, 0), ("Z",)]
    assert flatten(square) == [[(0, 0), (1, 0), (1, 1)]]
    (points,) = flatten(curve)
    assert points[-1] == (1, 0) and max(y for _, y in points) == pytest.approx(0.75)
