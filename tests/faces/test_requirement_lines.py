"""A requirement broken onto two lines for a narrow table column: before a '+' or 'or', flush left."""
from conftest import REPO

from printkit.faces.requirement import draw_requirement, requirement_block
from printkit.core.mm import Rect
from printkit.model.loader import load_pack
from printkit.requirements import parse_requirement

GAG_GRAB = load_pack(REPO / "cards" / "gag-grab")[0]


def words(block) -> list[str]:
    """The words and token names of a block, left to right, top to bottom."""
    if block.kind in ("word", "token", "badge"):
        return [block.text]
    return [w for child in block.children for w in words(child)]


def test_two_lines_break_before_a_plus_and_are_narrower():
    req = parse_requirement("LI or CB + LI or CB or LU")
    one = requirement_block(req, GAG_GRAB.manifest, compact=True)
    two = requirement_block(req, GAG_GRAB.manifest, compact=True, lines=2)
    first, second = two.children
    assert words(first) == ["LI", "or", "CB"]
    assert words(second) == ["+", "LI", "or", "CB", "or", "LU"]  # the second line starts with what joins them
    assert two.w < one.w and two.h > one.h
    assert first.w == second.w == two.w  # each line as wide as the widest, its blocks at its left
    assert first.children[0].w <= first.w


def test_alternatives_break_before_an_or():
    req = parse_requirement("CB x2 or LI x2 or LU x2")
    first, second = requirement_block(req, GAG_GRAB.manifest, compact=True, lines=2).children
    assert words(second)[0] == "or"
    assert words(first) + words(second) == words(requirement_block(req, GAG_GRAB.manifest, compact=True))


def test_a_requirement_with_nothing_to_break_at_stays_on_one_line():
    req = parse_requirement("SN x2")
    assert (requirement_block(req, GAG_GRAB.manifest, compact=True, lines=2)
            == requirement_block(req, GAG_GRAB.manifest, compact=True))


def test_card_faces_draw_as_before_by_default():
    req = parse_requirement("LI or CB + LI or CB or LU")
    box = Rect(0, 0, 40, 30)
    assert draw_requirement(req, box, GAG_GRAB.manifest) == draw_requirement(req, box, GAG_GRAB.manifest, lines=2)
    assert requirement_block(req, GAG_GRAB.manifest) == requirement_block(req, GAG_GRAB.manifest, lines=2)
