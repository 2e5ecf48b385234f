"""The benchmark scripts' synthetic packs stay valid and the card benchmark runs end to end (nothing here is timed)."""
import json
import subprocess
import sys
from pathlib import Path

from conftest import REPO

from printkit.checks import check_pack

sys.path.insert(0, str(REPO / "benchmarks"))
import cards_pack  # noqa: E402


def test_the_2000_card_pack_checks_clean(tmp_path):
    report = check_pack(cards_pack.synthetic_pack(tmp_path, 2000))
    assert report.errors == 0, [f for f in report.findings if f.is_error][:3]
    assert {d: deck.total for d, deck in report.pack.decks.items()} == {"kids": 52, "gags": 2000}


def test_a_pack_past_one_deck_splits_into_decks_that_check_clean(tmp_path):
    # The 9,948-card pack's shape, small: decks of 10 instead of 2,000.
    report = check_pack(cards_pack.synthetic_pack(tmp_path, 25, per_deck=10))
    assert report.errors == 0, [f for f in report.findings if f.is_error][:3]
    assert {d: deck.total for d, deck in report.pack.decks.items()} == {"kids": 52, "gags": 10, "gags02": 10,
                                                                         "gags03": 5}
    # Not the claims deck, yet its requirement column is drawn (N602: a column nothing uses).
    assert not [f for f in report.findings if f.code == "N602"]
    names = [card.name for d in ("gags", "gags02", "gags03") for card in report.pack.decks[d].cards]
    assert len(set(names)) == 25


def test_the_baseline_draws_pages(tmp_path):
    pdf = cards_pack.baseline(20)
    # 20 cards: three sheets of fronts, each followed by its page of backs.
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") == 6


def test_the_card_benchmark_runs_both_sides_interleaved():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "cards.py"), "--cards", "30", "--repeat", "2",
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["cards"] == 30 and result["pairs"] == 2 and "error" not in result
    for side in ("printkit", "reportlab", "ratio"):
        assert set(result[side]) >= {"cpu_s", "wall_s", "peak_mib"}
        assert result[side]["peak_mib"]["min"] > 0
    # 82 cards at nine a sheet, fronts and backs: at least ten pages each.
    assert result["printkit"]["pages"] >= 20 and result["reportlab"]["pages"] == 20
    # The second pair runs reportlab first (stderr is the progress log).
    sides = [line.split()[4].rstrip(":") for line in done.stderr.splitlines() if "pair " in line]
    assert sides == ["printkit", "reportlab", "reportlab", "printkit"]


def test_the_pack_scale_benchmark_checks_and_builds_a_small_pack():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "pack_scale.py"), "--sizes", "2x5", "--build",
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert (result["decks"], result["per_deck"], result["cards"]) == (2, 5, 62)
    for command in ("check", "build"):
        assert result[command]["exit"] == 0 and result[command]["peak_mib"] > 0


def test_the_check_cache_benchmark_runs_cold_and_warm():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "check_cache.py"), "--cards", "5", "--repeat", "1",
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["cards"] == 57 and result["cache_bytes"] > 0
    assert result["cold_cpu_s"]["median"] > 0 and result["warm_cpu_s"]["median"] > 0


def test_the_card_benchmark_refuses_a_size_past_its_limit():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "cards.py"), "--cards", "9949"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "between 1 and 9,948" in done.stderr


def test_the_rebuild_benchmark_times_both_kinds_of_build():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "rebuild.py"), "--repeat", "1",
                           "tests/packs/creatures"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    header, row, note = done.stdout.splitlines()
    assert "fresh process" in header and "rebuild in process" in header
    assert row.split()[0] == "creatures" and len(row.split()) == 5 and note.startswith("median")


def test_the_diff_benchmark_runs_both_sides():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "diff.py"), "--cards", "5", "--repeat", "1",
                           "--json"], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [r["pack"] for r in results] == ["gag-grab", "synthetic, 5 Gag cards"]
    assert all(r["diff_cpu_s"] > 0 and r["check_cpu_s"] > 0 and r["ratio"] > 0 for r in results)


def test_the_many_faces_benchmark_times_both_sides_and_projects():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "simulate_many_faces.py"), "--games", "2",
                           "--rounds", "2", "--players", "3", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["target"] == {"games": 10000, "seconds": 60.0, "workers": 2}
    (row,) = report["results"]
    assert (row["players"], row["games"], row["rounds"], row["bot"]) == (3, 2, 2, "greedy")
    for side in ("many_faces_cpu_ms", "gag_grab_cpu_ms", "ratio"):
        assert 0 < row[side]["min"] <= row[side]["median"] <= row[side]["max"]
    assert row["projected_s"] > 0 and "command" not in row
    # The two rounds run the sides in turn: Many Faces first, then Gag Grab first (stderr is the progress log).
    assert [line.split(": ")[1].split(" ")[0:2] for line in done.stderr.splitlines()] == [["Many", "Faces"],
                                                                                          ["Gag", "Grab"]]


def test_the_many_faces_benchmark_refuses_a_player_count_the_pack_has_not():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "simulate_many_faces.py"), "--players", "2"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "3 to 6 players, not 2" in done.stderr


def test_the_check_scale_benchmark_puts_check_beside_build_and_a_baseline():
    # This checkout stands in for the baseline: the figures are there, whatever they are.
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "check_scale.py"), "--cards", "5", "--repeat", "1",
                           "--baseline", str(REPO), "--json"], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["cards"] == 57 and summary["repeats"] == 1
    ratios = summary["ratios"]
    assert list(ratios) == ["check CPU / build CPU", "check wall / baseline check wall",
                            "check CPU / baseline check CPU", "warm re-check / cold check, CPU",
                            "build wall, 2 workers / 1 worker"]
    assert all(ratios[name]["median"] > 0 for name in list(ratios)[:3])
    assert all(summary["figures"][run]["peak_mib"]["median"] > 0 for run in ("check", "build", "baseline check"))


def test_the_check_scale_benchmark_edits_one_card_for_the_warm_check(tmp_path):
    sys.path.insert(0, str(REPO / "benchmarks"))
    import check_scale

    pack = cards_pack.synthetic_pack(tmp_path, 3)
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "edited0").mkdir()
    runs = {name: command for name, command, _ in check_scale.plan(pack, tmp_path / "r", 0, None, True, True)}
    assert list(runs) == ["check", "build", "build 1 worker", "build 2 workers", "cold check", "warm check"]
    assert runs["build 2 workers"][-2:] == ["--workers", "2"]
    cold, warm = Path(runs["cold check"][4]), Path(runs["warm check"][4])
    assert runs["cold check"][-2:] == runs["warm check"][-2:] and runs["cold check"][-2] == "--cache"
    before = (cold / "gags.csv").read_text(encoding="utf-8").splitlines()
    after = (warm / "gags.csv").read_text(encoding="utf-8").splitlines()
    assert [n for n, (a, b) in enumerate(zip(before, after)) if a != b] == [1]  # the first card, only
    assert after[1].startswith("Gag number 00000 (edited),")


def test_the_workers_benchmark_checks_a_small_pack_with_one_worker_and_two():
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "workers.py"), "--cards", "5", "--repeat", "1",
                           "--commands", "check", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["cards"] == 57
    assert [(r["command"], r["workers"], r["same_output"]) for r in result["results"]] == [
        ("check", 1, True), ("check", 2, True)]
