"""The rules' fonts, paragraph styles and Paragraph markup, icons inline."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily

from ..fonts import FONT_FILES, metrics, pdf_font_name
from ..layout.geometry import mm_to_pt
from ..layout.richparse import Span, parse_rich
from ..layout.richtext import ICON_SCALE
from ..layout.typography import smart_quotes
from ..rules.source import IconRef, Run
from .pdf import register_fonts

MIN_TYPE = 7.0  # points: nothing on a rules page is set smaller
CELL_SIZES = (8.5, 8.0, 7.5, 7.0)  # table type, tried in turn until every column holds its longest word
INK, MUTED, RULE = "#1A1A1A", "#555555", "#D9CBB0"
ROLES = ("body", "bold", "italic", "bold-italic")


def rules_styles(fonts: dict[str, str], body_size: float = 9.5) -> dict[str, ParagraphStyle]:
    """Paragraph styles by name: body, title, h2, h3, and the table cells at their largest size."""
    leading = round(body_size * 1.33, 2)
    body = ParagraphStyle("body", fontName=fonts["body"], fontSize=body_size, leading=leading,
                          textColor=HexColor(INK), spaceAfter=body_size * 0.47)
    styles = {
        "body": body,
        "title": ParagraphStyle("title", body, fontName=fonts["display"], fontSize=26, leading=30,
                                spaceAfter=4),
        "h2": ParagraphStyle("h2", body, fontName=fonts["display"], fontSize=15, leading=18,
                             spaceBefore=8, spaceAfter=4, textColor=HexColor("#0072B2"), keepWithNext=1),
        "h3": ParagraphStyle("h3", body, fontName=fonts["bold"], fontSize=10.5, leading=13,
                             spaceBefore=5, spaceAfter=2.5, keepWithNext=1),
    }
    styles.update(cell_styles(fonts, CELL_SIZES[0]))
    return styles


def cell_styles(fonts: dict[str, str], size: float) -> dict[str, ParagraphStyle]:
    """Table styles at ``size`` points: cells, and the white header row."""
    cell = ParagraphStyle("cell", fontName=fonts["body"], fontSize=size, leading=size * 1.24,
                          textColor=HexColor(INK))
    head = ParagraphStyle("head", cell, fontName=fonts["bold"], textColor=HexColor("#FFFFFF"))
    return {"cell": cell, "cell-right": ParagraphStyle("cell-right", cell, alignment=TA_RIGHT),
            "head": head, "head-right": ParagraphStyle("head-right", head, alignment=TA_RIGHT)}


_RULES_FONTS: dict[str, str] = {}


def rules_fonts() -> dict[str, str]:
    """Font role -> registered PDF name for the rules, the four text faces registered as one family."""
    if not _RULES_FONTS:
        register_fonts()
        names = {role: pdf_font_name(role) for role in FONT_FILES}
        registerFontFamily(names["body"], normal=names["body"], bold=names["bold"], italic=names["italic"],
                           boldItalic=names["bold-italic"])
        _RULES_FONTS.update(names)
    return _RULES_FONTS


IconTag = Callable[[str], "str | None"]  # icon name -> <img> markup, None if it has no picture


def markup(runs: tuple[Run, ...], icon: IconTag | None = None) -> str:
    """Paragraph markup for runs, with typographic quotes worked out across the whole paragraph."""
    tags = {"bold": ("<b>", "</b>"), "italic": ("<i>", "</i>"), "bold-italic": ("<b><i>", "</i></b>")}
    texts = _split_like(smart_quotes("".join(run.text for run in runs)), [len(run.text) for run in runs])
    out = []
    for run, text in zip(runs, texts):
        image = icon(run.name) if icon and isinstance(run, IconRef) else None
        start, end = tags.get(run.style, ("", ""))
        out.append(image or f"{start}{escape(text)}{end}")  # an unknown icon stays text; check reports it
    return "".join(out)


def _split_like(text: str, lengths: list[int]) -> list[str]:
    out, at = [], 0
    for n in lengths:
        out.append(text[at:at + n])
        at += n
    return out


def rich_runs(text: str, icons) -> tuple[Run, ...]:
    """A card's rich text (as on its face) as Runs: emphasis, icons, and breaks as spaces."""
    return tuple(_span_run(span) for span in parse_rich(text, icons))


def _span_run(span: Span) -> Run:
    if span.br:
        return Run(" ")  # a table cell wraps by itself
    style = {(True, True): "bold-italic", (True, False): "bold", (False, True): "italic"}.get(
        (span.bold, span.italic), "plain")
    return IconRef(f"{{{span.icon}}}", style, span.icon) if span.icon else Run(span.text, style)


def icon_tag(file: Path, aspect: float, style: ParagraphStyle, role: str = "body") -> str:
    """``<img>`` markup for an icon as tall as the capitals × ICON_SCALE, centred on them as on cards."""
    cap = mm_to_pt(metrics(role).cap(style.fontSize))
    side = cap * ICON_SCALE
    width, height = (side, side / aspect) if aspect >= 1 else (side * aspect, side)  # contained in a square
    bottom = cap / 2 - height / 2  # from the baseline: the icon's middle at half the cap height
    return f'<img src={quoteattr(str(file))} width="{width:.3f}" height="{height:.3f}" valign="{bottom:.3f}"/>'
