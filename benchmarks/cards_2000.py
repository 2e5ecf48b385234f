"""How long printkit takes to build a 2,000-card deck, against plain reportlab.

Run: python benchmarks/cards_2000.py [--repeat N]

It writes a synthetic pack (Gag Grab's Kid deck plus 2,000 distinct Gag
cards), times ``build_pack`` on it, and times a minimal reportlab script that
draws the same number of equivalent cards (background, frame, name, points
disc, two requirement tokens, crop marks) straight onto the pages. Both run
in this process, one after the other, best of N; the figure that matters is
the ratio, which a busy or slow machine affects far less than the seconds.
"""
from __future__ import annotations

import argparse
import io
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from printkit.build import BuildOptions, build_pack  # noqa: E402
from printkit.layout.geometry import mm_to_pt  # noqa: E402
from printkit.render.pdf import register_fonts  # noqa: E402

CARDS = 2000
TERMS = ["CB", "SN", "LI", "LU", "MC", "Any", "Schroeder", "Girl", "Boy"]


def synthetic_pack(folder: Path) -> Path:
    pack = folder / "bench"
    pack.mkdir()
    shutil.copy(REPO / "cards/gag-grab/kids.csv", pack)
    rng = random.Random(2026)
    rows, total = ["name,points,requires"], 0
    for i in range(CARDS):
        points = rng.randint(1, 7)
        total += points
        a, b = rng.sample(TERMS, 2)
        rows.append(f"Gag number {i:04d},{points},{a} + {b}" if i % 3 else f"Gag number {i:04d},{points},SN x2")
    (pack / "gags.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    manifest = (REPO / "cards/gag-grab/game.toml").read_text(encoding="utf-8")
    manifest = manifest.replace("cards = 60\nsum.points = 188", f"cards = {CARDS}\nsum.points = {total}")
    # Cards only: no board.pdf, player aids or rules, which the baseline does not draw either.
    (pack / "game.toml").write_text(_without(manifest, "[board]", "[player_aid]", "[rules]"), encoding="utf-8")
    return pack


def _without(toml: str, *tables: str) -> str:
    """The manifest text with the named tables (up to the next blank line) left out."""
    kept, skipping = [], False
    for line in toml.splitlines():
        if line.strip() in tables:
            skipping = True
        elif skipping and not line.strip():
            skipping = False
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def _zigzag(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A filled 14-point polygon, like printkit's symbols."""
    xs = [cx - r + i * r / 3 for i in range(7)]
    top = [(x, cy + (0.26 if i % 2 else -0.26) * r + 0.18 * r) for i, x in enumerate(xs)]
    bottom = [(x, y - 0.36 * r) for x, y in reversed(top)]
    p = c.beginPath()
    p.moveTo(*top[0])
    for point in top[1:] + bottom:
        p.lineTo(*point)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _clip(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)


def baseline(count: int) -> bytes:
    """Equivalent cards, fronts and backs, drawn straight onto the pages with
    reportlab's defaults: the same shapes and strings per card as printkit
    draws, but no checks, no layout layer and no shared forms."""
    register_fonts()
    out = io.BytesIO()
    c = Canvas(out, invariant=1, pageCompression=1)
    w, h = mm_to_pt(63.5), mm_to_pt(88.9)
    x0, y0 = mm_to_pt(9.75), mm_to_pt(15.15)
    for n in range(count):
        slot = n % 9
        x, y = x0 + (slot % 3) * w, y0 + (2 - slot // 3) * h
        c.saveState()
        _clip(c, x, y, w, h)
        c.setFillColor(HexColor("#FFFBF0"))
        c.rect(x - 10, y - 10, w + 20, h + 20, stroke=0, fill=1)
        c.setStrokeColor(HexColor("#D55E00"))
        c.roundRect(x + 7, y + 7, w - 14, h - 14, 8, stroke=1, fill=0)
        c.setFillColor(HexColor("#1A1A1A"))
        c.setFont("ComicNeue-Bold", 15)
        c.drawCentredString(x + w / 2, y + h - 30, f"Gag number {n:04d}")
        c.setFillColor(HexColor("#F2C6A6"))
        c.circle(x + w / 2, y + h / 2 + 20, 33, stroke=0, fill=1)
        c.setFillColor(HexColor("#D55E00"))
        c.circle(x + w / 2, y + h / 2 + 20, 30, stroke=1, fill=1)
        c.setFillColor(HexColor("#FFFFFF"))
        c.setFont("ComicNeue-Bold", 34)
        c.drawCentredString(x + w / 2, y + h / 2 + 8, str(n % 7 + 1))
        c.setFillColor(HexColor("#1A1A1A"))
        c.setFont("AtkinsonHyperlegible-Bold", 7)
        c.drawCentredString(x + w / 2, y + h / 2 - 22, "GAG POINTS")
        c.drawCentredString(x + w / 2, y + h / 2 - 34, "CLAIM WITH")
        c.setFont("ComicNeue-Bold", 20)
        c.drawCentredString(x + w / 2, y + 34, "+")
        for dx in (-22, 22):
            c.setFillColor(HexColor("#56B4E9"))
            c.circle(x + w / 2 + dx, y + 40, 18, stroke=1, fill=1)
            c.setFillColor(HexColor("#1A1A1A"))
            _zigzag(c, x + w / 2 + dx, y + 46, 7)
            c.setFont("AtkinsonHyperlegible-Bold", 10)
            c.drawCentredString(x + w / 2 + dx, y + 32, "SN")
        c.restoreState()
        if slot == 8 or n == count - 1:
            for i in range(4):
                c.line(x0 + i * w, y0 + 3 * h + 10, x0 + i * w, y0 + 3 * h + 24)
                c.line(x0 + i * w, y0 - 10, x0 + i * w, y0 - 24)
                c.line(x0 - 10, y0 + i * h, x0 - 24, y0 + i * h)
                c.line(x0 + 3 * w + 10, y0 + i * h, x0 + 3 * w + 24, y0 + i * h)
            c.setFont("AtkinsonHyperlegible-Regular", 6.5)
            c.drawCentredString(mm_to_pt(105), y0 - 20, f"sheet {n // 9 + 1}")
            c.showPage()
            _backs(c, slot + 1, x0, y0, w, h)
    c.save()
    return out.getvalue()


def _backs(c: Canvas, filled: int, x0: float, y0: float, w: float, h: float) -> None:
    """A page of deck backs behind the sheet just drawn, mirrored for a long-edge flip."""
    page_w = mm_to_pt(210)
    for slot in range(filled):
        x = page_w - (x0 + (slot % 3) * w) - w
        y = y0 + (2 - slot // 3) * h
        c.saveState()
        _clip(c, x - 10, y - 10, w + 20, h + 20)
        c.setFillColor(HexColor("#D55E00"))
        c.rect(x - 17, y - 17, w + 34, h + 34, stroke=0, fill=1)
        c.setFillColor(HexColor("#AF4D00"))
        c.roundRect(x + 17, y + 17, w - 34, h - 34, 11, stroke=1, fill=1)
        c.setFillColor(HexColor("#EBAF80"))
        for k in range(8):
            _zigzag(c, x + w / 2 + 40 * (k % 3 - 1), y + h / 2 + 50 * (k // 3 - 1), 10)
        c.setFillColor(HexColor("#FFFFFF"))
        c.setFont("ComicNeue-Bold", 30)
        c.drawCentredString(x + w / 2, y + h / 2, "GAG")
        c.setFont("AtkinsonHyperlegible-Bold", 9)
        c.drawCentredString(x + w / 2, y + h / 2 - 30, "Peanuts Gag Grab")
        c.setFont("AtkinsonHyperlegible-Regular", 5.5)
        c.drawCentredString(x + w / 2, y + 28, "printkit")
        c.restoreState()
    c.showPage()


def best_of(repeat: int, run) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pack = synthetic_pack(Path(tmp))
        options = BuildOptions(Path(tmp) / "out")
        build_pack(pack, options)  # warm up: imports, font registration, metrics
        baseline(9)
        ours = best_of(args.repeat, lambda: build_pack(pack, options))
        theirs = best_of(args.repeat, lambda: baseline(CARDS))
        built = sorted(p.name for p in (Path(tmp) / "out" / "bench").iterdir())
        assert built == ["cards.pdf"], built
        size = (Path(tmp) / "out" / "bench" / "cards.pdf").stat().st_size
    print(f"cards: {CARDS} Gag cards + 52 Kid cards, fronts and backs, A4")
    print(f"printkit build (check + layout + render): {ours:.2f} s, {size / 1e6:.1f} MB")
    print(f"minimal reportlab, fronts and backs:      {theirs:.2f} s")
    print(f"ratio: {ours / theirs:.2f}x (target: at most 1.5x)")


if __name__ == "__main__":
    main()
