"""How long printkit takes to build thousands of cards, and how much memory, against plain reportlab.

Run: python benchmarks/cards.py [--cards N[,N...]] [--repeat PAIRS] [--timeout S] [--json]

For each size (default 2,000 and 9,948 Gag cards) it writes a synthetic
pack (Gag Grab's Kid deck plus N distinct Gag cards in decks of at most
2,000; see cards_pack.py) and then runs PAIRS pairs (default 5 up to 2,000
cards, 3 above): each pair is one printkit build of the pack and one plain
reportlab script drawing the same number of equivalent cards, fronts and
backs with crop marks, the order alternating from pair to pair so that a
machine slowing down or speeding up weighs on both sides alike. Every run
is a fresh Python process (cards_run.py) that reports its own CPU time
(user + system), wall time and peak resident memory; imports are not timed
but do count in the memory. It prints the median and range of each figure
per side and of the per-pair ratios printkit / reportlab; the CPU ratio is
the headline, as the wall clock on a shared machine also counts other work.
Progress goes to stderr. Exit status 1 if a run failed or timed out.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cards_pack  # noqa: E402

SIDES = ("printkit", "reportlab")
FIGURES = ("cpu_s", "wall_s", "peak_mib")
MAX_CARDS = cards_pack.MAX_GAGS  # with the 52 Kid cards, the most cards a pack may hold
MAX_PAIRS = 50


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of cards (or a comma-separated list)")
    if not sizes or any(not 1 <= n <= MAX_CARDS for n in sizes):
        raise argparse.ArgumentTypeError(f"cards must be between 1 and {MAX_CARDS:,}")
    return sizes


def _pairs(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_PAIRS:
        raise argparse.ArgumentTypeError(f"repeat must be a whole number between 1 and {MAX_PAIRS}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= 86_400:
        raise argparse.ArgumentTypeError("timeout must be a number of seconds between 0 and 86,400")
    return seconds


def run_side(side: str, cards: int, pack: Path, out: Path, timeout: float) -> dict:
    """One run in a fresh process: its figures, or {'error': why}."""
    command = [sys.executable, str(HERE / "cards_run.py"), side, str(cards), str(pack), str(out)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"side": side, "error": f"timed out after {timeout:g} s"}
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-3:]
        return {"side": side, "error": f"exit status {done.returncode}: " + " | ".join(tail)}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def measure(cards: int, pairs: int, timeout: float, log=sys.stderr) -> dict:
    """Interleaved runs at one size: every run's figures and their summary."""
    runs: list[dict] = []
    error = None
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        pack = cards_pack.synthetic_pack(Path(tmp), cards)
        for pair in range(pairs):
            order = SIDES if pair % 2 == 0 else SIDES[::-1]
            result = {}
            for side in order:
                started = time.perf_counter()
                figures = run_side(side, cards, pack, Path(tmp) / f"out-{pair}-{side}", timeout)
                print(f"[{cards} cards] pair {pair + 1}/{pairs} {side}: "
                      + (figures["error"] if "error" in figures else
                         f"cpu {figures['cpu_s']:.2f} s, wall {figures['wall_s']:.2f} s, "
                         f"peak {figures['peak_mib']:.0f} MiB")
                      + f" ({time.perf_counter() - started:.1f} s in all)", file=log, flush=True)
                if "error" in figures:
                    error = f"{side}, pair {pair + 1}: {figures['error']}"
                    break
                result[side] = figures
                # Each run's PDF is no longer needed; 10,000 cards make big files.
                shutil.rmtree(Path(tmp) / f"out-{pair}-{side}", ignore_errors=True)
            if error:
                break
            runs.append(result)
    summary: dict = {"cards": cards, "pairs": len(runs), "runs": runs}
    if error:
        summary["error"] = error
    if runs:
        for side in SIDES:
            summary[side] = {f: _spread([run[side][f] for run in runs]) for f in FIGURES}
            summary[side]["pages"] = runs[0][side]["pages"]
        summary["ratio"] = {f: _spread([run["printkit"][f] / run["reportlab"][f] for run in runs]) for f in FIGURES}
    return summary


def table(results: list[dict]) -> str:
    """The compact table: median (min–max) of each figure, per side and for the per-pair ratios."""
    def cell(s: dict, digits: int) -> str:
        return f"{s['median']:.{digits}f} ({s['min']:.{digits}f}–{s['max']:.{digits}f})"

    lines = [f"{'cards':>7}  {'side':<10} {'pairs':>5}  {'CPU s':<21} {'wall s':<21} {'peak MiB':<21}"]
    for r in results:
        if r.get("error"):
            lines.append(f"{r['cards']:>7}  failed: {r['error']}")
        for side in (*SIDES, "ratio") if r["runs"] else ():
            digits = (2, 2, 2) if side == "ratio" else (2, 2, 0)
            lines.append(f"{r['cards']:>7}  {side:<10} {r['pairs']:>5}  "
                         + " ".join(f"{cell(r[side][f], d):<21}" for f, d in zip(FIGURES, digits)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="Examples: python benchmarks/cards.py --cards 2000 --repeat 5; "
                                            "python benchmarks/cards.py --cards 50 --repeat 1 --json")
    parser.add_argument("--cards", type=_sizes, action="append",
                        help=f"Gag cards in the pack, 1 to {MAX_CARDS:,}; repeat or comma-separate "
                             "(default 2000 and 9948)")
    parser.add_argument("--repeat", type=_pairs, help="pairs of runs per size (default 5 up to 2,000 cards, 3 above)")
    parser.add_argument("--timeout", type=_seconds, default=1800.0, help="seconds one run may take (default 1800)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of the table")
    args = parser.parse_args(argv)
    sizes = [n for group in (args.cards or [[2000, MAX_CARDS]]) for n in group]
    results = []
    for cards in sizes:
        pairs = args.repeat or (5 if cards <= 2000 else 3)
        results.append(measure(cards, pairs, args.timeout))
    if args.json:
        print(json.dumps({"results": results}, indent=1))
    else:
        print("Gag cards plus the 52 Kid cards, fronts and backs, A4; median (min–max) over the pairs;")
        print("ratio: per-pair printkit / reportlab")
        print(table(results))
    return 1 if any(r.get("error") for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
