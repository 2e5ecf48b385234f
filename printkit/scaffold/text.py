"""How tall a box a new pack's texts need, measured the way the cards are drawn.

``printkit new`` sizes each text box of its first layout from the data it
will hold: every text is fitted with the same rich-text fitting the build
uses, with the same fonts, so a box made tall enough here fits on the card.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ..faces.engine import rich_fonts
from ..core.fonts import metrics
from ..geometry.richparse import parse_rich
from ..geometry.richtext import fit_rich
from ..geometry.text import block_height
from ..model.pack import FontSettings

MAX_MEASURED = 400  # the longest texts of a box that are measured; a shorter one rarely needs more lines
BREAK_CHARS = 60  # about a line of body text on a card: what a forced line break costs
_UNBOUNDED = 1e6  # mm: a box height no text reaches, to count lines without a height limit
_SLACK = 0.1  # mm added to a measured height, and the step it is rounded up to


@dataclass(frozen=True)
class TextStyle:
    """The font a text box sets its text in."""

    font: str = "body"
    bold: bool = False
    italic: bool = False


def height_at(texts: Iterable[str], style: TextStyle, width: float, size: float,
              icons: Collection[str] = (), lines: int | None = None) -> float | None:
    """The height (mm) a box ``width`` mm wide needs for each of ``texts`` to fit at ``size`` pt.

    None when some text cannot fit at that size however tall the box: a word
    wider than the box, or more lines than ``lines``. Blank texts need nothing.
    """
    fonts = rich_fonts(style.font, style.bold, style.italic, FontSettings())
    face = metrics(fonts.regular)
    frozen = frozenset(icons)
    most = 0.0
    for text in _longest(texts):
        fit = fit_rich(parse_rich(text, frozen), fonts, width, _UNBOUNDED, size, size, lines)
        if not fit.fits:
            return None
        most = max(most, block_height(len(fit.lines), size, face))
    return _rounded_up(most + _SLACK) if most else 0.0


def largest_size(texts: Iterable[str], style: TextStyle, width: float, height: float,
                 sizes: Iterable[float], icons: Collection[str] = (), lines: int | None = None) -> float | None:
    """The first of ``sizes`` (largest first) at which every text fits a ``width`` × ``height`` box."""
    texts = list(texts)
    for size in sizes:
        needed = height_at(texts, style, width, size, icons, lines)
        if needed is not None and needed <= height + 1e-6:
            return size
    return None


def _longest(texts: Iterable[str]) -> list[str]:
    """The distinct non-blank texts likely to need the most lines, at most MAX_MEASURED of them:
    the longest, counting each forced line break as a line's worth of characters."""
    def length(text: str) -> int:
        return len(text) + BREAK_CHARS * (text.count("\n") + text.lower().count("<br"))
    distinct = sorted({t for t in texts if t.strip()}, key=lambda t: (-length(t), t))
    return distinct[:MAX_MEASURED]


def _rounded_up(mm: float) -> float:
    steps = -(-mm // _SLACK)  # ceiling division
    return round(steps * _SLACK, 2)
