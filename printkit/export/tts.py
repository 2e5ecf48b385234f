"""Tabletop Simulator: card sheets of each deck's distinct faces, its back, the board, tiles, pieces, a saved object.

Every image is drawn by ``render.raster`` (the PDF's own drawing, rasterised)
at trim, without bleed. The board is the pack's [board], or else the one its
game module lays on a virtual table (``GameModule.table_pieces``), which also
gives round tokens: each a PNG transparent outside its disc, laid as a
circular Custom_Tile with the tokens' shared back. Decks the manifest
shuffles together are one deck. Pawns and the die are TTS's own objects;
a first-player marker is a tile. Every image's file name ends in a hash of
its bytes, so a host that caches by address never serves an old picture. A deck's sheets are drawn one at a time and encoded
before the next is begun, so a deck of 2,000 distinct cards (the most a deck
may hold: 29 sheets) never has more than one sheet and its 69 card images in
memory; only the encoded PNGs wait for the atomic write. The geometry is in
``tts_sheets``, the saved object (TTS's save-file format) in ``tts_objects``.
"""
from __future__ import annotations

import hashlib
import json
from concurrent.futures import Future, ThreadPoolExecutor
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

from ..kit.sheets import PrintDeck, check_face_sizes, print_decks
from ..geometry.draw import Face
from .errors import ExportRefused
from .tts_objects import DeckPlan, Piece, SheetPlan, TableObject, saved_object
from .tts_sheets import (board_pixels, board_snaps, card_pixels, cell_box, hidden_cell, sheet_grids, sheet_pixels,
                         sheet_counts, token_pixels)

BOARD_KEY, BOARD_FILE = "tts/board", "board.png"
TOKEN_KEY = "tts/token"
# Deck images end in -back.png or -sheet-N.png and tokens in -token.png, so this name is nobody else's.
TOKEN_BACK_FILE = "back-of-tokens.png"
MAX_TOKENS = 200  # a pack's [tokens] have no limit of their own; 200 images of 512 px take a few seconds
MAX_URL = 1000  # characters of an --image-url
# zlib's fastest level: a card sheet of 4096 × 4096 px is encoded in about half the time of the default
# level 6, and its file is about a quarter larger (1.06 MB for 0.85 MB, for 69 Gag cards).
SHEET_COMPRESSION = 1


HASH_DIGITS = 10  # hex digits of the sha256 in an image's name: a clash among one pack's images is unthinkable
FIRST_PLAYER_FILE = "first-player.png"
# A pawn, a die and a marker take about this much room on the table (mm), for the layout only.
PIECE_ROOM = 25.0


def hashed_name(name: str, data: bytes) -> str:
    """``name`` with the first HASH_DIGITS hex digits of the sha256 of ``data`` before its suffix."""
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:HASH_DIGITS]}{dot}{suffix}"


def merge_groups(pack, decks: list[PrintDeck]) -> list[PrintDeck]:
    """The decks as TTS gets them: those the manifest shuffles together as one deck, where its first stands."""
    from .pod import orders  # the grouping print-on-demand uses, so both exports group alike

    merged = []
    for order in orders(pack, decks):
        if len(order.decks) == 1:
            merged.append(order.decks[0])
            continue
        first = order.decks[0]  # the group's decks share a card size and a back (model.groups checks)
        merged.append(PrintDeck(order.id, order.title, tuple(f for d in order.decks for f in d.fronts), first.back,
                                tuple(c for d in order.decks for c in d.contents), first.card_size,
                                tuple(k for d in order.decks for k in d.keys)))
    return merged


def card_descriptions(pack) -> dict[str, str]:
    """Face key -> the card's Description, for every card of every deck with a face."""
    from ..faces import front_key
    from .tts_describe import describe, shown_columns

    m = pack.manifest
    found: dict[str, str] = {}
    for spec in m.decks:
        deck = pack.decks.get(spec.id)
        if deck is None:
            continue
        columns = shown_columns(m, spec)
        for card in deck.cards:
            found[front_key(card)] = describe(m, spec, card, columns)
    return found


def table_extras(pack) -> list[Piece]:
    """TTS's own pawns, one per pawn the kit prints, in the kit's pawn colours, and its die."""
    from ..faces.pawns import PAWN_STYLES

    m = pack.manifest
    pieces = [Piece("PlayerPawn", f"Pawn P{n}", PAWN_STYLES[(n - 1) % len(PAWN_STYLES)][0],
                    (PIECE_ROOM, PIECE_ROOM)) for n in range(1, m.pieces.pawns + 1)]
    if m.pieces.die:
        pieces.append(Piece("Die_6", "Die", "", (PIECE_ROOM, PIECE_ROOM)))
    return pieces


