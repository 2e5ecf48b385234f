"""The page lint on hand-made display lists: each problem it must see, and the layouts it must leave alone."""
from pathlib import Path

import pytest
from conftest import at

from printkit.checks.page_lint import lint_items, lone_words
from printkit.checks.pages import lint_pages
from printkit.core.findings import Location
from printkit.geometry.draw import Box, Disc, Group, Line, Page, Path as PathItem, Text
from printkit.core.mm import Rect
from printkit.model.pack import LintSettings

LIMITS = LintSettings()


def codes(*items, limits=LIMITS):
    return sorted(p.code for p in lint_items(items, {}, limits))


def word(x=20.0, y=20.0, text="Points", size=10.0, colour="#000000", align="left", angle=0.0):
    return Text(x, y, text, "body", size, colour, align, angle)


def test_a_word_alone_on_paper_is_clean():
    assert codes(word()) == []


def test_two_words_on_one_spot_print_over_each_other():
    assert codes(word(), word(x=22.0, text="Score")) == ["T704"]


def test_lines_of_a_paragraph_at_normal_leading_do_not_collide():
    pitch = 10 * 1.15 * 25.4 / 72  # mm between baselines at 10 pt
    assert codes(word(y=20.0), word(y=20.0 - pitch)) == []


def test_a_word_beside_another_on_the_same_baseline_is_clean():
    assert codes(word(text="Go"), word(x=40.0, text="on")) == []


def test_type_under_the_minimum_is_reported_and_the_minimum_is_the_packs():
    assert codes(word(size=5.5)) == ["T705"]
    assert codes(word(size=5.5), limits=LintSettings(min_type=5.0)) == []
    assert codes(word(size=6.5), limits=LintSettings(min_type=7.0)) == ["T705"]


def test_scaling_a_group_scales_the_type_it_holds():
    assert codes(Group((word(size=8.0),), scale=0.5)) == ["T705"]


def test_a_label_wholly_on_its_badge_is_clean():
    assert codes(Box(Rect(15, 15, 40, 10), fill="#FFFFFF", stroke="#000000"), word()) == []


def test_a_word_on_the_edge_of_a_box_is_reported():
    assert codes(Box(Rect(25, 10, 40, 20), fill="#E6E6E6"), word()) == ["T709"]


def test_a_shape_drawn_after_a_word_covers_it():
    assert codes(word(), Box(Rect(15, 15, 40, 10), fill="#E6E6E6")) == ["T709"]


def test_a_word_inside_a_disc_is_clean_and_one_crossing_its_rim_is_not():
    inside = word(x=30.0, y=29.0, text="CB", align="center")
    assert codes(Disc(30, 30, 6, fill="#FFFFFF"), inside) == []
    rim = word(x=36.0, y=29.0, text="CB", align="center")
    assert codes(Disc(30, 30, 6, fill="#FFFFFF"), rim) == ["T709"]


def test_a_word_beside_a_disc_whose_bounding_box_it_enters_is_clean():
    # The word sits in the disc's square corner, outside the circle itself.
    assert codes(Disc(30, 30, 6, fill="#E69F00"), word(x=34.6, y=34.6, text="x", size=6.0)) == []


def test_a_crop_line_through_a_word_is_reported():
    assert codes(word(), Line(25, 10, 25, 40)) == ["T710"]


def test_a_line_that_stops_short_of_a_word_is_clean():
    assert codes(word(), Line(25, 0, 25, 19.5)) == []


def test_a_frame_around_a_word_is_clean_and_its_edge_through_it_is_not():
    assert codes(Box(Rect(15, 15, 40, 10), stroke="#000000"), word()) == []
    assert codes(Box(Rect(25, 15, 40, 10), stroke="#000000"), word()) == ["T710"]


def test_a_dashed_fold_path_through_a_word_is_reported():
    fold = PathItem((("M", 10, 21.0), ("L", 60, 21.0)), stroke="#000000")
    assert codes(word(), fold) == ["T710"]


