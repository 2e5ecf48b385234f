"""{{players}} prints a range, or one number when the game takes exactly that many."""
from dataclasses import replace

from conftest import REPO

from printkit.core.findings import Location
from printkit.model.loader import load_pack
from printkit.rules.content import expand
from printkit.model.rules_source import Placeholder

PACK = load_pack(REPO / "cards" / "gag-grab")[0]
HERE = Location(REPO / "rules.md")


def players(low, high):
    pack = replace(PACK, manifest=replace(PACK.manifest, min_players=low, max_players=high))
    return expand(Placeholder("players", (), HERE, inline=True), pack)


def test_a_fixed_player_count_is_one_number():
    assert players(2, 2) == "2"


def test_a_range_uses_an_en_dash():
    assert players(2, 8) == "2\u20138"
