"""cards.pdf: the print guide, then every deck's sheets of fronts and backs."""
from __future__ import annotations

from collections.abc import Mapping

from ..faces import FaceResult
from ..geometry.paper import Paper
from ..geometry.sheet import SheetTemplate
from ..model.pack import Pack
from .document import Document, Pages
from .guide import guide_pages
from .sheets import SheetOptions, sheet_pages


def cards_document(pack: Pack, paper: Paper, options: SheetOptions = SheetOptions(),
                   template: SheetTemplate = SheetTemplate(),
                   fronts: Mapping[str, FaceResult] | None = None) -> Document:
    m = pack.manifest
    # Each deck gets the grid that suits its own card size (see sheet_pages).
    sheets, faces, runs = sheet_pages(pack, paper, options, template, fronts)
    guide = guide_pages(pack, runs, paper, options.backs)  # its length says where the sheets start
    return Document(Pages(guide, sheets), faces, f"{m.title}: cards", m.description,
                    decks=tuple(run.deck for run in runs))
