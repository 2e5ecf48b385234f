"""Card faces as pixels, drawn by the same code as the PDF.

The faces are first drawn into a PDF, one face to a page, exactly as on the
sheets; pdfium then rasterises each page. There is no second drawing path
that could drift from the printed cards. Every export that needs images of
cards (the PNG cards, Tabletop Simulator, print-on-demand) goes through here.
"""
from __future__ import annotations

import io
import os
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor

import pypdfium2 as pdfium
from PIL import Image

from ..geometry.draw import Face, Page, Place, face_size
from ..geometry.pixels import MAX_IMAGE_PIXELS, TooManyPixels, check_image_pixels
from ..core.mm import Rect
from .pdf import render_pdf


def face_pages(faces: Mapping[str, Face], keys: Iterable[str], bleed: float) -> list[Page]:
    """One page per face: its trim plus ``bleed`` mm on every side (at most the face's own bleed), no
    marks, with TrimBox on the trim and BleedBox on the page."""
    pages = []
    for key in keys:
        extent = face_size(faces, key)
        if extent is None:
            raise ValueError(f"{key}: there is no such face")
        width, height, face_bleed = extent
        if bleed > face_bleed + 1e-9:
            raise ValueError(f"{key}: {bleed:g} mm of bleed asked for, but the face has {face_bleed:g} mm")
        w, h = width + 2 * bleed, height + 2 * bleed
        page = Rect(0, 0, w, h)
        pages.append(Page(w, h, (Place(key, bleed, bleed, 0, page),), key,
                          trim_box=Rect(bleed, bleed, width, height), bleed_box=page))
    return pages


def face_images(faces: Mapping[str, Face], keys: Iterable[str], bleed: float,
                size: tuple[int, int] | None = None, dpi: float | None = None,
                picture_dpi: float | None = 300.0) -> dict[str, Image.Image]:
    """An RGB image of each face (trim plus ``bleed`` mm), ``size`` pixels exactly or ``dpi`` per inch.

    With ``size`` the face is scaled to fill it exactly (a print service's
    template is given in pixels); with ``dpi`` the size follows from the face.
    """
    return dict(iter_face_images(faces, keys, bleed, size, dpi, picture_dpi))


def iter_face_images(faces: Mapping[str, Face], keys: Iterable[str], bleed: float,
                     size: tuple[int, int] | None = None, dpi: float | None = None,
                     picture_dpi: float | None = 300.0) -> Iterator[tuple[str, Image.Image]]:
    """(key, image) for each face as ``face_images`` draws it, one at a time, so that a caller that
    encodes each image before taking the next holds one in memory, not the whole deck."""
    if (size is None) == (dpi is None):
        raise ValueError("give exactly one of size and dpi")
    keys = list(dict.fromkeys(keys))
    pages = face_pages(faces, keys, bleed)
    # Refused before anything is drawn: one image past the limit would take gigabytes.
    for page in pages:
        if dpi is not None:
            check_image_pixels(page.width, page.height, dpi, f"the card image of '{page.label}'")
    if size is not None and size[0] * size[1] > MAX_IMAGE_PIXELS:
        raise TooManyPixels(f"{size[0]} × {size[1]} pixels is more than the {MAX_IMAGE_PIXELS // 1_000_000} "
                            "million a card image may have")
    # Uncompressed: compressing the operators only for pdfium to inflate them again cost a tenth of the time.
    document = pdfium.PdfDocument(render_pdf(pages, faces, "cards", "card images", picture_dpi=picture_dpi,
                                             compress=False))
    try:
        for n, key in enumerate(keys):
            page = document[n]
            if size is not None:
                w_px, h_px = size
            else:
                assert dpi is not None  # exactly one of size and dpi is given, as checked above
                w_px = round(pages[n].width / 25.4 * dpi)
                h_px = round(pages[n].height / 25.4 * dpi)
            # pdfium scales both axes alike; render a touch larger and cut or resize to the exact pixels.
            scale = max(w_px / page.get_width(), h_px / page.get_height())
            image = page.render(scale=scale).to_pil()  # its own copy of the pixels, in RGB already
            if image.mode != "RGB":
                image = image.convert("RGB")
            if image.size != (w_px, h_px):
                fits = image.width >= w_px and image.height >= h_px
                close = abs(image.width - w_px) <= 1 and abs(image.height - h_px) <= 1
                image = image.crop((0, 0, w_px, h_px)) if fits and close else image.resize((w_px, h_px))
            page.close()
            yield key, image
    finally:
        document.close()


def png_bytes(image: Image.Image, dpi: float | None = None, compress_level: int = 6) -> bytes:
    """``image`` as PNG bytes, at Pillow's default compression unless told (``optimize`` costs ten times
    the time)."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=compress_level, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buffer.getvalue()


def png_files(images: Iterable[tuple[str, Image.Image]], dpi: float | None = None,
              workers: int | None = None) -> Iterator[tuple[str, bytes]]:
    """(key, PNG bytes) for each (key, image), in order, encoded on a pool of threads.

    zlib lets go of the interpreter lock while it compresses, so threads use
    every core; at most two images per thread wait at once, so memory stays
    flat however many cards there are.
    """
    workers = workers or os.cpu_count() or 1
    with ThreadPoolExecutor(workers) as pool:
        waiting: deque = deque()
        for key, image in images:
            waiting.append((key, pool.submit(png_bytes, image, dpi)))
            if len(waiting) >= 2 * workers:
                done_key, future = waiting.popleft()
                yield done_key, future.result()
        while waiting:
            done_key, future = waiting.popleft()
            yield done_key, future.result()

