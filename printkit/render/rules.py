"""Typeset the rules with reportlab's platypus: styles, two columns, tables, page numbers.

Prose runs in two columns (one on a booklet's half sheet); a section holding
a long card table starts a new page set in one wide column, so the table has
room for its token drawings.
Tables repeat their header row on every page they break onto.
A pack icon named in the text (``{coin}``) is drawn inline as a small picture.
"""
from __future__ import annotations

import io
import tempfile
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily, stringWidth
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, FrameBreak, KeepTogether,
                                ListFlowable, ListItem, NextPageTemplate, PageBreak, PageTemplate, Paragraph,
                                Spacer, Table, TableStyle)

from .. import __version__
from ..faces.requirement import draw_requirement, requirement_block
from ..faces.art import picture
from ..faces.tokens import token
from ..fonts import metrics
from ..layout.draw import Item, Picture
from ..layout.geometry import Rect, mm_to_pt, pt_to_mm
from ..layout.paper import Paper
from ..layout.richparse import Span, parse_rich
from ..layout.richtext import ICON_SCALE
from ..model.pack import Manifest, TokenStyle
from ..requirements import Requirement
from ..rules.document import cover_box
from ..rules.generated import CardTable, Legend
from ..rules.source import Heading, IconRef, ListBlock, Paragraph as TextBlock, Run, TableBlock
from .icons import IconFiles
from .pdf import _FONT_NAMES, PdfPainter, register_fonts

MARGIN = 16.0  # mm on every side: clear of the 6.35 mm a home printer cannot reach
GUTTER = 7.0
TABLE_TOKEN_HEIGHT = 7.5  # mm a drawn requirement may take in a table row
WIDE_TABLE_ROWS = 12  # a longer card table gets a page of its own width
FOOTER = 9.0  # mm from the page edge to the footer's baseline
INK, MUTED, RULE = "#1A1A1A", "#555555", "#D9CBB0"


def _styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle("body", fontName=_FONT_NAMES["body"], fontSize=9.5, leading=12.6,
                          textColor=HexColor(INK), spaceAfter=4.5)
    return {
        "body": body,
        "title": ParagraphStyle("title", body, fontName=_FONT_NAMES["display"], fontSize=26, leading=30,
                                spaceAfter=4),
        "h2": ParagraphStyle("h2", body, fontName=_FONT_NAMES["display"], fontSize=15, leading=18,
                             spaceBefore=8, spaceAfter=4, textColor=HexColor("#0072B2")),
        "h3": ParagraphStyle("h3", body, fontName=_FONT_NAMES["bold"], fontSize=10.5, leading=13,
                             spaceBefore=5, spaceAfter=2.5),
        "cell": ParagraphStyle("cell", body, fontSize=8.5, leading=10.5, spaceAfter=0),
        "cell-right": ParagraphStyle("cell-right", body, fontSize=8.5, leading=10.5, spaceAfter=0,
                                     alignment=TA_RIGHT),
        "head": ParagraphStyle("head", body, fontName=_FONT_NAMES["bold"], fontSize=8.5, leading=10.5,
                               spaceAfter=0, textColor=HexColor("#FFFFFF")),
        "head-right": ParagraphStyle("head-right", body, fontName=_FONT_NAMES["bold"], fontSize=8.5,
                                     leading=10.5, spaceAfter=0, textColor=HexColor("#FFFFFF"),
                                     alignment=TA_RIGHT),
    }


IconTag = Callable[[str], "str | None"]  # icon name -> <img> markup, None if it has no picture


def _markup(runs: tuple[Run, ...], icon: IconTag | None = None) -> str:
    tags = {"bold": ("<b>", "</b>"), "italic": ("<i>", "</i>"), "bold-italic": ("<b><i>", "</i></b>")}
    out = []
    for run in runs:
        image = icon(run.name) if icon and isinstance(run, IconRef) else None
        start, end = tags.get(run.style, ("", ""))
        out.append(image or f"{start}{escape(run.text)}{end}")  # an unknown icon stays text; check reports it
    return "".join(out)


