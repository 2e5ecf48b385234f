"""What docs/exports.md says about the print-on-demand files, checked against the files the export writes.

Each claim is read out of the page's own words (a regular expression that
fails when the sentence changes), then compared with the bundled packs'
exports read back: PNG sizes and resolution, file names and their order,
PDF page boxes, the products in manifest.csv and the findings printed.
"""
from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO, replace_in
from PIL import Image
from pypdf import PdfReader

from printkit.commands.cli import cli

PAGE = (REPO / "docs" / "exports.md").read_text(encoding="utf-8")
POD = PAGE[PAGE.index("## `printkit export pod`"):]
PT_PER_MM = 72 / 25.4


def claim(pattern: str) -> re.Match:
    found = re.search(pattern, POD, re.DOTALL)
    assert found, f"docs/exports.md no longer says {pattern!r}: update this test with the page"
    return found


def export(service: str, pack: Path, out: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["export", "pod", "--service", service, str(pack), "--out", str(out)])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    """Gag Grab for every service, Many Faces for DriveThruCards: OUT/<pack>/pod/<service>/."""
    folder = tmp_path_factory.mktemp("claims")
    for service in ("tgc", "mpc", "dtc", "pdf"):
        assert export(service, REPO / "cards" / "gag-grab", folder)[0] == 0
    assert export("dtc", REPO / "cards" / "many-faces", folder)[0] == 0
    return folder


def rows(folder: Path) -> list[dict[str, str]]:
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_table_gives_each_products_template_pixels_as_the_export_writes_them(out):
    from printkit.export.services import SERVICES

    table = re.findall(r"^\| (The Game Crafter|MakePlayingCards) \| ([^|]+?) \| [^|]+ \| (\d+) × (\d+)", POD,
                       re.MULTILINE)
    assert len(table) == 14
    products = {(s.name, p.name): p.template_px for s in SERVICES.values() for p in s.products}
    for service, product, w, h in table:
        assert products[service, product] == (int(w), int(h)), product
    poker = {service: (int(w), int(h)) for service, product, w, h in table if product in ("Poker Deck", "Poker size")}
    for service_id, name in (("tgc", "The Game Crafter"), ("mpc", "MakePlayingCards")):
        for path in (out / "gag-grab" / "pod" / service_id).rglob("*.png"):
            with Image.open(path) as image:
                assert image.size == poker[name], path


def test_pngs_carry_300_dpi(out):
    dpi = int(claim(r"bleed, (\d+) dpi written in the PNG").group(1))
    for path in (out / "gag-grab" / "pod" / "tgc").rglob("*.png"):
        with Image.open(path) as image:
            assert [round(v) for v in image.info["dpi"]] == [dpi, dpi]


def test_the_file_names_shown_are_written_and_the_back_sorts_last(out):
    folder = out / "gag-grab" / "pod" / "tgc"
    shown = re.findall(r"`(kids/\d{3}-[a-z0-9-]+\.png)`", claim(r"`x`: (.*?)\. Numbers").group(1))
    assert len(shown) == 4
    for name in shown:
        assert (folder / name).is_file(), name
    names = sorted(p.name for p in (folder / "kids").glob("*.png"))
    assert names[0] == Path(shown[0]).name and names[-1] == Path(shown[-1]).name == "017-back.png"
    copies = {row["front"]: row["copies"] for row in rows(folder)}
    assert all(name.endswith(f"-x{copies[name]}.png") for name in shown[:-1])


def test_many_faces_is_one_product_of_96_cards(out):
    product, cards = claim(r"are one product, `([a-z-]+)`, of (\d+) cards").groups()
    deck = [row for row in rows(out / "many-faces" / "pod" / "dtc") if row["file"] == f"{product}.pdf"]
    assert sum(int(row["copies"]) for row in deck) == int(cards)
    assert {row["deck"] for row in deck} == {"personalities", "actions"}


