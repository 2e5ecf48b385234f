"""Typeset the rules with reportlab's platypus: two columns, page templates, page numbers.

Prose runs in two balanced columns (one on a booklet's half sheet); a long
card table, and the headings of its section, run across the page below them,
so the table has room for its token drawings and no column is left empty.
Nothing is set smaller than MIN_TYPE, and no table column is narrower than
its longest word.
Tables repeat their header row on every page they break onto.
A pack icon named in the text (``{coin}``) is drawn inline as a small picture.

Styles and markup are in rules_styles, drawings in rules_flowables, tables in rules_tables.
"""
from __future__ import annotations

import io
import tempfile
from collections.abc import Sequence
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, ListFlowable,
                                ListItem, PageTemplate, Paragraph, Spacer)
from reportlab.platypus.flowables import BalancedColumns

from .. import __version__
from ..faces.art import picture
from ..core.fonts import with_fallback
from ..geometry.draw import Picture
from ..core.mm import mm_to_pt, pt_to_mm
from ..core.signals import terminate_as_interrupt
from ..geometry.paper import Paper
from ..geometry.typography import smart_quotes
from ..model.pack import Manifest
from ..rules.document import Expanded, cover_box, runs_of
from ..model.rules_generated import CardTable, Legend
from ..rules.pagination import PageFrame, Placed
from ..model.rules_source import Heading, ListBlock, Paragraph as TextBlock, Run, TableBlock
from ..rules.typefaces import STYLE_FONTS, heading_style
from .icons import IconFiles
from .pdf import draw_string
from .rules_flowables import NOTED_STYLES, Drawing, RulesParagraph, WithHeading, keep_headings, note_line
from .rules_styles import MIN_TYPE, MUTED, RULE, icon_tag, markup, rules_fonts, rules_styles
from .rules_tables import TableSetter

MARGIN = 16.0  # mm on every side: clear of the 6.35 mm a home printer cannot reach
FOLD_MARGIN = 10.0  # mm beside a booklet's fold, which is no paper edge
GUTTER = 7.0
SHORT_COLUMN = 30.0  # mm: column content shorter than this runs the full width instead
WIDE_TABLE_ROWS = 12  # a longer card table is set across the page
WIDE_TABLE_GROWTH = 1.5  # a table this many times taller in a column than across the page runs across it
FOOTER = 9.0  # mm from the page edge to the footer's baseline
FOOTER_SIZE = 7.5  # points
BODY_SIZES = (9.5, 9.25, 9.0, 8.75)  # points: the body type, and the tighter sizes a booklet may take
MIN_LIST_WIDTH = 30.0  # mm: a list nested so deep that less is left is not indented further