def _rich_runs(text: str, icons) -> tuple[Run, ...]:
    """A card's rich text (as on its face) as Runs: emphasis, icons, and breaks as spaces."""
    return tuple(_span_run(span) for span in parse_rich(text, icons))


def _span_run(span: Span) -> Run:
    if span.br:
        return Run(" ")  # a table cell wraps by itself
    style = {(True, True): "bold-italic", (True, False): "bold", (False, True): "italic"}.get(
        (span.bold, span.italic), "plain")
    return IconRef(f"{{{span.icon}}}", style, span.icon) if span.icon else Run(span.text, style)


_FONT_ROLES = {name: role for role, name in _FONT_NAMES.items()}


def icon_tag(file: Path, aspect: float, style: ParagraphStyle) -> str:
    """``<img>`` markup for an icon as tall as the capitals × ICON_SCALE, centred on them as on cards."""
    cap = mm_to_pt(metrics(_FONT_ROLES.get(style.fontName, "body")).cap(style.fontSize))
    side = cap * ICON_SCALE
    width, height = (side, side / aspect) if aspect >= 1 else (side * aspect, side)  # contained in a square
    bottom = cap / 2 - height / 2  # from the baseline: the icon's middle at half the cap height
    return f'<img src={quoteattr(str(file))} width="{width:.3f}" height="{height:.3f}" valign="{bottom:.3f}"/>'


class Drawing(Flowable):
    """Display-list items (tokens, drawn requirements) as a flowable of a fixed size."""

    def __init__(self, items: list[Item], width: float, height: float):
        super().__init__()
        self.items, self.width, self.height = items, width, height  # width, height in mm

    def wrap(self, avail_width, avail_height):
        return mm_to_pt(self.width), mm_to_pt(self.height)

    def draw(self):
        PdfPainter(self.canv, {}, {}).draw(self.items)


def _requirement(requirement: Requirement, manifest: Manifest, width: float, height: float,
                 scale: float) -> Drawing:
    drawn = draw_requirement(requirement, Rect(0, 0, width, height), manifest, compact=True, scale=scale,
                             align="left")
    return Drawing(list(drawn.items), width, height)


def common_scale(requirements: list[Requirement], manifest: Manifest, width: float, height: float) -> float:
    """One scale for a column of requirements, so tokens are the same size on every row."""
    blocks = [requirement_block(r, manifest, compact=True) for r in requirements]
    return min([1.0] + [min(width / b.w, height / b.h) for b in blocks])


