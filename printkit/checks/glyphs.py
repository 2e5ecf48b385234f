"""T701 beyond the card faces: characters the kit's own pages and the rules would print as gaps.

Card sides are checked side by side (printkit.checks.faces). The rest of the kit sets the pack's
names and titles in printkit's fonts too: the print guide, card checklist and sheet labels of
cards.pdf, board.pdf, and the rules. Each borrows a character its font lacks from the pack's
``[fonts] fallback``; a character no font has is reported here, once per document, at the first
place in the pack's files where it is written (a CSV cell, a line of the rules, game.toml).

The pages are read as laid out (the same display lists the PDFs are drawn from); the rules, which
the PDF library typesets, are walked block by block with the fonts printkit.rules.typefaces gives
each kind of text. Nothing here imports the PDF library.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..faces.requirement import draw_requirement
from ..faces.tokens import token
from ..core.findings import Finding, Location
from ..core.fonts import font_chain, font_label, metrics, with_fallback
from ..geometry.draw import Item, Page, Text, flatten
from ..core.mm import Rect
from ..geometry.richparse import parse_rich
from ..geometry.typography import smart_quotes
from ..model.pack import Card, Pack, TokenStyle
from ..core.packpath import clipped
from ..requirements import Requirement
from ..rules.document import load_rules, read_rules_source, rules_path
from ..model.rules_generated import CardTable, Legend
from ..model.rules_source import Heading, ListBlock, Paragraph, TableBlock
from ..rules.typefaces import STYLE_FONTS, heading_style, run_font

HINT = "add a font that has it to the fallback list under [fonts] in game.toml, or use another character"
RULES = "rules.pdf"


MAX_CHARS = 100  # missing characters kept: a pack lacking more has a font problem the first already show
MAX_TEXTS = 20  # texts kept for each missing character: enough to find every place it comes from
MAX_PLACES = 200  # occurrences of a character weighed in each source file


@dataclass
class _Gap:
    font: str  # the font key the text is first set in, fallback fonts and all
    files: dict[str, str]  # document -> the part of it the text is in, as a reader would name it


class DocumentGlyphs:
    """Missing characters of a pack's documents, gathered page by page or text by text.

    Each character is kept with the texts it is missing from (at most MAX_TEXTS of them) and the
    documents that print each text; ``findings`` reports it once for every place in the pack's
    files those texts come from.
    """

    def __init__(self, pack: Pack):
        self.pack = pack
        self.gaps: dict[str, dict[str, _Gap]] = {}  # character -> text -> where it is printed

    def add_page(self, file: str, page: Page) -> None:
        """The text a page draws itself: card faces it places are checked as card sides."""
        self.add_items(file, page.items, page.label)

    def add_items(self, file: str, items: Iterable[Item], where: str) -> None:
        for item in flatten(items):
            if isinstance(item, Text):
                self.add_text(file, item.text, item.font, where)

    def add_text(self, file: str, text: str, font: str, where: str, context: str | None = None) -> None:
        """``text`` as ``file`` prints it in ``font``; ``context`` is the whole line or paragraph it
        is part of, which messages quote and the search for where it comes from weighs."""
        missing = metrics(font).missing(text)
        text = context or text
        for char in missing:
            if char not in self.gaps and len(self.gaps) >= MAX_CHARS:
                continue
            texts = self.gaps.setdefault(char, {})
            if text in texts:
                texts[text].files.setdefault(file, where)
            elif len(texts) < MAX_TEXTS:
                texts[text] = _Gap(font, {file: where})

    def findings(self, reported: Iterable[Location] = ()) -> list[Finding]:
        """One T701 for each missing character and place it is written, except where a T701 already
        stands (a card that prints the character with a gap too): one fix mends both."""
        taken = set(reported)
        sources = TextSources(self.pack)
        places: dict[tuple[str, Location], tuple[str, _Gap]] = {}
        for char, texts in self.gaps.items():
            for text, gap in texts.items():
                where = sources.locate(char, text, prefer_rules=RULES in gap.files) or Location(self.pack.manifest.path)
                if where in taken:
                    continue
                if (char, where) in places:
                    for file, part in gap.files.items():
                        places[(char, where)][1].files.setdefault(file, part)
                else:
                    places[(char, where)] = (text, _Gap(gap.font, dict(gap.files)))
        return [_finding(char, where, text, gap) for (char, where), (text, gap) in places.items()]


def _finding(char: str, where: Location, text: str, gap: _Gap) -> Finding:
    fallback = " or any of the pack's fallback fonts" if len(font_chain(gap.font)) > 1 else ""
    files = [f"{file} ({part})" for file, part in gap.files.items()]
    printed = files[0] if len(files) == 1 else ", ".join(files[:-1]) + " and " + files[-1]
    return Finding("T701", f"'{char}' (U+{ord(char):04X}) has no glyph in the {font_label(gap.font)} font{fallback}, "
                           f"so {printed} would print '{clipped(text)}' with a gap", where, HINT)


class TextSources:
    """Finds where in the pack's files (CSV cells, game.toml, the rules source) a printed text's
    character was written: of the places that hold the character, the one whose surroundings
    match the text's the furthest."""

    def __init__(self, pack: Pack):
        self.pack = pack
        self._texts: dict[Path, str | None] = {}
        # character -> the places holding it: (source text, offset, where), per source in order
        self._places: dict[str, tuple[list, list]] = {}

    def locate(self, char: str, text: str, prefer_rules: bool = False) -> Location | None:
        """The best place for ``char`` as it stands in ``text``; None if no file holds it. On a tie
        the cards come first, then game.toml, then the rules (the rules first for rules text)."""
        at = text.find(char)
        if char not in self._places:
            self._places[char] = self._find(char)
        cards, files = self._places[char]
        best: tuple[int, Location] | None = None
        for source, offset, location in ([*reversed(files), *cards] if prefer_rules else [*cards, *files]):
            score = _match(source, offset, text, at)
            if best is None or score > best[0]:
                best = (score, location)
        return best[1] if best else None

    def _find(self, char: str) -> tuple[list[tuple[str, int, Location]], list[tuple[str, int, Location]]]:
        """Where ``char`` stands in the cards' cells and in game.toml and the rules source, at most
        MAX_PLACES places in each: a character every card repeats is weighed in a few of them."""
        cards: list[tuple[str, int, Location]] = []
        for deck in self.pack.decks.values():
            for card in deck.cards:
                for cell in card.cells.values():
                    if char in cell.text and len(cards) < MAX_PLACES:
                        offset = cell.text.index(char)
                        cards.append((cell.text, offset, cell.location_at(offset)))
        rules = rules_path(self.pack)
        files = [place for path in [self.pack.manifest.path] + ([rules] if rules else [])
                 for place in self._in_file(path, char)]
        return cards, files

    def _in_file(self, path: Path, char: str) -> Iterator[tuple[str, int, Location]]:
        if path not in self._texts:
            self._texts[path] = self._read(path)
        source = self._texts[path] or ""
        at = source.find(char)
        for _ in range(MAX_PLACES):
            if at < 0:
                return
            line = source.count("\n", 0, at) + 1
            yield source, at, Location(path, line, at - (source.rfind("\n", 0, at) + 1) + 1)
            at = source.find(char, at + 1)

    def _read(self, path: Path) -> str | None:
        if path == rules_path(self.pack):
            text = read_rules_source(self.pack)
            return text if isinstance(text, str) else None
        try:
            return path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return None


