"""Where each element of a card layout sits: plain geometry in millimetres.

Layouts are written top-down, as designers measure a card: ``x`` from the
left of the element's frame, ``y`` from its top. Faces are drawn with the
origin at the trim's bottom-left and y pointing up, so this is where the
two meet. A frame is the trim, the safe zone inside it, or the bleed
around it; an edge may instead be anchored to an earlier element.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..core.mm import Rect, Sides

PRINT_BLEED = 3.0  # mm: the "bleed" frame designers measure from


def frame_rect(frame: str, width: float, height: float, safe: float, bleed: float = PRINT_BLEED) -> Rect:
    trim = Rect(0.0, 0.0, width, height)
    if frame == "safe":
        return trim.inset(safe)
    if frame == "bleed":
        return trim.grow(Sides.all(bleed))
    return trim


def _span(start, centre, end_gap, size, lo: float, hi: float, before: Rect | None, after: Rect | None,
          gap: float, forward: bool) -> tuple[float, float]:
    """(low edge, length) along one axis of a frame running from ``lo`` to ``hi``.

    ``start`` is measured from the frame's leading edge (left, or top when
    ``forward`` is False), ``end_gap`` from its trailing edge; ``before`` and
    ``after`` are anchors the element sits after or before.
    """
    span = hi - lo
    length = size.mm(span) if size is not None else None
    # Positions along the reading direction: left->right, or top->bottom.
    lead = None
    trail = None
    if start is not None:
        lead = start.mm(span)
    elif centre is not None and length is not None:
        lead = centre.mm(span) - length / 2
    elif centre is not None:
        lead = centre.mm(span)
        length = 0.0
    if before is not None:  # placed after (right of / below) an anchor
        lead = (before.right - lo) + gap if forward else (hi - before.y) + gap
    if end_gap is not None:
        trail = span - end_gap.mm(span)
    if after is not None:  # placed before (left of / above) an anchor
        trail = (after.x - lo) - gap if forward else (hi - after.top) - gap
    if lead is None and trail is not None and length is not None:
        lead = trail - length
    if lead is None:
        lead = 0.0
    if length is None:
        length = (span if trail is None else trail) - lead
    length = max(0.0, length)
    if forward:
        return lo + lead, length
    return hi - lead - length, length


def element_box(props, frame: Rect, anchors: dict[str, Rect]) -> Rect:
    """The box of one element (``props`` as read from its layout) inside ``frame``."""
    gap = props.get("gap", 1.0)
    x, w = _span(props.get("x"), props.get("cx"), props.get("right"), props.get("w"), frame.x, frame.right,
                 anchors.get(props.get("right_of")), anchors.get(props.get("left_of")), gap, True)
    y, h = _span(props.get("y"), props.get("cy"), props.get("bottom"), props.get("h"), frame.y, frame.top,
                 anchors.get(props.get("below")), anchors.get(props.get("above")), gap, False)
    return Rect(x, y, w, h)


def layout_boxes(elements: Sequence, width: float, height: float, safe: float,
                 bleed: float = PRINT_BLEED) -> tuple[Rect, ...]:
    """The box of every element, in order; anchors refer to earlier named elements."""
    boxes: list[Rect] = []
    named: dict[str, Rect] = {}
    for element in elements:
        frame = frame_rect(element.props.get("from", "trim"), width, height, safe, bleed)
        box = element_box(element.props, frame, named)
        boxes.append(box)
        if element.name:
            named[element.name] = box
    return tuple(boxes)
