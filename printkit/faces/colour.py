"""Colour arithmetic for designs: tints, and ink that stays readable on a fill."""
from __future__ import annotations

INK = "#1A1A1A"  # near-black for outlines and text


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


def grey_level(colour: str) -> float:
    """Lightness as a greyscale printer would render it, 0 (black) to 1 (white)."""
    r, g, b = _rgb(colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``, in colour and in greyscale."""
    return INK if grey_level(fill) >= 0.5 else "#FFFFFF"
