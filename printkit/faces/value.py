"""The "value" template: a numbered card of a suit, such as a persona valued 1 to 5.

The suit's token fills the middle with the value beneath it; the value and
the suit's symbol stand in two opposite corners, so the card reads when
fanned in a hand and in greyscale.
"""
from __future__ import annotations

from ..layout.draw import Group
from ..layout.geometry import Rect
from ..model.pack import Card
from .base import FaceBuilder, FaceContext, FaceResult, front_key
from .colour import INK, shade, tint
from .symbols import symbol
from .tokens import centred_text, token


def value_face(card: Card, ctx: FaceContext) -> FaceResult:
    spec = ctx.deck.face
    roles = spec.roles
    suit = str(card.values.get(roles.get("suit", ""), "") or "")
    value = str(card.values.get(roles.get("value", ""), "") or "")
    style = ctx.manifest.token(suit)
    b = FaceBuilder(ctx, front_key(card))
    safe, w, h = ctx.safe_box, ctx.width, ctx.height
    colour = style.colour if style else "#999999"
    b.background(tint(colour, 0.28))
    b.frame(shade(colour, 0.6) if colour != "#000000" else INK)

    corner = _corner(value, style)
    b.add(Group(tuple(corner), safe.x + 5.0, safe.top - 6.0))
    b.add(Group(tuple(corner), safe.right - 5.0, safe.y + 6.0, angle=180))
    name = spec.label(suit)
    b.fitted(name, Rect(safe.x + 11.0, safe.top - 11.0, safe.w - 22.0, 10.0), "display", 13, 7,
             roles.get("suit", "name"), "name", max_lines=2)
    window = Rect(safe.x, h / 2 - 16.0, safe.w, safe.top - 12.0 - (h / 2 - 16.0))
    pictured = b.art(card, window)
    if style is not None:
        if pictured:
            b.add(*token(style, window.right - 8.0, window.y + 8.0, 7.0, outline=1.0))
        else:
            b.add(*token(style, w / 2, h / 2 + 2.0, 17.0, outline=1.6))
    b.add(centred_text(value, w / 2, h / 2 - 22.5, "display", 30, INK))
    return b.result()


def _corner(value: str, style) -> list:
    """The value over a small symbol, centred on (0, 0)."""
    items = [centred_text(value, 0.0, 2.2, "display", 20, INK)]
    if style is not None:
        items.append(symbol(style.symbol, 0.0, -5.0, 2.6, fill=style.colour, stroke=INK, width=0.5))
    return items
