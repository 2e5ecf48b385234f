"""Draw pages of display-list items into a PDF with reportlab.

Faces drawn many times (ten copies of a card, every back of a deck) become
PDF form XObjects, stored once and placed by reference; a face placed once
is drawn where it stands.
"""
from __future__ import annotations

import io
import re
from functools import lru_cache
from itertools import islice
from weakref import WeakKeyDictionary
from collections.abc import Callable, Iterable, Mapping, Sequence

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFZCompress
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from .. import __version__
from ..core.buildstate import build_state
from ..core.fontconvert import FontConversionError, truetype_bytes
from ..core.fontzero import open_zero_file
from ..core.fonts import (FONT_FILES, PACK_KEY_PREFIX, FontUnusable, font_path, font_runs, is_pack_font, pack_font_bytes,
                     pdf_font_name, primary_font)
from ..images.prepare import prepared
from ..geometry.draw import (Box, Disc, Face, Group, Item, Line, Page, Path, Picture, Place, Text, place_origin,
                           placed_faces)
from ..geometry.bounds import bounds, group_matrix, placed
from ..core.mm import PT_PER_MM, Rect, bounding, mm_to_pt

_registered: set[str] = set()
PDF_NAME_HASH = 10  # hex digits of a pack font's hash added to its PostScript name in the PDF


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
        return TextLayerFont(name, io.BytesIO(open_zero_file(font_path(key))))
    if not is_pack_font(key):
        return TextLayerFont(name, str(font_path(key)))
    try:
        font = TextLayerFont(name, io.BytesIO(truetype_bytes(pack_font_bytes(key))))
    except FontConversionError as exc:
        raise FontUnusable(key, f"'{font_path(key).name}': {exc}") from None
    except TTFError as exc:  # what check could not foresee
        raise FontUnusable(key, f"'{font_path(key).name}' cannot be embedded: {exc}") from None
    # reportlab registers a font once per PostScript name, handing later fonts of that name the
    # first one: a font edited in place (or two pack fonts of one name) would print as the old one.
    # The name in the PDF gets part of the content's hash, so each distinct font is one of its own.
    font.face.name += b"-" + key.removeprefix(PACK_KEY_PREFIX)[:PDF_NAME_HASH].encode("ascii")
    return font


class TextLayerFont(TTFont):
    """A TrueType font whose text layer reads back right for characters beyond U+FFFF (emoji and the like).

    The ToUnicode map of each embedded subset says which character each glyph stands for;
    text extraction, search and copy-and-paste read it. reportlab writes every character there
    as ``<%04X>``, so U+1F600 becomes ``<1F600>``: five hex digits, an odd-length string that
    readers drop or misread. PDF wants UTF-16BE, which for such a character is a surrogate
    pair, ``<D83DDE00>``. This rewrites just those entries once reportlab has made the maps;
    every other line is left alone, so a PDF without such characters keeps its bytes.
    """

    def addObjects(self, doc):
        made = len(doc.idToObject)
        super().addObjects(doc)
        # The maps reportlab just registered (under "toUnicodeCMap:<subset's font name>").
        for name, obj in islice(list(doc.idToObject.items()), made, None):
            if name.startswith("toUnicodeCMap:") and isinstance(obj.content, str):
                obj.content = utf16_destinations(obj.content)


_WIDE_DESTINATION = re.compile(r"^(<[0-9A-F]+>) <([0-9A-F]{5,6})>$", re.MULTILINE)


def utf16_destinations(cmap: str) -> str:
    """A ToUnicode CMap with each destination beyond U+FFFF written as its UTF-16 surrogate pair."""
    def pair(match: re.Match) -> str:
        code = int(match.group(2), 16) - 0x10000
        return f"{match.group(1)} <{0xD800 + (code >> 10):04X}{0xDC00 + (code & 0x3FF):04X}>"
    return _WIDE_DESTINATION.sub(pair, cmap)


@lru_cache(maxsize=None)
def _colour(hex_colour: str) -> HexColor:
    return HexColor(hex_colour)


