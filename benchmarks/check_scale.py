"""Issue 27's figures side by side: `printkit check` against `build`, against an earlier printkit, warm and cold.

Run: python benchmarks/check_scale.py [--cards N] [--repeat R] [--baseline DIR] [--json]

It writes the card benchmark's synthetic pack (cards_pack.py: Gag Grab's 52
Kid cards plus N Gag cards, default 9,948: 10,000 cards in all) and, R times
(default 3), runs as fresh processes:

- `printkit check` and `printkit build` of this checkout: check CPU / build CPU;
- with --baseline DIR, `printkit check` of the printkit in DIR (another checkout
  or a worktree of an earlier commit, imported from there): check wall and CPU
  against that check's, on the same machine at the same time;
- when this checkout's check has --cache: a cold check into an empty cache
  folder, then, after one card's name is edited, the re-check with that
  cache: warm / cold CPU;
- when its build has --workers: the build on 2 workers and on 1: wall 2 / 1.

A figure whose option does not exist yet prints n/a. Each run's CPU time is
its own user + system time (children included), from the process's rusage,
as its peak resident memory; the order of the runs alternates from repeat to
repeat, so drift on the machine weighs on both sides of a ratio. It prints
the median and range of each ratio over the repeats, with the issue's target,
then each run's median figures. Progress goes to stderr; exit status 1 when a
run fails. Limits: 1 to 9,948 Gag cards, 1 to 20 repeats.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import cards_pack  # noqa: E402
from pack_scale import measure  # noqa: E402

MAX_REPEAT = 20
# (name, numerator run, denominator run, figure, target): each ratio the table reports
RATIOS = (("check CPU / build CPU", "check", "build", "cpu_s", "≤ 0.25"),
          ("check wall / baseline check wall", "check", "baseline check", "wall_s", "≤ 0.5"),
          ("check CPU / baseline check CPU", "check", "baseline check", "cpu_s", ""),
          ("warm re-check / cold check, CPU", "warm check", "cold check", "cpu_s", "≤ 0.1"),
          ("build wall, 2 workers / 1 worker", "build 2 workers", "build 1 worker", "wall_s", "≤ 0.65"))
WHY_NOT = {"baseline check": "no --baseline", "cold check": "check has no --cache",
           "build 1 worker": "build has no --workers"}


def _cards(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= cards_pack.MAX_GAGS:
        raise argparse.ArgumentTypeError(f"cards must be a whole number from 1 to {cards_pack.MAX_GAGS:,}")
    return int(text)


def _repeat(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_REPEAT:
        raise argparse.ArgumentTypeError(f"repeat must be a whole number from 1 to {MAX_REPEAT}")
    return int(text)


def _checkout(text: str) -> Path:
    folder = Path(text).resolve()
    if not (folder / "printkit" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(f"'{text}' is not a printkit checkout (no printkit/__init__.py)")
    return folder


def has_option(command: str, option: str, checkout: Path = REPO) -> bool:
    """Whether ``printkit COMMAND --help`` of ``checkout`` lists ``option``."""
    done = subprocess.run([sys.executable, "-m", "printkit", command, "--help"], capture_output=True, text=True,
                          cwd=checkout, env=_env(checkout))
    return f"{option} " in done.stdout or f"{option}\n" in done.stdout


def _env(checkout: Path) -> dict:
    """The environment that makes ``python -m printkit`` import the printkit of ``checkout``."""
    return {**os.environ, "PYTHONPATH": str(checkout), "SOURCE_DATE_EPOCH": "1700000000"}


def _edited(pack: Path, into: Path) -> Path:
    """A copy of ``pack`` in ``into`` with one card's name changed (the first Gag card)."""
    copy = into / pack.name
    shutil.copytree(pack, copy)
    csv = copy / "gags.csv"
    first = cards_pack.gag_name(0)
    csv.write_text(csv.read_text(encoding="utf-8").replace(first, first + " (edited)", 1), encoding="utf-8")
    return copy


def plan(pack: Path, scratch: Path, repeat: int, baseline: Path | None, cache: bool, workers: bool):
    """(name, command, checkout) of each run of one repeat, in this repeat's order."""
    printkit = [sys.executable, "-m", "printkit"]
    runs = [("check", [*printkit, "check", str(pack)], REPO),
            ("build", [*printkit, "build", str(pack), "--out", str(scratch / "out")], REPO)]
    if baseline is not None:
        runs.append(("baseline check", [*printkit, "check", str(pack)], baseline))
    if workers:
        runs += [(f"build {n} worker{'s' if n > 1 else ''}",
                  [*printkit, "build", str(pack), "--out", str(scratch / f"out{n}"), "--workers", str(n)], REPO)
                 for n in (1, 2)]
    runs = runs if repeat % 2 == 0 else runs[::-1]
    if cache:  # cold, then warm after the edit: this pair keeps its order
        folder, edited = scratch / f"cache{repeat}", _edited(pack, scratch / f"edited{repeat}")
        runs += [("cold check", [*printkit, "check", str(pack), "--cache", str(folder)], REPO),
                 ("warm check", [*printkit, "check", str(edited), "--cache", str(folder)], REPO)]
    return runs