class RulesTypesetter:
    """Turns rules blocks into flowables for one pack and page size, and draws its pages."""

    def __init__(self, manifest: Manifest, paper: Paper, icons: IconFiles | None = None, body_size: float = 9.5,
                 min_type: float = MIN_TYPE):
        self.m, self.paper = manifest, paper
        self.icons = icons  # None: icons are printed as their names
        self.fonts = rules_fonts()
        self.roles = {name: role for role, name in self.fonts.items()}
        self.styles = rules_styles(self.fonts, body_size)
        self.min_type = min_type
        self.tables = TableSetter(manifest, self.fonts, self.styles, min_type, self._paragraph)
        self.tables.frame_height = mm_to_pt(paper.height) - 2 * mm_to_pt(MARGIN) - mm_to_pt(4)
        WithHeading.frame_height = self.tables.frame_height
        # Two columns on a full sheet; a booklet's half sheet reads better in one.
        self.booklet = paper.width < 180
        self.columns = 1 if self.booklet else 2
        self.wide_w = paper.width - (MARGIN + FOLD_MARGIN if self.booklet else 2 * MARGIN)
        # A hair under the column: balanced columns refuse a flowable wider than theirs by any rounding.
        self.column_w = (self.wide_w - GUTTER * (self.columns - 1)) / self.columns - 0.01

    # -- blocks -----------------------------------------------------------------
    def placement(self, blocks: Sequence[Expanded]) -> list[tuple[str, Expanded]]:
        """Where each block goes: 'title', 'intro' and 'wide' across the page, 'column' in the columns."""
        placed: list[tuple[str, Expanded]] = []
        wide = self._section_has_table(blocks, -1)  # a long table before the first heading runs wide too
        for n, block in enumerate(blocks):
            if n == 0 and isinstance(block, Heading) and block.level == 1:
                placed.append(("title", block))
                wide = self._section_has_table(blocks, 0)
                continue
            if n == 1 and isinstance(blocks[0], Heading) and isinstance(block, TextBlock):
                placed.append(("intro", block))
                continue
            if isinstance(block, Heading) and block.level <= 2:
                wide = self._section_has_table(blocks, n)
            placed.append(("wide" if wide and isinstance(block, (Heading, CardTable)) else "column", block))
        return self._spread(placed)

    def _spread(self, placed: list[tuple[str, Expanded]]) -> list[tuple[str, Expanded]]:
        """A table too wide for a column runs across the page, with the headings and the short
        lead-in right above it: under the columns so far, and the columns go on below it."""
        if self.columns < 2:
            return placed
        out = list(placed)
        for n, (where, block) in enumerate(placed):
            if where != "column" or not isinstance(block, (CardTable, TableBlock)) or not self._too_wide(block):
                continue
            out[n] = ("wide", block)
            k, texts = n - 1, 0
            while k >= 0 and out[k][0] == "column":
                before = out[k][1]
                if isinstance(before, TextBlock) and texts == 0 and not isinstance(out[k + 1][1], Heading):
                    texts += 1  # the table's lead-in
                elif not isinstance(before, Heading):
                    break
                out[k] = ("wide", before)
                k -= 1
        return out

    def _too_wide(self, block) -> bool:
        """Whether a table set in a column would be over half as tall again as across the page:
        its words wrapped one or two to a line."""
        heights = []
        for width in (self.column_w, self.wide_w):
            table = self.block(block, width)[0]
            heights.append(table.wrap(mm_to_pt(width), 1e6)[1])
        return heights[0] > WIDE_TABLE_GROWTH * heights[1]

    def width_for(self, where: str) -> float:
        return self.column_w if where == "column" else self.wide_w

    def flowables(self, blocks) -> list[Flowable]:
        """Title and intro across the page; prose in balanced columns; long card tables across the page."""
        out: list[Flowable] = []
        flowing: list[Flowable] = []  # column content waiting to be set
        waiting: list = []  # the blocks it was set from

        def flush() -> None:
            if flowing and self.columns > 1 and not self._short(flowing):
                out.append(BalancedColumns(self._kept(flowing, self.column_w), nCols=self.columns, innerPadding=mm_to_pt(GUTTER),
                                           leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0))
            elif flowing and self.columns > 1:
                # A few lines split into two columns read badly (a note broken mid-sentence across
                # the page): they run the full width instead.
                out.extend(f for block in waiting for f in self.block(block, self.wide_w))
            else:
                out.extend(flowing)
            flowing.clear()
            waiting.clear()

        for where, block in self.placement(list(blocks)):
            if where == "title":
                assert isinstance(block, Heading)  # placement makes only a leading level-1 heading the title
                out += note_line([self._paragraph(runs_of(block.content), self.styles["title"])], block.line)
                out += self._cover()
            elif where == "column":
                flowing += self.block(block, self.column_w)
                waiting.append(block)
            else:
                flush()
                if isinstance(block, Heading) and block.level <= 2:
                    out.append(CondPageBreak(mm_to_pt(40)))
                out += self.block(block, self.wide_w)
        flush()
        return self._kept(out, self.wide_w)  # a heading never ends a page or column without what it heads

    def _kept(self, flowables: list[Flowable], width: float) -> list[Flowable]:
        return keep_headings(flowables, mm_to_pt(width), self.styles["body"].leading)

    def _short(self, flowables: list[Flowable]) -> bool:
        """Whether column content is a few lines of prose: under SHORT_COLUMN mm set in one column."""
        if not all(isinstance(f, (Paragraph, Spacer)) for f in flowables):
            return False  # lists and drawings are measured only on a page; they keep their columns
        height = sum(f.wrap(mm_to_pt(self.column_w), mm_to_pt(1000))[1] for f in flowables)
        return pt_to_mm(height) < SHORT_COLUMN

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
        """The flowables of one block at ``width`` mm, each knowing the block's source line (see note_line)."""
        return note_line(self._flowables_of(block, width), getattr(block, "line", 0))

    def _flowables_of(self, block, width: float) -> list[Flowable]:
        if isinstance(block, Heading):
            style = self.styles[heading_style(block.level)]
            return [self._paragraph(runs_of(block.content), style)]
        if isinstance(block, TextBlock):
            return [self._paragraph(runs_of(block.content), self.styles["body"])]
        if isinstance(block, ListBlock):
            return [self._list(block, width)] if block.items else []
        if isinstance(block, CardTable):
            return [self.tables.card_table(block, width)]
        if isinstance(block, Legend):
            return self.tables.legend(block, width)
        if isinstance(block, TableBlock):
            return [self.tables.text_table(block, width)]
        return []

    def _paragraph(self, runs: tuple[Run, ...], style: ParagraphStyle) -> Paragraph:
        return RulesParagraph(markup(runs, lambda name: self._icon(name, style), self.roles.get(style.fontName, "body"),
                                     self.m.fonts.fallback, keep=style.name in NOTED_STYLES), style)

    def _icon(self, name: str, style: ParagraphStyle) -> str | None:
        found = self.icons.get(name) if self.icons else None
        return icon_tag(found.path, found.aspect, style, self.roles.get(style.fontName, "body")) if found else None

    def _list(self, block: ListBlock, width: float) -> ListFlowable:
        items = []
        indent = 5.5 if width - 5.5 >= MIN_LIST_WIDTH else 0.0  # nested past the limit: no further indent
        for item in block.items:
            inner = [f for b in item for f in self.block(b, width - indent)] or [Spacer(1, 0)]
            items.append(ListItem(inner, spaceAfter=1.5))
        body = self.styles["body"]
        kwargs = dict(bulletType="1", start=block.start, bulletFormat="%s.",
                      bulletFontName=self.fonts["bold"]) if block.ordered else dict(
            bulletType="bullet", start="•", bulletFontName=self.fonts["body"])
        return ListFlowable(items, leftIndent=mm_to_pt(indent), bulletFontSize=body.fontSize,
                            bulletDedent=mm_to_pt(4.5), spaceAfter=body.spaceAfter, **kwargs)

    # -- pages ------------------------------------------------------------------
    def margins(self, page: int) -> tuple[float, float]:
        """(left, right) margins in mm of a page (1-based): a booklet's fold side is narrower."""
        if not self.booklet:
            return MARGIN, MARGIN
        return (FOLD_MARGIN, MARGIN) if page % 2 else (MARGIN, FOLD_MARGIN)

    def templates(self) -> list[PageTemplate]:
        p = self.paper
        h = mm_to_pt(p.height)
        body_h = h - 2 * mm_to_pt(MARGIN) - mm_to_pt(4)  # room for the footer line
        bottom = mm_to_pt(MARGIN) + mm_to_pt(4)
        templates = []
        for name, page in (("recto", 1), ("verso", 2)):
            left, _ = self.margins(page)
            frame = Frame(mm_to_pt(left), bottom, mm_to_pt(self.wide_w), body_h, id=name, leftPadding=0,
                          rightPadding=0, topPadding=0, bottomPadding=0)
            templates.append(PageTemplate(name, [frame], onPage=self._footer))
        return templates

    def frame(self) -> PageFrame:
        """The pages' geometry, for the page lint."""
        bottom = mm_to_pt(MARGIN) + mm_to_pt(4)
        return PageFrame(mm_to_pt(self.paper.width), mm_to_pt(self.paper.height),
                         mm_to_pt(self.paper.height - MARGIN), bottom, self.booklet)

    def _footer(self, canvas, doc) -> None:
        canvas.saveState()
        left, right = self.margins(doc.page)
        x0, x1 = mm_to_pt(left), mm_to_pt(self.paper.width - right)
        y = mm_to_pt(FOOTER) + mm_to_pt(MARGIN - FOOTER) * 0.5
        canvas.setStrokeColor(HexColor(RULE))
        canvas.setLineWidth(0.5)
        canvas.line(x0, y + 9, x1, y + 9)
        if hasattr(canvas, "note"):
            canvas.note(Placed(doc.page, "footer", x0, y, x1 - x0, 9))
        canvas.setFont(self.fonts[STYLE_FONTS["footer"]], FOOTER_SIZE)
        canvas.setFillColor(HexColor(MUTED))
        title = f"{smart_quotes(self.m.title)}: rules"
        font = with_fallback(STYLE_FONTS["footer"], self.m.fonts.fallback)  # the title may need a fallback font
        if self.booklet and doc.page % 2 == 0:  # numbers on the outer edge of a booklet's pages
            canvas.drawString(x0, y, f"{doc.page}")
            draw_string(canvas, x1, y, title, font, FOOTER_SIZE, "right")
        else:
            draw_string(canvas, x0, y, title, font, FOOTER_SIZE)
            canvas.drawRightString(x1, y, f"{doc.page}")
        canvas.restoreState()


