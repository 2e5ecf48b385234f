"""Layout elements drawn from the pack's own lists rather than from one card.

``powers`` (what gallery cards buy), ``phases`` (the turn, for player aids),
``legend`` (the key to the requirement notation), ``notes`` (reminders) and
``symbols`` (a row of the pack's symbols) each fill the box their layout
element gives them.
"""
from __future__ import annotations

from ..core.fonts import metrics
from ..geometry.draw import Box, Text
from ..core.mm import Rect
from ..geometry.text import block_height, wrap
from ..model.pack import Pack
from .base import FaceBuilder, Overflow
from .colour import INK, tint
from .symbols import symbol
from .tokens import centred_text, token

MIN_TYPE = 6.0  # points: nothing printed smaller
PLAIN = "#FFF4D6"
PLAIN_EDGE = "#8C6D1F"


def powers(b: FaceBuilder, box: Rect, heading: str) -> None:
    """The pack's powers as rows: cost pips on the left, text on the right."""
    items = b.ctx.manifest.powers
    if not items:
        return
    b.fitted(heading, Rect(box.x, box.top - 4.0, box.w, 4.0), "bold", 7.5, MIN_TYPE, "", "heading")
    row_gap = 1.0
    area_top = box.top - 5.0
    row_h = (area_top - box.y - row_gap * (len(items) - 1)) / len(items)
    pip_w = _pips_width(max(p.cost for p in items)) + 1.6
    # One size for every row, so the list reads evenly: the largest at which all fit.
    text_w = box.w - pip_w - 2.5
    size = _common_size([p.text for p in items], text_w, row_h - 1.0, 7.5, metrics(b.font("body")))
    for i, power in enumerate(items):
        top = area_top - i * (row_h + row_gap)
        row = Rect(box.x, top - row_h, box.w, row_h)
        b.add(Box(row, fill="#FFFFFF", stroke=tint(PLAIN_EDGE, 0.6), width=0.5, radius=1.5))
        _pips(b, power.cost, row.inset(0.8))
        text_box = Rect(row.x + pip_w + 1.5, row.y + 0.5, text_w, row.h - 1.0)
        b.fitted(power.text, text_box, "body", size, size, "", "power", align="left", where=power.location)


def _common_size(texts: list[str], width: float, height: float, largest: float, body) -> float:
    size = largest
    while size > MIN_TYPE:
        if all(block_height(len(wrap(t, body, size, width)), size, body) <= height for t in texts):
            break
        size = round(size - 0.25, 2)
    return max(size, MIN_TYPE)


PIP_W, PIP_H, PIP_STEP = 2.4, 3.3, 1.5  # mm: a little card, and how far the next one is set over
PIP_TYPE = 6.5  # points: the "×2" beside them


def _pips_width(cost: int) -> float:
    """Width of ``cost`` little cards and their "×n" beside them."""
    cards = PIP_W + PIP_STEP * (min(cost, 6) - 1)
    return cards + 0.6 + metrics("bold").width(f"×{cost}", PIP_TYPE)


def _pips(b: FaceBuilder, cost: int, room: Rect) -> None:
    """``cost`` little cards side by side, then "×n", centred up and down in ``room`` (a row less
    its border), so that neither touches the row's edge."""
    h = min(PIP_H, room.h)
    w = PIP_W * h / PIP_H
    x = room.x
    for i in range(min(cost, 6)):
        b.add(Box(Rect(x + i * PIP_STEP * h / PIP_H, room.cy - h / 2, w, h), fill=PLAIN, stroke=INK, width=0.5,
                  radius=0.4))
    after = x + w + PIP_STEP * h / PIP_H * (min(cost, 6) - 1) + 0.6
    b.add(Text(after, room.cy - metrics("bold").cap(PIP_TYPE) / 2, f"×{cost}", "bold", PIP_TYPE, INK))


PHASE_SIZE = 9.0  # points for the phase texts at most: the largest that fills the card, down to MIN_TYPE
NAME_H = 4.2  # mm for a phase's name line


def phases(b: FaceBuilder, box: Rect, colour: str) -> None:
    """The turn, numbered, each phase's name over its text; one text size for all."""
    m = b.ctx.manifest
    if not m.phases:
        return
    body = metrics(b.font("body"))
    text_w = box.w - 6.0
    size = PHASE_SIZE
    while True:
        name_size = max(8.0, size + 1.0)  # a phase's name a point over its text, at least 8 pt
        name_h = NAME_H * name_size / 8.0
        needs = [name_h + block_height(len(wrap(p.text, body, size, text_w)), size, body) + 0.8 for p in m.phases]
        if sum(needs) <= box.h or size <= MIN_TYPE:
            break
        size = round(size - 0.2, 2)
    y = box.top
    for number, (phase, row_h) in enumerate(zip(m.phases, needs), 1):
        b.add(centred_text(str(number), box.x + 2.6, y - name_h / 2 - 0.2, "display", 11 * name_size / 8.0, colour))
        b.fitted(phase.name, Rect(box.x + 6.0, y - name_h, text_w, name_h - 0.4), "bold", name_size, MIN_TYPE, "",
                 "phase", align="left", max_lines=1, where=phase.location)
        b.fitted(phase.text, Rect(box.x + 6.0, y - row_h + 0.8, text_w, row_h - name_h - 0.8), "body",
                 size, size, "", "phase", align="left", valign="top", where=phase.location)
        y -= row_h
    if sum(needs) > box.h + 1e-6:  # name the longest phase: shortening it helps most
        longest = max(zip(needs, m.phases), key=lambda pair: pair[0])[1]
        b.overflows.append(Overflow("", longest.text, "phase", longest.location))


