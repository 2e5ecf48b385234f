"""The bundled fonts: where they are, and their metrics for laying out text.

Metrics come from the TrueType files through fontTools, so text can be
measured (and ``check`` can find text that will not fit) without importing
the PDF library.
"""
from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .errors import PrintkitError
from .buildstate import current_state
from .mm import pt_to_mm

_HERE = Path(__file__).resolve().parent.parent  # the printkit package

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
    """How messages name a font: the role, or the pack's family and face (for a key with fallback
    fonts, the font it starts from)."""
    role = primary_font(role)
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


class FontUnusable(PrintkitError):
    """A pack font that cannot be embedded after all (found while building)."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key, self.message = key, message


def register_font_file(path: Path, label: str | None = None, data: bytes | None = None) -> str:
    """The font key for a font file a pack names, whose bytes ``data`` (read from ``path`` when not
    given) were checked as usable (see printkit.core.fontfile).

    The bytes are kept for the build running, so its measuring and embedding use the very bytes
    that were checked and hashed into the key, however the file changes meanwhile.
    """
    path = Path(path)
    if data is None:
        data = path.read_bytes()
    key = _content_key(data)
    # The latest path wins: identical bytes, and an earlier pack's folder may be gone.
    _PACK_FONTS[key] = PackFont(path, label or path.name)
    state = current_state()
    if state is not None:
        state.font_bytes[key] = data
    return key


def _content_key(data: bytes) -> str:
    return PACK_KEY_PREFIX + hashlib.sha256(data).hexdigest()[:20]


def pack_font_bytes(key: str) -> bytes:
    """A pack font's file as it was when it was checked; FontUnusable if it changed since."""
    state = current_state()
    if state is not None and key in state.font_bytes:
        return state.font_bytes[key]
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


# -- fallback fonts ------------------------------------------------------------
#
# A pack's ``[fonts] fallback`` lists fonts to borrow a character from when the
# font setting some text lacks it. Text that may borrow carries a font key that
# names the whole chain, "body+pack-1a2b...+pack-3c4d...": its metrics measure
# every character in the font that will print it, and the renderer draws it as
# runs, each in one real font. Text without fallback keeps its plain key, so a
# pack with no fallback fonts lays out and draws exactly as before.

FALLBACK_JOIN = "+"  # never in a font key: roles are words, pack keys "pack-" and hex digits


def with_fallback(key: str, fallback: Iterable[str]) -> str:
    """The font key that sets text in ``key``, taking each character it lacks from the first of
    ``fallback`` that has it; ``key`` itself when there is nothing to fall back on."""
    chain = dict.fromkeys(font_chain(key))
    chain.update(dict.fromkeys(fallback))  # a font already in the chain keeps its place
    return FALLBACK_JOIN.join(chain)


def font_chain(key: str) -> tuple[str, ...]:
    """The real fonts a key sets text in, in the order they are tried."""
    return tuple(key.split(FALLBACK_JOIN))


def primary_font(key: str) -> str:
    """The font a key starts from: the one its text is styled in."""
    return key.split(FALLBACK_JOIN, 1)[0]


def font_for_char(key: str, char: str, fallback: tuple[str, ...] = ()) -> str | None:
    """The first font of ``key``'s chain, then of ``fallback``, that has a glyph for ``char``; None if none has."""
    for candidate in (*font_chain(key), *fallback):
        if metrics(candidate).has(char):
            return candidate
    return None


def font_runs(text: str, key: str) -> list[tuple[str, str]]:
    """``text`` as (run, real font key) pieces, each character in the first font of ``key``'s chain
    that has it. The one function every drawer and measurer splits text with.

    A character no font has stays in the first font, where it prints as a gap (``check``
    reports it as T701).
    """
    if not text:
        return []
    if FALLBACK_JOIN not in key:
        return [(text, key)]
    chain = font_chain(key)
    first = metrics(chain[0])
    if all(first.has(char) for char in text):
        return [(text, chain[0])]
    runs: list[tuple[str, str]] = []
    for char in text:
        font = font_for_char(key, char) or chain[0]
        if runs and runs[-1][1] == font:
            runs[-1] = (runs[-1][0] + char, font)
        else:
            runs.append((char, font))
    return runs


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
    """A font key's metrics; for a key with fallback fonts, each character measured in the font
    that prints it (see ``font_runs``), the lines spaced by the first font."""
    if FALLBACK_JOIN in role:
        return _chain_metrics(role)
    from fontTools.ttLib import TTFont  # only when text is measured

    # Kept for the whole process: a bundled font ships with printkit, and a pack font's key is a
    # hash of the very bytes measured here, so a font edited in place comes back under a new key.
    source = io.BytesIO(pack_font_bytes(role)) if role in _PACK_FONTS else font_path(role)
    font = TTFont(source, lazy=True)
    hmtx = font["hmtx"].metrics
    advances = {code: hmtx[glyph][0] for code, glyph in font.getBestCmap().items()}
    hhea, upem = font["hhea"], font["head"].unitsPerEm
    cap = getattr(font["OS/2"], "sCapHeight", 0) if "OS/2" in font else 0
    return FontMetrics(role, upem, hhea.ascent, hhea.descent, cap or round(upem * 0.7), advances)


def _chain_metrics(key: str) -> FontMetrics:
    """Metrics for a chain of fonts, in units every font's em divides, so widths stay whole numbers."""
    fonts = [metrics(k) for k in font_chain(key)]
    em = math.lcm(*(f.units_per_em for f in fonts))
    advances: dict[int, int] = {}
    for font in reversed(fonts):  # earlier fonts overwrite later ones: the first that has a glyph prints it
        scale = em // font.units_per_em
        advances.update((code, advance * scale) for code, advance in font.advances.items())
    first = fonts[0]
    scale = em // first.units_per_em
    return FontMetrics(key, em, first.ascender * scale, first.descender * scale, first.cap_height * scale,
                       advances)
