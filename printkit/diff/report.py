"""A pack diff as text for a terminal, Markdown for a pull-request comment, or JSON for scripts."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .. import __version__
from ..core.terminal import visible
from .compare import CardChange, DeckDiff, FieldChange, FindingRef, PackDiff

FORMATS = ("text", "markdown", "json")
JSON_VERSION = 2  # 2: every pack in one report ("packs"), what prints differently and why
MAX_CELL = 120  # characters of a field shown in text and Markdown (JSON has it all)
MAX_ROWS = 100  # table rows per deck in Markdown
MAX_MARKDOWN = 60_000  # characters: a GitHub comment holds 65,536


@dataclass(frozen=True)
class DiffReport:
    """Every pack compared in one run, and what concerns them all."""

    old_label: str
    new_label: str
    packs: tuple[PackDiff, ...]
    notes: tuple[str, ...] = ()  # e.g. printkit's own version differing between two revisions

    @property
    def changed(self) -> bool:
        return bool(self.notes) or any(p.changed for p in self.packs)


def summary(diff: PackDiff) -> str:
    """One line: '3 cards changed, 1 added, 1 removed, 1 renamed; Gag cards 60 → 61'."""
    parts = [f"{n} {kind}" for kind in ("changed", "added", "removed", "renamed") if (n := diff.count(kind))]
    if parts:
        count, kind = parts[0].split(" ", 1)
        parts[0] = f"{count} card{'s' if count != '1' else ''} {kind}"
    backs = [d.title for d in diff.decks if d.back]
    if backs:
        parts.append(f"{len(backs)} back{'s' if len(backs) != 1 else ''} changed")
    decks = []
    for d in diff.decks:
        if d.status == "added":
            decks.append(f"{d.title} added ({d.new_total})")
        elif d.status == "removed":
            decks.append(f"{d.title} removed ({d.old_total})")
        elif d.total_moved:
            decks.append(f"{d.title} {d.old_total} → {d.new_total}")
    line = ", ".join(parts) or "no card changes"
    if diff.status != "changed":
        line = f"pack {diff.status}: {line}"
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


def shown(change: FieldChange) -> tuple[str, str, bool]:
    """(old, new, whitespace only): when only whitespace differs, both with it made visible (a
    space as '·', a tab as '\\t', a line break as '\\n'), else both as written."""
    if change.old == change.new or change.old.split() != change.new.split():
        return change.old, change.new, False
    return _marked(change.old), _marked(change.new), True


def _marked(text: str) -> str:
    out = []
    for ch in text:
        if ch == " ":
            out.append("·")
        elif ch in "\t\n\r":
            out.append({"\t": "\\t", "\n": "\\n", "\r": "\\r"}[ch])
        elif ch.isspace():
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def _dropped(side) -> str:
    """Why a row is not printed, for a row left out as a repeat."""
    if side.first_line:
        return f"a second row named '{_clip(side.name)}' (the first is line {side.first_line}); it does not print"
    return "it repeats a value another card has in a unique column; it does not print"


def causes_text(causes: tuple[str, ...]) -> str:
    return "; ".join(causes)


# -- text ---------------------------------------------------------------------------------------------

_MARKS = {"changed": "~", "renamed": ">", "added": "+", "removed": "-"}
_COLOURS = {"changed": "yellow", "renamed": "cyan", "added": "green", "removed": "red"}


def format_report_text(report: DiffReport, color: bool = False) -> str:
    """Every pack, one after another; a line for each note; with several packs, a last line counting them."""
    blocks = [visible(f"note: {n}") for n in report.notes]
    blocks += [format_text(d, color) for d in report.packs]
    if not report.packs:
        blocks.append(f"{visible(report.old_label)} → {visible(report.new_label)}: no pack differs")
    elif len(report.packs) > 1:
        changed = sum(d.changed for d in report.packs)
        blocks.append(f"{len(report.packs)} packs compared, {changed} changed")
    return "\n\n".join(blocks)


def format_text(diff: PackDiff, color: bool = False) -> str:
    import click

    def paint(text: str, kind: str) -> str:
        return click.style(text, fg=_COLOURS[kind]) if color else text

    status = f" (pack {diff.status})" if diff.status != "changed" else ""
    lines = [f"{visible(diff.pack)}{status}: {visible(diff.old_label)} → {visible(diff.new_label)}"]
    if diff.sources.changed:
        lines.append(f"  sources changed: {visible(_sources_line(diff))}")
    for deck in diff.decks:
        if deck.status == "same":
            continue
        lines.append(f"  {visible(deck.title)} [{deck.id}]{_deck_status(deck)}: {_total(deck)} cards")
        if deck.back:
            lines.append(f"    {paint('~', 'changed')} {visible(_clip('back prints differently: ' + causes_text(deck.back), 400))}")
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


MAX_SOURCES = 20  # keys and files listed on a pack's 'sources changed' line


def _sources_line(diff: PackDiff) -> str:
    items = [str(k) for k in diff.sources.keys] + list(diff.sources.files)
    more = len(items) - MAX_SOURCES + diff.sources.more_keys
    line = "; ".join(_clip(i, 200) for i in items[:MAX_SOURCES])
    return line + (f"; and {more} more" if more > 0 else "")


def _total(deck: DeckDiff) -> str:
    """Copies in all: '52 → 53' when they moved; one number for a deck only one side has."""
    if deck.old_total is None or deck.new_total is None:
        return str(deck.new_total if deck.old_total is None else deck.old_total)
    return f"{deck.old_total} → {deck.new_total}" if deck.total_moved else str(deck.new_total)


def _deck_status(deck: DeckDiff) -> str:
    return f" (deck {deck.status})" if deck.status in ("added", "removed") else ""


def _where(side, was: str = "") -> str:
    return f"{was}line {side.line}, " if side.line else ""


def _card_line(change: CardChange) -> str:
    if change.kind == "added":
        line = f"{_clip(change.now.name)} ({_where(change.now)}{change.now.copies}×)"
        return f"{line}: {_dropped(change.now)}" if change.now.dropped else line
    if change.kind == "removed":
        return f"{_clip(change.was.name)} ({_where(change.was, 'was ')}{change.was.copies}×)"
    head = _clip(change.name) if change.kind == "changed" else \
        f"{_clip(change.was.name)} → {_clip(change.now.name)}"
    parts = []
    for c in change.changes:
        old, new, blank = shown(c)
        parts.append(f"{c.field} '{_clip(old)}' → '{_clip(new)}'" + (" (whitespace only)" if blank else ""))
    if change.causes:
        parts.append(f"prints differently: {causes_text(change.causes)}")
    if change.now.dropped != change.was.dropped:
        parts.append(_dropped(change.now) if change.now.dropped else "now printed")
    fields = ", ".join(parts)
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


def format_report_markdown(report: DiffReport) -> str:
    """One comment for every pack: each pack's section in turn, cut as a whole to fit."""
    out = [f"> {md(n, 1000)}\n" for n in report.notes]
    if not report.packs:
        out.append(f"### printkit diff\n\n{md(report.old_label)} → {md(report.new_label)}: **no pack differs**\n")
    out += [format_markdown(d, cut=False) for d in report.packs]
    return _cut("\n".join(out))


