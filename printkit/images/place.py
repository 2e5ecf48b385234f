"""Where a picture goes in its box: cover, contain or stretch, about a focal point.

All plain geometry in millimetres; the picture's own size only sets its
aspect ratio. ``cover`` fills the box and crops what spills over, keeping
the focal point as central as the crop allows; ``contain`` shows all of it
inside the box; ``stretch`` fills the box and distorts.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.mm import Rect


@dataclass(frozen=True)
class Placement:
    rect: Rect  # where the whole picture is drawn
    clip: Rect  # what of it shows


def place(width_px: int, height_px: int, box: Rect, fit: str = "cover",
          focus: tuple[float, float] = (0.5, 0.5)) -> Placement:
    """``focus`` is a point of the picture, (0, 0) its top left and (1, 1) its bottom right."""
    if fit == "stretch":
        return Placement(box, box)
    aspect = width_px / height_px
    if fit == "contain":
        w = min(box.w, box.h * aspect)
        h = w / aspect
        # Within the spare room, the focal point decides where the picture sits.
        fx, fy = focus
        return Placement(Rect(box.x + (box.w - w) * fx, box.y + (box.h - h) * (1 - fy), w, h), box)
    w = max(box.w, box.h * aspect)
    h = w / aspect
    fx, fy = focus
    # Put the focal point at the box's centre, then slide back so no gap shows.
    x = min(box.x, max(box.right - w, box.cx - fx * w))
    top = max(box.top, min(box.y + h, box.cy + fy * h))
    return Placement(Rect(x, top - h, w, h), box)


def effective_dpi(width_px: int, height_px: int, rect: Rect) -> float:
    """Pixels per inch where the picture is drawn, the lower of its two directions."""
    return min(width_px / (rect.w / 25.4), height_px / (rect.h / 25.4))
