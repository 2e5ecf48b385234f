"""Frozen geometry primitives in millimetres."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

PT_PER_MM = 72 / 25.4


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    return pt / PT_PER_MM


@dataclass(frozen=True)
class Sides:
    """A distance for each side of a rectangle."""

    left: float = 0.0
    bottom: float = 0.0
    right: float = 0.0
    top: float = 0.0

    @classmethod
    def all(cls, d: float) -> "Sides":
        return cls(d, d, d, d)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def grow(self, sides: Sides) -> "Rect":
        return Rect(self.x - sides.left, self.y - sides.bottom,
                    self.w + sides.left + sides.right, self.h + sides.bottom + sides.top)

    def inset(self, d: float) -> "Rect":
        return self.grow(Sides.all(-d))

    def moved(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: "Rect", tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.top <= self.top + tolerance)


def bounding(rects: Iterable[Rect]) -> Rect | None:
    """The smallest rectangle holding every one of ``rects``; None for none."""
    rects = list(rects)
    if not rects:
        return None
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.top for r in rects) - y)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return ((self.x2 - self.x1) ** 2 + (self.y2 - self.y1) ** 2) ** 0.5
