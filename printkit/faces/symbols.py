"""Original, simple vector symbols, defined in a unit square centred on 0.

Each symbol is a list of closed sub-paths, filled with the non-zero rule so
overlapping parts merge. ``symbol()`` scales one into a Path item.
"""
from __future__ import annotations

import math

from ..layout.draw import Colour, Path

K = 0.5523  # control-point factor for a quarter circle as a cubic curve


def _circle(cx: float, cy: float, r: float) -> list[tuple]:
    k = K * r
    return [("M", cx + r, cy),
            ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)]


def _polygon(points: list[tuple[float, float]]) -> list[tuple]:
    ops: list[tuple] = [("M", *points[0])]
    ops += [("L", x, y) for x, y in points[1:]]
    return ops + [("Z",)]


def _band(centre: list[tuple[float, float]], thickness: float) -> list[tuple]:
    """A thick line along ``centre``, offset vertically: good for zigzags and waves."""
    top = [(x, y + thickness / 2) for x, y in centre]
    bottom = [(x, y - thickness / 2) for x, y in reversed(centre)]
    return _polygon(top + bottom)


def _zigzag() -> list[tuple]:
    xs = [-1.0 + i * 2.0 / 6 for i in range(7)]
    return _band([(x, 0.34 if i % 2 else -0.34) for i, x in enumerate(xs)], 0.44)


def _wave() -> list[tuple]:
    xs = [-0.95 + i * 1.9 / 32 for i in range(33)]
    return _band([(x, 0.32 * math.sin(x * math.pi * 1.05)) for x in xs], 0.36)


def _bone() -> list[tuple]:
    ops = _polygon([(-0.62, -0.17), (0.62, -0.17), (0.62, 0.17), (-0.62, 0.17)])
    for x in (-0.66, 0.66):
        for y in (-0.2, 0.2):
            ops += _circle(x, y, 0.27)
    return ops


def _heart() -> list[tuple]:
    return [("M", 0.0, -0.85),
            ("C", -0.35, -0.5, -0.95, -0.15, -0.95, 0.3),
            ("C", -0.95, 0.75, -0.42, 0.98, 0.0, 0.55),
            ("C", 0.42, 0.98, 0.95, 0.75, 0.95, 0.3),
            ("C", 0.95, -0.15, 0.35, -0.5, 0.0, -0.85), ("Z",)]


def _star(points: int = 5, inner: float = 0.45) -> list[tuple]:
    corners = []
    for i in range(points * 2):
        r = 1.0 if i % 2 == 0 else inner
        a = math.pi / 2 + i * math.pi / points
        corners.append((r * math.cos(a), r * math.sin(a) - 0.06))
    return _polygon(corners)


def _diamond() -> list[tuple]:
    return _polygon([(0, 1), (0.75, 0), (0, -1), (-0.75, 0)])


def _triangle() -> list[tuple]:
    return _polygon([(0, 0.95), (0.95, -0.75), (-0.95, -0.75)])


def _square() -> list[tuple]:
    return _polygon([(-0.78, -0.78), (0.78, -0.78), (0.78, 0.78), (-0.78, 0.78)])


def _cross() -> list[tuple]:
    a, b = 0.3, 0.9
    return _polygon([(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b),
                     (-a, a), (-b, a), (-b, -a), (-a, -a)])


def _hexagon() -> list[tuple]:
    return _polygon([(math.cos(math.pi / 3 * i), math.sin(math.pi / 3 * i)) for i in range(6)])


def _clover() -> list[tuple]:
    ops: list[tuple] = []
    for x, y in ((0, 0.42), (-0.42, -0.05), (0.42, -0.05)):
        ops += _circle(x, y, 0.42)
    return ops + _polygon([(-0.1, -0.2), (0.1, -0.2), (0.18, -0.95), (-0.18, -0.95)])


def _disc() -> list[tuple]:
    return _circle(0, 0, 0.85)


SYMBOLS = {
    "zigzag": _zigzag(), "wave": _wave(), "bone": _bone(), "heart": _heart(), "star": _star(),
    "diamond": _diamond(), "triangle": _triangle(), "square": _square(), "cross": _cross(),
    "hexagon": _hexagon(), "clover": _clover(), "disc": _disc(),
}


def symbol(name: str, cx: float, cy: float, radius: float, fill: Colour,
           stroke: Colour | None = None, width: float = 0.5) -> Path:
    """The named symbol scaled so its unit square spans ``2 * radius`` mm."""
    ops = []
    for op in SYMBOLS.get(name, SYMBOLS["disc"]):  # an unknown name is reported by check; draw something
        coords = op[1:]
        ops.append((op[0], *(cx + v * radius if i % 2 == 0 else cy + v * radius
                             for i, v in enumerate(coords))))
    return Path(tuple(ops), fill=fill, stroke=stroke, width=width)
