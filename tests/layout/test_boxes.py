"""Where a layout element's box lands: every way of writing a box, worked out by hand.

Layouts measure top-down, as designers do: ``x`` from the frame's left,
``y`` from its top. Boxes come back as ``Rect`` with the origin at the
trim's bottom-left and y pointing up, so a box written ``y = 10, h = 20`` on
an 88.9 mm card has its bottom at 88.9 - 10 - 20 = 58.9.

The card is poker size, 63.5 × 88.9 mm, with a 4 mm safe zone and 3 mm
bleed: trim (0, 0, 63.5, 88.9), safe (4, 4, 55.5, 80.9), bleed (-3, -3,
69.5, 94.9).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from printkit.core.findings import Location
from printkit.geometry.boxes import element_box, frame_rect, layout_boxes
from printkit.core.mm import Rect
from printkit.model.designs import Element, convert
from printkit.model.loader import load_pack

W, H, SAFE = 63.5, 88.9, 4.0
TRIM = Rect(0.0, 0.0, W, H)


def props(**raw) -> dict:
    """An element's keys as the reader converts them (numbers and "N%" strings become lengths)."""
    out = {}
    for key, value in raw.items():
        converted, problem = convert(key, value)
        assert problem is None, (key, value, problem)
        out[key] = converted
    return out


def box(frame: Rect = TRIM, anchors: dict | None = None, **raw) -> tuple[float, float, float, float]:
    r = element_box(props(**raw), frame, anchors or {})
    return tuple(round(v, 6) for v in (r.x, r.y, r.w, r.h))


def test_frames():
    assert frame_rect("trim", W, H, SAFE) == Rect(0, 0, 63.5, 88.9)
    safe = frame_rect("safe", W, H, SAFE)
    assert (safe.x, safe.y, safe.w, safe.h) == pytest.approx((4, 4, 55.5, 80.9))
    bleed = frame_rect("bleed", W, H, SAFE)
    assert (bleed.x, bleed.y, bleed.w, bleed.h) == pytest.approx((-3, -3, 69.5, 94.9))
    wide = frame_rect("bleed", W, H, SAFE, bleed=5)
    assert (wide.x, wide.w) == pytest.approx((-5, 73.5))


# -- across: x, cx, right and w -------------------------------------------
# Only the x axis varies here; with no y keys the box spans the full height.

@pytest.mark.parametrize("raw, x, w", [
    ({}, 0, 63.5),                               # nothing: the whole frame
    ({"x": 5}, 5, 58.5),                         # from x to the right edge
    ({"w": 10}, 0, 10),                          # from the left edge, 10 wide
    ({"x": 5, "w": 10}, 5, 10),
    ({"right": 5}, 0, 58.5),                     # from the left edge to 5 mm short of the right
    ({"right": 5, "w": 10}, 48.5, 10),           # 63.5 - 5 - 10
    ({"x": 5, "right": 5}, 5, 53.5),             # 63.5 - 5 - 5
    ({"x": 5, "right": 5, "w": 10}, 5, 10),      # x and w are enough; right is then ignored
    ({"cx": 20, "w": 10}, 15, 10),               # centred on 20
    ({"cx": 20}, 20, 0),                         # a centre alone is a point
    ({"x": "10%"}, 6.35, 57.15),                 # 10 % of 63.5
    ({"w": "50%"}, 0, 31.75),
    ({"cx": "50%", "w": 10}, 26.75, 10),         # 31.75 - 5
    ({"right": "10%", "w": "20%"}, 44.45, 12.7),  # 63.5 - 6.35 - 12.7
    ({"x": 60, "w": 10}, 60, 10),                # may run past the frame (the checks say so)
    ({"x": 40, "right": 30}, 40, 0),             # edges crossing give an empty box, not a negative one
])
def test_across(raw, x, w):
    got = box(**raw)
    assert got[0] == pytest.approx(x) and got[2] == pytest.approx(w)
    assert (got[1], got[3]) == pytest.approx((0, 88.9))


# -- down: y, cy, bottom and h (measured from the top) ----------------------

