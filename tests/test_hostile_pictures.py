"""Pictures with too many pixels, and card images past the pixel limit: refused from their size
before anything is decoded or drawn, or drawn cheaply when within the limit.

The hostile pictures are made here: a 1-bit PNG of one colour is a few kilobytes on disk however
many pixels it has (a "bomb": 7000 × 7000 is 49 million pixels from under 20 kB).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from printkit.commands.cli import cli
from printkit.core.buildstate import build_state
from printkit.core.mm import Rect
from printkit.geometry.pixels import MAX_IMAGE_PIXELS, TooManyPixels, largest_dpi
from printkit.images.prepare import prepared
from printkit.images.probe import PIXEL_LIMIT
from printkit.render.icons import MAX_ICON_PIXELS
from printkit.render.raster import face_images

WITHIN = 7000  # 49 million pixels: just inside PIXEL_LIMIT
OVER = 10000  # 100 million: refused


def _bomb(path: Path, side: int) -> Path:
    Image.new("1", (side, side), 1).save(path)
    return path


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A pack as `printkit new --from` makes it: two cards with a picture each and an icon {coin}."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "cards.csv").write_text("name,art,text\nFox,fox.png,Gain {coin} now\nOwl,owl.png,Pay {coin} twice\n",
                                      encoding="utf-8")
    for name in ("fox", "owl"):
        Image.new("RGB", (700, 1000), (200, 100, 50)).save(source / f"{name}.png")
    target = tmp_path / "hp"
    result = CliRunner().invoke(cli, ["new", str(target), "--from", str(source / "cards.csv")])
    assert result.exit_code == 0, result.output
    return target


def _run(*args: str):
    return CliRunner().invoke(cli, list(args))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def _icon(pack: Path, file: str) -> None:
    _edit(pack / "game.toml", 'coin = { symbol = "disc", colour = "#E69F00" }', f'coin = "{file}"')


def test_a_1_bit_bomb_within_the_limit_is_small_on_disk_and_builds_as_an_icon(pack, tmp_path):
    bomb = _bomb(pack / "bomb.png", WITHIN)
    assert bomb.stat().st_size < 100_000 and WITHIN * WITHIN > 48_000_000  # tiny file, huge picture
    _icon(pack, "bomb.png")
    (pack / "rules.md").write_text("# Rules\n\nPay {coin} to win.\n", encoding="utf-8")
    result = _run("build", str(pack), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "A103" not in result.output
    # The rules embed the icon shrunk, not its 49 million pixels.
    rules = PdfReader(tmp_path / "out" / "hp" / "rules.pdf")
    sides = [max(image.image.size) for page in rules.pages for image in page.images]
    assert sides and max(sides) <= MAX_ICON_PIXELS


def test_an_icon_past_the_limit_is_refused_at_its_key_by_check_and_build(pack, tmp_path):
    _bomb(pack / "bomb.png", OVER)
    assert OVER * OVER > PIXEL_LIMIT
    _icon(pack, "bomb.png")
    line = _line_of(pack / "game.toml", 'coin = "bomb.png"')
    for args in (("check", str(pack)), ("build", str(pack), "--out", str(tmp_path / "out"))):
        result = _run(*args)
        assert result.exit_code == 1, result.output
        assert f"game.toml:{line}:1: error A103 'bomb.png' is 10000 × 10000 pixels" in result.output
        assert "internal error" not in result.output
    assert not (tmp_path / "out" / "hp" / "cards.pdf").exists()


def test_card_art_past_the_limit_is_refused_at_its_cell(pack, tmp_path):
    _bomb(pack / "bomb.png", OVER)
    _edit(pack / "cards.csv", "owl.png", "bomb.png")
    for args in (("check", str(pack)), ("build", str(pack), "--out", str(tmp_path / "out"))):
        result = _run(*args)
        assert result.exit_code == 1, result.output
        assert "cards.csv:3:5: error A103 'bomb.png' is 10000 × 10000 pixels" in result.output  # Owl's art cell


def test_back_art_past_the_limit_is_refused_at_its_key(pack, tmp_path):
    _bomb(pack / "bomb.png", OVER)
    _edit(pack / "game.toml", 'label = "Cards"\n', 'label = "Cards"\nart = "bomb.png"\n')
    line = _line_of(pack / "game.toml", 'art = "bomb.png"')
    for args in (("check", str(pack)), ("build", str(pack), "--out", str(tmp_path / "out"))):
        result = _run(*args)
        assert result.exit_code == 1, result.output
        assert f"game.toml:{line}:1: error A103 'bomb.png' is 10000 × 10000 pixels" in result.output


def test_a_large_picture_as_card_art_builds_within_the_limit(pack, tmp_path):
    Image.new("RGB", (WITHIN, WITHIN), (200, 30, 30)).save(pack / "big.png")
    _edit(pack / "cards.csv", "owl.png", "big.png")
    result = _run("build", str(pack), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output


def test_a_picture_drawn_at_another_place_is_prepared_once(tmp_path):
    path = str(_bomb(tmp_path / "bomb.png", 2000))
    with build_state():
        first, at_first = prepared(path, Rect(10, 20, 3, 3), Rect(10, 20, 3, 3), 300.0)
        second, at_second = prepared(path, Rect(40, 5, 3, 3), Rect(40, 5, 3, 3), 300.0)
    assert second is first  # the same pixels, not decoded again
    assert first.size == (35, 35)  # 3 mm at 300 dpi
    assert (at_first.x, at_first.y, at_second.x, at_second.y) == (10, 20, 40, 5)


# -- pixels of one card image: --dpi × card size --------------------------------------------------

def test_the_largest_dpi_keeps_within_the_limit():
    # 196 × 281 mm (a 190 × 275 mm card and its 3 mm of bleed): 765 dpi is 5903 × 8463 pixels (49.96
    # million), 766 dpi is 5911 × 8474 (50.09 million).
    assert MAX_IMAGE_PIXELS == 50_000_000
    assert largest_dpi(196, 281) == 765
    # A poker card with bleed (69.5 × 94.9 mm) fits at the highest --dpi there is.
    assert largest_dpi(69.5, 94.9) >= 1200


def test_a_dpi_too_high_for_the_card_size_is_a_usage_error_naming_deck_size_and_the_dpi_that_fits(pack, tmp_path):
    _edit(pack / "game.toml", "[decks.cards]\n", "[card]\nwidth_mm = 190\nheight_mm = 275\n\n[decks.cards]\n")
    result = _run("build", str(pack), "--png", "--dpi", "1200", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert "--dpi" in result.output
    assert re.search(r"the deck 'cards' has 190 × 275 mm cards: .* 1200 dpi .* at most 765 dpi fits",
                     result.output), result.output
    assert not (tmp_path / "out" / "hp").exists()  # refused before anything was drawn


def test_card_images_past_the_limit_are_refused_before_drawing():
    with pytest.raises(TooManyPixels, match="8000 × 8000 pixels"):
        face_images({}, [], 0.0, size=(8000, 8000))
