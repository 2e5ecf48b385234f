"""The page lint over a pack's documents: board.pdf and the card sheets on A4 and Letter, every card
side, and the documents a build writes; its problems become located findings."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from typing import TYPE_CHECKING
from dataclasses import replace

from ..core.buildstate import Lru
from ..core.findings import Finding, Location
from ..geometry.draw import Face, Page, Text
from ..kit.document import Document
from ..core.mm import Rect
from ..model.pack import LintSettings, Manifest, Pack
from .board_lint import board_problems
from .glyphs import DocumentGlyphs
from .page_lint import (UNPRINTABLE, PageProblem, contrast_setting, edge_problems, geometry, lint_items, lone_words,
                        quote, word_at, word_problems)
from .page_shape import shape_key

if TYPE_CHECKING:
    from .cache import CheckCache


class PageLint:
    """Page problems of one document, taken a page at a time, each problem reported once with the
    pages it is on."""

    def __init__(self, faces: Mapping[str, Face], limits: LintSettings, file: str, where: Location,
                 hint: Mapping[str, str] | None = None):
        self.faces, self.limits, self.file, self.where, self.hint = faces, limits, file, where, hint
        self.seen: dict[tuple[str, str], tuple[dict[str, None], set[int]]] = {}
        # Each page shape's shapes and lines as the lint measures them, and its problems near the
        # paper's edge (see printkit.checks.page_shape): a deck's sheets are a few shapes.
        self.shapes = Lru(SHAPES_KEPT)

    def add(self, number: int, page: Page) -> None:
        shape = shape_key(page, self.faces) if self.file != "board.pdf" else None
        problems: Iterable[PageProblem]
        if shape is None:
            problems = self._problems(page)
        else:
            key, text, at = shape
            found = self.shapes.get(key)
            if found is None:
                found = (geometry(page.items, self.faces), list(self._edges(page)), {})
                self.shapes.put(key, found)
            shapes, edges, labels = found
            word = word_at(text, at) if text is not None else None
            # Labels as wide, in the same type, have the same problems but for the text they quote.
            box = (word.core, word.middle, word.size, word.text.font, word.text.colour) if word else None
            known = labels.get(box)
            if known is None:
                printable = Rect(0, 0, page.width, page.height).inset(UNPRINTABLE)
                known = (text, list(word_problems(shapes.with_words([word] if word else []), self.limits,
                                                  printable, None)))
                if len(labels) < SHAPES_KEPT:
                    labels[box] = known
            problems = chain(_requoted(known[0], known[1], text), edges)
        for problem in problems:
            whats, numbers = self.seen.setdefault((problem.code, problem.problem), ({}, set()))
            whats[problem.what] = None
            numbers.add(number)

    def _problems(self, page: Page) -> Iterator[PageProblem]:
        printable = Rect(0, 0, page.width, page.height).inset(UNPRINTABLE)
        problems = lint_items(page.items, self.faces, self.limits, printable)
        if self.file == "board.pdf":
            problems = chain(problems, board_problems(page))
        return chain(problems, self._edges(page))

    def _edges(self, page: Page) -> Iterator[PageProblem]:
        if self.file in ("cards.pdf", "board.pdf"):  # pages printkit lays out itself, marks and all
            yield from edge_problems(page.items, self.faces, page.width, page.height)

    def add_pages(self, pages: Iterable[Page]) -> "PageLint":
        for number, page in enumerate(pages, 1):
            self.add(number, page)
        return self

    def findings(self) -> Iterator[Finding]:
        hints = {"T703": "move it further in from the edge of the paper",
                 "T704": "move one of them or give them more room",
                 "T705": f"set it larger; [lint] min_type sets this limit (now {self.limits.min_type:g} pt)",
                 "T706": "darken the text or lighten what is under it; " + contrast_setting(self.limits),
                 "T709": "keep text wholly on, or wholly off, the shapes around it",
                 "T710": "keep cut, fold and crop lines clear of text",
                 "T730": "use a smaller card size or one fewer row or column",
                 "T741": "give the board fewer places ([module] popularity), so each is wide enough for a token",
                 "T742": "draw a short line beyond each end of the edge, in line with it",
                 "T743": "print the board at home, tiled (leave out --board-paper), or on a smaller sheet"} | dict(self.hint or {})
        for (code, problem), (whats, pages) in self.seen.items():
            numbers = sorted(pages)
            at = f"page {numbers[0]}" if len(numbers) == 1 else f"pages {_ranges(numbers)}"
            yield Finding(code, f"{self.file} {at}: {problem}: {_some(whats)}", self.where, hints[code])


SHAPES_KEPT = 256  # page shapes a document's lint remembers (a deck's sheets are a few), and labels a shape


def _requoted(text: Text | None, problems: list[PageProblem], now: Text | None) -> list[PageProblem]:
    """``problems`` of a label ``text``, for the label ``now`` as wide: naming ``now`` instead."""
    if text is None or now is None or text.text == now.text:
        return problems
    was, is_ = quote(text), quote(now)
    return [replace(p, what=is_) if p.what == was else p for p in problems]


def lint_pages(pages: Iterable[Page], faces: Mapping[str, Face], limits: LintSettings, file: str,
               where: Location, hint: Mapping[str, str] | None = None) -> Iterator[Finding]:
    """Page problems of one document as findings, each problem once with the pages it is on."""
    yield from PageLint(faces, limits, file, where, hint).add_pages(pages).findings()


def _some(names) -> str:
    """The first three of ``names``, and how many more."""
    names = list(names)
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _ranges(numbers: list[int]) -> str:
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


PAPERS = ("a4", "letter")


def check_pages(pack: Pack, fronts, face_lint: FaceLint, glyphs: DocumentGlyphs | None = None,
                progress: Callable[[str, int, int], None] | None = None,
                cache: CheckCache | None = None) -> Iterator[Finding]:
    """The page lint over board.pdf and the sheets of cards.pdf, as they print on A4 and on Letter;
    then the face lint, over ``face_lint``'s fronts (linted as they were drawn) and the other sides.
    Each page's own text also goes into ``glyphs``, which reports what would print as gaps;
    ``progress(what, done, total)`` hears of each page linted; ``cache`` keeps the sheets' lint
    (printkit.checks.sheet_cache)."""
    from ..kit.board import board_document
    from ..kit.cards import cards_document
    from ..geometry.paper import paper
    from ..geometry.sheet import LayoutError

    from ..faces import front_key

    # A deck whose layout could not be used has no faces to impose; its errors are reported already.
    drawn = all(front_key(card) in fronts for deck in pack.decks.values() if deck.spec.face is not None
                for card in deck.cards)
    found: dict[Finding, list[str]] = {}
    for name in PAPERS:
        try:
            documents = {"board.pdf": board_document(pack, paper(name)),
                         "cards.pdf": cards_document(pack, paper(name), fronts=fronts) if drawn else None}
        except LayoutError:
            continue  # what does not fit the paper is reported by the print checks
        step = (lambda file, done, total, name=paper(name).name: progress(f"{file} on {name}", done, total)) \
            if progress is not None else None
        for finding in document_findings(pack, documents, glyphs, step, cache):
            found.setdefault(finding, []).append(paper(name).name)
        if name == PAPERS[0] and documents["cards.pdf"] is not None:  # card sides are alike on every paper
            add_other_sides(face_lint, documents["cards.pdf"].faces)
    for finding, papers in found.items():
        yield replace(finding, message=f"{finding.message} (on {' and '.join(papers)})")
    yield from face_lint.findings()


def add_other_sides(face_lint: FaceLint, faces) -> None:
    """The backs and player aids of a FaceMap (or every face of a plain mapping) into ``face_lint``."""
    others = faces.others if hasattr(faces, "others") else faces
    for key in others:
        face_lint.add(key, others[key])


FACE_CODES = frozenset({"T709", "T710"})  # the face checks report collisions, small type and contrast by element
FACE_HINTS = {"T709": "keep text wholly on, or wholly off, the shapes around it",
              "T710": "move the text or the line",
              "T731": "take out the forced line break, or reword the text"}


def face_problems(manifest: Manifest, face: Face) -> list[PageProblem]:
    """What the face lint finds on one card side."""
    return list(chain(lint_items(face.items, {}, manifest.lint, codes=FACE_CODES), lone_words(face.items)))


class FaceLint:
    """Text straddling a shape's edge or crossed by a line on card sides, taken one side at a time
    and reported once per deck and problem."""

    def __init__(self, pack: Pack):
        self.manifest = pack.manifest
        self.seen: dict[tuple[str, str, str], tuple[dict[str, None], dict[str, None]]] = {}

    def add(self, key: str, face: Face | None, problems: list[PageProblem] | None = None) -> None:
        """The problems of ``face``, found here unless given (``face_problems``, made in a worker)."""
        deck = key.split("/")[0]
        if problems is None:
            assert face is not None, "a face or its problems"
            problems = face_problems(self.manifest, face)
        for problem in problems:
            whats, sides = self.seen.setdefault((deck, problem.code, problem.problem), ({}, {}))
            whats[problem.what] = None
            sides[f"'{key.split('/')[-1]}'"] = None

    def findings(self) -> Iterator[Finding]:
        m = self.manifest
        for (deck, code, problem), (whats, sides) in self.seen.items():
            spec = m.deck(deck)
            where = spec.location if spec is not None else Location(m.path)
            yield Finding(code, f"deck '{deck}': {problem}: {_some(sorted(whats))} (on {_some(sorted(sides))})", where,
                          FACE_HINTS[code])


def face_findings(pack: Pack, faces: Mapping[str, Face]) -> Iterator[Finding]:
    """The face lint over every face of ``faces``."""
    lint = FaceLint(pack)
    for key in faces:
        lint.add(key, faces[key])
    yield from lint.findings()


def document_lint(pack: Pack, file: str, document: Document) -> PageLint:
    """The page lint for one of a pack's documents, ready to take its pages.

    Findings on the board point at [board]; the card sheets and pieces, which
    printkit lays out itself, at the top of game.toml.
    """
    m = pack.manifest
    where = m.board.location if file == "board.pdf" and m.board else Location(m.path)
    return PageLint(document.faces, m.lint, file, where)


def document_findings(pack: Pack, documents: Mapping[str, Document | None],
                      glyphs: DocumentGlyphs | None = None,
                      progress: Callable[[str, int, int], None] | None = None,
                      cache: CheckCache | None = None) -> Iterator[Finding]:
    """The page lint over each named document (None for one the pack does not have); with
    ``glyphs``, each page's text goes there too, as the page is laid out for the lint;
    ``progress(file, done, total)`` hears of each page; ``cache`` keeps cards.pdf's sheets' lint."""
    for file, document in documents.items():
        if document is None:
            continue
        lint = document_lint(pack, file, document)
        if cache is not None and file == "cards.pdf":
            from .sheet_cache import lint_sheets_kept
            if lint_sheets_kept(cache, lint, document.pages, glyphs, progress):
                yield from lint.findings()
                continue
        total = len(document.pages)
        for number, page in enumerate(document.pages, 1):
            lint.add(number, page)
            if glyphs is not None:
                glyphs.add_page(file, page)
            if progress is not None:
                progress(file, number, total)
        yield from lint.findings()


def kit_findings(pack: Pack, page_lints: Mapping[str, PageLint], documents: Mapping[str, Document | None],
                 face_lint: FaceLint) -> Iterator[Finding]:
    """What a build reports: the page lint over each document it made (``page_lints``, fed as
    the pages were drawn), and over every card side (``face_lint`` holds the fronts, linted as
    the build drew them)."""
    for lint in page_lints.values():
        yield from lint.findings()
    cards = documents.get("cards.pdf")
    if cards is not None:
        add_other_sides(face_lint, cards.faces)
    yield from face_lint.findings()
