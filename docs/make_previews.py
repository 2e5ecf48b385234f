"""Regenerate the preview images in docs/ from a fresh build of the Gag Grab pack.

Run: python docs/make_previews.py
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from printkit.build import BuildOptions, build_pack  # noqa: E402

# (file name, page number in cards.pdf, scale: 1.0 is 72 dpi)
PREVIEWS = [
    ("print-guide.png", 1, 1.0),
    ("kid-fronts.png", 11, 1.0),  # main characters and Peanut Gallery cards on one sheet
    ("kid-backs.png", 12, 1.0),
    ("gag-fronts.png", 15, 1.0),
]
CLOSE_UP = ("gag-card.png", 15, 4.0, (6.75, 11.85, 73.25, 103.75))  # the first card with its outer bleed, mm from the top left


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pdf_path = build_pack(DOCS.parent / "cards" / "gag-grab", BuildOptions(Path(tmp))).files[0]
        pdf = pdfium.PdfDocument(pdf_path)
        for name, page, scale in PREVIEWS:
            pdf[page - 1].render(scale=scale).to_pil().save(DOCS / name, optimize=True)
            print(f"wrote docs/{name}")
        name, page, scale, (x0, y0, x1, y1) = CLOSE_UP
        k = scale * 72 / 25.4
        image = pdf[page - 1].render(scale=scale).to_pil()
        image.crop((round(x0 * k), round(y0 * k), round(x1 * k), round(y1 * k))).save(DOCS / name, optimize=True)
        print(f"wrote docs/{name}")
        pdf.close()


if __name__ == "__main__":
    main()
