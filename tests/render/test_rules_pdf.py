"""rules.pdf read back: every phase and card named, counts from the data, nothing near the edge."""
import csv
import re
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import pdfplumber
import pytest
from click.testing import CliRunner
from conftest import REPO
from pypdf import PdfReader

from printkit.commands.cli import cli

PACK = REPO / "cards" / "gag-grab"
MM = 72 / 25.4
UNPRINTABLE = 6.35  # mm a home printer may not reach
BODY_MARGIN = 16.0  # mm: the typeset area; only the footer line sits below it
GAGS = list(csv.DictReader(open(PACK / "gags.csv", encoding="utf-8")))
KIDS = list(csv.DictReader(open(PACK / "kids.csv", encoding="utf-8")))
PHASES = [p["name"] for p in tomllib.loads((PACK / "game.toml").read_text(encoding="utf-8"))["phases"]]


def build(tmp_path_factory, *args):
    out = tmp_path_factory.mktemp("rules")
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return out / "gag-grab" / "rules.pdf"


@pytest.fixture(scope="module", params=["a4", "letter"])
def rules(request, tmp_path_factory):
    path = build(tmp_path_factory, "--paper", request.param)
    with pdfplumber.open(path) as pdf:
        pages = [(p.width, p.height, p.extract_words(), p.extract_text()) for p in pdf.pages]
    return request.param, pages


def flat(text: str) -> str:
    return " ".join(text.split())


def test_every_phase_and_every_card_is_named(rules):
    _, pages = rules
    text = flat(" ".join(t for *_, t in pages))
    for phase in PHASES:
        assert re.search(rf"\b{phase}\b", text), phase
    for row in GAGS + KIDS:
        assert row["name"] in text, row["name"]


def test_generated_counts_equal_the_data(rules):
    _, pages = rules
    text = flat(" ".join(t for *_, t in pages))
    kids = sum(int(r["count"]) for r in KIDS)
    main = sum(int(r["count"]) for r in KIDS if r["kind"] == "main")
    assert f"There are {len(GAGS)} Gag cards worth {sum(int(r['points']) for r in GAGS)} Gag Points" in text
    assert f"There are {kids} Kid cards: {main} main characters and {kids - main} Peanut Gallery" in text
    assert f"{kids} Kid cards (Main character: {main}, Peanut Gallery: {kids - main})" in text


def test_no_word_outside_the_margins(rules):
    _, pages = rules
    for number, (w, h, words, _) in enumerate(pages, 1):
        for word in words:
            x0, x1 = word["x0"] / MM, word["x1"] / MM
            top, bottom = word["top"] / MM, word["bottom"] / MM  # from the top of the page
            assert x0 >= BODY_MARGIN - 0.5 and x1 <= w / MM - BODY_MARGIN + 0.5, (number, word["text"])
            assert top >= BODY_MARGIN - 0.5, (number, word["text"])
            assert bottom <= h / MM - UNPRINTABLE, (number, word["text"])  # the footer, at the lowest


def test_the_gag_table_repeats_its_header_on_every_page_it_spans(rules):
    _, pages = rules
    first = [n for n, (*_, t) in enumerate(pages) if GAGS[0]["name"] in t][0]
    last = [n for n, (*_, t) in enumerate(pages) if GAGS[-1]["name"] in t][0]
    assert last > first  # 60 rows do not fit one page
    for n in range(first, last + 1):
        assert "Claim with" in pages[n][3]


def test_page_numbers(rules):
    _, pages = rules
    for number, (*_, text) in enumerate(pages, 1):
        assert text.strip().splitlines()[-1].endswith(str(number))


def test_fonts_are_embedded(rules, tmp_path_factory):
    reader = PdfReader(build(tmp_path_factory))
    for page in reader.pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object(), font.get("/BaseFont")


def test_booklet_sheets_are_landscape_with_pages_in_folding_order(tmp_path_factory):
    plain = PdfReader(build(tmp_path_factory, "--paper", "a4"))
    path = build(tmp_path_factory, "--paper", "a4", "--booklet")
    sheets = PdfReader(path).pages
    for sheet in sheets:
        assert (float(sheet.mediabox.width), float(sheet.mediabox.height)) == pytest.approx((841.89, 595.28), abs=0.01)
    with pdfplumber.open(path) as pdf:
        # Page numbers printed at the foot of each half: outside of sheet 1 is the last page and page 1.
        feet = []
        for page in pdf.pages:
            numbers = [w for w in page.extract_words() if re.fullmatch(r"\d+", w["text"]) and w["top"] > page.height - 50]
            feet.append(sorted((w["x0"], int(w["text"])) for w in numbers))
    pages = len(sheets) * 2
    assert len(sheets) % 2 == 0 and pages >= len(plain.pages)
    assert [n for _, n in feet[0]][-1] == 1  # page 1 on the right of the outside
    assert [n for _, n in feet[1]][0] == 2  # page 2 on the left of the inside


