"""How long printkit diff takes when a game.toml change redraws a whole deck, against checking both sides.

Run: python benchmarks/diff.py [--cards N] [--repeat PAIRS] [--json]

Two packs are measured: Gag Grab, and a synthetic pack of Gag Grab's Kid deck
plus N Gag cards (default 2,000; see cards_pack.py). Each gets an old and a
new copy, the new one with the Gag deck's colour changed in game.toml, so
every Gag front (its frame) and the Gag back print differently: the most a
one-line change makes the diff draw and report. Each pair runs, as fresh
processes, `printkit diff OLD NEW` and `printkit check OLD NEW`, the order
alternating from pair to pair. check is the floor: the diff checks both
sides, then describes and compares what every card prints. It prints the
median CPU seconds (user + system) of each side and of the per-pair ratio
diff / check. Exit status 1 if a run failed.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cards_pack  # noqa: E402

MAX_CARDS = 2000  # one deck
MAX_PAIRS = 50


def _number(low: int, high: int):
    def parse(text: str) -> int:
        if not text.isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"give a whole number between {low} and {high:,}")
        return int(text)
    return parse


def _recoloured(pack: Path, target: Path) -> Path:
    """A copy of ``pack`` whose Gag deck has another colour."""
    shutil.copytree(pack, target)
    manifest = target / "game.toml"
    text = manifest.read_text(encoding="utf-8")
    changed = re.sub(r'(\[decks\.gags\.back\]\s*colour\s*=\s*)"#D55E00"', r'\1"#A04000"', text, count=1)
    if changed == text:
        raise SystemExit(f"benchmark: no Gag deck colour to change in {manifest}")
    manifest.write_text(changed, encoding="utf-8")
    return target


def _cpu(args: list[str]) -> float:
    """CPU seconds (user + system) of one fresh process running ``printkit args``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True,
                          env=dict(os.environ, NO_COLOR="1"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: check errors are not expected, but a diff exits 0 here
        raise RuntimeError(f"printkit {' '.join(args[:1])} exited {done.returncode}: {done.stderr[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(name: str, old: Path, new: Path, pairs: int) -> dict:
    runs = {"diff": [], "check": []}
    for n in range(pairs):
        order = ("diff", "check") if n % 2 == 0 else ("check", "diff")
        for side in order:
            args = ["diff", str(old), str(new)] if side == "diff" else ["check", str(old), str(new)]
            runs[side].append(_cpu(args))
            print(f"{name}: pair {n + 1}/{pairs} {side}: {runs[side][-1]:.2f} s CPU", file=sys.stderr)
    ratios = [d / c for d, c in zip(runs["diff"], runs["check"]) if c > 0]
    return {"pack": name, "pairs": pairs,
            "diff_cpu_s": statistics.median(runs["diff"]), "check_cpu_s": statistics.median(runs["check"]),
            "ratio": statistics.median(ratios) if ratios else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=_number(1, MAX_CARDS), default=2000, help="Gag cards in the synthetic pack")
    parser.add_argument("--repeat", type=_number(1, MAX_PAIRS), default=3, help="pairs of runs per pack")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="printkit-diff-bench-") as tmp:
        work = Path(tmp)
        gag = work / "gag" / "old" / "gag-grab"
        shutil.copytree(HERE.parent / "cards" / "gag-grab", gag)
        synthetic = cards_pack.synthetic_pack(work, args.cards)
        for name, old in (("gag-grab", gag), (f"synthetic, {args.cards} Gag cards", synthetic)):
            new = _recoloured(old, work / "new" / name.split(",")[0] / old.name)
            try:
                results.append(measure(name, old, new, args.repeat))
            except RuntimeError as exc:
                print(f"benchmark: {exc}", file=sys.stderr)
                return 1
    if args.json:
        print(json.dumps({"results": results}, indent=2))
    else:
        for r in results:
            print(f"{r['pack']}: diff {r['diff_cpu_s']:.2f} s CPU, check of both sides {r['check_cpu_s']:.2f} s, "
                  f"diff / check {r['ratio']:.2f} (median of {r['pairs']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
