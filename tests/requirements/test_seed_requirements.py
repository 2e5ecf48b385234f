"""The Gag Grab seed card list, parsed and checked against a hand-written table.

The table below was copied by hand from the "GAG DECK CARD LIST" in the game's
seed text (name, gag points, requirement text) and each expected syntax tree
was written out by hand; nothing here is computed with the parser.  The seed
spells one name "Pencil- Pal"; the project (and this table) spells it
"Pencil-Pal".  The table is the reference for cards/gag-grab/gags.csv too.
"""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from printkit.requirements import parse_requirement
from printkit.requirements.ast import Combo, Repeat, Requirement, Slot, Term

GAGS_CSV = Path(__file__).parents[2] / "cards/gag-grab/gags.csv"


def combo(*slots: list[str] | str) -> Requirement:
    """One combo; each argument is one card: a list of options, or a single name."""
    return Requirement((Combo(tuple(
        Slot(tuple(Term(n) for n in ([s] if isinstance(s, str) else s)))
        for s in slots
    )),))


def rep(name: str, count: int) -> Requirement:
    """A requirement of a single repeat, ``name xcount``."""
    return Requirement((Repeat(Term(name), count),))


def alts(*requirements: Requirement) -> Requirement:
    """Join repeat requirements with 'or', each a whole way to pay."""
    return Requirement(tuple(a for r in requirements for a in r.alternatives))


# (name, points, requirement text as in the seed, expected tree)
SEED_GAGS = [
    ("Little Red Haired Girl", 3, "CB + LI or LU", combo("CB", ["LI", "LU"])),
    ("Football Kick", 4, "CB + LU", combo("CB", "LU")),
    ("Shortstop", 3, "SN x2", rep("SN", 2)),
    ("Beethoven’s Ninth", 5, "LU + Schroeder", combo("LU", "Schroeder")),
    ("Psychiatry Booth", 4, "CB + LU", combo("CB", "LU")),
    ("Good Grief", 2, "CB x2 or LI x2", alts(rep("CB", 2), rep("LI", 2))),
    ("Great Pumpkin", 3, "LI x2", rep("LI", 2)),
    ("Security Blanket", 3, "LI + MC", combo("LI", "MC")),
    ("Scout Master", 5, "SN + Woodstock", combo("SN", "Woodstock")),
    ("Red Baron", 3, "SN x2", rep("SN", 2)),
    ("Christmas Program", 2, "MC + Any", combo("MC", "Any")),
    ("Daisy Hill Puppy Farm", 5, "SN + Spike", combo("SN", "Spike")),
    ("Suppertime", 4, "SN + CB", combo("SN", "CB")),
    ("Blanket Stealer", 4, "SN + LI", combo("SN", "LI")),
    ("Give Up Blanket", 5, "LI + LU", combo("LI", "LU")),
    ("No Valentines", 2, "CB + Any", combo("CB", "Any")),
    ("Run Away from Home", 1, "Any + MC", combo("Any", "MC")),
    ("Melting Snowman", 3, "CB or SN + CB or SN", combo(["CB", "SN"], ["CB", "SN"])),
    ("Bible Quotes", 3, "LI x2", rep("LI", 2)),
    ("Bad Temper", 3, "LU x2", rep("LU", 2)),
    ("Thanksgiving", 1, "MC + Any", combo("MC", "Any")),
    ("Summer Camp", 1, "Any x2", rep("Any", 2)),
    ("Bird Bath", 5, "SN + Woodstock", combo("SN", "Woodstock")),
    ("Kite Eating Tree", 3, "CB + LU or LI", combo("CB", ["LU", "LI"])),
    ("Snowflake Collection", 3, "LI + LI or LU", combo("LI", ["LI", "LU"])),
    ("Toy Piano", 5, "LU + Schroeder", combo("LU", "Schroeder")),
    ("Stargazing", 3, "LI + LU or CB", combo("LI", ["LU", "CB"])),
    ("Baseball Coach Pep Talk", 2, "CB + Any", combo("CB", "Any")),
    ("Ice Skating", 1, "MC + Any", combo("MC", "Any")),
    ("Captain of the Ship", 3, "SN x2", rep("SN", 2)),
    ("WWI Flying Ace", 3, "SN x2", rep("SN", 2)),
    ("Rained On", 2, "LI or CB + LI or CB or LU", combo(["LI", "CB"], ["LI", "CB", "LU"])),
    ("Beg for Food", 3, "SN + Any", combo("SN", "Any")),
    ("Mountain Lion", 3, "SN x2", rep("SN", 2)),
    ("Cat Next Door", 3, "SN x2", rep("SN", 2)),
    ("Sand Castles", 3, "LI x2", rep("LI", 2)),
    ("Naturally Curly Hair", 5, "MC + Frieda", combo("MC", "Frieda")),
    ("Girl Trouble", 2, "Boy + Girl", combo("Boy", "Girl")),
    ("Snowball Fight", 2, "MC + Any", combo("MC", "Any")),
    ("Dog House", 3, "SN x2", rep("SN", 2)),
    ("Big Sister", 3, "LU x2", rep("LU", 2)),
    ("Stupid Dog", 2, "SN + MC", combo("SN", "MC")),
    ("Cloud Watching", 2, "MC + MC", combo("MC", "MC")),
    ("The Stone Wall", 4, "CB + LI", combo("CB", "LI")),
    ("Spelling Bee", 2, "CB + Any", combo("CB", "Any")),
    ("New Math", 5, "CB + Peppermint Patty", combo("CB", "Peppermint Patty")),
    ("Crab-In", 5, "LU + Violet", combo("LU", "Violet")),
    ("Joe Cool", 3, "SN x2", rep("SN", 2)),
    ("All Stars", 2, "CB + Any", combo("CB", "Any")),
    ("Slug You", 2, "LU + CB or LI", combo("LU", ["CB", "LI"])),
    ("Bonk!", 3, "LU x2", rep("LU", 2)),
    ("Best Selling Novelist", 3, "SN x2", rep("SN", 2)),
    ("Chuck", 5, "CB + Peppermint Patty", combo("CB", "Peppermint Patty")),
    ("Round Headed Kid", 3, "CB x2", rep("CB", 2)),
    ("Joe Shlabotnik", 3, "CB x2", rep("CB", 2)),
    ("Pencil-Pal", 3, "CB x2", rep("CB", 2)),
    ("Pitching Mound", 3, "CB x2", rep("CB", 2)),
    ("Fussbudget", 3, "LU x2", rep("LU", 2)),
    ("Phone Call", 2, "CB + Girl", combo("CB", "Girl")),
    ("Yes Sir", 7, "Peppermint Patty + Marcie", combo("Peppermint Patty", "Marcie")),
]

