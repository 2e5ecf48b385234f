"""How fast Many Faces plays: CPU time a game at each player count, against Gag Grab run alongside.

Run: python benchmarks/simulate_many_faces.py [--games N] [--players K[,K...]] [--bot NAME] [--rounds R]
                                              [--command] [--command-games G] [--json]

The goal (issue 26): 10,000 games of Many Faces at every player count in at
most 60 s on this two-core machine, as `printkit simulate many-faces
--players K --games 10000 --no-pdf` plays them (one worker per core).

The machine is shared, so wall time says little: each side is timed in CPU
seconds of this process (``time.process_time``). For each player count it
plays N games (default 1,000) of Many Faces and N of Gag Grab, the reference
that already meets the goal, seeded as ``printkit simulate --seed 0`` seeds
them, through the same ``play_games`` the workers run; R rounds (default 3),
the order alternating, so drift on the machine weighs on both. It prints the
median CPU milliseconds a game of each, their ratio, and what the report's
share costs in the main process (records pickled by a worker, unpickled and
summarised), then projects 10,000 games on two workers:
10,000 × (game + report share) / 2, wall time on an otherwise idle machine.

With --command it also runs the real command for 10,000 games (or
--command-games) at each count in a child process and prints its wall time
and CPU time (user + system, from ``getrusage``); expect the wall time to
grow with whatever else the machine runs.

Limits: 1 to 20,000 games (simulate's own), 1 to 50 rounds, the pack's
player counts (3 to 6).
"""
from __future__ import annotations

import argparse
import json
import pickle
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from printkit.games.claims import engine as claims  # noqa: E402
from printkit.games.records import Limits  # noqa: E402
from printkit.games.sets_and_runs import engine as sets_and_runs  # noqa: E402
from printkit.model.loader import load_pack  # noqa: E402
from printkit.sim.run import play_games  # noqa: E402
from printkit.sim.summary import pack_labels, summarize  # noqa: E402

TARGET_GAMES, TARGET_SECONDS, WORKERS = 10_000, 60.0, 2
MAX_GAMES, MAX_ROUNDS = Limits().max_games, 50
SEED = 0


def _cpu_ms_per_game(engine, setup, players: int, bot: str, games: int) -> tuple[float, list]:
    start = time.process_time()
    records = play_games(engine, setup, players, (bot,) * players, SEED, 0, games)
    return (time.process_time() - start) * 1000 / games, records


def _report_ms_per_game(pack, setup, players: int, bot: str, records: list) -> float:
    """The main process's share a game: a worker pickles its records, the main process unpickles and
    summarises them."""
    start = time.process_time()
    back = pickle.loads(pickle.dumps(records))
    summarize(sets_and_runs, setup, {players: back}, pack=pack.id, title=pack.manifest.title, bot=bot, seed=SEED,
              max_turns=Limits().max_turns, labels=pack_labels(pack))
    return (time.process_time() - start) * 1000 / len(records)


