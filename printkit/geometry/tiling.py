"""Split a board too big for the printer into tiles, as few as the paper allows.

Each axis is planned alone. The fewest tiles come first; among plans with
that many, the one whose smallest tile is largest, so no sheet carries a
sliver. Joins may cross spaces (a card lies over the join in play) but never
text: the board's text is passed in as keep-out intervals along each axis.
Portrait and landscape sheets are both tried.

Every tile keeps a strip beyond its right edge: glue for the tile to its
right to lie on, or, for the last column, room for the tile's label. Tiles
with a tile below also keep a glue strip beneath. The tile that lies on top
is cut along its left or top edge, exactly on the join.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.mm import Rect, Segment
from .paper import UNPRINTABLE_MM, Paper
from .sheet import LayoutError

GLUE = 8.0  # mm of glue strip beyond a tile that another tile lies on
LABEL = 10.0  # mm beyond the last column, for the tile's label
MARK = 6.0  # length of an alignment mark on each side of a join
MIN_TILE = 20.0  # the least board a tile must carry along each axis
SLACK = 0.97  # a join may trade up to 3% of the smallest tile to land on a space boundary
MAX_TILES = 12  # along one axis; beyond that the paper is hopeless

Intervals = list[tuple[float, float]]


@dataclass(frozen=True)
class AxisPlan:
    cuts: tuple[tuple[float, float], ...]  # [start, end) of each tile along the axis
    split: int  # joins that do not fall on a space boundary

    @property
    def shortest(self) -> float:
        return min(b - a for a, b in self.cuts)


def _merge(spans: Intervals) -> Intervals:
    out: Intervals = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + 1e-9:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _minus(spans: Intervals, holes: Intervals) -> Intervals:
    """``spans`` (closed) less the open intervals ``holes``."""
    for h0, h1 in holes:
        cut: Intervals = []
        for a, b in spans:
            if b <= h0 or a >= h1:
                cut.append((a, b))
                continue
            if a <= h0:
                cut.append((a, h0))
            if b >= h1:
                cut.append((h1, b))
        spans = cut
    return spans


def _reach(length: float, caps: list[float], least: float, keep_out: Intervals) -> list[Intervals] | None:
    """Where each join may fall when every tile carries between ``least`` and its cap.

    Entry k holds the positions of join k reachable from the board's start;
    None when the last tile cannot reach the board's end.
    """
    sets: list[Intervals] = [[(0.0, 0.0)]]
    for cap in caps[:-1]:
        grown = _merge([(a + least, b + cap) for a, b in sets[-1]])
        grown = [(a, min(b, length - least)) for a, b in grown if a <= length - least]
        grown = _minus(grown, keep_out)
        if not grown:
            return None
        sets.append(grown)
    if not any(a + least - 1e-9 <= length <= b + caps[-1] + 1e-9 for a, b in sets[-1]):
        return None
    return sets


def plan_axis(length: float, boundaries: tuple[float, ...], span: float, glue: float,
              last_strip: float = 0.0, keep_out: Intervals | tuple[()] = ()) -> AxisPlan | None:
    """Tiles along one axis; each but the last needs ``glue`` beyond it, the last ``last_strip``.

    No join falls strictly inside a ``keep_out`` interval. Joins land on
    ``boundaries`` where that costs the smallest tile at most 3%.
    """
    keep = _merge([(a, b) for a, b in keep_out])
    for n in range(1, MAX_TILES + 1):
        caps = [span - glue] * (n - 1) + [span - last_strip]
        if min(caps) < MIN_TILE or sum(caps) < length - 1e-9:
            continue
        if _reach(length, caps, MIN_TILE, keep) is None:
            continue
        lo, hi = MIN_TILE, length / n  # the best smallest tile lies between these
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if _reach(length, caps, mid, keep) else (lo, mid)
        least = lo * SLACK if n > 1 else lo
        sets = _reach(length, caps, least, keep)
        assert sets is not None  # ``lo`` is reachable, and a smaller least only widens the choice
        joins = _choose_joins(length, caps, least, sets, boundaries)
        edges = [0.0] + joins + [length]
        cuts = tuple((round(a, 6), round(b, 6)) for a, b in zip(edges, edges[1:]))
        split = sum(1 for j in joins if not any(abs(j - b) < 1e-6 for b in boundaries))
        return AxisPlan(cuts, split)
    return None


def _choose_joins(length: float, caps: list[float], least: float, sets: list[Intervals],
                  boundaries: tuple[float, ...]) -> list[float]:
    """Joins from the last back to the first, each where it keeps the rest possible.

    A space boundary is taken when one is in reach, the nearer to an even
    split; otherwise the reachable point nearest the even split.
    """
    n = len(caps)
    joins: list[float] = []
    after = length
    for k in range(n - 1, 0, -1):
        window = (after - caps[k], after - least)
        allowed = [(max(a, window[0]), min(b, window[1])) for a, b in sets[k]
                   if a <= window[1] + 1e-9 and b >= window[0] - 1e-9]
        ideal = length * k / n
        on_boundary = [b for b in boundaries if any(a - 1e-9 <= b <= c + 1e-9 for a, c in allowed)]
        if on_boundary:
            pick = min(on_boundary, key=lambda b: (abs(b - ideal), b))
        else:
            pick = min((min(max(ideal, a), c) for a, c in allowed), key=lambda p: (abs(p - ideal), p))
        joins.insert(0, pick)
        after = pick
    return joins


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
    split_spaces: int  # joins off a space boundary (they run under a card)
    x_joins: tuple[float, ...]
    y_joins: tuple[float, ...]
    unprintable: float = UNPRINTABLE_MM

    def tile(self, column: int, row: int) -> Tile:
        return self.tiles[row * self.columns + column]

    @property
    def printable(self) -> float:
        """The printable area of one sheet, mm²."""
        return (self.paper.width - 2 * self.unprintable) * (self.paper.height - 2 * self.unprintable)

    def used(self, tile: Tile) -> float:
        """The share of a sheet's printable area that carries board."""
        return tile.region.w * tile.region.h / self.printable