def _cut(text: str) -> str:
    if len(text) > MAX_MARKDOWN:
        cut = text.rfind("\n", 0, MAX_MARKDOWN)
        text = text[:cut] + "\n\n*… cut to fit a comment; run `printkit diff` for the whole report.*\n"
    return text


def format_markdown(diff: PackDiff, cut: bool = True) -> str:
    status = f", pack {diff.status}" if diff.status != "changed" else ""
    out = [f"### printkit diff: {md(diff.title)} (`{_code(diff.pack)}`{status})", "",
           f"{md(diff.old_label)} → {md(diff.new_label)}: **{md(summary(diff), 10_000)}**", ""]
    if diff.sources.changed:
        out += [f"Sources changed: {md(_sources_line(diff), 4000)}", ""]
    for deck in diff.decks:
        if deck.status != "same":
            out += _deck_markdown(deck)
    for note in diff.notes:
        out += [f"> {md(note, 1000)}", ""]
    if diff.appeared or diff.gone:
        out += _findings_markdown(diff)
    text = "\n".join(out).rstrip("\n") + "\n"
    return _cut(text) if cut else text


def _deck_markdown(deck: DeckDiff) -> list[str]:
    status = f", deck {deck.status}" if deck.status in ("added", "removed") else ""
    out = [f"#### {md(deck.title)} (`{deck.id}`{status}): {_total(deck)} cards", ""]
    if deck.back:
        out += [f"The back prints differently: {md(causes_text(deck.back), 1000)}", ""]
    if not deck.cards:
        return out
    out += ["| Card | Change | Old | New |", "| --- | --- | --- | --- |"]
    rows: list[str] = []
    for c in deck.cards:
        if c.kind == "added":
            what = "added, a repeated row" if c.now.dropped else "added"
            fields = _dropped(c.now) if c.now.dropped else _fields(c.now)
            rows.append(f"| {md(c.now.name)} | {what} ({c.now.copies}×) | | {md(fields, 300)} |")
        elif c.kind == "removed":
            rows.append(f"| {md(c.was.name)} | removed ({c.was.copies}×) | {md(_fields(c.was), 300)} | |")
        else:
            if c.kind == "renamed":
                rows.append(f"| {md(c.now.name)} | renamed | {md(c.was.name)} | {md(c.now.name)} |")
            for f in c.changes:
                old, new, blank = shown(f)
                what = f"{f.field} (whitespace only)" if blank else f.field
                rows.append(f"| {md(c.name)} | {md(what)} | {md(old)} | {md(new)} |")
            if c.causes:
                rows.append(f"| {md(c.name)} | prints differently | | {md(causes_text(c.causes), 300)} |")
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

