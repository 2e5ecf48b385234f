"""Rule variants in play: Gag Grab's finish-round switch, and `printkit simulate --variant`."""
from __future__ import annotations

import json
import random

import pdfplumber
import pytest
from click.testing import CliRunner
from conftest import REPO

from printkit.commands.simulate import simulate_command
from printkit.games.claims import engine as claims
from printkit.games.registry import GAMES, engine_switches
from printkit.model.loader import load_pack
from printkit.model.manifest_keys import SWITCHES
from printkit.sim.report import text_report
from printkit.sim.run import game_seed


@pytest.fixture(scope="module")
def setups():
    pack, _ = load_pack(REPO / "cards" / "gag-grab")
    plain = claims.prepare(pack)
    variant, = pack.manifest.variants
    return plain, claims.vary(plain, variant.settings())


def test_gag_grab_declares_finish_round_as_game_toml_says():
    variant, = load_pack(REPO / "cards" / "gag-grab")[0].manifest.variants
    assert (variant.name, variant.settings()) == ("finish-round", {"finish_round": True})


def test_every_switch_an_engine_honours_is_in_the_vocabulary_and_every_one_there_is_honoured():
    honoured = {switch for game in GAMES.values() for switch in engine_switches(game.engine)}
    assert honoured == {key.name for key in SWITCHES} == {"finish_round"}


@pytest.mark.parametrize("players", [3, 4])
def test_finish_round_plays_the_same_game_then_the_rest_of_the_round(setups, players):
    """Up to the turn that empties the Gag deck the games are the same, roll for roll; the variant then
    lets the later seats take their turn, so it ends on the next whole round, and claims only add points."""
    plain, finishing = setups
    for i in range(20):
        a = claims.play(plain, players, ["greedy"] * players, random.Random(game_seed(3, players, i)))
        b = claims.play(finishing, players, ["greedy"] * players, random.Random(game_seed(3, players, i)))
        assert b.turns == -(-a.turns // players) * players  # the next multiple of the players
        assert b.rounds == a.rounds
        assert all(y >= x for x, y in zip(a.scores, b.scores))
        assert b.events[:len(a.events)] == a.events
        assert all(e.turn > a.turns for e in b.events[len(a.events):])


def test_a_game_ended_by_the_last_seat_ends_at_once(setups):
    """When the round is already whole, the variant plays nothing more: found among real games."""
    plain, finishing = setups
    whole = 0
    for i in range(40):
        a = claims.play(plain, 2, ["greedy"] * 2, random.Random(game_seed(5, 2, i)))
        if a.turns % 2 == 0:
            whole += 1
            assert claims.play(finishing, 2, ["greedy"] * 2, random.Random(game_seed(5, 2, i))) == a
    assert whole > 0


def run(*args):
    return CliRunner().invoke(simulate_command, [str(a) for a in args])


def test_simulate_refuses_an_unknown_variant_naming_the_packs():
    result = run("gag-grab", "--variant", "finish-rounds", "--games", 1)
    assert result.exit_code == 2
    assert "'gag-grab' has no variant 'finish-rounds'; its variants: finish-round" in " ".join(result.output.split())


def test_a_pack_without_variants_says_so():
    import click

    from printkit.commands.simulate import _variant

    pack = load_pack(REPO / "cards" / "many-faces")[0]
    assert _variant(pack, None) is None
    with pytest.raises(click.BadParameter) as err:
        _variant(pack, "finish-round")
    assert err.value.message == "'many-faces' has no variant 'finish-round'; its game.toml declares no [[variants]]"


def test_simulate_plays_the_variant_and_says_so(tmp_path):
    result = run("gag-grab", "--players", 4, "--games", 16, "--seed", 2, "--workers", 1, "--variant", "finish-round",
                 "--format", "json", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["variant"]["name"] == "finish-round" and report["variant"]["switches"] == {"finish_round": True}
    turns = report["length"]["turns"]
    assert turns["min"] % 4 == 0 and turns["max"] % 4 == 0  # whole rounds of 4 turns
    said = "Rule variant 'finish-round' (Finish the round): When the game's end"
    assert text_report(report).splitlines()[1].startswith(said)  # the text report, from the same figures
    with pdfplumber.open(tmp_path / "gag-grab" / "balance.pdf") as pdf:
        assert said in " ".join(pdf.pages[0].extract_text().split())
