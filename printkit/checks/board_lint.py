"""The page lint's board checks: tokens bigger than their places, tile edges cut without ticks, and
large sheets carrying little (T741–T743; marks a printer cannot reach are T730, for every sheet).

They read a page's display list as geometry, as the rest of the page lint does.
"""
from __future__ import annotations

import math
from collections.abc import Iterator

from ..geometry.bounds import bounds
from ..geometry.draw import Disc, Line, Page, Text
from ..core.mm import Rect
from ..geometry.paper import PAPERS
from .page_lint import PageProblem, _intersect, _leaves

SLACK = 0.05  # mm: rounding, and the ends of lines drawn to a limit exactly
TOKEN_SPARE = 1.0  # mm a place's ring must clear a cut-out token by, all round
TICK_LEAST = 1.5  # mm: a tick shorter than this does not guide a blade
TICK_GAP = 1.0  # mm a tick may start beyond the end of its edge
MOSTLY_EMPTY = 0.5  # a sheet larger than home paper should carry at least this share of its area
# The largest home paper, by area: a page bigger than this is printed by a shop, by the sheet.
HOME_AREA = max(p.width * p.height for p in PAPERS.values())


def board_problems(page: Page) -> Iterator[PageProblem]:
    """The board checks over one page of board.pdf."""
    drawn = list(_drawn(page))
    yield from _tokens_over_places(drawn)
    yield from _unticked_cuts(page, drawn)
    yield from _mostly_empty(page, drawn)


def _drawn(page: Page) -> Iterator[tuple[object, Rect]]:
    """Each leaf with the rectangle it covers on the page, cut to the window it shows through."""
    for item, m, clip in _leaves(page.items):
        if isinstance(item, Text) and not item.text.strip():
            continue
        rect = bounds(item, m)
        if clip is not None:
            shown = _intersect(rect, clip)
            if shown is None:
                continue
            rect = shown
        yield _placed(item, m), rect


def _placed(item, m):
    """Lines and discs in page coordinates (the checks below measure them); other items as they are."""
    a, b, c, d, e, f = m
    if isinstance(item, Line):
        return Line(a * item.x1 + c * item.y1 + e, b * item.x1 + d * item.y1 + f,
                    a * item.x2 + c * item.y2 + e, b * item.x2 + d * item.y2 + f, item.width, item.colour, item.dash)
    if isinstance(item, Disc):
        return Disc(a * item.cx + c * item.cy + e, b * item.cx + d * item.cy + f, item.r * math.sqrt(abs(a * d - b * c)),
                    item.fill, item.stroke, item.width)
    return item


def _tokens_over_places(drawn) -> Iterator[PageProblem]:
    """A cut-out token is an empty disc drawn round a filled one at its centre (the cut line round
    the token); a place is an empty disc with nothing at its centre. Every token must fit every place."""
    discs = [item for item, _ in drawn if isinstance(item, Disc)]
    filled = [d for d in discs if d.fill]
    empty = [d for d in discs if not d.fill and d.stroke]

    def round_a_token(d: Disc) -> bool:
        return any(math.hypot(f.cx - d.cx, f.cy - d.cy) < 0.1 and f.r <= d.r + SLACK for f in filled)

    cuts = [d for d in empty if round_a_token(d)]
    places = [d for d in empty if not round_a_token(d)]
    if not cuts or not places:
        return
    token, place = max(d.r for d in cuts), min(d.r for d in places)
    if token + TOKEN_SPARE > place + SLACK:
        yield PageProblem("T741", f"a {2 * token:.1f} mm token on a {2 * place:.1f} mm ring",
                          f"a cut-out token that does not fit the place it goes on with {TOKEN_SPARE:g} mm to spare")


def _unticked_cuts(page: Page, drawn) -> Iterator[PageProblem]:
    lines = [item for item, _ in drawn if isinstance(item, Line)]
    for x1, y1, x2, y2 in page.cuts:
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        for (x, y), d in (((x2, y2), 1.0), ((x1, y1), -1.0)):
            if not any(_ticks(line, x, y, ux * d, uy * d) for line in lines):
                yield PageProblem("T742", f"({x:.0f}, {y:.0f}) mm", "an edge to cut with no tick beyond its end")


def _ticks(line: Line, x: float, y: float, dx: float, dy: float) -> bool:
    """Whether ``line`` runs on from (x, y) in direction (dx, dy), starting near it, TICK_LEAST long."""
    ends = [((line.x1, line.y1), (line.x2, line.y2)), ((line.x2, line.y2), (line.x1, line.y1))]
    for (ax, ay), (bx, by) in ends:
        along_a = (ax - x) * dx + (ay - y) * dy
        along_b = (bx - x) * dx + (by - y) * dy
        off = max(abs((ax - x) * dy - (ay - y) * dx), abs((bx - x) * dy - (by - y) * dx))
        if off < 0.1 and -SLACK <= along_a <= TICK_GAP + SLACK and along_b - along_a >= TICK_LEAST - SLACK:
            return True
    return False


def _mostly_empty(page: Page, drawn) -> Iterator[PageProblem]:
    area = page.width * page.height
    if area <= HOME_AREA * 1.05 or not drawn:
        return
    x0, y0 = min(r.x for _, r in drawn), min(r.y for _, r in drawn)
    x1, y1 = max(r.right for _, r in drawn), max(r.top for _, r in drawn)
    share = (x1 - x0) * (y1 - y0) / area
    if share < MOSTLY_EMPTY:
        yield PageProblem("T743", f"{page.width:.0f} × {page.height:.0f} mm, {share:.0%} used",
                          f"a sheet larger than home paper with less than {MOSTLY_EMPTY:.0%} of it used")