def first_player_face() -> Face:
    """The first-player marker as a tile: one panel of the standee the kit prints."""
    from ..core.mm import Rect
    from ..faces.colour import INK
    from ..faces.pawns import PANEL, STANDEE_FILL, STANDEE_W, standee_face
    from ..geometry.draw import Box, Group

    return Face("tts/first-player", STANDEE_W, PANEL, 0.0,
                (Box(Rect(0.0, 0.0, STANDEE_W, PANEL), fill=STANDEE_FILL, stroke=INK, width=0.6),
                 Group(standee_face(), STANDEE_W / 2, PANEL / 2)))


def plan_decks(decks: list[PrintDeck], descriptions: Mapping[str, str] | None = None) -> list[DeckPlan]:
    """Sheets, file names and card names for every deck; sheet ids count from 1 across all of them."""
    from ..render.png import folder_slug, unique_name  # (that module loads the rasteriser)

    plans, used, next_id = [], {"board"}, 1
    for deck in decks:
        stem = unique_name(folder_slug(deck.id), used)
        names = {key: name for key, (name, _) in zip(deck.keys, deck.contents)}  # copies share a face
        distinct = tuple(dict.fromkeys(deck.fronts))
        sheets, start = [], 0
        for n, (count, grid) in enumerate(zip(sheet_counts(len(distinct)), sheet_grids(len(distinct))), 1):
            sheets.append(SheetPlan(next_id, f"{stem}-sheet-{n}.png", distinct[start:start + count], grid))
            next_id, start = next_id + 1, start + count
        plans.append(DeckPlan(deck, names, f"{stem}-back.png", card_pixels(*deck.card_size), tuple(sheets),
                              {key: descriptions[key] for key in distinct if key in descriptions}
                              if descriptions else {}))
    return plans


def image_base(url: str) -> str:
    """``url`` checked as the web folder the images will be in, ending in '/'; ValueError if it cannot be."""
    if len(url) > MAX_URL:
        raise ValueError(f"at most {MAX_URL:,} characters, not {len(url):,}")
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
        raise ValueError("no spaces or control characters (write a space as %20)")
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise ValueError(f"an http:// or https:// address is needed, not '{url[:80]}'")
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise ValueError("a folder's address, without '?' or '#': each image's file name is added to it")
    return url if url.endswith("/") else url + "/"


def image_refs(folder: Path, base: str | None) -> Callable[[str], str]:
    """File name -> the address TTS loads it from: ``base`` + name, or a file:/// URI of the written file.

    TTS cannot resolve a relative path, so a local reference is absolute: the
    one thing in the output that depends on where it was written. The path is
    written as it is (forward slashes, not percent-encoded), as TTS itself
    saves local files.
    """
    if base is not None:
        return lambda name: base + quote(name)
    root = folder.resolve().as_posix()
    if root.startswith("//"):  # a Windows network share: file://server/share/...
        return lambda name: f"file:{root}/{name}"
    return lambda name: "file:///" + f"{root}/{name}".lstrip("/")


def board_face(pack) -> Face | None:
    """The whole board as one face, as the one-sheet board draws it (title above the grid), without marks."""
    from ..kit.board import board_items
    from ..geometry.board import BoardLayout

    m = pack.manifest
    if m.board is None:
        return None
    board = BoardLayout.compute(m.board, *m.card_size(m.deck(m.board.deck)))
    return Face(BOARD_KEY, board.width, board.height, 0.0, tuple(board_items(board, m)))


def table_pieces(pack):
    """What the pack's game module lays on a virtual table, or None: no module, no such hook, or settings
    that do not read cleanly (as board.pdf leaves out the module's pages then)."""
    from ..games.registry import module_for
    from ..games.base import read_config

    module = module_for(pack)
    if module is None or module.table_pieces is None:
        return None
    config, problems = read_config(module, pack)
    if config is None or problems:
        return None
    return module.table_pieces(pack, config)


