"""The files a print-on-demand service takes: an image (or PDF page) per distinct card, and a manifest.

Every deck of cards.pdf, player aids included, is exported. The Game Crafter
and MakePlayingCards take one image per card face at their template's pixels
(trim plus bleed); the `pdf` service writes one PDF per deck, a page per
distinct card and the back last, at trim plus 3 mm of bleed with TrimBox and
BleedBox set and no marks. manifest.csv says how many copies of each card to
order, and which file (and page) holds it.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..render.refusal import render_errors
from ..kit.sheets import check_face_sizes, print_decks
from ..geometry.draw import face_size
from ..render.png import MANIFEST_COLUMNS, copies_rows, csv_bytes, png_names
from ..geometry.sheet import LayoutError
from .services import PDF_BLEED_MM, SERVICES, Service, bleed_mm, product_for

MANIFEST = "manifest.csv"
IMAGE_COLUMNS = MANIFEST_COLUMNS + ("product", "deck_cards")
PDF_COLUMNS = ("deck", "deck_title", "card", "copies", "file", "page", "back_page", "deck_cards")


def make_files(service_id: str, report, folder: Path,
               progress: Callable[[str, int, int], None] | None = None) -> dict[Path, bytes]:
    """Every file of the export of ``report``'s pack for ``service_id``, keyed by its path in ``folder``;
    ``progress(what, done, total)`` hears of each card image encoded."""

    pack = report.pack
    decks, faces = print_decks(pack, report.fronts, "full")  # a screen or a print shop: the full design
    for deck in decks:
        check_face_sizes(deck, faces)
    names = png_names(decks)  # the file names 'printkit build --png' gives the same cards
    picture_dpi = pack.manifest.art.target_dpi
    with render_errors(report):
        if service_id == "pdf":
            files, rows = _pdf_files(pack, decks, faces, names, picture_dpi)
            columns = PDF_COLUMNS
        else:
            files, rows = _image_files(SERVICES[service_id], decks, faces, names, picture_dpi, progress)
            columns = IMAGE_COLUMNS
    out = {folder.joinpath(*name.split("/")): data for name, data in files.items()}
    out[folder / MANIFEST] = csv_bytes(columns, rows)
    return out


def summary(files: dict[Path, bytes]) -> str:
    """What an export wrote, for the line run_export prints."""
    pngs = sum(1 for p in files if p.suffix == ".png")
    pdfs = sum(1 for p in files if p.suffix == ".pdf")
    made = f"{pngs} card images" if pngs else f"{pdfs} PDF{'s' if pdfs != 1 else ''}"
    return f"{made} and {MANIFEST}"


def _image_files(service: Service, decks, faces, names, picture_dpi, progress=None):
    """One PNG per distinct front and per back at the service's template size; the manifest rows."""
    from ..render.raster import iter_face_images, png_files

    products = [product_for(service, deck.title, deck.card_size) for deck in decks]  # refuse before rendering
    files: dict[str, bytes] = {}
    rows = []
    total = sum(len(deck.distinct()) + 1 for deck in decks)
    for deck, product in zip(decks, products):
        keys = [key for key, _, _ in deck.distinct()] + [deck.back]
        bleed_x, bleed_y = bleed_mm(product, deck.card_size)
        most, drawn_bleed = max(bleed_x, bleed_y), min(size[2] for key in keys if (size := face_size(faces, key)))
        if min(bleed_x, bleed_y) < 0 or most > drawn_bleed:
            raise LayoutError(f"{deck.title}: the {product.name} template leaves {bleed_x:.2f} × {bleed_y:.2f} mm "
                              f"of bleed, but the cards are drawn with {drawn_bleed:g} mm")
        # Render the most bleed either side needs at the template's resolution, then cut the
        # template out around the trim's centre: the trim lands on the template's trim, unscaled.
        px_per_mm = product.dpi / 25.4
        width, height = deck.card_size
        drawn = (round((width + 2 * most) * px_per_mm), round((height + 2 * most) * px_per_mm))
        left = _crop_start(drawn[0], product.template_px[0], (most - bleed_x) * px_per_mm)
        top = _crop_start(drawn[1], product.template_px[1], (most - bleed_y) * px_per_mm)
        box = (left, top, left + product.template_px[0], top + product.template_px[1])
        images = ((key, image if image.size == product.template_px else image.crop(box))
                  for key, image in iter_face_images(faces, keys, most, size=drawn, picture_dpi=picture_dpi))
        for key, data in png_files(images, product.dpi):
            files[names[key]] = data
            if progress is not None:
                progress("cards", len(files), total)
        label = f"{service.name} {product.name} ({product.template_px[0]} × {product.template_px[1]} px)"
        rows += [row + (label, len(deck.fronts)) for row in copies_rows(deck, names)]
    return files, rows


def _crop_start(drawn: int, wanted: int, offset: float) -> int:
    return max(0, min(round(offset), drawn - wanted))


def _pdf_files(pack, decks, faces, names, picture_dpi):
    """One PDF per deck: a page per distinct front, then the back; the manifest rows."""
    from ..render.pdf import render_pdf
    from ..render.raster import face_pages

    files: dict[str, bytes] = {}
    rows = []
    for deck in decks:
        keys = [key for key, _, _ in deck.distinct()] + [deck.back]
        pages = face_pages(faces, keys, PDF_BLEED_MM)
        file = names[deck.back].split("/")[0] + ".pdf"
        files[file] = render_pdf(pages, faces, f"{pack.manifest.title} — {deck.title}",
                                 "print-on-demand cards: one page per card, trim plus 3 mm bleed",
                                 picture_dpi=picture_dpi)
        rows += [(deck.id, deck.title, name, copies, file, n, len(keys), len(deck.fronts))
                 for n, (_, name, copies) in enumerate(deck.distinct(), start=1)]
    return files, rows
