"""cards.pdf: the print guide, then every deck's sheets of fronts and backs."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..faces import FaceResult
from ..layout.draw import Face, Page
from ..layout.paper import Paper
from ..layout.sheet import SheetLayout, SheetTemplate
from ..model.pack import Pack
from .guide import guide_pages
from .sheets import SheetOptions, impose, sheet_pages


@dataclass(frozen=True)
class Document:
    pages: tuple[Page, ...]
    faces: dict[str, Face]
    title: str
    subject: str


def cards_document(pack: Pack, paper: Paper, options: SheetOptions = SheetOptions(),
                   template: SheetTemplate = SheetTemplate(),
                   fronts: Mapping[str, FaceResult] | None = None) -> Document:
    m = pack.manifest
    layout = SheetLayout.compute(paper, m.card_width_mm, m.card_height_mm, template)
    imposed = [impose(pack.decks[d.id], layout.per_sheet) for d in m.decks
               if d.id in pack.decks and d.face is not None]
    guide_count = 2 if options.backs else 1
    guide = guide_pages(pack, imposed, paper.width, paper.height, options.backs, guide_count + 1)
    sheets, faces = sheet_pages(pack, layout, options, fronts)
    return Document(tuple(guide + sheets), faces, f"{m.title}: cards", m.description)
