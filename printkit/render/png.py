"""Each card as a PNG (trim plus bleed), drawn by the same code as the PDF.

The faces are first drawn into a PDF, one card to a page, exactly as on the
sheets; pdfium then rasterises each page. There is no second drawing path
that could drift from the printed cards.
"""
from __future__ import annotations

import io
import re
from collections.abc import Mapping

import pypdfium2 as pdfium

from ..layout.draw import Face, Page, Place
from ..layout.geometry import Rect
from .pdf import render_pdf


MAX_SLUG = 80  # characters of a file name made from a card's name


def slug(name: str) -> str:
    """A file name for a card: letters, digits and dashes."""
    text = re.sub(r"[^\w]+", "-", name.lower().replace("’", "").replace("'", ""), flags=re.UNICODE)
    return text.strip("-")[:MAX_SLUG].strip("-") or "card"


_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def folder_slug(name: str) -> str:
    """A folder name for a deck: its id as it is when that is a plain name, else its slug."""
    if _PLAIN.fullmatch(name) and len(name) <= MAX_SLUG:
        return name
    return slug(name) if slug(name + "x") != "x" else "deck"


def png_names(pack, front_key, back_key) -> dict[str, str]:
    """Face key -> 'deck/card.png' for every card front and deck back, no two names alike.

    Each deck's back is 'back.png'; a card whose name slugs like another's
    (or like 'back') gets '-2', '-3'... in the order the cards are listed.
    Decks get distinct folders the same way.
    """
    names: dict[str, str] = {}
    folders: set[str] = set()
    for deck in pack.decks.values():
        if deck.spec.face is None:
            continue
        folder = _unique(folder_slug(deck.id), folders)
        used = {"back"}
        for card in deck.cards:
            key = front_key(card)
            if key not in names:
                names[key] = f"{folder}/{_unique(slug(card.name), used)}.png"
        names[back_key(deck.spec)] = f"{folder}/back.png"
    return names


def _unique(name: str, used: set[str]) -> str:
    """``name``, or ``name-2``, ``name-3``... whichever is not yet in ``used`` (compared as lower case)."""
    candidate, n = name, 2
    while candidate.lower() in used:
        candidate, n = f"{name}-{n}", n + 1
    used.add(candidate.lower())
    return candidate


def card_pngs(faces: Mapping[str, Face], names: Mapping[str, str], bleed: float, dpi: float,
              picture_dpi: float | None) -> dict[str, bytes]:
    """PNG bytes for each face key in ``names`` (key -> file name), ``dpi`` pixels per inch."""
    keys = list(names)
    pages = []
    for key in keys:
        face = faces[key]
        w, h = face.width + 2 * bleed, face.height + 2 * bleed
        pages.append(Page(w, h, (Place(key, bleed, bleed, 0, Rect(0, 0, w, h)),), names[key]))
    pdf = pdfium.PdfDocument(render_pdf(pages, faces, "cards", "card images", picture_dpi=picture_dpi))
    out: dict[str, bytes] = {}
    for n, key in enumerate(keys):
        page = pdf[n]
        w_px = round(pages[n].width / 25.4 * dpi)
        h_px = round(pages[n].height / 25.4 * dpi)
        image = page.render(scale=dpi / 72).to_pil()
        if image.size != (w_px, h_px):  # pdfium rounds page sizes up; the card's pixels are exact
            image = image.crop((0, 0, w_px, h_px)) if image.width >= w_px and image.height >= h_px \
                else image.resize((w_px, h_px))
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, "PNG", dpi=(dpi, dpi), optimize=True)
        out[names[key]] = buffer.getvalue()
        page.close()
    pdf.close()
    return out
