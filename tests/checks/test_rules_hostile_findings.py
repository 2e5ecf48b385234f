"""Rules findings (D81x): rules sources printkit will not typeset, reported by check, located."""

import pytest
from conftest import at

from printkit.commands.build import BuildOptions, build_pack
from printkit.render.refusal import BuildRefused
from printkit.rules.structure import MAX_NESTING, MAX_TABLE_COLUMNS


def _nested(depth: int) -> str:
    return "".join("  " * n + f"- item {n}\n" for n in range(depth))


def _table(columns: int) -> str:
    return ("|" + "|".join(f"c{n}" for n in range(columns)) + "|\n"
            + "|" + "|".join(["---"] * columns) + "|\n"
            + "|" + "|".join(["v"] * columns) + "|\n")


def test_D810_empty_rules(gag_grab):
    gag_grab.write("rules.md", "")
    f = gag_grab.only("D810")
    assert at(f) == ("rules.md", 1, 1)
    assert "no pages" in f.message


def test_D810_rules_of_blank_lines_and_comments(gag_grab):
    gag_grab.write("rules.md", "\n\n<!-- nothing yet -->\n\n")
    assert gag_grab.only("D810")


def test_D811_lists_nested_too_deep(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n" + _nested(10))
    f = gag_grab.only("D811")
    # The seventh list opens on the seventh item's line (line 2 + 7), indented 12 spaces.
    assert at(f) == ("rules.md", 3 + MAX_NESTING, 2 * MAX_NESTING + 1)
    assert f"at most {MAX_NESTING}" in f.message


def test_D811_not_for_the_deepest_allowed(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n" + _nested(MAX_NESTING))
    assert not [f for f in gag_grab.findings() if f.code == "D811"]


def test_D811_quotes_count_as_nesting(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n" + ">" * 30 + " deep\n")
    assert at(gag_grab.only("D811")) == ("rules.md", 3, 1)


def test_D812_table_with_too_many_columns(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\nSome text.\n\n" + _table(300))
    f = gag_grab.only("D812")
    assert at(f) == ("rules.md", 5, 1)
    assert "300 columns" in f.message and str(MAX_TABLE_COLUMNS) in f.message


def test_D812_not_for_the_widest_allowed(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n" + _table(MAX_TABLE_COLUMNS))
    assert not [f for f in gag_grab.findings() if f.code == "D812"]


def test_D813_rules_the_typesetter_cannot_set(gag_grab, tmp_path, monkeypatch):
    def fail(*args, **kwargs):
        raise ValueError("flowable too large\nwith a long second line")

    monkeypatch.setattr("printkit.commands.build.typeset_rules", fail)
    with pytest.raises(BuildRefused) as refused:
        build_pack(gag_grab.path, BuildOptions(out_dir=tmp_path / "out"))
    found = [f for f in refused.value.report.findings if f.code == "D813"]
    assert len(found) == 1 and at(found[0]) == ("rules.md", 1, 1)
    assert found[0].message == "the rules cannot be typeset: flowable too large"
    assert not (tmp_path / "out").exists()  # nothing written
