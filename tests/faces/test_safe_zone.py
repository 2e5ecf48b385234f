"""Every card of the bundled pack keeps its text and symbols inside the safe zone.

The face templates' display lists are walked with their full transforms
(groups move, scale and turn), and every text, disc and symbol is measured
against the trim inset by 3 mm, the least the print conventions allow.
"""
import math

import pytest
from conftest import REPO

from printkit.checks import check_pack
from printkit.faces import back_face
from printkit.fonts import metrics
from printkit.layout.draw import Disc, Group, Path, Text

SAFE = 3.0
REPORT = check_pack(REPO / "cards" / "gag-grab")


def placed(items, matrix=(1, 0, 0, 1, 0, 0)):
    """(item, matrix) for every leaf item; matrix maps item coordinates to the face."""
    for item in items:
        if isinstance(item, Group):
            a, b, c, d, e, f = matrix
            cos, sin = math.cos(math.radians(item.angle)), math.sin(math.radians(item.angle))
            s = item.scale
            local = (cos * s, sin * s, -sin * s, cos * s, item.dx, item.dy)
            yield from placed(item.items, _then(local, matrix))
        else:
            yield item, matrix


def _then(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def extent(item, matrix):
    """The item's bounding box on the face, as (x0, y0, x1, y1)."""
    if isinstance(item, Text):
        m = metrics(item.font)
        w = m.width(item.text, item.size)
        x0 = {"center": item.x - w / 2, "right": item.x - w}.get(item.align, item.x)
        corners = [(x0, item.y - m.descent(item.size)), (x0 + w, item.y + m.ascent(item.size))]
    elif isinstance(item, Disc):
        corners = [(item.cx - item.r, item.cy - item.r), (item.cx + item.r, item.cy + item.r)]
    else:
        xs = [v for op in item.ops for v in op[1::2]]
        ys = [v for op in item.ops for v in op[2::2]]
        corners = [(min(xs), min(ys)), (max(xs), max(ys))]
    (x0, y0), (x1, y1) = corners
    points = [_apply(matrix, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    return (min(p[0] for p in points), min(p[1] for p in points),
            max(p[0] for p in points), max(p[1] for p in points))


def faces():
    for key, result in REPORT.fronts.items():
        yield key, result.face
    for spec in REPORT.pack.manifest.decks:
        yield spec.id + "/back", back_face(spec, REPORT.pack.manifest)


@pytest.mark.parametrize("key, face", list(faces()), ids=lambda v: v if isinstance(v, str) else "")
def test_text_and_symbols_stay_in_the_safe_zone(key, face):
    problems = []
    for item, matrix in placed(face.items):
        if not isinstance(item, (Text, Disc, Path)):
            continue  # backgrounds and frames reach the bleed on purpose
        x0, y0, x1, y1 = extent(item, matrix)
        if x0 < SAFE - 1e-6 or y0 < SAFE - 1e-6 or x1 > face.width - SAFE + 1e-6 or y1 > face.height - SAFE + 1e-6:
            problems.append((type(item).__name__, getattr(item, "text", ""), (round(x0, 2), round(y0, 2),
                                                                             round(x1, 2), round(y1, 2))))
    assert problems == []


def test_every_front_fits_without_overflow():
    assert all(not r.overflows for r in REPORT.fronts.values())
    assert len(REPORT.fronts) == 16 + 60
