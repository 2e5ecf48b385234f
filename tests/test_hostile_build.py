"""Hostile or broken input: a clean message and a non-zero exit, or correct output; never a crash.

Whatever could run away (deep recursion, huge layouts) runs in a subprocess with a timeout.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from conftest import REPO, replace_in

from printkit.commands.cli import cli
from printkit.geometry.paper import paper
from printkit.geometry.sheet import LayoutError
from printkit.geometry.tiling import plan_tiles
from printkit.model.manifest import MAX_SPACE_MARGIN

TIMEOUT = 240  # seconds; a hang fails the test instead of stalling the suite


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    target = tmp_path / "packs" / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", target)
    return target


def _printkit(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """The real command in a child process, killed if it hangs."""
    return subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=TIMEOUT, env={**os.environ, **(env or {})})


def _pages(pdf: Path) -> int:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return len(document)
    finally:
        document.close()


def _no_crash(result) -> None:
    text = result.output if hasattr(result, "output") else result.stdout + result.stderr
    assert "Traceback" not in text and "internal error" not in text, text


# -- rules ------------------------------------------------------------------------------------------

def test_a_long_card_table_before_the_first_heading_builds(pack, tmp_path):
    (pack / "rules.md").write_text("{{cards gags}}\n\n## Afterwards\n\nSome text.\n", encoding="utf-8")
    result = _printkit("build", str(pack), "--out", str(tmp_path / "out"), cwd=tmp_path)
    _no_crash(result)
    assert result.returncode == 0, result.stderr
    assert _pages(tmp_path / "out" / "gag-grab" / "rules.pdf") >= 2


def test_a_long_card_table_right_after_the_title_builds(pack, tmp_path):
    (pack / "rules.md").write_text("# Title\n\n{{cards gags}}\n", encoding="utf-8")
    result = _printkit("build", str(pack), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_lists_nested_ten_deep_are_refused_cleanly(pack, tmp_path):
    (pack / "rules.md").write_text("# Rules\n\n" + "".join("  " * n + f"- item {n}\n" for n in range(10)))
    result = _printkit("build", str(pack), "--out", str(tmp_path / "out"), cwd=tmp_path)
    _no_crash(result)
    assert result.returncode == 1
    assert "rules.md:9:13: error D811" in result.stdout
    assert not (tmp_path / "out" / "gag-grab").exists()


def test_the_typesetter_survives_nesting_past_the_limit(pack):
    """Even unchecked, deep lists typeset (no IndexError from an item the parser dropped)."""
    from printkit.model.loader import load_pack
    from printkit.render.rules import render_rules
    from printkit.model.rules_source import parse_rules

    loaded, _ = load_pack(pack)
    text = "# Rules\n\n" + "".join("  " * n + f"- item {n}\n" for n in range(25))
    data, pages = render_rules(parse_rules(text, pack / "rules.md"), loaded.manifest, paper("a4"))
    assert pages >= 1 and data.startswith(b"%PDF")


def test_a_table_cell_taller_than_a_page_splits_across_pages(pack, tmp_path):
    cell = " ".join(["word"] * 6000)
    (pack / "rules.md").write_text(f"# Rules\n\n| a | b |\n|---|---|\n| {cell} | x |\n", encoding="utf-8")
    result = _printkit("build", str(pack), "--out", str(tmp_path / "out"), cwd=tmp_path)
    _no_crash(result)
    assert result.returncode == 0, result.stderr
    assert _pages(tmp_path / "out" / "gag-grab" / "rules.pdf") > 2
    assert "T711" in result.stdout  # the lint still says the row is taller than a page


def test_a_table_of_300_columns_is_refused_cleanly(pack, tmp_path):
    header = "|" + "|".join(f"c{n}" for n in range(300)) + "|\n"
    rule = "|" + "|".join(["---"] * 300) + "|\n"
    (pack / "rules.md").write_text("# Rules\n\n" + header + rule + header, encoding="utf-8")
    result = _printkit("build", str(pack), "--out", str(tmp_path / "out"), cwd=tmp_path)
    _no_crash(result)
    assert result.returncode == 1
    assert "rules.md:3:1: error D812 the table has 300 columns" in result.stdout


def test_the_typesetter_refuses_a_table_too_wide_with_a_clear_error(pack):
    from printkit.render.rules_tables import TableTooWide, squeeze

    assert sum(squeeze([1.0] * 12, 80.0)) == pytest.approx(80.0)
    with pytest.raises(TableTooWide):
        squeeze([1.0] * 300, 80.0)


def test_empty_rules_are_refused_not_written_as_a_pdf_without_pages(pack, tmp_path):
    (pack / "rules.md").write_text("")
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(tmp_path / "out")])
    _no_crash(result)
    assert result.exit_code == 1
    assert "rules.md:1:1: error D810" in result.output
    assert not (tmp_path / "out" / "gag-grab" / "rules.pdf").exists()


def test_rules_with_nothing_to_set_still_make_a_page(pack):
    from printkit.model.loader import load_pack
    from printkit.render.rules import render_rules

    loaded, _ = load_pack(pack)
    data, pages = render_rules((), loaded.manifest, paper("a4"))
    assert pages == 1


# -- board ------------------------------------------------------------------------------------------

def test_a_huge_space_margin_is_refused_by_check_and_build(pack, tmp_path):
    replace_in(pack / "game.toml", "rows = 6\n", "rows = 6\nspace_margin_mm = 20000\n")
    check = _printkit("check", str(pack), cwd=tmp_path)
    assert check.returncode == 1
    assert f"game.toml:87:1: error M104 'board.space_margin_mm' must be at most {MAX_SPACE_MARGIN:g}" \
        in check.stdout
    build = _printkit("build", str(pack), "--out", str(tmp_path / "out"), cwd=tmp_path)
    _no_crash(build)
    assert build.returncode == 1 and "not built because of the errors above" in build.stderr


def test_the_largest_space_margin_allowed_builds(pack, tmp_path):
    replace_in(pack / "game.toml", "rows = 6\n", f"rows = 6\nspace_margin_mm = {MAX_SPACE_MARGIN:g}\n")
    result = _printkit("build", str(pack), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_the_tiler_gives_up_on_an_enormous_board_with_a_layout_error():
    lines = tuple(float(x) for x in range(0, 240_001, 40_000))
    with pytest.raises(LayoutError, match="cannot be tiled"):
        plan_tiles(240_000.0, 240_000.0, lines, lines, paper("a4"))


def test_the_tiler_says_when_the_board_takes_too_many_sheets():
    lines = tuple(float(x) for x in range(0, 5001, 50))
    with pytest.raises(LayoutError, match="more than 12 sheets"):
        plan_tiles(5000.0, 5000.0, lines, lines, paper("a4"))


# -- paths and output ---------------------------------------------------------------------------------

def _rename_deck(pack: Path, old: str, new: str) -> None:
    toml = pack / "game.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(f"[decks.{old}", f'[decks."{new}"')
                    .replace(f'deck = "{old}"', f'deck = "{new}"'), encoding="utf-8")
    rules = pack / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace(f" {old}}}}}", f" {new}}}}}")
                     .replace(f" {old} ", f" {new} "), encoding="utf-8")


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def test_a_deck_id_climbing_out_stays_inside_the_output_folder(pack, tmp_path):
    _rename_deck(pack, "gags", "../../../gags")
    out = tmp_path / "deep" / "out"
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(out), "--png", "--dpi", "72"])
    _no_crash(result)
    assert result.exit_code == 0, result.output
    written = [p for p in tmp_path.rglob("*.png")]
    assert written and all((out / "gag-grab" / "png") in p.parents for p in written)
    assert (out / "gag-grab" / "png" / "gags" / "back.png").is_file()


@pytest.mark.parametrize("where", [".", ".."])
def test_build_dot_and_dotdot_build_into_the_pack_folders_name(pack, tmp_path, monkeypatch, where):
    inside = pack / "sub"
    inside.mkdir()
    monkeypatch.chdir(pack if where == "." else inside)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", where, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["gag-grab"]
    assert {p.name for p in (out / "gag-grab").iterdir()} == {"cards.pdf", "board.pdf", "rules.pdf"}


def test_two_packs_with_one_id_are_refused_before_anything_is_written(pack, tmp_path):
    other = tmp_path / "elsewhere" / "gag-grab"
    shutil.copytree(pack, other)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(pack), str(other), "--out", str(out)])
    assert result.exit_code == 2
    assert "would both be built into" in result.output
    assert not out.exists()


def test_the_same_pack_named_twice_is_built_once(pack, tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(pack), f"{pack}/", str(pack / "game.toml"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.count("wrote ") == 3


def test_cards_whose_names_slug_alike_get_their_own_pngs(pack, tmp_path):
    replace_in(pack / "gags.csv", "Football Kick,4,", "Short-stop!,4,")
    replace_in(pack / "gags.csv", "Melting Snowman,", "Short stop?,")
    replace_in(pack / "gags.csv", "Peppermint Patty + Marcie", "Peppermint Patty + Marcie")
    lines = (pack / "gags.csv").read_text(encoding="utf-8").splitlines()
    name = lines[5].split(",")[0]
    replace_in(pack / "gags.csv", f"{name},", "Back,")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(pack), "--out", str(out), "--png", "--dpi", "72"])
    assert result.exit_code == 0, result.output
    gags = {p.name for p in (out / "gag-grab" / "png" / "gags").iterdir()}
    assert {"short-stop.png", "short-stop-2.png", "back.png", "back-2.png"} <= gags
    assert len(gags) == 60 + 1  # every gag card is different, and the deck's back


# -- environment and options ----------------------------------------------------------------------

@pytest.mark.parametrize("command", [["build", "gag-grab"], ["calibrate"]])
@pytest.mark.parametrize("value", ["abc", "-5", "1.5", "99999999999999999999"])
def test_a_bad_source_date_epoch_is_a_usage_error(tmp_path, monkeypatch, command, value):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    result = CliRunner().invoke(cli, [*command, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "SOURCE_DATE_EPOCH must be a whole number of seconds" in result.output
    assert not (tmp_path / "out").exists()


def test_a_good_source_date_epoch_builds(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    result = CliRunner().invoke(cli, ["calibrate", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("offset", ["nan,nan", "inf,0", "0,-inf", "10.5,0", "0,-11"])
def test_non_finite_or_far_back_offsets_are_usage_errors(tmp_path, offset):
    result = CliRunner().invoke(cli, ["calibrate", "--out", str(tmp_path / "out"), f"--back-offset={offset}"])
    assert result.exit_code == 2, result.output
    assert "--back-offset" in result.output
    assert not (tmp_path / "out").exists()


def test_back_offsets_up_to_ten_mm_are_accepted(tmp_path):
    result = CliRunner().invoke(cli, ["calibrate", "--out", str(tmp_path / "out"), "--back-offset=10,-10"])
    assert result.exit_code == 0, result.output
    assert b"nan" not in (tmp_path / "out" / "calibration.pdf").read_bytes().lower()


# -- terminal output ---------------------------------------------------------------------------------

def test_control_characters_from_a_csv_are_escaped_in_text_and_github_output(pack):
    replace_in(pack / "gags.csv", "Peppermint Patty + Marcie", "Peppermint Patty + Mar\x1b[2J\x07cie")
    text = CliRunner().invoke(cli, ["check", str(pack)])
    assert text.exit_code == 1
    assert "\x1b" not in text.output and "\x07" not in text.output
    assert "Mar\\x1b[2J\\x07cie" in text.output
    github = CliRunner().invoke(cli, ["check", str(pack), "--format", "github"])
    assert "\x1b" not in github.output and "\x07" not in github.output
    data = json.loads(CliRunner().invoke(cli, ["check", str(pack), "--format", "json"]).output)
    assert any("Mar\x1b[2J\x07cie" in d["message"] for d in data["diagnostics"])  # JSON stays exact


# -- which pack an id names --------------------------------------------------------------------------

def clone_with_a_typo(tmp_path):
    """A folder like a clone: cards/gag-grab copied, with one misspelt name the bundled pack lacks."""
    clone = tmp_path / "clone"
    shutil.copytree(REPO / "cards" / "gag-grab", clone / "cards" / "gag-grab")
    gags = clone / "cards" / "gag-grab" / "gags.csv"
    gags.write_text(gags.read_text(encoding="utf-8").replace("Peppermint Patty + Marcie", "Peppermint Patty + Marcy"),
                    encoding="utf-8")
    return clone


def test_an_id_names_the_pack_under_cards_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(clone_with_a_typo(tmp_path))
    result = CliRunner().invoke(cli, ["check", "gag-grab"])
    assert result.exit_code == 1  # the edited copy, not the bundled one
    assert result.output.splitlines()[-1].startswith("checked 1 pack (gag-grab: cards/gag-grab): 1 error")


def test_with_no_pack_named_the_local_copies_are_checked_too(tmp_path, monkeypatch):
    monkeypatch.chdir(clone_with_a_typo(tmp_path))
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 1  # the edited copy of gag-grab; many-faces has no copy here
    from printkit.commands.packs import bundled_root

    summary = result.output.splitlines()[-1]
    assert summary.startswith(f"checked 2 packs (gag-grab: cards/gag-grab, many-faces: {bundled_root() / 'many-faces'})")


def test_an_id_without_a_local_copy_names_the_bundled_pack(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "gag-grab"])
    assert result.exit_code == 0
    from printkit.commands.packs import bundled_root

    assert f"(gag-grab: {bundled_root() / 'gag-grab'})" in result.output.splitlines()[-1]


def test_an_output_folder_linked_elsewhere_is_refused(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "gag-grab").symlink_to(elsewhere)
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(out)])
    _no_crash(result)
    assert result.exit_code == 1 and "refusing to write outside" in result.output
    assert list(elsewhere.iterdir()) == []
