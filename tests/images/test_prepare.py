"""Pictures as they are embedded: modes the PDF takes, greys that stay grey, limits on size."""
from __future__ import annotations

import pytest
from PIL import Image

from printkit.images.prepare import ArtRenderError, prepared
from printkit.images.probe import PIXEL_LIMIT
from printkit.layout.geometry import Rect

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
