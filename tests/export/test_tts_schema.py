"""Each TTS saved object export tts writes, against a JSON Schema written from TTS's documentation
(tests/export/tts_save.schema.json, which cites the pages), and the numbers the schema cannot say.

Expected values come from the packs' files (game.toml, the CSVs) and from
arithmetic on the board's printed geometry done here.
"""
from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from conftest import REPO
from printkit.commands.cli import cli

SCHEMA = json.loads((Path(__file__).parent / "tts_save.schema.json").read_text(encoding="utf-8"))
PACKS = ("gag-grab", "many-faces")


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("tts-schema")
    result = CliRunner().invoke(cli, ["export", "tts", *PACKS, "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return {p: json.loads((folder / p / "tts" / f"{p}.json").read_text(encoding="utf-8")) for p in PACKS}


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("pack", PACKS)
def test_every_saved_object_meets_the_schema(saves, pack):
    errors = sorted(Draft202012Validator(SCHEMA).iter_errors(saves[pack]), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message[:200]}" for e in errors[:5])


def test_the_schema_refuses_a_one_sided_tile_and_a_token(saves):
    validator = Draft202012Validator(SCHEMA)
    state = json.loads(json.dumps(saves["many-faces"]))
    tile = next(o for o in state["ObjectStates"] if o["Name"] == "Custom_Tile")
    tile["CustomImage"]["ImageSecondaryURL"] = ""
    assert not validator.is_valid(state)
    tile["Name"] = "Custom_Token"
    assert not validator.is_valid(state)


def test_deck_ids_are_the_contained_cards_ids_and_the_sheets_exist(saves):
    for state in saves.values():
        for deck in (o for o in state["ObjectStates"] if o["Name"] == "DeckCustom"):
            assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
            for card_id in deck["DeckIDs"]:
                entry = deck["CustomDeck"][str(card_id // 100)]
                assert card_id % 100 < entry["NumWidth"] * entry["NumHeight"] - 1  # never the hidden cell


def test_many_faces_is_one_deck_of_96_cards(saves):
    decks = {o["Nickname"]: o for o in saves["many-faces"]["ObjectStates"] if o["Name"] == "DeckCustom"}
    assert sorted(decks) == ["Player aids", "Snoopy deck"]
    snoopy = decks["Snoopy deck"]
    assert len(snoopy["ContainedObjects"]) == len(snoopy["DeckIDs"]) == 96  # 80 personalities + 16 actions
    actions = [c for c in snoopy["ContainedObjects"] if c["Description"].startswith("Short:")]
    assert len(actions) == 16


def test_the_36_spaces_each_have_a_snap_point_at_their_centre(saves):
    [board] = [o for o in saves["gag-grab"]["ObjectStates"] if o["Name"] == "Custom_Board"]
    points = [(p["Position"]["x"], p["Position"]["z"]) for p in board["AttachedSnapPoints"]]
    assert len(points) == len(set(points)) == 36
    # The board is 419 × 587.4 mm: spaces of 63.5 + 4 by 88.9 + 4 mm, 7 mm tracks, a 16 mm title band on
    # top. Its local frame is 1.318 units tall (tts_sheets.board_snaps), centred, the image's top at -z,
    # its right at -x (rotY 180). Space A1's centre is 7 + 33.75 mm from the left and 7 + 16 + 46.45 mm
    # from the top.
    per_mm = 1.318 / 587.4
    a1 = (-(7 + 33.75 - 419 / 2) * per_mm, (7 + 16 + 46.45 - 587.4 / 2) * per_mm)
    assert points[0] == pytest.approx(a1, abs=1e-4)
    xs, zs = sorted({x for x, _ in points}), sorted({z for _, z in points})
    assert len(xs) == len(zs) == 6
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([67.5 * per_mm] * 5, abs=2e-4)
    assert [b - a for a, b in zip(zs, zs[1:])] == pytest.approx([92.9 * per_mm] * 5, abs=2e-4)
    # every point inside the board's local frame
    assert all(abs(x) < 419 / 2 * per_mm and abs(z) < 1.318 / 2 for x, z in points)


def test_pawns_in_the_kits_colours_and_a_die(saves):
    objects = saves["gag-grab"]["ObjectStates"]
    pawns = [o for o in objects if o["Name"] == "PlayerPawn"]
    # game.toml: players max 8, so 8 pawns; their colours are the printed pawns' (faces/pawns.py, Okabe-Ito)
    assert len(pawns) == 8
    assert (pawns[0]["ColorDiffuse"]["r"], pawns[0]["ColorDiffuse"]["g"]) == pytest.approx((0xE6 / 255, 0x9F / 255),
                                                                                            abs=1e-3)
    assert len({tuple(p["ColorDiffuse"].values()) for p in pawns}) == 8
    assert [o["Name"] for o in objects].count("Die_6") == 1
    # Many Faces has no board, so no pawns and no die, but [pieces] first_player = true: one marker tile
    names = [o["Name"] for o in saves["many-faces"]["ObjectStates"]]
    assert "PlayerPawn" not in names and "Die_6" not in names
    assert [o["Nickname"] for o in saves["many-faces"]["ObjectStates"]].count("First player") == 1


def test_gag_descriptions_are_their_points_and_requirement_from_the_csv(saves):
    with open(REPO / "cards" / "gag-grab" / "gags.csv", encoding="utf-8", newline="") as f:
        rows = {r["name"]: r for r in csv.DictReader(f)}
    gags = next(o for o in saves["gag-grab"]["ObjectStates"] if o["Nickname"] == "Gag cards")
    for card in gags["ContainedObjects"]:
        row = rows[card["Nickname"]]
        # the face's labels in game.toml: points = "Gag Points", requires = "Claim with"
        assert card["Description"] == f"Gag Points: {row['points']}\nClaim with: {row['requires']}"


def test_every_card_has_a_description(saves):
    for state in saves.values():
        for deck in (o for o in state["ObjectStates"] if o["Name"] == "DeckCustom"):
            if deck["Nickname"] == "Player aids":
                continue  # an aid's face is the turn summary, no column of a CSV
            assert Counter(bool(c["Description"]) for c in deck["ContainedObjects"]) == {True: len(deck["DeckIDs"])}
