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
from printkit.layout.bounds import bounds, placed
from printkit.layout.draw import Disc, Path, Text

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