def format_report_json(report: DiffReport) -> str:
    return json.dumps({"version": JSON_VERSION, "printkit": __version__, "old": report.old_label,
                       "new": report.new_label, "changed": report.changed, "notes": list(report.notes),
                       "packs": [to_json(d) for d in report.packs]}, ensure_ascii=False, indent=2)


def format_json(diff: PackDiff) -> str:
    """One pack's object, as it stands in the report's "packs"."""
    return json.dumps(to_json(diff), ensure_ascii=False, indent=2)


def _value(value: object) -> object:
    """A TOML value as JSON has it (dates as text)."""
    return value if value is None or isinstance(value, (str, int, float, bool, list, dict)) else str(value)


def to_json(diff: PackDiff) -> dict:
    counts = {kind: diff.count(kind) for kind in ("changed", "added", "removed", "renamed")}
    return {
        "pack": diff.pack,
        "title": diff.title,
        "status": diff.status,
        "old": diff.old_label,
        "new": diff.new_label,
        "changed": diff.changed,
        "summary": {**counts, "backs": sum(bool(d.back) for d in diff.decks), "findings_new": len(diff.appeared),
                    "findings_gone": len(diff.gone), "text": summary(diff)},
        "sources": {"keys": [{"file": k.file, "key": k.key, "old": _value(k.old), "new": _value(k.new)}
                             for k in diff.sources.keys],
                    "files": list(diff.sources.files)},
        "decks": [_deck_json(d) for d in diff.decks],
        "findings": {"new": [_finding_json(f) for f in diff.appeared],
                     "gone": [_finding_json(f) for f in diff.gone]},
        "notes": list(diff.notes),
    }


def _deck_json(deck: DeckDiff) -> dict:
    return {"id": deck.id, "title": deck.title, "status": deck.status,
            "copies": {"old": deck.old_total, "new": deck.new_total},
            "back": list(deck.back) or None,
            "cards": [_card_json(c) for c in deck.cards]}


def _side_json(side) -> dict | None:
    if side is None:
        return None
    return {"name": side.name, "line": side.line, "copies": side.copies, "fields": dict(side.fields),
            "printed": not side.dropped, "first_line": side.first_line or None}


def _card_json(c: CardChange) -> dict:
    return {"kind": c.kind, "name": c.name, "old": _side_json(c.old), "new": _side_json(c.new),
            "changes": [{"field": f.field, "old": f.old, "new": f.new, "whitespace_only": shown(f)[2]}
                        for f in c.changes],
            "redrawn": c.redrawn or c.kind in ("added", "removed"), "causes": list(c.causes)}


def _finding_json(f: FindingRef) -> dict:
    return {"code": f.code, "severity": f.severity, "message": f.message, "file": f.file, "line": f.line,
            "column": f.column}