@pytest.mark.parametrize("raw, y, h", [
    ({}, 0, 88.9),
    ({"y": 10}, 0, 78.9),                        # from 10 below the top down to the bottom
    ({"h": 20}, 68.9, 20),                       # at the top: bottom edge 88.9 - 20 up
    ({"y": 10, "h": 20}, 58.9, 20),              # 88.9 - 10 - 20
    ({"bottom": 5}, 5, 83.9),                    # from the top to 5 above the bottom
    ({"bottom": 5, "h": 10}, 5, 10),
    ({"y": 10, "bottom": 20}, 20, 58.9),         # 88.9 - 10 - 20 tall
    ({"cy": 44.45, "h": 10}, 39.45, 10),         # centred on the card's middle
    ({"cy": 30}, 58.9, 0),                       # a point 30 below the top
    ({"y": "10%", "h": "50%"}, 35.56, 44.45),    # y 8.89, h 44.45: bottom 88.9 - 8.89 - 44.45
    ({"cy": "50%", "h": "20%"}, 35.56, 17.78),   # 44.45 - 8.89
    ({"bottom": "10%", "h": 10}, 8.89, 10),
])
def test_down(raw, y, h):
    got = box(**raw)
    assert got[1] == pytest.approx(y) and got[3] == pytest.approx(h)
    assert (got[0], got[2]) == pytest.approx((0, 63.5))


def test_every_across_form_combines_with_every_down_form():
    """The axes are independent: a few pairings, each worked out from the two tables above."""
    assert box(x=5, w=10, y=10, h=20) == pytest.approx((5, 58.9, 10, 20))
    assert box(cx=20, w=10, bottom=5, h=10) == pytest.approx((15, 5, 10, 10))
    assert box(right=5, w=10, cy=44.45, h=10) == pytest.approx((48.5, 39.45, 10, 10))
    assert box(x="10%", right="10%", y="10%", bottom="10%") == pytest.approx((6.35, 8.89, 50.8, 71.12))


# -- frames ---------------------------------------------------------------

SAFE_FRAME = frame_rect("safe", W, H, SAFE)
BLEED_FRAME = frame_rect("bleed", W, H, SAFE)


def test_safe_frame_measures_from_the_safe_zone():
    # x 0 is 4 mm from the trim; y 0 is 4 mm below the top: top edge 84.9, bottom 74.9.
    assert box(SAFE_FRAME, x=0, y=0, w=10, h=10) == pytest.approx((4, 74.9, 10, 10))
    assert box(SAFE_FRAME, right=0, w=10, h=10) == pytest.approx((49.5, 74.9, 10, 10))
    assert box(SAFE_FRAME, bottom=0, h=10) == pytest.approx((4, 4, 55.5, 10))
    # Percentages are of the safe zone: 50 % of 55.5 is 27.75, so the centre is at 4 + 27.75.
    assert box(SAFE_FRAME, cx="50%", w=10, cy="50%", h=10) == pytest.approx((26.75, 39.45, 10, 10))


def test_bleed_frame_measures_from_the_bleed_edge():
    # x 0 is 3 mm outside the trim; y 0 is 3 mm above it: top edge 91.9.
    assert box(BLEED_FRAME, x=0, y=0, w=10, h=10) == pytest.approx((-3, 81.9, 10, 10))
    assert box(BLEED_FRAME, h=21) == pytest.approx((-3, 70.9, 69.5, 21))  # a band across the top
    assert box(BLEED_FRAME, w="100%", h="100%") == pytest.approx((-3, -3, 69.5, 94.9))


# -- anchors --------------------------------------------------------------
# The anchor A spans x 10..30 and y 50..60 (up from the bottom), so its top
# edge is 28.9 below the card's top and its bottom edge 38.9 below.

A = Rect(10, 50, 20, 10)
ANCHORS = {"a": A}


def test_below_starts_a_gap_under_the_anchor():
    assert box(anchors=ANCHORS, below="a", h=5) == pytest.approx((0, 44, 63.5, 5))  # default gap 1: top 49
    assert box(anchors=ANCHORS, below="a", gap=2.5, h=5) == pytest.approx((0, 42.5, 63.5, 5))
    assert box(anchors=ANCHORS, below="a", gap=0, bottom=10) == pytest.approx((0, 10, 63.5, 40))
    assert box(anchors=ANCHORS, below="a", gap=-2, h=5) == pytest.approx((0, 47, 63.5, 5))  # overlaps by 2
    # With nothing else it runs to the frame's bottom.
    assert box(anchors=ANCHORS, below="a") == pytest.approx((0, 0, 63.5, 49))


def test_above_ends_a_gap_over_the_anchor():
    assert box(anchors=ANCHORS, above="a", h=5) == pytest.approx((0, 61, 63.5, 5))  # bottom 60 + 1
    assert box(anchors=ANCHORS, above="a", gap=3, h=5) == pytest.approx((0, 63, 63.5, 5))
    # From y = 5 down to the anchor: 88.9 - 5 = 83.9 at the top, 61 at the bottom.
    assert box(anchors=ANCHORS, above="a", y=5) == pytest.approx((0, 61, 63.5, 22.9))


