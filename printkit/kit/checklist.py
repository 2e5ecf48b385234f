"""The card checklist's layout: decks and card names into columns and pages, in mm, no drawing.

A checklist that fits one page is split into two even columns, as it always
was. A longer one flows down the columns and over as many pages as it needs,
repeating a deck's title as "… (continued)" where its list carries on. Past
MAX_LISTED names, or MAX_PAGES pages, each deck gets one line with its
counts instead of a line per card, so the checklist never runs past
MAX_PAGES pages however large the decks are.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.fonts import metrics, with_fallback
from ..core.mm import pt_to_mm
from ..geometry.text import LEADING, wrap

MAX_LISTED = 800  # names listed one by one; about six pages on A4 or Letter
MAX_PAGES = 8  # pages the checklist may take, in either form
MAX_LINES = 2  # lines one name or deck title may take; longer ones end in "…"
MARGIN = 18.0  # as the print guide's
GAP = 8.0  # between the two columns

TITLE = ("display", 18.0, 3.0)  # font, size, space after (mm)
NOTE = ("body", 9.0, 2.0)
HEADING = ("bold", 9.5, 0.8)
CARD = ("body", 8.5, 0.3)


@dataclass(frozen=True)
class ChecklistDeck:
    """What the checklist says about one deck."""

    title: str
    cards: int  # physical cards, copies counted
    contents: tuple[tuple[str, int], ...]  # (name, copies) of each card row
    file: str = ""  # the CSV file that lists its cards; "" when it has none


@dataclass(frozen=True)
class Placed:
    """A block of text at (x, y), the top of its first line; ``kind`` is title, note, heading or card."""

    kind: str
    lines: tuple[str, ...]
    x: float
    y: float
    width: float


@dataclass(frozen=True)
class Checklist:
    pages: tuple[tuple[Placed, ...], ...]
    grouped: bool  # each deck on one line, not each card


def checkbox_indent(size: float = CARD[1]) -> float:
    """How far a card's text sits right of its tick box's left edge (as Flow.checkbox draws it)."""
    return pt_to_mm(size) * 0.75 + 1.8


def column_x(column: int, col_w: float) -> float:
    """The left edge of column 0 or 1 (summed in the order the one-page checklist always has)."""
    return MARGIN if column == 0 else MARGIN + col_w + GAP


def advance(y: float, lines: int, style: tuple[str, float, float]) -> float:
    """``y`` moved down past ``lines`` lines in ``style``, step by step as Flow does, so they agree exactly."""
    pitch = pt_to_mm(style[1] * LEADING)
    for _ in range(lines):
        y -= pitch
    return y - style[2]


def clipped(text: str, style: tuple[str, float, float], width: float, max_lines: int = MAX_LINES,
            fallback: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``text`` wrapped to ``width``, at most ``max_lines`` lines, each shortened with "…" to fit;
    measured with the pack's ``fallback`` fonts, as the guide draws it."""
    m, size = metrics(with_fallback(style[0], fallback)), style[1]
    lines = wrap(text, m, size, width)
    cut = len(lines) > max_lines
    lines = lines[:max_lines]
    out = []
    for n, line in enumerate(lines):
        last = n == len(lines) - 1
        if m.width(line, size) <= width and not (last and cut):
            out.append(line)
            continue
        # The longest prefix that fits with the ellipsis, by bisection: a name may be 10,000 characters.
        lo, hi = 0, len(line)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if m.width(line[:mid].rstrip() + "…", size) <= width:
                lo = mid
            else:
                hi = mid - 1
        out.append(line[:lo].rstrip() + "…")
    return tuple(out)


def entry_text(name: str, copies: int) -> str:
    return name + (f"  ×{copies}" if copies > 1 else "")


def checklist_layout(decks: Sequence[ChecklistDeck], width: float, height: float,
                     fallback: tuple[str, ...] = ()) -> Checklist:
    """Where every line of the checklist goes on pages ``width`` × ``height`` mm; names are measured
    with the pack's ``fallback`` fonts where their own font lacks a character."""
    col_w = (width - 2 * MARGIN - GAP) / 2
    if sum(len(d.contents) for d in decks) <= MAX_LISTED:
        blocks = _full_blocks(decks, col_w, fallback)
        one = _balanced(blocks, width, height, col_w, fallback)
        if one is not None:
            return Checklist((one,), False)
        pages = _flow(blocks, width, height, col_w, [d.title for d in decks], fallback=fallback)
        if pages is not None:
            return Checklist(pages, False)
    return Checklist(_grouped(decks, width, height, col_w, fallback), True)


Block = tuple[str, tuple[str, ...], int]  # (kind, lines, index of its deck)


def _full_blocks(decks: Sequence[ChecklistDeck], col_w: float, fallback: tuple[str, ...]) -> list[Block]:
    blocks: list[Block] = []
    for i, d in enumerate(decks):
        blocks.append(("heading", clipped(f"{d.title} ({d.cards})", HEADING, col_w, fallback=fallback), i))
        blocks += [("card", clipped(entry_text(name, copies), CARD, col_w - checkbox_indent(), fallback=fallback), i)
                   for name, copies in d.contents]
    return blocks


