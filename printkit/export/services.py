"""Print-on-demand services: the card products each one sells, and which one fits a deck.

The sizes are data, each with the page it was read from. A product is listed
only where a source gives both its trim and its template's pixels; the
services sell more than this, but a size we could not confirm is not
guessed. docs/exports.md shows the table (`printkit export pod`).
"""
from __future__ import annotations

from dataclasses import dataclass


MM_PER_IN = 25.4
TOLERANCE_MM = 0.5  # on each side: how far a deck's card may differ from a product's trim and still match
PDF_BLEED_MM = 3.0  # the printers that take a PDF per card: trim plus this on every side
EIGHTH_IN_MM = MM_PER_IN / 8  # 3.175 mm: the bleed and the cut band most card printers ask for

# The Game Crafter's catalogue as Templative (a tool that uploads to The Game Crafter's API)
# records it: each deck product's trim in inches and its template's pixels at 300 dpi.
TGC_CATALOGUE = ("https://github.com/templative/templative-electron/blob/"
                 "0431e89120a136c97f82518ee4d5e1e17eb4c006/src/shared/componentInfo.js")
# The Game Crafter's help: everything printed at 300 dpi, 1/8 in of bleed and 1/8 in of safe zone.
TGC_DPI_HELP = "http://help.thegamecrafter.com/article/33-dpi-dots-per-inch"
# MakePlayingCards' poker template: 822 × 1122 px at 300 dpi, the card 750 × 1050 px inside
# 36 px of bleed. From shared/print-facts.md, and the image FAQ that public card tools cite.
MPC_PHOTO_FAQ = "https://www.makeplayingcards.com/pops/faq-photo.html"
# DriveThruCards' (OneBookShelf's) card preparation help: card PDFs carry 1/8 in of bleed on every
# side (a poker card's page is 2.75 × 3.75 in, 69.85 × 95.25 mm) and keep text 1/8 in inside the trim.
# It also asks for PDF/X-1a:2003, which reportlab does not write (docs/exports.md says so).
DTC_GUIDE = ("https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/"
             "227867607-Common-Card-Prep-Issues-Solutions")


@dataclass(frozen=True)
class Product:
    """One card product: its trim, and the template (trim plus bleed) its images must fill."""

    name: str  # as the service names it
    trim_in: tuple[float, float]  # width, height in inches: the cut card on the template
    template_px: tuple[int, int]  # width, height of an uploaded image, bleed included
    dpi: int
    source: str  # where the figures were read
    also_mm: tuple[float, float] | None = None  # the size the service also sells it as, when it differs

    @property
    def trim_mm(self) -> tuple[float, float]:
        return (self.trim_in[0] * MM_PER_IN, self.trim_in[1] * MM_PER_IN)

    @property
    def template_mm(self) -> tuple[float, float]:
        return (self.template_px[0] / self.dpi * MM_PER_IN, self.template_px[1] / self.dpi * MM_PER_IN)

    def distance(self, card_mm: tuple[float, float]) -> float | None:
        """How far ``card_mm`` is from this product's trim (or the size it is also sold as), or
        None when either side differs by more than the tolerance."""
        best = None
        for size in (self.trim_mm, self.also_mm):
            if size is None:
                continue
            dw, dh = abs(card_mm[0] - size[0]), abs(card_mm[1] - size[1])
            if dw <= TOLERANCE_MM + 1e-9 and dh <= TOLERANCE_MM + 1e-9:
                best = min(dw + dh, best if best is not None else dw + dh)
        return best

    def label(self) -> str:
        w, h = self.trim_mm
        text = f"{self.name} {_mm(w)} × {_mm(h)} mm"
        if self.also_mm:
            text += f" (sold as {_mm(self.also_mm[0])} × {_mm(self.also_mm[1])} mm)"
        return text


