"""Ink coverage of a PDF's pages, measured from a coarse raster of what prints.

Coverage is the sum of cyan, magenta, yellow and black over the page, as a
percentage of its area: a page of solid black is 100%, a rich dark blue
well over 100%. Each pixel's RGB goes to CMYK the simple way (black is the
grey the three colours share, under-colour removal), which is what a home
printer's driver does in spirit; the figure is a guide to how much ink a
page takes, not a proof.
"""
from __future__ import annotations

from collections.abc import Sequence

import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageOps, ImageStat

from ..core.parallel import ordered_map, worker_count

COVERAGE_DPI = 15  # coarse: coverage is an average, and a thousand-page deck must stay quick


def page_coverage(pdf: bytes, dpi: float = COVERAGE_DPI) -> list[float]:
    """Ink coverage of each page of ``pdf``, in per cent of the page (0 to 400); a long document's
    pages are measured by worker processes (``--workers``), in runs of ``PAGE_RUN``."""
    document = pdfium.PdfDocument(pdf)
    try:
        count = len(document)
        runs = [(first, min(first + PAGE_RUN, count)) for first in range(0, count, PAGE_RUN)]
        workers = worker_count(len(runs)) if count >= PARALLEL_PAGES else 1
        if workers == 1:
            return [c for first, last in runs for c in _coverage(document, first, last, dpi)]
    finally:
        document.close()
    # Forked, the workers share the parent's bytes of the PDF; each opens it once, for all its runs.
    found = ordered_map(__name__, "_run_coverage", runs, workers, "_start_coverage", (pdf, dpi))
    return [c for run in found for c in run]


PAGE_RUN = 50  # pages a worker measures at a time
PARALLEL_PAGES = 200  # pages from which measuring them in workers pays for starting the processes
_PDF: dict = {}


def _start_coverage(pdf: bytes, dpi: float) -> None:
    # Kept open for the worker's life (its fonts and pages parsed once), closed as the process ends.
    _PDF["document"], _PDF["dpi"] = pdfium.PdfDocument(pdf), dpi


def _run_coverage(run: tuple[int, int]) -> list[float]:
    return _coverage(_PDF["document"], *run, _PDF["dpi"])


def _coverage(document: pdfium.PdfDocument, first: int, last: int, dpi: float) -> list[float]:
    """The coverage of pages ``first`` to ``last - 1`` of ``document``."""
    out = []
    for n in range(first, last):
        page = document[n]
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        page.close()
        out.append(image_coverage(image))
    return out


def image_coverage(image: Image.Image) -> float:
    """Coverage in per cent of an RGB image: per pixel c, m, y = 255 - r, g, b and k = min(c, m, y),
    so the ink is (c - k) + (m - k) + (y - k) + k = c + m + y - 2k."""
    count = image.width * image.height
    if not count:
        return 0.0
    c, m, y = ImageOps.invert(image.convert("RGB")).split()
    k = ImageChops.darker(ImageChops.darker(c, m), y)
    total = sum(ImageStat.Stat(band).sum[0] for band in (c, m, y)) - 2 * ImageStat.Stat(k).sum[0]
    return 100.0 * total / (255 * count)


def coverage_note(coverage: Sequence[float], labels: Sequence[str], backs_ink: str | None) -> str:
    """A line for the build summary: the average and heaviest page of the card sheets' fronts and backs."""
    parts = []
    for side in ("fronts", "backs"):
        pages = [(c, n) for n, (c, label) in enumerate(zip(coverage, labels), 1) if label.endswith(side)]
        if not pages:
            continue
        average = sum(c for c, _ in pages) / len(pages)
        heaviest, number = max(pages)
        ink = f" ({backs_ink})" if side == "backs" and backs_ink else ""
        parts.append(f"{side}{ink} {average:.0f}% a page on average, at most {heaviest:.0f}% (page {number})")
    return "cards.pdf ink coverage (C+M+Y+K): " + "; ".join(parts) if parts else ""
