"""Pictures: can they be found and read, and will they print sharp enough?"""
from __future__ import annotations

from collections.abc import Collection, Iterator

from ..faces import FaceResult
from ..faces.art import ArtProblem, picture
from ..faces import back_face
from ..core.mm import Rect
from ..core.findings import Finding, Location
from ..images.place import effective_dpi
from ..geometry.board import BoardLayout
from ..geometry.draw import Picture, flatten
from ..model.pack import ArtSettings, Card, DeckSpec, ImageRef, Pack
from ..rules.document import cover_box

RULES_MARGIN = 16.0  # mm, as the rules are typeset
ICON_MM = 3.0


def judge(placed: Picture | ArtProblem, where: Location, what: str, art: ArtSettings) -> Iterator[Finding]:
    """A finding for a picture that cannot be used, or prints below the pack's limits."""
    if isinstance(placed, ArtProblem):
        yield Finding(placed.code, f"{placed.message} ({what})", placed.where or where)
        return
    dpi = effective_dpi(placed.width_px, placed.height_px, placed.rect)
    name = placed.path.rsplit("/", 1)[-1]
    if dpi < art.min_dpi:
        yield Finding("A105", f"'{name}' on {what} prints at {dpi:.0f} dpi, below {art.min_dpi:.0f}: "
                              "it will look blurred", where,
                      f"give it at least {_pixels(placed, art.min_dpi)} pixels; "
                      f"[art] min_dpi sets this limit (now {art.min_dpi:g})")
    elif dpi < art.warn_dpi:
        yield Finding("A104", f"'{name}' on {what} prints at {dpi:.0f} dpi, below {art.warn_dpi:.0f}",
                      where, f"{_pixels(placed, art.warn_dpi)} pixels would print sharp; "
                             f"[art] warn_dpi sets this level (now {art.warn_dpi:g})")


def _pixels(p: Picture, dpi: float) -> str:
    return f"{round(p.rect.w / 25.4 * dpi)} × {round(p.rect.h / 25.4 * dpi)}"


def front_art(pack: Pack, deck: DeckSpec, card: Card, result: FaceResult, named: set) -> Iterator[Finding]:
    """Pictures on one card's front that cannot be used or print blurred; a picture the manifest
    names is reported once, at its key (``named`` remembers which were)."""
    for key, findings in front_art_events(pack, deck, card, result):
        if key is not None:
            if key in named:
                continue
            named.add(key)
        yield from findings


def front_art_events(pack: Pack, deck: DeckSpec, card: Card, result: FaceResult) \
        -> Iterator[tuple[tuple[str, Location] | None, list[Finding]]]:
    """front_art's findings on one front, with nothing remembered between cards: each with the
    (code, place) of the picture the manifest names that it is about (reported once per pack), or None."""
    art = pack.manifest.art
    for problem in result.art_problems:
        if problem.where is not None:
            yield (problem.code, problem.where), \
                [] if _is_icon(pack, problem) else list(judge(problem, problem.where, "the layout", art))
            continue
        where = card.location(problem.column) if problem.column in card.cells else card.location()
        yield None, list(judge(problem, where, f"'{card.name}'", art))
    for part in result.parts:
        pictures = [i for i in flatten(part.items) if isinstance(i, Picture)]
        column = _image_column(deck, part.element.get("column"))
        for item in pictures:
            where = card.location(column) if column in card.cells else part.element.location
            yield None, list(judge(item, where, f"'{card.name}'", art))


def check_art(pack: Pack, drawn: Collection[str]) -> Iterator[Finding]:
    """Pictures outside the card fronts (each front is checked as it is drawn), and those of decks
    no layout draws: ``drawn`` holds the ids of the decks that are."""
    art = pack.manifest.art
    for deck in pack.decks.values():
        if deck.id not in drawn:
            # Nothing draws this deck (no face, or a layout that does not exist): its pictures
            # are still looked for, so that one mistake does not hide another.
            yield from _pictures_exist(pack, deck)
        if deck.spec.face is not None and deck.spec.back is not None and deck.spec.back.art is not None:
            yield from _component(back_face(deck.spec, pack.manifest, pack),
                                  _at(deck.spec.back.art, pack), f"the back of the {deck.spec.title}", art)
    m = pack.manifest
    for icon in m.icons.values():
        if icon.file:  # sized as in a line of 9 pt text: about 3 mm
            placed = picture(pack.root, icon.file, Rect(0.0, 0.0, ICON_MM, ICON_MM), "contain", (0.5, 0.5))
            yield from judge(placed, icon.location, f"the icon '{icon.name}'", art)
    if m.rules is not None and m.rules.cover is not None:
        ref = m.rules.cover
        box = cover_box(210.0 - 2 * RULES_MARGIN)  # the A4 width of the text; Letter is close
        yield from judge(picture(m.path.parent, ref.file, box, ref.fit, ref.focus), _at(ref, pack),
                         "the rules cover", art)
    if m.board is not None and m.board.art is not None:
        board = BoardLayout.compute(m.board, *m.card_size(m.deck(m.board.deck)))  # spaces fit the deck on them
        ref = m.board.art
        placed = picture(m.path.parent, ref.file, board.trim, ref.fit, ref.focus)
        yield from judge(placed, _at(ref, pack), "the board", art)


def _is_icon(pack: Pack, problem: ArtProblem) -> bool:
    """Icons' pictures are checked once, from [icons], whatever text uses them."""
    return any(icon.location == problem.where for icon in pack.manifest.icons.values())


def _pictures_exist(pack: Pack, deck) -> Iterator[Finding]:
    box = Rect(0.0, 0.0, *pack.manifest.card_size(deck.spec))
    for column in (c.name for c in deck.spec.columns if c.type == "image"):
        for card in deck.cards:
            name = str(card.values.get(column) or "")
            placed = picture(pack.root, name, box, "cover", (0.5, 0.5)) if name else None
            if isinstance(placed, ArtProblem):
                yield Finding(placed.code, f"{placed.message} ('{card.name}')", card.location(column))


def _image_column(deck, ref: str | None) -> str:
    """The column an image element draws from: ``$art`` through the face's roles, or by name."""
    if not ref:
        return ""
    if ref.startswith("$"):
        return deck.face.roles.get(ref[1:], "") if deck.face else ""
    return ref


def _at(ref: ImageRef, pack: Pack) -> Location:
    """Where a picture the manifest names is reported: at its key (the manifest when it has none)."""
    return ref.location or Location(pack.manifest.path)


def _component(result: FaceResult, where: Location, what: str, art: ArtSettings) -> Iterator[Finding]:
    for problem in result.art_problems:
        yield from judge(problem, where, what, art)
    for item in flatten(result.face.items):
        if isinstance(item, Picture):
            yield from judge(item, where, what, art)
