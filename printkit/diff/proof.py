"""The proof: every changed card drawn old beside new, with a caption saying what changed.

Both sides' fronts come from ``printkit.faces`` (as ``check`` lays them out),
a deck's back that prints differently is one more pair, and several packs
follow one another in one document; keys are prefixed ``old:`` and ``new:``
(and the pack's number) so one document holds them all.
With no card changes the proof is one page that says so, so a workflow that
uploads it always finds a file. Only ``proof_pdf`` draws (lazily importing
the renderer); the rest builds display-list pages.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..faces.aid import AID_BACK, AID_DECK
from ..faces.base import FaceResult
from ..core.fonts import metrics, with_fallback
from ..geometry.draw import Box, Face, Group, Item, Line, Page, Place, Text
from ..core.mm import Rect
from ..geometry.text import wrap
from ..model.design_keys import INK
from ..model.pack import COPIES_COLUMN
from .compare import CardChange, CardSide, PackDiff
from .drawing import PackDrawings
from .proof_layout import A4, FOOTER, HEADER, MARGIN, PairSlot, card_rect, pages_of, proof_grid
from .report import DiffReport, shown, summary

MAX_PAIRS = 300  # pairs drawn (100 pages); the rest are counted on the last page
POKER = (63.5, 88.9)  # the cell size when no card has a face to draw
GREY = "#6B6B6B"
COLOURS = {"changed": "#A35F00", "renamed": "#0072B2", "added": "#00855F", "removed": "#C24E00"}
MAX_LABEL = 60  # characters of a revision or folder name in a page's heading


def arrow() -> str:
    """'→' where the caption font has it (Atkinson Hyperlegible does not), else '»'."""
    return "→" if metrics("body").has("→") and metrics("bold").has("→") else "»"


def proof_pdf(diff: PackDiff, old_fronts: Mapping[str, FaceResult] | None,
              new_fronts: Mapping[str, FaceResult] | None) -> tuple[bytes, int]:
    """(the proof's bytes, its page count)."""
    from ..render.pdf import render_pdf  # reportlab: only when a proof is asked for

    pages, faces = proof_pages(diff, old_fronts or {}, new_fronts or {})
    data = render_pdf(pages, faces, f"{diff.title}: card proof", f"{diff.old_label} → {diff.new_label}")
    return data, len(pages)


def proof_report_pdf(report: DiffReport, drawings: Sequence[tuple[PackDrawings | None, PackDrawings | None]]
                     ) -> tuple[bytes, int, int]:
    """(the proof of every pack in ``report``, its page count, the pairs it shows); ``drawings``
    holds each pack's (old, new) PackDrawings, in the report's order."""
    from ..render.pdf import render_pdf  # reportlab: only when a proof is asked for

    pages: list[Page] = []
    faces: dict[str, Face] = {}
    left = MAX_PAIRS
    drawn = 0
    for n, (diff, (old, new)) in enumerate(zip(report.packs, drawings)):
        entries = proof_entries(diff, old, new)
        if (not entries and len(report.packs) > 1) or (entries and not left):
            continue  # findings only: nothing to draw; or the proof is full (the last page counts the rest)
        pack_pages, pack_faces = pages_for(diff, entries, f"{n}", left)
        pages += pack_pages
        faces.update(pack_faces)
        drawn += min(len(entries), left)
        left = max(0, left - len(entries))
    if not pages:
        pages, faces = pages_for(report.packs[0], [], "0", 0) if report.packs else ([], {})
    if not pages:
        pages = [Page(A4[0], A4[1], (Text(A4[0] / 2, A4[1] * 0.62, "No pack differs", "bold", 20, INK, "center"),),
                      label="proof 1")]
    title = report.packs[0].title if len(report.packs) == 1 else f"{len(report.packs)} packs"
    data = render_pdf(pages, faces, f"{title}: card proof", f"{report.old_label} → {report.new_label}")
    return data, len(pages), drawn


Entry = tuple[CardChange, "Face | None", "Face | None"]


def proof_entries(diff: PackDiff, old: PackDrawings | None, new: PackDrawings | None) -> list[Entry]:
    """Each deck's back that prints differently, then each changed card: (change, old face, new face)."""
    entries: list[Entry] = []
    for deck in diff.decks:
        if deck.back and old is not None and new is not None:
            key = f"{deck.id}/back" if deck.id != AID_DECK else AID_BACK
            side = CardSide(f"{deck.title}: the back", 0, 0, (), key)
            entries.append((CardChange("changed", deck.id, side, side, (), True, deck.back),
                            old.faces.get(key), new.faces.get(key)))
        for c in deck.cards:
            entries.append((c, old.front_face(deck.id, c.old.line) if old and c.old else None,
                            new.front_face(deck.id, c.new.line) if new and c.new else None))
    return entries


def proof_pages(diff: PackDiff, old_fronts: Mapping[str, FaceResult],
                new_fronts: Mapping[str, FaceResult]) -> tuple[list[Page], dict[str, Face]]:
    """The pages for one pack's changed cards, their fronts looked up by face key."""
    def face(side: CardSide | None, fronts: Mapping[str, FaceResult]) -> Face | None:
        result = fronts.get(side.face) if side is not None else None
        return result.face if result is not None else None

    entries = [(c, face(c.old, old_fronts), face(c.new, new_fronts)) for c in diff.card_changes]
    return pages_for(diff, entries, "", MAX_PAIRS)


def pages_for(diff: PackDiff, entries: list[Entry], tag: str, most: int) -> tuple[list[Page], dict[str, Face]]:
    """Pages drawing at most ``most`` of ``entries``; the rest counted on the last page."""
    drawn = entries[:most]
    faces: dict[str, Face] = {}

    def keyed(found: Face | None, prefix: str) -> Face | None:
        if found is None:
            return None
        key = f"{prefix}{tag}:{found.key}"
        faces[key] = replace(found, key=key)
        return faces[key]

    pairs = [(c, keyed(a, "old"), keyed(b, "new")) for c, a, b in drawn]
    sizes = [(f.width, f.height) for _, a, b in pairs for f in (a, b) if f is not None] or [POKER]
    grid = proof_grid((max(w for w, _ in sizes), max(h for _, h in sizes)), A4)
    groups = pages_of(len(pairs), grid.rows)
    pages = []
    for n, group in enumerate(groups):
        items = _frame(diff, n, len(groups))
        for row, i in enumerate(group):
            items += pair_items(*pairs[i], grid.slots[row], grid.scale, diff.fallback)
        if not pairs:
            items += _nothing(diff)
        elif n == len(groups) - 1 and len(entries) > len(drawn):
            items.append(Text(MARGIN, MARGIN + FOOTER, f"… and {len(entries) - len(drawn)} more changed cards, "
                                                       f"not drawn (a proof shows at most {MAX_PAIRS})",
                              "bold", 9, COLOURS["removed"]))
        pages.append(Page(A4[0], A4[1], tuple(items), label=f"proof {n + 1}"))
    return pages, faces


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut short with '…' to fit ``width`` mm in font key ``font``."""
    measure = metrics(font)
    if measure.width(text, size) <= width:
        return text
    while text and measure.width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def _frame(diff: PackDiff, n: int, of: int) -> list[Item]:
    w, h = A4
    top = h - MARGIN
    bold = with_fallback("bold", diff.fallback)  # the game's title may need a fallback font
    title = _fit(f"Card proof: {diff.title}", bold, 11, (w - 2 * MARGIN) * 0.6)
    room = w - 2 * MARGIN - metrics(bold).width(title, 11) - 8
    sides = f"{_clip(diff.old_label, MAX_LABEL)} {arrow()} {_clip(diff.new_label, MAX_LABEL)}"
    return [
        Text(MARGIN, top - 5, title, bold, 11, INK),
        Text(w - MARGIN, top - 5, _fit(sides, "body", 8, room), "body", 8, GREY, "right"),
        Line(MARGIN, top - HEADER + 2.5, w - MARGIN, top - HEADER + 2.5, 0.5, GREY),
        Text(w / 2, MARGIN, f"page {n + 1} of {of}", "body", 8, GREY, "center"),
    ]


def _nothing(diff: PackDiff) -> list[Item]:
    w, h = A4
    sides = f"{diff.old_label} {arrow()} {diff.new_label}"
    items: list[Item] = [Text(w / 2, h * 0.62, "No card changes", "bold", 20, INK, "center"),
                         Text(w / 2, h * 0.62 - 10, _fit(sides, "body", 10, w - 2 * MARGIN), "body", 10, GREY,
                              "center")]
    if diff.appeared or diff.gone or diff.notes:
        more = summary(diff).split("; ", 1)[-1]  # what is left past "no card changes": findings, deck notes
        items.append(Text(w / 2, h * 0.62 - 17, _fit(f"{more} (see the report)", "body", 10, w - 2 * MARGIN),
                          "body", 10, GREY, "center"))
    return items


def pair_items(change: CardChange, old: Face | None, new: Face | None, slot: PairSlot, scale: float,
               fallback: tuple[str, ...] = ()) -> list[Item]:
    """One row: the old card (or a dashed blank), the new one, their labels, and the caption (names
    set with the ``fallback`` fonts where the caption's font lacks a character)."""
    colour = COLOURS[change.kind]
    items: list[Item] = []
    for side, face, cell, word in ((change.old, old, slot.old, "old"), (change.new, new, slot.new, "new")):
        if side is None:  # added or removed: this side has no such card
            items.append(Box(cell, stroke="#B0B0B0", width=0.5, dash=(1.5, 1.5)))
            items.append(Text(cell.cx, cell.cy, f"not in {word}", "body", 8, GREY, "center"))
            continue
        label = f"{word} · {change.kind}" if change.kind in ("added", "removed") else word
        if face is None:  # the deck's layout is unknown on this side: nothing to draw
            items.append(Box(cell, stroke=GREY, width=0.5, dash=(0.8, 0.8)))
            items.append(Text(cell.cx, cell.cy, "no face to draw", "body", 8, GREY, "center"))
            items.append(Text(cell.x, slot.label_y, label, "bold", 8, colour))
            continue
        rect = card_rect(cell, (face.width, face.height), scale)
        items.append(Group((Place(face.key, 0.0, 0.0),), rect.x, rect.y, scale=scale,
                           clip=Rect(0.0, 0.0, face.width, face.height)))
        items.append(Box(rect, stroke="#9A9A9A", width=0.4))  # the trim, so white cards show their edge
        items.append(Text(rect.x, slot.label_y, label, "bold", 8, colour))
    items += caption_items(change, slot.caption, colour, fallback)
    return items


def caption_lines(change: CardChange) -> list[tuple[str, str]]:
    """(font, text) lines saying which card this is and what changed."""
    if change.kind == "renamed":
        title = f"{change.was.name} {arrow()} {change.now.name}"
    else:
        title = change.name
    side = change.side
    where = (f"line {side.line}" if side.line else "") if change.new else \
        (f"was line {side.line}" if side.line else "")
    lines = [("bold", title), ("body", " · ".join(w for w in (change.kind, change.deck, where) if w))]
    if change.kind in ("added", "removed"):
        lines += [("body", f"{field}: {text}") for field, text in side.fields if text]
        if side.dropped:
            lines.append(("body", f"a repeated row (first: line {side.first_line}): it does not print"
                          if side.first_line else "a repeated value: it does not print"))
    else:
        for c in change.changes:
            old, new, blank = shown(c)
            lines.append(("body", f"{c.field}: {old or '(blank)'} {arrow()} {new or '(blank)'}"
                          + (" (whitespace only)" if blank else "")))
    if change.causes:
        lines.append(("body", "prints differently: " + "; ".join(change.causes)))
    was, now = change.copies
    if change.kind in ("changed", "renamed") and was != now and not any(c.field == COPIES_COLUMN
                                                                         for c in change.changes):
        lines.append(("body", f"copies: {was} {arrow()} {now}"))
    return [(font, _clip(text, 400)) for font, text in lines]


SIZES = {"bold": 10.0, "body": 8.5}


def caption_items(change: CardChange, box: Rect, colour: str, fallback: tuple[str, ...] = ()) -> list[Item]:
    """The caption wrapped to ``box``; lines that do not fit end in '…'."""
    placed: list[tuple[str, str]] = []
    for font, text in caption_lines(change):
        placed += [(font, piece) for piece in _wrapped(text, with_fallback(font, fallback), SIZES[font], box.w)]
    items: list[Item] = []
    y = box.top - metrics("bold").ascent(SIZES["bold"])
    for i, (font, text) in enumerate(placed):
        pitch = SIZES[font] * 1.25 * 25.4 / 72
        if y - pitch < box.y and i < len(placed) - 1:
            items.append(Text(box.x, y, "…", "body", SIZES["body"], GREY))
            break
        items.append(Text(box.x, y, text, with_fallback(font, fallback), SIZES[font], colour if i == 0 else INK))
        y -= pitch
    return items


def _wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    """Word-wrapped lines, a word wider than ``width`` broken between characters."""
    measure = metrics(font)
    out: list[str] = []
    for line in wrap(text, measure, size, width):
        if measure.width(line, size) <= width:
            out.append(line)
            continue
        piece, used = "", 0.0
        for char in line:
            advance = measure.width(char, size)
            if piece and used + advance > width:
                out.append(piece)
                piece, used = "", 0.0
            piece, used = piece + char, used + advance
        out.append(piece)
    return out