def _match(source: str, offset: int, text: str, at: int) -> int:
    """How many characters around ``source[offset]`` and ``text[at]`` (the same character) agree."""
    left = 0
    while left < at and left < offset and source[offset - left - 1] == text[at - left - 1]:
        left += 1
    right = 1
    while at + right < len(text) and offset + right < len(source) and source[offset + right] == text[at + right]:
        right += 1
    return left + right


def cell_with(card: Card | None, char: str) -> Location | None:
    """Where ``char`` first stands in one of ``card``'s cells; None if in none."""
    if card is None:
        return None
    for cell in card.cells.values():
        if char in cell.text:
            return cell.location_at(cell.text.index(char))
    return None


# -- the rules ------------------------------------------------------------------

def rules_glyphs(pack: Pack, glyphs: DocumentGlyphs) -> None:
    """Every text the typeset rules print into ``glyphs``, in the font it is set in."""
    rules = load_rules(pack, odds=False)
    if rules is None or not rules.blocks:
        return
    walker = _RulesText(pack, glyphs)
    for n, block in enumerate(rules.blocks):
        title = n == 0 and isinstance(block, Heading) and block.level == 1  # as the typesetter places it
        walker.block(block, "title" if title else None)
    glyphs.add_text(RULES, f"{smart_quotes(pack.manifest.title)}: rules", with_fallback(
        STYLE_FONTS["footer"], pack.manifest.fonts.fallback), "the page footer")


