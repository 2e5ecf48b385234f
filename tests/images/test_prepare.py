"""Pictures as they are embedded: modes the PDF takes, greys that stay grey, limits on size."""
from __future__ import annotations

import pytest
from PIL import Image

from printkit.images.prepare import ArtRenderError, prepared
from printkit.images.probe import PIXEL_LIMIT
from printkit.core.mm import Rect

BOX = Rect(0, 0, 40, 20)  # mm


def embedded(path) -> Image.Image:
    image, _ = prepared(str(path), BOX, BOX, None)
    return image if isinstance(image, Image.Image) else Image.open(image)


@pytest.mark.parametrize("level", [0, 16_384, 32_768, 65_535])
def test_a_16_bit_greyscale_png_prints_its_grey_not_white(tmp_path, level):
    path = tmp_path / f"grey{level}.png"
    Image.new("I;16", (80, 40), level).save(path)
    with Image.open(path) as opened:
        assert opened.mode.startswith("I")  # really read as 16 bits
    image = embedded(path)
    assert image.mode == "L"
    assert abs(image.getpixel((10, 10)) - level / 257) <= 1.5


def test_a_16_bit_gradient_keeps_its_order(tmp_path):
    path = tmp_path / "ramp.png"
    ramp = Image.new("I;16", (256, 4))
    ramp.putdata([x * 256 for x in range(256)] * 4)
    ramp.save(path)
    row = [embedded(path).getpixel((x, 1)) for x in range(0, 256, 32)]
    assert row == sorted(row) and row[0] < 5 and row[-1] > 200


def test_a_picture_over_the_pixel_limit_is_refused_before_it_is_decoded(tmp_path):
    from conftest import huge_png

    path = tmp_path / "big.png"
    path.write_bytes(huge_png(13_000, 13_000))
    assert 13_000 * 13_000 > PIXEL_LIMIT
    with pytest.raises(ArtRenderError, match="million"):
        prepared(str(path), BOX, BOX, 300.0)


def test_a_16_bit_greyscale_picture_renders_grey_in_the_built_cards(gag_grab, tmp_path):
    from checks.test_art_findings import with_art
    from render.test_art_pdf import build, card_pixels, window_centre

    Image.new("I;16", (1200, 900), 24_000).save(gag_grab.path / "grey16.png")  # 24000 / 257 ≈ 93 of 255
    with_art(gag_grab, {"Little Red Haired Girl": "grey16.png"})
    result = build(gag_grab, tmp_path)
    x, y, _ = window_centre(gag_grab)
    card, k = card_pixels(result.files[0], 14)  # the first Gag sheet
    r, g, b = card.getpixel((round(x * k), round(y * k)))
    assert abs(r - 93) <= 12 and r == g == b, (r, g, b)  # grey as stored, not clipped to white


@pytest.mark.parametrize("orientation", [1, 6])
def test_a_big_photo_is_decoded_small_but_keeps_every_pixel_the_print_needs(tmp_path, monkeypatch, orientation):
    """A 4000 × 3000 JPEG in a 40 × 30 mm window at 300 dpi needs 472 × 354 pixels (worked out here):
    it is decoded in draft mode at a fraction of its size, and still comes out at exactly that, the
    right way up (the top-left quadrant red, whatever the EXIF orientation says to turn)."""
    import io

    from PIL.JpegImagePlugin import JpegImageFile

    asked = []
    draft = JpegImageFile.draft
    monkeypatch.setattr(JpegImageFile, "draft", lambda self, mode, size: asked.append(size) or draft(self, mode, size))
    # Stored sideways for orientation 6 (turn 90° clockwise to view): 3000 × 4000 stored, 4000 × 3000 seen.
    stored = Image.new("RGB", (4000, 3000) if orientation == 1 else (3000, 4000), "white")
    red = (0, 0, 2000, 1500) if orientation == 1 else (0, 2000, 1500, 4000)  # the seen top left, as stored
    stored.paste((255, 0, 0), red)
    exif = Image.Exif()
    exif[0x0112] = orientation
    path = tmp_path / f"photo-{orientation}.jpg"
    stored.save(path, "JPEG", quality=90, exif=exif.tobytes())
    rect = Rect(0, 0, 40.0, 30.0)
    data, shown = prepared(str(path), rect, rect, 300.0)
    image = Image.open(io.BytesIO(data.getvalue()) if hasattr(data, "getvalue") else data)
    assert image.size == (round(40 / 25.4 * 300), round(30 / 25.4 * 300)) == (472, 354)
    assert image.convert("RGB").getpixel((100, 80))[0] > 200 > image.convert("RGB").getpixel((100, 80))[1]
    assert image.convert("RGB").getpixel((400, 300)) > (200, 200, 200)
    # The decoder was asked for the whole picture at 300 dpi with 5% to spare, rounded up: 40 mm is
    # 472.4 px, × 1.05 = 496.1 → 497; 30 mm is 354.3 px → 372.05 → 373 (sides swapped as stored).
    assert asked == [(497, 373) if orientation == 1 else (373, 497)]


def solid(path, colour) -> None:
    """An 80 × 40 picture of one colour, the same number of bytes whatever the colour."""
    image = Image.new("P", (80, 40), 0)
    image.putpalette(colour)
    image.save(path)


def test_a_picture_is_decoded_again_only_when_its_bytes_change(tmp_path, monkeypatch):
    import os

    from printkit.core.buildstate import build_state
    from printkit.images import prepare

    decoded = []
    real = prepare._prepare
    monkeypatch.setattr(prepare, "_prepare", lambda path, data, *rest: decoded.append(data) or real(path, data, *rest))
    path = tmp_path / "red.png"
    solid(path, (200, 0, 0))
    for _ in range(2):  # two builds: the second finds the same bytes
        with build_state():
            assert embedded(path).getpixel((5, 5)) == (200, 0, 0)
    assert len(decoded) == 1
    # The same size and the same time, other bytes (a save within one tick of the clock): read anew.
    info = path.stat()
    solid(path, (0, 0, 200))
    assert path.stat().st_size == info.st_size
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    with build_state():
        assert embedded(path).getpixel((5, 5)) == (0, 0, 200)
    assert len(decoded) == 2


def test_a_picture_replaced_by_a_folder_after_the_check_is_a_clear_error(tmp_path):
    path = tmp_path / "gone.png"
    path.mkdir()
    with pytest.raises(ArtRenderError) as caught:
        embedded(path)
    assert caught.value.message.startswith("it cannot be read: ")  # "Is a directory", on Linux
