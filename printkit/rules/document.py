"""The rules as the typesetter needs them: the source with every placeholder expanded."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..findings import Finding
from ..layout.geometry import Rect
from ..model.pack import Pack
from ..suggest import did_you_mean
from .content import Generated, PlaceholderError, expand
from .source import Block, Heading, IconRef, ListBlock, Paragraph, Placeholder, Run, TableBlock, parse_rules, \
    unclosed_placeholders

Expanded = Block | Generated


@dataclass(frozen=True)
class RulesDocument:
    blocks: tuple[Expanded, ...]
    findings: tuple[Finding, ...]  # placeholders that could not be expanded, and the like


def cover_box(width: float) -> Rect:
    """Where the rules' cover picture goes: the width of the text, a third as tall."""
    return Rect(0.0, 0.0, width, width / 3)


def rules_path(pack: Pack) -> Path | None:
    spec = pack.manifest.rules
    return None if spec is None else pack.root / spec.file


def load_rules(pack: Pack, odds: bool = True) -> RulesDocument | None:
    """The expanded rules of ``pack``; None when the pack has no rules source."""
    spec = pack.manifest.rules
    path = rules_path(pack)
    if spec is None or path is None:
        return None
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return RulesDocument((), (Finding("D800", f"the rules source '{spec.file}' does not exist",
                                          spec.location),))
    except (OSError, UnicodeDecodeError) as exc:
        return RulesDocument((), (Finding("D800", f"cannot read the rules source: {exc}", spec.location),))
    findings = [Finding("D801", "'{{' does not open a placeholder such as {{count kids}}", where,
                        "placeholders are {{name}} or {{name arguments}}") for where in unclosed_placeholders(text, path)]
    blocks = [_expand(b, pack, findings, odds) for b in parse_rules(text, path)]
    return RulesDocument(tuple(x for b in blocks for x in b), tuple(findings))


def _expand(block: Block, pack: Pack, findings: list[Finding], odds: bool) -> list[Expanded]:
    if isinstance(block, Placeholder):
        result = _attempt(block, pack, findings, odds)
        return result if isinstance(result, list) else []
    if isinstance(block, Heading):
        return [Heading(block.level, _inline(block.content, pack, findings))]
    if isinstance(block, Paragraph):
        return [Paragraph(_inline(block.content, pack, findings))]
    if isinstance(block, ListBlock):
        items = tuple(tuple(x for b in item for x in _expand(b, pack, findings, odds)) for item in block.items)
        return [ListBlock(block.ordered, items, block.start)]
    if isinstance(block, TableBlock):
        return [TableBlock(tuple(_inline(c, pack, findings) for c in block.header),
                           tuple(tuple(_inline(c, pack, findings) for c in row) for row in block.rows))]
    return [block]


def _inline(content, pack: Pack, findings: list[Finding]) -> tuple[Run, ...]:
    out = []
    for item in content:
        if isinstance(item, Placeholder):
            value = _attempt(item, pack, findings, False)
            out.append(Run(value if isinstance(value, str) else "", item.style))
        else:
            if isinstance(item, IconRef) and item.name not in pack.manifest.icons:
                findings.append(_unknown_icon(item, pack))
            out.append(item)  # an unknown icon is typeset as the text it is
    return tuple(out)


def _unknown_icon(ref: IconRef, pack: Pack) -> Finding:
    icons = pack.manifest.icons
    return Finding("T707", f"'{{{ref.name}}}' is not an icon", ref.location,
                   did_you_mean(ref.name, icons) or "declare it under [icons], or write \\{ for a brace")


def _attempt(placeholder: Placeholder, pack: Pack, findings: list[Finding], odds: bool):
    try:
        return expand(placeholder, pack, odds)
    except PlaceholderError as exc:
        findings.append(Finding("D801", exc.message, placeholder.location, exc.hint))
        return "" if placeholder.inline else []

