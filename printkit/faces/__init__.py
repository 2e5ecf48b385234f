"""Card templates: each turns a card into a Face (a display list), with no drawing library.

A deck's manifest picks its template by name; ``TEMPLATES`` is the list.
"""
from __future__ import annotations

from typing import Callable

from ..model.pack import Card, Pack
from .back import back_face
from .base import FaceContext, FaceResult, Overflow, back_key, front_key
from .claim import claim_face
from .suit import suit_face
from .text import text_face
from .value import value_face

Template = Callable[[Card, FaceContext], FaceResult]

TEMPLATES: dict[str, Template] = {
    "suit": suit_face,
    "claim": claim_face,
    "value": value_face,
    "text": text_face,
}

__all__ = ["TEMPLATES", "FaceContext", "FaceResult", "Overflow", "back_face", "back_key",
           "front_faces", "front_key", "Template"]


def front_faces(pack: Pack) -> dict[str, FaceResult]:
    """Every distinct front of every deck with a known template, laid out once, by face key."""
    results: dict[str, FaceResult] = {}
    for deck in pack.decks.values():
        face = deck.spec.face
        if face is None or face.template not in TEMPLATES:
            continue
        ctx = FaceContext(pack.manifest, deck.spec)
        for card in deck.cards:
            results[front_key(card)] = TEMPLATES[face.template](card, ctx)
    return results