def token_image(face: Face, radius: float | None, picture_dpi: float | None):
    """A token's face as RGBA, ``TOKEN_TEXTURE`` px on its longer side; with a ``radius`` (mm), cropped to the
    disc of that radius at the face's centre and transparent outside it, the outline of a circular tile."""
    from PIL import Image, ImageDraw

    from ..render.raster import face_images

    size = token_pixels(face.width, face.height)
    image = face_images({TOKEN_KEY: face}, [TOKEN_KEY], 0.0, size=size, picture_dpi=picture_dpi)[TOKEN_KEY]
    if radius is None:
        return image
    # The mask is drawn four times larger and shrunk, for an edge as smooth as the drawing's; half a
    # pixel inside the disc's outer edge, so that no pale blend of the outline and the white behind it
    # shows as a halo.
    k = 4
    per_mm = size[0] / face.width
    cx, cy, r = size[0] / 2 * k, size[1] / 2 * k, (radius * per_mm - 0.5) * k
    mask = Image.new("L", (size[0] * k, size[1] * k), 0)
    ImageDraw.Draw(mask).ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    image = image.convert("RGBA")
    image.putalpha(mask.resize(size, Image.Resampling.BOX))
    # A circular tile shows the circle inscribed in its image: cropped to the disc, the token fills it.
    edge = radius * per_mm
    box = (size[0] / 2 - edge, size[1] / 2 - edge, size[0] / 2 + edge, size[1] / 2 + edge)
    return image.resize(size, Image.Resampling.LANCZOS, box=box)


def token_files(tokens) -> list[str]:
    """'<name>-token.png' for each token, no two alike."""
    from ..render.png import slug, unique_name

    used: set[str] = set()
    return [f"{unique_name(slug(t.name), used)}-token.png" for t in tokens]


def sheet_image(plan: DeckPlan, sheet: SheetPlan, faces: Mapping[str, Face], back, picture_dpi: float | None):
    """One card sheet: its faces cell by cell, the deck's back in the hidden cell, white between."""
    from PIL import Image

    from ..render.raster import face_images

    images = face_images(faces, sheet.faces, 0.0, size=plan.card_px, picture_dpi=picture_dpi)
    canvas = Image.new("RGB", sheet_pixels(sheet.grid, plan.card_px), "white")
    for cell, key in enumerate(sheet.faces):
        canvas.paste(images.pop(key), cell_box(cell, sheet.grid, plan.card_px)[:2])
    canvas.paste(back, cell_box(hidden_cell(sheet.grid), sheet.grid, plan.card_px)[:2])
    return canvas


