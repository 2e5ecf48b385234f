"""Pictures in the built PDFs: embedded once, alpha kept, CMYK and EXIF right, downsampled; PNG export."""

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from checks.test_art_findings import with_art
from printkit.commands.build import BuildOptions, build_pack
from printkit.checks import check_pack
from printkit.geometry.draw import Picture, flatten

MM = 72 / 25.4


def images(pdf_path):
    """Every image XObject in the document, by object number: (width, height, colour space, has SMask)."""
    found = {}

    def walk(resources):
        for ref in (resources or {}).get("/XObject", {}).values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found[ref.idnum] = (obj["/Width"], obj["/Height"], str(obj.get("/ColorSpace")), "/SMask" in obj)
            elif obj["/Subtype"] == "/Form":
                walk(obj.get("/Resources"))
    for page in PdfReader(pdf_path).pages:
        walk(page.get("/Resources"))
    return found


def build(pack, tmp_path, **kwargs):
    return build_pack(pack.path, BuildOptions(tmp_path / "out", **kwargs))


def test_one_picture_on_every_gag_card_is_embedded_once(gag_grab, tmp_path):
    Image.new("RGB", (1600, 1200), (30, 140, 200)).save(gag_grab.path / "photo.jpg")
    names = [line.split(",")[0] for line in (gag_grab.path / "gags.csv").read_text().splitlines()[1:]]
    with_art(gag_grab, {n: "photo.jpg" for n in names})
    result = build(gag_grab, tmp_path)
    assert len(images(result.files[0])) == 1


def test_transparency_is_kept(gag_grab, tmp_path):
    Image.new("RGBA", (900, 700), (255, 0, 0, 100)).save(gag_grab.path / "ghost.png")
    with_art(gag_grab, {"Football Kick": "ghost.png"})
    (_, _, _, smask), = images(build(gag_grab, tmp_path).files[0]).values()
    assert smask


def card_pixels(pdf_path, page: int, dpi: float = 60.0):
    """The top-left card of a sheet page, rendered: on A4 with the default 2.5 mm gutters its trim
    starts 7.25 mm from the left and 297 - (15.125 + 271.7) = 10.175 mm from the top (see
    tests/layout/test_sheet.py)."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    image = pdf[page].render(scale=dpi / 72).to_pil().convert("RGB")
    k = dpi / 25.4
    return image.crop((round(7.25 * k), round(10.175 * k), round(70.75 * k), round(99.075 * k))), k


def window_centre(pack):
    """Where the first Gag card's picture window sits, in mm from the card's top left."""
    face = check_pack(pack.path).fronts["gags/front/Little Red Haired Girl"].face
    pic = next(i for i in flatten(face.items) if isinstance(i, Picture))
    return pic.clip.cx, face.height - pic.clip.cy, pic.clip


def test_cmyk_and_exif_orientation(gag_grab, tmp_path):
    # Stored 1500 × 1000: left half red, right half blue; EXIF 6 shows it turned a quarter
    # clockwise, so the red half is on top.
    stored = Image.new("RGB", (1500, 1000), (220, 0, 0))
    stored.paste((0, 0, 220), (750, 0, 1500, 1000))
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(gag_grab.path / "turned.jpg", exif=exif, quality=95)
    with_art(gag_grab, {"Little Red Haired Girl": "turned.jpg"})
    result = build(gag_grab, tmp_path)
    x, y, clip = window_centre(gag_grab)
    card, k = card_pixels(result.files[0], 14)  # the first Gag sheet
    top = card.getpixel((round(x * k), round((y - clip.h / 3) * k)))
    bottom = card.getpixel((round(x * k), round((y + clip.h / 3) * k)))
    assert top[0] > 150 and top[2] < 80, top  # red above
    assert bottom[2] > 150 and bottom[0] < 80, bottom  # blue below


def test_cmyk_jpeg_is_placed_in_rgb(gag_grab, tmp_path):
    Image.new("CMYK", (900, 700), (0, 255, 255, 0)).save(gag_grab.path / "print.jpg")  # pure red in CMYK
    with_art(gag_grab, {"Little Red Haired Girl": "print.jpg"})
    result = build(gag_grab, tmp_path)
    (_, _, space, _), = images(result.files[0]).values()
    assert space == "/DeviceRGB"
    x, y, _ = window_centre(gag_grab)
    card, k = card_pixels(result.files[0], 14)
    r, g, b = card.getpixel((round(x * k), round(y * k)))
    assert r > 200 and g < 60 and b < 60


def test_big_photos_are_downsampled_to_the_target_resolution(gag_grab, tmp_path):
    Image.effect_noise((4000, 3000), 60).convert("RGB").save(gag_grab.path / "big.jpg", quality=90)
    with_art(gag_grab, {"Little Red Haired Girl": "big.jpg"})
    _, _, clip = window_centre(gag_grab)
    small = images(build(gag_grab, tmp_path).files[0])
    full = images(build(gag_grab, tmp_path / "full", downsample=False).files[0])
    (w, h, _, _), = small.values()
    (fw, fh, _, _), = full.values()
    assert w == pytest.approx(clip.w / 25.4 * 300, abs=2) and h == pytest.approx(clip.h / 25.4 * 300, abs=2)
    assert fw >= 3000  # kept whole but for the crop


def test_png_export_is_trim_plus_bleed_at_the_chosen_dpi(gag_grab, tmp_path):
    result = build(gag_grab, tmp_path, png_dpi=150)
    pngs = sorted(p for p in result.files if p.suffix == ".png")
    assert len(pngs) == 16 + 60 + 2 + 2  # every distinct front and each deck's back, the player aid's two sides
    card = Image.open(tmp_path / "out" / "gag-grab" / "png" / "gags" / "beethovens-ninth.png")
    assert card.size == (round((63.5 + 6) / 25.4 * 150), round((88.9 + 6) / 25.4 * 150))
    assert card.info["dpi"] == pytest.approx((150, 150), abs=0.05)  # PNG stores dots per metre


def test_png_export_writes_the_player_aid_and_the_copies_of_every_card(gag_grab, tmp_path):
    """png/manifest.csv lists each image with its copies: the counts the CSV files give, 8 player aids."""
    import csv

    build(gag_grab, tmp_path, png_dpi=72)
    png = tmp_path / "out" / "gag-grab" / "png"
    with open(png / "manifest.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    expected = {}
    for deck, file in (("kids", "kids.csv"), ("gags", "gags.csv")):
        with open(gag_grab.path / file, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                expected[(deck, row["name"])] = int(row.get("count") or 1)
    expected[("player-aid", "Your turn")] = 8
    assert {(r["deck"], r["card"]): int(r["copies"]) for r in rows} == expected
    assert sum(int(r["copies"]) for r in rows if r["deck"] == "kids") == 52
    for r in rows:
        assert (png / r["front"]).is_file() and (png / r["back"]).is_file()
    aid = Image.open(png / "player-aid" / "your-turn.png")
    assert aid.size == (round((63.5 + 6) / 25.4 * 72), round((88.9 + 6) / 25.4 * 72))
