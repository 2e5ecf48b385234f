"""The three report formats, from the printkit diff command on edited copies of gag-grab."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from diffpacks import copy_pack, edited_pair

from printkit.commands.cli import cli
from printkit.diff.report import md

SUMMARY = "3 cards changed, 1 added, 1 removed, 1 renamed; Kid cards 52 → 53"


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    return edited_pair(tmp_path_factory.mktemp("report"))


def run(*args):
    return CliRunner().invoke(cli, ["diff", *map(str, args)], catch_exceptions=False)


@pytest.fixture(scope="module")
def outputs(pair):
    old, new = pair
    return {fmt: run(old, new, "--format", fmt) for fmt in ("text", "markdown", "json")}


def test_every_format_exits_0(outputs):
    assert {fmt: r.exit_code for fmt, r in outputs.items()} == {"text": 0, "markdown": 0, "json": 0}


def test_json_field_by_field(outputs, pair):
    top = json.loads(outputs["json"].output)
    assert top["version"] == 2 and top["changed"] is True and (top["old"], top["new"]) == (str(pair[0]), str(pair[1]))
    (data,) = top["packs"]
    assert data["pack"] == "gag-grab" and data["title"] == "Peanuts Gag Grab" and data["status"] == "changed"
    assert (data["old"], data["new"]) == (str(pair[0]), str(pair[1])) and data["changed"] is True
    s = data["summary"]
    assert (s["changed"], s["added"], s["removed"], s["renamed"]) == (3, 1, 1, 1)
    assert s["text"].startswith(SUMMARY) and s["findings_new"] >= 1 and s["findings_gone"] >= 1
    kids, gags = data["decks"]
    assert (kids["id"], kids["status"], kids["copies"]) == ("kids", "changed", {"old": 52, "new": 53})
    (sally,) = kids["cards"]
    assert sally["kind"] == "changed" and sally["name"] == "Sally"
    assert sally["changes"] == [{"field": "count", "old": "1", "new": "2", "whitespace_only": False}]
    assert (sally["old"]["copies"], sally["new"]["copies"], sally["new"]["line"]) == (1, 2, 6)
    assert sally["new"]["fields"] == {"code": "", "kind": "gallery", "count": "2", "gender": "girl"}
    cards = {(c["kind"], c["name"]): c for c in gags["cards"]}
    assert list(cards) == [("changed", "Shortstop"), ("changed", "Great Pumpkin"), ("renamed", "The Red Baron"),
                           ("added", "Kite | Tree"), ("removed", "Good Grief")]
    assert cards["changed", "Shortstop"]["changes"] == [{"field": "requires", "old": "SN x2", "new": "SN + Sally",
                                                            "whitespace_only": False}]
    renamed = cards["renamed", "The Red Baron"]
    assert (renamed["old"]["name"], renamed["new"]["name"], renamed["changes"]) == ("Red Baron", "The Red Baron", [])
    assert cards["added", "Kite | Tree"]["old"] is None
    assert cards["added", "Kite | Tree"]["new"] == {"name": "Kite | Tree", "line": 61, "copies": 1,
                                                    "fields": {"points": "4", "requires": "CB + LU"},
                                                    "printed": True, "first_line": None}
    assert cards["removed", "Good Grief"]["new"] is None and cards["removed", "Good Grief"]["old"]["line"] == 7
    new = [f for f in data["findings"]["new"] if f["code"] == "R401"]
    assert new == [{"code": "R401", "severity": "error", "message": "unknown term 'Linnus'", "file": "gags.csv",
                    "line": 7, "column": 22}]  # the L of Linnus
    assert any(f["code"] == "N600" and "'Sally'" in f["message"] and f["line"] == 6 for f in data["findings"]["gone"])
    assert data["notes"] == []


def test_markdown_has_a_heading_a_summary_and_table_rows(outputs, pair):
    text = outputs["markdown"].output
    lines = text.splitlines()
    assert lines[0] == "### printkit diff: Peanuts Gag Grab (`gag-grab`)"
    assert lines[2].startswith(f"{pair[0]} → {pair[1]}: **{SUMMARY}")
    assert "#### Kid cards (`kids`): 52 → 53 cards" in lines
    assert "#### Gag cards (`gags`): 60 cards" in lines
    for row in ["| Sally | count | 1 | 2 |",
                "| Shortstop | requires | SN x2 | SN + Sally |",
                "| Great Pumpkin | requires | LI x2 | LI + Linnus |",
                "| The Red Baron | renamed | Red Baron | The Red Baron |",
                "| Kite \\| Tree | added (1×) | | points: 4; requires: CB + LU |",
                "| Good Grief | removed (1×) | points: 2; requires: CB x2 or LI x2 | |"]:
        assert row in lines
    assert "<details><summary>Findings: " in text and "</details>" in lines
    assert "- `gags.csv:7` error **R401** unknown term 'Linnus'" in lines


def test_text_is_compact_with_marks(outputs, pair):
    lines = outputs["text"].output.splitlines()
    assert lines[0] == f"gag-grab: {pair[0]} → {pair[1]}"
    for line in ["  Kid cards [kids]: 52 → 53 cards",
                 "    ~ Sally: count '1' → '2'",
                 "    ~ Shortstop: requires 'SN x2' → 'SN + Sally'",
                 "    > Red Baron → The Red Baron",
                 "    + Kite | Tree (line 61, 1×)",
                 "    - Good Grief (was line 7, 1×)",
                 "  + gags.csv:7: error R401 unknown term 'Linnus'"]:
        assert line in lines
    assert lines[-1].startswith(SUMMARY)


def test_no_changes_is_said_in_every_format(tmp_path):
    root = copy_pack(tmp_path / "gag-grab")
    assert run(root, root).output.splitlines()[-1] == "no card changes"
    assert "**no card changes**" in run(root, root, "--format", "markdown").output
    (data,) = json.loads(run(root, root, "--format", "json").output)["packs"]
    assert data["changed"] is False and data["summary"]["text"] == "no card changes" and data["decks"][0]["cards"] == []


def test_markdown_escaping():
    assert md("a | b") == "a \\| b"
    assert md("*bold* _it_ `code` [link](x) <b>") == "\\*bold\\* \\_it\\_ \\`code\\` \\[link\\](x) \\<b\\>"
    assert md("Tom & Jerry") == "Tom &amp; Jerry"
    assert md("ask @octocat") == "ask @\u2060octocat"  # no mention from a card name
    assert md("two\nlines") == "two lines"
    assert md("x" * 500) == "x" * 119 + "…"


def test_text_shows_control_characters_escaped(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    text = (new / "gags.csv").read_text(encoding="utf-8").replace("Shortstop,", "Short\x1b[31mstop,", 1)
    (new / "gags.csv").write_text(text, encoding="utf-8")
    result = run(old, new)
    assert "\x1b" not in result.output and "Short\\x1b[31mstop" in result.output


def test_a_deck_added_shows_its_own_total(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    with open(new / "game.toml", "a", encoding="utf-8") as f:
        f.write('\n[decks.extras]\ntitle = "Extra cards"\nfile = "extras.csv"\n\n'
                '[decks.extras.columns]\nname = "text"\ncount = "count"\n')
    (new / "extras.csv").write_text("name,count\nBlanket,2\nKite,1\n", encoding="utf-8")
    lines = run(old, new).output.splitlines()
    assert "  Extra cards [extras] (deck added): 3 cards" in lines and "    + Blanket (line 2, 2×)" in lines
    assert lines[-1].startswith("2 cards added; Extra cards added (3)")
    assert "#### Extra cards (`extras`, deck added): 3 cards" in run(old, new, "--format", "markdown").output
    assert "  Extra cards [extras] (deck removed): 3 cards" in run(new, old).output.splitlines()
