"""Which font sets each kind of text in the rules booklet.

The typesetter (printkit.render.rules_styles) builds its paragraph styles from
these, and ``check`` reads them to find characters the rules would print as
gaps, without the PDF library.
"""
from __future__ import annotations

from ..core.fonts import font_key

# Paragraph style -> the font key its text starts in.
STYLE_FONTS = {
    "body": "body",
    "title": "display",  # the first heading
    "h2": "display",
    "h3": "bold",
    "cell": "body",  # table cells
    "head": "bold",  # a table's header row
    "footer": "body",  # the pack's title and the page number under every page
}

# A style's font as (family, bold, italic): a run's own emphasis is added to it.
_FACES = {"body": ("body", False, False), "bold": ("body", True, False), "italic": ("body", False, True),
          "bold-italic": ("body", True, True), "display": ("display", False, False)}


def run_font(base: str, style: str) -> str:
    """The font key a run styled ``style`` ('plain', 'bold', 'italic' or 'bold-italic') is set in,
    inside a paragraph whose font is ``base``: ``<b>`` in a body paragraph sets it bold, and the
    display family, which has one face, stays itself."""
    family, bold, italic = _FACES[base]
    bold = bold or style in ("bold", "bold-italic")
    italic = italic or style in ("italic", "bold-italic")
    return font_key(family, bold, italic) or base


def heading_style(level: int) -> str:
    """The paragraph style of a heading at ``level``, after the first (the title)."""
    return "h2" if level <= 2 else "h3"
