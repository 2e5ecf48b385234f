"""Build a pack's print-and-play files: check it, lay it out, render, write atomically."""
from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from dataclasses import dataclass
from pathlib import Path

from dataclasses import replace

from ..core.buildstate import build_state
from ..checks import PackReport, check_pack
from ..checks.fronts import FrontChecks
from ..checks.parallel import pooled_fronts
from ..checks.glyphs import DocumentGlyphs, glyph_findings
from ..checks.pages import document_lint, kit_findings
from ..faces import FRONTS_KEPT
from ..core.findings import Finding, Location
from ..kit.document import Document
from ..geometry.sheet import SheetTemplate
from ..kit.board import board_document
from ..kit.cards import cards_document
from ..kit.sheets import SheetOptions
from ..core.mm import mm_to_pt
from ..model.pack import Pack
from ..geometry.paper import Paper
from ..geometry.paper import paper as paper_named
from ..core.output import OutsideOutput, target_in, write_files_atomically
from ..render.refusal import BuildRefused, render_errors
from ..rules.document import load_rules, rules_path


@dataclass(frozen=True)
class BuildOptions:
    out_dir: Path = Path("output")
    paper: str = "a4"
    sheets: SheetOptions = SheetOptions()
    board_paper: str | None = None  # a large sheet for the whole board; None: tiles on ``paper``
    booklet: bool = False  # rules on half sheets, imposed two-up for folding
    png_dpi: float | None = None  # also write each card as a PNG at this resolution
    downsample: bool = True  # shrink pictures to the pack's target resolution before embedding


