"""Tokens and badges: how a requirement term or a card's suit is drawn.

A term with a token style (a colour and a symbol) becomes a disc holding its
symbol and its code, so it reads in colour, in greyscale and for colour-blind
players alike. Other terms (names, categories) become text badges.
"""
from __future__ import annotations

from ..core.fonts import metrics, with_fallback
from ..geometry.draw import Box, Disc, Item, Text
from ..core.mm import Rect
from ..model.pack import TokenStyle
from .colour import INK, ink_on
from .symbols import symbol

BADGE_FONT = "bold"
CATEGORY_FONT = "body"


def token(style: TokenStyle, cx: float, cy: float, r: float, outline: float = 1.0,
          fallback: tuple[str, ...] = ()) -> list[Item]:
    """A disc in the term's colour with its symbol above its code (set with the pack's ``fallback``
    fonts where the badge font lacks a character)."""
    ink = ink_on(style.colour)
    # Symbol in the upper half, code in the lower, with clear space between:
    # capitals half the radius tall, the symbol 0.8 of the radius across.
    size = r * 0.5 / metrics(BADGE_FONT).cap(1.0)
    return [
        Disc(cx, cy, r, fill=style.colour, stroke=INK, width=outline),
        symbol(style.symbol, cx, cy + r * 0.36, r * 0.4, fill=ink),
        centred_text(style.label, cx, cy - r * 0.4, with_fallback(BADGE_FONT, fallback), size, ink),
    ]


def centred_text(text: str, cx: float, cy: float, font: str, size: float, colour: str = INK) -> Text:
    """Text whose capitals are centred on (cx, cy)."""
    return Text(cx, cy - metrics(font).cap(size) / 2, text, font, size, colour, "center")


def badge_size(text: str, height: float, category: bool, fallback: tuple[str, ...] = ()) -> tuple[float, float]:
    """(width, height) in mm of a text badge."""
    size = height * 0.5 * 72 / 25.4
    return metrics(_badge_font(category, fallback)).width(text, size) + height * 0.8, height


def _badge_font(category: bool, fallback: tuple[str, ...]) -> str:
    return with_fallback(CATEGORY_FONT if category else BADGE_FONT, fallback)


def badge(text: str, cx: float, cy: float, height: float, category: bool = False,
          fill: str = "#FFFFFF", fallback: tuple[str, ...] = ()) -> list[Item]:
    """A rounded label; categories get a dashed outline, card names a solid one."""
    w, h = badge_size(text, height, category, fallback)
    font = _badge_font(category, fallback)
    return [Box(Rect(cx - w / 2, cy - h / 2, w, h), fill=fill, stroke=INK, width=0.8,
                radius=h / 2, dash=(2.0, 1.5) if category else ()),
            centred_text(text, cx, cy, font, h * 0.5 * 72 / 25.4)]
