"""The {{balance}} rules placeholder: checked without simulating, measured at build time, cached."""
import json
import subprocess
import sys

import pytest
import toy_engine
from pypdf import PdfReader

import printkit.sim.run
from printkit.commands.build import BuildOptions, build_pack
from printkit.checks import check_pack
from printkit.model.loader import load_pack
from printkit.rules.balance import CACHE_NAME
from printkit.rules.document import load_rules
from printkit.model.rules_source import Paragraph


@pytest.fixture
def counted(monkeypatch):
    """Simulations started, counted; the mini pack is played by the toy engine."""
    calls = []
    real = printkit.sim.run.simulate

    def simulate(*args, **kwargs):
        calls.append(args[2:6])  # games, player counts, bot, seed
        return real(*args, **kwargs)
    monkeypatch.setattr(printkit.sim.run, "simulate", simulate)
    monkeypatch.setattr("printkit.games.registry.engine_for", lambda pack: toy_engine)
    return calls


def with_rules(mini, text):
    mini.write("game.toml", mini.path.joinpath("game.toml").read_text() + '\n[rules]\nfile = "rules.md"\n')
    mini.write("rules.md", "# Mini Grab\n\n## How it plays\n\n" + text + "\n")
    return mini


@pytest.mark.parametrize("placeholder, message", [
    ("{{balance players=9}}", "{{balance}} players=9: the game is for 2–4 players"),
    ("{{balance games=0}}", "{{balance}} games=0: simulate 1 to 5,000 games in a build ('printkit simulate' runs more)"),
    ("{{balance games=lots}}", "'games=lots' needs a whole number"),
    ("{{balance bot=clever}}", "{{balance}} has no bot 'clever'"),
    ("{{balance variant=finish-round}}", "{{balance}} has no variant 'finish-round'"),  # mini declares none
    ("{{balance colour=red}}", "'colour=red' is not an argument of {{balance}}"),
    ("{{balance games=" + "9" * 40 + "}}", "'games=" + "9" * 33 + "…' is far too large"),
    ("{{balance bot=" + "z" * 500 + "}}", "{{balance}} has no bot '" + "z" * 35 + "…'"),
    ("{{balance players=3 players=4}}", "{{balance}} gives 'players' twice"),
    ("Seat one wins {{balance}} of games.", "'{{balance}}' makes a block; put it in a paragraph of its own"),
])
def test_check_finds_bad_arguments_without_simulating(mini, counted, placeholder, message):
    with_rules(mini, placeholder)
    found = [f for f in check_pack(mini.path).findings if f.code == "D801"]
    assert [f.message for f in found] == [message]
    assert found[0].location.line == 5
    assert counted == []


def test_check_of_good_arguments_is_clean_and_light(mini, counted):
    with_rules(mini, "{{balance players=3 games=40 bot=lucky seed=7}}")
    assert [f for f in check_pack(mini.path).findings if f.code == "D801"] == []
    assert counted == []


def test_build_quotes_the_figures_and_caches_them(mini, counted, tmp_path):
    with_rules(mini, "{{balance games=60 seed=2}}")
    out = tmp_path / "out"
    build_pack(mini.path, BuildOptions(out))
    assert counted == [(60, [4], "plain", 2)]
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(out / "mini" / "rules.pdf").pages).split())
    assert "In 60 simulated 4-player games with plain bots in every seat, seat 1 (the first player) won" in text
    cache = json.loads((out / "mini" / CACHE_NAME).read_text())
    assert len(cache["entries"]) == 1 and next(iter(cache["entries"].values())).startswith("In 60 simulated")

    first = (out / "mini" / "rules.pdf").read_bytes()
    build_pack(mini.path, BuildOptions(out))  # the same input: the figures come from the cache
    assert len(counted) == 1
    assert (out / "mini" / "rules.pdf").read_bytes() == first

    mini.edit("gags.csv", "\n", "\n")  # a byte-identical edit keeps the cache
    mini.write("rules.md", mini.path.joinpath("rules.md").read_text().replace("seed=2", "seed=3"))
    build_pack(mini.path, BuildOptions(out))  # other arguments: measured again
    assert counted[-1] == (60, [4], "plain", 3) and len(counted) == 2
    mini.write("kids.csv", mini.path.joinpath("kids.csv").read_text() + "\n")  # the pack's data changed
    build_pack(mini.path, BuildOptions(out))
    assert len(counted) == 3
    assert len(json.loads((out / "mini" / CACHE_NAME).read_text())["entries"]) == 3


def test_gag_grab_figures_from_the_real_engine(gag_grab):
    gag_grab.write("rules.md", gag_grab.path.joinpath("rules.md").read_text() + "\n{{balance games=20}}\n")
    pack, _ = load_pack(gag_grab.path)
    document = load_rules(pack)
    assert document.findings == ()
    texts = ["".join(r.text for r in b.content) for b in document.blocks if isinstance(b, Paragraph)]
    found = [t for t in texts if t.startswith("In 20 simulated 4-player games with greedy bots in every seat")]
    assert len(found) == 1 and "(a fair share is 25%)" in found[0] and "Games lasted" in found[0]


def test_gag_grab_figures_of_a_variant(gag_grab):
    """variant=NAME plays the pack's [[variants]] entry and says so; a misspelt name is D801 at the name."""
    rules = gag_grab.path.joinpath("rules.md").read_text()
    gag_grab.write("rules.md", rules + "\n{{balance games=12 variant=finish-round}}\n")
    document = load_rules(load_pack(gag_grab.path)[0])
    assert document.findings == ()
    texts = ["".join(r.text for r in b.content) for b in document.blocks if isinstance(b, Paragraph)]
    found = [t for t in texts if t.startswith("In 12 simulated 4-player games with the optional rule "
                                              "“Finish the round” with greedy bots in every seat")]
    assert len(found) == 1
    gag_grab.write("rules.md", rules + "\n{{balance games=12 variant=finish-rond}}\n")
    f = gag_grab.only("D801")
    assert (f.message, f.hint) == ("{{balance}} has no variant 'finish-rond'", "did you mean 'finish-round'?")
    assert f.location.column == len("{{balance games=12 variant=") + 1


def test_check_and_the_command_stay_light(gag_grab):
    """Checking a pack with {{balance}}, and loading the simulate command, import no drawing library."""
    rules = gag_grab.path / "rules.md"
    gag_grab.write("rules.md", rules.read_text(encoding="utf-8") + "\n{{balance games=10}}\n")
    code = ("import sys; from pathlib import Path; from printkit.checks import check_pack; "
            "import printkit.commands.simulate; "
            f"assert check_pack(Path({str(gag_grab.path)!r})).errors == 0; "
            "print(sorted(m for m in ('reportlab', 'PIL', 'pypdfium2') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
