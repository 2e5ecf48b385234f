"""The rasteriser's PNG encoding on threads: the same bytes, in the same order, as one at a time."""
from __future__ import annotations

from PIL import Image

from printkit.render.raster import png_bytes, png_files


def test_threads_give_the_bytes_and_order_of_encoding_one_by_one():
    images = [(f"card-{n}", Image.new("RGB", (60 + n, 90), (n * 20 % 256, 80, 160))) for n in range(9)]
    serial = [(key, png_bytes(image, 300)) for key, image in images]
    assert list(png_files(iter(images), 300, workers=3)) == serial
    assert list(png_files(iter(images), 300, workers=1)) == serial
    assert len({data for _, data in serial}) == 9  # nine different images, so order matters above
