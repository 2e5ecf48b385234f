"""A pack diff as text for a terminal, Markdown for a pull-request comment, or JSON for scripts."""
from __future__ import annotations

import json
import re

from ..report import visible
from .compare import CardChange, DeckDiff, FindingRef, PackDiff

FORMATS = ("text", "markdown", "json")
JSON_VERSION = 1
MAX_CELL = 120  # characters of a field shown in text and Markdown (JSON has it all)
MAX_ROWS = 100  # table rows per deck in Markdown
MAX_MARKDOWN = 60_000  # characters: a GitHub comment holds 65,536


def summary(diff: PackDiff) -> str:
    """One line: '3 cards changed, 1 added, 1 removed, 1 renamed; Gag cards 60 → 61'."""
    parts = [f"{n} {kind}" for kind in ("changed", "added", "removed", "renamed") if (n := diff.count(kind))]
    if parts:
        n, kind = parts[0].split(" ", 1)
        parts[0] = f"{n} card{'s' if n != '1' else ''} {kind}"
    decks = []
    for d in diff.decks:
        if d.status == "added":
            decks.append(f"{d.title} added ({d.new_total})")
        elif d.status == "removed":
            decks.append(f"{d.title} removed ({d.old_total})")
        elif d.total_moved:
            decks.append(f"{d.title} {d.old_total} → {d.new_total}")
    line = ", ".join(parts) or "no card changes"
    if decks:
        line += "; " + ", ".join(decks)
    if diff.appeared or diff.gone:
        line += f"; findings: {len(diff.appeared)} new, {len(diff.gone)} gone"
    return line


def _clip(text: str, limit: int = MAX_CELL) -> str:
    text = " ".join(text.split())  # a quoted cell may hold line breaks
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _fields(card) -> str:
    return "; ".join(f"{c}: {_clip(t)}" for c, t in card.fields if t)


def _copies(change: CardChange) -> str:
    old, new = change.copies
    return f"{old} → {new}" if old != new else str(new)


# -- text ---------------------------------------------------------------------------------------------

_MARKS = {"changed": "~", "renamed": ">", "added": "+", "removed": "-"}
_COLOURS = {"changed": "yellow", "renamed": "cyan", "added": "green", "removed": "red"}


def format_text(diff: PackDiff, color: bool = False) -> str:
    import click

    def paint(text: str, kind: str) -> str:
        return click.style(text, fg=_COLOURS[kind]) if color else text

    lines = [f"{diff.pack}: {visible(diff.old_label)} → {visible(diff.new_label)}"]
    for deck in diff.decks:
        if deck.status == "same":
            continue
        lines.append(f"  {visible(deck.title)} [{deck.id}]{_deck_status(deck)}: {_total(deck)} cards")
        for change in deck.cards:
            mark = paint(_MARKS[change.kind], change.kind)
            lines.append(f"    {mark} {visible(_card_line(change))}")
    for note in diff.notes:
        lines.append(f"  note: {visible(note)}")
    for mark, kind, found in (("+", "added", diff.appeared), ("-", "removed", diff.gone)):
        for f in found:
            lines.append(f"  {paint(mark, kind)} {visible(_finding(f))}")
    lines.append(summary(diff))
    return "\n".join(lines)


def _total(deck: DeckDiff) -> str:
    """Copies in all: '52 → 53' when they moved; one number for a deck only one side has."""
    if deck.old_total is None or deck.new_total is None:
        return str(deck.new_total if deck.old_total is None else deck.old_total)
    return f"{deck.old_total} → {deck.new_total}" if deck.total_moved else str(deck.new_total)


def _deck_status(deck: DeckDiff) -> str:
    return f" (deck {deck.status})" if deck.status in ("added", "removed") else ""


def _card_line(change: CardChange) -> str:
    if change.kind == "added":
        return f"{_clip(change.new.name)} (line {change.new.line}, {change.new.copies}×)"
    if change.kind == "removed":
        return f"{_clip(change.old.name)} (was line {change.old.line}, {change.old.copies}×)"
    head = _clip(change.name) if change.kind == "changed" else \
        f"{_clip(change.old.name)} → {_clip(change.new.name)}"
    fields = ", ".join(f"{c.field} '{_clip(c.old)}' → '{_clip(c.new)}'" for c in change.changes)
    return f"{head}: {fields}" if fields else head


def _finding(f: FindingRef) -> str:
    return f"{f.file}:{f.line}: {f.severity} {f.code} {f.message}"


# -- Markdown ----------------------------------------------------------------------------------------

# What can start Markdown inside a line (nothing here stands at the start of one).
_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def md(text: str, limit: int = MAX_CELL) -> str:
    """``text`` as literal Markdown on one line: punctuation escaped (so '|' cannot end a table cell),
    '&' as an entity, and a word joiner after '@' so a card name cannot mention anyone."""
    text = _clip(text, limit).replace("&", "&amp;")
    return _SPECIAL.sub(r"\\\1", text).replace("@", "@\u2060")


