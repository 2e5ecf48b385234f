"""One timed run of one side of the card benchmark, in a process of its own; prints its figures as JSON.

Run: python benchmarks/cards_run.py printkit CARDS PACK OUT
     python benchmarks/cards_run.py reportlab CARDS - OUT

``printkit`` builds the synthetic pack in PACK into the folder OUT (which
must not exist yet, so no cache carries over); ``reportlab`` draws CARDS
Gag cards plus 52 stand-ins for the Kid cards with the baseline and writes
OUT/cards.pdf. Imports come before the clock starts; font registration and
everything else the side does to make the PDF is timed. Printed: the side,
``cpu_s`` (user + system time of the work), ``wall_s``, ``peak_mib`` (this
process's peak resident memory, imports included), ``import_s``, ``pages``
and ``pdf_bytes``.
"""
from __future__ import annotations

import importlib
import json
import resource
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> dict:
    side, cards, pack, out = argv[0], int(argv[1]), argv[2], Path(argv[3])
    start = time.perf_counter()
    if side == "printkit":
        from printkit.commands.build import BuildOptions, build_pack

        def work() -> tuple[int, Path]:
            result = build_pack(Path(pack), BuildOptions(out))
            built = sorted(p.name for p in result.files)
            assert built == ["cards.pdf"], built  # cards only: the baseline draws nothing else
            return result.pages["cards.pdf"], result.files[0]
    elif side == "reportlab":
        import cards_pack
        importlib.import_module("reportlab.pdfgen.canvas")  # before the clock, as printkit's imports are

        def work() -> tuple[int, Path]:
            pdf = cards_pack.baseline(cards + cards_pack.KID_CARDS)
            out.mkdir(parents=True)
            (out / "cards.pdf").write_bytes(pdf)
            return pdf.count(b"/Type /Page\n"), out / "cards.pdf"
    else:
        raise SystemExit(f"unknown side {side!r}: printkit or reportlab")
    imported = time.perf_counter()
    cpu0, wall0 = _cpu(), time.perf_counter()
    pages, pdf = work()
    cpu, wall = _cpu() - cpu0, time.perf_counter() - wall0
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {"side": side, "cards": cards, "cpu_s": round(cpu, 3), "wall_s": round(wall, 3),
            "peak_mib": round(peak_kib / 1024, 1), "import_s": round(imported - start, 3),
            "pages": pages, "pdf_bytes": pdf.stat().st_size}


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    print(json.dumps(main(sys.argv[1:])))
