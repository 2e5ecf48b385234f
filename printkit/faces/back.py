"""Deck backs: one design per deck, the same behind every card of it.

The outer band is plain deck colour, wider than a printer's duplex error,
so a back that lands a millimetre or two off still looks right.
"""
from __future__ import annotations

import math

from ..layout.draw import Box
from ..layout.geometry import Rect
from ..model.pack import DeckSpec, Manifest
from .art import ArtProblem, picture
from .base import FACE_BLEED, FaceBuilder, FaceContext, FaceResult, back_key
from .colour import ink_on, shade, tint
from .symbols import symbol
from .tokens import centred_text

PLAIN_BAND = 6.0  # mm of uniform colour inside the trim


def back_face(deck: DeckSpec, manifest: Manifest) -> FaceResult:
    ctx = FaceContext(manifest, deck)
    colour = deck.back.colour if deck.back else "#555555"
    label = deck.back.label if deck.back else deck.title
    ink = ink_on(colour)
    b = FaceBuilder(ctx, back_key(deck))
    b.background(colour)
    art = deck.back.art if deck.back else None
    if art is not None:
        # A picture covers the whole back into the bleed; the deck's name stays on a band.
        placed = picture(manifest.path.parent, art.file, ctx.trim.inset(-FACE_BLEED), art.fit, art.focus)
        if isinstance(placed, ArtProblem):
            b.art_problems.append(placed)
        else:
            b.add(placed)
            band = Rect(ctx.trim.x, ctx.height / 2 - 7.0, ctx.width, 14.0)
            b.add(Box(band, fill=colour))
            b.fitted(label.upper(), band.inset(2.0), "display", 24, 10, "", "label", colour=ink, max_lines=1)
            return b.result()
    panel = ctx.trim.inset(PLAIN_BAND)
    b.add(Box(panel, fill=shade(colour, 0.82), stroke=tint(colour, 0.45), width=1.5, radius=4.0))
    cx, cy = ctx.width / 2, ctx.height / 2
    # A ring of the pack's symbols, or stars when it has none.
    symbols = [t.symbol for t in manifest.tokens] or ["star"] * 4
    ring = min(panel.w, panel.h) / 2 - 6.0
    for i, name in enumerate(symbols * (8 // len(symbols) or 1)):
        angle = math.pi / 2 + i * 2 * math.pi / max(8, len(symbols))
        b.add(symbol(name, cx + ring * math.cos(angle), cy + ring * math.sin(angle) * 1.25, 3.6,
                     fill=tint(colour, 0.55)))
    b.fitted(label.upper(), Rect(panel.x + 8, cy - 7, panel.w - 16, 14), "display", 30, 10, "", "label",
             colour=ink, max_lines=1)
    b.fitted(manifest.title, Rect(panel.x + 10, cy - 17, panel.w - 20, 8), "bold", 9, 5, "", "title",
             colour=ink, max_lines=2)
    b.add(centred_text("printkit", cx, panel.y + 3.5, "body", 5.5, tint(colour, 0.45)))
    return b.result()
