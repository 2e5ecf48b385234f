"""The "suit" template: a card of a suit shows its token big; others show text.

Suit cards (Gag Grab's main characters) carry the token in the middle and
small in two corners, so they read when fanned in a hand. Cards without a
suit (the Peanut Gallery) show their name and, if the face says so, the
pack's powers with their costs.
"""
from __future__ import annotations

from ..layout.draw import Box, Group
from ..layout.geometry import Rect
from ..model.pack import Card
from .base import FaceBuilder, FaceContext, FaceResult, front_key
from .colour import INK, shade, tint
from .symbols import symbol
from .tokens import badge, centred_text, token

PLAIN = "#FFF4D6"  # warm paper for cards without a suit
PLAIN_EDGE = "#8C6D1F"


def suit_face(card: Card, ctx: FaceContext) -> FaceResult:
    spec = ctx.deck.face
    roles = spec.roles
    suit = str(card.values.get(roles.get("suit", ""), "") or "")
    style = ctx.manifest.token(suit) if suit else None
    b = FaceBuilder(ctx, front_key(card))
    safe, w, h = ctx.safe_box, ctx.width, ctx.height
    b.background(tint(style.colour, 0.3) if style else PLAIN)
    b.frame(shade(style.colour, 0.6) if style else PLAIN_EDGE)

    index_r = 4.4
    title_inset = 2 * index_r + 1.5 if style else 0.0
    title = Rect(safe.x + title_inset, safe.top - 12.5, safe.w - 2 * title_inset, 12.5)
    b.fitted(card.name, title, "display", 17, 8, roles["title"], "name", max_lines=2)
    subtitle_column = roles.get("subtitle")
    if subtitle_column:
        label = spec.label(str(card.values.get(subtitle_column, ""))).upper()
        b.fitted(label, Rect(safe.x, title.y - 5.0, safe.w, 4.0), "bold", 7, 5, subtitle_column, "subtitle")

    badge_column = roles.get("badge")
    if badge_column and card.values.get(badge_column):
        b.add(*badge(spec.label(str(card.values[badge_column])), w / 2, safe.y + 4.0, 6.5))

    # A picture takes the middle of the card; the big token then shrinks into its lower corner.
    window = Rect(safe.x, safe.y + 9.0, safe.w, title.y - 6.5 - safe.y - 9.0)
    pictured = b.art(card, window)
    if style is not None:
        if pictured:
            b.add(*token(style, window.right - 8.0, window.y + 8.0, 7.0, outline=1.0))
        else:
            b.add(*token(style, w / 2, h / 2 - 3.0, 17.0, outline=1.6))
        corner = token(style, safe.x + index_r, safe.top - index_r, index_r, outline=0.8)
        b.add(*corner)
        # The same index, turned upside down, in the opposite corner.
        b.add(Group(tuple(token(style, 0, 0, index_r, outline=0.8)),
                    safe.right - index_r, safe.y + index_r, angle=180))
    elif _gets_powers(card, spec.powers_for) and ctx.manifest.powers and not pictured:
        powers_list(b, Rect(safe.x, safe.y + 8.5, safe.w, title.y - 6.0 - safe.y - 8.5))
    elif not pictured:
        b.add(symbol("star", w / 2, h / 2, 9.0, fill=tint(PLAIN_EDGE, 0.5), stroke=INK, width=0.8))
    return b.result()


def _gets_powers(card: Card, where: tuple[tuple[str, str], ...]) -> bool:
    return bool(where) and all(str(card.values.get(col)) == value for col, value in where)


def powers_list(b: FaceBuilder, box: Rect, heading: str = "SPEND FOR") -> None:
    """The pack's powers as a list: cost pips on the left, text on the right."""
    powers = b.ctx.manifest.powers
    b.fitted(heading, Rect(box.x, box.top - 4.0, box.w, 4.0), "bold", 7.5, 5, "", "heading")
    row_gap = 1.2
    area_top = box.top - 5.5
    row_h = (area_top - box.y - row_gap * (len(powers) - 1)) / len(powers)
    pip_w = 9.0
    for i, power in enumerate(powers):
        top = area_top - i * (row_h + row_gap)
        row = Rect(box.x, top - row_h, box.w, row_h)
        b.add(Box(row, fill="#FFFFFF", stroke=tint(PLAIN_EDGE, 0.6), width=0.5, radius=1.5))
        _pips(b, power.cost, row.x + 1.0 + pip_w / 2, row.cy)
        text_box = Rect(row.x + pip_w + 1.5, row.y + 0.6, row.w - pip_w - 2.5, row.h - 1.2)
        b.fitted(power.text, text_box, "body", 7.5, 5.5, "", "power", align="left")


def _pips(b: FaceBuilder, cost: int, cx: float, cy: float) -> None:
    """``cost`` little cards side by side with the number under them."""
    w, h, step = 2.6, 3.6, 1.6
    x0 = cx - (w + step * (cost - 1)) / 2
    for i in range(cost):
        b.add(Box(Rect(x0 + i * step, cy - 0.2, w, h), fill=PLAIN, stroke=INK, width=0.5, radius=0.4))
    b.add(centred_text(f"×{cost}", cx, cy - 2.0, "bold", 6.5))
