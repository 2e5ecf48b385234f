"""Regenerate the preview images in docs/ from fresh builds of the bundled packs.

Run: python docs/make_previews.py
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from click.testing import CliRunner  # noqa: E402

from printkit.commands.build import BuildOptions, build_pack  # noqa: E402
from printkit.commands.cli import cli  # noqa: E402
from printkit.kit.sheets import SheetOptions  # noqa: E402

PACK = DOCS.parent / "cards" / "gag-grab"
SECOND = DOCS.parent / "cards" / "many-faces"
OWN = DOCS.parent / "tests" / "packs" / "creatures"  # a pack with layouts of its own
# (image, build, file, page number, scale where 1.0 is 72 dpi, crop box in mm from the top left or None)
PREVIEWS = [
    ("print-guide.png", "tiles", "cards.pdf", 1, 1.0, None),
    ("kid-fronts.png", "tiles", "cards.pdf", 11, 1.0, None),  # main characters and gallery cards
    ("kid-backs.png", "tiles", "cards.pdf", 12, 1.0, None),
    ("gag-fronts.png", "tiles", "cards.pdf", 15, 1.0, None),
    # The top-left card with its outer bleed and half of the 2.5 mm gutters (its trim: 7.25, 10.175 from the
    # top left of A4, 63.5 × 88.9 mm; see tests/layout/test_sheet.py).
    ("gag-card.png", "tiles", "cards.pdf", 15, 4.0, (4.25, 7.175, 72.0, 100.325)),
    ("kid-backs-full.png", "full", "cards.pdf", 12, 1.0, None),
    ("board-tile.png", "tiles", "board.pdf", 1, 1.0, None),
    ("board-a2.png", "a2", "board.pdf", 1, 0.5, None),
    ("pawns.png", "tiles", "board.pdf", 7, 1.0, None),  # with the die and the map of the tiles
    ("rules.png", "tiles", "rules.pdf", 1, 1.0, None),
    ("rules-cards.png", "tiles", "rules.pdf", 3, 2.0, (10.0, 10.0, 200.0, 90.0)),
    ("many-faces-personalities.png", "second", "cards.pdf", 3, 1.0, None),
    ("many-faces-actions.png", "second", "cards.pdf", 21, 1.0, None),
    ("many-faces-popularity.png", "second", "board.pdf", 1, 1.0, None),
    ("layouts/creatures.png", "own", "cards.pdf", 3, 2.0, (7.25, 101.575, 202.75, 190.475)),  # the middle row
]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = {"tiles": Path(tmp) / "tiles", "a2": Path(tmp) / "a2", "second": Path(tmp) / "second",
               "own": Path(tmp) / "own", "full": Path(tmp) / "full"}
        build_pack(PACK, BuildOptions(out["tiles"]))
        build_pack(PACK, BuildOptions(out["a2"], board_paper="a2"))
        build_pack(PACK, BuildOptions(out["full"], sheets=SheetOptions(backs_ink="full")))
        build_pack(SECOND, BuildOptions(out["second"]))
        build_pack(OWN, BuildOptions(out["own"]))
        for name, build, file, page, scale, box in PREVIEWS:
            pack = {"second": SECOND, "own": OWN}.get(build, PACK)
            pdf = pdfium.PdfDocument(out[build] / pack.name / file)
            image = pdf[page - 1].render(scale=scale).to_pil()
            if box is not None:
                k = scale * 72 / 25.4
                image = image.crop(tuple(round(v * k) for v in box))
            image.save(DOCS / name, optimize=True)
            pdf.close()
            print(f"wrote docs/{name}")
        player_aid(out["tiles"] / PACK.name / "cards.pdf")
        tts_sheet(Path(tmp) / "tts")
        proof(Path(tmp) / "proof")
        balance(Path(tmp) / "balance")


def player_aid(cards: Path, scale: float = 3.0) -> None:
    """The first player aid's front (page 29, top left) beside its back (page 30, top right)."""
    pdf = pdfium.PdfDocument(cards)
    k = scale * 72 / 25.4
    # Trims on A4 with 2.5 mm gutters (top row 10.175 mm from the top): the front's first column, and
    # the third column for its back.
    front = pdf[28].render(scale=scale).to_pil().crop(tuple(round(v * k) for v in (7.25, 10.175, 70.75, 99.075)))
    back = pdf[29].render(scale=scale).to_pil().crop(tuple(round(v * k) for v in (139.25, 10.175, 202.75, 99.075)))
    pdf.close()
    gap = round(4 * k)
    sheet = Image.new("RGB", (front.width + gap + back.width, front.height), "white")
    sheet.paste(front, (0, 0))
    sheet.paste(back, (front.width + gap, 0))
    sheet.save(DOCS / "player-aid.png", optimize=True)
    print("wrote docs/player-aid.png")


def tts_sheet(out: Path) -> None:
    """The Gag cards' Tabletop Simulator sheet, shrunk to a preview."""
    result = CliRunner().invoke(cli, ["export", "tts", str(PACK), "--out", str(out)])
    assert result.exit_code == 0, result.output
    [sheet] = (out / PACK.name / "tts").glob("gags-sheet-1-*.png")  # its name ends in a hash of its bytes
    image = Image.open(sheet)
    image.thumbnail((900, 900))
    image.save(DOCS / "tts-sheet.png", optimize=True)
    print("wrote docs/tts-sheet.png")


def proof(tmp: Path) -> None:
    """The first page of a proof: one requirement changed and one card renamed in a copy of the pack."""
    old, new = tmp / "old" / PACK.name, tmp / "new" / PACK.name
    shutil.copytree(PACK, old)
    shutil.copytree(PACK, new)
    gags = new / "gags.csv"
    text = gags.read_text(encoding="utf-8")
    for before, after in (("Shortstop,3,SN x2", "Shortstop,3,SN + Sally"), ("\nRed Baron,", "\nThe Red Baron,")):
        assert before in text, before
        text = text.replace(before, after, 1)
    gags.write_text(text, encoding="utf-8")
    here = os.getcwd()
    os.chdir(tmp)  # the proof names the folders as given: short, and the same on every machine
    try:
        result = CliRunner().invoke(cli, ["diff", f"old/{PACK.name}", f"new/{PACK.name}", "--proof", "proof.pdf"])
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(tmp / "proof.pdf")
    k = 72 / 25.4
    image = pdf[0].render(scale=1.5).to_pil().crop(tuple(round(v * 1.5 * k) for v in (0, 0, 210, 148)))
    pdf.close()
    image.save(DOCS / "proof.png", optimize=True)
    print("wrote docs/proof.png")


def balance(out: Path) -> None:
    """The first page of balance.pdf for 500 four-player Gag Grab games."""
    result = CliRunner().invoke(cli, ["simulate", str(PACK), "--games", "500", "--players", "2,4", "--seed", "1",
                                      "--out", str(out), "--workers", "1"])
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(out / PACK.name / "balance.pdf")
    pdf[0].render(scale=1.0).to_pil().save(DOCS / "balance.png", optimize=True)
    pdf.close()
    print("wrote docs/balance.png")


if __name__ == "__main__":
    main()
