"""The rules as the typesetter needs them: the source with every placeholder expanded."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.findings import Finding, Location
from ..core.mm import Rect
from ..model.pack import Pack
from ..core.packpath import OutsidePack, PackFileError, clipped, inside_pack, read_pack_file, regular_file
from ..core.suggest import did_you_mean
from .content import Generated, PlaceholderError, expand
from ..model.rules_source import Block, Heading, IconRef, Inline, ListBlock, Paragraph, Placeholder, Run, TableBlock, \
    parse_rules, unclosed_placeholders

Expanded = Block | Generated


@dataclass(frozen=True)
class RulesDocument:
    blocks: tuple[Expanded, ...]
    findings: tuple[Finding, ...]  # placeholders that could not be expanded, and the like


def cover_box(width: float) -> Rect:
    """Where the rules' cover picture goes: the width of the text, a third as tall."""
    return Rect(0.0, 0.0, width, width / 3)


MAX_RULES_BYTES = 1 << 20  # the rules source may be at most 1 MB


def rules_path(pack: Pack) -> Path | None:
    """The rules source, if it is a regular file inside the pack; None otherwise (load_rules says why)."""
    spec = pack.manifest.rules
    if spec is None:
        return None
    try:
        path = inside_pack(pack.root, spec.file, "the rules source")
    except OutsidePack:
        return None
    if not regular_file(path) or path.stat().st_size > MAX_RULES_BYTES:
        return None
    return pack.root / spec.file


def read_rules_source(pack: Pack) -> str | Finding | None:
    """The rules source's text, a D800 finding at the manifest key saying why it cannot be read, or None."""
    spec = pack.manifest.rules
    if spec is None:
        return None
    try:
        path = inside_pack(pack.root, spec.file, "the rules source")
        return read_pack_file(path, MAX_RULES_BYTES, spec.file).decode("utf-8-sig")
    except OutsidePack as exc:
        return Finding("D800", f"the rules source cannot be used: {exc}", spec.location,
                       "keep the rules inside the pack folder, such as 'rules.md'")
    except FileNotFoundError:
        return Finding("D800", f"the rules source '{clipped(spec.file)}' does not exist", spec.location)
    except PackFileError as exc:
        return Finding("D800", f"the rules source cannot be used: {exc}", spec.location)
    except UnicodeDecodeError as exc:
        return Finding("D800", f"the rules source is not UTF-8 (byte 0x{exc.object[exc.start]:02X})", spec.location,
                       "save it as UTF-8")


def load_rules(pack: Pack, odds: bool = True) -> RulesDocument | None:
    """The expanded rules of ``pack``; None when the pack has no rules source."""
    spec, text = pack.manifest.rules, read_rules_source(pack)
    if spec is None or text is None:
        return None
    if isinstance(text, Finding):
        return RulesDocument((), (text,))
    path = pack.root / spec.file
    findings = [Finding("D801", "'{{' does not open a placeholder such as {{count kids}}", where,
                        "placeholders are {{name}} or {{name arguments}}") for where in unclosed_placeholders(text, path)]
    blocks = [_expand(b, pack, findings, odds) for b in parse_rules(text, path)]
    return RulesDocument(tuple(x for b in blocks for x in b), tuple(findings))


def _expand(block: Expanded, pack: Pack, findings: list[Finding], odds: bool) -> list[Expanded]:
    if isinstance(block, Placeholder):
        result = _attempt(block, pack, findings, odds)
        return [_at_line(b, block.location.line) for b in result] if isinstance(result, list) else []
    if isinstance(block, Heading):
        return [Heading(block.level, _inline(block.content, pack, findings), block.line)]
    if isinstance(block, Paragraph):
        return [Paragraph(_inline(block.content, pack, findings), block.line)]
    if isinstance(block, ListBlock):
        items = tuple(tuple(x for b in item for x in _expand(b, pack, findings, odds)) for item in block.items)
        return [ListBlock(block.ordered, items, block.start, block.line)]
    if isinstance(block, TableBlock):
        return [TableBlock(tuple(_inline(c, pack, findings) for c in block.header),
                           tuple(tuple(_inline(c, pack, findings) for c in row) for row in block.rows), block.line)]
    return [block]


def _at_line(block: Expanded, line: int) -> Expanded:
    """A generated block, and the blocks in it, located at ``line``: the placeholder's, where they were made."""
    if isinstance(block, ListBlock):
        block = replace(block, items=tuple(tuple(_at_line(b, line) for b in item) for item in block.items))
    if isinstance(block, Placeholder) or block.line:
        return block  # a placeholder has no line of its own; a block that has one keeps it
    return replace(block, line=line)


def runs_of(content: Sequence[Inline]) -> tuple[Run, ...]:
    """The inline content of an expanded block, which is runs only: expanding turned each placeholder into one."""
    runs = tuple(item for item in content if isinstance(item, Run))
    assert len(runs) == len(content), "inline content typeset before its placeholders were expanded"
    return runs


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
    where = ref.location or Location(rules_path(pack) or pack.manifest.path)  # a reference not found as written
    return Finding("T707", f"'{{{ref.name}}}' is not an icon", where,
                   did_you_mean(ref.name, icons) or "declare it under [icons], or write \\{ for a brace")


def _attempt(placeholder: Placeholder, pack: Pack, findings: list[Finding], odds: bool):
    try:
        return expand(placeholder, pack, odds)
    except PlaceholderError as exc:
        findings.append(Finding(exc.code, exc.message, placeholder.argument_location(exc.argument, exc.offset), exc.hint))
        return "" if placeholder.inline else []

