"""Print-on-demand services: the card products each one sells, and which one fits a deck.

The sizes are data, each with the page it was read from. A product is listed
only where a source gives both its trim and its template's pixels; the
services sell more than this, but a size we could not confirm is not
guessed. docs/exports.md shows the table (`printkit export pod`).
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import ExportRefused

MM_PER_IN = 25.4
TOLERANCE_MM = 0.5  # on each side: how far a deck's card may differ from a product's trim and still match
PDF_BLEED_MM = 3.0  # the printers that take a PDF per card: trim plus this on every side

# The Game Crafter's catalogue as Templative (a tool that uploads to The Game Crafter's API)
# records it: each deck product's trim in inches and its template's pixels at 300 dpi.
TGC_CATALOGUE = ("https://github.com/templative/templative-electron/blob/"
                 "0431e89120a136c97f82518ee4d5e1e17eb4c006/src/shared/componentInfo.js")
# The Game Crafter's help: everything printed at 300 dpi, 1/8 in of bleed and 1/8 in of safe zone.
TGC_DPI_HELP = "http://help.thegamecrafter.com/article/33-dpi-dots-per-inch"
# MakePlayingCards' poker template: 822 × 1122 px at 300 dpi, the card 750 × 1050 px inside
# 36 px of bleed. From shared/print-facts.md, and the image FAQ that public card tools cite.
MPC_PHOTO_FAQ = "https://www.makeplayingcards.com/pops/faq-photo.html"


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
    id: str
    name: str
    products: tuple[Product, ...]


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
))

# MakePlayingCards sells its poker card as "63 × 88 mm, 2.5 × 3.5 in"; its template puts a
# 2.5 × 3.5 in card (750 × 1050 px) inside 36 px of bleed, so our 63.5 × 88.9 mm card is the
# template's trim exactly, and a 63 × 88 mm card is centred on it.
MPC = Service("mpc", "MakePlayingCards", (
    Product("Poker size", (2.5, 3.5), (822, 1122), 300, MPC_PHOTO_FAQ, also_mm=(63.0, 88.0)),
))

SERVICES: dict[str, Service] = {s.id: s for s in (TGC, MPC)}
SERVICE_IDS = ("tgc", "mpc", "pdf")  # pdf: any card size, one PDF page per card


def product_for(service: Service, deck_title: str, card_mm: tuple[float, float]) -> Product:
    """The product of ``service`` that prints cards of ``card_mm``; ExportRefused when none does."""
    fits = [(d, n, p) for n, p in enumerate(service.products) if (d := p.distance(card_mm)) is not None]
    if fits:
        return min(fits)[2]
    offered = "; ".join(p.label() for p in service.products)
    raise ExportRefused(f"{deck_title}: {service.name} prints no {_mm(card_mm[0])} × {_mm(card_mm[1])} mm "
                        f"card (within {TOLERANCE_MM:g} mm); it offers {offered}")


def bleed_mm(product: Product, card_mm: tuple[float, float]) -> tuple[float, float]:
    """Bleed on each side (left/right, top/bottom) when ``card_mm`` is centred on the template."""
    tw, th = product.template_mm
    return ((tw - card_mm[0]) / 2, (th - card_mm[1]) / 2)


def _mm(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")