class RulesTypesetter:
    def __init__(self, manifest: Manifest, paper: Paper, icons: IconFiles | None = None):
        self.m, self.paper = manifest, paper
        self.icons = icons  # None: icons are printed as their names
        self.styles = _styles()
        # Two columns on a full sheet; a booklet's half sheet reads better in one.
        self.columns = 2 if paper.width >= 180 else 1
        self.wide_w = paper.width - 2 * MARGIN
        self.column_w = (self.wide_w - GUTTER * (self.columns - 1)) / self.columns

    # -- blocks -----------------------------------------------------------------
    def flowables(self, blocks) -> list[Flowable]:
        out: list[Flowable] = []
        wide = False
        for n, block in enumerate(blocks):
            if isinstance(block, Heading) and block.level == 1 and n == 0:
                out.append(self._paragraph(block.content, self.styles["title"]))
                out += self._cover()
                continue
            if isinstance(block, Heading) and block.level == 2 and not wide and self._section_has_table(blocks, n):
                out += [NextPageTemplate("wide"), PageBreak()]
                wide = True
            out += self.block(block, self.wide_w if wide else self.column_w)
            if n == 1 and isinstance(blocks[0], Heading):
                out.append(FrameBreak())  # title and intro across the page, then two columns
        return out

    def _cover(self) -> list[Flowable]:
        """The pack's cover picture under the title, the width of the page's text."""
        rules = self.m.rules
        if rules is None or rules.cover is None:
            return []
        box = cover_box(self.wide_w)
        placed = picture(self.m.path.parent, rules.cover.file, box, rules.cover.fit, rules.cover.focus)
        if not isinstance(placed, Picture):
            return []  # check reports it; the rules still build
        return [Drawing([placed], box.w, box.h), Spacer(1, mm_to_pt(3))]

    @staticmethod
    def _section_has_table(blocks, start: int) -> bool:
        for block in blocks[start + 1:]:
            if isinstance(block, Heading) and block.level <= 2:
                return False
            if isinstance(block, CardTable) and len(block.rows) > WIDE_TABLE_ROWS:
                return True
        return False

    def block(self, block, width: float) -> list[Flowable]:
        if isinstance(block, Heading):
            style = self.styles["h2" if block.level <= 2 else "h3"]
            return [CondPageBreak(mm_to_pt(22)), self._paragraph(block.content, style)]
        if isinstance(block, TextBlock):
            return [self._paragraph(block.content, self.styles["body"])]
        if isinstance(block, ListBlock):
            return [self._list(block, width)]
        if isinstance(block, CardTable):
            return [self._card_table(block, width)]
        if isinstance(block, Legend):
            return self._legend(block, width)
        if isinstance(block, TableBlock):
            return [self._text_table(block, width)]
        return []

    def _paragraph(self, runs: tuple[Run, ...], style: ParagraphStyle) -> Paragraph:
        return Paragraph(_markup(runs, lambda name: self._icon(name, style)), style)

    def _icon(self, name: str, style: ParagraphStyle) -> str | None:
        found = self.icons.get(name) if self.icons else None
        return icon_tag(found.path, found.aspect, style) if found else None

    def _list(self, block: ListBlock, width: float) -> ListFlowable:
        items = []
        for item in block.items:
            inner = [f for b in item for f in self.block(b, width - 8)]
            items.append(ListItem(inner, spaceAfter=1.5))
        kwargs = dict(bulletType="1", start=block.start, bulletFormat="%s.",
                      bulletFontName=_FONT_NAMES["bold"]) if block.ordered else dict(
            bulletType="bullet", start="•", bulletFontName=_FONT_NAMES["body"])
        return ListFlowable(items, leftIndent=mm_to_pt(5.5), bulletFontSize=9.5, bulletDedent=mm_to_pt(4.5),
                            spaceAfter=4, **kwargs)

    def _table(self, header: list, rows: list[list], widths_mm: list[float], aligns: list[str]) -> Table:
        table = Table([header] + rows, colWidths=[mm_to_pt(w) for w in widths_mm], repeatRows=1)
        style = [("FONTNAME", (0, 0), (-1, -1), _FONT_NAMES["body"]),  # else cells select Helvetica
                 ("BACKGROUND", (0, 0), (-1, 0), HexColor("#0072B2")),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("LINEBELOW", (0, 1), (-1, -1), 0.4, HexColor(RULE)),
                 ("TOPPADDING", (0, 0), (-1, -1), 2.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
                 ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]
        style += [("ROWBACKGROUNDS", (0, 1), (-1, -1), [HexColor("#FFFFFF"), HexColor("#FBF6EC")])]
        table.setStyle(TableStyle(style))
        return table

    def _card_table(self, block: CardTable, width: float) -> Table:
        widths = ([width * c.share for c in block.columns] if any(c.share for c in block.columns)
                  else self._fitted_widths(block, width))
        header = [Paragraph(escape(c.title), self.styles["head-right" if c.align == "right" else "head"])
                  for c in block.columns]
        requirements = [cell for row in block.rows for cell in row if isinstance(cell, Requirement)]
        req_width = next((w for c, w in zip(block.rows[0], widths) if isinstance(c, Requirement)), width) - 2.2 \
            if block.rows else width
        scale = common_scale(requirements, self.m, req_width, TABLE_TOKEN_HEIGHT) if requirements else 1.0
        rows = []
        for row in block.rows:
            cells = []
            for cell, column, w in zip(row, block.columns, widths):
                if isinstance(cell, Requirement):
                    cells.append(_requirement(cell, self.m, w - 2.2, TABLE_TOKEN_HEIGHT, scale))
                elif isinstance(cell, TokenStyle):
                    r = TABLE_TOKEN_HEIGHT / 2
                    cells.append(Drawing(token(cell, r, r, r, outline=0.6), 2 * r, 2 * r))
                else:
                    style = self.styles["cell-right" if column.align == "right" else "cell"]
                    cells.append(self._paragraph(_rich_runs(str(cell), self.m.icons), style))
            rows.append(cells)
        return self._table(header, rows, widths, [c.align for c in block.columns])

    def _fitted_widths(self, block: CardTable, width: float) -> list[float]:
        """Each column at least as wide as its longest word, the rest shared by how much it says."""
        style = self.styles["cell"]
        pad = 2.3  # mm of cell padding

        def text_width(text: str, font: str = style.fontName) -> float:
            return pt_to_mm(stringWidth(text, font, style.fontSize)) + pad

        texts = [[row[i] if isinstance(row[i], str) else "" for row in block.rows] for i in range(len(block.columns))]
        heads = [text_width(c.title, _FONT_NAMES["bold"]) for c in block.columns]  # headers do not wrap
        drawn = [TABLE_TOKEN_HEIGHT + pad if any(isinstance(row[i], TokenStyle) for row in block.rows) else 0.0
                 for i in range(len(block.columns))]
        least = [max([h, d] + [max(text_width(w) for w in t.split()) for t in col if t.split()])
                 for h, d, col in zip(heads, drawn, texts)]
        most = [max([h] + [text_width(t) for t in col]) for h, col in zip(heads, texts)]
        spare = width - sum(least)
        want = [m - n for m, n in zip(most, least)]
        if spare <= 0 or not sum(want):
            return [width * n / sum(least) for n in least]
        give = min(1.0, spare / sum(want))
        widths = [n + w * give for n, w in zip(least, want)]
        return [w * width / sum(widths) for w in widths]

    def _text_table(self, block: TableBlock, width: float) -> Table:
        n = len(block.header)
        header = [self._paragraph(c, self.styles["head"]) for c in block.header]
        rows = [[self._paragraph(c, self.styles["cell"]) for c in row] for row in block.rows]
        return self._table(header, rows, [width / n] * n, ["left"] * n)

    def _legend(self, block: Legend, width: float) -> list[Flowable]:
        out: list[Flowable] = []
        per_row = 4
        size = width / per_row
        tokens = list(block.tokens)
        cells = []
        for style, name in tokens:
            items = token(style, size / 2, 6.0, 5.0, outline=0.7)
            cells.append([Drawing(items, size, 12.0),
                          Paragraph(escape(name), ParagraphStyle("tok", self.styles["cell"], alignment=1))])
        if cells:
            grid = [cells[i:i + per_row] for i in range(0, len(cells), per_row)]
            rows = [[c[0] for c in line] for line in grid]
            names = [[c[1] for c in line] for line in grid]
            data = [r for pair in zip(rows, names) for r in pair]
            table = Table(data, colWidths=[mm_to_pt(size)] * min(per_row, len(cells)))
            table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), _FONT_NAMES["body"]),
                                       ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                       ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
            out.append(KeepTogether([table, Spacer(1, mm_to_pt(2))]))
        examples = []
        scale = common_scale([r for r, _ in block.examples], self.m, width * 0.42, 9.0)
        for requirement, meaning in block.examples:
            examples.append([_requirement(requirement, self.m, width * 0.42, 9.0, scale),
                             Paragraph(escape(meaning), self.styles["cell"])])
        if examples:
            table = Table(examples, colWidths=[mm_to_pt(width * 0.45), mm_to_pt(width * 0.55)])
            table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), _FONT_NAMES["body"]),
                                       ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                       ("LINEBELOW", (0, 0), (-1, -2), 0.4, HexColor(RULE)),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
            out.append(table)
        if block.categories:
            text = "; ".join(f"<b>{escape(n)}</b> {escape(label)}" for n, label in block.categories)
            out.append(Paragraph(f"Words instead of tokens: {text}.", self.styles["body"]))
        return out

    # -- pages ------------------------------------------------------------------
    def templates(self) -> list[PageTemplate]:
        p = self.paper
        w, h = mm_to_pt(p.width), mm_to_pt(p.height)
        m, g, cw = mm_to_pt(MARGIN), mm_to_pt(GUTTER), mm_to_pt(self.column_w)
        body_h = h - 2 * m - mm_to_pt(4)  # room for the footer line
        bottom = m + mm_to_pt(4)
        cover = self.m.rules is not None and self.m.rules.cover is not None
        head_h = mm_to_pt(30 + (cover_box(self.wide_w).h + 3 if cover else 0))
        first = [Frame(m, h - m - head_h, w - 2 * m, head_h, id="head", showBoundary=0, leftPadding=0,
                       rightPadding=0, topPadding=0, bottomPadding=0)]
        first += [Frame(m + i * (cw + g), bottom, cw, body_h - head_h, id=f"c{i}", leftPadding=0,
                        rightPadding=0, topPadding=0, bottomPadding=0) for i in range(self.columns)]
        columns = [Frame(m + i * (cw + g), bottom, cw, body_h, id=f"c{i}", leftPadding=0, rightPadding=0,
                         topPadding=0, bottomPadding=0) for i in range(self.columns)]
        wide = [Frame(m, bottom, w - 2 * m, body_h, id="wide", leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0)]
        return [PageTemplate("first", first, onPage=self._footer, autoNextPageTemplate="columns"),
                PageTemplate("columns", columns, onPage=self._footer),
                PageTemplate("wide", wide, onPage=self._footer)]

    def _footer(self, canvas, doc) -> None:
        canvas.saveState()
        w = mm_to_pt(self.paper.width)
        y = mm_to_pt(FOOTER) + mm_to_pt(MARGIN - FOOTER) * 0.5
        canvas.setStrokeColor(HexColor(RULE))
        canvas.setLineWidth(0.5)
        canvas.line(mm_to_pt(MARGIN), y + 9, w - mm_to_pt(MARGIN), y + 9)
        canvas.setFont(_FONT_NAMES["body"], 7.5)
        canvas.setFillColor(HexColor(MUTED))
        canvas.drawString(mm_to_pt(MARGIN), y, f"{self.m.title}: rules")
        canvas.drawRightString(w - mm_to_pt(MARGIN), y, f"{doc.page}")
        canvas.restoreState()