IDS = [name for name, *_ in SEED_GAGS]


def read_gags_csv() -> list[dict[str, str]]:
    with GAGS_CSV.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


GAGS_ROWS = read_gags_csv()


def test_table_is_the_whole_seed_deck() -> None:
    assert len(SEED_GAGS) == 60
    assert len(set(IDS)) == 60
    assert sum(points for _, points, *_ in SEED_GAGS) == 188


@pytest.mark.parametrize(("name", "points", "text", "expected"), SEED_GAGS, ids=IDS)
def test_seed_requirement_parses(name: str, points: int, text: str, expected: Requirement) -> None:
    assert parse_requirement(text) == expected


def test_gags_csv_has_sixty_rows_worth_188_points() -> None:
    assert len(GAGS_ROWS) == 60
    assert sum(int(row["points"]) for row in GAGS_ROWS) == 188


def test_gags_csv_names_and_points_match_seed_in_order() -> None:
    assert [(r["name"], int(r["points"])) for r in GAGS_ROWS] == [(n, p) for n, p, *_ in SEED_GAGS]


@pytest.mark.parametrize(
    ("row", "seed"), list(zip(GAGS_ROWS, SEED_GAGS)), ids=IDS[: len(GAGS_ROWS)]
)
def test_gags_csv_row_matches_seed(row: dict[str, str], seed: tuple) -> None:
    name, points, _, expected = seed
    assert row["name"] == name
    assert int(row["points"]) == points
    assert parse_requirement(row["requires"]) == expected


@pytest.mark.parametrize(("name", "points", "text", "expected"), SEED_GAGS, ids=IDS)
def test_canonical_text_round_trips(name: str, points: int, text: str, expected: Requirement) -> None:
    canonical = str(expected)
    assert parse_requirement(canonical) == expected
    assert str(parse_requirement(text)) == canonical
