"""Backs land behind their fronts for each flip, with and without an offset, upright or turned."""
import math

import pytest

from printkit.geometry.duplex import Flip, Offset, back_placements, back_rotation, seen_from_front
from printkit.geometry.paper import PAPERS
from printkit.geometry.sheet import DEFAULT_GUTTER, SheetLayout, SheetTemplate


@pytest.fixture(params=[("a4", 0.0), ("letter", 0.0), ("a4", DEFAULT_GUTTER), ("letter", DEFAULT_GUTTER)],
                ids=lambda p: f"{p[0]}-gutter-{p[1]:g}")
def lay(request):
    paper, gutter = request.param
    return SheetLayout.compute(PAPERS[paper], 63.5, 88.9, SheetTemplate(gutter=gutter))


def test_long_edge_mirrors_columns(lay):
    W = lay.paper.width
    backs = back_placements(lay, Flip.LONG_EDGE)
    for b in backs:
        front = lay.slot(b.slot)
        assert b.rotation == 0
        assert b.rect.x == pytest.approx(W - front.x - front.w) and b.rect.y == pytest.approx(front.y)
    # Slot 0 (top left) is backed at the top right of the back page, as far from its right edge
    # as slot 0 is from the front's left edge (the grid need not be centred: the label's margin).
    assert W - backs[0].rect.right == pytest.approx(lay.slot(0).x)
    assert backs[0].rect.y == pytest.approx(lay.slot(2).y)


def test_short_edge_mirrors_rows_and_turns_backs(lay):
    H = lay.paper.height
    backs = back_placements(lay, Flip.SHORT_EDGE)
    for b in backs:
        front = lay.slot(b.slot)
        assert b.rotation == 180
        assert b.rect.x == pytest.approx(front.x) and b.rect.y == pytest.approx(H - front.y - front.h)
    assert backs[0].rect.y < backs[6].rect.y  # the top row's backs at the foot of the back page


@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("filled", [1, 5, 7, 9])
def test_every_back_is_behind_its_front_even_on_a_partly_filled_sheet(lay, flip, filled):
    for b in back_placements(lay, flip)[:filled]:
        front = lay.slot(b.slot)
        for corner in ((b.rect.x, b.rect.y), (b.rect.right, b.rect.top)):
            x, y = seen_from_front(corner, lay, flip)
            assert front.x - 1e-9 <= x <= front.right + 1e-9 and front.y - 1e-9 <= y <= front.top + 1e-9
        cx, cy = seen_from_front((b.rect.cx, b.rect.cy), lay, flip)
        assert (cx, cy) == pytest.approx((front.cx, front.cy))
    assert [b.slot for b in back_placements(lay, flip)[:filled]] == list(range(filled))


@pytest.mark.parametrize("flip", list(Flip))
def test_offset_shifts_every_back(lay, flip):
    plain = back_placements(lay, flip)
    shifted = back_placements(lay, flip, Offset(0.5, -1.0))
    for a, b in zip(plain, shifted):
        assert (b.rect.x - a.rect.x, b.rect.y - a.rect.y) == pytest.approx((0.5, -1.0))


def test_backs_bleed_further_than_fronts_but_stay_on_the_paper(lay):
    for b in back_placements(lay, Flip.LONG_EDGE):
        clip = b.clip
        # Not even a back's bleed comes nearer the paper's edge than the 4 mm printers leave blank.
        assert 4.0 - 1e-9 <= clip.x and clip.right <= lay.paper.width - 4.0 + 1e-9
        assert 4.0 - 1e-9 <= clip.y and clip.top <= lay.paper.height - 4.0 + 1e-9
    corner = back_placements(lay, Flip.LONG_EDGE)[0]  # back of the top-left card: top right
    assert corner.clip.right - corner.rect.right > lay.bleed.right
    # Its inner side reaches the gutter's middle (the cut line itself when the cards touch).
    assert corner.rect.x - corner.clip.x == pytest.approx(lay.gutter_x / 2)


@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("filled", [2, 7, 9])
def test_back_bleed_never_reaches_another_card_and_lies_behind_the_fronts_bleed(lay, flip, filled):
    """Seen from the front, a back's inner bleed covers the same strip of gutter as its front's:
    half of each gap, so a stray cut shows the card's own back colour, never the next one's."""
    backs = back_placements(lay, flip, filled=filled)
    for b in backs:
        for other in backs:
            if other.slot != b.slot:
                r = other.rect
                assert (min(b.clip.right, r.right) - max(b.clip.x, r.x) <= 1e-9
                        or min(b.clip.top, r.top) - max(b.clip.y, r.y) <= 1e-9)
        front = lay.front_clip(b.slot, filled)
        corners = [seen_from_front(c, lay, flip) for c in ((b.clip.x, b.clip.y), (b.clip.right, b.clip.top))]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        # Inside the grid the back bleeds exactly as far as the front; on the outer edges further.
        assert xs[0] <= front.x + 1e-9 and xs[1] >= front.right - 1e-9
        assert ys[0] <= front.y + 1e-9 and ys[1] >= front.top - 1e-9


