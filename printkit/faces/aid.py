"""Player aid cards: the turn on the front; on the back, what gallery cards
buy and a key to the requirement notation, drawn with the same tokens and
badges as the Gag cards.
"""
from __future__ import annotations

from ..fonts import metrics
from ..layout.draw import Box
from ..layout.geometry import Rect
from ..layout.text import block_height, wrap
from ..model.pack import Pack
from .base import FaceBuilder, FaceContext, FaceResult, Overflow
from .colour import ink_on, tint
from .suit import powers_list
from .tokens import centred_text, token

AID_FRONT, AID_BACK = "player-aid/front", "player-aid/back"


def _context(pack: Pack) -> FaceContext:
    deck = next(iter(pack.manifest.decks))  # faces need a deck only for its templates' roles
    return FaceContext(pack.manifest, deck)


def _header(b: FaceBuilder, title: str, colour: str) -> float:
    """A band of the aid's colour across the top; returns the y under it."""
    safe = b.ctx.safe_box
    band = Rect(-6.0, safe.top - 9.0, b.ctx.width + 12.0, b.ctx.height - safe.top + 15.0)
    b.add(Box(band, fill=colour))
    b.fitted(title, Rect(safe.x, safe.top - 8.0, safe.w, 7.0), "display", 14, 8, "", "aid title",
             colour=ink_on(colour), max_lines=1)
    return safe.top - 10.5


PHASE_SIZE = 6.8  # points, for the phase texts, or smaller down to:
MIN_PHASE_SIZE = 5.0
NAME_H = 4.2  # mm for a phase's name line


def aid_front(pack: Pack) -> FaceResult:
    m = pack.manifest
    aid = m.player_aid
    b = FaceBuilder(_context(pack), AID_FRONT)
    b.background("#FFFFFF")
    safe = b.ctx.safe_box
    y = _header(b, aid.title, aid.colour)
    # One text size for every phase: the largest at which all of them fit.
    body = metrics("body")
    text_w = safe.w - 6.0
    room = y - safe.y
    size = PHASE_SIZE
    while True:
        needs = [NAME_H + block_height(len(wrap(p.text, body, size, text_w)), size, body) + 0.8
                 for p in m.phases]
        if sum(needs) <= room or size <= MIN_PHASE_SIZE:
            break
        size = round(size - 0.2, 2)
    for number, (phase, row_h) in enumerate(zip(m.phases, needs), 1):
        b.add(centred_text(str(number), safe.x + 2.6, y - 2.3, "display", 11, aid.colour))
        b.fitted(phase.name, Rect(safe.x + 6.0, y - NAME_H, text_w, NAME_H - 0.4), "bold", 8, 6, "", "phase",
                 align="left", max_lines=1, where=phase.location)
        b.fitted(phase.text, Rect(safe.x + 6.0, y - row_h + 0.8, text_w, row_h - NAME_H - 0.8), "body",
                 size, size, "", "phase", align="left", valign="top", where=phase.location)
        y -= row_h
    if sum(needs) > room + 1e-6:  # name the longest phase: shortening it helps most
        longest = max(zip(needs, m.phases), key=lambda pair: pair[0])[1]
        b.overflows.append(Overflow("", longest.text, "phase", longest.location))
    return b.result()


def _legend(b: FaceBuilder, pack: Pack, box: Rect) -> None:
    """Key to the notation: tokens and what ``+``, ``or`` and ``×2`` mean."""
    m = pack.manifest
    b.add(Box(box, fill=tint("#999999", 0.12), radius=2.0))
    b.add(centred_text("READING A GAG CARD", box.cx, box.top - 3.0, "bold", 6.5, "#555555"))
    tokens = m.tokens
    step = box.w / max(len(tokens), 1)
    for i, style in enumerate(tokens):
        cx = box.x + step * (i + 0.5)
        b.add(*token(style, cx, box.top - 10.0, 4.2, outline=0.6))
        b.fitted(_name_of(pack, style.term), Rect(cx - step / 2, box.top - 17.6, step, 3.0), "bold", 5.5, 4.5,
                 "", "legend", max_lines=1)
    notes = ["+  one card of each", "or  either one", "×2  two alike"]
    b.fitted("   ·   ".join(notes), Rect(box.x + 1, box.top - 21.0, box.w - 2, 3.2), "bold", 6, 4.5, "",
             "legend", max_lines=1)
    categories = [c for c in m.categories if c.name != "Any"] + [c for c in m.categories if c.name == "Any"]
    text = " · ".join(f"{c.name} = {c.label}" for c in categories)
    b.fitted(text, Rect(box.x + 1.5, box.y + 0.5, box.w - 3, 5.2), "body", 5.8, 4.5, "", "legend")


def _name_of(pack: Pack, term: str) -> str:
    rule = pack.manifest.claims
    deck = pack.decks.get(rule.paid_from) if rule else None
    for card in (deck.cards if deck else ()):
        if any(str(card.values.get(col)) == term for col in rule.term_columns):
            return card.name
    return term


def aid_back(pack: Pack) -> FaceResult:
    """What the back holds depends on the game: powers to spend, the key to
    requirements, and any reminders the pack lists as notes."""
    m = pack.manifest
    aid = m.player_aid
    b = FaceBuilder(_context(pack), AID_BACK)
    b.background(tint(aid.colour, 0.15))
    safe = b.ctx.safe_box
    title = aid.powers_title if m.powers else "Remember"
    y = _header(b, title, aid.colour)
    bottom = safe.y
    if m.claims is not None and m.tokens:
        legend = Rect(safe.x, safe.y, safe.w, 26.0)
        _legend(b, pack, legend)
        bottom = legend.top + 1.5
    if m.powers:
        powers_list(b, Rect(safe.x, bottom, safe.w, y - bottom), "SPEND THEM FOR")
    elif aid.notes:
        _notes(b, aid.notes, Rect(safe.x, bottom, safe.w, y - bottom), aid.location)
    return b.result()


def _notes(b: FaceBuilder, notes: tuple[str, ...], box: Rect, where) -> None:
    """Reminders, one per boxed row."""
    gap = 1.5
    row_h = (box.h - gap * (len(notes) - 1)) / len(notes)
    for i, note in enumerate(notes):
        row = Rect(box.x, box.top - (i + 1) * row_h - i * gap, box.w, row_h)
        b.add(Box(row, fill="#FFFFFF", stroke=tint("#999999", 0.6), width=0.5, radius=1.5))
        b.fitted(note, row.inset(1.6), "body", 9, 5.5, "", "note", align="left", where=where)