def _spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def run(cards: int, repeat: int, baseline: Path | None, log=sys.stderr) -> dict:
    cache, workers = has_option("check", "--cache"), has_option("build", "--workers")
    runs: list[dict[str, dict]] = []
    error = None
    with tempfile.TemporaryDirectory(prefix="printkit-check-scale-") as tmp:
        pack = cards_pack.synthetic_pack(Path(tmp), cards)
        for n in range(repeat):
            scratch = Path(tmp) / f"r{n}"
            for folder in (scratch, scratch / f"edited{n}"):
                folder.mkdir()
            figures: dict[str, dict] = {}
            for name, command, checkout in plan(pack, scratch, n, baseline, cache, workers):
                m = measure(command, cwd=checkout, env=_env(checkout))
                print(f"repeat {n + 1}/{repeat} {name}: cpu {m['cpu_s']} s, wall {m['wall_s']} s, "
                      f"peak {m['peak_mib']} MiB, exit {m['exit']}", file=log, flush=True)
                if m["exit"] not in (0, 1):  # 1: the pack's warnings or findings, as a check reports them
                    error = f"{name}, repeat {n + 1}: exit status {m['exit']}"
                figures[name] = m
            shutil.rmtree(scratch, ignore_errors=True)  # 10,000 cards make big files
            runs.append(figures)
            if error:
                break
    names = list(dict.fromkeys(name for figures in runs for name in figures))
    summary: dict = {"cards": cards + cards_pack.KID_CARDS, "repeats": len(runs), "runs": runs,
                     "figures": {name: {f: _spread([r[name][f] for r in runs])
                                        for f in ("cpu_s", "wall_s", "peak_mib")} for name in names},
                     "ratios": {}}
    for label, top, bottom, figure, target in RATIOS:
        if all(top in r and bottom in r for r in runs) and runs:
            summary["ratios"][label] = {**_spread([r[top][figure] / r[bottom][figure] for r in runs]),
                                        "target": target}
        else:
            summary["ratios"][label] = {"n/a": WHY_NOT.get(bottom, "not measured"), "target": target}
    if error:
        summary["error"] = error
    return summary


def table(summary: dict) -> str:
    lines = [f"{summary['cards']:,} cards, {summary['repeats']} repeats; median (min–max) over the repeats", "",
             "| Ratio | Median | Range | Target |", "|---|---:|---|---|"]
    for label, r in summary["ratios"].items():
        if "n/a" in r:
            lines.append(f"| {label} | n/a | {r['n/a']} | {r['target']} |")
        else:
            lines.append(f"| {label} | {r['median']:.2f} | {r['min']:.2f}–{r['max']:.2f} | {r['target']} |")
    lines += ["", "| Run | CPU s | Wall s | Peak MiB |", "|---|---:|---:|---:|"]
    for name, f in summary["figures"].items():
        lines.append(f"| {name} | {f['cpu_s']['median']:.2f} | {f['wall_s']['median']:.2f} | "
                     f"{f['peak_mib']['median']:.0f} |")
    if summary.get("error"):
        lines.append(f"\nfailed: {summary['error']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="Example: python benchmarks/check_scale.py --baseline /tmp/printkit-main")
    parser.add_argument("--cards", type=_cards, default=cards_pack.MAX_GAGS,
                        help=f"Gag cards in the pack, 1 to {cards_pack.MAX_GAGS:,} (default: all, 10,000 cards in all)")
    parser.add_argument("--repeat", type=_repeat, default=3, help=f"repeats, 1 to {MAX_REPEAT} (default 3)")
    parser.add_argument("--baseline", type=_checkout,
                        help="a printkit checkout to compare check with (a worktree of main, say)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON instead of the tables")
    args = parser.parse_args(argv)
    summary = run(args.cards, args.repeat, args.baseline)
    print(json.dumps(summary, indent=1) if args.json else table(summary))
    return 1 if summary.get("error") else 0


if __name__ == "__main__":
    sys.exit(main())