OPEN_ZERO_ROLES = ("body", "bold", "italic", "bold-italic")  # Atkinson Hyperlegible: see printkit.core.fontzero


class PdfPainter:
    """Interprets display-list items on a reportlab canvas; coordinates in mm.

    Drawing state (colours, line width, font) is written only when it changes:
    at deck scale, repeating it for every string made up much of a page's
    content stream. Shared faces and parts become form XObjects, drawn once.
    """

    def __init__(self, canvas: Canvas, faces: Mapping[str, Face], uses: Mapping[str, int],
                 picture_dpi: float | None = 300.0):
        self.c = canvas
        self.faces = faces
        self.uses = uses  # how many times each face is placed in the document
        self.picture_dpi = picture_dpi  # pictures are downsampled to this; None keeps every pixel
        self.forms: dict[str, tuple[str, float, float]] = {}  # face key -> form name, width, height
        # Shared parts, kept with the canvas: the rules booklet draws each figure with a painter
        # of its own, and a form's name is defined once per document.
        self.parts = _PARTS.setdefault(canvas, _Parts())
        self.readers: dict[int, ImageReader] = {}
        self._state = _UNKNOWN
        self._saved: list[_State] = []

    def new_page(self) -> None:
        """Forget the drawing state: each page's content stream starts from PDF's defaults."""
        self._state, self._saved = _UNKNOWN, []

    def draw(self, items: Iterable[Item]) -> None:
        for item in items:
            _DRAW[type(item)](self, item)

    # -- drawing state ------------------------------------------------------
    def _save(self) -> None:
        self.c.saveState()
        self._saved.append(self._state)

    def _restore(self) -> None:
        self.c.restoreState()
        self._state = self._saved.pop()

    def _fill(self, colour: str) -> None:
        fill, stroke, width, font = self._state
        if colour != fill:
            self.c.setFillColor(_colour(colour))
            self._state = (colour, stroke, width, font)

    def _stroke(self, colour: str, width: float) -> None:
        fill, stroke, now, font = self._state
        if colour != stroke:
            self.c.setStrokeColor(_colour(colour))
        if width != now:
            self.c.setLineWidth(width)
        self._state = (fill, colour, width, font)

    def _font(self, key: str, size: float) -> None:
        fill, stroke, width, font = self._state
        if (key, size) != font:
            self.c.setFont(font_name(key), size)
            self._state = (fill, stroke, width, (key, size))

    def _style(self, fill: str | None, stroke: str | None, width: float, dash=()) -> tuple[int, int]:
        if fill:
            self._fill(fill)
        if stroke:
            self._stroke(stroke, width)
            if dash:
                self.c.setDash([mm_to_pt(d) for d in dash])
        return int(bool(stroke)), int(bool(fill))

    # -- primitives -------------------------------------------------------
    def _box(self, b: Box) -> None:
        if b.dash:
            self._save()  # a dash must not leak into later strokes
        stroke, fill = self._style(b.fill, b.stroke, b.width, b.dash)
        r = b.rect
        args = (r.x * PT_PER_MM, r.y * PT_PER_MM, r.w * PT_PER_MM, r.h * PT_PER_MM)
        if b.radius:
            self.c.roundRect(*args, b.radius * PT_PER_MM, stroke=stroke, fill=fill)
        else:
            self.c.rect(*args, stroke=stroke, fill=fill)
        if b.dash:
            self._restore()

    def _disc(self, d: Disc) -> None:
        stroke, fill = self._style(d.fill, d.stroke, d.width)
        self.c.circle(d.cx * PT_PER_MM, d.cy * PT_PER_MM, d.r * PT_PER_MM, stroke=stroke, fill=fill)

    def _line(self, ln: Line) -> None:
        if ln.dash:
            self._save()
        self._style(None, ln.colour, ln.width, ln.dash)
        self.c.line(ln.x1 * PT_PER_MM, ln.y1 * PT_PER_MM, ln.x2 * PT_PER_MM, ln.y2 * PT_PER_MM)
        if ln.dash:
            self._restore()

    def _text(self, t: Text) -> None:
        self._fill(t.colour)
        runs = font_runs(t.text, t.font)
        if len(runs) < 2:
            self._font(runs[0][1] if runs else primary_font(t.font), t.size)
        x, y = t.x * PT_PER_MM, t.y * PT_PER_MM
        if t.angle:
            self._save()
            self.c.translate(x, y)
            self.c.rotate(t.angle)
            x = y = 0.0
        if len(runs) > 1:
            draw_runs(self.c, x, y, runs, t.size, t.align)
        elif t.align == "center":
            self.c.drawCentredString(x, y, t.text)
        elif t.align == "right":
            self.c.drawRightString(x, y, t.text)
        else:
            self.c.drawString(x, y, t.text)
        if t.angle:
            self._restore()

    def _path(self, p: Path) -> None:
        stroke, fill = self._style(p.fill, p.stroke, p.width)
        path = self.c.beginPath()
        for op in p.ops:
            kind = op[0]
            if kind == "M":
                path.moveTo(op[1] * PT_PER_MM, op[2] * PT_PER_MM)
            elif kind == "L":
                path.lineTo(op[1] * PT_PER_MM, op[2] * PT_PER_MM)
            elif kind == "C":
                path.curveTo(*[v * PT_PER_MM for v in op[1:]])
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
        if g.shared and g.clip is None:
            name = self._part(g.items)
            if name is not None:
                self.c.saveState()  # a form leaves the drawing state as it found it
                self.c.transform(*group_matrix_pt(g))
                self.c.doForm(name)
                self.c.restoreState()
                return
        self._save()
        self.c.transform(*group_matrix_pt(g))
        if g.clip is not None:
            self._clip(g.clip)
        self.draw(g.items)
        self._restore()

    def _place(self, p: Place) -> None:
        # A face placed more than once is stored once as a form and referenced; a face used
        # once is cheaper drawn in place. Either way it is fetched (and so drawn) only once.
        face = None
        if p.face in self.forms:
            name, width, height = self.forms[p.face]
        else:
            face = self.faces[p.face]
            name, width, height = None, face.width, face.height
            if self.uses.get(p.face, 0) > 1:
                name = self._form(face)
        self._save()
        if p.clip is not None:
            self._clip(p.clip)
        dx, dy = place_origin(p.rotation, width, height)
        self.c.translate(mm_to_pt(p.x + dx), mm_to_pt(p.y + dy))
        if p.rotation:
            self.c.rotate(p.rotation)
        if name is None:
            assert face is not None  # a face without a form was fetched above
            self.draw(face.items)
        else:
            self.c.doForm(name)
        self._restore()

    def _in_form(self, name: str, box: Rect, items: Iterable[Item]) -> None:
        """Draw ``items`` into a new form XObject clipped to ``box``, starting from no known state."""
        state, saved = self._state, self._saved
        self._state, self._saved = _UNKNOWN, []
        self.c.beginForm(name, mm_to_pt(box.x), mm_to_pt(box.y), mm_to_pt(box.right), mm_to_pt(box.top))
        self.draw(items)
        self.c.endForm()
        self._state, self._saved = state, saved

    def _form(self, face: Face) -> str:
        """The form XObject for a face, drawn the first time it is placed."""
        name = f"Face{len(self.forms)}"
        b = face.bleed
        self._in_form(name, Rect(-b, -b, face.width + 2 * b, face.height + 2 * b), face.items)
        self.forms[face.key] = (name, face.width, face.height)
        return name

    def _part(self, items: tuple[Item, ...]) -> str | None:
        """The form XObject for a shared part, keyed by what it draws, made the second time the part
        is drawn; None the first time (and for a part with nothing to bound): drawn in place then,
        since a form costs more than it saves for a part drawn only once."""
        name = self.parts.names.get(items)
        if name is None:
            self.parts.names[items] = ""
            return None
        if name:
            return name
        box = bounding([bounds(item, m) for item, m in placed(items) if not isinstance(item, Place)])
        if box is None:
            return None
        name = f"Part{self.parts.made}"
        self.parts.made += 1
        self._in_form(name, box.inset(-PART_MARGIN), items)
        self.parts.names[items] = name
        return name