def _command(players: int, games: int) -> dict[str, float]:
    """The real command in a child process: its wall time and CPU time (its workers included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "printkit", "simulate", "many-faces", "--players", str(players),
                           "--games", str(games), "--no-pdf", "--format", "json", "--seed", str(SEED)],
                          cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"printkit simulate failed ({done.returncode}): {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"games": games, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2)}


def _counts(text: str, allowed: list[int]) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a list of player counts such as 4 or 3,4,5") from None
    wrong = [k for k in counts if k not in allowed]
    if wrong:
        raise argparse.ArgumentTypeError(f"Many Faces is played by {allowed[0]} to {allowed[-1]} players, not {wrong[0]}")
    return counts


def _spread(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3), "max": round(max(values), 3)}


def main(argv: list[str] | None = None) -> int:
    many_faces, _ = load_pack(REPO / "cards" / "many-faces")
    gag_grab, _ = load_pack(REPO / "cards" / "gag-grab")
    allowed = list(range(many_faces.manifest.min_players, many_faces.manifest.max_players + 1))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help=f"games of each side a round (1 to {MAX_GAMES:,})")
    parser.add_argument("--players", default=",".join(map(str, allowed)), help="player counts, such as 4 or 3,4,5")
    parser.add_argument("--bot", default=sets_and_runs.bots[0], choices=sets_and_runs.bots)
    parser.add_argument("--rounds", type=int, default=3, help=f"rounds, the order alternating (1 to {MAX_ROUNDS})")
    parser.add_argument("--command", action="store_true", help="also time the real command at each count")
    parser.add_argument("--command-games", type=int, default=TARGET_GAMES, help="games for --command")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or not 1 <= args.command_games <= MAX_GAMES:
        parser.error(f"games must be between 1 and {MAX_GAMES:,}")
    if not 1 <= args.rounds <= MAX_ROUNDS:
        parser.error(f"rounds must be between 1 and {MAX_ROUNDS}")
    try:
        counts = _counts(args.players, allowed)
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))

    mf_setup, gg_setup = sets_and_runs.prepare(many_faces), claims.prepare(gag_grab)
    results = []
    for players in counts:
        mf, gg, records = [], [], []
        for r in range(args.rounds):
            done = []
            for side in ("Many Faces", "Gag Grab") if r % 2 == 0 else ("Gag Grab", "Many Faces"):
                if side == "Many Faces":
                    ms, records = _cpu_ms_per_game(sets_and_runs, mf_setup, players, args.bot, args.games)
                    mf.append(ms)
                else:
                    ms = _cpu_ms_per_game(claims, gg_setup, players, claims.bots[0], args.games)[0]
                    gg.append(ms)
                done.append(f"{side} {ms:.2f} ms a game")
            print(f"{players} players, round {r + 1}: {', then '.join(done)}", file=sys.stderr)
        report = _report_ms_per_game(many_faces, mf_setup, players, args.bot, records)
        game = statistics.median(mf)
        projected = TARGET_GAMES * (game + report) / 1000 / WORKERS
        row = {"players": players, "games": args.games, "rounds": args.rounds, "bot": args.bot,
               "many_faces_cpu_ms": _spread(mf), "gag_grab_cpu_ms": _spread(gg),
               "ratio": _spread([a / b for a, b in zip(mf, gg)]),
               "report_cpu_ms": round(report, 3), "games_per_cpu_s": round(1000 / game, 1),
               "projected_s": round(projected, 1)}
        if args.command:
            row["command"] = _command(players, args.command_games)
        results.append(row)

    if args.json:
        print(json.dumps({"target": {"games": TARGET_GAMES, "seconds": TARGET_SECONDS, "workers": WORKERS},
                          "results": results}, indent=2))
        return 0
    print(f"Many Faces ({args.bot}) against Gag Grab (greedy), CPU ms a game, median of {args.rounds} rounds "
          f"of {args.games:,} games:")
    print(f"{'players':>7}  {'Many Faces':>10}  {'Gag Grab':>8}  {'ratio':>5}  {'report':>6}  "
          f"{'games/CPU s':>11}  {f'{TARGET_GAMES:,} games on {WORKERS} workers':>26}")
    for row in results:
        print(f"{row['players']:>7}  {row['many_faces_cpu_ms']['median']:>10.2f}  {row['gag_grab_cpu_ms']['median']:>8.2f}"
              f"  {row['ratio']['median']:>5.2f}  {row['report_cpu_ms']:>6.2f}  {row['games_per_cpu_s']:>11.0f}  "
              f"{row['projected_s']:>24.1f} s")
        if "command" in row:
            c = row["command"]
            print(f"{'':>7}  printkit simulate, {c['games']:,} games: {c['wall_s']:.1f} s wall, {c['cpu_s']:.1f} s CPU")
    print(f"projected: {TARGET_GAMES:,} × (game + report) / {WORKERS}, on an otherwise idle machine "
          f"(target {TARGET_SECONDS:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
