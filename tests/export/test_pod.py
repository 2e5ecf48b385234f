"""`printkit export pod`: files for print-on-demand services, read back and checked against the pack.

Sizes are checked against the figures the services publish (written out
here, not taken from printkit.export.services), copies against the pack's
own CSV files read with the csv module.
"""
import csv
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from conftest import REPO
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from printkit.commands.cli import cli

GAG_GRAB = REPO / "cards" / "gag-grab"
PT_PER_MM = 72 / 25.4


def export(service: str, pack: Path, out: Path, *extra: str):
    return CliRunner().invoke(cli, ["export", "pod", "--service", service, str(pack), "--out", str(out), *extra])


@pytest.fixture(scope="module")
def pod(tmp_path_factory) -> Path:
    """Gag Grab exported once for each service: OUT/gag-grab/pod."""
    out = tmp_path_factory.mktemp("pod")
    for service in ("tgc", "mpc", "pdf"):
        result = export(service, GAG_GRAB, out)
        assert result.exit_code == 0, result.output
        assert f"to {out / 'gag-grab' / 'pod' / service}" in result.output
    return out / "gag-grab" / "pod"


def manifest(folder: Path) -> list[dict[str, str]]:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def pack_copies() -> dict[str, dict[str, int]]:
    """deck -> card name -> copies, read from Gag Grab's own files."""
    with open(GAG_GRAB / "kids.csv", newline="", encoding="utf-8") as f:
        kids = {row["name"]: int(row["count"]) for row in csv.DictReader(f)}
    with open(GAG_GRAB / "gags.csv", newline="", encoding="utf-8") as f:
        gags = {row["name"]: 1 for row in csv.DictReader(f)}  # no count column: one of each
    game = tomllib.loads((GAG_GRAB / "game.toml").read_text(encoding="utf-8"))
    # game.toml: one player aid per player, up to the most players.
    aids = {game["player_aid"]["title"]: game["game"]["players"]["max"]}
    return {"kids": kids, "gags": gags, "player-aid": aids}


# -- sizes ------------------------------------------------------------------

@pytest.mark.parametrize("service, size", [
    ("tgc", (825, 1125)),  # The Game Crafter poker card: 2.75 × 3.75 in at 300 dpi
    ("mpc", (822, 1122)),  # MakePlayingCards poker: 750 × 1050 px card plus 36 px each side
])
def test_every_image_has_the_template_size_at_300_dpi(pod, service, size):
    pngs = sorted((pod / service).rglob("*.png"))
    assert len(pngs) == 16 + 60 + 1 + 3  # distinct Kid cards, Gag cards, the player aid; three backs
    for path in pngs:
        with Image.open(path) as image:
            assert image.size == size, path
            assert [round(d) for d in image.info["dpi"]] == [300, 300], path


def test_pdf_pages_are_trim_plus_3_mm_with_trim_and_bleed_boxes(pod):
    pdfs = sorted((pod / "pdf").glob("*.pdf"))
    assert [p.name for p in pdfs] == ["gags.pdf", "kids.pdf", "player-aid.pdf"]
    page_w, page_h = 69.5 * PT_PER_MM, 94.9 * PT_PER_MM  # 63.5 × 88.9 mm + 3 mm each side
    assert round(page_w, 2) == 197.01 and round(page_h, 2) == 269.01
    inset = 3 * PT_PER_MM  # 8.504 pt
    for path in pdfs:
        for page in PdfReader(path).pages:
            media = [float(v) for v in page.mediabox]
            assert media == pytest.approx([0, 0, page_w, page_h], abs=0.01)
            assert [float(v) for v in page.bleedbox] == media  # the same numbers, not 0.0001 pt past
            assert [float(v) for v in page.trimbox] == pytest.approx(
                [inset, inset, page_w - inset, page_h - inset], abs=0.01)


def bleed_off_trim(image: Image.Image, inset: int, band: int) -> int:
    """How far the outer ``band`` px of each side differ from the line just inside the trim
    (``inset`` px in): 0 where the bleed only carries the card's edge outward, as it should;
    a crop mark or any other mark in the bleed shows up there and not inside."""
    w, h = image.size
    worst = 0
    sides = [((0, y, w, y + 1), (0, inset + 2, w, inset + 3)) for y in range(band)]
    sides += [((0, y, w, y + 1), (0, h - inset - 3, w, h - inset - 2)) for y in range(h - band, h)]
    sides += [((x, 0, x + 1, h), (inset + 2, 0, inset + 3, h)) for x in range(band)]
    sides += [((x, 0, x + 1, h), (w - inset - 3, 0, w - inset - 2, h)) for x in range(w - band, w)]
    for outer, edge in sides:
        difference = ImageChops.difference(image.crop(outer), image.crop(edge))
        worst = max(worst, max(high for _, high in difference.getextrema()))
    return worst


