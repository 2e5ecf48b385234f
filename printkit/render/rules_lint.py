"""Lint the typeset rules before drawing them: every flowable is measured at the width it will get.

What it reports, located at the rules source:

* ``T705``: type smaller than ``min_type`` points, in text, table cells or drawings;
* ``T709``: a token or drawing that overlaps the text beside it (wider than its cell);
* ``T711``: a table column narrower than a word it holds (the word would break),
  or a table row too tall for a page;
* ``T720``–``T724``: the pages' typography, judged on the typeset pages
  (rules/pagination.py): a stranded heading, a lone table row, unmirrored
  booklet margins, a mostly empty page, a lone short word.

Generated tables are located at their ``{{...}}`` directive; Markdown tables,
headings and prose at the source line they start on; the page findings at the
block involved, as far as the typesetter knows it (line 1 when it does not).
"""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table

from ..core.findings import Finding, Location
from ..core.mm import mm_to_pt, pt_to_mm
from ..geometry.paper import Paper
from ..model.pack import Pack
from ..rules.content import expand
from ..rules.document import load_rules, rules_path, runs_of
from ..model.rules_generated import CardTable, Legend, PlaceholderError
from ..model.rules_source import ListBlock, Placeholder, TableBlock, parse_rules
from ..rules.pagination import page_problems
from .rules import FOOTER_SIZE, MARGIN, RulesTypesetter, typeset_pages
from .rules_flowables import Drawing, WithHeading, smallest_type
from .rules_styles import rules_fonts

FUZZ = 0.05  # points of measuring slack

def lint_rules(pack: Pack, paper: Paper, booklet: bool, min_type: float = 7.0) -> list[Finding]:
    """Problems the typeset rules of ``pack`` would print with, on ``paper`` (its half, for a booklet)."""
    rules = load_rules(pack)
    path = rules_path(pack)
    if rules is None or path is None or not rules.blocks:
        return []
    page = Paper(f"half {paper.name}", paper.height / 2, paper.width) if booklet else paper
    rules_fonts()
    setter = RulesTypesetter(pack.manifest, page, None, min_type=min_type)
    origins = _origins(pack, path)
    findings: list[Finding] = []
    top = Location(path, 1, 1)
    if FOOTER_SIZE < min_type:
        findings.append(_small(FOOTER_SIZE, "the page footer", top, min_type))
    frame_h = mm_to_pt(page.height - 2 * MARGIN - 4)
    canvas = Canvas(io.BytesIO())  # measuring only: nothing is drawn on it
    for where, block in setter.placement(list(rules.blocks)):
        width = setter.width_for(where)
        source = next((placeholder for b, placeholder in origins if b == block), None)
        at = source.location if source is not None else Location(path, getattr(block, "line", 0) or 1, 1)
        what = _name(block)
        found: list[Finding] = []
        for flowable in setter.block(block, width) if where != "title" else []:
            flowable.wrapOn(canvas, mm_to_pt(width), frame_h)
            found += _lint_flowable(flowable, what, at, min_type, frame_h)
        if isinstance(block, (CardTable, TableBlock)):
            too_narrow = _lint_columns(setter, block, width, what, at, _fewer_columns(source))
            if too_narrow:  # one finding for the table says it all: not one more for each word that breaks
                found = [f for f in found if not (f.code == "T711" and f.message.endswith("inside the word"))]
            found += too_narrow
        findings += found
    return _unique(findings + page_findings(pack, page, top))


PAGE_HINTS = {
    "T720": "report the pack: headings and lead-ins are meant to keep two lines of what follows",
    "T721": "report the pack: a table split is meant to keep two rows or more on each side",
    "T722": "report the pack: a booklet's pages are meant to share their fold and outer margins",
    "T723": "shorten or move the block that starts the next page, or report the pack",
    "T724": "reword the paragraph's end, or report the pack: a short last word is meant to keep its neighbour",
}


def page_findings(pack: Pack, page: Paper, at: Location) -> list[Finding]:
    """The typographic rules of the pages (T720–T724), on the rules typeset as the build sets them;
    each at the source line of the block involved, or at ``at`` when no line is known."""
    rules = load_rules(pack)
    if rules is None:
        return []  # no rules source: no pages
    try:
        _, _, placed, frame = typeset_pages(rules.blocks, pack.manifest, page)
    except Exception:  # noqa: BLE001 - pages that cannot be set are the build's D813, not a lint's
        return []
    return [Finding(p.code, f"rules.pdf: {p.message}", Location(at.file, p.line or at.line, 1), PAGE_HINTS[p.code])
            for p in page_problems(placed, frame)]


