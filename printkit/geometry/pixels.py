"""How many pixels one card image may have, judged from its size in mm and the dpi before drawing.

A card image is held whole while it is drawn and encoded (pdfium's 4 bytes a
pixel, then 3 for RGB, and a few images wait for the encoder at once), about
12 bytes a pixel at the peak. 50 million pixels (a 196 × 281 mm card with its
bleed at 760 dpi, or a poker card at 1200 dpi three times over) peak near
650 MB; 123 million (that card at 1200 dpi) ran out of memory under 1.5 GB.
"""
from __future__ import annotations

import math

from ..core.errors import PrintkitError, UsageProblem

MAX_IMAGE_PIXELS = 50_000_000  # pixels of one card image (PNG cards, print-on-demand images)
MM_PER_INCH = 25.4


class TooManyPixels(PrintkitError, ValueError):
    """A card image would have more than MAX_IMAGE_PIXELS pixels."""


class DpiTooHigh(TooManyPixels, UsageProblem):
    """``--dpi`` asks for card images larger than MAX_IMAGE_PIXELS: the option is at fault (exit 2)."""

    option = "--dpi"


def image_pixels(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The pixels of an image ``width_mm`` × ``height_mm`` at ``dpi``, rounded as the raster rounds them."""
    return round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)


def largest_dpi(width_mm: float, height_mm: float) -> int:
    """The highest whole dpi at which an image ``width_mm`` × ``height_mm`` keeps within MAX_IMAGE_PIXELS."""
    dpi = math.floor(MM_PER_INCH * math.sqrt(MAX_IMAGE_PIXELS / (width_mm * height_mm)))
    while dpi > 1 and _over(width_mm, height_mm, dpi):  # rounding up may cross the line
        dpi -= 1
    return dpi


def _over(width_mm: float, height_mm: float, dpi: float) -> bool:
    w, h = image_pixels(width_mm, height_mm, dpi)
    return w * h > MAX_IMAGE_PIXELS


def check_image_pixels(width_mm: float, height_mm: float, dpi: float, what: str,
                       error: type[TooManyPixels] = TooManyPixels) -> None:
    """Raise ``error`` naming ``what``, its size, the dpi and the largest that fits, should an image of
    ``width_mm`` × ``height_mm`` (bleed included) at ``dpi`` have more than MAX_IMAGE_PIXELS pixels."""
    if not _over(width_mm, height_mm, dpi):
        return
    w, h = image_pixels(width_mm, height_mm, dpi)
    raise error(f"{what}: {width_mm:g} × {height_mm:g} mm with bleed at {dpi:g} dpi would be "
                f"{w} × {h} pixels, more than the {MAX_IMAGE_PIXELS // 1_000_000} million a card image may have; "
                f"at most {largest_dpi(width_mm, height_mm)} dpi fits")
