"""The rules' fonts, paragraph styles and Paragraph markup, icons inline."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily, stringWidth

from ..core.fonts import FONT_FILES, font_runs, metrics, pdf_font_name, with_fallback
from ..core.mm import mm_to_pt
from ..geometry.richparse import Span, parse_rich
from ..geometry.richtext import ICON_SCALE
from ..geometry.typography import keep_words, smart_quotes
from ..model.design_keys import INK
from ..model.rules_source import IconRef, Run
from ..rules.typefaces import STYLE_FONTS, run_font
from .pdf import font_name, register_fonts

MIN_TYPE = 7.0  # points: nothing on a rules page is set smaller
CELL_SIZES = (8.5, 8.0, 7.5, 7.0)  # table type, tried in turn until every column holds its longest word
MUTED, RULE = "#555555", "#D9CBB0"


def rules_styles(fonts: dict[str, str], body_size: float = 9.5) -> dict[str, ParagraphStyle]:
    """Paragraph styles by name: body, title, h2, h3, and the table cells at their largest size."""
    leading = round(body_size * 1.33, 2)
    body = ParagraphStyle("body", fontName=fonts[STYLE_FONTS["body"]], fontSize=body_size, leading=leading,
                          textColor=HexColor(INK), spaceAfter=body_size * 0.47,
                          allowWidows=0, allowOrphans=0)  # no paragraph leaves one line alone at a break
    styles = {
        "body": body,
        "title": ParagraphStyle("title", body, fontName=fonts[STYLE_FONTS["title"]], fontSize=26, leading=30,
                                spaceAfter=4),
        "h2": ParagraphStyle("h2", body, fontName=fonts[STYLE_FONTS["h2"]], fontSize=15, leading=18,
                             spaceBefore=8, spaceAfter=4, textColor=HexColor("#0072B2"), keepWithNext=1),
        "h3": ParagraphStyle("h3", body, fontName=fonts[STYLE_FONTS["h3"]], fontSize=10.5, leading=13,
                             spaceBefore=5, spaceAfter=2.5, keepWithNext=1),
    }
    styles.update(cell_styles(fonts, CELL_SIZES[0]))
    return styles


def cell_styles(fonts: dict[str, str], size: float) -> dict[str, ParagraphStyle]:
    """Table styles at ``size`` points: cells, and the white header row."""
    cell = ParagraphStyle("cell", fontName=fonts[STYLE_FONTS["cell"]], fontSize=size, leading=size * 1.24,
                          textColor=HexColor(INK))
    head = ParagraphStyle("head", cell, fontName=fonts[STYLE_FONTS["head"]], textColor=HexColor("#FFFFFF"))
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


def markup(runs: tuple[Run, ...], icon: IconTag | None = None, base: str = "body",
           fallback: tuple[str, ...] = (), keep: bool = False) -> str:
    """Paragraph markup for runs, with typographic quotes worked out across the whole paragraph.

    ``base`` is the font role of the paragraph's style; a character its face lacks is set in the
    first of the pack's ``fallback`` fonts that has it, marked up as a font change of its own.
    With ``keep``, numbers stay with their words and a short last word with the one before
    (no-break spaces); table cells go without, as their columns are measured word by word.
    """
    tags = {"bold": ("<b>", "</b>"), "italic": ("<i>", "</i>"), "bold-italic": ("<b><i>", "</i></b>")}
    text = smart_quotes("".join(run.text for run in runs))
    texts = _split_like(keep_words(text) if keep else text, [len(run.text) for run in runs])
    out = []
    for run, text in zip(runs, texts):
        image = icon(run.name) if icon and isinstance(run, IconRef) else None
        start, end = tags.get(run.style, ("", ""))
        if image is None:  # an unknown icon stays text; check reports it
            text = _with_fallback(text, run_font(base, run.style), fallback)
        out.append(image or f"{start}{text}{end}")
    return "".join(out)


def _with_fallback(text: str, key: str, fallback: tuple[str, ...]) -> str:
    """``text`` escaped, each stretch its face lacks wrapped in a ``<font>`` tag naming the fallback
    font that has it. A font tag sets its face whatever ``<b>`` or ``<i>`` it sits in (reportlab
    maps a lone TrueType face to itself in every weight), as on cards, where fallbacks are regular."""
    return "".join(escape(piece) if font == key else f'<font face="{font_name(font)}">{escape(piece)}</font>'
                   for piece, font in font_runs(text, with_fallback(key, fallback)))


def text_width(text: str, key: str, size: float, fallback: tuple[str, ...] = ()) -> float:
    """Width in points of ``text`` set in font ``key`` at ``size``, in its fallback fonts where it must be."""
    pieces = font_runs(text, with_fallback(key, fallback))
    return sum(stringWidth(piece, font_name(font), size) for piece, font in pieces)


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
