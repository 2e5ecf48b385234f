"""Pawns stand inside a board space without covering the card's Gag Points; the die net folds."""
import pytest
from conftest import REPO

from printkit.checks import check_pack
from printkit.faces.pawns import PAWN_STYLES, PAWN_W, TAB
from printkit.geometry.draw import Disc, flatten

REPORT = check_pack(REPO / "cards" / "gag-grab")


def test_the_base_fits_below_the_points_disc_of_every_gag_card():
    # Folded out, the two base tabs make a footprint PAWN_W wide and 2 × TAB deep.
    for key, result in REPORT.fronts.items():
        if not key.startswith("gags/"):
            continue
        discs = [item for item in flatten(result.face.items) if isinstance(item, Disc)]
        points = max(discs, key=lambda d: d.r)  # the biggest disc on a Gag card holds its points
        room_below = points.cy - points.r
        assert 2 * TAB <= room_below, key
        assert PAWN_W <= result.face.width


def test_eight_pawns_differ_in_colour_and_in_symbol():
    colours = [c for c, _ in PAWN_STYLES]
    symbols = [s for _, s in PAWN_STYLES]
    assert len(PAWN_STYLES) == 8 and len(set(colours)) == 8 and len(set(symbols)) == 8


def test_the_die_net_has_a_glue_flap_for_each_of_its_seven_seams():
    from printkit.faces.pawns import die_net_geometry
    s = 10.0
    net = die_net_geometry(0.0, 0.0, s)
    assert len(net.faces) == 6 and len(net.flaps) == 7
    # A cross of six unit squares has 6 * 4 = 24 edges, 5 shared: 14 on the outline.
    # Folded, those meet in pairs, 7 seams; each gets a flap whose base is folded.
    folds = {(round(e.x1, 6), round(e.y1, 6), round(e.x2, 6), round(e.y2, 6)) for e in net.folds}
    assert len(folds) == 5 + 7
    for flap in net.flaps:
        base = (round(flap[0][0], 6), round(flap[0][1], 6), round(flap[1][0], 6), round(flap[1][1], 6))
        assert base in folds
    # Each face edge on the outline without a flap is cut: 14 - 7 = 7, plus three cut sides per flap.
    assert len(net.cuts) == 7 + 3 * 7
    # No two flaps overlap: their outer corners are all distinct points outside the faces.
    corners = [p for flap in net.flaps for p in flap[2:]]
    assert len(set(corners)) == len(corners)


def test_on_the_pieces_page_cut_lines_are_solid_and_fold_lines_dashed():
    from printkit.faces.pawns import die_net, pawn
    from printkit.geometry.draw import Box, Line
    for items in (die_net(0.0, 0.0), pawn(1, 0.0, 0.0)):
        lines = [i for i in items if isinstance(i, Line)]
        assert any(ln.dash for ln in lines)  # folds
        outlines = [i for i in items if isinstance(i, Box) and i.stroke]
        assert all(not b.dash for b in outlines)  # the pawn's outline is cut
    net = [i for i in die_net(0.0, 0.0) if isinstance(i, Line)]
    assert sum(1 for ln in net if ln.dash) == 12 and sum(1 for ln in net if not ln.dash) == 28


def test_the_clover_is_one_outline():
    # One sub-path, so a stroke runs round the outside only (no circles inside the leaves),
    # and the stem joins the leaves without a notch: it starts where it meets them.
    from printkit.core.symbols import SYMBOLS
    ops = SYMBOLS["clover"]
    assert [op[0] for op in ops].count("M") == 1 and ops[-1] == ("Z",)
    stem = [op for op in ops if op[0] == "L"]
    assert len(stem) == 3
    # The stem's foot is 0.36 wide at y = -0.95; its top edges end on the lower leaves,
    # circles of radius 0.42 round (±0.42, -0.05): at x = ±0.09, y = -0.05 - sqrt(0.42² - 0.33²).
    assert stem[0][1:] == pytest.approx((-0.18, -0.95)) and stem[1][1:] == pytest.approx((0.18, -0.95))
    assert stem[2][1:] == pytest.approx((0.09, -0.05 - (0.42 ** 2 - 0.33 ** 2) ** 0.5))
