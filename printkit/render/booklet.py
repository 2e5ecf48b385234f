"""Impose pages two-up for a folded, saddle-stitched booklet.

Pages are set on half sheets; each sheet carries four of them, two a side,
in the order that reads straight through once the stack is folded in half.
"""
from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation


def booklet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) 0-based page numbers for each side of each sheet; None is a blank."""
    n = (pages + 3) // 4 * 4
    def page(k: int) -> int | None:
        return k if k < pages else None
    sides = []
    for sheet in range(n // 4):
        sides.append((page(n - 1 - 2 * sheet), page(2 * sheet)))  # outside of the sheet
        sides.append((page(2 * sheet + 1), page(n - 2 - 2 * sheet)))  # inside
    return sides


def impose_booklet(pdf: bytes, sheet_w: float, sheet_h: float) -> bytes:
    """A new PDF of landscape sheets (``sheet_w`` × ``sheet_h`` points), two pages on each side."""
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    half = sheet_w / 2
    for left, right in booklet_order(len(reader.pages)):
        sheet = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for number, x in ((left, 0.0), (right, half)):
            if number is None:
                continue
            page = reader.pages[number]
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            scale = min(half / w, sheet_h / h)
            dx = x + (half - w * scale) / 2
            dy = (sheet_h - h * scale) / 2
            sheet.merge_transformed_page(page, Transformation().scale(scale).translate(dx, dy))
        writer.add_page(sheet)
    writer.add_metadata({k: v for k, v in (reader.metadata or {}).items() if isinstance(v, str)})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
