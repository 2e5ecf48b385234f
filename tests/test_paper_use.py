"""How many sheets of paper a built pack takes, one- and two-sided."""
from printkit.commands.build import BuildResult


def result(pages, duplex=True):
    return BuildResult("pack", (), pages, report=None, duplex=duplex)


def test_cards_and_rules_pair_up_two_sided_and_the_board_never_does():
    # 30 card pages (guide pair + 14 front/back pairs), 10 board pages, 5 rules pages.
    one, two = result({"cards.pdf": 30, "board.pdf": 10, "rules.pdf": 5}).sheets_of_paper()
    assert one == 45
    assert two == 15 + 10 + 3


def test_cards_without_backs_take_a_sheet_a_page_either_way():
    assert result({"cards.pdf": 15, "rules.pdf": 4}, duplex=False).sheets_of_paper() == (19, 15 + 2)


def test_a_booklet_counts_its_sheet_sides():
    # An imposed booklet of 6 sides is 3 sheets printed two-sided.
    assert result({"rules.pdf": 6}).sheets_of_paper() == (6, 3)


def test_a_board_on_copy_shop_paper_is_counted_apart():
    # The board on 1 SRA2 sheet; its pieces page on the home paper, counted with the cards and rules.
    built = BuildResult("gag-grab", (), {"cards.pdf": 30, "board.pdf": 2, "rules.pdf": 5}, report=None,
                        board_paper="SRA2", board_sheets=1)
    assert built.sheets_of_paper() == (36, 15 + 1 + 3)
    assert built.paper_summary() == ("gag-grab: 36 sheets of paper printed one-sided, 19 two-sided, "
                                     "and 1 SRA2 sheet for the board")


def test_build_says_what_each_pack_takes(tmp_path):
    from click.testing import CliRunner

    from printkit.commands.cli import cli

    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path), "--board-paper", "a2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # Gag Grab: 30 card pages (15 two-sided), the pieces page and 5 rules pages (3); the board on 1 SRA2 sheet.
    assert "gag-grab: 36 sheets of paper printed one-sided, 19 two-sided, and 1 SRA2 sheet for the board" in lines
    # Many Faces has no board to put on A2: its 2 pages of pieces stay on A4 and are counted with the rest.
    assert "many-faces: 30 sheets of paper printed one-sided, 16 two-sided" in lines
    assert "has no effect" in result.stderr