def _origins(pack: Pack, path: Path) -> list[tuple[object, Placeholder]]:
    """Each generated block with the directive that made it."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return []
    found = []

    def walk(blocks) -> None:
        for block in blocks:
            if isinstance(block, Placeholder):
                try:
                    made = expand(block, pack)
                except PlaceholderError:
                    continue
                for item in made if isinstance(made, list) else []:
                    found.append((item, block))
            elif isinstance(block, ListBlock):
                for item in block.items:
                    walk(item)

    walk(parse_rules(text, path))
    return found


def _name(block) -> str:
    if isinstance(block, CardTable):
        return "the table of " + ", ".join(c.title for c in block.columns if c.title)
    if isinstance(block, TableBlock):
        return "a table"
    if isinstance(block, Legend):
        return "the notation legend"
    return "the text"


def _fewer_columns(source: Placeholder | None) -> str:
    """How to leave a column out of the table a directive made: a card table chooses its columns."""
    if source is not None and source.name == "cards":
        deck = source.args[0] if source.args else "ID"
        return (f"leave a column out with columns= ({{{{cards {deck} columns=name,...}}}} or "
                f"[decks.{deck}.rules] columns in game.toml)")
    return "drop a column"


def _lint_columns(setter: RulesTypesetter, block, width: float, what: str, at: Location,
                  fewer: str) -> list[Finding]:
    """T711 when even the smallest type leaves some word wider than its column."""
    if isinstance(block, TableBlock):
        from ..model.rules_generated import Column
        block = CardTable(tuple(Column("".join(r.text for r in runs_of(c)), 0.0) for c in block.header),
                          tuple(tuple("".join(r.text for r in runs_of(c)) for c in row) for row in block.rows))
    layout = setter.tables.card_table_layout(block, width)
    if layout.widths is not None:
        return []
    least, _ = setter.tables.column_needs(block, layout.size, layout.scale, layout.radius)
    return [Finding("T711", f"{what} needs {sum(least):.1f} mm for its longest words but has {width:.1f} mm: "
                            "words would break", at,
                    f"shorten the longest words, or {fewer}; tables shrink no smaller than "
                    f"[lint] rules_min_type (now {setter.min_type:g} pt)")]


def _lint_flowable(flowable: Flowable, what: str, at: Location, min_type: float, frame_h: float) -> list[Finding]:
    findings: list[Finding] = []
    if isinstance(flowable, Table):
        findings += _lint_table(flowable, what, at, min_type, frame_h)
    elif isinstance(flowable, Paragraph):
        for frag in getattr(flowable, "frags", []):
            size = getattr(frag, "fontSize", None)
            if size is not None and size < min_type - 1e-6 and getattr(frag, "text", "").strip():
                findings.append(_small(size, f"text in {what}", at, min_type))
    elif isinstance(flowable, Drawing):
        size = smallest_type(flowable.items)
        if size is not None and size < min_type - 1e-6:
            findings.append(_small(size, f"a drawing in {what}", at, min_type))
    elif isinstance(flowable, WithHeading):
        for part in (flowable.heading, flowable.body):
            findings += _lint_flowable(part, what, at, min_type, frame_h)
    inner_flowables = getattr(flowable, "_flowables", None) or getattr(flowable, "_content", None) or []
    if isinstance(getattr(flowable, "_flowable", None), Flowable):
        inner_flowables = [flowable._flowable]
    for inner in inner_flowables:
        findings += _lint_flowable(inner, what, at, min_type, frame_h)
    return findings


def _lint_table(table: Table, what: str, at: Location, min_type: float, frame_h: float) -> list[Finding]:
    findings: list[Finding] = []
    widths = table._colWidths
    heights = getattr(table, "_rowHeights", None) or []
    for r, row in enumerate(table._cellvalues):
        if r < len(heights) and heights[r] > frame_h + FUZZ:
            findings.append(Finding("T711", f"a row of {what} is {pt_to_mm(heights[r]):.0f} mm tall, more than a "
                                            f"page holds ({pt_to_mm(frame_h):.0f} mm)", at,
                                    "shorten the cell's text"))
        for c, cell in enumerate(row):
            style = table._cellStyles[r][c]
            inner = widths[c] - style.leftPadding - style.rightPadding
            for item in cell if isinstance(cell, (list, tuple)) else [cell]:
                if isinstance(item, Paragraph):
                    findings += _lint_flowable(item, what, at, min_type, frame_h)
                    word, w = _widest_word(item)
                    if w > inner + FUZZ:
                        findings.append(Finding(
                            "T711", f"'{word}' in {what} is {pt_to_mm(w):.1f} mm wide but its column holds "
                                    f"{pt_to_mm(inner):.1f} mm: it would break inside the word", at,
                            "widen the column or shorten the word; tables shrink no smaller than "
                            f"[lint] rules_min_type (now {min_type:g} pt)"))
                elif isinstance(item, Drawing):
                    findings += _lint_flowable(item, what, at, min_type, frame_h)
                    w, h = item.wrap(inner, 0)
                    if w > inner + FUZZ:
                        findings.append(Finding(
                            "T709", f"a drawing in {what} is {pt_to_mm(w):.1f} mm wide but its cell holds "
                                    f"{pt_to_mm(inner):.1f} mm: it overlaps the text beside it", at,
                            "give drawings a column as wide as they are"))
                    if r < len(heights) and h > heights[r] + FUZZ:
                        findings.append(Finding(
                            "T709", f"a drawing in {what} is taller than its row and crosses the row lines", at))
    return findings


def _widest_word(paragraph: Paragraph) -> tuple[str, float]:
    """The widest word of a paragraph, measured in the fonts and sizes of its fragments."""
    best, best_w = "", 0.0
    word, width = "", 0.0
    for frag in getattr(paragraph, "frags", []):
        text = getattr(frag, "text", "")
        for ch in text:
            if ch.isspace():
                if width > best_w:
                    best, best_w = word, width
                word, width = "", 0.0
            else:
                word += ch
                width += stringWidth(ch, frag.fontName, frag.fontSize)
    if width > best_w:
        best, best_w = word, width
    return best, best_w


def _small(size: float, what: str, at: Location, min_type: float) -> Finding:
    return Finding("T705", f"{what} is set at {size:.1f} pt, under the rules' {min_type:g} pt", at,
                   f"[lint] rules_min_type sets this limit (now {min_type:g} pt)")


def _unique(findings: list[Finding]) -> list[Finding]:
    seen, out = set(), []
    for f in findings:
        key = (f.code, f.message, f.location)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
