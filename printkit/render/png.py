"""Each card as a PNG (trim plus bleed), named from the card, drawn by the same code as the PDF."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ..core.parallel import ordered_map, worker_count
from ..geometry.draw import Face
from .raster import iter_face_images, png_files


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


def png_names(decks) -> dict[str, str]:
    """Face key -> 'deck/card.png' for every card front and deck back of ``decks`` (``PrintDeck``s),
    no two names alike.

    Each deck's back is 'back.png'; a card whose name slugs like another's
    (or like 'back') gets '-2', '-3'... in the order the cards are listed.
    Decks get distinct folders the same way.
    """
    names: dict[str, str] = {}
    folders: set[str] = set()
    for deck in decks:
        folder = unique_name(folder_slug(deck.id), folders)
        used = {"back"}
        for key, (name, _) in zip(deck.keys, deck.contents):
            if key not in names:
                names[key] = f"{folder}/{unique_name(slug(name), used)}.png"
        names[deck.back] = f"{folder}/back.png"
    return names


MANIFEST_COLUMNS = ("deck", "deck_title", "card", "copies", "front", "back")


def copies_rows(deck, names: Mapping[str, str]) -> list[tuple]:
    """A row of MANIFEST_COLUMNS for each distinct card of ``deck`` (a ``PrintDeck``)."""
    return [(deck.id, deck.title, name, copies, names[key], names[deck.back]) for key, name, copies in deck.distinct()]


def csv_bytes(columns: tuple[str, ...], rows: list[tuple]) -> bytes:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


def copies_manifest(decks, names: Mapping[str, str]) -> bytes:
    """A CSV of every card image: its deck, name and copies, and the file of its back."""
    return csv_bytes(MANIFEST_COLUMNS, [row for deck in decks for row in copies_rows(deck, names)])


def unique_name(name: str, used: set[str]) -> str:
    """``name``, or ``name-2``, ``name-3``... whichever is not yet in ``used`` (compared as lower case)."""
    candidate, n = name, 2
    while candidate.lower() in used:
        candidate, n = f"{name}-{n}", n + 1
    used.add(candidate.lower())
    return candidate


def card_pngs(faces: Mapping[str, Face], names: Mapping[str, str], bleed: float, dpi: float,
              picture_dpi: float | None, pack=None) -> dict[str, bytes]:
    """PNG bytes for each face key in ``names`` (key -> file name), ``dpi`` pixels per inch.

    The faces are drawn ``PNG_RUN`` at a time (a run is one small PDF, rasterised page by page). With
    ``pack`` (whose card fronts ``faces`` holds, beside its ``others``: a kit.sheets.FaceMap) and
    ``PARALLEL_PNGS`` cards or more, worker processes draw the runs (``--workers``); the runs are the
    same either way, so the images are the same bytes whatever the number of workers."""
    keys = list(names)
    runs = [keys[n:n + PNG_RUN] for n in range(0, len(keys), PNG_RUN)]
    workers = worker_count(len(runs)) if pack is not None and len(keys) >= PARALLEL_PNGS else 1
    found: Iterable[list[tuple[str, bytes]]]
    if workers == 1:
        found = (_pngs(faces, names, run, bleed, dpi, picture_dpi) for run in runs)
    else:
        others = dict(getattr(faces, "others", {}))
        found = ordered_map(__name__, "_worker_pngs", runs, workers, "_start_pngs",
                            (pack, others, names, bleed, dpi, picture_dpi))
    return {name: data for run in found for name, data in run}


PNG_RUN = 32  # card images drawn as one document, in one worker
PARALLEL_PNGS = 64  # card images from which drawing them in workers pays for starting the processes


def _pngs(faces: Mapping[str, Face], names: Mapping[str, str], keys: list[str], bleed: float, dpi: float,
          picture_dpi: float | None) -> list[tuple[str, bytes]]:
    images = iter_face_images(faces, keys, bleed, dpi=dpi, picture_dpi=picture_dpi)
    return [(names[key], data) for key, data in png_files(images, dpi)]


_WORKER: dict = {}


def _start_pngs(pack, others: dict[str, Face], names: Mapping[str, str], bleed: float, dpi: float,
                picture_dpi: float | None) -> None:
    from ..faces import LazyFronts
    from ..kit.sheets import FaceMap

    faces = FaceMap(LazyFronts(pack))  # the fronts drawn again here; the backs and aids as the parent drew them
    faces.others.update(others)
    _WORKER.update(faces=faces, names=names, bleed=bleed, dpi=dpi, picture_dpi=picture_dpi)


def _worker_pngs(keys: list[str]) -> list[tuple[str, bytes]]:
    w = _WORKER
    return _pngs(w["faces"], w["names"], keys, w["bleed"], w["dpi"], w["picture_dpi"])
