"""Split a board too big for the printer into tiles of whole spaces.

Each axis is planned alone: joins fall on space boundaries where they can
(then no space is cut), and inside a space only when no boundary is in
reach. The plan that cuts fewest spaces wins, then the one with fewest
tiles; portrait and landscape sheets are both tried.

Every tile keeps a strip beyond its right edge: glue for the tile to its
right to lie on, or, for the last column, room for the tile's label. Tiles
with a tile below also keep a glue strip beneath. The tile that lies on top
is cut along its left or top edge, exactly on the join.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .geometry import Rect, Segment
from .paper import UNPRINTABLE_MM, Paper
from .sheet import LayoutError

GLUE = 9.0  # mm
MARK = 6.0  # length of an alignment mark on each side of a join
MIN_TILE = 20.0  # the least board a tile must carry along each axis


@dataclass(frozen=True)
class AxisPlan:
    cuts: tuple[tuple[float, float], ...]  # [start, end) of each tile along the axis
    split: int  # joins that fall inside a space


def plan_axis(length: float, boundaries: tuple[float, ...], span: float, glue: float,
              last_strip: float = 0.0) -> AxisPlan | None:
    """Tiles along one axis; each but the last needs ``glue`` beyond it, the last ``last_strip``."""
    eps = 1e-6
    good = tuple(sorted(b for b in boundaries if 0 < b < length))

    @lru_cache(maxsize=None)
    def best(start: float) -> tuple[tuple[int, int], tuple[tuple[float, float], ...]] | None:
        if length - start + last_strip <= span + eps:
            return (0, 1), ((start, length),)
        reach = start + span - glue
        if reach - start < MIN_TILE:
            return None  # slivers of board are no use, and would take thousands of sheets
        options = [(b, 0) for b in good if start + eps < b <= reach + eps]
        if not any(abs(b - reach) < eps for b in good):
            options.append((reach, 1))
        found = None
        # Farthest first, so that among equal plans the earlier tiles are the fuller.
        for end, split in sorted(options, reverse=True):
            rest = best(round(end, 6))
            if rest is None:
                continue
            (splits, tiles), cuts = rest
            cost = (splits + split, tiles + 1)
            if found is None or cost < found[0]:
                found = (cost, ((start, end),) + cuts)
        return found

    result = best(0.0)
    return None if result is None else AxisPlan(result[1], result[0][0])


@dataclass(frozen=True)
class Tile:
    number: int  # 1-based, in reading order
    column: int  # 0-based tile column
    row: int  # 0-based tile row, from the top
    region: Rect  # the part of the board it carries, in board coordinates
    glue_right: float
    glue_bottom: float
    strip_right: float  # width of the strip right of the region (glue or label room)
    origin: tuple[float, float]  # where board (0, 0) falls on the page
    page_w: float
    page_h: float

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        return x + self.origin[0], y + self.origin[1]

    @property
    def extent(self) -> Rect:
        """Everything printed for this tile, in page coordinates: region plus strips."""
        r = self.region
        x, y = self.to_page(r.x, r.y - self.glue_bottom)
        return Rect(x, y, r.w + self.strip_right, r.h + self.glue_bottom)

    @property
    def label_box(self) -> Rect:
        """Where the tile's label goes: the strip at its right, page coordinates."""
        x, y = self.to_page(self.region.right, self.region.y)
        return Rect(x, y, self.strip_right, self.region.h)


@dataclass(frozen=True)
class TilePlan:
    paper: Paper  # oriented as the tiles are printed
    landscape: bool
    columns: int
    rows: int
    tiles: tuple[Tile, ...]
    split_spaces: int
    x_joins: tuple[float, ...]
    y_joins: tuple[float, ...]

    def tile(self, column: int, row: int) -> Tile:
        return self.tiles[row * self.columns + column]


def plan_tiles(width: float, height: float, x_lines: tuple[float, ...], y_lines: tuple[float, ...],
               paper: Paper, unprintable: float = UNPRINTABLE_MM) -> TilePlan:
    """The best tiling of a ``width`` × ``height`` board on ``paper``, either way up."""
    plans = []
    for landscape in (False, True):
        pw, ph = (paper.height, paper.width) if landscape else (paper.width, paper.height)
        span_x, span_y = pw - 2 * unprintable, ph - 2 * unprintable
        # Plan rows from the top: distances below the board's top edge.
        from_top = tuple(height - y for y in y_lines)
        xs = plan_axis(width, x_lines, span_x, GLUE, last_strip=GLUE)
        ys = plan_axis(height, from_top, span_y, GLUE)
        if xs is None or ys is None:
            continue
        cost = (xs.split + ys.split, len(xs.cuts) * len(ys.cuts), landscape)
        plans.append((cost, landscape, pw, ph, xs, ys))
    if not plans:
        raise LayoutError(f"the board cannot be tiled on {paper.name}: a space is bigger than the printable area")
    (splits, _, _), landscape, pw, ph, xs, ys = min(plans, key=lambda p: p[0])
    oriented = Paper(f"{paper.name} {'landscape' if landscape else 'portrait'}", pw, ph)
    tiles = []
    for row, (top_a, top_b) in enumerate(ys.cuts):
        for column, (a, b) in enumerate(xs.cuts):
            region = Rect(a, height - top_b, b - a, top_b - top_a)
            glue_right = GLUE if column < len(xs.cuts) - 1 else 0.0
            glue_bottom = GLUE if row < len(ys.cuts) - 1 else 0.0
            w, h = region.w + GLUE, region.h + glue_bottom
            # Centre what is printed on the page.
            ox = (pw - w) / 2 - region.x
            oy = (ph - h) / 2 + glue_bottom - region.y
            tiles.append(Tile(len(tiles) + 1, column, row, region, glue_right, glue_bottom, GLUE,
                              (ox, oy), pw, ph))
    return TilePlan(oriented, landscape, len(xs.cuts), len(ys.cuts), tuple(tiles), splits,
                    tuple(b for _, b in xs.cuts[:-1]), tuple(height - b for _, b in ys.cuts[:-1]))


def alignment_marks(plan: TilePlan, tile: Tile, lines: tuple[tuple[float, ...], tuple[float, ...]]) -> list[Segment]:
    """Marks across each join this tile shares, in board coordinates.

    On both tiles of a join a mark ends (or starts) exactly on the join line,
    at the same places along it, so once assembled they read as one line.
    """
    x_lines, y_lines = lines
    r = tile.region
    marks = []
    for x in (r.x, r.right):
        if any(abs(x - j) < 1e-6 for j in plan.x_joins):
            inward = 1 if x == r.x else -1
            for y in _along(y_lines, r.y, r.top):
                marks.append(Segment(x, y, x + inward * MARK, y))
    for y in (r.y, r.top):
        if any(abs(y - j) < 1e-6 for j in plan.y_joins):
            inward = 1 if y == r.y else -1
            for x in _along(x_lines, r.x, r.right):
                marks.append(Segment(x, y, x, y + inward * MARK))
    return marks


def _along(lines: tuple[float, ...], lo: float, hi: float) -> list[float]:
    """Mark positions along a join: each space boundary and each space's middle, inside (lo, hi)."""
    points = list(lines) + [(a + b) / 2 for a, b in zip(lines, lines[1:])]
    return sorted(p for p in points if lo + 1e-6 < p < hi - 1e-6)
