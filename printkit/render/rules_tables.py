"""The rules' tables: generated card tables, token legends and Markdown tables, their columns fitted to their words."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer, Table as PlatypusTable, TableStyle

from ..core.errors import PrintkitError
from ..faces.requirement import requirement_block
from ..faces.tokens import token
from ..core.mm import mm_to_pt, pt_to_mm
from ..geometry.typography import smart_quotes
from ..model.pack import Manifest, TokenStyle
from ..requirements import Requirement
from ..model.rules_generated import CardTable, Column, Legend
from ..rules.document import runs_of
from ..rules.pagination import Placed
from ..model.rules_source import Run, TableBlock
from .rules_flowables import Drawing, note_line, requirement_drawing, requirement_scale, token_radius
from ..rules.typefaces import STYLE_FONTS, run_font
from .rules_styles import CELL_SIZES, MIN_TYPE, RULE, cell_styles, rich_runs, text_width

CELL_PAD = 3.0  # points of padding each side of a table cell
TABLE_TOKEN_HEIGHT = 7.5  # mm: a token in a table, unless its type needs it larger

KEEP_ROWS = 3  # body rows a table keeps together on each side of a page break
CELL_ROOM = pt_to_mm(2 * CELL_PAD) + 0.3  # mm a cell's content leaves to its padding, and some slack
MIN_COLUMN = pt_to_mm(2 * CELL_PAD) + 1.5  # mm: the narrowest column, its padding and a letter


class Table(PlatypusTable):
    """A table that never leaves fewer than KEEP_ROWS of its rows alone on either side of a break.

    A table of eight personas split seven and one reads as if the last one
    were forgotten; it breaks earlier instead, or moves whole to the next page.
    """

    frame_height = 0.0  # points a page's frame holds; 0: unknown

    def split(self, availWidth, availHeight):
        whole = getattr(self, "whole_rows", len(self._cellvalues) - self.repeatRows)
        parts = self._split_rows(availWidth, availHeight)
        if not parts and self._row_taller_than_page():
            # A row taller than any page can never move whole to the next one: split inside it.
            self.splitInRow = 1
            parts = super().split(availWidth, availHeight)
        for part in parts:
            if isinstance(part, Table):
                part.frame_height = self.frame_height
                part.whole_rows = whole
        return note_line(parts, getattr(self, "source_line", 0))

    def drawOn(self, canvas, x, y, _sW=0):
        note = getattr(canvas, "note", None)
        if note is not None:  # a canvas that takes notes, for the page lint
            rows = len(self._cellvalues) - self.repeatRows
            first = self._cellvalues[self.repeatRows][0] if rows else ""
            text = first.getPlainText() if isinstance(first, Paragraph) else ""
            whole = getattr(self, "whole_rows", rows)
            note(Placed(canvas.getPageNumber(), "table", x, y, self._width, self._height, text, rows=rows,
                        whole_rows=whole, movable=whole >= 2 * KEEP_ROWS, line=getattr(self, "source_line", 0)))
        super().drawOn(canvas, x, y, _sW)

    def _row_taller_than_page(self) -> bool:
        heights = getattr(self, "_rowHeights", None) or []
        return bool(self.frame_height) and any(h > self.frame_height for h in heights)

    def _split_rows(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        if len(parts) != 2 or self.splitInRow:
            return parts
        first, rest = (len(part._cellvalues) - self.repeatRows for part in parts)
        if first < KEEP_ROWS:
            return []  # too few rows fit here: the whole table goes on
        if rest < KEEP_ROWS:
            # Move rows down until the second part has enough: the first part ends higher.
            heights = self._rowHeights
            keep = len(heights) - (KEEP_ROWS - rest) - rest
            if keep - self.repeatRows < KEEP_ROWS:
                return []
            return super().split(availWidth, sum(heights[:keep]) + 0.01)
        return parts


ParagraphSetter = Callable[[tuple[Run, ...], ParagraphStyle], Paragraph]  # runs, style -> paragraph, icons drawn


@dataclass(frozen=True)
class RulesTableFit:
    size: float  # points, the table's type
    widths: list[float] | None  # mm per column; None when the longest words cannot all fit
    scale: float  # of drawn requirements
    radius: float  # mm, of tokens
    fallback: list[float] | None = None  # the widths used when ``widths`` is None

    @property
    def used(self) -> list[float]:
        """The widths the table is set at: ``widths``, else ``fallback``."""
        if self.widths is not None:
            return self.widths
        assert self.fallback is not None  # a fit without widths is made with the fallback
        return self.fallback


def fit_columns(least: list[float], most: list[float], width: float) -> list[float] | None:
    """Column widths summing to ``width``: each at least ``least``, growing toward ``most``; None if they cannot."""
    if sum(least) > width + 1e-6:
        return None
    spare = width - sum(least)
    want = [max(0.0, m - n) for m, n in zip(most, least)]
    give = min(1.0, spare / sum(want)) if sum(want) else 0.0
    widths = [n + w * give for n, w in zip(least, want)]
    left = width - sum(widths)
    # What no column asked for goes to the columns that wrap, or to all alike.
    takers = [i for i, w in enumerate(want) if w > 0] or list(range(len(widths)))
    return [w + (left / len(takers) if i in takers else 0.0) for i, w in enumerate(widths)]


def squeeze(least: list[float], width: float) -> list[float]:
    """Widths summing to ``width`` in proportion to ``least``, none narrower than its padding and a letter.

    Raises TableTooWide when even that many narrowest columns do not fit.
    """
    floor = MIN_COLUMN
    if len(least) * floor > width + 1e-6:
        raise TableTooWide(f"a table of {len(least)} columns does not fit {width:.0f} mm "
                           f"(each needs at least {floor:.1f} mm)")
    above = [max(w - floor, 0.0) for w in least]
    spare = width - floor * len(least)
    total = sum(above)
    return [floor + (a * spare / total if total else spare / len(least)) for a in above]


class TableTooWide(PrintkitError, ValueError):
    """A table with more columns than its width can hold, however narrow."""


def _tokens_style(block: CardTable) -> TokenStyle | None:
    return next((c for row in block.rows for c in row if isinstance(c, TokenStyle)), None)


class TableSetter:
    """Sets the tables of one pack's rules, with the typesetter's fonts, styles and paragraphs."""

    def __init__(self, manifest: Manifest, fonts: dict[str, str], styles: dict[str, ParagraphStyle],
                 min_type: float, paragraph: ParagraphSetter):
        self.m, self.fonts, self.styles, self.min_type = manifest, fonts, styles, min_type
        self.paragraph = paragraph
        self.frame_height = 0.0  # points; set by the typesetter so tables can split rows too tall for a page

    def _table(self, rows: list[list], widths_mm: list[float], drawn: bool = False) -> Table:
        table = Table(rows, colWidths=[mm_to_pt(w) for w in widths_mm], repeatRows=1,
                      spaceAfter=self.styles["body"].spaceAfter * 2)  # air before the text under it
        table.frame_height = self.frame_height
        pad = 1.2 if drawn else 2.2  # drawings fill their rows; text needs air
        style = [("FONTNAME", (0, 0), (-1, -1), self.fonts["body"]),  # else cells select Helvetica
                 ("FONTSIZE", (0, 0), (-1, -1), MIN_TYPE),
                 ("BACKGROUND", (0, 0), (-1, 0), HexColor("#0072B2")),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("LINEBELOW", (0, 1), (-1, -1), 0.4, HexColor(RULE)),
                 ("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
                 ("TOPPADDING", (0, 0), (-1, 0), 2.2), ("BOTTOMPADDING", (0, 0), (-1, 0), 2.2),
                 ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD), ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD)]
        style += [("ROWBACKGROUNDS", (0, 1), (-1, -1), [HexColor("#FFFFFF"), HexColor("#FBF6EC")])]
        table.setStyle(TableStyle(style))
        return table

    def card_table_layout(self, block: CardTable, width: float) -> RulesTableFit:
        """Type size, column widths and drawing scales for a card table ``width`` mm wide.

        Every column is at least as wide as its longest word (header included),
        so no word is ever broken; the type shrinks, down to the rules'
        minimum, until that fits. ``widths`` is None if it never does.
        When the text would wrap only because a drawing column is as wide as
        its widest drawing, the widest drawings break onto two lines instead
        (see ``drawing_lines``) and the text keeps one line.
        """
        requirements = [cell for row in block.rows for cell in row if isinstance(cell, Requirement)]
        scale = requirement_scale(requirements, self.m, TABLE_TOKEN_HEIGHT, self.min_type) if requirements else 1.0
        styles = [s for s in (_tokens_style(block),) if s is not None]
        radius = token_radius(styles[0], TABLE_TOKEN_HEIGHT, self.min_type) if styles else TABLE_TOKEN_HEIGHT / 2
        sizes = [s for s in CELL_SIZES if s >= self.min_type] or [self.min_type]
        for size in sizes:
            least, most = self.column_needs(block, size, scale, radius)
            if sum(most) > width + 1e-6 and requirements:
                wrapped = self._text_on_one_line(block, size, scale, radius, least, most, width)
                if wrapped is not None:
                    return RulesTableFit(size, wrapped, scale, radius)
            widths = fit_columns(least, most, width)
            if widths is not None:
                return RulesTableFit(size, widths, scale, radius)
        return RulesTableFit(sizes[-1], None, scale, radius, squeeze(least, width))

    def _text_on_one_line(self, block: CardTable, size: float, scale: float, radius: float, least: list[float],
                          most: list[float], width: float) -> list[float] | None:
        """Widths that set every text column on one line, the drawing columns taking what is left with their
        widest drawings on two lines; None if that does not fit, or no drawing can break."""
        broken, _ = self.column_needs(block, size, scale, radius, drawing_lines=2)
        drawn = {i for i, column in enumerate(zip(*block.rows)) if any(isinstance(c, Requirement) for c in column)}
        if all(broken[i] >= least[i] - 1e-6 for i in drawn):
            return None  # no drawing gets narrower on two lines
        need = [broken[i] if i in drawn else most[i] for i in range(len(most))]
        return fit_columns(need, most, width)

    def drawing_lines(self, requirement: Requirement, scale: float, column: float) -> int:
        """2 when the requirement drawn at ``scale`` on one line is wider than a ``column`` mm wide, else 1."""
        return 2 if requirement_block(requirement, self.m, compact=True).w * scale + CELL_ROOM > column + 1e-6 else 1

    def column_needs(self, block: CardTable, size: float, scale: float, radius: float, drawing_lines: int = 1):
        """(least, most) width in mm of each column: its longest word, and its longest text on one line.

        With ``drawing_lines=2`` a drawing's least is its width broken onto two lines, where that is narrower.
        """
        pad = CELL_ROOM
        least, most = [], []
        for i, column in enumerate(block.columns):
            head = STYLE_FONTS["head"]
            words = [self._text_width(w, head, size) for w in smart_quotes(column.title).split()]
            lines = [self._text_width(smart_quotes(column.title), head, size)]
            for row in block.rows:
                cell = row[i]
                if isinstance(cell, Requirement):
                    w = requirement_block(cell, self.m, compact=True).w * scale
                    if drawing_lines == 2:
                        words.append(min(w, requirement_block(cell, self.m, compact=True, lines=2).w * scale))
                    else:
                        words.append(w)
                    lines.append(w)
                elif isinstance(cell, TokenStyle):
                    words.append(2 * radius)
                    lines.append(2 * radius)
                else:
                    runs = rich_runs(str(cell), self.m.icons)
                    fonts = [run_font(STYLE_FONTS["cell"], run.style) for run in runs]
                    for run, font in zip(runs, fonts):
                        words += [self._text_width(w, font, size) for w in run.text.split()]
                    lines.append(sum(self._text_width(r.text, font, size) for r, font in zip(runs, fonts)))
            least.append(max(words, default=0.0) + pad)
            most.append(max(lines, default=0.0) + pad)
        return least, most

    def _text_width(self, text: str, font: str, size: float) -> float:
        """Width in mm of ``text`` in font key ``font``, measured in the pack's fallback fonts where it must be."""
        return pt_to_mm(text_width(text, font, size, self.m.fonts.fallback))

    def card_table(self, block: CardTable, width: float) -> Table:
        layout = self.card_table_layout(block, width)
        styles = cell_styles(self.fonts, layout.size)
        widths = layout.used
        header = [self.paragraph((Run(c.title),), styles["head-right" if c.align == "right" else "head"])
                  for c in block.columns]
        rows = [header]
        for row in block.rows:
            cells = []
            for cell, column, w in zip(row, block.columns, widths):
                if isinstance(cell, Requirement):
                    lines = self.drawing_lines(cell, layout.scale, w)
                    cells.append(requirement_drawing(cell, self.m, layout.scale, lines))
                elif isinstance(cell, TokenStyle):
                    r = layout.radius
                    cells.append(Drawing(token(cell, r, r, r, outline=0.6, fallback=self.m.fonts.fallback),
                                         2 * r, 2 * r))
                else:
                    style = styles["cell-right" if column.align == "right" else "cell"]
                    cells.append(self.paragraph(rich_runs(str(cell), self.m.icons), style))
            rows.append(cells)
        drawn = any(isinstance(c, (Requirement, TokenStyle)) for row in block.rows for c in row)
        return self._table(rows, widths, drawn)

    def text_table(self, block: TableBlock, width: float) -> Table:
        """A Markdown table, its columns fitted as a card table's."""
        header_runs = [runs_of(c) for c in block.header]
        body_runs = [[runs_of(c) for c in row] for row in block.rows]
        columns = tuple(Column("".join(r.text for r in c), 0.0) for c in header_runs)
        rows = tuple(tuple("".join(r.text for r in c) for c in row) for row in body_runs)
        layout = self.card_table_layout(CardTable(columns, rows), width)
        styles = cell_styles(self.fonts, layout.size)
        header = [self.paragraph(c, styles["head"]) for c in header_runs]
        body = [[self.paragraph(c, styles["cell"]) for c in row] for row in body_runs]
        return self._table([header] + body, layout.used)

    def legend(self, block: Legend, width: float) -> list[Flowable]:
        """The pack's tokens named in a grid, example requirements with their meanings, and word categories."""
        out: list[Flowable] = []
        per_row = 4
        size = width / per_row
        cells = []
        for style, name in block.tokens:
            items = token(style, size / 2, 6.0, 5.0, outline=0.7, fallback=self.m.fonts.fallback)
            cells.append([Drawing(items, size, 12.0),
                          self.paragraph((Run(name),), ParagraphStyle("tok", self.styles["cell"], alignment=1))])
        if cells:
            grid = [cells[i:i + per_row] for i in range(0, len(cells), per_row)]
            rows = [[c[0] for c in line] for line in grid]
            names = [[c[1] for c in line] for line in grid]
            data = [r for pair in zip(rows, names) for r in pair]
            table = Table(data, colWidths=[mm_to_pt(size)] * min(per_row, len(cells)))
            table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.fonts["body"]),
                                       ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                       ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
            out += [table, Spacer(1, mm_to_pt(2))]
        if block.examples:
            requirements = [r for r, _ in block.examples]
            scale = requirement_scale(requirements, self.m, 9.0, self.min_type)
            drawn_w = (max(requirement_block(r, self.m, compact=True).w for r in requirements) * scale
                       + pt_to_mm(CELL_PAD) + 0.5)
            drawn_w = min(drawn_w, width * 0.6)
            # One table, so a page or column break leaves at least KEEP_ROWS examples on each side.
            rows = [[requirement_drawing(r, self.m, scale), self.paragraph((Run(meaning),), self.styles["cell"])]
                    for r, meaning in block.examples]
            table = Table(rows, colWidths=[mm_to_pt(drawn_w), mm_to_pt(width - drawn_w)])
            table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.fonts["body"]),
                                       ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                       ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
                                       ("LINEBELOW", (0, 0), (-1, -2), 0.4, HexColor(RULE))]))
            out.append(table)
        if block.categories:
            runs = [Run("Words instead of tokens: ")]
            for n, (name, label) in enumerate(block.categories):
                runs += [Run("; " if n else ""), Run(smart_quotes(name), "bold"), Run(f" {smart_quotes(label)}")]
            out.append(self.paragraph((*runs, Run(".")), self.styles["body"]))
        return out
