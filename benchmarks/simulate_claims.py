"""How many four-player Gag Grab games the claims engine plays per second, with greedy bots.

Run: python benchmarks/simulate_claims.py [--games N] [--players K] [--bot NAME] [--processes P]

It loads cards/gag-grab once, plays N games (default 2,000) in this
process, one seed per game, and prints games per second and what that
projects for 10,000 games on two processes (the target: within 60 s on a
two-core machine). With --processes P (default 2; 0 skips it) it then
plays the same N games again spread over P worker processes, each building
its own tables once, and prints the measured rate; setting up the workers is
counted. The engine alone is timed: no report, no charts.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from printkit.model.loader import load_pack  # noqa: E402
from printkit.games.claims import engine as claims  # noqa: E402

TARGET_GAMES, TARGET_SECONDS, TARGET_PROCESSES = 10_000, 60.0, 2
_setup = None  # each worker's tables, built once by _init


def _load():
    pack, _ = load_pack(REPO / "cards" / "gag-grab")
    return claims.prepare(pack)


def _init() -> None:
    global _setup
    _setup = _load()


def _play(job: tuple[int, int, int, str]) -> int:
    first, count, players, bot = job
    turns = 0
    for seed in range(first, first + count):
        turns += claims.play(_setup, players, [bot] * players, random.Random(seed)).turns
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="greedy", choices=claims.bots)
    parser.add_argument("--processes", type=int, default=TARGET_PROCESSES)
    args = parser.parse_args()

    global _setup
    _setup = _load()
    start = time.perf_counter()
    turns = _play((0, args.games, args.players, args.bot))
    seconds = time.perf_counter() - start
    rate = args.games / seconds
    projected = TARGET_GAMES / (rate * TARGET_PROCESSES)
    print(f"one process: {args.games} {args.players}-player {args.bot} games in {seconds:.2f} s: "
          f"{rate:.0f} games/s, {turns / args.games:.1f} turns a game, {1000 / rate:.2f} ms a game")
    print(f"projected: {TARGET_GAMES} games on {TARGET_PROCESSES} processes in {projected:.1f} s "
          f"(target {TARGET_SECONDS:.0f} s)")

    if args.processes > 0:
        share = -(-args.games // args.processes)
        jobs = [(i * share, min(share, args.games - i * share), args.players, args.bot)
                for i in range(args.processes) if i * share < args.games]
        start = time.perf_counter()
        with multiprocessing.Pool(args.processes, initializer=_init) as pool:
            pool.map(_play, jobs)
        seconds = time.perf_counter() - start
        rate = args.games / seconds
        print(f"{args.processes} processes: {args.games} games in {seconds:.2f} s: {rate:.0f} games/s; "
              f"{TARGET_GAMES} games would take {TARGET_GAMES / rate:.1f} s")


if __name__ == "__main__":
    main()
