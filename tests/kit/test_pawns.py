"""Pawns stand inside a board space without covering the card's Gag Points."""
from conftest import REPO

from printkit.checks import check_pack
from printkit.kit.pawns import PAWN_STYLES, PAWN_W, TAB
from printkit.layout.draw import Disc, flatten

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
