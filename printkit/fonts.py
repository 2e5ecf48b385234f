"""The bundled fonts: where they are, and their metrics for laying out text.

Metrics come from the TrueType files through fontTools, so text can be
measured (and ``check`` can find text that will not fit) without importing
the PDF library.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .layout.geometry import pt_to_mm

_HERE = Path(__file__).resolve().parent

# Role -> file. Templates ask for a role, never for a file.
FONT_FILES = {
    "display": "ComicNeue-Bold.ttf",  # titles and big numbers
    "body": "AtkinsonHyperlegible-Regular.ttf",  # running text
    "bold": "AtkinsonHyperlegible-Bold.ttf",  # labels, badges, small headings
    "italic": "AtkinsonHyperlegible-Italic.ttf",  # emphasis in the rules
    "bold-italic": "AtkinsonHyperlegible-BoldItalic.ttf",
}


# Family name -> (regular, bold, italic, bold italic) font keys. Layouts name a
# family and a weight; the pack's own families (``[fonts]``) join these.
BUILTIN_FAMILIES = {
    "body": ("body", "bold", "italic", "bold-italic"),
    "display": ("display", "display", "display", "display"),  # Comic Neue Bold only
}


def font_key(family: str, bold: bool = False, italic: bool = False, settings=None) -> str | None:
    """The font key that sets ``family`` in the given weight and slant; None for an unknown family.

    ``settings`` is the pack's FontSettings, whose families are looked up first.
    """
    if settings is not None and family in settings.families:
        fam = settings.families[family]
        faces = (fam.regular, fam.bold, fam.italic, fam.bold_italic)
    elif family in BUILTIN_FAMILIES:
        faces = BUILTIN_FAMILIES[family]
    else:
        return None
    return faces[(2 if italic else 0) + (1 if bold else 0)]


def fonts_dir() -> Path:
    installed = _HERE / "_bundled" / "fonts"
    return installed if installed.is_dir() else _HERE.parent / "fonts"


def font_path(role: str) -> Path:
    return fonts_dir() / FONT_FILES[role]


def pdf_font_name(role: str) -> str:
    """The name a role's font is registered under in PDFs."""
    return Path(FONT_FILES[role]).stem


@dataclass(frozen=True)
class FontMetrics:
    role: str
    units_per_em: int
    ascender: int
    descender: int  # negative
    cap_height: int
    advances: dict[int, int]  # code point -> advance width in font units

    def has(self, char: str) -> bool:
        return ord(char) in self.advances

    def missing(self, text: str) -> list[str]:
        return sorted({c for c in text if not c.isspace() and not self.has(c)})

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` set at ``size`` points, in mm."""
        units = sum(self.advances.get(ord(c), self.units_per_em // 2) for c in text)
        return pt_to_mm(units * size / self.units_per_em)

    def ascent(self, size: float) -> float:
        return pt_to_mm(self.ascender * size / self.units_per_em)

    def cap(self, size: float) -> float:
        """Height of capital letters at ``size`` points, in mm: centres text on a line."""
        return pt_to_mm(self.cap_height * size / self.units_per_em)

    def descent(self, size: float) -> float:
        """Depth below the baseline, in mm, as a positive number."""
        return pt_to_mm(-self.descender * size / self.units_per_em)


@lru_cache(maxsize=None)
def metrics(role: str) -> FontMetrics:
    from fontTools.ttLib import TTFont  # only when text is measured

    font = TTFont(font_path(role), lazy=True)
    hmtx = font["hmtx"].metrics
    advances = {code: hmtx[glyph][0] for code, glyph in font.getBestCmap().items()}
    hhea, upem = font["hhea"], font["head"].unitsPerEm
    cap = getattr(font["OS/2"], "sCapHeight", 0) if "OS/2" in font else 0
    return FontMetrics(role, upem, hhea.ascent, hhea.descent, cap or round(upem * 0.7), advances)
