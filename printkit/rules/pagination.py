"""The typographic rules of the rules' pages, checked on where each block was placed.

The typesetter notes every paragraph, table piece and footer it draws (a
``Placed``); these checks read the notes, so they judge the pages as printed,
whatever made them so. Each yields ``PageProblem``s, located at the source
line of the block involved:

* ``T720``: a heading or lead-in (a paragraph ending in a colon) ends a page or
  column while what it introduces starts on the next (at the heading);
* ``T721``: a table split leaves a single body row alone on one side (at the table);
* ``T722``: a booklet page's text block or footer is not mirrored: its margin at
  the fold or at the outer edge differs from the other pages' (at the page's first block);
* ``T723``: a page other than the last is more than half empty although what
  starts the next page would have fitted (at that block);
* ``T724``: a paragraph of two or more lines ends with one short word alone on
  its last line (at the paragraph).

Geometry is in points, origin at the page's bottom left, as reportlab draws.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..core.mm import pt_to_mm
from ..geometry.typography import SHORT_WORD
MIRROR_FUZZ = 0.5  # mm two margins may differ by and still count as the same
EMPTY_SHARE = 0.5  # of the text block: a page ending with more than this empty is mostly empty


@dataclass(frozen=True)
class Placed:
    """One thing drawn on a rules page, where it was drawn."""
    page: int  # 1-based
    kind: str  # "heading", "lead-in", "text", "table" or "footer"
    x: float
    y: float  # bottom
    w: float
    h: float
    text: str = ""  # the paragraph's plain text (a table's first cell)
    lines: tuple[str, ...] = ()  # a paragraph's lines as set
    ends: bool = True  # a paragraph: this piece holds its last line
    rows: int = 0  # a table piece: body rows in it
    whole_rows: int = 0  # a table piece: body rows of the whole table
    movable: bool = True  # could have been split or moved to fill an earlier page
    line: int = 0  # the source line of the block it was set from; 0 if unknown


@dataclass(frozen=True)
class PageProblem:
    """A page lint finding's code and message, and the source line of the block involved (0 if unknown)."""
    code: str
    message: str
    line: int = 0


@dataclass(frozen=True)
class PageFrame:
    """The pages' geometry: size, the text block's height, and whether pages are a booklet's halves."""
    width: float
    height: float
    block_top: float
    block_bottom: float
    booklet: bool


def _short(text: str, n: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 1].rstrip() + "…"


def stranded_headings(placed: list[Placed]) -> Iterator[PageProblem]:
    """T720: a heading or lead-in whose next block starts in another column or on another page."""
    flow = [p for p in placed if p.kind != "footer"]
    for here, after in zip(flow, flow[1:]):
        if here.kind not in ("heading", "lead-in"):
            continue
        if after.page != here.page or after.y > here.y + 0.5:  # next page, or the top of the next column
            where = "page" if after.page != here.page else "column"
            what = "heading" if here.kind == "heading" else "lead-in"
            yield PageProblem("T720", f"the {what} '{_short(here.text)}' ends page {here.page}'s {where}; what it "
                              f"introduces starts on {'page ' + str(after.page) if where == 'page' else 'the next column'}",
                              here.line)


def lone_rows(placed: list[Placed]) -> Iterator[PageProblem]:
    """T721: a piece of a split table that holds one body row."""
    for p in placed:
        if p.kind == "table" and p.whole_rows > p.rows and p.rows == 1:
            yield PageProblem("T721", f"a table ('{_short(p.text)}') splits on page {p.page} leaving one row "
                                      f"alone of its {p.whole_rows}", p.line)


def unmirrored(placed: list[Placed], frame: PageFrame) -> Iterator[PageProblem]:
    """T722: booklet pages whose text block or footer has other fold and outer margins than the first page's."""
    if not frame.booklet:
        return
    margins: dict[tuple[int, str], tuple[float, float]] = {}
    for page in sorted({p.page for p in placed}):
        for part in ("text", "footer"):
            # Paragraphs run the text block's width (a table may be narrower): they show its margins.
            on = [p for p in placed if p.page == page and p.kind != "table" and (p.kind == "footer") == (part == "footer")]
            if not on:
                continue
            left = pt_to_mm(min(p.x for p in on))
            right = pt_to_mm(frame.width - max(p.x + p.w for p in on))
            # A booklet's odd pages are right-hand pages: their fold is on the left.
            margins[page, part] = (left, right) if page % 2 else (right, left)
    if not margins:
        return
    want = margins.get((1, "text")) or next(iter(margins.values()))
    for (page, part), (fold, outer) in margins.items():
        if abs(fold - want[0]) > MIRROR_FUZZ or abs(outer - want[1]) > MIRROR_FUZZ:
            what = "text" if part == "text" else "footer"
            first = next((p for p in placed if p.page == page and p.kind != "footer"), None)
            yield PageProblem("T722", f"booklet page {page}'s {what} is {fold:.1f} mm from the fold and "
                                      f"{outer:.1f} mm from the outer edge; page 1's text is {want[0]:.1f} and "
                                      f"{want[1]:.1f} mm", first.line if first else 0)


def mostly_empty(placed: list[Placed], frame: PageFrame) -> Iterator[PageProblem]:
    """T723: a page, not the last, that ends more than half empty while what starts the next could have fitted."""
    flow = [p for p in placed if p.kind != "footer"]
    if not flow:
        return
    last = max(p.page for p in flow)
    block = frame.block_top - frame.block_bottom
    for page in range(1, last):
        on = [p for p in flow if p.page == page]
        lowest = min((p.y for p in on), default=frame.block_top)
        empty = lowest - frame.block_bottom
        if empty <= EMPTY_SHARE * block:
            continue
        following = next((p for p in flow if p.page > page), None)
        if following is not None and not following.movable and following.h > empty:
            continue  # a block that could not be split and did not fit: the space could not be filled
        yield PageProblem("T723", f"page {page} ends {100 * empty / block:.0f}% empty ({pt_to_mm(empty):.0f} mm) "
                                  f"before the last page", following.line if following else 0)


def lone_words(placed: list[Placed]) -> Iterator[PageProblem]:
    """T724: a paragraph's last line holding one short word, under a line of others."""
    for p in placed:
        if p.kind not in ("text", "lead-in", "heading") or not p.ends or len(p.lines) < 2:
            continue
        words = p.lines[-1].split()
        if len(words) == 1 and len(words[0].strip(".,;:!?)(’”“‘'\"")) <= SHORT_WORD:
            yield PageProblem("T724", f"'{words[0]}' stands alone on the last line of '{_short(p.text)}' "
                                      f"(page {p.page})", p.line)


def page_problems(placed: list[Placed], frame: PageFrame) -> list[PageProblem]:
    """Every problem of the pages, in code order."""
    return [*stranded_headings(placed), *lone_rows(placed), *unmirrored(placed, frame),
            *mostly_empty(placed, frame), *lone_words(placed)]
