"""Draw a requirement with tokens: ``+`` between cards, ``or`` between choices, ``×2``.

The drawing is built from measured blocks (a token, a badge, a word, rows
and columns of blocks), then scaled down as a whole if it is too big for its
box. Below ``MIN_SCALE`` it no longer reads and the card is reported.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.fonts import metrics
from ..geometry.draw import Group, Item
from ..core.mm import Rect
from ..model.pack import Manifest
from ..requirements import Combo, Repeat, Requirement, Term
from .colour import INK
from .tokens import badge, badge_size, centred_text, token

TOKEN_R = 7.0  # mm
BADGE_H = 7.5
GAP = 1.2
MIN_SCALE = 0.55


@dataclass(frozen=True)
class Block:
    w: float
    h: float
    kind: str  # "token", "badge", "word", "row" or "column"
    text: str = ""
    term: Term | None = None
    children: tuple["Block", ...] = ()
    size: float = 0.0  # points, for words


def _word(text: str, size: float) -> Block:
    return Block(metrics("display").width(text, size) + 0.6, size * 25.4 / 72 * 0.8, "word", text, size=size)


def _term(term: Term, manifest: Manifest, categories: set[str]) -> Block:
    if manifest.token(term.name) is not None:
        return Block(2 * TOKEN_R, 2 * TOKEN_R, "token", term.name, term)
    w, h = badge_size(term.name, BADGE_H, term.name in categories, manifest.fonts.fallback)
    return Block(w, h, "badge", term.name, term)


def _row(children: list[Block]) -> Block:
    return Block(sum(c.w for c in children) + GAP * (len(children) - 1), max(c.h for c in children),
                 "row", children=tuple(children))


def _column(children: list[Block]) -> Block:
    return Block(max(c.w for c in children), sum(c.h for c in children) + GAP * (len(children) - 1),
                 "column", children=tuple(children))


def _between(blocks: list[Block], word: Block) -> list[Block]:
    out: list[Block] = []
    for i, b in enumerate(blocks):
        if i:
            out.append(word)
        out.append(b)
    return out


def requirement_block(requirement: Requirement, manifest: Manifest, compact: bool = False, lines: int = 1) -> Block:
    """The requirement as nested blocks; ``compact`` keeps everything on one line (for tables).

    ``lines=2`` with ``compact`` breaks the line in two before a ``+`` or ``or``
    (the break that leaves the narrower block), if it has one.
    """
    block = _requirement_block(requirement, manifest, compact)
    return _two_lines(block) if compact and lines == 2 else block


def _requirement_block(requirement: Requirement, manifest: Manifest, compact: bool) -> Block:
    categories = {c.name for c in manifest.categories}
    term = lambda t: _term(t, manifest, categories)  # noqa: E731
    stack = _row if compact else _column
    alts = requirement.alternatives
    if len(alts) == 1 and isinstance(alts[0], Combo):
        slots = [term(s.options[0]) if len(s.options) == 1
                 else stack(_between([term(o) for o in s.options], _word("or", 11)))
                 for s in alts[0].slots]
        return _row(_between(slots, _word("+", 20)))
    rows = [_row([term(a.term), _word(f"×{a.count}", 18)]) for a in alts if isinstance(a, Repeat)]
    return stack(_between(rows, _word("or", 11)))


def _two_lines(line: Block) -> Block:
    """A one-line row broken before one of its words (``+``, ``or``), the second line starting with it.

    Each line is a row as wide as the widest, holding its blocks at its left,
    so the lines start flush left. A row without such a word is returned as it is.
    """
    parts = line.children if line.kind == "row" else ()
    breaks = [i for i, part in enumerate(parts) if part.kind == "word" and i > 0]
    if not breaks:
        return line
    halves = [(_row(list(parts[:i])), _row(list(parts[i:]))) for i in breaks]
    first, second = min(halves, key=lambda pair: (max(pair[0].w, pair[1].w), -pair[0].w))
    w = max(first.w, second.w)
    flush = [Block(w, half.h, "row", children=(half,)) for half in (first, second)]
    return _column(flush)


def _render(block: Block, cx: float, cy: float, manifest: Manifest, categories: set[str]) -> list[Item]:
    style = manifest.token(block.text) if block.kind == "token" else None  # a token block has a style
    if style is not None:
        return token(style, cx, cy, TOKEN_R, fallback=manifest.fonts.fallback)
    if block.kind == "badge":
        return badge(block.text, cx, cy, BADGE_H, category=block.text in categories,
                     fallback=manifest.fonts.fallback)
    if block.kind == "word":
        return [centred_text(block.text, cx, cy, "display", block.size, INK)]
    items: list[Item] = []
    if block.kind == "row":
        x = cx - block.w / 2
        for child in block.children:
            items += _render(child, x + child.w / 2, cy, manifest, categories)
            x += child.w + GAP
    else:
        y = cy + block.h / 2
        for child in block.children:
            items += _render(child, cx, y - child.h / 2, manifest, categories)
            y -= child.h + GAP
    return items


@dataclass(frozen=True)
class DrawnRequirement:
    items: tuple[Item, ...]
    scale: float
    fits: bool


def draw_requirement(requirement: Requirement, box: Rect, manifest: Manifest, compact: bool = False,
                     scale: float | None = None, align: str = "center", lines: int = 1) -> DrawnRequirement:
    """The requirement in ``box`` (centred, or at its left), at ``scale`` or shrunk to fit; ``lines`` as in
    ``requirement_block``."""
    block = requirement_block(requirement, manifest, compact, lines)
    fit = min(1.0, box.w / block.w, box.h / block.h)
    scale = fit if scale is None else min(scale, fit)
    categories = {c.name for c in manifest.categories}
    items = _render(block, 0.0, 0.0, manifest, categories)
    cx = box.x + block.w * scale / 2 if align == "left" else box.cx
    group = Group(tuple(items), cx, box.cy, scale=scale, shared=True)
    return DrawnRequirement((group,), scale, scale >= MIN_SCALE)
