"""Image headers read without Pillow: size, format, orientation, damage."""
import pytest
from PIL import Image

from conftest import huge_png

from printkit.images.probe import ProbeError, probe


def save(tmp_path, name, image, **kwargs):
    path = tmp_path / name
    image.save(path, **kwargs)
    return path


@pytest.mark.parametrize("name, image, kwargs, expected", [
    ("rgba.png", Image.new("RGBA", (120, 80)), {}, ("PNG", 120, 80)),
    ("photo.jpg", Image.new("RGB", (300, 200)), {}, ("JPEG", 300, 200)),
    ("cmyk.jpg", Image.new("CMYK", (50, 40)), {}, ("JPEG", 50, 40)),
    ("grey.jpg", Image.new("L", (30, 20)), {}, ("JPEG", 30, 20)),
    ("lossy.webp", Image.new("RGB", (64, 48)), {}, ("WEBP", 64, 48)),
    ("lossless.webp", Image.new("RGBA", (64, 48)), {"lossless": True}, ("WEBP", 64, 48)),
])
def test_formats(tmp_path, name, image, kwargs, expected):
    info = probe(save(tmp_path, name, image, **kwargs))
    assert (info.format, info.width, info.height) == expected


def test_exif_orientation_turns_the_size(tmp_path):
    exif = Image.Exif()
    exif[0x0112] = 6  # turned a quarter: stored 300 wide, shown 200 wide
    info = probe(save(tmp_path, "turned.jpg", Image.new("RGB", (300, 200)), exif=exif))
    assert (info.width, info.height, info.orientation) == (200, 300, 6)


def test_damaged_and_foreign_files(tmp_path):
    whole = save(tmp_path, "whole.png", Image.new("RGB", (40, 40)))
    cut = tmp_path / "cut.png"
    cut.write_bytes(whole.read_bytes()[:-20])
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    jpeg = save(tmp_path, "whole.jpg", Image.new("RGB", (40, 40)))
    cut_jpeg = tmp_path / "cut.jpg"
    cut_jpeg.write_bytes(jpeg.read_bytes()[:len(jpeg.read_bytes()) // 2])
    for path in (cut, text, cut_jpeg):
        with pytest.raises(ProbeError):
            probe(path)


def test_a_header_may_claim_any_size(tmp_path):
    """A tiny file can announce a huge picture; the probe reports what it says."""
    path = tmp_path / "bomb.png"
    path.write_bytes(huge_png(30000, 30000))
    assert (probe(path).width, probe(path).height) == (30000, 30000)