def legend(b: FaceBuilder, pack: Pack, box: Rect, heading: str) -> None:
    """Key to the requirement notation: each token with its card's name, then the signs."""
    m = pack.manifest
    b.add(Box(box, fill=tint("#999999", 0.12), radius=2.0))
    b.fitted(heading, Rect(box.x + 1, box.top - 4.2, box.w - 2, 3.4), "bold", 6.5, MIN_TYPE, "", "legend",
             colour="#444444", max_lines=1)
    tokens = m.tokens
    names = [_name_of(pack, style.term) for style in tokens]
    bold = metrics(b.font("bold"))
    step = box.w / max(len(tokens), 1)
    # Names under their tokens, in one row; or, where a name would need two lines there ("Charlie /
    # Brown"), two rows of tokens with each name on one line beside its token.
    if len(tokens) > 1 and any(bold.width(name, 6.5) > step - 0.6 for name in names):
        columns = -(-len(tokens) // 2)
        cell = box.w / columns
        for i, (style, name) in enumerate(zip(tokens, names)):
            x, cy = box.x + cell * (i % columns), box.top - 7.6 - (i // columns) * 6.6
            b.add(*token(style, x + 3.6, cy, 3.0, outline=0.6, fallback=m.fonts.fallback))
            b.fitted(name, Rect(x + 7.3, cy - 2.2, cell - 7.6, 4.4), "bold", 6.5, MIN_TYPE, "", "legend",
                     align="left", max_lines=1)
    else:
        for i, (style, name) in enumerate(zip(tokens, names)):
            cx = box.x + step * (i + 0.5)
            b.add(*token(style, cx, box.top - 8.4, 3.6, outline=0.6, fallback=m.fonts.fallback))
            b.fitted(name, Rect(cx - step / 2 + 0.3, box.top - 17.6, step - 0.6, 5.4), "bold",
                     6.5, MIN_TYPE, "", "legend", max_lines=2, valign="top")
    notes = ["+ one of each", "or: either", "×2: two alike"]
    b.fitted("  ·  ".join(notes), Rect(box.x + 1, box.top - 21.4, box.w - 2, 3.4), "bold", 6.5, MIN_TYPE, "",
             "legend", max_lines=1)
    categories = [c for c in m.categories if c.name != "Any"] + [c for c in m.categories if c.name == "Any"]
    text = " · ".join(f"{c.name} = {c.label}" for c in categories)
    b.fitted(text, Rect(box.x + 1.2, box.y + 0.3, box.w - 2.4, box.h - 22.0), "body", 6.5, MIN_TYPE, "", "legend")


def _name_of(pack: Pack, term: str) -> str:
    rule = pack.manifest.claims
    if rule is None:
        return term
    deck = pack.decks.get(rule.paid_from)
    for card in (deck.cards if deck else ()):
        if any(str(card.values.get(col)) == term for col in rule.term_columns):
            return card.name
    return term


def notes(b: FaceBuilder, box: Rect) -> None:
    """The player aid's reminders, one per boxed row."""
    aid = b.ctx.manifest.player_aid
    if aid is None or not aid.notes:
        return
    items = aid.notes
    gap = 1.5
    row_h = (box.h - gap * (len(items) - 1)) / len(items)
    for i, note in enumerate(items):
        row = Rect(box.x, box.top - (i + 1) * row_h - i * gap, box.w, row_h)
        b.add(Box(row, fill="#FFFFFF", stroke=tint("#999999", 0.6), width=0.5, radius=1.5))
        b.fitted(note, row.inset(1.6), "body", 9, MIN_TYPE, "", "note", align="left", where=aid.location)


def symbol_row(b: FaceBuilder, box: Rect, fill: str) -> None:
    """The pack's token symbols (stars when it has none) spaced evenly along the box."""
    names = [t.symbol for t in b.ctx.manifest.tokens] or ["star"] * 4
    r = min(box.h / 2, box.w / (2.6 * len(names)))
    step = box.w / len(names)
    for i, name in enumerate(names):
        b.add(symbol(name, box.x + step * (i + 0.5), box.cy, r, fill=fill))
