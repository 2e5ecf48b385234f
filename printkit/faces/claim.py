"""The "claim" template: a card players claim, with its points and its price.

The name sits at the top, the points big in a disc, and the requirement in
the lower half, drawn with the same tokens as the cards that pay for it.
"""
from __future__ import annotations

from ..layout.draw import Disc
from ..layout.geometry import Rect
from ..model.pack import Card
from ..requirements import Requirement
from .base import FaceBuilder, FaceContext, FaceResult, Overflow, front_key
from .colour import INK, ink_on, tint
from .requirement import draw_requirement
from .tokens import centred_text

PAPER = "#FFFBF0"


def claim_face(card: Card, ctx: FaceContext) -> FaceResult:
    spec = ctx.deck.face
    colour = ctx.deck.back.colour if ctx.deck.back else "#D55E00"
    b = FaceBuilder(ctx, front_key(card))
    safe, w = ctx.safe_box, ctx.width
    b.background(PAPER)
    b.frame(colour)

    title = Rect(safe.x, safe.top - 15.0, safe.w, 15.0)
    r = 10.5
    cy = title.y - 2.0 - r
    # A picture takes the band between the name and the requirement; the
    # points then sit smaller in its top corner, over the picture.
    window = Rect(safe.x, cy - r - 5.0, safe.w, title.y - 1.0 - (cy - r - 5.0))
    pictured = b.art(card, window)
    b.fitted(card.name, title, "display", 15, 8, spec.roles["title"], "name", max_lines=3)

    points_column = spec.roles.get("points")
    if points_column:
        points = str(card.values.get(points_column, ""))
        px, py, pr, size = (window.x + 8.5, window.top - 8.5, 7.0, 22) if pictured else (w / 2, cy, r, 34)
        b.add(Disc(px, py, pr + 1.2, fill=tint(colour, 0.35)),
              Disc(px, py, pr, fill=colour, stroke=INK, width=1.2),
              centred_text(points, px, py + 0.4, "display", size, ink_on(colour)))
        if not pictured:
            # The label names the points as the pack does: "points" -> "Gag Points".
            b.add(centred_text(spec.label(points_column).upper(), w / 2, cy - r - 3.6, "bold", 7.0))

    rule = ctx.manifest.claims
    requirement = card.values.get(rule.column) if rule and rule.deck == ctx.deck.id else None
    if isinstance(requirement, Requirement):
        top = cy - r - 7.5
        b.add(centred_text(spec.label(rule.column).upper(), w / 2, top - 1.0, "bold", 6.5, "#555555"))
        box = Rect(safe.x, safe.y + 0.5, safe.w, top - 3.5 - safe.y - 0.5)
        drawn = draw_requirement(requirement, box, ctx.manifest)
        b.add(*drawn.items)
        if not drawn.fits:
            b.overflows.append(Overflow(rule.column, str(requirement), "requirement"))
    return b.result()
