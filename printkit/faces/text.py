"""The "text" template: a card that does something, such as an action card.

A coloured band holds the card's name, a small heading says what kind of
effect it has, and the rule text fills the middle of the card.
"""
from __future__ import annotations

from ..layout.draw import Box
from ..layout.geometry import Rect
from ..model.pack import Card
from .base import FaceBuilder, FaceContext, FaceResult, front_key
from .colour import ink_on, shade, tint
from .symbols import symbol

PAPER = "#FFFDF7"


def text_face(card: Card, ctx: FaceContext) -> FaceResult:
    spec = ctx.deck.face
    roles = spec.roles
    colour = ctx.deck.back.colour if ctx.deck.back else "#0072B2"
    b = FaceBuilder(ctx, front_key(card))
    safe, w = ctx.safe_box, ctx.width
    b.background(PAPER)
    band = Rect(-6.0, safe.top - 14.0, w + 12.0, ctx.height - safe.top + 20.0)
    b.add(Box(band, fill=colour))
    b.fitted(card.name, Rect(safe.x, safe.top - 12.5, safe.w, 11.0), "display", 17, 8, roles["title"], "name",
             colour=ink_on(colour), max_lines=1)
    subtitle = roles.get("subtitle")
    if subtitle:
        label = spec.label(str(card.values.get(subtitle, ""))).upper()
        b.fitted(label, Rect(safe.x, safe.top - 21.0, safe.w, 5.0), "bold", 8, 5, subtitle, "subtitle",
                 colour=shade(colour, 0.55), max_lines=1)
    body = roles.get("text")
    box = Rect(safe.x + 1.5, safe.y + 16.0, safe.w - 3.0, safe.top - 24.0 - safe.y - 16.0)
    # A picture takes the top of the text area; the text keeps the lower part.
    window = Rect(safe.x, safe.y + 38.0, safe.w, safe.top - 23.0 - safe.y - 38.0)
    if b.art(card, window):
        box = Rect(safe.x + 1.5, safe.y + 13.0, safe.w - 3.0, 22.0)
    b.add(Box(box.inset(-1.5), fill="#FFFFFF", stroke=tint(colour, 0.5), width=0.8, radius=2.5))
    if body:
        b.fitted(str(card.values.get(body, "")), box.inset(1.5), "body", 11, 6.5, body, "text")
    b.add(symbol("star", w / 2, safe.y + 6.0, 4.5, fill=tint(colour, 0.55), stroke=colour, width=0.6))
    return b.result()
