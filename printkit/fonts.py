"""The bundled fonts: where they are, and their metrics for laying out text.

Metrics come from the TrueType files through fontTools, so text can be
measured (and ``check`` can find text that will not fit) without importing
the PDF library.
"""
from __future__ import annotations

import hashlib
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
    """The file behind a font key: a bundled role or a pack font."""
    if role in _PACK_FONTS:
        return _PACK_FONTS[role].path
    return fonts_dir() / FONT_FILES[role]


def pdf_font_name(role: str) -> str:
    """The name a font key's font is registered under in PDFs (letters, digits and '-' only)."""
    if role in _PACK_FONTS:
        return f"PackFont-{role.removeprefix(PACK_KEY_PREFIX)}"
    return _BUNDLED_NAMES[role]


_BUNDLED_NAMES = {role: Path(file).stem for role, file in FONT_FILES.items()}  # asked for with every font change


def font_label(role: str) -> str:
    """How messages name a font: the role, or the pack's family and face."""
    return _PACK_FONTS[role].label if role in _PACK_FONTS else role


# -- fonts a pack brings ([fonts] in game.toml) ---------------------------------
#
# A pack font's key comes from a hash of the file's bytes, so the same file
# gets the same key (and the same PDF name) in every run, and two packs'
# fonts cannot clash however their files are named. Bundled roles never
# start with the prefix.

PACK_KEY_PREFIX = "pack-"


@dataclass(frozen=True)
class PackFont:
    path: Path
    label: str  # family and face, as the manifest names them


_PACK_FONTS: dict[str, PackFont] = {}


class FontUnusable(Exception):
    """A pack font that cannot be embedded after all (found while building)."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key, self.message = key, message


def register_font_file(path: Path, label: str | None = None) -> str:
    """The font key for a font file a pack names (already checked as usable, see printkit.fontfile)."""
    path = Path(path)
    data = path.read_bytes()
    key = _content_key(data)
    # The latest path wins: identical bytes, and an earlier pack's folder may be gone.
    _PACK_FONTS[key] = PackFont(path, label or path.name)
    return key


def _content_key(data: bytes) -> str:
    return PACK_KEY_PREFIX + hashlib.sha256(data).hexdigest()[:20]


def pack_font_bytes(key: str) -> bytes:
    """A pack font's file as it was when it was checked; FontUnusable if it changed since."""
    font = _PACK_FONTS[key]
    try:
        data = font.path.read_bytes()
    except OSError as exc:
        raise FontUnusable(key, f"'{font.path.name}' cannot be read: {exc.strerror or exc}") from None
    if _content_key(data) != key:
        raise FontUnusable(key, f"'{font.path.name}' changed while the pack was being built; build again")
    return data


def is_pack_font(role: str) -> bool:
    return role in _PACK_FONTS


def font_for_char(key: str, char: str, fallback: tuple[str, ...] = ()) -> str | None:
    """The first of ``key`` and then ``fallback`` whose font has a glyph for ``char``; None if none has."""
    for candidate in (key, *fallback):
        if metrics(candidate).has(char):
            return candidate
    return None


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
        return self.units_mm(self.units(text), size)

    def units(self, text: str) -> int:
        """Width of ``text`` in font units: whole numbers, so the widths of words add up exactly."""
        return sum(self.advances.get(ord(c), self.units_per_em // 2) for c in text)

    def units_mm(self, units: int, size: float) -> float:
        """``units`` of this font set at ``size`` points, in mm."""
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