def test_low_contrast_text_is_reported_against_what_it_sits_on():
    assert codes(word(colour="#C9B48A")) == ["T706"]
    assert codes(Box(Rect(10, 10, 50, 20), fill="#0072B2"), word(colour="#000000")) == ["T706"]
    assert codes(Box(Rect(10, 10, 50, 20), fill="#0072B2"), word(colour="#FFFFFF")) == []


def test_large_bold_text_needs_only_three_to_one():
    big = Text(20, 20, "START", "bold", 14.0, "#009E73")
    assert codes(big) == []
    assert codes(word(colour="#009E73")) == ["T706"]


def test_text_outside_a_groups_window_is_not_on_the_page():
    hidden = Group((word(x=120.0), Line(125, 0, 125, 40)), clip=Rect(0, 0, 100, 100))
    assert codes(hidden) == []


def test_rotated_text_is_measured_turned():
    # Turned 90°, the word runs about 10 mm up the page from (20, 20); a line across at y = 25 crosses it.
    assert codes(word(angle=90.0), Line(0, 25, 40, 25)) == ["T710"]
    assert codes(word(angle=0.0), Line(0, 25, 40, 25)) == []


def test_findings_group_alike_problems_and_name_the_pages():
    pages = [Page(100, 100, (word(text=f"A{n}", colour="#C9B48A"),)) for n in range(1, 6)]
    pages.append(Page(100, 100, (word(),)))
    pages.append(Page(100, 100, (word(text="B1", colour="#C9B48A"),)))
    findings = list(lint_pages(pages, {}, LIMITS, "board.pdf", Location(Path("game.toml"), 3)))
    assert len(findings) == 1
    message = findings[0].message
    assert message.startswith("board.pdf pages 1–5, 7: text at contrast")
    assert "'A1', 'A2', 'A3' and 3 more" in message
    assert findings[0].location == Location(Path("game.toml"), 3)


@pytest.mark.parametrize("value", ["2", "0.5", "30", "true"])
def test_lint_settings_refuse_values_out_of_range(tmp_path, value):
    from printkit.checks import check_pack
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(Path(__file__).parents[2] / "cards" / "gag-grab", pack)
    with open(pack / "game.toml", "a", encoding="utf-8") as f:
        f.write(f"\n[lint]\nmin_type = {value}\n")
    report = check_pack(pack)
    bad = [f for f in report.findings if f.code == "M104"]
    assert bad and "lint.min_type" in bad[0].message and "from 3 to 24" in bad[0].message
    assert bad[0].location.line > 1


def test_a_pack_may_raise_its_minimum_type_and_then_hears_of_smaller_type(tmp_path):
    from printkit.checks import check_pack
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(Path(__file__).parents[2] / "cards" / "many-faces", pack)
    before = [f for f in check_pack(pack).findings if f.code == "T705"]
    with open(pack / "game.toml", "a", encoding="utf-8") as f:
        f.write("\n[lint]\nmin_type = 9\n")
    after = [f for f in check_pack(pack).findings if f.code == "T705"]
    assert not before and after
    assert all("under 9 pt" in f.message for f in after)


def test_text_in_the_edge_a_printer_cannot_reach_is_reported():
    page = Rect(0, 0, 210, 297).inset(6.35)
    assert [p.code for p in lint_items((word(x=5.0),), {}, LIMITS, page)] == ["T703"]
    assert [p.code for p in lint_items((word(x=7.0, y=8.0),), {}, LIMITS, page)] == []


def test_a_card_side_with_text_across_a_shape_edge_is_reported_at_its_deck():
    from printkit.checks.pages import face_findings
    from printkit.geometry.draw import Face
    from printkit.model.loader import load_pack

    pack, _ = load_pack(Path(__file__).parents[2] / "cards" / "gag-grab")
    clean = Face("kids/front/Lucy", 63.5, 88.9, 3.0, (Box(Rect(5, 15, 50, 10), fill="#FFFFFF"), word()))
    crossed = Face("kids/front/Linus", 63.5, 88.9, 3.0, (Box(Rect(25, 15, 50, 10), fill="#E6E6E6"), word()))
    findings = list(face_findings(pack, {clean.key: clean, crossed.key: crossed}))
    assert [f.code for f in findings] == ["T709"]
    assert "deck 'kids'" in findings[0].message and "'Linus'" in findings[0].message
    assert findings[0].location == pack.manifest.deck("kids").location