# -- type, quotes, tables and paper, on every configuration of both packs ------------------------

MIN_TYPE = 7.0  # points: the smallest type a rules page may carry


@pytest.fixture(scope="module", params=[("a4", False), ("letter", False), ("a4", True), ("letter", True)],
                ids=["a4", "letter", "a4-booklet", "letter-booklet"])
def both(request, tmp_path_factory):
    size, booklet = request.param
    out = tmp_path_factory.mktemp("both")
    args = ["build", "gag-grab", "many-faces", "--out", str(out), "--paper", size] + (["--booklet"] if booklet else [])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    read = {}
    for pack in ("gag-grab", "many-faces"):
        with pdfplumber.open(out / pack / "rules.pdf") as pdf:
            read[pack] = [(p.width, p.chars, p.extract_words(keep_blank_chars=False), p.extract_text())
                          for p in pdf.pages]
    return booklet, read


def test_no_type_under_the_minimum(both):
    _, read = both
    for pack, pages in read.items():
        sizes = [c["size"] for _, chars, *_ in pages for c in chars if c["text"].strip()]
        assert min(sizes) >= MIN_TYPE - 0.01, pack


def test_quotes_are_typographic_and_italic_with_their_word(both):
    _, read = both
    for pack, pages in read.items():
        chars = [c for _, cs, *_ in pages for c in cs]
        assert not [c for c in chars if c["text"] in "'\""], pack
        text = "".join(c["text"] for c in chars)
        at = text.index("Designer\u2019s note")
        assert all("Italic" in c["fontname"] for c in chars[at:at + len("Designer\u2019s")]), pack


def test_running_text_zeros_are_unslashed(both):
    """Digits in prose come from the text faces with an open zero, not Atkinson's slashed one."""
    _, read = both
    for pack, pages in read.items():
        zeros = [c for _, cs, *_ in pages for c in cs if c["text"] == "0"]
        assert zeros and all("OpenZero" in c["fontname"] for c in zeros if "Atkinson" in c["fontname"]), pack


def lines_of(chars) -> list[str]:
    """The text of each printed line: characters sharing a baseline, left to right, words split at gaps."""
    rows: dict[int, list] = {}
    for c in chars:
        rows.setdefault(round(c["bottom"]), []).append(c)
    out = []
    for row in rows.values():
        row.sort(key=lambda c: c["x0"])
        text, last = "", None
        for c in row:
            if last is not None and c["x0"] - last > 1.5:
                text += " "
            text += c["text"]
            last = c["x1"]
        out.append(text)
    return out


def test_table_headers_and_card_names_are_whole_words(both):
    """A word broken inside a narrow column would print on two lines, so no line would hold it whole."""
    _, read = both
    words = {w for _, chars, *_ in read["gag-grab"] for line in lines_of(chars) for w in line.split()}
    for header in ("Card", "Points", "Odds", "Claim"):
        assert header in words
    for row in GAGS + KIDS:
        for word in row["name"].split():
            assert word.replace("'", "\u2019") in words, word


def test_booklets_waste_at_most_one_half_page(both):
    booklet, read = both
    if not booklet:
        pytest.skip("plain sheets")
    for pack, pages in read.items():
        blank = 0
        for width, chars, *_ in pages:
            blank += sum(1 for half in (0, 1) if not [c for c in chars if (c["x0"] >= width / 2) == bool(half)])
        assert blank <= 1, (pack, blank, len(pages))


def test_every_gag_name_prints_on_one_line_with_its_points(both):
    """A name wrapped in its column would leave its points centred beside neither of its lines.

    On half a Letter sheet this holds only because the widest claim drawings break onto two lines.
    """
    _, read = both
    lines = [line for _, chars, *_ in read["gag-grab"] for line in lines_of(chars)]
    for row in GAGS:
        name = row["name"].replace("'", "\u2019")
        assert any(f"{name} {row['points']}" in line for line in lines), name