def draw_runs(canvas: Canvas, x: float, y: float, runs: Sequence[tuple[str, str]], size: float,
              align: str = "left") -> None:
    """Text in several fonts (``font_runs`` pieces) as one line at (x, y) points, aligned as a whole.

    It is one text object whose font changes between runs, so readers extract the line as one.
    """
    names = [(run, font_name(key)) for run, key in runs]
    width = sum(pdfmetrics.stringWidth(run, name, size) for run, name in names)
    line = canvas.beginText({"center": x - width / 2, "right": x - width}.get(align, x), y)
    for run, name in names:
        line.setFont(name, size)
        line.textOut(run)
    canvas.drawText(line)


def draw_string(canvas: Canvas, x: float, y: float, text: str, key: str, size: float, align: str = "left") -> None:
    """``text`` at (x, y) points in font ``key``, borrowing from its fallback fonts where it must."""
    runs = font_runs(text, key)
    if len(runs) > 1:
        draw_runs(canvas, x, y, runs, size, align)
        return
    canvas.setFont(font_name(runs[0][1] if runs else primary_font(key)), size)
    draw = {"center": canvas.drawCentredString, "right": canvas.drawRightString}.get(align, canvas.drawString)
    draw(x, y, text)


PART_MARGIN = 5.0  # mm beyond a part's shapes, for stroke widths and glyphs past their metrics