# Through a pack: a layout whose shapes and lines meet its text.

CROSSING = '''
[[layouts.gag.elements]]
name = "{name}"
type = "{type}"
from = "safe"
x = {x}
y = {y}
w = {w}
h = {h}
{extra}
'''


def crossing(mini, name, type_, x, y, w, h, extra=""):
    from test_layout_findings import with_layout  # the same small gag layout

    with_layout(mini, CROSSING.format(name=name, type=type_, x=x, y=y, w=w, h=h, extra=extra))


def test_T709_a_filled_rect_half_under_the_points_is_reported_at_the_deck(mini):
    crossing(mini, "patch", "rect", 27, 22, 20, 10, 'fill = "#56B4E9"')
    finding = mini.only("T709")
    # The rect comes after the points in the layout, so it is drawn over them, on every card.
    assert finding.message.startswith("deck 'gags': text covered by a box drawn over it: '1', '2', '4' and 1 more")
    assert "(on 'Bad Temper', 'Football Kick', 'Phone Call' and 1 more)" in finding.message
    assert at(finding) == ("game.toml", 25, 1)


def test_T710_a_rule_through_the_points_is_reported(mini):
    crossing(mini, "rule", "line", 0, 26, 55, 0)
    finding = mini.only("T710")
    assert finding.message.startswith("deck 'gags': a line runs through text: '1', '2', '4' and 1 more")


def test_T711_build_reports_rules_table_words_that_would_break(tmp_path):
    """The rules lint runs in build, with the pack's own rules minimum, and its findings come back."""
    import shutil

    from printkit.commands.build import BuildOptions, build_pack

    pack = tmp_path / "gag-grab"
    shutil.copytree(Path(__file__).parents[2] / "cards" / "gag-grab", pack)
    with open(pack / "game.toml", "a", encoding="utf-8") as f:
        f.write("\n[lint]\nrules_min_type = 9\n")
    result = build_pack(pack, BuildOptions(out_dir=tmp_path / "out", paper="letter", booklet=True))
    codes = {f.code for f in result.print_findings}
    assert "T711" in codes  # 9 pt table cells cannot fit half a Letter sheet, even with claims on two lines
    lines = (pack / "rules.md").read_text(encoding="utf-8").splitlines()
    table_line = next(n for n, line in enumerate(lines, 1) if "{{cards gags}}" in line)
    assert any(f.code == "T711" and f.location.line == table_line for f in result.print_findings)
    assert (tmp_path / "out" / "gag-grab" / "rules.pdf").exists()


def test_a_line_under_the_badge_a_word_sits_on_is_hidden_and_one_drawn_after_is_not():
    badge = Box(Rect(15, 15, 40, 10), fill="#FFFFFF")
    line = Line(25, 10, 25, 40)
    assert codes(line, badge, word()) == []  # the badge covers the line where the word is
    assert codes(badge, line, word()) == ["T710"]


@pytest.mark.parametrize("margin", [3, 5, 10])
def test_every_allowed_space_margin_tiles_a_board_the_page_lint_finds_clean(tmp_path, margin):
    """Wider spaces mean more tiles, some one row high: labels and glue notes still keep clear."""
    from printkit.checks import check_pack
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(Path(__file__).parents[2] / "cards" / "gag-grab", pack)
    text = (pack / "game.toml").read_text(encoding="utf-8")
    assert "rows = 6\n" in text
    (pack / "game.toml").write_text(text.replace("rows = 6\n", f"rows = 6\nspace_margin_mm = {margin}\n", 1),
                                    encoding="utf-8")
    found = check_pack(pack).findings
    assert not [f for f in found if f.is_error]
    assert [f.message for f in found if f.code.startswith("T7")] == []


# -- T730: nothing printed in the band home printers cannot reach ----------------------------------

