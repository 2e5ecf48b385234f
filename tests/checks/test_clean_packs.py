"""The packs that ship, and the fixture every check test starts from, are clean."""
from conftest import MINI, REPO

from printkit.checks import check_pack


def test_mini_fixture_has_no_findings():
    assert check_pack(MINI).findings == ()


def test_gag_grab_has_no_errors_and_notes_the_unnamed_gallery_kids_and_dominated_gags():
    report = check_pack(REPO / "cards" / "gag-grab")
    assert report.errors == 0
    # From the seed's card list: these five gallery kids appear in no requirement.
    unnamed = {f.message.split("'")[1] for f in report.findings if f.code == "N600"}
    assert unnamed == {"Sally", "Franklin", "Pig Pen", "Rerun", "Shermy"}
    # Hand-checked against gags.csv: every pair paying these pays a gag worth more (Good Grief, CB x2 or
    # LI x2 at 2 points: CB x2 pays Joe Shlabotnik, LI x2 Bible Quotes, both 3).
    dominated = {f.message.split("'")[1] for f in report.findings if f.code == "N604"}
    assert dominated == {"Little Red Haired Girl", "Good Grief", "Run Away from Home", "Thanksgiving",
                         "Kite Eating Tree", "Stargazing", "Ice Skating", "Rained On", "Stupid Dog",
                         "Cloud Watching", "Slug You"}
    assert {f.code for f in report.findings} == {"N600", "N604"}


def test_gag_grab_model_holds_the_seed_composition():
    report = check_pack(REPO / "cards" / "gag-grab")
    kids, gags = report.pack.decks["kids"], report.pack.decks["gags"]
    assert kids.total == 52 and gags.total == 60
    assert sum(c.count for c in kids.cards if c["kind"] == "main") == 40
    assert [c.name for c in kids.cards if c["kind"] == "gallery"] == [
        "Sally", "Woodstock", "Schroeder", "Violet", "Peppermint Patty", "Marcie",
        "Franklin", "Pig Pen", "Spike", "Rerun", "Frieda", "Shermy"]
    assert {c.name for c in kids.cards if c["gender"] == "boy"} >= {"Snoopy", "Spike", "Woodstock"}
    assert sum(c["points"] for c in gags.cards) == 188
    board = report.pack.manifest.board
    assert (board.columns, board.rows, report.pack.manifest.claims.cost) == (6, 6, 2)
