"""Every card of the bundled pack keeps its text and symbols inside the safe zone.

The face templates' display lists are walked with their full transforms
(groups move, scale and turn), and every text, disc and symbol is measured
against the trim inset by 3 mm, the least the print conventions allow.
Faces include the player aids.
"""
import pytest
from conftest import REPO

from printkit.checks import check_pack
from printkit.faces import back_face
from printkit.faces.aid import aid_back, aid_front
from printkit.geometry.bounds import bounds, placed
from printkit.geometry.draw import Disc, Path, Text

SAFE = 3.0
REPORT = check_pack(REPO / "cards" / "gag-grab")


def faces():
    for key, result in REPORT.fronts.items():
        yield key, result.face
    yield "aid/front", aid_front(REPORT.pack).face
    yield "aid/back", aid_back(REPORT.pack).face
    for spec in REPORT.pack.manifest.decks:
        yield spec.id + "/back", back_face(spec, REPORT.pack.manifest).face


@pytest.mark.parametrize("key, face", list(faces()), ids=lambda v: v if isinstance(v, str) else "")
def test_text_and_symbols_stay_in_the_safe_zone(key, face):
    problems = []
    for item, matrix in placed(face.items):
        if not isinstance(item, (Text, Disc, Path)):
            continue  # backgrounds and frames reach the bleed on purpose
        box = bounds(item, matrix)
        x0, y0, x1, y1 = box.x, box.y, box.right, box.top
        if x0 < SAFE - 1e-6 or y0 < SAFE - 1e-6 or x1 > face.width - SAFE + 1e-6 or y1 > face.height - SAFE + 1e-6:
            problems.append((type(item).__name__, getattr(item, "text", ""), (round(x0, 2), round(y0, 2),
                                                                             round(x1, 2), round(y1, 2))))
    assert problems == []


def test_every_front_fits_without_overflow():
    assert all(not r.overflows for r in REPORT.fronts.values())
    assert len(REPORT.fronts) == 16 + 60


@pytest.mark.parametrize("label, band", [("Gag", True), ("", False)])
def test_a_picture_back_shows_its_label_on_a_band_only_when_it_has_one(gag_grab, label, band):
    from PIL import Image

    from printkit.geometry.draw import Box, Picture, flatten

    Image.new("RGB", (800, 1100), (200, 120, 40)).save(gag_grab.path / "back.png")
    gag_grab.edit("game.toml", 'label = "Gag"', f'label = "{label}"\nart = "back.png"')
    report = check_pack(gag_grab.path)
    assert report.errors == 0
    gags = report.pack.manifest.deck("gags")
    items = list(flatten(back_face(gags, report.pack.manifest).face.items))
    assert any(isinstance(i, Picture) for i in items)
    texts = [i.text for i in items if isinstance(i, Text)]
    bands = [i for i in items if isinstance(i, Box) and i.fill == "#D55E00" and i.rect.h == 14.0]
    assert (texts, len(bands)) == ((["GAG"], 1) if band else ([], 0))


@pytest.mark.parametrize("area", ["window", "full"])
def test_a_full_card_picture_lies_under_the_name_and_a_window_beside_it(gag_grab, area):
    from PIL import Image

    from checks.test_art_findings import with_art
    from printkit.geometry.draw import Picture, flatten

    Image.new("RGB", (1200, 1700), (40, 120, 200)).save(gag_grab.path / "photo.png")
    with_art(gag_grab, {"Football Kick": "photo.png"})
    gag_grab.edit("game.toml", 'art = "art"\n', f'art = "art"\nart_area = "{area}"\n')
    report = check_pack(gag_grab.path)
    assert report.errors == 0
    items = list(flatten(report.fronts["gags/front/Football Kick"].face.items))
    picture = next(i for i, item in enumerate(items) if isinstance(item, Picture))
    name = next(i for i, item in enumerate(items) if isinstance(item, Text) and item.text.startswith("Football"))
    assert picture < name  # drawn first, so the name prints over it, never under it
    shown = items[picture].clip
    if area == "full":
        assert (shown.x, shown.y) == pytest.approx((-6.0, -6.0))  # into the bleed
    else:
        assert shown.x > 3.9 and shown.top < 88.9 - 4 - 15  # below the name, inside the safe zone