def _sheet_findings(layout, filled: int = 9) -> list:
    """The page lint of a front sheet of ``layout`` as cards.pdf lays it out (faces of the cards' size)."""
    from printkit.kit.sheets import front_page
    from printkit.geometry.draw import Face

    face = Face("card", layout.card_w, layout.card_h, 3.0, ())
    page = front_page(layout, ("card",) * filled, "Cards · sheet 1 of 1 · fronts")
    return list(lint_pages([page], {"card": face}, LIMITS, "cards.pdf", Location(Path("game.toml"))))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_T730_a_crop_mark_in_the_edge_band_of_a_sheet(paper):
    from printkit.geometry.paper import PAPERS
    from printkit.geometry.sheet import SheetLayout, SheetTemplate

    # Marks allowed to run to 0.5 mm from the edge, as Letter sheets once had them: reported.
    careless = SheetLayout.compute(PAPERS[paper], 63.5, 88.9, SheetTemplate(printer_reach=0.5, gutter=2.5))
    found = [f for f in _sheet_findings(careless) if f.code == "T730"]
    assert found and "crop mark" in found[0].message and "within 4 mm" in found[0].message
    # As printkit lays the sheets out: clean.
    kept = SheetLayout.compute(PAPERS[paper], 63.5, 88.9, SheetTemplate(gutter=2.5))
    assert [f for f in _sheet_findings(kept) if f.code == "T730"] == []


def test_T730_on_the_sheets_printkit_lays_out_and_not_for_white():
    page = Page(210, 297, (Line(1.0, 100.0, 1.0, 110.0, 0.25, "#FFFFFF"),
                           Line(2.0, 100.0, 2.0, 110.0, 0.25, "#000000")), "p")
    found = list(lint_pages([page], {}, LIMITS, "cards.pdf", Location(Path("game.toml"))))
    assert [f.code for f in found] == ["T730"] and "2.0 mm from the edge" in found[0].message
    board = [f.code for f in lint_pages([page], {}, LIMITS, "board.pdf", Location(Path("game.toml")))]
    assert board == ["T730"]
    assert list(lint_pages([page], {}, LIMITS, "balance.pdf", Location(Path("game.toml")))) == []


# -- T731: a short word alone on a card text's last line -------------------------------------------

def _lone(*lines, size=10.0, x=5.0):
    pitch = size * 1.15 * 25.4 / 72
    items = [Text(x, 50.0 - n * pitch, line, "body", size) for n, line in enumerate(lines)]
    return [p.code for p in lone_words(items)]


def test_T731_a_short_word_alone_under_a_full_line():
    assert _lone("Baseball Coach Pep", "Talk") == ["T731"]
    assert _lone("Baseball Coach", "Pep Talk") == []  # balanced
    assert _lone("Crab-Ox") == []  # one line
    assert _lone("a", "b") == []  # nothing above it could keep it company
    assert _lone("Spend them on any turn, as often as you", "like, in any order, to do", "more.") == ["T731"]


def _kit_lone_words(pack_id: str) -> list:
    from printkit.checks import check_pack
    from printkit.checks.pages import FaceLint
    from printkit.faces import LazyFronts

    pack = check_pack(Path(__file__).parents[2] / "cards" / pack_id).pack
    lint = FaceLint(pack)
    fronts = LazyFronts(pack)
    for key in fronts:
        lint.add(key, fronts[key].face)
    return [f for f in lint.findings() if f.code == "T731"]


@pytest.mark.parametrize("pack_id", ["gag-grab", "many-faces"])
def test_T731_wrapped_greedily_the_bundled_cards_strand_words_and_balanced_they_do_not(monkeypatch, pack_id):
    from printkit.faces import engine
    from printkit.geometry import richtext, text

    def forget() -> None:  # the fits are cached: drop them when the way of breaking lines changes
        richtext._fit.cache_clear()
        engine._fit.cache_clear()

    forget()
    assert _kit_lone_words(pack_id) == []
    # Greedy line breaking, as printkit had it, leaves "Talk" alone under "Baseball Coach Pep".
    forget()
    monkeypatch.setattr(richtext, "balanced", lambda lines, *rest: lines)
    monkeypatch.setattr(text, "balanced", lambda lines, *rest: lines)
    try:
        greedy = _kit_lone_words(pack_id)
    finally:
        forget()
    if pack_id == "gag-grab":
        assert greedy and "'Talk' (on 'Baseball Coach Pep Talk')" in "".join(f.message for f in greedy)