def render_rules(blocks, manifest: Manifest, paper: Paper) -> tuple[bytes, int]:
    """The typeset rules and their number of pages."""
    register_fonts()
    registerFontFamily(_FONT_NAMES["body"], normal=_FONT_NAMES["body"], bold=_FONT_NAMES["bold"],
                       italic=_FONT_NAMES["italic"], boldItalic=_FONT_NAMES["bold-italic"])
    # Symbol icons are drawn to files here; paragraphs read them until the document is built.
    with tempfile.TemporaryDirectory(prefix="printkit-icons-") as folder:
        return _build(blocks, manifest, paper, IconFiles(manifest, Path(folder)))


def _build(blocks, manifest: Manifest, paper: Paper, icons: IconFiles) -> tuple[bytes, int]:
    setter = RulesTypesetter(manifest, paper, icons)
    out = io.BytesIO()
    saved_a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        doc = BaseDocTemplate(out, pagesize=(mm_to_pt(paper.width), mm_to_pt(paper.height)),
                              title=f"{manifest.title}: rules", author="printkit", subject=manifest.description,
                              creator=f"printkit {__version__}", invariant=1, pageCompression=1,
                              initialFontName=_FONT_NAMES["body"], initialFontSize=10)
        doc.addPageTemplates(setter.templates())
        doc.build(setter.flowables(list(blocks)))
    finally:
        rl_config.useA85 = saved_a85
    return out.getvalue(), doc.page

