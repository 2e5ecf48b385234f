"""`printkit build` and `check` of one large pack with --workers 1 and more: wall and CPU time, same output.

Run: python benchmarks/workers.py [--cards N] [--workers 1,2] [--repeat R] [--commands build,check] [--json]

It writes the card benchmark's synthetic pack (cards_pack.py: Gag Grab's 52
Kid cards plus N Gag cards, 9,948 by default: 10,000 cards in all) and runs
each command in a fresh process with each --workers value, the order of the
values turned round on every repeat so that drift on the machine weighs on
all of them. For each command and value it reports the median and range of
the wall time and of the CPU time (user + system, the workers' included),
the CPU time of the command's own process alone (the part the workers cannot
take), the ratio of the medians' wall time to the first value's, the least
wall time the CPU figures allow on an idle machine (the larger of the own
process's CPU time and all the CPU time shared among the cores: a bound, not
a measurement), and whether the output was the same bytes every time
(cards.pdf for build, the JSON findings for check). The load average before the runs is printed too: the machine is
shared, and others' work slows the runs with more workers most. Progress
goes to stderr. Limits: 1 to 9,948 cards, 1 to 20 repeats, 1 to 64 workers.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import cards_pack  # noqa: E402


def _count(low: int, high: int):
    def parse(text: str) -> int:
        if not text.isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number from {low} to {high:,}")
        return int(text)
    return parse


def _workers(text: str) -> list[int]:
    return [_count(1, 64)(part.strip()) for part in text.split(",")]


def _commands(text: str) -> list[str]:
    names = [part.strip() for part in text.split(",")]
    for name in names:
        if name not in ("build", "check"):
            raise argparse.ArgumentTypeError(f"'{name}' is not build or check")
    return names


# printkit's command line, which says at exit how much CPU time the command's own process took
# (the rest of its CPU time is its workers').
PRINTKIT = """
import atexit, resource, sys
def said():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"parent-cpu {usage.ru_utime + usage.ru_stime}", file=sys.stderr)
atexit.register(said)
from printkit.commands.cli import main
sys.argv[0] = "printkit"
main()
"""


def run(args: list[str], output: Path | None) -> dict:
    """Run printkit with ``args``; its wall and CPU seconds (its workers' too, and its own process's
    alone) and a hash of its output: the file ``output``, else what it printed."""
    with tempfile.TemporaryFile() as printed, tempfile.TemporaryFile() as said:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", PRINTKIT, *args], stdout=printed, stderr=said)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        printed.seek(0)
        said.seek(0)
        data = output.read_bytes() if output is not None and output.exists() else printed.read()
        parent = [float(line.split()[1]) for line in said.read().decode(errors="replace").splitlines()
                  if line.startswith("parent-cpu ")]
    return {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime, "parent_cpu_s": parent[-1] if parent else 0.0,
            "exit": os.waitstatus_to_exitcode(status), "output": hashlib.sha256(data).hexdigest()[:16]}


def _summary(runs: list[dict]) -> dict:
    out: dict = {}
    for key in ("wall_s", "cpu_s", "parent_cpu_s"):
        values = [r[key] for r in runs]
        out[key] = {"median": round(statistics.median(values), 2), "min": round(min(values), 2),
                    "max": round(max(values), 2)}
    out["exits"] = sorted({r["exit"] for r in runs})
    out["outputs"] = sorted({r["output"] for r in runs})
    return out


def measure(cards: int, workers: list[int], repeat: int, commands: list[str]) -> dict:
    runs: dict[tuple[str, int], list[dict]] = {(c, w): [] for c in commands for w in workers}
    loads = []
    with tempfile.TemporaryDirectory(prefix="printkit-workers-") as scratch:
        pack = cards_pack.synthetic_pack(Path(scratch), cards)
        for n in range(repeat):
            order = workers if n % 2 == 0 else workers[::-1]
            for command in commands:
                for w in order:
                    loads.append(os.getloadavg()[0])
                    print(f"repeat {n + 1}/{repeat}: {command} --workers {w}", file=sys.stderr, flush=True)
                    if command == "build":
                        out = Path(scratch) / f"out-{n}-{w}"
                        args = ["build", str(pack), "--out", str(out), "--workers", str(w)]
                        runs[command, w].append(run(args, out / pack.name / "cards.pdf"))
                    else:
                        args = ["check", str(pack), "--format", "json", "--workers", str(w)]
                        runs[command, w].append(run(args, None))
    results = []
    for command in commands:
        first = None
        for w in workers:
            summary = _summary(runs[command, w])
            first = first or summary
            ratio = summary["wall_s"]["median"] / first["wall_s"]["median"] if first["wall_s"]["median"] else 0.0
            same = {o for x in workers for o in _summary(runs[command, x])["outputs"]}
            # On an idle machine of ``cores`` cores the wall time is at least the command's own process's CPU
            # time (the workers wait on it) and at least its CPU time shared among the cores it may use.
            cpu, parent = summary["cpu_s"]["median"], summary["parent_cpu_s"]["median"]
            bound = max(parent, cpu / min(w + 1, os.cpu_count() or 1)) if w > 1 else cpu
            results.append({"command": command, "workers": w, **summary, "wall_ratio": round(ratio, 3),
                            "idle_wall_bound_s": round(bound, 2), "same_output": len(same) == 1})
    return {"cards": cards + cards_pack.KID_CARDS, "repeat": repeat, "load": {
        "median": round(statistics.median(loads), 2), "min": round(min(loads), 2), "max": round(max(loads), 2)},
        "cores": os.cpu_count(), "results": results}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=_count(1, cards_pack.MAX_GAGS), default=cards_pack.MAX_GAGS,
                        help=f"Gag cards in the pack (default {cards_pack.MAX_GAGS:,})")
    parser.add_argument("--workers", type=_workers, default=[1, 2], help="--workers values to compare (default 1,2)")
    parser.add_argument("--repeat", type=_count(1, 20), default=3, help="runs of each (default 3)")
    parser.add_argument("--commands", type=_commands, default=["build", "check"], help="default build,check")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    result = measure(args.cards, args.workers, args.repeat, args.commands)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        load = result["load"]
        print(f"{result['cards']:,} cards, {result['repeat']} runs each, {result['cores']} cores, load average "
              f"{load['median']} (from {load['min']} to {load['max']})")
        print("| Command | Workers | Wall s (median, range) | CPU s (median, range) | Its own process's CPU s "
              "| Wall / first | Idle wall bound s | Same output |")
        print("|---|---:|---|---|---|---:|---:|---|")
        for r in result["results"]:
            wall, cpu, own = r["wall_s"], r["cpu_s"], r["parent_cpu_s"]
            print(f"| {r['command']} | {r['workers']} | {wall['median']} ({wall['min']}–{wall['max']}) | "
                  f"{cpu['median']} ({cpu['min']}–{cpu['max']}) | {own['median']} ({own['min']}–{own['max']}) | "
                  f"{r['wall_ratio']} | {r['idle_wall_bound_s']} | {'yes' if r['same_output'] else 'NO'} |")
    failed = [r for r in result["results"] if r["exits"] not in ([0], [1]) or not r["same_output"]]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
