"""Draw pages of display-list items into a PDF with reportlab.

Faces drawn many times (ten copies of a card, every back of a deck) become
PDF form XObjects, stored once and placed by reference; a face placed once
is drawn where it stands.
"""
from __future__ import annotations

import io
from collections import Counter
from functools import lru_cache
from collections.abc import Callable, Iterable, Mapping

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from .. import __version__
from ..fontconvert import FontConversionError, truetype_bytes
from ..fontzero import open_zero_file
from ..fonts import FONT_FILES, FontUnusable, font_path, is_pack_font, pack_font_bytes, pdf_font_name
from ..images.prepare import prepared
from ..layout.draw import Box, Disc, Face, Group, Item, Line, Page, Path, Picture, Place, Text, place_origin
from ..layout.geometry import Rect, mm_to_pt

_registered: set[str] = set()


def register_fonts() -> None:
    """Register every bundled font with reportlab (the rules booklet names them all)."""
    for role in FONT_FILES:
        font_name(role)


def font_name(key: str) -> str:
    """The PDF name of a font key, registering its font (embedded as a subset) the first time it is used.

    Registering only what a document uses spares parsing fonts it never sets.
    """
    name = pdf_font_name(key)
    if name not in _registered:
        pdfmetrics.registerFont(_truetype(key, name))
        _registered.add(name)
    return name


def _truetype(key: str, name: str) -> TTFont:
    if key in OPEN_ZERO_ROLES:
        return TTFont(name, io.BytesIO(open_zero_file(font_path(key))))
    if not is_pack_font(key):
        return TTFont(name, str(font_path(key)))
    try:
        return TTFont(name, io.BytesIO(truetype_bytes(pack_font_bytes(key))))
    except FontConversionError as exc:
        raise FontUnusable(key, f"'{font_path(key).name}': {exc}") from None
    except TTFError as exc:  # what check could not foresee
        raise FontUnusable(key, f"'{font_path(key).name}' cannot be embedded: {exc}") from None


@lru_cache(maxsize=None)
def _colour(hex_colour: str) -> HexColor:
    return HexColor(hex_colour)


_FONT_NAMES = {role: pdf_font_name(role) for role in FONT_FILES}
OPEN_ZERO_ROLES = ("body", "bold", "italic", "bold-italic")  # Atkinson Hyperlegible: see printkit.fontzero


