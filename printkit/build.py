"""Build a pack's print-and-play files: check it, lay it out, render, write atomically."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .checks import PackReport, check_pack
from .kit.cards import cards_document
from .kit.sheets import SheetOptions
from .layout.paper import paper as paper_named
from .output import target_in, write_files_atomically


class BuildRefused(Exception):
    """The pack has check errors; ``report`` holds them."""

    def __init__(self, report: PackReport):
        super().__init__(f"{report.id}: {report.errors} error(s)")
        self.report = report


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path = Path("output")
    paper: str = "a4"
    sheets: SheetOptions = SheetOptions()


@dataclass(frozen=True)
class BuildResult:
    pack: str
    files: tuple[Path, ...]
    pages: int
    report: PackReport


Progress = Callable[[str, int, int], None]  # (what, done, total)


def build_pack(root: Path, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Write ``<out>/<pack>/cards.pdf``; refuse a pack with check errors."""
    from .render.pdf import render_pdf  # the drawing library loads only when building

    report = check_pack(root)
    if report.errors or report.pack is None:
        raise BuildRefused(report)
    pack = report.pack
    document = cards_document(pack, paper_named(options.paper), options.sheets, fronts=report.fronts)
    total = len(document.pages)
    step = (lambda n: progress("cards.pdf", n, total)) if progress else None
    data = render_pdf(list(document.pages), document.faces, document.title, document.subject, step)
    target = target_in(options.out_dir, pack.id, "cards.pdf")
    write_files_atomically({target: data})
    return BuildResult(pack.id, (target,), total, report)