def test_dtc_pages_are_the_sizes_the_page_gives(out):
    found = claim(r"poker card's page is ([\d.]+) × ([\d.]+) in, ([\d.]+) × ([\d.]+) mm, (\d+) × (\d+) pt")
    w_in, h_in, w_mm, h_mm, w_pt, h_pt = (float(v) for v in found.groups())
    assert (w_in * 72, h_in * 72) == (w_pt, h_pt) and (w_in * 25.4, h_in * 25.4) == pytest.approx((w_mm, h_mm))
    for path in (out / "gag-grab" / "pod" / "dtc").glob("*.pdf"):
        for page in PdfReader(path).pages:
            assert [float(v) for v in page.mediabox] == [0, 0, w_pt, h_pt]


@pytest.mark.parametrize("service", ["dtc", "pdf"])
def test_mediabox_is_bleedbox_and_trimbox_is_it_inset_by_the_bleed(out, service):
    eighth, pdf_mm = claim(r"bleed on every side, with no crop marks: (1/8) in\s+for `dtc`.*?and\s+(\d+) mm for `pdf`").groups()
    bleed_pt = 72 / 8 if service == "dtc" else int(pdf_mm) * PT_PER_MM
    assert eighth == "1/8"
    claim(r"MediaBox and BleedBox are the same numbers, and\s+its TrimBox is the MediaBox inset by the bleed")
    for path in (out / "gag-grab" / "pod" / service).glob("*.pdf"):
        for page in PdfReader(path).pages:
            media = [float(v) for v in page.mediabox]
            assert [float(v) for v in page.bleedbox] == media
            assert media[2] == pytest.approx(63.5 * PT_PER_MM + 2 * bleed_pt, abs=1e-4)
            inset = [media[0] + bleed_pt, media[1] + bleed_pt, media[2] - bleed_pt, media[3] - bleed_pt]
            # dtc's numbers are whole points, so exact; pdf's 3 mm are rounded as the PDF writes them.
            assert [float(v) for v in page.trimbox] == pytest.approx(inset, abs=0 if service == "dtc" else 1e-4)


def test_the_left_out_deck_example_prints_what_the_page_shows(tmp_path):
    block = claim(r"exported for The Game Crafter from inside its folder:\n\n```text\n(.*?)```").group(1)
    pack = tmp_path / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", pack)
    replace_in(pack / "game.toml", "[decks.gags.expect]", '[decks.gags.card]\nsize = "tarot-metric"\n\n'
                                                          "[decks.gags.expect]")
    status, output = export("tgc", pack, tmp_path / "output")
    assert status == 1
    printed = output.replace(f"{pack}/game.toml", "game.toml").replace(str(tmp_path / "output"), "output")
    for line in block.splitlines():
        assert line in printed.splitlines(), line


# -- Tabletop Simulator -------------------------------------------------------------

TTS = PAGE[PAGE.index("## `printkit export tts`"):PAGE.index("## `printkit export pod`")]