def group_matrix_pt(g: Group) -> tuple[float, float, float, float, float, float]:
    """A group's transform for the canvas: its matrix with the move in points."""
    a, b, c, d, e, f = group_matrix(g)
    return a, b, c, d, e * PT_PER_MM, f * PT_PER_MM


# Each item is drawn by the method for its type; a plain dict cannot say that each key types its value's argument.
_DRAW: dict[type, Callable[..., None]] = {Box: PdfPainter._box, Disc: PdfPainter._disc, Line: PdfPainter._line, Text: PdfPainter._text,
         Path: PdfPainter._path, Picture: PdfPainter._picture, Group: PdfPainter._group, Place: PdfPainter._place}


class _Parts:
    """The shared parts a document has drawn: items -> form name ("" once drawn in place only)."""

    def __init__(self) -> None:
        self.names: dict[tuple, str] = {}
        self.made = 0


_PARTS: WeakKeyDictionary[Canvas, _Parts] = WeakKeyDictionary()
_State = tuple[str | None, str | None, float | None, tuple[str, float] | None]
_UNKNOWN: _State = (None, None, None, None)  # fill, stroke, line width, (font key, size): what a fresh stream has set


def render_pdf(pages: Sequence[Page], faces: Mapping[str, Face], title: str, subject: str,
               progress: Callable[[int], None] | None = None, picture_dpi: float | None = 300.0,
               uses: Mapping[str, int] | None = None, on_page: Callable[[int, Page], None] | None = None,
               compress: bool = True) -> bytes:
    """The whole document as bytes; identical input gives identical bytes.

    Pages are read one at a time, so a Sequence that lays out each page when it
    is read (kit.sheets.SheetPages) is rendered holding one page at once.
    ``uses`` (how many times each face is placed) spares reading every page
    twice; ``on_page(number, page)`` sees each page as it is drawn (the page lint).
    ``compress`` False leaves the pages' operators uncompressed, for a document
    that is rasterised at once and never written (render.raster).
    """
    font_name("body")  # the initial font of every page
    out = _Sink()
    # Binary Flate streams without an ASCII85 layer: a quarter smaller, and
    # reportlab's pure-Python ASCII85 encoder was the slowest step of a build.
    saved_a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        with build_state():  # a picture used on many pages is prepared once, even outside a build
            if uses is None:
                uses = placed_faces(pages)
            return _render(out, pages, faces, title, subject, progress, picture_dpi, uses, on_page, compress)
    finally:
        rl_config.useA85 = saved_a85