class RulesDocument(BaseDocTemplate):
    """A document whose pages take the recto or verso template by the parity of their number.

    reportlab's own alternation (autoNextPageTemplate) drifts by a page when a
    flowable looks ahead at the next page's frame, which put a booklet's wide
    margin at the fold on some pages; choosing by the number cannot drift.
    """

    def handle_pageBegin(self):
        self.pageTemplate = self.pageTemplates[self.page % 2]  # self.page is still the previous page
        super().handle_pageBegin()


class NotingCanvas(Canvas):
    """A canvas that keeps a note of every paragraph, table piece and footer drawn on it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.placed: list[Placed] = []

    def note(self, placed: Placed) -> None:
        self.placed.append(placed)


def render_rules(blocks, manifest: Manifest, paper: Paper) -> tuple[bytes, int]:
    """The typeset rules and their number of pages."""
    data, pages, _, _ = typeset_pages(blocks, manifest, paper)
    return data, pages


def typeset_pages(blocks, manifest: Manifest, paper: Paper) -> tuple[bytes, int, list[Placed], PageFrame]:
    """The typeset rules, their number of pages, and where each block was placed on them.

    A booklet's pages go four to a sheet: when the last sheet would carry two
    or more blank pages, slightly tighter type is tried, and the version that
    wastes least paper is kept.
    """
    rules_fonts()
    # Symbol icons are drawn to files here; paragraphs read them until the document is built.
    with terminate_as_interrupt(), tempfile.TemporaryDirectory(prefix="printkit-icons-") as folder:
        icons = IconFiles(manifest, Path(folder))
        best = None
        for body_size in BODY_SIZES if paper.width < 180 else BODY_SIZES[:1]:
            built = _build(blocks, manifest, paper, icons, body_size)
            pages = built[1]
            waste = (-pages) % 4 if paper.width < 180 else 0
            if best is None or ((pages + 3) // 4, waste) < best[0]:
                best = (((pages + 3) // 4, waste), built)
            if waste <= 1:
                break
        assert best is not None  # BODY_SIZES is not empty, so at least one size was tried
        return best[1]


def _build(blocks, manifest: Manifest, paper: Paper, icons: IconFiles,
           body_size: float) -> tuple[bytes, int, list[Placed], PageFrame]:
    setter = RulesTypesetter(manifest, paper, icons, body_size, manifest.lint.rules_min_type)
    out = io.BytesIO()
    saved_a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        doc = RulesDocument(out, pagesize=(mm_to_pt(paper.width), mm_to_pt(paper.height)),
                              title=f"{manifest.title}: rules", author="printkit", subject=manifest.description,
                              creator=f"printkit {__version__}", invariant=1, pageCompression=1,
                              initialFontName=setter.fonts["body"], initialFontSize=10)
        doc.addPageTemplates(setter.templates())
        # Something on the first page, always: a PDF without pages is one readers refuse.
        doc.build(setter.flowables(list(blocks)) or [Spacer(1, 1)], canvasmaker=NotingCanvas)
    finally:
        rl_config.useA85 = saved_a85
    return out.getvalue(), doc.page, doc.canv.placed, setter.frame()
