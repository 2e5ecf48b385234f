"""Bounding boxes of display-list items, with the transforms of the groups they sit in."""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from ..core.fonts import metrics
from .draw import Box, Disc, Group, Item, Line, Path, Picture, Place, Text
from ..core.mm import Rect

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def compose(m: Matrix, n: Matrix) -> Matrix:
    """``m`` applied first, then ``n``."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def group_matrix(g: Group) -> Matrix:
    cos, sin = math.cos(math.radians(g.angle)), math.sin(math.radians(g.angle))
    s = g.scale
    return (cos * s, sin * s, -sin * s, cos * s, g.dx, g.dy)


def placed(items: Iterable[Item], matrix: Matrix = IDENTITY) -> Iterator[tuple[Item, Matrix]]:
    """Every leaf item with the matrix that maps it onto the page (or face)."""
    for item in items:
        if isinstance(item, Group):
            yield from placed(item.items, compose(group_matrix(item), matrix))
        else:
            yield item, matrix


def local_bounds(item: Item) -> Rect:
    """The item's box in its own coordinates."""
    if isinstance(item, Box):
        return item.rect
    if isinstance(item, Disc):
        return Rect(item.cx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
    if isinstance(item, Line):
        return Rect(min(item.x1, item.x2), min(item.y1, item.y2), abs(item.x2 - item.x1), abs(item.y2 - item.y1))
    if isinstance(item, Text):
        m = metrics(item.font)
        w = m.width(item.text, item.size)
        x0 = {"center": -w / 2, "right": -w}.get(item.align, 0.0)
        box = Rect(x0, -m.descent(item.size), w, m.ascent(item.size) + m.descent(item.size))
        return transform(box, (*group_matrix(Group((), item.x, item.y, item.angle))[:4], item.x, item.y))
    if isinstance(item, Path):
        xs = [v for op in item.ops for v in op[1::2]]
        ys = [v for op in item.ops for v in op[2::2]]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    if isinstance(item, Picture):
        return item.clip
    if isinstance(item, Place) and item.clip is not None:
        return item.clip
    raise TypeError(f"no bounds for {type(item).__name__}")


def transform(rect: Rect, m: Matrix) -> Rect:
    if m == IDENTITY:
        return rect
    a, b, c, d, e, f = m
    if b == 0 and c == 0 and a > 0 and d > 0:  # moved and scaled, not turned: most of a page
        return Rect(a * rect.x + e, d * rect.y + f, a * rect.w, d * rect.h)
    points = [(a * x + c * y + e, b * x + d * y + f)
              for x, y in ((rect.x, rect.y), (rect.right, rect.y), (rect.x, rect.top), (rect.right, rect.top))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def bounds(item: Item, matrix: Matrix = IDENTITY) -> Rect:
    return transform(local_bounds(item), matrix)


def overlaps(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top