def _code(text: str) -> str:
    """``text`` for inside a code span, where escapes would show: no backquotes, on one line."""
    return _clip(text, 200).replace("`", "'")


def format_markdown(diff: PackDiff) -> str:
    out = [f"### printkit diff: {md(diff.title)} (`{diff.pack}`)", "",
           f"{md(diff.old_label)} → {md(diff.new_label)}: **{md(summary(diff), 10_000)}**", ""]
    for deck in diff.decks:
        if deck.status != "same":
            out += _deck_markdown(deck)
    for note in diff.notes:
        out += [f"> {md(note, 1000)}", ""]
    if diff.appeared or diff.gone:
        out += _findings_markdown(diff)
    text = "\n".join(out).rstrip("\n") + "\n"
    if len(text) > MAX_MARKDOWN:
        cut = text.rfind("\n", 0, MAX_MARKDOWN)
        text = text[:cut] + "\n\n*… cut to fit a comment; run `printkit diff` for the whole report.*\n"
    return text


def _deck_markdown(deck: DeckDiff) -> list[str]:
    status = f", deck {deck.status}" if deck.status in ("added", "removed") else ""
    out = [f"#### {md(deck.title)} (`{deck.id}`{status}): {_total(deck)} cards", ""]
    if not deck.cards:
        return out
    out += ["| Card | Change | Old | New |", "| --- | --- | --- | --- |"]
    rows: list[str] = []
    for c in deck.cards:
        if c.kind == "added":
            rows.append(f"| {md(c.new.name)} | added ({c.new.copies}×) | | {md(_fields(c.new), 300)} |")
        elif c.kind == "removed":
            rows.append(f"| {md(c.old.name)} | removed ({c.old.copies}×) | {md(_fields(c.old), 300)} | |")
        else:
            if c.kind == "renamed":
                rows.append(f"| {md(c.new.name)} | renamed | {md(c.old.name)} | {md(c.new.name)} |")
            for f in c.changes:
                rows.append(f"| {md(c.name)} | {md(f.field)} | {md(f.old)} | {md(f.new)} |")
    if len(rows) > MAX_ROWS:
        rows = rows[:MAX_ROWS] + [f"| *… and {len(rows) - MAX_ROWS} more rows* | | | |"]
    return out + rows + [""]


def _findings_markdown(diff: PackDiff) -> list[str]:
    out = ["<details><summary>Findings: " + f"{len(diff.appeared)} new, {len(diff.gone)} gone</summary>", ""]
    for title, found in (("New", diff.appeared), ("Gone", diff.gone)):
        if found:
            out.append(f"**{title}**")
            out.append("")
            out += [f"- `{_code(f.file)}:{f.line}` {f.severity} **{f.code}** {md(f.message, 500)}" for f in found]
            out.append("")
    return out + ["</details>", ""]


# -- JSON --------------------------------------------------------------------------------------------

def format_json(diff: PackDiff) -> str:
    return json.dumps(to_json(diff), ensure_ascii=False, indent=2)


def to_json(diff: PackDiff) -> dict:
    counts = {kind: diff.count(kind) for kind in ("changed", "added", "removed", "renamed")}
    return {
        "version": JSON_VERSION,
        "pack": diff.pack,
        "title": diff.title,
        "old": diff.old_label,
        "new": diff.new_label,
        "changed": diff.changed,
        "summary": {**counts, "findings_new": len(diff.appeared), "findings_gone": len(diff.gone),
                    "text": summary(diff)},
        "decks": [_deck_json(d) for d in diff.decks],
        "findings": {"new": [_finding_json(f) for f in diff.appeared],
                     "gone": [_finding_json(f) for f in diff.gone]},
        "notes": list(diff.notes),
    }


def _deck_json(deck: DeckDiff) -> dict:
    return {"id": deck.id, "title": deck.title, "status": deck.status,
            "copies": {"old": deck.old_total, "new": deck.new_total},
            "cards": [_card_json(c) for c in deck.cards]}


def _side_json(side) -> dict | None:
    if side is None:
        return None
    return {"name": side.name, "line": side.line, "copies": side.copies, "fields": dict(side.fields)}


def _card_json(c: CardChange) -> dict:
    return {"kind": c.kind, "name": c.name, "old": _side_json(c.old), "new": _side_json(c.new),
            "changes": [{"field": f.field, "old": f.old, "new": f.new} for f in c.changes]}


def _finding_json(f: FindingRef) -> dict:
    return {"code": f.code, "severity": f.severity, "message": f.message, "file": f.file, "line": f.line,
            "column": f.column}