def rendered_pages(path: Path, dpi: int = 150):
    document = pdfium.PdfDocument(path)
    try:
        for n in range(len(document)):
            yield n + 1, document[n].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


BAND, INSET = round(2.5 * 150 / 25.4), round(3 * 150 / 25.4)  # px at 150 dpi


def test_pdf_pages_carry_no_marks_outside_the_trim(pod):
    for path in sorted((pod / "pdf").glob("*.pdf")):
        for n, image in rendered_pages(path):
            assert bleed_off_trim(image, INSET, BAND) <= 8, f"{path.name} page {n}"


def test_the_mark_check_sees_a_crop_mark(tmp_path):
    """The check above would fail on a page with a crop mark in its bleed."""
    from printkit.geometry.draw import Line, Page, Place
    from printkit.core.mm import Rect
    from printkit.render.pdf import render_pdf

    key = "kids/front/Charlie Brown"
    page = Rect(0, 0, 69.5, 94.9)
    mark = Line(3, 0, 3, 2.5, 0.25, "#000000")  # a cut mark at the trim's left, in the bottom bleed
    pages = [Page(page.w, page.h, (Place(key, 3, 3, 0, page),), "clean"),
             Page(page.w, page.h, (Place(key, 3, 3, 0, page), mark), "marked")]
    path = tmp_path / "marked.pdf"
    path.write_bytes(render_pdf(pages, _faces(), "t", "t"))
    clean, marked = (bleed_off_trim(image, INSET, BAND) for _, image in rendered_pages(path))
    assert clean <= 8 < marked


# -- copies -----------------------------------------------------------------

@pytest.mark.parametrize("service", ["tgc", "mpc", "pdf"])
def test_manifest_copies_are_the_packs_own_counts(pod, service):
    rows = manifest(pod / service)
    expected = pack_copies()
    found: dict[str, dict[str, int]] = {}
    for row in rows:
        found.setdefault(row["deck"], {})[row["card"]] = found.get(row["deck"], {}).get(row["card"], 0) + int(
            row["copies"])
    assert found == expected
    totals = {deck: sum(cards.values()) for deck, cards in found.items()}
    assert totals == {"kids": 52, "gags": 60, "player-aid": 8}
    assert all(int(row["deck_cards"]) == totals[row["deck"]] for row in rows)


@pytest.mark.parametrize("service", ["tgc", "mpc"])
def test_manifest_names_every_image_and_only_those(pod, service):
    rows = manifest(pod / service)
    named = {row["front"] for row in rows} | {row["back"] for row in rows}
    on_disk = {p.relative_to(pod / service).as_posix() for p in (pod / service).rglob("*.png")}
    assert named == on_disk
    assert len({row["front"] for row in rows}) == len(rows)  # no two cards share a file
    # Numbered after the deck's distinct fronts, so that it sorts after them.
    assert {row["back"] for row in rows if row["deck"] == "kids"} == {f"kids/{len(pack_copies()['kids']) + 1:03d}-back.png"}


def test_pdf_manifest_pages_hold_the_cards_they_name(pod):
    rows = manifest(pod / "pdf")
    readers = {name: PdfReader(pod / "pdf" / name) for name in {row["file"] for row in rows}}
    for row in rows:
        reader = readers[row["file"]]
        text = " ".join(reader.pages[int(row["page"]) - 1].extract_text().split())
        assert row["card"] in text, row
        assert int(row["back_page"]) == len(reader.pages)  # the back comes last
    back = readers["kids.pdf"].pages[-1].extract_text()
    assert "KID" in back and "Charlie Brown" not in back


# -- the trim lands on the template's trim ----------------------------------

def _faces():
    from printkit.commands.build import checked_pack
    from printkit.kit.sheets import print_decks

    report = checked_pack(GAG_GRAB)
    return print_decks(report.pack, report.fronts)[1]


