"""The files a print-on-demand service takes: an image (or PDF page) per distinct card, and a manifest.

Every deck of cards.pdf, player aids included, is a product to order, except
that decks the manifest shuffles together (``[shuffled_together]``) are one
product. The Game Crafter and MakePlayingCards take one image per card face
at their template's pixels (trim plus bleed); the PDF services (``dtc``,
``pdf``) take one PDF per product, a page per distinct card and the back
last, at trim plus the service's bleed with TrimBox and BleedBox set and no
marks. A product whose card size the service does not sell is left out and
reported (X960) with the service's nearest product; the others are written.
Files are numbered in upload order: the fronts deck by deck, then the back.
manifest.csv says how many copies of each card to order, and which file
(and page) holds it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..core.findings import Finding, Location
from ..render.refusal import render_errors
from ..kit.sheets import PrintDeck, check_face_sizes, print_decks
from ..geometry.draw import face_size
from ..render.png import csv_bytes, folder_slug, png_names, unique_name
from ..geometry.sheet import LayoutError
from ..checks.cut_band import cut_band_findings
from .errors import ExportRefused
from .services import SERVICES, Product, Service, bleed_mm, product_for, size_text

MANIFEST = "manifest.csv"
IMAGE_COLUMNS = ("deck", "deck_title", "card", "copies", "front", "back", "product", "product_title", "deck_cards")
PDF_COLUMNS = ("deck", "deck_title", "card", "copies", "file", "page", "back_page", "product_title", "deck_cards")


@dataclass(frozen=True)
class Order:
    """One product to order: a deck, or the decks shuffled together into one, sharing a back."""

    id: str  # its folder (images) or file (PDF) name
    title: str
    decks: tuple[PrintDeck, ...]
    location: Location  # what a finding about it points at

    @property
    def back(self) -> str:
        return self.decks[0].back

    @property
    def card_size(self) -> tuple[float, float]:
        return self.decks[0].card_size

    @property
    def cards(self) -> int:
        return sum(len(deck.fronts) for deck in self.decks)


class PodFiles(dict):
    """The export's files by path, and its findings: decks left out (X960), ink in the cut band (X961)."""

    def __init__(self) -> None:
        super().__init__()
        self.findings: list[Finding] = []


def orders(pack, decks: list[PrintDeck]) -> list[Order]:
    """The products, in print order: a group of decks shuffled together stands where its first deck does."""
    manifest = pack.manifest
    by_id = {deck.id: deck for deck in decks}
    grouped = {deck_id: group for group in manifest.shuffled_together for deck_id in group.decks}
    found: list[Order] = []
    used: set[str] = set()
    for deck in decks:
        group = grouped.get(deck.id)
        if group is None:
            spec = manifest.deck(deck.id)
            where = spec.location if spec else (manifest.player_aid.location if manifest.player_aid else
                                                 Location(manifest.path))
            found.append(Order(unique_name(folder_slug(deck.id), used), deck.title, (deck,), where))
        elif deck.id == next(d for d in group.decks if d in by_id):
            members = tuple(by_id[d] for d in group.decks if d in by_id)
            found.append(Order(unique_name(folder_slug(group.id), used), group.title, members, group.location))
    return found


def make_files(service_id: str, report, folder: Path,
               progress: Callable[[str, int, int], None] | None = None) -> PodFiles:
    """Every file of the export of ``report``'s pack for ``service_id``, keyed by its path in ``folder``;
    its findings on ``.findings``; ``progress(what, done, total)`` hears of each card image encoded.
    ExportRefused when no deck fits the service."""
    pack = report.pack
    service = SERVICES[service_id]
    decks, faces = print_decks(pack, report.fronts, "full")  # a screen or a print shop: the full design
    for deck in decks:
        check_face_sizes(deck, faces)
    out = PodFiles()
    fitting: list[tuple[Order, Product | None]] = []
    for order in orders(pack, decks):
        product = product_for(service, order.card_size) if service.products else None
        if service.products and product is None:
            out.findings.append(_left_out(service, order))
        else:
            fitting.append((order, product))
    if not fitting and not out.findings:
        raise ExportRefused("the pack has no deck with a face layout, so no card to export")
    if not fitting:
        located = "\n  ".join(f.line(pack.root) for f in out.findings)
        raise ExportRefused(f"nothing exported, as no deck fits:\n  {located}")
    if service.cut_band_mm:
        out.findings += cut_band_findings(pack, report.fronts, [d.id for o, _ in fitting for d in o.decks],
                                          service.cut_band_mm, service.name)
    names = png_names(decks)
    picture_dpi = pack.manifest.art.target_dpi
    with render_errors(report):
        if service.pdf_bleed_mm is not None:
            files, rows = _pdf_files(pack, service, [o for o, _ in fitting], faces, names, picture_dpi)
            columns = PDF_COLUMNS
        else:
            files, rows = _image_files(service, fitting, faces, names, picture_dpi, progress)
            columns = IMAGE_COLUMNS
    out.update({folder.joinpath(*name.split("/")): data for name, data in files.items()})
    out[folder / MANIFEST] = csv_bytes(columns, rows)
    return out