def test_right_of_and_left_of():
    assert box(anchors=ANCHORS, right_of="a", w=10) == pytest.approx((31, 0, 10, 88.9))
    assert box(anchors=ANCHORS, right_of="a", gap=0) == pytest.approx((30, 0, 33.5, 88.9))
    assert box(anchors=ANCHORS, left_of="a", gap=2, w=5) == pytest.approx((3, 0, 5, 88.9))
    assert box(anchors=ANCHORS, left_of="a") == pytest.approx((0, 0, 9, 88.9))
    # Measured on the page, whatever the element's own frame: the same edge from the safe frame.
    assert box(SAFE_FRAME, ANCHORS, right_of="a", w=10, y=0, h=5) == pytest.approx((31, 79.9, 10, 5))


def test_between_two_anchors():
    top, bottom = Rect(0, 70, 63.5, 10), Rect(0, 20, 63.5, 10)
    # Below 'top' (bottom edge 70) and above 'bottom' (top edge 30), 1 mm gap each side.
    assert box(anchors={"t": top, "b": bottom}, below="t", above="b") == pytest.approx((0, 31, 63.5, 38))
    # Beside: right of one box and left of another.
    left, right = Rect(5, 0, 10, 10), Rect(40, 0, 10, 10)
    assert box(anchors={"l": left, "r": right}, right_of="l", left_of="r", gap=0) == pytest.approx(
        (15, 0, 25, 88.9))


def test_an_unknown_anchor_is_ignored_in_the_geometry():
    """The reader reports it (M106); the box falls back to the other keys."""
    assert box(anchors=ANCHORS, below="nowhere", y=10, h=5) == pytest.approx((0, 73.9, 63.5, 5))


# -- a whole layout ---------------------------------------------------------

def element(name: str, **raw) -> Element:
    return Element(raw.pop("type", "text"), name, Location(Path("x.toml")), props(**raw))


def test_layout_boxes_chains_named_anchors_in_order():
    elements = [
        element("title", **{"from": "safe"}, h=10),
        element("kind", **{"from": "safe"}, below="title", gap=0.5, h=4),
        element("art", **{"from": "safe"}, below="kind", h=20),
        element("", **{"from": "safe"}, below="art", h=3),  # unnamed: cannot be an anchor
        element("text", **{"from": "safe"}, below="art", gap=2, bottom=0),
    ]
    boxes = layout_boxes(elements, W, H, SAFE)
    got = [round(v, 6) for b in boxes for v in (b.x, b.y, b.w, b.h)]
    # Safe top is 84.9: title 74.9..84.9; kind 70.4..74.4; art 49.4..69.4 (1 mm gap);
    # the unnamed one 45.4..48.4; text from 47.4 down to the safe bottom 4.
    assert got == pytest.approx([4, 74.9, 55.5, 10, 4, 70.4, 55.5, 4, 4, 49.4, 55.5, 20,
                                 4, 45.4, 55.5, 3, 4, 4, 55.5, 43.4])


def test_the_creature_layout_lands_where_the_example_pack_says():
    """The creatures pack's own layout, read from disk; numbers as in tests/render/test_creatures_pdf.py."""
    pack, findings = load_pack(Path(__file__).resolve().parents[1] / "packs" / "creatures")
    assert pack is not None, findings
    layout = pack.manifest.layouts["creature"]
    boxes = dict(zip((e.name for e in layout.elements), layout_boxes(layout.elements, W, H, SAFE)))

    def top_down(name):
        b = boxes[name]
        return tuple(round(v, 6) for v in (b.x, H - b.top, b.right, H - b.y))

    assert top_down("cost") == pytest.approx((4, 4, 14, 14))
    assert top_down("power") == pytest.approx((49.5, 4, 59.5, 14))
    assert top_down("title") == pytest.approx((15, 4, 48.5, 14))
    assert top_down("kind") == pytest.approx((4, 14.5, 59.5, 18.5))
    assert top_down("art") == pytest.approx((4, 20, 59.5, 49))
    assert top_down("legendary") == pytest.approx((16.75, 45.5, 46.75, 50.5))
    assert top_down("text") == pytest.approx((5, 51.5, 58.5, 73.9))
    assert top_down("flavour") == pytest.approx((16, 74.9, 47.5, 84.9))
    assert top_down("frame") == pytest.approx((2.5, 2.5, 61, 86.4))
