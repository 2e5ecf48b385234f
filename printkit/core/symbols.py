"""Original, simple vector symbols, defined in a unit square centred on 0.

Each symbol is a list of closed sub-paths, filled with the non-zero rule so
overlapping parts merge. ``faces.symbols.symbol()`` scales one into a Path item;
the model reads their names to check a pack's icons.
"""
from __future__ import annotations

import math

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


def _arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[tuple]:
    """Cubic curves along a circle from angle ``a0`` to ``a1`` (radians, counter-clockwise)."""
    while a1 <= a0:
        a1 += 2 * math.pi
    steps = max(1, math.ceil((a1 - a0) / (math.pi / 2)))
    ops: list[tuple] = []
    step = (a1 - a0) / steps
    k = 4 / 3 * math.tan(step / 4) * r
    for i in range(steps):
        s, e = a0 + i * step, a0 + (i + 1) * step
        ops.append(("C", cx + r * math.cos(s) - k * math.sin(s), cy + r * math.sin(s) + k * math.cos(s),
                    cx + r * math.cos(e) + k * math.sin(e), cy + r * math.sin(e) - k * math.cos(e),
                    cx + r * math.cos(e), cy + r * math.sin(e)))
    return ops


def _meet(c1: tuple[float, float], c2: tuple[float, float], r: float) -> tuple[float, float]:
    """Where two circles of radius ``r`` cross, on the side away from the origin."""
    mx, my = (c1[0] + c2[0]) / 2, (c1[1] + c2[1]) / 2
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    d = math.hypot(dx, dy)
    h = math.sqrt(r * r - (d / 2) ** 2)
    a = (mx - dy / d * h, my + dx / d * h)
    b = (mx + dy / d * h, my - dx / d * h)
    return max(a, b, key=lambda p: math.hypot(*p))


def _clover() -> list[tuple]:
    """Three leaves and a stem as one outline, so a stroke follows only its outer edge."""
    r, half, foot, splay = 0.42, 0.09, -0.95, 0.18
    top, left, right = (0.0, 0.42), (-0.42, -0.05), (0.42, -0.05)
    angle = lambda c, p: math.atan2(p[1] - c[1], p[0] - c[0])  # noqa: E731
    top_right, top_left = _meet(right, top, r), _meet(top, left, r)
    # Where each stem edge leaves the lower leaves (the lower of the two crossings).
    stem_l = (-half, left[1] - math.sqrt(r * r - (-half - left[0]) ** 2))
    stem_r = (half, right[1] - math.sqrt(r * r - (half - right[0]) ** 2))
    ops: list[tuple] = [("M", *top_right)]
    ops += _arc(*top, r, angle(top, top_right), angle(top, top_left))
    ops += _arc(*left, r, angle(left, top_left), angle(left, stem_l))
    ops += [("L", -splay, foot), ("L", splay, foot), ("L", *stem_r)]
    ops += _arc(*right, r, angle(right, stem_r), angle(right, top_right))
    return ops + [("Z",)]


def _disc() -> list[tuple]:
    return _circle(0, 0, 0.85)


SYMBOLS = {
    "zigzag": _zigzag(), "wave": _wave(), "bone": _bone(), "heart": _heart(), "star": _star(),
    "diamond": _diamond(), "triangle": _triangle(), "square": _square(), "cross": _cross(),
    "hexagon": _hexagon(), "clover": _clover(), "disc": _disc(),
}

