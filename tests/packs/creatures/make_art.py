"""Draw the pack's small pictures with Pillow: two creature portraits and the claw icon.

Run it from anywhere: ``python tests/packs/creatures/make_art.py``. The
pictures are flat colour shapes, so they compress to a few kilobytes while
having enough pixels (300 dpi in their boxes) to pass the art checks.
"""
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent


def fox(path: Path) -> None:
    img = Image.new("RGB", (900, 720), "#F3E3C3")
    d = ImageDraw.Draw(img)
    d.ellipse((-200, 520, 1100, 1100), fill="#9CC58A")  # a hill
    d.ellipse((620, 70, 780, 230), fill="#FFF4CF")  # the moon
    d.polygon([(300, 560), (450, 300), (600, 560)], fill="#D55E00")  # body
    d.polygon([(380, 330), (450, 170), (520, 330)], fill="#D55E00")  # head
    d.polygon([(390, 250), (405, 130), (440, 215)], fill="#8A3A00")  # ears
    d.polygon([(460, 215), (495, 130), (510, 250)], fill="#8A3A00")
    d.polygon([(430, 320), (450, 360), (470, 320)], fill="#FFFFFF")  # chin
    d.polygon([(600, 540), (760, 430), (700, 560)], fill="#E69F00")  # tail
    img.quantize(8).save(path, optimize=True)


def stag(path: Path) -> None:
    img = Image.new("RGB", (900, 720), "#DDE8F0")
    d = ImageDraw.Draw(img)
    d.rectangle((0, 560, 900, 720), fill="#6E8B5A")
    d.rectangle((330, 360, 570, 520), fill="#7A5230")  # body
    for x in (345, 395, 505, 545):
        d.rectangle((x, 510, x + 20, 600), fill="#5A3A20")  # legs
    d.rectangle((520, 250, 570, 380), fill="#7A5230")  # neck
    d.ellipse((510, 200, 620, 280), fill="#7A5230")  # head
    for dx in (-1, 1):  # antlers
        cx = 560 + dx * 10
        d.line((cx, 210, cx + dx * 90, 90), fill="#3B2A1A", width=14)
        d.line((cx + dx * 45, 150, cx + dx * 110, 150), fill="#3B2A1A", width=12)
        d.line((cx + dx * 70, 120, cx + dx * 60, 60), fill="#3B2A1A", width=12)
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
