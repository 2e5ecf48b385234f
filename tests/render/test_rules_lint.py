"""The rules lint measures the typeset rules before drawing and reports what would print badly."""
import pytest
from conftest import REPO

from printkit.geometry.paper import Paper, paper
from printkit.model.loader import load_pack
from printkit.render.rules_lint import lint_rules

GAG_GRAB = load_pack(REPO / "cards" / "gag-grab")[0]
MANY_FACES = load_pack(REPO / "cards" / "many-faces")[0]


def line_of(pack, directive: str) -> int:
    """The 1-based line of the rules source where ``directive`` is written, read straight from the file."""
    lines = (pack.root / "rules.md").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if directive in line)


@pytest.mark.parametrize("pack", [GAG_GRAB, MANY_FACES], ids=["gag-grab", "many-faces"])
@pytest.mark.parametrize("size", ["a4", "letter"])
@pytest.mark.parametrize("booklet", [False, True], ids=["sheets", "booklet"])
def test_the_bundled_rules_are_clean(pack, size, booklet):
    assert lint_rules(pack, paper(size), booklet) == []


def test_type_under_the_minimum_is_t705_at_the_directive():
    found = [f for f in lint_rules(GAG_GRAB, paper("a4"), False, min_type=9.0) if f.code == "T705"]
    legend = [f for f in found if f.location.line == line_of(GAG_GRAB, "{{legend}}")]
    assert legend and "8.5 pt" in legend[0].message  # the legend's names are set at 8.5 pt
    assert any("footer" in f.message for f in found)  # 7.5 pt


def test_a_table_too_narrow_for_its_words_is_one_t711_that_names_columns():
    # 9 pt cells cannot fit half a Letter sheet, even with the widest claims broken onto two lines
    found = [f for f in lint_rules(GAG_GRAB, paper("letter"), True, min_type=9.0)
             if f.code == "T711" and f.location.line == line_of(GAG_GRAB, "{{cards gags}}")]
    assert len(found) == 1  # the table, not each of its words
    assert "for its longest words" in found[0].message
    assert "columns= ({{cards gags columns=name,...}} or [decks.gags.rules] columns in game.toml)" in found[0].hint


def test_tables_too_narrow_on_a_narrow_page_give_one_finding_each():
    narrow = Paper("narrow", 80, 200)
    found = [f for f in lint_rules(MANY_FACES, narrow, False) if f.code == "T711"]
    assert found and all("inside the word" not in f.message for f in found)
    assert all("columns=" in f.hint for f in found)  # every table here comes from {{cards}}


def test_a_row_taller_than_the_page_is_t711():
    short = Paper("short", 210, 44)  # 8 mm of text height
    found = lint_rules(MANY_FACES, short, False)
    assert any(f.code == "T711" and "tall" in f.message and f.location.line == line_of(MANY_FACES, "{{cards actions}}")
               for f in found)


def test_a_token_wider_than_its_column_is_t709():
    narrow = Paper("narrow", 62, 200)  # 30 mm of text width for the persona table's five columns
    found = [f for f in lint_rules(MANY_FACES, narrow, False) if f.code == "T709"]
    assert found and found[0].location.line == line_of(MANY_FACES, "{{personas}}")
    assert "overlaps" in found[0].message
