"""board.pdf: the board, tiled for home printers or whole for a copy shop, and the pieces.

The board itself is drawn in board_drawing, its tile pages in board_tiles and its
one-sheet page in board_sheet; this module puts the document together.
"""
from __future__ import annotations

from ..games.registry import module_for
from ..games.base import read_config
from ..geometry.board import TILED_BANDS, BoardLayout
from ..geometry.draw import Page
from ..geometry.paper import Paper
from ..geometry.tiling import plan_tiles
from ..model.pack import Pack
from .board_drawing import board_items
from .board_sheet import OVERSIZE, board_paper_note, one_sheet_page, sheet_for, shop_block
from .board_tiles import assembly_block, text_keep_out, tile_pages
from .document import Document
from ..faces.pawns import Block, pieces_page

# Other modules import these from here (build, cli), so they stay importable from board.
__all__ = ["OVERSIZE", "assembly_block", "board_contents", "board_document", "board_items", "board_paper_note",
           "one_sheet_page", "sheet_for", "text_keep_out", "tile_pages"]


def board_contents(pack: Pack) -> str | None:
    """What board.pdf holds, in a phrase for the print guide: the board, the game module's pieces,
    the pawns, a first-player marker and a die; None when the pack has no board.pdf."""
    m = pack.manifest
    things = [f"the board ({m.board.columns} × {m.board.rows} spaces)"] if m.board is not None else []
    module = module_for(pack)
    if module is not None:
        config, problems = read_config(module, pack)
        if config is not None and not problems:
            things += module.components(pack, config)
    things += (["the pawns"] if m.pieces.pawns else []) + (["a first-player marker"] if m.pieces.first_player
                                                             else []) + (["a die"] if m.pieces.die else [])
    if not things:
        return None
    if len(things) == 1:
        return things[0]
    joined = "; ".join(things[:-1]) + "; and " if any("," in t for t in things) else ", ".join(things[:-1]) + " and "
    return joined + things[-1]


def board_document(pack: Pack, paper: Paper, board_paper: Paper | None = None) -> Document | None:
    """board.pdf: the board (tiled on ``paper``, or whole on ``board_paper``), the game module's
    pieces, then pawns and a die; None when the pack has none of these.

    With ``board_paper`` the board's pages come first, on that paper, for a copy shop; the pieces
    stay on ``paper``, which any home printer takes: on a large sheet they would fill a fifth of it.
    A board too big for ``board_paper`` whole is tiled on it instead.
    """
    m = pack.manifest
    pages: list[Page] = []
    extras: tuple[Block, ...] = ()
    note = None
    if m.board is not None:
        card = m.card_size(m.deck(m.board.deck))  # spaces fit the deck on them
        whole = BoardLayout.compute(m.board, *card)
        sheet = sheet_for(whole, board_paper) if board_paper is not None else None
        if sheet is not None:
            pages.append(one_sheet_page(whole, m, sheet))
            extras = (shop_block(whole, sheet, paper, paper.width - 36.0 - 56.0 - 8.0),)
        else:
            board = BoardLayout.compute(m.board, *card, TILED_BANDS)
            tiled_on = board_paper or paper
            keep_x, keep_y = text_keep_out(board_items(board, m))
            plan = plan_tiles(board.width, board.height, *board.grid_lines(), tiled_on,
                              keep_x=keep_x, keep_y=keep_y)
            pages += tile_pages(board, m, plan)
            extras = (assembly_block(board, plan, paper.width - 36.0 - 56.0 - 8.0),)
        if board_paper is not None and sheet is None:
            note = (f"The board\u2019s tiles (pages 1–{len(pages)}) are on {board_paper.name} ({board_paper.width:.0f} "
                    f"× {board_paper.height:.0f} mm), for a copy shop. This page is {paper.name}: print it at "
                    "home, at 100% (actual size).")
    shop_pages = len(pages) if board_paper is not None else 0
    module = module_for(pack)
    module_pages: list[Page] = []
    if module is not None:
        config, problems = read_config(module, pack)
        if config is not None and not problems:
            module_pages = module.pieces(pack, config, paper)
    pages += module_pages
    # A game module that prints pieces puts the first-player marker on one of its pages.
    first_player = m.pieces.first_player and not module_pages
    pieces = pieces_page(paper, m.pieces.pawns, m.pieces.die, first_player, extras, note)
    if pieces is not None:
        pages.append(pieces)
    if not pages:
        return None
    shop = ""
    if shop_pages:  # only a board sent to a copy shop has its sheet
        shop_paper = sheet or board_paper
        shop = shop_paper.name if shop_paper is not None else ""
    return Document(tuple(pages), {}, f"{m.title}: board and pieces", m.description, shop, shop_pages=shop_pages)
