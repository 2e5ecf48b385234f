"""X961: ink a print service's cut may land in, the band just inside the trim.

A shop's blade may cut up to its tolerance off the trim line either way. An
element that bleeds past the trim is cut through and looks the same; one
that stops just inside it (a frame 2.5 mm in, a plate's edge) comes out
uneven from card to card, or is cut into. Each element of a deck's front or
back layout is reported once, at the layout line that draws it.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping

from ..core.findings import Finding, Location
from ..core.mm import Rect, bounding, pt_to_mm
from ..faces import FaceResult, back_face, back_layout, front_key
from ..faces.aid import AID_DECK, aid_back, aid_front
from ..geometry.bounds import bounds, placed
from ..geometry.draw import Box, Disc, Line, Path
from ..model.designs import Layout
from ..model.pack import DeckSpec, Pack
from .layouts import describe, where_of

EPSILON = 0.05  # mm: ink this near the trim or the band's inner edge counts as on it


def cut_band_findings(pack: Pack, fronts: Mapping[str, FaceResult], deck_ids: list[str], band: float,
                      service: str) -> list[Finding]:
    """X961 for every element of the named decks' fronts and backs (the player aids' too, as
    ``AID_DECK``) with an edge inside the ``band`` mm just inside the trim (and not past the trim, where
    it would be cut through)."""
    found: list[Finding] = []
    seen: set = set()
    for title, size, faces in _sides(pack, fronts, deck_ids):
        for layout, face, side, where in faces:
            for part in face.parts:
                key = (title, side, id(part.element))
                if key in seen:
                    continue
                depth = _band_depth(_ink(part.items), size, band)
                if depth is None:
                    continue
                seen.add(key)
                found.append(Finding(
                    "X961", f"{describe(part.element, layout)} ({side} of {title}) has ink {depth:.1f} mm "
                            f"inside the trim, within the {_mm(band)} mm cut band of {service}",
                    where(part.element),
                    f"move it at least {_mm(band)} mm inside the trim, or let it run past the trim into the bleed"))
    return found


def _sides(pack: Pack, fronts: Mapping[str, FaceResult], deck_ids: list[str]):
    """(title, card size, [(layout, face, side, where an element of it is reported)]) of each deck."""
    manifest = pack.manifest
    for deck_id in deck_ids:
        spec, deck = manifest.deck(deck_id), pack.decks.get(deck_id)
        if deck_id == AID_DECK and spec is None and manifest.player_aid is not None:
            # printkit's own layouts: reported at the pack's [player_aid], which a designer can drop
            aid = manifest.player_aid.location
            yield "Player aids", manifest.card_size(), [
                (manifest.layouts["aid-front"], aid_front(pack), "front", lambda _, at=aid: at),
                (manifest.layouts["aid-back"], aid_back(pack), "back", lambda _, at=aid: at)]
        if spec is None or deck is None or spec.face is None:
            continue
        front = manifest.layouts.get(spec.face.layout)
        faces = [(front, fronts[front_key(card)], "front", functools.partial(where_of, layout=front, deck=spec))
                 for card in deck.cards if card.count] if front else []
        back = back_layout(spec, manifest)
        faces.append((back, back_face(spec, manifest, pack, "full"), "back",
                      functools.partial(_back_where, layout=back, deck=spec)))
        yield spec.title, manifest.card_size(spec), faces


def _ink(items) -> Rect | None:
    """Where an element's ink is, strokes included."""
    rects = []
    for item, matrix in placed(items):
        rect = bounds(item, matrix)
        if isinstance(item, (Box, Disc, Path, Line)) and getattr(item, "stroke", True):
            rect = rect.inset(-pt_to_mm(item.width) / 2)
        rects.append(rect)
    return bounding(rects) if rects else None


def _band_depth(ink: Rect | None, size: tuple[float, float], band: float) -> float | None:
    """How far inside the trim the nearest of the ink's edges lies, when one lies inside the band."""
    if ink is None:
        return None
    width, height = size
    edges = (ink.x, width - ink.right, ink.y, height - ink.top)  # each edge's distance inside the trim
    inside = [d for d in edges if EPSILON < d < band - EPSILON]
    return min(inside) if inside else None


def _back_where(element, layout: Layout, deck: DeckSpec) -> Location:
    if not layout.builtin:
        return element.location
    back = deck.back
    return (back.layout_location or back.location if back else None) or deck.location


def _mm(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")
