"""Draw the pack's small pictures with Pillow: two creature portraits and the claw icon.

Run it from anywhere: ``python tests/packs/creatures/make_art.py``. The
pictures are flat colour shapes, so they compress to a few kilobytes, yet
have pixels enough (300 dpi in their boxes) to pass the art checks. The
portraits are wide with the creature in the middle, so both the wide
window of a creature card and the squarer one of a spell crop them well.
"""
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
W, H = 1400, 700  # the portrait; each is drawn in a 700 × 700 square at its centre
X0 = (W - H) // 2


def _square(points):
    """Points of the centre square, scaled from 0-100 units to pixels."""
    return [(X0 + x * 7, y * 7) for x, y in points]


def fox(path: Path) -> None:
    img = Image.new("RGB", (W, H), "#F3E3C3")
    d = ImageDraw.Draw(img)
    d.ellipse((-300, 520, W + 300, 1300), fill="#9CC58A")  # a hill
    d.ellipse(tuple(v for p in _square([(82, 8), (96, 22)]) for v in p), fill="#FFF4CF")  # the moon
    d.polygon(_square([(30, 82), (50, 42), (70, 82)]), fill="#D55E00")  # body
    d.polygon(_square([(41, 46), (50, 22), (59, 46)]), fill="#D55E00")  # head
    d.polygon(_square([(42, 34), (43, 14), (48, 28)]), fill="#8A3A00")  # ears
    d.polygon(_square([(52, 28), (57, 14), (58, 34)]), fill="#8A3A00")
    d.polygon(_square([(47, 44), (50, 50), (53, 44)]), fill="#FFFFFF")  # chin
    d.polygon(_square([(68, 80), (88, 62), (80, 84)]), fill="#E69F00")  # tail
    img.quantize(8).save(path, optimize=True)


def stag(path: Path) -> None:
    img = Image.new("RGB", (W, H), "#DDE8F0")
    d = ImageDraw.Draw(img)
    d.rectangle((0, 600, W, H), fill="#6E8B5A")  # grass
    box = lambda a, b: tuple(v for p in _square([a, b]) for v in p)  # noqa: E731
    d.rectangle(box((30, 52), (66, 74)), fill="#7A5230")  # body
    for x in (32, 39, 56, 62):
        d.rectangle(box((x, 72), (x + 3, 88)), fill="#5A3A20")  # legs
    d.rectangle(box((60, 36), (67, 54)), fill="#7A5230")  # neck
    d.ellipse(box((58, 28), (74, 40)), fill="#7A5230")  # head
    for dx in (-1, 1):  # antlers
        cx = 66 + dx * 2
        for a, b in (((cx, 30), (cx + dx * 12, 8)), ((cx + dx * 6, 19), (cx + dx * 15, 19)),
                     ((cx + dx * 9, 14), (cx + dx * 8, 4))):
            d.line(_square([a, b]), fill="#3B2A1A", width=14)
    img.quantize(8).save(path, optimize=True)


def claw(path: Path) -> None:
    img = Image.new("RGBA", (256, 256), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for x in (40, 104, 168):
        d.polygon([(x, 236), (x + 44, 236), (x + 62, 20), (x + 8, 150)], fill="#1A1A1A")
    img.save(path, optimize=True)


if __name__ == "__main__":
    fox(HERE / "art" / "fox.png")
    stag(HERE / "art" / "stag.png")
    claw(HERE / "icons" / "claw.png")