@dataclass(frozen=True)
class BuildResult:
    pack: str
    files: tuple[Path, ...]
    pages: dict[str, int]  # file name -> page count
    report: PackReport
    duplex: bool = True  # card backs printed on the reverse of the fronts
    # The page lint over the files as built (and the rules' tables): warnings worth showing.
    print_findings: tuple[Finding, ...] = ()

    board_paper: str = ""  # the copy-shop paper board.pdf's first pages are on; "" when all are on the home paper
    board_sheets: int = 0  # how many pages of board.pdf are on ``board_paper``
    ink: str = ""  # the card sheets' measured ink coverage, for the summary (see render.coverage)

    def sheets_of_paper(self) -> tuple[int, int]:
        """Sheets of the home paper the pack takes, printed one-sided and two-sided.

        Board pages are cut out, so they are one-sided either way; cards are
        two-sided only when they have backs (the guide pages pair up too).
        The board's pages on copy-shop paper are not counted here (see ``board_sheets``).
        """
        one = two = 0
        for name, count in self.pages.items():
            if name == "board.pdf":
                count -= self.board_sheets
            paired = name == "rules.pdf" or (name == "cards.pdf" and self.duplex)
            one += count
            two += -(-count // 2) if paired else count
        return one, two

    def paper_summary(self) -> str:
        one, two = self.sheets_of_paper()
        line = f"{self.pack}: {one} sheets of paper printed one-sided, {two} two-sided"
        if self.board_sheets:
            sheets = "sheet" if self.board_sheets == 1 else "sheets"
            line += f", and {self.board_sheets} {self.board_paper} {sheets} for the board"
        return line


Progress = Callable[[str, int, int], None]  # (what, done, total)


def checked_pack(root: Path, fronts: bool = True, keep_fronts: int = 0) -> PackReport:
    """The pack at ``root`` checked (all but the page lint, and with ``fronts`` False all but the
    checks on each card front too), or BuildRefused when it has errors; its report keeps the
    first ``keep_fronts`` fronts drawn, for the caller to use again (see LazyFronts).

    Everything that makes files from a pack starts here: a refused pack is
    shown exactly as 'printkit check' shows it.
    """
    report = check_pack(root, pages=False, fronts=fronts, keep_fronts=keep_fronts)
    if report.errors or report.pack is None:
        raise BuildRefused(check_pack(root))
    return report


def build_pack(root: Path, options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Write ``<out>/<pack>/`` cards.pdf, board.pdf and rules.pdf; refuse a pack with check errors.

    Every file is rendered before any is written, so a failure leaves all of
    the previous files as they were.
    """
    from ..rules.balance import balance_cache

    folder = output_name(root)
    if not folder:
        raise OutsideOutput(f"'{root}' has no folder name to build into")
    # Each build reads every input afresh (see printkit.core.buildstate); {{balance}} figures are kept with the build.
    with build_state(), balance_cache(target_in(options.out_dir, folder)):
        return _build_pack(root, folder, options, progress)


def _build_pack(root: Path, folder: str, options: BuildOptions, progress: Progress | None) -> BuildResult:
    from ..render.pdf import render_pdf  # the drawing library loads only when building

    # The pages are linted below, as they are built, and each front is checked as it is drawn:
    # nothing keeps every face of a large deck in memory at once.
    report = checked_pack(root, fronts=False)
    pack = report.loaded
    # The rules are read first: what only building finds in them ({{balance}} over its budget, D802)
    # refuses the build before any page is drawn.
    rules = load_rules(pack)
    late = tuple(f for f in (rules.findings if rules is not None else ()) if f.is_error and f not in report.findings)
    if late:
        raise BuildRefused(replace(report, findings=tuple(sorted(report.findings + late, key=Finding.sort_key))))
    front_checks = FrontChecks(pack)
    # The PNGs go through the fronts again once the PDFs are drawn: they reuse what is kept. Laid out
    # ahead by workers for a large pack (--workers); they end once every front was taken.
    fronts = pooled_fronts(pack, front_checks.add, keep=FRONTS_KEPT if options.png_dpi else 0)
    paper = paper_named(options.paper)
    documents = {"cards.pdf": cards_document(pack, paper, options.sheets, fronts=fronts)}
    board = board_document(pack, paper, paper_named(options.board_paper) if options.board_paper else None)
    if board is not None:
        documents["board.pdf"] = board
    if options.png_dpi:
        _check_png_pixels(documents["cards.pdf"], options.png_dpi)
    files: dict[Path, bytes] = {}
    pages: dict[str, int] = {}
    picture_dpi = pack.manifest.art.target_dpi if options.downsample else None
    page_lints = {name: document_lint(pack, name, document) for name, document in documents.items()}
    glyphs = DocumentGlyphs(pack)  # characters the kit's own pages would print as gaps

    labels: dict[str, list[str]] = {name: [] for name in documents}  # for the ink summary

    def on_page(name: str, number: int, page) -> None:
        labels[name].append(page.label)
        page_lints[name].add(number, page)
        glyphs.add_page(name, page)

    with render_errors(report):
        for name, document in documents.items():
            total = len(document.pages)
            step = (lambda n, name=name, total=total: progress(name, n, total)) if progress else None
            # Pages are laid out, drawn and linted one at a time.
            files[target_in(options.out_dir, folder, name)] = render_pdf(
                document.pages, document.faces, document.title, document.subject, step, picture_dpi,
                uses=document.uses(), on_page=partial(on_page, name))
            pages[name] = total
        if options.png_dpi:
            files.update(_pngs(folder, documents["cards.pdf"], options, options.png_dpi, picture_dpi, pack))
        fronts.draw_rest()  # a card with no copies prints nowhere, but is checked all the same
    gaps = glyphs.findings(glyph_findings(front_checks.findings))
    if front_checks.errors or gaps:  # found on a page as it was drawn: refused before anything is written
        full = check_pack(root)
        # What only this build's options print (a board on a large sheet, say) joins what check finds.
        extra = tuple(f for f in gaps if f not in full.findings)
        raise BuildRefused(replace(full, findings=tuple(sorted(full.findings + extra, key=Finding.sort_key))))
    report = replace(report, findings=tuple(sorted(report.findings + tuple(front_checks.findings),
                                                   key=Finding.sort_key)))
    if rules is not None:
        try:
            data, count = typeset_rules(rules, pack, paper, options.booklet)
        except Exception as exc:  # noqa: BLE001 - whatever stops the typesetter, the build says so, located
            if os.environ.get("PRINTKIT_DEBUG"):
                raise
            where = Location(rules_path(pack) or pack.manifest.path, 1, 1)
            finding = Finding("D813", f"the rules cannot be typeset: {_first_line(exc)}", where,
                              "simplify the part of the rules the message names")
            raise BuildRefused(replace(report, findings=report.findings + (finding,))) from None
        files[target_in(options.out_dir, folder, "rules.pdf")] = data
        pages["rules.pdf"] = count
        if progress:
            progress("rules.pdf", 1, 1)
    write_files_atomically(files, tree=target_in(options.out_dir, folder))
    lint = list(kit_findings(pack, page_lints, documents, front_checks.face_lint))
    if rules is not None:
        from ..render.rules_lint import lint_rules

        lint += lint_rules(pack, paper, options.booklet, pack.manifest.lint.rules_min_type)
    from ..render.coverage import coverage_note, page_coverage

    cards = files[target_in(options.out_dir, folder, "cards.pdf")]
    ink = coverage_note(page_coverage(cards), labels["cards.pdf"], options.sheets.backs_ink)
    return BuildResult(pack.id, tuple(files), pages, report, options.sheets.backs is not None,
                       tuple(lint), board.paper if board is not None else "",
                       board.shop_pages if board is not None else 0, ink)


def _first_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:200]


def output_name(root: Path) -> str:
    """The folder under OUT a pack is built into: the name of its own folder, resolved, so that
    '.' and '..' name the folder they stand for ('' only for the file system's root)."""
    return Path(root).resolve().name


def _check_png_pixels(document: Document, dpi: float) -> None:
    """Refuse ``--dpi`` (a usage error) before anything is drawn, should a deck's card images at it
    have more pixels than one image may."""
    from ..geometry.pixels import DpiTooHigh, check_image_pixels

    bleed = SheetTemplate().bleed
    for deck in document.decks:
        width, height = deck.card_size
        check_image_pixels(width + 2 * bleed, height + 2 * bleed, dpi,
                           f"the deck '{deck.id}' has {width:g} × {height:g} mm cards",
                           DpiTooHigh)


def _pngs(folder: str, document: Document, options: BuildOptions, png_dpi: float,
          picture_dpi: float | None, pack: Pack) -> dict[Path, bytes]:
    """<out>/<pack>/png/<deck>/<card>.png for every distinct card front (player aids too) and each
    deck's back, and png/manifest.csv with the copies of each; drawn by workers for many cards."""
    from ..render.png import card_pngs, copies_manifest, png_names

    decks = document.decks
    names = png_names(decks)
    images = card_pngs(document.faces, names, SheetTemplate().bleed, png_dpi, picture_dpi, pack)
    files = {target_in(options.out_dir, folder, "png", *name.split("/")): data for name, data in images.items()}
    files[target_in(options.out_dir, folder, "png", "manifest.csv")] = copies_manifest(decks, names)
    return files


def typeset_rules(rules, pack, paper, booklet: bool) -> tuple[bytes, int]:
    """rules.pdf as bytes and its number of pages (sheet sides, for a booklet)."""
    from ..render.booklet import booklet_order, impose_booklet
    from ..render.rules import render_rules

    if not booklet:
        return render_rules(rules.blocks, pack.manifest, paper)
    half = Paper(f"half {paper.name}", paper.height / 2, paper.width)
    data, count = render_rules(rules.blocks, pack.manifest, half)
    imposed = impose_booklet(data, mm_to_pt(paper.height), mm_to_pt(paper.width))
    return imposed, len(booklet_order(count))