@dataclass(frozen=True)
class Service:
    """A print-on-demand service: the products it sells (none: any card size, one PDF page per card),
    the bleed its PDFs carry, and how far inside the trim its cut may land (its cut band)."""

    id: str
    name: str
    products: tuple[Product, ...]
    cut_band_mm: float | None = None  # None: no band is known, so none is linted
    pdf_bleed_mm: float | None = None  # a PDF service: trim plus this on every side

    def nearest(self, card_mm: tuple[float, float]) -> Product:
        """The product whose trim is nearest ``card_mm`` (the sum of both sides' differences)."""
        def off(product: Product) -> float:
            sizes = [product.trim_mm] + ([product.also_mm] if product.also_mm else [])
            return min(abs(card_mm[0] - w) + abs(card_mm[1] - h) for w, h in sizes)
        return min(self.products, key=off)  # min keeps the first of equals: the catalogue's order


def _mm_in(mm: float) -> float:
    return mm / MM_PER_IN


def _tgc(name: str, trim_in: tuple[float, float], px: tuple[int, int]) -> Product:
    return Product(name, trim_in, px, 300, TGC_CATALOGUE)


TGC = Service("tgc", "The Game Crafter", (
    _tgc("Poker Deck", (2.5, 3.5), (825, 1125)),
    _tgc("Bridge Deck", (2.25, 3.5), (750, 1125)),
    _tgc("Mini Deck", (1.75, 2.5), (600, 825)),
    _tgc("Micro Deck", (1.25, 1.75), (450, 600)),
    _tgc("Tarot Deck", (2.75, 4.75), (900, 1500)),
    _tgc("Jumbo Deck", (3.5, 5.5), (1125, 1725)),
    _tgc("Square Deck", (3.5, 3.5), (1125, 1125)),
    _tgc("Small Square Deck", (2.5, 2.5), (825, 825)),
    _tgc("Euro Square Deck", (_mm_in(70), _mm_in(70)), (900, 900)),
    _tgc("Euro Poker Deck", (_mm_in(63), _mm_in(88)), (825, 1125)),
    _tgc("US Game Deck", (_mm_in(56), _mm_in(87)), (750, 1125)),
    _tgc("Business Deck", (2.0, 3.5), (675, 1125)),
    _tgc("Domino Deck", (1.75, 3.5), (600, 1125)),
), cut_band_mm=EIGHTH_IN_MM)  # TGC's help: 1/8 in of safe zone inside the trim

# MakePlayingCards sells its poker card as "63 × 88 mm, 2.5 × 3.5 in"; its template puts a
# 2.5 × 3.5 in card (750 × 1050 px) inside 36 px of bleed, so our 63.5 × 88.9 mm card is the
# template's trim exactly, and a 63 × 88 mm card is centred on it.
MPC = Service("mpc", "MakePlayingCards", (
    Product("Poker size", (2.5, 3.5), (822, 1122), 300, MPC_PHOTO_FAQ, also_mm=(63.0, 88.0)),
), cut_band_mm=EIGHTH_IN_MM)  # MPC publishes no safe zone we found: the 1/8 in convention (print-facts.md)

# PDF services: any card size, one PDF per deck with a page per card.
DTC = Service("dtc", "DriveThruCards", (), cut_band_mm=EIGHTH_IN_MM, pdf_bleed_mm=EIGHTH_IN_MM)
PDF = Service("pdf", "a printer that takes a PDF per card", (), pdf_bleed_mm=PDF_BLEED_MM)

SERVICES: dict[str, Service] = {s.id: s for s in (TGC, MPC, DTC, PDF)}
SERVICE_IDS = tuple(SERVICES)


def product_for(service: Service, card_mm: tuple[float, float]) -> Product | None:
    """The product of ``service`` that prints cards of ``card_mm``; None when none does."""
    fits = [(d, n, p) for n, p in enumerate(service.products) if (d := p.distance(card_mm)) is not None]
    return min(fits)[2] if fits else None


def size_text(card_mm: tuple[float, float]) -> str:
    return f"{_mm(card_mm[0])} × {_mm(card_mm[1])} mm"


def bleed_mm(product: Product, card_mm: tuple[float, float]) -> tuple[float, float]:
    """Bleed on each side (left/right, top/bottom) when ``card_mm`` is centred on the template."""
    tw, th = product.template_mm
    return ((tw - card_mm[0]) / 2, (th - card_mm[1]) / 2)


def _mm(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")
