"""The saved object Tabletop Simulator loads: decks of custom cards, a custom board, tiles and pieces, as JSON.

The object shapes follow TTS's save-file format (kb.tabletopsimulator.com,
"Save File Format"; api.tabletopsimulator.com, "Custom Game Objects" and
"Built-in Objects"); positions come from ``tts_sheets.table_layout``. GUIDs
are derived from the pack's title, so the same pack gives the same file
every time.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..kit.sheets import PrintDeck
from .tts_sheets import board_scale, card_id, card_scale, table_layout

TOKEN_THICKNESS = 0.1  # TTS units (about an inch): a thick cardboard token
# Custom_Tile's CustomTile.Type, as the API's Custom Game Objects page numbers the shapes (0 Box, 1 Hex,
# 2 Circle, 3 Rounded).
TILE_BOX, TILE_CIRCLE = 0, 2
SNAP_HEIGHT = 0.1  # local units above the board's centre plane: on its top face, where a card lands
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
    descriptions: Mapping[str, str] = field(default_factory=dict)  # face key -> the card's Description

    def place(self, key: str) -> tuple[SheetPlan, int]:
        """The sheet and cell that show face ``key``."""
        return self._places[key]

    @cached_property
    def _places(self) -> dict[str, tuple[SheetPlan, int]]:
        # One look-up per card, not a search of every sheet: a deck of 2,000 cards asks 2,000 times.
        return {key: (sheet, cell) for sheet in self.sheets for cell, key in enumerate(sheet.faces)}


@dataclass(frozen=True)
class TableObject:
    """A board or tile on the table: its name, image file(s), size (width, height mm) and shape."""

    name: str
    file: str
    size: tuple[float, float]
    back_file: str = ""
    round: bool = False  # a disc: a circular tile
    snaps: tuple[tuple[float, float], ...] = ()  # a board's snap points, (x, z) in its local units


@dataclass(frozen=True)
class Piece:
    """One of TTS's own objects (a pawn, a die), tinted ``colour`` ("#RRGGBB", or "" for its own)."""

    kind: str  # its object name: "PlayerPawn", "Die_6"
    name: str
    colour: str = ""
    size: tuple[float, float] = (25.0, 25.0)  # mm it takes on the table, for the layout


class _Guids:
    """Six hex digits per object, as TTS uses: the same for the same pack every time, none twice."""

    def __init__(self, seed: str):
        self.seed, self.n = seed, 0
        self.used: set[str] = set()

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


def _object(name: str, nickname: str, transform: dict, guid: str, tint: dict, description: str = "") -> dict:
    return {"GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname, "Description": description,
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
        card = _object("Card", plan.names[key], dict(transform), guid(), CARD_TINT, plan.descriptions.get(key, ""))
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


def tile_object(tile: TableObject, ref: Callable[[str], str], x: float, z: float, guid: str) -> dict:
    """A Custom_Tile, face up: a circle for a round token, else a box; its back is ImageSecondaryURL, which
    TTS documents for tiles (Custom_Token has no back), so tokens can be turned face down and mixed. Not
    stackable, as every tile differs. Tiles are sized as a board is (no measurement of TTS's own is
    published)."""
    return _image_object("Custom_Tile", tile.name, x, z, tile.size[1], guid, {
        "ImageURL": ref(tile.file), "ImageSecondaryURL": ref(tile.back_file) if tile.back_file else "",
        "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {"Type": TILE_CIRCLE if tile.round else TILE_BOX, "Thickness": TOKEN_THICKNESS,
                       "Stackable": False, "Stretch": True}})


def board_object(board: TableObject, title: str, ref: Callable[[str], str], x: float, z: float,
                 guid: str) -> dict:
    """A Custom_Board with a snap point on every space: a card dropped near one lands on its centre."""
    obj = _image_object("Custom_Board", f"{title}: {board.name}", x, z, board.size[1], guid,
                        {"ImageURL": ref(board.file), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                         "WidthScale": 0.0})
    if board.snaps:
        obj["AttachedSnapPoints"] = [{"Position": {"x": sx, "y": SNAP_HEIGHT, "z": sz},
                                      "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0}} for sx, sz in board.snaps]
    return obj


def piece_object(piece: Piece, x: float, z: float, guid: str) -> dict:
    """One of TTS's built-in objects (no image of ours): a pawn in a player's colour, a six-sided die."""
    tint = WHITE if not piece.colour else {k: round(int(piece.colour[i:i + 2], 16) / 255, 4)
                                           for k, i in (("r", 1), ("g", 3), ("b", 5))}
    obj = _object(piece.kind, piece.name, _transform(x, z, 1.0, False), guid, tint)
    obj["HideWhenFaceDown"] = False
    return obj


def saved_object(title: str, plans: list[DeckPlan], ref: Callable[[str], str],
                 board: TableObject | None, tokens: Sequence[TableObject] = (), pieces: Sequence[Piece] = ()) -> dict:
    """TTS's saved-object file: the board, the tiles and then the pieces in a block to its right, face up,
    and the decks in a row below them, face down."""
    guid = _Guids(title)
    layout = table_layout([p.deck.card_size for p in plans], board.size if board is not None else None,
                          [t.size for t in tokens] + [p.size for p in pieces])
    states = []
    if board is not None and layout.board is not None:
        states.append(board_object(board, title, ref, layout.board.x, layout.board.z, guid()))
    states += [tile_object(token, ref, spot.x, spot.z, guid()) for token, spot in zip(tokens, layout.tokens)]
    states += [piece_object(piece, spot.x, spot.z, guid())
               for piece, spot in zip(pieces, layout.tokens[len(tokens):])]
    states += [deck_object(plan, ref, spot.x, spot.z, guid) for plan, spot in zip(plans, layout.decks)]
    return {"SaveName": title, "GameMode": "", "Date": "", "VersionNumber": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": states,
            "TabStates": {}}