def _difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_the_tgc_trim_sits_37_5_px_inside_every_edge(pod):
    """The card alone (trim, no bleed) matches the TGC image 37.5 px in on every side, and only there."""
    from printkit.render.raster import face_images

    key = "kids/front/Charlie Brown"
    trim_only = face_images(_faces(), [key], 0.0, size=(750, 1050))[key]
    small = (150, 210)
    reference = trim_only.resize(small, Image.Resampling.BOX)
    with Image.open(pod / "tgc" / "kids" / "001-charlie-brown-x10.png") as image:
        tgc = image.convert("RGB")
    scores = {}
    for dx in (-3, -1.5, 0, 1.5, 3):
        for dy in (-3, -1.5, 0, 1.5, 3):
            box = (37.5 + dx, 37.5 + dy, 787.5 + dx, 1087.5 + dy)
            scores[dx, dy] = _difference(tgc.resize(small, Image.Resampling.BOX, box=box), reference)
    assert min(scores, key=scores.get) == (0, 0)
    assert scores[0, 0] < 1.5
    assert min(v for k, v in scores.items() if max(map(abs, k)) == 3) > 2 * scores[0, 0]


def test_the_tgc_bleed_runs_out_on_all_four_sides(pod):
    """The back's ground reaches every edge: the outer 30 px match the strip just inside the trim."""
    with Image.open(pod / "tgc" / "kids" / "017-back.png") as image:
        back = image.convert("RGB")
    w, h = back.size
    sides = {
        "left": ((0, 0, 30, h), (40, 0, 60, h)),
        "right": ((w - 30, 0, w, h), (w - 60, 0, w - 40, h)),
        "top": ((0, 0, w, 30), (0, 40, w, 60)),
        "bottom": ((0, h - 30, w, h), (0, h - 60, w, h - 40)),
    }
    for side, (outside, inside) in sides.items():
        out = ImageStat.Stat(back.crop(outside)).mean
        inn = ImageStat.Stat(back.crop(inside)).mean
        assert max(abs(a - b) for a, b in zip(out, inn)) < 3, side
        assert sum(out) < 450, side  # the deck colour, not white paper


# -- sizes a service does or does not print ----------------------------------

TINY_GAME = """[game]
title = "Tiny"
description = "Two kinds of card."
players = {{ min = 2, max = 4 }}

[card]
{card}

[decks.cards]
title = "Cards"
file = "cards.csv"

[decks.cards.columns]
name = "text"
count = "count"

[decks.cards.face]
layout = "plain"
"""


def tiny_pack(root: Path, card: str) -> Path:
    root.mkdir(parents=True)
    (root / "game.toml").write_text(TINY_GAME.format(card=card), encoding="utf-8")
    (root / "cards.csv").write_text("name,count\nAlpha,3\nBeta,2\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("size, pixels", [
    ("bridge", (750, 1125)),  # TGC Bridge Deck: 2.25 × 3.5 in + 1/8 in each side
    ("mini", (600, 825)),  # TGC Mini Deck: 1.75 × 2.5 in + 1/8 in each side
    ("square", (900, 900)),  # TGC Euro Square Deck: 70 × 70 mm on a 3 × 3 in template
])
def test_other_sizes_map_to_the_matching_tgc_product(tmp_path, size, pixels):
    pack = tiny_pack(tmp_path / "tiny", f'size = "{size}"')
    result = export("tgc", pack, tmp_path / "out")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "tiny" / "pod" / "tgc"
    for name in ("001-alpha-x3", "002-beta-x2", "003-back"):
        with Image.open(folder / "cards" / f"{name}.png") as image:
            assert image.size == pixels
    assert [(r["card"], r["copies"]) for r in manifest(folder)] == [("Alpha", "3"), ("Beta", "2")]


def test_a_pack_no_product_fits_is_refused_with_the_nearest_products(gag_grab, tmp_path):
    gag_grab.edit("game.toml", "width_mm = 63.5", "width_mm = 100")
    gag_grab.edit("game.toml", "height_mm = 88.9", "height_mm = 100")
    result = export("tgc", gag_grab.path, tmp_path / "out")
    assert result.exit_code == 1
    # TGC's Square Deck, 3.5 in a side, is the nearest to a 100 mm square.
    assert ("Kid cards: The Game Crafter prints no 100 × 100 mm card; the nearest it sells is its "
            "Square Deck 88.9 × 88.9 mm") in result.output
    assert "Gag cards: The Game Crafter prints no 100 × 100 mm card" in result.output
    assert not (tmp_path / "out").exists()


