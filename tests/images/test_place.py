"""Picture placement as plain geometry, and the resolution a placement prints at."""
import pytest

from printkit.images.place import effective_dpi, place
from printkit.core.mm import Rect

BOX = Rect(10.0, 20.0, 40.0, 30.0)  # 4:3 landscape window


def rect(r):
    return pytest.approx((r.x, r.y, r.w, r.h))


def test_stretch_fills_the_box_exactly():
    p = place(1000, 1000, BOX, "stretch")
    assert (p.rect.x, p.rect.y, p.rect.w, p.rect.h) == rect(BOX) and p.clip == BOX


def test_cover_fills_the_box_and_crops_the_overflow_centred():
    p = place(2000, 1000, BOX, "cover")  # 2:1 picture into a 4:3 box: height fits, width spills
    assert (p.rect.h, p.rect.w) == pytest.approx((30.0, 60.0))
    assert p.rect.x == pytest.approx(10.0 - 10.0) and p.rect.y == pytest.approx(20.0)
    assert p.clip == BOX


def test_cover_moves_towards_the_focal_point_but_never_shows_a_gap():
    left = place(2000, 1000, BOX, "cover", focus=(0.0, 0.5))
    assert left.rect.x == pytest.approx(10.0)  # the picture's left edge stays on the box's edge
    right = place(2000, 1000, BOX, "cover", focus=(1.0, 0.5))
    assert right.rect.right == pytest.approx(BOX.right)
    tall = place(1000, 2000, BOX, "cover", focus=(0.5, 0.0))  # top of a tall picture
    assert tall.rect.top == pytest.approx(BOX.top) and tall.rect.w == pytest.approx(40.0)


def test_contain_shows_all_of_it_within_the_box():
    p = place(1000, 2000, BOX, "contain")
    assert (p.rect.w, p.rect.h) == pytest.approx((15.0, 30.0))
    assert p.rect.x == pytest.approx(10.0 + 12.5) and p.rect.y == pytest.approx(20.0)
    p = place(1000, 2000, BOX, "contain", focus=(0.0, 0.5))
    assert p.rect.x == pytest.approx(10.0)


def test_effective_dpi():
    # 600 px over 2 inches (50.8 mm) is 300 dpi; the lower direction counts.
    assert effective_dpi(600, 600, Rect(0, 0, 50.8, 50.8)) == pytest.approx(300.0)
    assert effective_dpi(600, 300, Rect(0, 0, 50.8, 50.8)) == pytest.approx(150.0)
    cover = place(4000, 3000, Rect(0, 0, 55.5, 40.0), "cover")
    assert effective_dpi(4000, 3000, cover.rect) == pytest.approx(4000 / (55.5 / 25.4))
