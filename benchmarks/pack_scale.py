"""How long `printkit check` (and `build`) takes on packs of many decks, and how much memory: decks × cards.

Run: python benchmarks/pack_scale.py [--sizes DxN[,DxN...]] [--build] [--json]

For each size it writes the card benchmark's synthetic pack (cards_pack.py:
Gag Grab's 52 Kid cards plus D decks of N distinct Gag cards) and runs
`printkit check` on it, and with --build `printkit build` too, each in a
fresh process; it reports the wall time, the CPU time (user + system) and
the peak resident memory of that process, and its exit status. The default
sizes are 6 × 1,658 (with the Kid cards, 10,000 cards: a pack's limit,
printkit.model.pack.MAX_PACK_CARDS), then 10, 20 and 100 decks of 2,000,
which printkit refuses with a C210 finding (exit 1) before checking them.
Progress goes to stderr. Limits: 1 to 200 decks of 1 to 2,000 cards.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cards_pack  # noqa: E402

DEFAULT = "6x1658,10x2000,20x2000,100x2000"
MAX_DECKS, MAX_PER_DECK = 200, cards_pack.DECK_LIMIT


def _sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        decks, _, cards = part.strip().lower().partition("x")
        if not (decks.isdigit() and cards.isdigit() and 1 <= int(decks) <= MAX_DECKS
                and 1 <= int(cards) <= MAX_PER_DECK):
            raise argparse.ArgumentTypeError(f"'{part}' is not DECKSxCARDS with 1 to {MAX_DECKS} decks "
                                             f"of 1 to {MAX_PER_DECK:,} cards")
        sizes.append((int(decks), int(cards)))
    return sizes


def measure(command: list[str], cwd: Path | None = None, env: dict | None = None) -> dict:
    """Run ``command`` (in ``cwd``, with ``env``); its wall and CPU seconds, peak resident MiB and exit status."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    return {"wall_s": round(wall, 2), "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "peak_mib": round(usage.ru_maxrss / 1024, 1), "exit": os.waitstatus_to_exitcode(status)}


def run(decks: int, per_deck: int, build: bool) -> dict:
    printkit = [sys.executable, "-m", "printkit"]
    with tempfile.TemporaryDirectory(prefix="printkit-scale-") as scratch:
        pack = cards_pack.synthetic_pack(Path(scratch), decks * per_deck, per_deck=per_deck)
        result = {"decks": decks, "per_deck": per_deck, "cards": decks * per_deck + cards_pack.KID_CARDS,
                  "check": measure([*printkit, "check", str(pack)])}
        if build:
            result["build"] = measure([*printkit, "build", str(pack), "--out", str(Path(scratch) / "out")])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=_sizes, default=_sizes(DEFAULT),
                        help=f"decks × cards a deck, such as 10x2000 (default {DEFAULT})")
    parser.add_argument("--build", action="store_true", help="build each pack too")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    results = []
    for decks, per_deck in args.sizes:
        print(f"{decks} × {per_deck:,} cards…", file=sys.stderr, flush=True)
        results.append(run(decks, per_deck, args.build))
    if args.json:
        print(json.dumps({"results": results}, indent=2))
        return 0
    print("| Decks × cards | Cards | Command | Wall s | CPU s | Peak MiB | Exit |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for r in results:
        for command in ("check", "build"):
            if command in r:
                m = r[command]
                print(f"| {r['decks']} × {r['per_deck']:,} | {r['cards']:,} | {command} | {m['wall_s']} | "
                      f"{m['cpu_s']} | {m['peak_mib']} | {m['exit']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