class PdfPainter:
    """Interprets display-list items on a reportlab canvas; coordinates in mm."""

    def __init__(self, canvas: Canvas, faces: Mapping[str, Face], uses: Mapping[str, int],
                 picture_dpi: float | None = 300.0):
        self.c = canvas
        self.faces = faces
        self.uses = uses  # how many times each face is placed in the document
        self.picture_dpi = picture_dpi  # pictures are downsampled to this; None keeps every pixel
        self.forms: dict[str, str] = {}
        self.readers: dict[int, ImageReader] = {}

    def draw(self, items: Iterable[Item]) -> None:
        for item in items:
            getattr(self, f"_{type(item).__name__.lower()}")(item)

    # -- primitives -------------------------------------------------------
    def _style(self, fill: str | None, stroke: str | None, width: float, dash=()) -> tuple[int, int]:
        if fill:
            self.c.setFillColor(_colour(fill))
        if stroke:
            self.c.setStrokeColor(_colour(stroke))
            self.c.setLineWidth(width)
            if dash:
                self.c.setDash([mm_to_pt(d) for d in dash])
        return int(bool(stroke)), int(bool(fill))

    def _box(self, b: Box) -> None:
        if b.dash:
            self.c.saveState()  # a dash must not leak into later strokes
        stroke, fill = self._style(b.fill, b.stroke, b.width, b.dash)
        r = b.rect
        args = (mm_to_pt(r.x), mm_to_pt(r.y), mm_to_pt(r.w), mm_to_pt(r.h))
        if b.radius:
            self.c.roundRect(*args, mm_to_pt(b.radius), stroke=stroke, fill=fill)
        else:
            self.c.rect(*args, stroke=stroke, fill=fill)
        if b.dash:
            self.c.restoreState()

    def _disc(self, d: Disc) -> None:
        stroke, fill = self._style(d.fill, d.stroke, d.width)
        self.c.circle(mm_to_pt(d.cx), mm_to_pt(d.cy), mm_to_pt(d.r), stroke=stroke, fill=fill)

    def _line(self, ln: Line) -> None:
        if ln.dash:
            self.c.saveState()
        self._style(None, ln.colour, ln.width, ln.dash)
        self.c.line(mm_to_pt(ln.x1), mm_to_pt(ln.y1), mm_to_pt(ln.x2), mm_to_pt(ln.y2))
        if ln.dash:
            self.c.restoreState()

    def _text(self, t: Text) -> None:
        self.c.setFillColor(_colour(t.colour))
        self.c.setFont(font_name(t.font), t.size)
        x, y = mm_to_pt(t.x), mm_to_pt(t.y)
        if t.angle:
            self.c.saveState()
            self.c.translate(x, y)
            self.c.rotate(t.angle)
            x = y = 0.0
        draw = {"center": self.c.drawCentredString, "right": self.c.drawRightString}.get(
            t.align, self.c.drawString)
        draw(x, y, t.text)
        if t.angle:
            self.c.restoreState()

    def _path(self, p: Path) -> None:
        stroke, fill = self._style(p.fill, p.stroke, p.width)
        path = self.c.beginPath()
        for op, *v in p.ops:
            pts = [mm_to_pt(x) for x in v]
            if op == "M":
                path.moveTo(*pts)
            elif op == "L":
                path.lineTo(*pts)
            elif op == "C":
                path.curveTo(*pts)
            else:
                path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)

    def _picture(self, p: Picture) -> None:
        image, shown = prepared(p.path, p.rect, p.clip, self.picture_dpi)
        if shown.w <= 0 or shown.h <= 0:
            return
        # One reader per prepared image: reportlab then embeds identical pictures once.
        if id(image) not in self.readers:
            if hasattr(image, "seek"):
                image.seek(0)
            self.readers[id(image)] = ImageReader(image)
        reader = self.readers[id(image)]
        self.c.drawImage(reader, mm_to_pt(shown.x), mm_to_pt(shown.y), mm_to_pt(shown.w), mm_to_pt(shown.h),
                         mask="auto")

    def _clip(self, rect: Rect) -> None:
        path = self.c.beginPath()
        path.rect(mm_to_pt(rect.x), mm_to_pt(rect.y), mm_to_pt(rect.w), mm_to_pt(rect.h))
        self.c.clipPath(path, stroke=0, fill=0)

    def _group(self, g: Group) -> None:
        self.c.saveState()
        self.c.translate(mm_to_pt(g.dx), mm_to_pt(g.dy))
        if g.angle:
            self.c.rotate(g.angle)
        if g.scale != 1:
            self.c.scale(g.scale, g.scale)
        if g.clip is not None:
            self._clip(g.clip)
        self.draw(g.items)
        self.c.restoreState()

    def _place(self, p: Place) -> None:
        face = self.faces[p.face]
        # A face placed more than once is stored once as a form and referenced;
        # a face used once is cheaper drawn in place.
        name = self._form(face) if self.uses.get(p.face, 0) > 1 else None
        self.c.saveState()
        if p.clip is not None:
            self._clip(p.clip)
        dx, dy = place_origin(p.rotation, face.width, face.height)
        self.c.translate(mm_to_pt(p.x + dx), mm_to_pt(p.y + dy))
        if p.rotation:
            self.c.rotate(p.rotation)
        if name is None:
            self.draw(face.items)
        else:
            self.c.doForm(name)
        self.c.restoreState()

    def _form(self, face: Face) -> str:
        """The form XObject for a face, drawn the first time it is placed."""
        if face.key not in self.forms:
            name = f"Face{len(self.forms)}"
            b = face.bleed
            self.c.beginForm(name, mm_to_pt(-b), mm_to_pt(-b), mm_to_pt(face.width + b),
                             mm_to_pt(face.height + b))
            self.draw(face.items)
            self.c.endForm()
            self.forms[face.key] = name
        return self.forms[face.key]


def render_pdf(pages: list[Page], faces: Mapping[str, Face], title: str, subject: str,
               progress: Callable[[int], None] | None = None, picture_dpi: float | None = 300.0) -> bytes:
    """The whole document as bytes; identical input gives identical bytes."""
    font_name("body")  # the initial font of every page
    out = io.BytesIO()
    # Binary Flate streams without an ASCII85 layer: a quarter smaller, and
    # reportlab's pure-Python ASCII85 encoder was the slowest step of a build.
    saved_a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        return _render(out, pages, faces, title, subject, progress, picture_dpi)
    finally:
        rl_config.useA85 = saved_a85


def _render(out: io.BytesIO, pages: list[Page], faces: Mapping[str, Face], title: str, subject: str,
            progress: Callable[[int], None] | None, picture_dpi: float | None) -> bytes:
    # invariant=1 fixes the creation date and document ID (SOURCE_DATE_EPOCH,
    # when set, supplies the date), so a rebuild from the same data is byte-identical.
    # The initial font is one of ours: reportlab's default (Helvetica) would
    # otherwise be referenced, unembedded, by every page.
    canvas = Canvas(out, invariant=1, pageCompression=1, initialFontName=_FONT_NAMES["body"],
                    initialFontSize=10)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("printkit")
    canvas.setCreator(f"printkit {__version__}")
    uses = Counter(item.face for page in pages for item in page.items if isinstance(item, Place))
    painter = PdfPainter(canvas, faces, uses, picture_dpi)
    for n, page in enumerate(pages):
        canvas.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
        # Set for every page (None clears it), since reportlab carries a box on to later pages.
        canvas.setTrimBox(_pdf_box(page.trim_box))
        canvas.setBleedBox(_pdf_box(page.bleed_box))
        painter.draw(page.items)
        canvas.showPage()
        if progress:
            progress(n + 1)
    canvas.save()
    return out.getvalue()


def _pdf_box(rect: Rect | None) -> tuple[float, float, float, float] | None:
    """A page box as PDF wants it: left, bottom, right, top in points."""
    if rect is None:
        return None
    return (round(mm_to_pt(rect.x), 3), round(mm_to_pt(rect.y), 3),
            round(mm_to_pt(rect.right), 3), round(mm_to_pt(rect.top), 3))
