"""The two sides of the card benchmark: a synthetic printkit pack of N Gag cards, and plain reportlab drawing them.

``synthetic_pack`` writes Gag Grab's Kid deck plus N distinct Gag cards,
split into decks of at most 2,000 (printkit's limit on one deck, C210): the
first deck is ``gags`` (the claims deck), the others ``gags02``, ``gags03``…
with the same columns, claim face and back, each with its own CSV file and
``[expect]`` counts. No board, player aids or rules: the baseline draws none.

``baseline`` draws the same number of cards (N Gag cards plus 52 standing in
for the Kid cards) with the same shapes and strings per card as printkit's
claim face and Gag back, straight onto A4 pages nine at a time, each sheet
followed by its page of backs mirrored for a long-edge flip, with crop marks.
What it leaves out: printkit's checks and page lint, its layout layer and
shared forms, the Kid cards' own face (the stand-ins are drawn as Gag cards),
starting each deck on a fresh sheet, and the kit's guide pages.
"""
from __future__ import annotations

import io
import random
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DECK_LIMIT = 2000  # printkit.model.pack.MAX_DECK_CARDS
KID_CARDS = 52  # cards/gag-grab/kids.csv, counting copies
PACK_LIMIT = 10_000  # printkit.model.pack.MAX_PACK_CARDS: cards in all of a pack's decks
MAX_GAGS = PACK_LIMIT - KID_CARDS  # the most Gag cards a pack that printkit builds holds
TERMS = ["CB", "SN", "LI", "LU", "MC", "Any", "Schroeder", "Girl", "Boy"]


def gag_name(n: int) -> str:
    """The name of Gag card n, the same on both sides (distinct across all decks)."""
    return f"Gag number {n:05d}"


def deck_ids(cards: int, per_deck: int = DECK_LIMIT) -> list[tuple[str, int]]:
    """(deck id, cards in it) for a pack of ``cards`` Gag cards."""
    sizes = [min(per_deck, cards - start) for start in range(0, cards, per_deck)]
    return [("gags" if k == 0 else f"gags{k + 1:02d}", size) for k, size in enumerate(sizes)]


def synthetic_pack(folder: Path, cards: int = DECK_LIMIT, per_deck: int = DECK_LIMIT) -> Path:
    """Write the pack into ``folder/bench`` and return that folder."""
    pack = folder / "bench"
    pack.mkdir()
    shutil.copy(REPO / "cards/gag-grab/kids.csv", pack)
    manifest = _without((REPO / "cards/gag-grab/game.toml").read_text(encoding="utf-8"),
                        "[board]", "[player_aid]", "[rules]", "[[variants]]")
    gags_tables = _gags_tables(manifest)
    rng = random.Random(2026)
    extra, n = [], 0
    for deck, size in deck_ids(cards, per_deck):
        rows, total = ["name,points,requires"], 0
        for _ in range(size):
            points = rng.randint(1, 7)
            total += points
            a, b = rng.sample(TERMS, 2)
            rows.append(f"{gag_name(n)},{points},{a} + {b}" if n % 3 else f"{gag_name(n)},{points},SN x2")
            n += 1
        (pack / f"{deck}.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        expect = f"cards = {size}\nsum.points = {total}"
        if deck == "gags":
            manifest = manifest.replace("cards = 60\nsum.points = 188", expect)
        else:
            # Same columns, face and back as gags; only one deck can be the [claims]
            # deck, so these name their requirement column in the layout (GAG_LAYOUT).
            table = gags_tables.replace("[decks.gags", f"[decks.{deck}").replace('"gags.csv"', f'"{deck}.csv"')
            extra.append(table.replace("cards = 60\nsum.points = 188", expect)
                         .replace('layout = "claim"', 'layout = "gag"'))
    if extra:
        extra.append(GAG_LAYOUT)
    (pack / "game.toml").write_text(manifest + "\n" + "\n".join(extra), encoding="utf-8")
    return pack


# The claim layout with its price read from the 'requires' column itself: the
# claim rule binds $requires on the claims deck only.
GAG_LAYOUT = """
[layouts.gag]
extends = "claim"

[[layouts.gag.elements]]
name = "price-label"
text = "{#requires}"
when = { requires = true }

[[layouts.gag.elements]]
name = "price"
column = "requires"
"""


def _gags_tables(toml: str) -> str:
    """The text of the [decks.gags] table and its sub-tables."""
    start = toml.index("[decks.gags]")
    return toml[start:toml.index("[claims]", start)]


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


def _zigzag(c, cx: float, cy: float, r: float) -> None:
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


def _clip(c, x: float, y: float, w: float, h: float) -> None:
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)


def baseline(count: int) -> bytes:
    """``count`` equivalent cards, fronts and backs, drawn straight onto the
    pages with reportlab's defaults: the same shapes and strings per card as
    printkit draws, but no checks, no layout layer and no shared forms."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from printkit.core.mm import mm_to_pt
    from printkit.render.pdf import register_fonts

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
        c.drawCentredString(x + w / 2, y + h - 30, gag_name(n))
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


def _backs(c, filled: int, x0: float, y0: float, w: float, h: float) -> None:
    """A page of deck backs behind the sheet just drawn, mirrored for a long-edge flip."""
    from reportlab.lib.colors import HexColor

    from printkit.core.mm import mm_to_pt

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