def plan_tiles(width: float, height: float, x_lines: tuple[float, ...], y_lines: tuple[float, ...],
               paper: Paper, unprintable: float = UNPRINTABLE_MM,
               keep_x: Intervals | tuple[()] = (), keep_y: Intervals | tuple[()] = ()) -> TilePlan:
    """The tiling of a ``width`` × ``height`` board on ``paper`` with fewest sheets, either way up.

    ``keep_x`` and ``keep_y`` are board intervals (x, and y up from the bottom)
    that no join may cross: where the board has text.
    """
    plans = []
    from_top = tuple(height - y for y in y_lines)  # rows are planned from the top
    keep_top = [(height - b, height - a) for a, b in keep_y]
    for landscape in (False, True):
        pw, ph = (paper.height, paper.width) if landscape else (paper.width, paper.height)
        span_x, span_y = pw - 2 * unprintable, ph - 2 * unprintable
        xs = plan_axis(width, x_lines, span_x, GLUE, last_strip=LABEL, keep_out=keep_x)
        ys = plan_axis(height, from_top, span_y, GLUE, keep_out=keep_top)
        if xs is None or ys is None:
            continue
        smallest = xs.shortest * ys.shortest / (span_x * span_y)
        cost = (len(xs.cuts) * len(ys.cuts), -round(smallest, 6), xs.split + ys.split, landscape)
        plans.append((cost, landscape, pw, ph, xs, ys))
    if not plans:
        spans = (paper.width - 2 * unprintable - GLUE, paper.height - 2 * unprintable - GLUE)
        steps = [b - a for lines in (x_lines, y_lines) for a, b in zip(lines, lines[1:])]
        if any(step > max(spans) for step in steps):
            raise LayoutError(f"the board cannot be tiled on {paper.name}: a space is bigger than the printable area")
        raise LayoutError(f"the board cannot be tiled on {paper.name}: it would take more than {MAX_TILES} sheets "
                          "along one side, or a join would have to cross text")
    _, landscape, pw, ph, xs, ys = min(plans, key=lambda p: p[0])
    oriented = Paper(f"{paper.name} {'landscape' if landscape else 'portrait'}", pw, ph)
    tiles: list[Tile] = []
    for row, (top_a, top_b) in enumerate(ys.cuts):
        for column, (a, b) in enumerate(xs.cuts):
            region = Rect(a, height - top_b, b - a, top_b - top_a)
            last = column == len(xs.cuts) - 1
            glue_right = 0.0 if last else GLUE
            strip = LABEL if last else GLUE
            glue_bottom = GLUE if row < len(ys.cuts) - 1 else 0.0
            w, h = region.w + strip, region.h + glue_bottom
            # Centre what is printed on the page.
            ox = (pw - w) / 2 - region.x
            oy = (ph - h) / 2 + glue_bottom - region.y
            tiles.append(Tile(len(tiles) + 1, column, row, region, glue_right, glue_bottom, strip,
                              (ox, oy), pw, ph))
    return TilePlan(oriented, landscape, len(xs.cuts), len(ys.cuts), tuple(tiles), xs.split + ys.split,
                    tuple(b for _, b in xs.cuts[:-1]), tuple(height - b for _, b in ys.cuts[:-1]),
                    unprintable)


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