def _left_out(service: Service, order: Order) -> Finding:
    nearest = service.nearest(order.card_size)
    return Finding("X960", f"{order.title}: {service.name} prints no {size_text(order.card_size)} card; "
                           f"the nearest it sells is its {nearest.label()}", order.location,
                   f"not exported; resize the cards to {nearest.name}'s trim, or choose a service that prints them")


def summary(files: dict[Path, bytes]) -> str:
    """What an export wrote, for the line run_export prints."""
    pngs = sum(1 for p in files if p.suffix == ".png")
    pdfs = sum(1 for p in files if p.suffix == ".pdf")
    made = f"{pngs} card images" if pngs else f"{pdfs} PDF{'s' if pdfs != 1 else ''}"
    left = sum(1 for f in getattr(files, "findings", ()) if f.code == "X960")
    return f"{made} and {MANIFEST}" + (f" ({left} left out, below)" if left else "")


def upload_names(order: Order, names: dict[str, str], suffix: str = ".png") -> dict[str, str]:
    """Face key -> file name inside the order's folder, in upload order: ``001-<card>-x<copies>``
    for each distinct front, deck by deck, then ``NNN-back`` (numbered last, so it sorts last)."""
    fronts = [(key, copies) for deck in order.decks for key, _, copies in deck.distinct()]
    width = max(3, len(str(len(fronts) + 1)))
    out = {key: f"{n:0{width}d}-{Path(names[key]).stem}-x{copies}{suffix}"
           for n, (key, copies) in enumerate(fronts, start=1)}
    out[order.back] = f"{len(fronts) + 1:0{width}d}-back{suffix}"
    return out


def _image_files(service: Service, fitting: list[tuple[Order, Product | None]], faces, names, picture_dpi,
                 progress: Callable[[str, int, int], None] | None = None):
    """One PNG per distinct front and per back at the service's template size; the manifest rows."""
    from ..render.raster import iter_face_images, png_files

    files: dict[str, bytes] = {}
    rows = []
    total = sum(len(upload_names(order, names)) for order, _ in fitting)
    for order, product in fitting:
        assert product is not None  # an image service's orders all have a product
        local = upload_names(order, names)
        keys = list(local)
        bleed_x, bleed_y = bleed_mm(product, order.card_size)
        most, drawn_bleed = max(bleed_x, bleed_y), min(size[2] for key in keys if (size := face_size(faces, key)))
        if min(bleed_x, bleed_y) < 0 or most > drawn_bleed:
            raise LayoutError(f"{order.title}: the {product.name} template leaves {bleed_x:.2f} × {bleed_y:.2f} mm "
                              f"of bleed, but the cards are drawn with {drawn_bleed:g} mm")
        # Render the most bleed either side needs at the template's resolution, then cut the
        # template out around the trim's centre: the trim lands on the template's trim, unscaled.
        px_per_mm = product.dpi / 25.4
        width, height = order.card_size
        drawn = (round((width + 2 * most) * px_per_mm), round((height + 2 * most) * px_per_mm))
        left = _crop_start(drawn[0], product.template_px[0], (most - bleed_x) * px_per_mm)
        top = _crop_start(drawn[1], product.template_px[1], (most - bleed_y) * px_per_mm)
        box = (left, top, left + product.template_px[0], top + product.template_px[1])
        images = ((key, image if image.size == product.template_px else image.crop(box))
                  for key, image in iter_face_images(faces, keys, most, size=drawn, picture_dpi=picture_dpi))
        for key, data in png_files(images, product.dpi):
            files[f"{order.id}/{local[key]}"] = data
            if progress is not None:
                progress("cards", len(files), total)
        label = f"{service.name} {product.name} ({product.template_px[0]} × {product.template_px[1]} px)"
        back = f"{order.id}/{local[order.back]}"
        rows += [(deck.id, deck.title, name, copies, f"{order.id}/{local[key]}", back, label, order.title,
                  order.cards) for deck in order.decks for key, name, copies in deck.distinct()]
    return files, rows


def _crop_start(drawn: int, wanted: int, offset: float) -> int:
    return max(0, min(round(offset), drawn - wanted))


def _pdf_files(pack, service: Service, fitting: list[Order], faces, names, picture_dpi):
    """One PDF per order: a page per distinct front, deck by deck, then the back; the manifest rows."""
    from ..render.pdf import render_pdf
    from ..render.raster import face_pages

    bleed = service.pdf_bleed_mm
    assert bleed is not None  # only PDF services come here
    files: dict[str, bytes] = {}
    rows = []
    for order in fitting:
        keys = list(upload_names(order, names))
        file = f"{order.id}.pdf"
        files[file] = render_pdf(face_pages(faces, keys, bleed), faces, f"{pack.manifest.title} — {order.title}",
                                 f"print-on-demand cards: one page per card, trim plus {bleed:g} mm bleed",
                                 picture_dpi=picture_dpi)
        entries = [(deck, name, copies) for deck in order.decks for _, name, copies in deck.distinct()]
        rows += [(deck.id, deck.title, name, copies, file, n, len(keys), order.title, order.cards)
                 for n, (deck, name, copies) in enumerate(entries, start=1)]
    return files, rows
