"""Colour arithmetic for designs: tints, and ink that stays readable on a fill."""
from __future__ import annotations

from functools import lru_cache

from ..model.design_keys import INK  # near-black for outlines and text


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white; amount 1 keeps the colour, 0 gives white."""
    r, g, b = (round(255 - (255 - c) * amount) for c in _rgb(colour))
    return f"#{r:02X}{g:02X}{b:02X}"


def shade(colour: str, amount: float) -> str:
    """``colour`` mixed with black; amount 1 keeps the colour."""
    r, g, b = (round(c * amount) for c in _rgb(colour))
    return f"#{r:02X}{g:02X}{b:02X}"


def luminance(colour: str) -> float:
    """Relative luminance as WCAG 2 defines it, 0 (black) to 1 (white)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = _rgb(colour)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@lru_cache(maxsize=4096)
def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: str) -> str:
    """Near-black or white, whichever contrasts more with ``fill``."""
    return INK if contrast(INK, fill) >= contrast("#FFFFFF", fill) else "#FFFFFF"
