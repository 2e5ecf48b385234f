"""--workers: a pack just past the size where fronts are laid out by a pool checks and builds to the same
findings and the same bytes with one worker or two; hostile values are usage errors."""
import shutil
import sys

import pytest
from click.testing import CliRunner

from conftest import REPO

from printkit.checks import check_pack, parallel
from printkit.commands.build import BuildOptions, build_pack
from printkit.commands.cli import cli
from printkit.core.parallel import use_workers
from printkit.faces import LazyFronts
from printkit.kit.sheets import FaceMap
from printkit.model.loader import load_pack
from printkit.render import png

sys.path.insert(0, str(REPO / "benchmarks"))
import cards_pack  # noqa: E402

CARDS = 390  # with the 16 distinct Kid cards, just past parallel.MIN_FRONTS (400) distinct fronts


@pytest.fixture(scope="module")
def big_pack(tmp_path_factory):
    """The pack with type under 9 pt on every card: one T705 per element, at the first card that prints
    it, whichever worker laid that card out."""
    pack = cards_pack.synthetic_pack(tmp_path_factory.mktemp("workers"), CARDS)
    manifest = pack / "game.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n[lint]\nmin_type = 9\n", encoding="utf-8")
    return pack


@pytest.fixture(scope="module")
def broken_pack(big_pack, tmp_path_factory):
    """``big_pack`` with names too long to fit on three cards far apart (T700 on each)."""
    pack = tmp_path_factory.mktemp("broken") / "bench"
    shutil.copytree(big_pack, pack)
    gags = pack / "gags.csv"
    rows = gags.read_text(encoding="utf-8").splitlines()
    for n in (5, 200, 385):
        rows[n] = rows[n].replace("Gag number", "Gag number " + "far too long for the card " * 12, 1)
    gags.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return pack


@pytest.fixture
def pools(monkeypatch):
    """The pools started, as (module, workers): each call of ordered_map that lays out fronts or draws PNGs."""
    started = []
    real = parallel.ordered_map

    def counted(*args, **kwargs):
        started.append((args[0].rsplit(".", 1)[-1], args[3]))
        return real(*args, **kwargs)
    monkeypatch.setattr(parallel, "ordered_map", counted)
    monkeypatch.setattr(png, "ordered_map", counted)
    return started


def test_the_pack_is_past_the_threshold(big_pack):
    report = check_pack(big_pack)
    fronts = sum(len({c.name for c in deck.cards}) for deck in report.pack.decks.values())
    assert parallel.MIN_FRONTS <= fronts < parallel.MIN_FRONTS + 30


def test_check_finds_the_same_in_the_same_order_with_one_worker_or_two(broken_pack, pools):
    with use_workers(1):
        one = check_pack(broken_pack).findings
    assert pools == []
    with use_workers(2):
        two = check_pack(broken_pack).findings
    assert pools == [("parallel", 2)]
    assert one == two
    codes = [f.code for f in one]
    assert codes.count("T700") == 3 and codes.count("T705") >= 1


def test_build_writes_the_same_bytes_with_one_worker_or_two(big_pack, pools, tmp_path):
    built = {}
    for workers in (1, 2):
        with use_workers(workers):
            result = build_pack(big_pack, BuildOptions(tmp_path / str(workers)))
        built[workers] = {p.name: p.read_bytes() for p in result.files}, result.report.findings
    assert pools == [("parallel", 2)]
    assert built[1] == built[2]
    assert "T705" in {f.code for f in built[1][1]}


def test_card_images_are_the_same_bytes_drawn_by_one_worker_or_two(big_pack, pools):
    pack, _ = load_pack(big_pack)
    faces = FaceMap(LazyFronts(pack))
    names = {key: f"{n}.png" for n, key in zip(range(png.PARALLEL_PNGS + 6), faces)}  # three runs of images
    drawn = {}
    for workers in (1, 2):
        with use_workers(workers):
            drawn[workers] = png.card_pngs(faces, names, 3.0, 72, None, pack)
    assert pools == [("png", 2)]
    assert drawn[1] == drawn[2] and list(drawn[1]) == list(names.values())
    assert all(data.startswith(b"\x89PNG") for data in drawn[1].values())


@pytest.mark.parametrize("value", ["0", "65", "100000000000000000000", "two", "-1", ""])
@pytest.mark.parametrize("command", [["check"], ["build"], ["diff", "HEAD", "HEAD"], ["export", "tts"],
                                     ["export", "pod", "--service", "pdf"]])
def test_hostile_worker_counts_are_usage_errors(command, value, tmp_path):
    result = CliRunner().invoke(cli, [*command, "--workers", value, str(REPO / "cards" / "gag-grab")])
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--workers'" in result.output
    assert "Traceback" not in result.output