def tts_claim(pattern: str) -> re.Match:
    found = re.search(pattern, TTS, re.DOTALL)
    assert found, f"docs/exports.md no longer says {pattern!r}: update this test with the page"
    return found


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> tuple[Path, str]:
    """Both bundled packs exported for TTS: the folder, and what the command printed."""
    folder = tmp_path_factory.mktemp("tts-claims")
    result = CliRunner().invoke(cli, ["export", "tts", "gag-grab", "many-faces", "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return folder, result.output


def saved(tts, pack: str) -> dict:
    import json

    return json.loads((tts[0] / pack / "tts" / f"{pack}.json").read_text(encoding="utf-8"))


def objects(tts, pack: str, name: str) -> list[dict]:
    return [o for o in saved(tts, pack)["ObjectStates"] if o["Name"] == name]


def test_tts_summary_lines_are_what_the_command_prints(tts):
    block = tts_claim(r"```\n(gag-grab: wrote .*?)```").group(1)
    printed = tts[1].replace(str(tts[0]), "output")
    for line in block.splitlines():
        assert line in printed.splitlines(), line


def test_tts_image_names_end_in_their_sha256(tts):
    import hashlib

    digits = int(tts_claim(r"first (\d+) hex digits of the SHA-256 of\s+its bytes").group(1))
    example = tts_claim(r"its bytes \(`([a-z0-9-]+\.png)`\)").group(1)
    assert re.fullmatch(r"gags-sheet-1-[0-9a-f]{%d}\.png" % digits, example)
    pngs = list(tts[0].rglob("*.png"))
    assert len(pngs) > 20
    for path in pngs:
        stem, digest = path.stem.rsplit("-", 1)
        assert digest == hashlib.sha256(path.read_bytes()).hexdigest()[:digits], path.name
    assert len(list((tts[0] / "gag-grab" / "tts").glob("gags-sheet-1-*.png"))) == 1


def test_tts_shuffled_together_decks_are_one_deck_on_one_sheet(tts):
    title, cards = tts_claim(r"are the ([A-Z][a-z]+ deck), (\d+) cards on one sheet").groups()
    [deck] = [d for d in objects(tts, "many-faces", "DeckCustom") if d["Nickname"] == title]
    assert len(deck["ContainedObjects"]) == int(cards) and len(deck["CustomDeck"]) == 1


def test_tts_every_sheet_sets_back_is_hidden(tts):
    tts_claim(r"Each sheet is\s+set\s+to `BackIsHidden: true`")
    for pack in ("gag-grab", "many-faces"):
        for deck in objects(tts, pack, "DeckCustom"):
            assert {entry["BackIsHidden"] for entry in deck["CustomDeck"].values()} == {True}


def test_tts_a_gag_cards_description_reads_as_the_page_shows(tts):
    first, second = tts_claim(r"a Gag\s+card reads `([^`]+)` and `([^`]+)`").groups()
    [gags] = [d for d in objects(tts, "gag-grab", "DeckCustom") if d["Nickname"] == "Gag cards"]
    assert f"{first}\n{second}" in {c["Description"] for c in gags["ContainedObjects"]}


def test_tts_the_board_has_a_snap_point_on_every_space(tts):
    spaces = int(tts_claim(r"all (\d+) of\s+Gag Grab's").group(1))
    [board] = objects(tts, "gag-grab", "Custom_Board")
    assert len(board["AttachedSnapPoints"]) == spaces == 6 * 6  # game.toml: [board] columns = 6, rows = 6


def test_tts_tokens_are_two_sided_circular_tiles_and_the_marker_a_square_one(tts):
    circle = int(tts_claim(r"circles \(`CustomTile.Type` (\d)\)").group(1))
    square = int(tts_claim(r"square tile \(`Type` (\d)\)").group(1))
    side = int(tts_claim(r"(\d+) × \1 px, cropped to the disc").group(1))
    tiles = objects(tts, "many-faces", "Custom_Tile")
    assert not objects(tts, "many-faces", "Custom_Token")
    kinds = sorted(t["CustomImage"]["CustomTile"]["Type"] for t in tiles)
    assert kinds == [square] + [circle] * 8
    for tile in tiles:
        assert tile["CustomImage"]["ImageSecondaryURL"].endswith(".png")
        path = Path(tile["CustomImage"]["ImageURL"][len("file://"):])
        if tile["CustomImage"]["CustomTile"]["Type"] == circle:
            with Image.open(path) as image:
                assert image.size == (side, side)


def test_tts_pawns_and_die(tts):
    pawns = int(tts_claim(r"\(Gag Grab: (\d+), one per player").group(1))
    assert len(objects(tts, "gag-grab", "PlayerPawn")) == pawns
    assert len(objects(tts, "gag-grab", "Die_6")) == 1


def test_tts_saved_objects_folders_are_what_auto_uses():
    from printkit.export.tts_folder import saved_objects_folder

    rows = dict(re.findall(r"^\| (Windows|macOS|Linux) \| `([^`]+)` \|", TTS, re.MULTILINE))
    home = Path("/home/someone")
    assert saved_objects_folder("win32", home) == home / Path(
        rows["Windows"].replace("%USERPROFILE%\\", "").replace("\\", "/"))
    assert saved_objects_folder("darwin", home) == home / rows["macOS"].removeprefix("~/")
    assert saved_objects_folder("linux", home) == home / rows["Linux"].removeprefix("~/")
