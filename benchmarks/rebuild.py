"""CPU time of 'printkit build' in a fresh process, and of rebuilds in one process (what --watch does).

Run: python benchmarks/rebuild.py [--repeat 3] [PACK ...]

With no PACK it times the bundled packs and the test pack with pictures
(tests/packs/creatures). Each fresh-process build runs
``python -m printkit build PACK`` into a folder that already holds the
pack's files (so {{balance}} figures come from their cache, as on a user's
second build); the CPU time is the child's user + system time. The
rebuilds run ``build_pack`` again and again in this process: every rebuild
reads every input afresh (see printkit/core/buildstate.py), which this measures.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from printkit.commands.build import BuildOptions, build_pack  # noqa: E402

DEFAULT_PACKS = ("cards/gag-grab", "cards/many-faces", "tests/packs/creatures")


def fresh_process(pack: Path, out: Path) -> float:
    """CPU seconds (user + system) of one 'printkit build' in a process of its own."""
    before = os.times()
    subprocess.run([sys.executable, "-m", "printkit", "build", str(pack), "--out", str(out)], cwd=REPO,
                   check=True, capture_output=True)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def in_process(pack: Path, out: Path) -> float:
    start = time.process_time()
    build_pack(pack, BuildOptions(out))
    return time.process_time() - start


def summary(times: list[float]) -> str:
    return f"{statistics.median(times):.2f} ({min(times):.2f}–{max(times):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packs", nargs="*", default=DEFAULT_PACKS, help="pack folders (relative to the repository)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each kind per pack (1 to 20)")
    args = parser.parse_args()
    if not 1 <= args.repeat <= 20:
        parser.error("--repeat must be between 1 and 20")
    print(f"{'pack':<12} {'fresh process, CPU s':<24} {'rebuild in process, CPU s':<24}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.packs:
            pack = REPO / name
            out = Path(tmp) / pack.name
            in_process(pack, out)  # the first build: imports, bundled fonts, {{balance}} figures
            fresh = [fresh_process(pack, out) for _ in range(args.repeat)]
            rebuilds = [in_process(pack, out) for _ in range(args.repeat)]
            print(f"{pack.name:<12} {summary(fresh):<24} {summary(rebuilds):<24}", flush=True)
    print(f"median (min–max) of {args.repeat} run(s) each")


if __name__ == "__main__":
    main()
