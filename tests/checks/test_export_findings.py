"""Findings `printkit export pod` makes: a deck the service does not print (X960), ink in its cut band (X961)."""
from pathlib import Path

from click.testing import CliRunner
from conftest import REPO

from printkit.commands.cli import cli

TINY = """[game]
title = "Tiny"
description = "A deck and its layout."
players = { min = 2, max = 4 }

[decks.cards]
title = "Cards"
file = "cards.csv"

[decks.cards.columns]
name = "text"

[decks.cards.face]
layout = "edge"

[[layouts.edge.elements]]
name = "ground"
type = "rect"
from = "bleed"
fill = "#EEEEEE"
bleed = true

[[layouts.edge.elements]]
name = "inner-frame"
type = "rect"
x = 4
y = 4
right = 4
bottom = 4
stroke = "ink"
stroke_width = 0.5

[[layouts.edge.elements]]
name = "edge-frame"
type = "rect"
x = 2
y = 2
right = 2
bottom = 2
stroke = "ink"
stroke_width = 0.5
bleed = true
"""


def export(service: str, pack: Path, out: Path):
    return CliRunner().invoke(cli, ["export", "pod", "--service", service, str(pack), "--out", str(out)])


def tiny(tmp_path: Path) -> Path:
    root = tmp_path / "tiny"
    root.mkdir()
    (root / "game.toml").write_text(TINY, encoding="utf-8")
    (root / "cards.csv").write_text("name\nAlpha\nBeta\n", encoding="utf-8")
    return root


def lines_with(output: str, code: str) -> list[str]:
    return [line for line in output.splitlines() if f" {code} " in line]


def test_X961_only_the_frame_inside_the_band_at_its_layout_line(tmp_path):
    result = export("tgc", tiny(tmp_path), tmp_path / "out")
    assert result.exit_code == 0, result.output  # a warning: the cards are written
    # edge-frame: 2 mm in, less half of its 0.5 pt stroke (0.09 mm): 1.9 mm inside the trim.
    # The ground runs into the bleed and the inner frame sits 4 mm in: neither is reported.
    (line,) = lines_with(result.output, "X961")
    toml = (tmp_path / "tiny" / "game.toml").read_text().splitlines()
    where = toml.index("[[layouts.edge.elements]]", toml.index('name = "inner-frame"')) + 1
    assert line == (f"{tmp_path / 'tiny' / 'game.toml'}:{where}:1: warning X961 element 'edge-frame' of layout "
                    "'edge' (front of Cards) has ink 1.9 mm inside the trim, within the 3.175 mm cut band of "
                    "The Game Crafter")


def test_X961_the_plain_pdf_service_names_no_band(tmp_path):
    result = export("pdf", tiny(tmp_path), tmp_path / "out")
    assert result.exit_code == 0 and lines_with(result.output, "X961") == []


def test_X961_a_built_in_layout_points_at_the_decks_layout_key(gag_grab, tmp_path):
    result = export("dtc", gag_grab.path, tmp_path / "out")
    assert result.exit_code == 0
    found = lines_with(result.output, "X961")
    toml = (gag_grab.path / "game.toml").read_text().splitlines()
    kids_layout = toml.index('layout = "suit"        # a big token for cards with a suit; name and powers for the rest')
    assert any(line.startswith(f"{gag_grab.path / 'game.toml'}:{kids_layout + 1}:1: warning X961 element 'frame' "
                               "of built-in layout 'suit' (front of Kid cards)") for line in found)


def test_X960_the_70_by_120_deck_is_left_out_and_the_poker_decks_written(gag_grab, tmp_path):
    """The issue's 'done when': a pack with a 70 × 120 mm deck exports its poker decks for TGC."""
    gag_grab.edit("game.toml", "[decks.gags.expect]", '[decks.gags.card]\nsize = "tarot-metric"\n\n[decks.gags.expect]')
    result = export("tgc", gag_grab.path, tmp_path / "out")
    assert result.exit_code == 1
    (line,) = lines_with(result.output, "X960")
    assert line.endswith("error X960 Gag cards: The Game Crafter prints no 70 × 120 mm card; the nearest it "
                         "sells is its Tarot Deck 69.85 × 120.65 mm")
    folder = tmp_path / "out" / "gag-grab" / "pod" / "tgc"
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == ["kids", "manifest.csv", "player-aid"]
    assert len(list((folder / "kids").glob("*.png"))) == 17  # 16 distinct Kid cards and the back
    assert "gags" not in (folder / "manifest.csv").read_text()


def test_X960_nothing_left_out_is_exit_status_0(gag_grab, tmp_path):
    result = export("tgc", gag_grab.path, tmp_path / "out")
    assert result.exit_code == 0 and lines_with(result.output, "X960") == []


def test_X961_the_player_aids_are_linted_too_at_the_packs_player_aid_table():
    """The bundled aids keep 3.9 mm or more clear of the trim (their layouts' margins), so a 6 mm band
    finds their text and a 3.175 mm band finds nothing."""
    from printkit.checks import check_pack
    from printkit.checks.cut_band import cut_band_findings

    report = check_pack(REPO / "cards" / "gag-grab", pages=False)
    toml = (REPO / "cards" / "gag-grab" / "game.toml").read_text(encoding="utf-8").splitlines()
    found = cut_band_findings(report.pack, report.fronts, ["player-aid"], 6.0, "a shop")
    assert {f.message.split(" (")[0] for f in found} >= {"element 'phases' of built-in layout 'aid-front'",
                                                          "element 'powers' of built-in layout 'aid-back'"}
    assert {toml[f.location.line - 1] for f in found} == {"[player_aid]"}
    assert cut_band_findings(report.pack, report.fronts, ["player-aid"], 25.4 / 8, "a shop") == []
