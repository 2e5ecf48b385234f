"""The sheet-page lint of cards.pdf kept between runs (``printkit check --cache DIR``).

A deck's sheets are laid out from its sheet layout, its title (the page
labels), how many cards it has and its back, and the page lint sees a placed
face only as a region of the face's size (printkit.checks.page_shape). So
what the lint finds on every sheet page of one paper, and the label texts
that would print with a gap, depend only on those, on the sheet options and
fallback fonts, and on what the cache's pack key covers (game.toml, the
lint settings, printkit's code and fonts). Those are the entry's key: a
re-check after editing one card's values finds the entry and lays out no
sheet, while a change to a deck's title, size, number of cards or layout
lints every sheet again. The print guide before the sheets (its checklist
names every card) is linted every time.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..core.errors import PrintkitError
from ..core.fonts import metrics
from ..geometry.draw import Text, face_size, flatten

if TYPE_CHECKING:
    from .cache import CheckCache
    from .glyphs import DocumentGlyphs
    from .pages import PageLint


def lint_sheets_kept(cache: CheckCache, lint: PageLint, pages: Any, glyphs: DocumentGlyphs | None,
                     progress: Callable[[str, int, int], None] | None) -> bool:
    """Lint ``pages`` (a cards.pdf document's) into ``lint`` and ``glyphs``: the print guide page by
    page, the sheets from ``cache`` when kept there (else page by page, then kept). False, and
    nothing done, for pages that are not a guide followed by sheets."""
    from ..kit.document import Pages
    from ..kit.sheets import SheetPages

    if not (isinstance(pages, Pages) and isinstance(pages.rest, SheetPages)):
        return False
    total, offset = len(pages), len(pages.first)
    for number, page in enumerate(pages.first, 1):
        _add(lint, glyphs, progress, number, total, page)
    key = _key(lint, pages.rest)
    kept = _decoded(cache.kept(key), len(pages.rest))
    if kept is None:
        sheets = type(lint)(lint.faces, lint.limits, lint.file, lint.where, lint.hint)
        texts: list[list[str]] = []
        for number, page in enumerate(pages.rest, offset + 1):
            _add(sheets, glyphs, progress, number, total, page)
            texts += ([item.text, item.font, page.label] for item in flatten(page.items)
                      if isinstance(item, Text) and metrics(item.font).missing(item.text))
        seen = [(code, problem, list(whats), sorted(n - offset for n in numbers))
                for (code, problem), (whats, numbers) in sheets.seen.items()]
        cache.keep(key, [[[code, problem, whats, _runs(numbers)] for code, problem, whats, numbers in seen], texts])
        cache.save()
    else:
        seen, gaps = kept
        for text, font, where in gaps:
            if glyphs is not None:
                glyphs.add_text(lint.file, text, font, where)
        if progress is not None:
            progress(lint.file, total, total)
    for code, problem, whats, numbers in seen:  # in the order the pages first showed each problem
        had, on = lint.seen.setdefault((code, problem), ({}, set()))
        had.update(dict.fromkeys(whats))
        on.update(n + offset for n in numbers)
    return True


def _add(lint: PageLint, glyphs: DocumentGlyphs | None, progress: Callable[[str, int, int], None] | None,
         number: int, total: int, page) -> None:
    lint.add(number, page)
    if glyphs is not None:
        glyphs.add_page(lint.file, page)
    if progress is not None:
        progress(lint.file, number, total)


def _key(lint: PageLint, sheets) -> str:
    """Everything the sheets' lint depends on beyond the cache's pack key (see the module's text)."""
    runs = []
    for run in sheets.runs:
        sizes = list(dict.fromkeys(face_size(lint.faces, key) for key in run.deck.fronts))
        runs.append([repr(run.layout), run.deck.title, len(run.deck.fronts), repr(face_size(lint.faces, run.deck.back)),
                     repr(sizes) if len(sizes) <= 1 else repr([face_size(lint.faces, k) for k in run.deck.fronts])])
    return json.dumps(["sheet pages", lint.file, repr(lint.limits), repr(sheets.options), sheets.sides,
                       list(sheets.fallback), runs])


def _runs(numbers: list[int]) -> list[list[int]]:
    """Sorted page numbers as [first, last] runs: a problem on every page of a thousand is one run."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return runs


def _decoded(value: Any, pages: int) -> tuple[list[tuple[str, str, list[str], list[int]]],
                                             list[tuple[str, str, str]]] | None:
    """A kept entry's problems and texts (on at most ``pages`` pages), checked whole; None for none,
    or one damaged or not ours."""
    try:
        kept, texts = value
        seen = [(code, problem, list(whats), list(_numbers(runs, pages))) for code, problem, whats, runs in kept]
        if not all(isinstance(s, str) for code, problem, whats, _ in seen for s in (code, problem, *whats)):
            return None
        found = [(text, font, where) for text, font, where in texts]
        if not all(isinstance(s, str) for row in found for s in row):
            return None
        for _, font, _ in found:
            metrics(font)  # a font printkit no longer has: checked again
    except (TypeError, ValueError, KeyError, OSError, PrintkitError):
        return None
    return seen, found


def _numbers(runs: Any, pages: int) -> Iterator[int]:
    for first, last in runs:
        if not (isinstance(first, int) and isinstance(last, int) and 0 < first <= last <= pages):
            raise ValueError("not a run of pages")
        yield from range(first, last + 1)
