"""`printkit check --cache`: a cold check against a re-check after editing one card, CPU seconds.

Run: python benchmarks/check_cache.py [--cards N] [--repeat R] [--json]

It writes the card benchmark's synthetic pack (cards_pack.py: Gag Grab's 52
Kid cards plus N Gag cards, 9,948 by default: 10,000 cards in all) and, R
times (3 by default), each in a fresh process: `printkit check` without the
cache; a cold `printkit check --cache DIR` into an empty folder; then, after
renaming one Gag card (a different one each round, the rest of its row and
every other row unchanged), the warm re-check with the same folder. It
reports each kind's CPU seconds (user + system of the child process: its
imports included) as the median and range over the rounds, the ratio warm /
cold per round (median and range), and the size of the cache folder.
Progress goes to stderr. Limits: 1 to 9,948 Gag cards, 1 to 20 rounds.

With --bytecode it first compiles printkit's modules (as pip does when it
installs a package), so each process reads them rather than compiling about
140 modules itself: where PYTHONDONTWRITEBYTECODE is set (as on the shared
machine) that is about 0.4 s of every run, a third of a warm re-check.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cards_pack  # noqa: E402


def cpu(command: list[str]) -> float:
    """CPU seconds (user + system) of ``command`` run in a fresh process; it must exit 0 or 1 (findings)."""
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed (exit {os.waitstatus_to_exitcode(status)})")
    return usage.ru_utime + usage.ru_stime


def rename(pack: Path, n: int) -> None:
    """Give Gag card ``n`` another name in place (its row stays on its line)."""
    csv = pack / "gags.csv"
    name = cards_pack.gag_name(n)
    text = csv.read_text(encoding="utf-8")
    assert f"\n{name}," in text, name
    csv.write_text(text.replace(f"\n{name},", f"\n{name} renamed,", 1), encoding="utf-8")


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=cards_pack.MAX_GAGS)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bytecode", action="store_true", help="compile printkit's modules first, as pip does")
    args = parser.parse_args(argv)
    if not (1 <= args.cards <= cards_pack.MAX_GAGS and 1 <= args.repeat <= 20):
        parser.error(f"--cards is 1 to {cards_pack.MAX_GAGS:,} and --repeat 1 to 20")
    printkit = [sys.executable, "-m", "printkit", "check"]
    if args.bytecode:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(HERE.parent / "printkit")], check=True)
    plain, cold, warm, ratios = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="printkit-cache-") as scratch:
        pack = cards_pack.synthetic_pack(Path(scratch), args.cards)
        gags = min(args.cards, cards_pack.DECK_LIMIT)
        for n in range(args.repeat):
            cache = Path(scratch) / f"cache{n}"
            plain.append(cpu([*printkit, str(pack)]))
            cold.append(cpu([*printkit, str(pack), "--cache", str(cache)]))
            rename(pack, n * 7 % gags)
            warm.append(cpu([*printkit, str(pack), "--cache", str(cache)]))
            ratios.append(warm[-1] / cold[-1])
            print(f"round {n + 1}: no cache {plain[-1]:.2f} s, cold {cold[-1]:.2f} s, "
                  f"warm after one edit {warm[-1]:.2f} s", file=sys.stderr)
        size = folder_bytes(cache)

    def summary(values: list[float]) -> dict:
        return {"median": round(statistics.median(values), 3), "min": round(min(values), 3),
                "max": round(max(values), 3)}

    result = {"cards": args.cards + cards_pack.KID_CARDS, "rounds": args.repeat, "check_cpu_s": summary(plain),
              "cold_cpu_s": summary(cold), "warm_cpu_s": summary(warm), "warm_over_cold": summary(ratios),
              "cache_bytes": size}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['cards']:,} cards, {args.repeat} rounds, CPU seconds in fresh processes (median, range)")
        for label, key in (("check, no cache", "check_cpu_s"), ("check --cache, cold", "cold_cpu_s"),
                           ("re-check after one edit", "warm_cpu_s"), ("warm / cold", "warm_over_cold")):
            s = result[key]
            print(f"  {label:26s} {s['median']:7.3f}  ({s['min']:.3f}–{s['max']:.3f})")
        print(f"  cache folder               {size / 2**20:.2f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