def _render(out: _Sink, pages: Sequence[Page], faces: Mapping[str, Face], title: str, subject: str,
            progress: Callable[[int], None] | None, picture_dpi: float | None, uses: Mapping[str, int],
            on_page: Callable[[int, Page], None] | None, compress: bool = True) -> bytes:
    # invariant=1 fixes the creation date and document ID (SOURCE_DATE_EPOCH,
    # when set, supplies the date), so a rebuild from the same data is byte-identical.
    # The initial font is one of ours: reportlab's default (Helvetica) would
    # otherwise be referenced, unembedded, by every page.
    canvas = Canvas(out, invariant=1, pageCompression=int(compress), initialFontName=pdf_font_name("body"),
                    initialFontSize=10)
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("printkit")
    canvas.setCreator(f"printkit {__version__}")
    painter = PdfPainter(canvas, faces, uses, picture_dpi)
    for n, page in enumerate(pages):
        size = (pdf_points(page.width), pdf_points(page.height))
        canvas.setPageSize(size)
        # Set for every page (None clears it), since reportlab carries a box on to later pages.
        canvas.setTrimBox(_pdf_box(page.trim_box, size))
        canvas.setBleedBox(_pdf_box(page.bleed_box, size))
        painter.new_page()
        painter.draw(page.items)
        canvas.showPage()
        _compress_last_page(canvas)
        if on_page:
            on_page(n + 1, page)
        if progress:
            progress(n + 1)
    canvas.save()
    return out.getvalue()


class _Sink:
    """Where reportlab writes the finished PDF: the bytes it hands over are kept as they are.

    A BytesIO would copy them into its buffer and copy them again on
    ``getvalue``: at a thousand pages, megabytes at the build's peak.
    """

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.parts.append(data)
        return len(data)

    def getvalue(self) -> bytes:
        return self.parts[0] if len(self.parts) == 1 else b"".join(self.parts)


def _compress_last_page(canvas: Canvas) -> None:
    """Compress the content stream of the page just finished now, not when the document is saved.

    reportlab keeps every page's operators as text until ``save``; at a
    thousand pages that text was a large share of a build's memory. The
    stream is compressed exactly as reportlab would compress it then (Flate,
    the same dictionary), so the bytes written do not change.
    """
    page = canvas._doc.Pages.pages[-1]
    if not page.compression or page.Contents or not page.stream or page.Override_default_compilation:
        return  # left for reportlab, as it would have been
    stream = _PageStream(PDFDictionary({"Filter": PDFArray([PDFName(PDFZCompress.pdfname)])}),
                         PDFZCompress.encode(page.stream))
    stream.__Comment__ = "page stream"
    page.Contents, page.stream = stream, None


class _PageStream(PDFStream):
    """A page's compressed content, let go once written into the file (reportlab writes each object once)."""

    def format(self, document) -> bytes:
        data = super().format(document)
        self.content = b""
        return data


def _pdf_box(rect: Rect | None, page: tuple[float, float]) -> tuple[float, float, float, float] | None:
    """A page box as PDF wants it: left, bottom, right, top in points, to 0.001 pt, and never past
    the page's MediaBox (``page``, as written): a box on the page's edge is the MediaBox's number."""
    if rect is None:
        return None
    width, height = page
    return (min(max(round(mm_to_pt(rect.x), 3), 0.0), width), min(max(round(mm_to_pt(rect.y), 3), 0.0), height),
            min(round(mm_to_pt(rect.right), 3), width), min(round(mm_to_pt(rect.top), 3), height))


def pdf_points(mm: float) -> float:
    """``mm`` in points as the PDF writes a page's size (reportlab's own rounding), so that
    ``_pdf_box`` can hold the other boxes to it."""
    return float(fp_str(mm_to_pt(mm)))
