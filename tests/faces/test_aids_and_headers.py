"""The player aids and the action cards' header, read back from the faces as drawn."""
from pathlib import Path

import pytest

from printkit.checks import check_pack
from printkit.faces import LazyFronts
from printkit.faces.aid import aid_back, aid_front
from printkit.geometry.draw import Box, Text, flatten

PACKS = Path(__file__).resolve().parents[2] / "cards"
PT_MM = 25.4 / 72


def pack(name):
    return check_pack(PACKS / name).pack


def texts(face):
    return [i for i in flatten(face.items) if isinstance(i, Text)]


def test_gag_grab_aid_back_keeps_pips_and_counts_inside_their_rows():
    """Each power row (a white box with a border) holds its little cards and its "×n" whole, with
    at least 0.5 mm to the border; before, the cards sat on the top border and "×1" on the bottom."""
    face = aid_back(pack("gag-grab")).face
    items = list(flatten(face.items))
    rows = [i for i in items if isinstance(i, Box) and i.fill == "#FFFFFF" and i.stroke and i.rect.w > 40]
    pips = [i for i in items if isinstance(i, Box) and i.fill == "#FFF4D6"]
    counts = [i for i in items if isinstance(i, Text) and i.text.startswith("×")]
    assert len(rows) == 5 and len(counts) == 5 and pips
    for pip in pips:
        row = next(r for r in rows if r.rect.y <= pip.rect.cy <= r.rect.top)
        assert pip.rect.y - row.rect.y >= 0.5 and row.rect.top - pip.rect.top >= 0.5
    for count in counts:
        row = next(r for r in rows if r.rect.y <= count.y <= r.rect.top)
        descent, cap = 0.25 * count.size * PT_MM, 0.7 * count.size * PT_MM
        assert count.y - descent - row.rect.y >= 0.5 and row.rect.top - (count.y + cap) >= 0.5


def test_the_aid_key_sets_each_name_on_one_line():
    """"Charlie Brown" stood on two lines under its token; now each name is one line."""
    face = aid_back(pack("gag-grab")).face
    names = [t.text for t in texts(face)]
    assert "Charlie Brown" in names and "Charlie" not in names


def test_many_faces_aid_front_fills_the_card_with_larger_type():
    """The turn's texts were 6.5 pt with the lower third of the card empty: now they are at least
    8 pt, and the last line ends in the card's lower fifth."""
    face = aid_front(pack("many-faces")).face
    body = [t for t in texts(face) if t.font.startswith("body")]
    assert min(t.size for t in body) >= 8.0
    assert min(t.y for t in body) < face.height / 5 + 4.0


def test_many_faces_action_name_and_corner_index_share_a_baseline():
    fronts = LazyFronts(pack("many-faces"))
    face = fronts["actions/front/Lucy"].face
    top = [t for t in texts(face) if t.y > face.height - 16.0]
    name = next(t for t in top if t.text == "Lucy")
    index = next(t for t in top if t.text == "LU")
    assert name.size > index.size and name.y == pytest.approx(index.y, abs=0.01)