def test_gutter_backs_land_behind_their_fronts_by_hand():
    # A4, 2.5 mm gutters: slot 0 (top left) is at (7.25, 15.125 + 271.7 - 88.9) = (7.25, 197.925)
    # (see tests/layout/test_sheet.py); a long-edge flip puts its back at x = 210 - 7.25 - 63.5 = 139.25.
    lay = SheetLayout.compute(PAPERS["a4"], 63.5, 88.9, SheetTemplate(gutter=2.5))
    back = back_placements(lay, Flip.LONG_EDGE)[0]
    assert (back.rect.x, back.rect.y) == pytest.approx((139.25, 197.925))
    # Short edge: same x, y = 297 - 197.925 - 88.9 = 10.175.
    back = back_placements(lay, Flip.SHORT_EDGE)[0]
    assert (back.rect.x, back.rect.y) == pytest.approx((7.25, 10.175))


@pytest.mark.parametrize("text, expected", [("0.5,-1", Offset(0.5, -1.0)), (" -2 , 3 ", Offset(-2, 3)),
                                            ("1;1", Offset(1, 1))])
def test_offset_parse(text, expected):
    assert Offset.parse(text) == expected


@pytest.mark.parametrize("text", ["1", "a,b", "1,2,3", "30,0"])
def test_offset_parse_refuses(text):
    with pytest.raises(ValueError):
        Offset.parse(text)


# -- turned cards: a face placed at a rotation, worked out here from the rotation alone ------------

def placed_point(u: float, v: float, w: float, h: float, rotation: int, rect) -> tuple[float, float]:
    """Where the point (u, v) of a w × h face lands when the face is turned ``rotation`` degrees
    counter-clockwise and its turned trim put on ``rect`` (the trim's bounding box on the page)."""
    c, s = round(math.cos(math.radians(rotation))), round(math.sin(math.radians(rotation)))
    turn = lambda x, y: (x * c - y * s, x * s + y * c)  # noqa: E731
    corners = [turn(x, y) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
    min_x, min_y = min(p[0] for p in corners), min(p[1] for p in corners)
    x, y = turn(u, v)
    return rect.x + x - min_x, rect.y + y - min_y


# Bridge on A4 and mini on A4 and Letter are turned (see test_sheet.py); poker is not.
TURNED = [("a4", (57.15, 88.9)), ("a4", (44.45, 63.5)), ("letter", (44.45, 63.5)), ("a4", (63.5, 88.9))]


@pytest.mark.parametrize("flip, front, back", [(Flip.LONG_EDGE, 0, 0), (Flip.SHORT_EDGE, 0, 180),
                                               (Flip.LONG_EDGE, 90, 270), (Flip.SHORT_EDGE, 90, 90),
                                               (Flip.LONG_EDGE, 270, 90), (Flip.SHORT_EDGE, 270, 270)])
def test_back_rotation_for_each_flip(flip, front, back):
    assert back_rotation(front, flip) == back


@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("paper, card", TURNED)
def test_each_back_has_its_centre_and_top_behind_its_front(paper, card, flip):
    lay = SheetLayout.compute(PAPERS[paper], *card)
    w, h = card
    for b in back_placements(lay, flip):
        slot = lay.slot(b.slot)
        assert (b.rect.w, b.rect.h) == pytest.approx((slot.w, slot.h))
        for u, v in ((w / 2, h / 2), (w / 2, h), (0, 0), (w, h)):  # centre, top middle, two corners
            front = placed_point(u, v, w, h, lay.rotation, slot)
            back = seen_from_front(placed_point(u, v, w, h, b.rotation, b.rect), lay, flip)
            # Looking through the paper, a back is the mirror image of its front: the centre and
            # top middle coincide; the corners swap sides, but stay on the same card.
            if (u, v) in ((w / 2, h / 2), (w / 2, h)):
                assert back == pytest.approx(front)
            else:
                assert slot.x - 1e-9 <= back[0] <= slot.right + 1e-9 and slot.y - 1e-9 <= back[1] <= slot.top + 1e-9


def test_backs_of_a_partly_filled_sheet_only():
    lay = SheetLayout.compute(PAPERS["a4"], 44.45, 63.5)
    assert [b.slot for b in back_placements(lay, Flip.LONG_EDGE, filled=5)] == [0, 1, 2, 3, 4]