class _RulesText:
    """Every text of the rules with the font the typesetter sets it in."""

    def __init__(self, pack: Pack, glyphs: DocumentGlyphs):
        self.m, self.glyphs = pack.manifest, glyphs
        self.fallback = pack.manifest.fonts.fallback

    def runs(self, runs, style: str, where: str) -> None:
        text = smart_quotes("".join(run.text for run in runs))
        at = 0
        for run in runs:
            piece, at = text[at:at + len(run.text)], at + len(run.text)
            font = with_fallback(run_font(STYLE_FONTS[style], run.style), self.fallback)
            self.glyphs.add_text(RULES, piece, font, where, text)

    def rich(self, text: str, style: str, where: str) -> None:
        """A card's value as the tables show it: its emphasis kept, its icons drawn."""
        for span in parse_rich(text, self.m.icons):
            if span.icon is None and not span.br:
                emphasis = {(True, True): "bold-italic", (True, False): "bold", (False, True): "italic"}
                font = run_font(STYLE_FONTS[style], emphasis.get((span.bold, span.italic), "plain"))
                self.glyphs.add_text(RULES, smart_quotes(span.text), with_fallback(font, self.fallback), where)

    def drawn(self, cell, where: str) -> None:
        """A requirement or token drawn in a table: the text of its drawing."""
        items: Iterable[Item]
        if isinstance(cell, Requirement):
            items = draw_requirement(cell, Rect(0, 0, 1e3, 1e3), self.m, compact=True, scale=1.0).items
        else:
            items = token(cell, 5.0, 5.0, 5.0, fallback=self.fallback)
        self.glyphs.add_items(RULES, items, where)

    def block(self, block, style: str | None = None) -> None:
        if isinstance(block, Heading):
            self.runs(block.content, style or heading_style(block.level), "a heading")
        elif isinstance(block, Paragraph):
            self.runs(block.content, "body", "the text")
        elif isinstance(block, ListBlock):
            for item in block.items:
                for inner in item:
                    self.block(inner)
        elif isinstance(block, TableBlock):
            for cell in block.header:
                self.runs(cell, "head", "a table")
            for row in block.rows:
                for cell in row:
                    self.runs(cell, "cell", "a table")
        elif isinstance(block, CardTable):
            self._card_table(block)
        elif isinstance(block, Legend):
            self._legend(block)

    def _card_table(self, block: CardTable) -> None:
        where = "a table of " + ", ".join(c.title for c in block.columns if c.title)
        for column in block.columns:
            self.glyphs.add_text(RULES, smart_quotes(column.title), with_fallback(STYLE_FONTS["head"], self.fallback),
                                 where)
        for row in block.rows:
            for cell in row:
                if isinstance(cell, (Requirement, TokenStyle)):
                    self.drawn(cell, where)
                else:  # as the typesetter does: whatever else a cell holds is set as its text
                    self.rich(str(cell), "cell", where)

    def _legend(self, block: Legend) -> None:
        cell = with_fallback(STYLE_FONTS["cell"], self.fallback)
        for style, name in block.tokens:
            self.drawn(style, "the notation legend")
            self.glyphs.add_text(RULES, smart_quotes(name), cell, "the notation legend")
        for requirement, meaning in block.examples:
            self.drawn(requirement, "the notation legend")
            self.glyphs.add_text(RULES, smart_quotes(meaning), cell, "the notation legend")
        body = STYLE_FONTS["body"]
        for name, label in block.categories:
            self.glyphs.add_text(RULES, smart_quotes(name), with_fallback(run_font(body, "bold"), self.fallback),
                                 "the notation legend")
            self.glyphs.add_text(RULES, smart_quotes(label), with_fallback(body, self.fallback), "the notation legend")


def glyph_findings(findings: Iterable[Finding]) -> Iterator[Location]:
    """Where T701s already stand: a document's gap at the same place is not reported twice."""
    return (f.location for f in findings if f.code == "T701")
