"""Stack headings and paragraphs down a page, wrapping to a column width."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.fonts import metrics, with_fallback
from .draw import Box, Item, Text
from ..core.mm import Rect, pt_to_mm
from .text import LEADING, wrap
from ..model.design_keys import INK


@dataclass
class Flow:
    """A cursor moving down a column; ``y`` is the top of the next line, in mm."""

    x: float
    y: float
    width: float
    items: list[Item] = field(default_factory=list)
    fallback: tuple[str, ...] = ()  # the pack's fallback fonts, for characters a font lacks

    def text(self, text: str, font: str = "body", size: float = 10.0, colour: str = INK,
             indent: float = 0.0, after: float = 1.5, align: str = "left") -> None:
        font = with_fallback(font, self.fallback)
        m = metrics(font)
        pitch = pt_to_mm(size * LEADING)
        x = {"center": self.x + self.width / 2}.get(align, self.x + indent)
        for line in wrap(text, m, size, self.width - indent):
            self.items.append(Text(x, self.y - m.ascent(size), line, font, size, colour, align))
            self.y -= pitch
        self.y -= after

    def heading(self, text: str, size: float = 13.0) -> None:
        self.y -= 1.5
        self.text(text, "display", size, after=1.0)

    def numbered(self, number: int, text: str, size: float = 10.0) -> None:
        m = metrics("bold")
        self.items.append(Text(self.x, self.y - m.ascent(size), f"{number}.", "bold", size))
        self.text(text, size=size, indent=6.0)

    def checkbox(self, text: str, size: float = 8.5) -> None:
        """A line with an empty tick box before it."""
        box = pt_to_mm(size) * 0.75
        top = self.y - (metrics("body").ascent(size) - metrics("body").cap(size))
        self.items.append(Box(Rect(self.x, top - box, box, box), stroke=INK, width=0.5))
        self.text(text, size=size, indent=box + 1.8, after=0.3)

    def skip(self, mm: float) -> None:
        self.y -= mm