def _head(width: float, height: float, page: int, note: str,
          fallback: tuple[str, ...]) -> tuple[list[Placed], float]:
    """The page's title (and on the first page the note), and the y below them."""
    full = width - 2 * MARGIN
    title = clipped("Card checklist" if page == 0 else "Card checklist (continued)", TITLE, full, 1, fallback)
    placed = [Placed("title", title, MARGIN, height - MARGIN, full)]
    y = advance(height - MARGIN, len(title), TITLE)
    if note and page == 0:
        lines = clipped(note, NOTE, full, 4, fallback)
        placed.append(Placed("note", lines, MARGIN, y, full))
        y = advance(y, len(lines), NOTE)
    return placed, y


def _style(kind: str) -> tuple[str, float, float]:
    return HEADING if kind == "heading" else CARD


def _balanced(blocks: list[Block], width: float, height: float, col_w: float,
              fallback: tuple[str, ...]) -> tuple[Placed, ...] | None:
    """The one-page form: the blocks split into two columns by count (a deck's heading never last in
    the first column, away from its cards), or None if a column runs too long."""
    placed, top = _head(width, height, 0, "", fallback)
    ys = [top, top]
    split = (len(blocks) + 1) // 2
    if 1 < split < len(blocks) and blocks[split - 1][0] == "heading":
        split -= 1
    for i, (kind, lines, _) in enumerate(blocks):
        c = 0 if i < split else 1
        placed.append(Placed(kind, lines, column_x(c, col_w), ys[c], col_w))
        ys[c] = advance(ys[c], len(lines), _style(kind))
    return tuple(placed) if min(ys) >= MARGIN else None


def _flow(blocks: list[Block], width: float, height: float, col_w: float, titles: Sequence[str] | None,
          note: str = "", fallback: tuple[str, ...] = ()) -> tuple[tuple[Placed, ...], ...] | None:
    """The blocks down column after column, page after page; None past MAX_PAGES.

    ``titles`` (each deck's title) turns on "… (continued)" headings at the top of a column that
    starts inside a deck's list; None for the grouped form, whose decks take one line each.
    """
    pages: list[list[Placed]] = []
    column, y, top = 1, 0.0, 0.0  # as if the last column were full, so the first block opens a page
    i = 0
    while i < len(blocks):
        kind, lines, deck = blocks[i]
        need = advance(y, len(lines), _style(kind))
        if kind == "heading" and i + 1 < len(blocks) and blocks[i + 1][0] == "card":
            # Never a heading alone at the foot of a column.
            need = advance(need, len(blocks[i + 1][1]), CARD)
        if not pages or need < MARGIN:
            if pages and y == top:
                return None  # a block taller than a whole column: cannot happen with MAX_LINES lines
            column += 1
            if column == 2:
                if len(pages) == MAX_PAGES:
                    return None
                head, top = _head(width, height, len(pages), note, fallback)
                pages.append(head)
                column = 0
            y = top
            if titles is not None and kind == "card":
                more = clipped(f"{titles[deck]} (continued)", HEADING, col_w, fallback=fallback)
                pages[-1].append(Placed("heading", more, column_x(column, col_w), y, col_w))
                y = advance(y, len(more), HEADING)
            continue
        pages[-1].append(Placed(kind, lines, column_x(column, col_w), y, col_w))
        y = advance(y, len(lines), _style(kind))
        i += 1
    return tuple(tuple(p) for p in pages)


def _grouped(decks: Sequence[ChecklistDeck], width: float, height: float, col_w: float,
             fallback: tuple[str, ...]) -> tuple[tuple[Placed, ...], ...]:
    """Each deck as its title and one line of counts; decks past MAX_PAGES are summed up in a last line."""
    cards = sum(d.cards for d in decks)
    names = sum(len(d.contents) for d in decks)
    note = (f"{cards:,} cards in {names:,} names: too many to list one by one, so each deck has one line "
            "here, and its CSV file lists its cards.")
    box = col_w - checkbox_indent()

    def blocks(shown: int) -> list[Block]:
        out: list[Block] = []
        for i, d in enumerate(decks[:shown]):
            count = (f"{d.cards:,} card{'s' * (d.cards != 1)} in {len(d.contents):,} name"
                     f"{'s' * (len(d.contents) != 1)}" + (f"; see {d.file} for the list" if d.file else ""))
            out.append(("heading", clipped(d.title, HEADING, col_w, fallback=fallback), i))
            out.append(("card", clipped(count, CARD, box, fallback=fallback), i))
        if shown < len(decks):
            rest = len(decks) - shown
            out.append(("heading", clipped(f"… and {rest:,} more deck{'s' * (rest != 1)}; see game.toml",
                                           HEADING, col_w, fallback=fallback), shown))
        return out

    pages = _flow(blocks(len(decks)), width, height, col_w, None, note, fallback)
    if pages is not None:
        return pages
    lo, hi = 0, len(decks) - 1  # the most decks that fit with the closing line
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _flow(blocks(mid), width, height, col_w, None, note, fallback) is not None:
            lo = mid
        else:
            hi = mid - 1
    pages = _flow(blocks(lo), width, height, col_w, None, note, fallback)
    assert pages is not None  # the note and one line fit one page of any paper printkit offers
    return pages