@dataclass(frozen=True)
class TtsExport:
    files: dict[Path, bytes]
    plans: tuple[DeckPlan, ...]
    board: bool
    json_name: str
    note: str = ""  # why there is no board object
    tokens: int = 0  # the game module's tokens
    marker: bool = False  # a first-player marker
    pawns: int = 0  # TTS's own pawns
    die: bool = False  # and its six-sided die

    def summary(self) -> str:
        decks = "; ".join(f"{p.deck.title}: {len(p.deck.fronts)}" for p in self.plans)
        sheets = sum(len(p.sheets) for p in self.plans)
        parts = [f"{_count(len(self.plans), 'deck')} ({decks}) on {_count(sheets, 'sheet')}",
                 _count(len(self.plans), "back")] if self.plans else ["no decks"]
        if self.board:
            parts.append("the board")
        if self.tokens:
            parts.append(_count(self.tokens, "token"))
        if self.marker:
            parts.append("a first-player marker")
        if self.pawns:
            parts.append(_count(self.pawns, "pawn"))
        if self.die:
            parts.append("a die")
        text = f"{', '.join(parts)} and {self.json_name}"
        return f"{text} (no board: {self.note})" if self.note else text


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def export_tts(report, folder: Path, base: str | None = None,
               progress: Callable[[str, int, int], None] | None = None) -> TtsExport:
    """Every file of the export for a checked pack, keyed by its path in ``folder``; ``progress(what, done,
    total)`` hears of the cards drawn."""
    from ..render.refusal import render_errors
    from ..games.registry import module_for
    from ..render.raster import face_images, png_bytes

    pack = report.pack
    m = pack.manifest
    decks, faces = print_decks(pack, report.fronts, "full")  # a screen or a print shop: the full design
    for deck in decks:
        check_face_sizes(deck, faces)
    plans = plan_decks(merge_groups(pack, decks), card_descriptions(pack))
    picture_dpi = m.art.target_dpi
    images: dict[str, bytes] = {}  # by the name the plan gives; hashed names are added at the end
    pieces = table_pieces(pack)
    if pieces is not None and len(pieces.tokens) > MAX_TOKENS:
        raise ExportRefused(f"Tabletop Simulator export takes at most {MAX_TOKENS} tokens, and the game module "
                            f"offers {len(pieces.tokens):,}")
    board_name = "board"
    tiles: list[TableObject] = []
    total, done = sum(len(s.faces) for p in plans for s in p.sheets), 0
    with render_errors(report), ThreadPoolExecutor(1) as encoder:  # a picture or font only drawing finds
        waiting: dict[str, Future] = {}                           # unusable refuses the pack
        for plan in plans:
            back = face_images(faces, [plan.deck.back], 0.0, size=plan.card_px, picture_dpi=picture_dpi)[plan.deck.back]
            images[plan.back_file] = png_bytes(back, compress_level=SHEET_COMPRESSION)
            for sheet in plan.sheets:
                # Each sheet is encoded on a thread while the next is drawn (zlib lets go of the
                # interpreter lock); only one waits, so at most two sheets are in memory at once.
                image = sheet_image(plan, sheet, faces, back, picture_dpi)
                for name in list(waiting):
                    images[name] = waiting.pop(name).result()
                waiting[sheet.file] = encoder.submit(png_bytes, image, None, SHEET_COMPRESSION)
                done += len(sheet.faces)
                if progress is not None:
                    progress("cards", done, total)
        for name in list(waiting):
            images[name] = waiting.pop(name).result()
        board = board_face(pack)
        snaps: tuple[tuple[float, float], ...] = ()
        if board is not None and m.board is not None:
            snaps = board_snaps(space_centres(pack), board.width, board.height)
        elif pieces is not None and pieces.board is not None:
            board, board_name = pieces.board, pieces.board_name
        board_size = None
        if board is not None:
            image = face_images({BOARD_KEY: board}, [BOARD_KEY], 0.0, size=board_pixels(board.width, board.height),
                                picture_dpi=picture_dpi)[BOARD_KEY]
            images[BOARD_FILE] = png_bytes(image)
            board_size = (board.width, board.height)
        if pieces is not None and pieces.tokens:
            back_file = ""
            if pieces.token_back is not None:
                back_file = TOKEN_BACK_FILE
                back = pieces.token_back
                images[back_file] = png_bytes(token_image(back.face, back.radius, picture_dpi))
            for token, name in zip(pieces.tokens, token_files(pieces.tokens)):
                images[name] = png_bytes(token_image(token.face, token.radius, picture_dpi))
                tiles.append(TableObject(token.name, name, (2 * token.radius, 2 * token.radius), back_file,
                                         round=True))
        if m.pieces.first_player:
            marker = first_player_face()
            images[FIRST_PLAYER_FILE] = png_bytes(token_image(marker, None, picture_dpi))
            tiles.append(TableObject("First player", FIRST_PLAYER_FILE, (marker.width, marker.height),
                                     FIRST_PLAYER_FILE))
    note = ""
    if board is None:
        note = "the pack has no [board]"
        if module_for(pack) is not None and pieces is None:
            note += "; its game module's pieces stay in board.pdf"
    json_name = f"{folder.parent.name}.json"
    board_object = TableObject(board_name, BOARD_FILE, board_size, snaps=snaps) if board_size is not None else None
    named = {name: hashed_name(name, data) for name, data in images.items()}
    ref = image_refs(folder, base)
    extras = table_extras(pack)
    saved = saved_object(m.title, plans, lambda name: ref(named[name]), board_object, tiles, extras)
    files = {folder / named[name]: data for name, data in images.items()}
    files[folder / json_name] = (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    marker = m.pieces.first_player
    pawns = sum(p.kind == "PlayerPawn" for p in extras)
    return TtsExport(files, tuple(plans), board is not None, json_name, note, len(tiles) - marker, marker, pawns,
                     m.pieces.die)


def space_centres(pack) -> list[tuple[float, float]]:
    """The centre (x, y mm) of every space of the pack's board, as ``board_face`` draws the board."""
    from ..geometry.board import BoardLayout

    m = pack.manifest
    board = BoardLayout.compute(m.board, *m.card_size(m.deck(m.board.deck)))
    return [(board.space(c, r).cx, board.space(c, r).cy) for c, r in board.spaces()]
