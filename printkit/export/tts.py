"""Tabletop Simulator: card sheets of each deck's distinct faces, its back, the board, tokens, a saved object.

Every image is drawn by ``render.raster`` (the PDF's own drawing, rasterised)
at trim, without bleed. The board is the pack's [board], or else the one its
game module lays on a virtual table (``GameModule.table_pieces``), which also
gives round tokens: each a PNG transparent outside its disc, the outline TTS
cuts a Custom_Token along. A deck's sheets are drawn one at a time and encoded
before the next is begun, so a deck of 2,000 distinct cards (the most a deck
may hold: 29 sheets) never has more than one sheet and its 69 card images in
memory; only the encoded PNGs wait for the atomic write. The geometry is in
``tts_sheets``; the saved object is in TTS's save-file format.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

from ..kit.sheets import PrintDeck, check_face_sizes, print_decks
from ..layout.draw import Face
from .run import ExportRefused
from .tts_sheets import (board_pixels, board_scale, card_id, card_pixels, card_scale, cell_box, hidden_cell,
                         sheet_grids, sheet_pixels, sheet_counts, table_layout, token_pixels)

BOARD_KEY, BOARD_FILE = "tts/board", "board.png"
TOKEN_KEY = "tts/token"
# Deck images end in -back.png or -sheet-N.png and tokens in -token.png, so this name is nobody else's.
TOKEN_BACK_FILE = "back-of-tokens.png"
TOKEN_THICKNESS = 0.1  # TTS units (about an inch): a thick cardboard token
MAX_TOKENS = 200  # a pack's [tokens] have no limit of their own; 200 images of 512 px take a few seconds
MAX_URL = 1000  # characters of an --image-url
CARD_TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # what TTS itself saves for cards
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass(frozen=True)
class SheetPlan:
    id: int  # its CustomDeck key, unique in the file
    file: str
    faces: tuple[str, ...]  # face key in each cell, from the top left
    grid: tuple[int, int]  # (columns, rows)


@dataclass(frozen=True)
class DeckPlan:
    deck: PrintDeck
    names: Mapping[str, str]  # face key -> card name
    back_file: str
    card_px: tuple[int, int]
    sheets: tuple[SheetPlan, ...]

    def place(self, key: str) -> tuple[SheetPlan, int]:
        """The sheet and cell that show face ``key``."""
        for sheet in self.sheets:
            if key in sheet.faces:
                return sheet, sheet.faces.index(key)
        raise KeyError(key)


def plan_decks(decks: list[PrintDeck]) -> list[DeckPlan]:
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
        plans.append(DeckPlan(deck, names, f"{stem}-back.png", card_pixels(*deck.card_size), tuple(sheets)))
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
    from ..layout.board import BoardLayout

    m = pack.manifest
    if m.board is None:
        return None
    board = BoardLayout.compute(m.board, *m.card_size(m.deck(m.board.deck)))
    return Face(BOARD_KEY, board.width, board.height, 0.0, tuple(board_items(board, m)))


def table_pieces(pack):
    """What the pack's game module lays on a virtual table, or None: no module, no such hook, or settings
    that do not read cleanly (as board.pdf leaves out the module's pages then)."""
    from ..games import module_for
    from ..games.base import read_config

    module = module_for(pack)
    if module is None or module.table_pieces is None:
        return None
    config, problems = read_config(module, pack)
    if config is None or problems:
        return None
    return module.table_pieces(pack, config)


def token_image(face: Face, radius: float | None, picture_dpi: float | None):
    """A token's face as RGBA, ``TOKEN_TEXTURE`` px on its longer side; with a ``radius`` (mm), transparent
    outside the disc of that radius at the face's centre, which is the outline TTS cuts the token along."""
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
    return image


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
class TableObject:
    """A board or token on the table: its name, image file(s) and size (width, height mm)."""

    name: str
    file: str
    size: tuple[float, float]
    back_file: str = ""


@dataclass(frozen=True)
class TtsExport:
    files: dict[Path, bytes]
    plans: tuple[DeckPlan, ...]
    board: bool
    json_name: str
    note: str = ""  # why there is no board object
    tokens: int = 0

    def summary(self) -> str:
        decks = ", ".join(f"{len(p.deck.fronts)} {p.deck.title}" for p in self.plans)
        sheets = sum(len(p.sheets) for p in self.plans)
        parts = [f"{_count(len(self.plans), 'deck')} ({decks}) on {_count(sheets, 'sheet')}",
                 _count(len(self.plans), "back")] if self.plans else ["no decks"]
        if self.board:
            parts.append("the board")
        if self.tokens:
            parts.append(_count(self.tokens, "token"))
        text = f"{', '.join(parts)} and {self.json_name}"
        return f"{text} (no board: {self.note})" if self.note else text


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def export_tts(report, folder: Path, base: str | None = None) -> TtsExport:
    """Every file of the export for a checked pack, keyed by its path in ``folder``."""
    from ..build import render_errors
    from ..games import module_for
    from ..render.raster import face_images, png_bytes

    pack = report.pack
    decks, faces = print_decks(pack, report.fronts)
    plans = plan_decks(decks)
    picture_dpi = pack.manifest.art.target_dpi
    ref = image_refs(folder, base)
    files: dict[Path, bytes] = {}
    pieces = table_pieces(pack)
    if pieces is not None and len(pieces.tokens) > MAX_TOKENS:
        raise ExportRefused(f"Tabletop Simulator export takes at most {MAX_TOKENS} tokens, and the game module "
                            f"offers {len(pieces.tokens):,}")
    board_name = "board"
    tokens: list[TableObject] = []
    with render_errors(report):  # a picture or font only drawing finds unusable refuses the pack
        for plan in plans:
            check_face_sizes(plan.deck, faces)
            back = face_images(faces, [plan.deck.back], 0.0, size=plan.card_px, picture_dpi=picture_dpi)[plan.deck.back]
            files[folder / plan.back_file] = png_bytes(back)
            for sheet in plan.sheets:  # one at a time: only its encoded PNG outlives the loop
                files[folder / sheet.file] = png_bytes(sheet_image(plan, sheet, faces, back, picture_dpi))
        board = board_face(pack)
        if board is None and pieces is not None and pieces.board is not None:
            board, board_name = pieces.board, pieces.board_name
        board_size = None
        if board is not None:
            image = face_images({BOARD_KEY: board}, [BOARD_KEY], 0.0, size=board_pixels(board.width, board.height),
                                picture_dpi=picture_dpi)[BOARD_KEY]
            files[folder / BOARD_FILE] = png_bytes(image)
            board_size = (board.width, board.height)
        if pieces is not None and pieces.tokens:
            back_file = ""
            if pieces.token_back is not None:
                back_file = TOKEN_BACK_FILE
                back = pieces.token_back
                files[folder / back_file] = png_bytes(token_image(back.face, back.radius, picture_dpi))
            for token, name in zip(pieces.tokens, token_files(pieces.tokens)):
                files[folder / name] = png_bytes(token_image(token.face, token.radius, picture_dpi))
                tokens.append(TableObject(token.name, name, (token.face.width, token.face.height), back_file))
    note = ""
    if board is None:
        note = "the pack has no [board]"
        if module_for(pack) is not None and pieces is None:
            note += "; its game module's pieces stay in board.pdf"
    json_name = f"{folder.parent.name}.json"
    board_object = TableObject(board_name, BOARD_FILE, board_size) if board_size is not None else None
    saved = saved_object(pack.manifest.title, plans, ref, board_object, tokens)
    files[folder / json_name] = (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return TtsExport(files, tuple(plans), board is not None, json_name, note, len(tokens))


class _Guids:
    """Six hex digits per object, as TTS uses: the same for the same pack every time, none twice."""

    def __init__(self, seed: str):
        self.seed, self.n, self.used = seed, 0, set()

    def __call__(self) -> str:
        while True:
            self.n += 1
            guid = hashlib.sha1(f"{self.seed}/{self.n}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid


def _transform(x: float, z: float, scale: float, face_down: bool) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _object(name: str, nickname: str, transform: dict, guid: str, tint: dict) -> dict:
    return {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": "",
            "GMNotes": "", "ColorDiffuse": tint, "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "HideWhenFaceDown": True, "Hands": False, "LuaScript": "",
            "LuaScriptState": "", "XmlUI": ""}


def _custom_deck(plan: DeckPlan, sheet: SheetPlan, ref: Callable[[str], str]) -> dict:
    columns, rows = sheet.grid
    return {"FaceURL": ref(sheet.file), "BackURL": ref(plan.back_file), "NumWidth": columns, "NumHeight": rows,
            "BackIsHidden": True, "UniqueBack": False, "Type": 0}


def deck_object(plan: DeckPlan, ref: Callable[[str], str], x: float, z: float, guid: Callable[[], str]) -> dict:
    """A DeckCustom with every copy of every card, face down; a Card when the deck is a single card."""
    transform = _transform(x, z, card_scale(plan.deck.card_size[1]), face_down=True)
    decks = {str(s.id): _custom_deck(plan, s, ref) for s in plan.sheets}
    cards = []
    for key in plan.deck.fronts:
        sheet, cell = plan.place(key)
        card = _object("Card", plan.names[key], dict(transform), guid(), CARD_TINT)
        card.update({"Hands": True, "CardID": card_id(sheet.id, cell), "SidewaysCard": False,
                     "CustomDeck": {str(sheet.id): decks[str(sheet.id)]}})
        cards.append(card)
    if len(cards) == 1:
        return cards[0]  # TTS refuses a deck of one card
    deck = _object("DeckCustom", plan.deck.title, transform, guid(), CARD_TINT)
    deck.update({"SidewaysCard": False, "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": decks,
                 "ContainedObjects": cards})
    return deck


def _image_object(kind: str, nickname: str, x: float, z: float, height_mm: float, guid: str,
                  image: dict) -> dict:
    obj = _object(kind, nickname, _transform(x, z, board_scale(height_mm), False), guid, WHITE)
    obj.update({"HideWhenFaceDown": False, "CustomImage": image})
    return obj


def token_object(token: TableObject, ref: Callable[[str], str], x: float, z: float, guid: str) -> dict:
    """A Custom_Token, face up: TTS cuts it out along its image's transparency; not stackable, as every
    token differs. Tokens are sized as a board is (no measurement of TTS's own is published)."""
    return _image_object("Custom_Token", token.name, x, z, token.size[1], guid, {
        "ImageURL": ref(token.file), "ImageSecondaryURL": ref(token.back_file) if token.back_file else "",
        "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomToken": {"Thickness": TOKEN_THICKNESS, "MergeDistancePixels": 15.0, "StandUp": False,
                        "Stackable": False}})


def saved_object(title: str, plans: list[DeckPlan], ref: Callable[[str], str],
                 board: TableObject | None, tokens: list[TableObject] = ()) -> dict:
    """TTS's saved-object file: the board, the tokens in a block to its right, face up, and the decks in a
    row below them, face down."""
    guid = _Guids(title)
    layout = table_layout([p.deck.card_size for p in plans], board.size if board is not None else None,
                          [t.size for t in tokens])
    states = []
    if board is not None and layout.board is not None:
        states.append(_image_object("Custom_Board", f"{title}: {board.name}", layout.board.x, layout.board.z,
                                    board.size[1], guid(), {"ImageURL": ref(board.file), "ImageSecondaryURL": "",
                                                            "ImageScalar": 1.0, "WidthScale": 0.0}))
    states += [token_object(token, ref, spot.x, spot.z, guid()) for token, spot in zip(tokens, layout.tokens)]
    states += [deck_object(plan, ref, spot.x, spot.z, guid) for plan, spot in zip(plans, layout.decks)]
    return {"SaveName": title, "GameMode": "", "Date": "", "VersionNumber": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": states,
            "TabStates": {}}
