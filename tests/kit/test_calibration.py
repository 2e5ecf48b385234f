"""The calibration verniers read the offset that cancels a printer's misregistration.

A simulated printer shifts everything on the back page by an error (ex, ey).
Reading the verniers as a person would (the back mark closest to a front
mark seen through the paper) and building with that offset must put the
backs exactly behind their fronts again.
"""
import pytest

from printkit.kit.calibration import RESOLUTION, label, steps, verniers
from printkit.geometry.duplex import Flip, Offset, back_placements, seen_from_front
from printkit.geometry.paper import PAPERS
from printkit.geometry.sheet import SheetLayout


def read(vernier, error: float, lay: SheetLayout, flip: Flip) -> float:
    """The label at the pair of marks that line up, with the back shifted by ``error``."""
    def seen(p):  # a front mark's position as seen on the back page, along the axis
        # Turning the sheet over is its own inverse, so the same mapping works both ways.
        point = (p, 0.0) if vernier.axis == "x" else (0.0, p)
        return seen_from_front(point, lay, flip)[0 if vernier.axis == "x" else 1]
    gaps = {k: abs(seen(f) - (b + error)) for k, f, b in zip(steps(), vernier.front, vernier.back)}
    best = min(gaps, key=gaps.get)
    return float(label(best))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("ex, ey", [(0.0, 0.0), (1.5, -2.0), (-3.0, 0.5), (4.5, 5.0)])
def test_reading_the_verniers_cancels_the_error(paper, flip, ex, ey):
    lay = SheetLayout.compute(PAPERS[paper], 63.5, 88.9)
    x, y = verniers(PAPERS[paper], flip)
    offset = Offset(read(x, ex, lay, flip), read(y, ey, lay, flip))
    assert (offset.x, offset.y) == pytest.approx((-ex, -ey))
    # Built with that offset, then printed by the same printer, backs are behind fronts.
    for b in back_placements(lay, flip, offset):
        printed = b.rect.moved(ex, ey)
        cx, cy = seen_from_front((printed.cx, printed.cy), lay, flip)
        front = lay.slot(b.slot)
        assert (cx, cy) == pytest.approx((front.cx, front.cy))


def test_scale_resolution_and_range():
    assert RESOLUTION == 0.5
    assert label(min(steps())) == "-5" and label(max(steps())) == "+5" and label(1) == "+0.5"
