"""The page lint's board checks (T730 on board pages, T741–T743): each on a page built to have the defect, and none on
board.pdf of either bundled kit, on A4 and Letter, at home and with every --board-paper."""
from dataclasses import replace
from pathlib import Path

import pytest

from printkit.commands.build import BuildOptions, build_pack, checked_pack
from printkit.checks.pages import document_lint
from printkit.kit.board import board_document
from printkit.kit.document import Document
from printkit.faces.pawns import pieces_page
from printkit.geometry.draw import Disc, Group, Line, Page, Text
from printkit.geometry.paper import Paper, paper

REPO = Path(__file__).parents[2]
SRA2 = Paper("SRA2", 450.0, 640.0)


@pytest.fixture(scope="module")
def gag_grab():
    return checked_pack(REPO / "cards" / "gag-grab").pack


@pytest.fixture(scope="module")
def many_faces():
    return checked_pack(REPO / "cards" / "many-faces").pack


def findings(pack, *pages):
    lint = document_lint(pack, "board.pdf", Document(pages, {}, "board", ""))
    for number, page in enumerate(pages, 1):
        lint.add(number, page)
    return list(lint.findings())


def codes(pack, *pages):
    return sorted(f.code for f in findings(pack, *pages) if f.code == "T730" or f.code.startswith("T74"))


def test_T730_a_crop_mark_3_mm_from_the_board_sheet_edge_is_reported(gag_grab):
    # ARCH C as it was: a 5 mm crop mark starting 3 mm past a trim 11.1 mm from the sheet's top.
    mark = Line(19.1, 609.6 - 11.1 + 3.0, 19.1, 609.6 - 11.1 + 8.0)
    found = [f for f in findings(gag_grab, Page(457.2, 609.6, (mark,))) if f.code == "T730"]
    assert len(found) == 1
    assert "board.pdf page 1: printed within 4 mm of the paper's edge" in found[0].message
    assert "a crop mark 3.1 mm from the edge" in found[0].message
    inside = Line(19.1, 600.0, 19.1, 605.6)  # ends 4.0 mm in
    assert "T730" not in codes(gag_grab, Page(457.2, 609.6, (inside,)))


def test_T730_a_shape_in_a_group_counts_where_it_lands_and_text_is_left_to_T703(gag_grab):
    near = Group((Disc(0.0, 0.0, 2.0, fill="#000000"),), 5.0, 100.0)  # 3 mm from the left edge once placed
    assert codes(gag_grab, Page(210.0, 297.0, (near,))) == ["T730"]
    assert codes(gag_grab, Page(210.0, 297.0, (Group((near,), 2.0),))) == []  # moved 2 mm in
    text = findings(gag_grab, Page(210.0, 297.0, (Text(2.0, 100.0, "Tile 1", "body", 9),)))
    assert [f.code for f in text] == ["T703"]


def test_T741_a_25_mm_token_on_a_23_mm_ring_is_reported(many_faces):
    ring = Disc(40.0, 100.0, 11.5, stroke="#B9A27A")  # the Popularity Board's place, as it was
    token = (Disc(80.0, 60.0, 11.5, fill="#E69F00"), Disc(80.0, 60.0, 12.5, stroke="#999999"))  # and its cut line
    found = findings(many_faces, Page(297.0, 210.0, (ring, *token)))
    assert [f.code for f in found] == ["T741"]
    assert "a 25.0 mm token on a 23.0 mm ring" in found[0].message
    roomy = Disc(40.0, 100.0, 14.0, stroke="#B9A27A")
    assert codes(many_faces, Page(297.0, 210.0, (roomy, *token))) == []


def test_T742_a_tile_edge_to_cut_without_its_ticks_is_reported(gag_grab):
    tiles = board_document(gag_grab, paper("a4")).pages[:6]
    assert all(codes(gag_grab, page) == [] for page in tiles)
    second = tiles[1]  # column 2: cut along its left edge, top to bottom
    assert second.cuts
    bare = replace(second, items=tuple(i for i in second.items if not (isinstance(i, Line) and i.width == 0.25)))
    found = findings(gag_grab, bare)
    assert [f.code for f in found] == ["T742"]  # one finding, naming the ends without ticks
    assert "an edge to cut with no tick beyond its end" in found[0].message


def test_T743_pieces_alone_on_an_oversize_sheet_are_reported(gag_grab):
    # The pieces page as it was with --board-paper a2: pawns and a die on a whole SRA2 sheet.
    alone = pieces_page(SRA2, 8, True, False)
    found = findings(gag_grab, alone)
    assert [f.code for f in found] == ["T743"]
    assert "450 × 640 mm" in found[0].message
    # The same pieces on A4 are not an oversize sheet.
    assert codes(gag_grab, pieces_page(paper("a4"), 8, True, False)) == []


@pytest.mark.parametrize("home", ["a4", "letter"])
@pytest.mark.parametrize("board_paper", [None, "a2", "tabloid", "arch-c"])
def test_the_bundled_boards_have_none_of_these(gag_grab, many_faces, home, board_paper):
    for pack in (gag_grab, many_faces):
        document = board_document(pack, paper(home), paper(board_paper) if board_paper else None)
        assert codes(pack, *document.pages) == []


def test_build_reports_them(tmp_path, monkeypatch):
    """A build lints board.pdf as it draws it: pieces put on an SRA2 sheet again come back as T743."""
    import printkit.kit.board as board

    original = board.pieces_page
    monkeypatch.setattr(board, "pieces_page", lambda _paper, *args: original(SRA2, *args))
    result = build_pack(REPO / "cards" / "gag-grab", BuildOptions(tmp_path, board_paper="a2"))
    assert "T743" in {f.code for f in result.print_findings}
