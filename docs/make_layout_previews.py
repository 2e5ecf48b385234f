"""Regenerate the card previews of docs/layouts.md into docs/layouts/NAME.png.

Run: python docs/make_layout_previews.py

Each previewed example is read from the page (as tests/test_layout_docs.py
reads it), written into a scratch pack, built on A4, and its first card cut
from the first sheet of fronts along its trim. A thin grey line marks the
trim, so that white cards show their edge on a white page.
"""
from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import ImageDraw

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from printkit.commands.build import BuildOptions, build_pack  # noqa: E402
from printkit.geometry.paper import paper  # noqa: E402
from printkit.geometry.sheet import SheetLayout  # noqa: E402

PREVIEWS = ["minimal", "boxes", "text", "shapes", "index", "extends-text"]
MARK = re.compile(r"<!-- example: ([\w-]+)(?: ([\w./-]+))? -->")
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)
SCALE = 4.0  # 288 dpi


def examples() -> dict[str, dict[str, str]]:
    text = (DOCS / "layouts.md").read_text(encoding="utf-8")
    found: dict[str, dict[str, str]] = {}
    for mark in MARK.finditer(text):
        fence = FENCE.search(text, mark.end())
        found.setdefault(mark.group(1), {})[mark.group(2) or "game.toml"] = fence.group(2)
    return found


def main() -> None:
    found = examples()
    shared = found["minimal"]["cards.csv"]
    (DOCS / "layouts").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in PREVIEWS:
            pack = Path(tmp) / name
            files = {"cards.csv": shared, **found[name]}
            for path, text in files.items():
                (pack / path).parent.mkdir(parents=True, exist_ok=True)
                (pack / path).write_text(text, encoding="utf-8")
            build_pack(pack, BuildOptions(Path(tmp) / "out"))
            pdf = pdfium.PdfDocument(Path(tmp) / "out" / name / "cards.pdf")
            page = next(i for i in range(len(pdf)) if "· fronts" in pdf[i].get_textpage().get_text_range())
            image = pdf[page].render(scale=SCALE).to_pil()
            sheet = SheetLayout.compute(paper("a4"), 63.5, 88.9)
            slot, k = sheet.slot(0), SCALE * 72 / 25.4
            top = sheet.paper.height - slot.top  # the slot in mm from the page's top-left
            card = image.crop(tuple(round(v * k) for v in (slot.x, top, slot.right, top + slot.h)))
            ImageDraw.Draw(card).rectangle((0, 0, card.width - 1, card.height - 1), outline="#999999", width=2)
            card.save(DOCS / "layouts" / f"{name}.png", optimize=True)
            pdf.close()
            print(f"wrote docs/layouts/{name}.png")


if __name__ == "__main__":
    main()
