"""A named symbol drawn as a path, scaled and placed on a face."""
from __future__ import annotations

from ..core.symbols import SYMBOLS
from ..geometry.draw import Colour, Path


def symbol(name: str, cx: float, cy: float, radius: float, fill: Colour | None,
           stroke: Colour | None = None, width: float = 0.5) -> Path:
    """The named symbol scaled so its unit square spans ``2 * radius`` mm."""
    ops = []
    for op in SYMBOLS.get(name, SYMBOLS["disc"]):  # an unknown name is reported by check; draw something
        coords = op[1:]
        ops.append((op[0], *(cx + v * radius if i % 2 == 0 else cy + v * radius
                             for i, v in enumerate(coords))))
    return Path(tuple(ops), fill=fill, stroke=stroke, width=width)