def test_mpc_refuses_square_cards(tmp_path):
    pack = tiny_pack(tmp_path / "tiny", 'size = "square"')
    result = export("mpc", pack, tmp_path / "out")
    assert result.exit_code == 1
    assert "Cards: MakePlayingCards prints no 70 × 70 mm card" in result.output
    assert "Poker size 63.5 × 88.9 mm" in result.output


def test_a_63_by_88_card_is_centred_on_mpcs_poker_template(tmp_path):
    pack = tiny_pack(tmp_path / "tiny", "width_mm = 63\nheight_mm = 88")
    assert export("mpc", pack, tmp_path / "out").exit_code == 0
    with Image.open(tmp_path / "out" / "tiny" / "pod" / "mpc" / "cards" / "001-alpha-x3.png") as image:
        card = image.convert("RGB")
    assert card.size == (822, 1122)
    # The 'plain' layout's blue frame sits 2.5 mm inside the trim, so its gap to each edge
    # is that plus the bleed: (822 px - 63 mm) / 2 across, (1122 px - 88 mm) / 2 down.
    row = [card.getpixel((x, 561)) for x in range(822)]
    column = [card.getpixel((411, y)) for y in range(1122)]
    xs = [x for x, (r, g, b) in enumerate(row) if b - r > 40]
    ys = [y for y, (r, g, b) in enumerate(column) if b - r > 40]
    assert abs(xs[0] - (821 - xs[-1])) <= 2 and abs(ys[0] - (1121 - ys[-1])) <= 2
    assert abs(ys[0] - xs[0] - (1122 - 822 - (88 - 63) * 300 / 25.4) / 2) <= 2


def test_the_same_pack_gives_the_same_bytes(tmp_path):
    pack = tiny_pack(tmp_path / "tiny", 'size = "poker"')
    for service in ("tgc", "pdf"):
        first, second = tmp_path / "a", tmp_path / "b"
        assert export(service, pack, first).exit_code == 0 and export(service, pack, second).exit_code == 0
        files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
        assert files and all((first / f).read_bytes() == (second / f).read_bytes() for f in files)
        assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())


# -- the command line ---------------------------------------------------------

def test_help_describes_the_command():
    result = CliRunner().invoke(cli, ["export", "pod", "--help"])
    assert result.exit_code == 0
    assert "Examples:" in result.output and "--service [tgc|mpc|dtc|pdf]" in result.output


@pytest.mark.parametrize("args", [[], ["--service", "drivethru"]])
def test_a_missing_or_unknown_service_is_a_usage_error(args):
    result = CliRunner().invoke(cli, ["export", "pod", *args, "gag-grab"])
    assert result.exit_code == 2
    assert "--service" in result.output


# -- the table of products ------------------------------------------------------

def test_card_sizes_map_to_the_products_a_source_confirms():
    from printkit.export.services import MPC, TGC, product_for
    from printkit.model.cardsize import CARD_SIZES

    refused = {"mini-euro", "euro", "tarot-metric"}  # tarot-metric is 0.65 mm shorter than TGC's tarot
    tgc = {name: product_for(TGC, size).name for name, size in CARD_SIZES.items() if name not in refused}
    assert tgc == {"poker": "Poker Deck", "bridge": "Bridge Deck", "mini-american": "Mini Deck", "mini": "Mini Deck",
                   "tarot": "Tarot Deck", "euro-square": "Euro Square Deck", "square": "Euro Square Deck"}
    for name in refused:
        assert product_for(TGC, CARD_SIZES[name]) is None
    assert product_for(TGC, (63.0, 88.0)).name == "Euro Poker Deck"
    assert product_for(TGC, (63.3, 89.2)).name == "Poker Deck"  # within 0.5 mm
    assert product_for(MPC, (63.0, 88.0)).template_px == (822, 1122)
    for service, size in ((TGC, CARD_SIZES["euro"]), (TGC, (64.1, 88.9)), (MPC, CARD_SIZES["bridge"])):
        assert product_for(service, size) is None


def test_tgc_inch_products_are_their_trim_plus_an_eighth_inch_each_side_at_300_dpi():
    """The Game Crafter's help says 1/8 in of bleed at 300 dpi; the catalogue's pixels agree."""
    from printkit.export.services import TGC

    inch_sized = [p for p in TGC.products if all(abs(v * 8 - round(v * 8)) < 1e-9 for v in p.trim_in)]
    assert len(inch_sized) >= 10
    for product in inch_sized:
        w, h = product.trim_in
        assert product.template_px == (round((w + 0.25) * 300), round((h + 0.25) * 300)), product.name
