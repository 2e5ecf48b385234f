"""cards.pdf for the Gag Grab pack, read back from the PDF the way a printer would see it.

``printkit build gag-grab`` is run once per (paper, backs) combination for the
whole session. The expectations are worked out here, by hand, from the pack's
CSV files and the print conventions (poker cards, 3 × 3 to a sheet, touching,
centred, 2.5 mm apart where the paper has room; backs mirrored behind their
fronts); nothing is taken from
``printkit.geometry`` or from a previous run.

Tools: pypdf for the PDF's structure (page boxes, fonts, where each card face
is drawn and clipped, the lines a page strokes itself), pdfplumber for what ends
up on the page once form XObjects are flattened (words and their positions,
crop-mark lines). pdfplumber is slow (~0.1 s a page), so it reads every front
page of the fronts-only builds but only each deck's first and last sheet (a full
one and the partly filled one) in the builds with backs; the pypdf checks cover
every page of every build.

Coordinates in the helpers are millimetres from the page's bottom-left corner.
"""
from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream, IndirectObject

from printkit.commands.cli import cli

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[2]
PACK_DIR = REPO / "cards" / "gag-grab"

PT_PER_MM = 72 / 25.4

# Print conventions for this pack (poker size, 9 to a sheet), by hand.
CARD_W, CARD_H = 63.5, 88.9
COLUMNS, ROWS = 3, 3
PER_SHEET = COLUMNS * ROWS
# With no --gutter a sheet opens gaps of up to 2.5 mm where the paper has room (tests/layout/test_sheet.py
# works the figures): each end of an axis keeps the 4 mm printers cannot reach plus 3 mm of bleed (the
# label's end 4.95 mm more), so A4 has room for 2.75 mm across and 5.67 down: 2.5 both ways. Letter
# has 3.22 across, but is 1.3 mm short of 3 mm bleed at the top and bottom: its rows get 0.85 mm gaps.
GUTTER = {"a4": (2.5, 2.5), "letter": (2.5, 0.85)}

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
# Bottom-left corner of the grid, by hand: 4 mm (8.95 at the label's end) plus half of what is left.
# A4: 4 + (210 - 190.5 - 8 - 5) / 2 = 7.25; 8.95 + (297 - 266.7 - 12.95 - 5) / 2 = 15.125.
# Letter: 8.95 + (215.9 - 190.5 - 12.95 - 5) / 2 = 12.675; 4 + (279.4 - 266.7 - 8 - 1.7) / 2 = 5.5.
GRID_ORIGIN = {"a4": (7.25, 15.125), "letter": (12.675, 5.5)}

PAPERS = ("a4", "letter")
BACKS = ("long-edge", "short-edge", "none")
DUPLEX = ("long-edge", "short-edge")
ALL_BUILDS = [(p, b) for p in PAPERS for b in BACKS]
DUPLEX_BUILDS = [(p, b) for p in PAPERS for b in DUPLEX]

HAIRLINE_PT = 0.25
STANDARD_14 = {
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats",
}


# -- the pack's data, straight from its files ----------------------------------------------

@dataclass(frozen=True)
class DeckData:
    key: str
    title: str  # as game.toml names the deck
    label: str | None  # what its backs say, in capitals
    copies: tuple[str, ...]  # the name of every physical card, in CSV order

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.copies))

    @property
    def sheets(self) -> list[tuple[str, ...]]:
        return [self.copies[i:i + PER_SHEET] for i in range(0, len(self.copies), PER_SHEET)]


def _rows(file: str) -> list[dict[str, str]]:
    with open(PACK_DIR / file, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def read_decks() -> list[DeckData]:
    """The Kid and Gag decks, in manifest order: Kid rows repeated by ``count``, one of each Gag;
    then the player aids, one per player (titled as [player_aid] says), whose backs carry no
    deck label."""
    manifest = tomllib.loads((PACK_DIR / "game.toml").read_text(encoding="utf-8"))
    decks = manifest["decks"]
    kids = tuple(r["name"] for r in _rows("kids.csv") for _ in range(int(r["count"])))
    gags = tuple(r["name"] for r in _rows("gags.csv"))
    aids = (manifest["player_aid"]["title"],) * manifest["game"]["players"]["max"]
    return [DeckData("kids", decks["kids"]["title"], "KID", kids),
            DeckData("gags", decks["gags"]["title"], "GAG", gags),
            DeckData("player-aid", "Player aids", None, aids)]


DECKS = read_decks()
LABELLED = [d for d in DECKS if d.label]  # decks whose backs show a deck label


@dataclass(frozen=True)
class PageRole:
    kind: str  # guide, checklist, front or back
    deck: DeckData | None = None
    sheet: int = 0  # 0-based sheet number within the deck

    @property
    def cards(self) -> tuple[str, ...]:
        return self.deck.sheets[self.sheet] if self.deck else ()


# Without backs the player aids' backs, which carry rules ([player_aid] powers_title), are printed
# after their fronts, to glue back to back.
AID_BACK_TITLE = tomllib.loads((PACK_DIR / "game.toml").read_text(encoding="utf-8"))["player_aid"]["powers_title"]


def printed_decks(backs: str) -> list[DeckData]:
    """The decks as the sheets print them: without backs, the aids' backs join their fronts."""
    if backs != "none":
        return DECKS
    aids = DECKS[-1]
    return DECKS[:-1] + [DeckData(aids.key, aids.title, aids.label,
                                  aids.copies + (AID_BACK_TITLE,) * len(aids.copies))]


def page_plan(backs: str) -> list[PageRole]:
    """What each page of cards.pdf should be, in order: the guide and the checklist (padded to a
    whole sheet of paper when the sheets have backs), then each deck's fronts and backs."""
    plan = [PageRole("guide"), PageRole("checklist")]
    for deck in printed_decks(backs):
        for n in range(len(deck.sheets)):
            plan.append(PageRole("front", deck, n))
            if backs != "none":
                plan.append(PageRole("back", deck, n))
    return plan


# -- sheet geometry, in mm ------------------------------------------------------------------

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


def grid_size(paper: str) -> tuple[float, float]:
    gx, gy = GUTTER[paper]
    return COLUMNS * CARD_W + (COLUMNS - 1) * gx, ROWS * CARD_H + (ROWS - 1) * gy


def grid_rect(paper: str) -> Rect:
    x, y = GRID_ORIGIN[paper]
    w, h = grid_size(paper)
    return x, y, x + w, y + h


def cut_lines(paper: str) -> tuple[list[float], list[float]]:
    """x of each vertical cut line, y of each horizontal one, in increasing order: both edges of
    every card, one line where cards touch."""
    left, _, _, top = grid_rect(paper)
    gx, gy = GUTTER[paper]
    xs = {round(left + c * (CARD_W + gx) + e, 6) for c in range(COLUMNS) for e in (0, CARD_W)}
    ys = {round(top - r * (CARD_H + gy) - e, 6) for r in range(ROWS) for e in (0, CARD_H)}
    return sorted(xs), sorted(ys)


def front_slot(paper: str, slot: int) -> Rect:
    """Trim rectangle of a front slot; slots run in reading order from the top left."""
    col, row = slot % COLUMNS, slot // COLUMNS
    left, _, _, top = grid_rect(paper)
    gx, gy = GUTTER[paper]
    x, y1 = left + col * (CARD_W + gx), top - row * (CARD_H + gy)
    return x, y1 - CARD_H, x + CARD_W, y1


def behind(paper: str, backs: str, rect: Rect) -> Rect:
    """Where ``rect`` on a front lands on the back page, for the way the sheet is turned."""
    w, h = PAPER_MM[paper]
    x0, y0, x1, y1 = rect
    if backs == "long-edge":
        return w - x1, y0, w - x0, y1
    return x0, h - y1, x1, h - y0


def centre(rect: Rect) -> tuple[float, float]:
    return (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2


def overlap(a: Rect, b: Rect) -> float:
    """Area (mm²) that two rectangles share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def contains(outer: Rect, inner: Rect, tol: float = 0.01) -> bool:
    return (outer[0] <= inner[0] + tol and outer[1] <= inner[1] + tol
            and outer[2] >= inner[2] - tol and outer[3] >= inner[3] - tol)


def inside(point: tuple[float, float], rect: Rect) -> bool:
    return rect[0] <= point[0] <= rect[2] and rect[1] <= point[1] <= rect[3]


# -- reading the PDF: pypdf -------------------------------------------------------------------

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PATH_ENDS = {b"n", b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}


def then(m: Matrix, n: Matrix) -> Matrix:
    """The transform that applies ``m`` first and ``n`` after (PDF's ``m × n``)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def transform(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def bounds_through(m: Matrix, rect: Rect) -> Rect:
    pts = [transform(m, x, y) for x in (rect[0], rect[2]) for y in (rect[1], rect[3])]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def intersect(a: Rect | None, b: Rect) -> Rect:
    if a is None:
        return b
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def pt_rect_to_mm(r: Rect) -> Rect:
    return tuple(v / PT_PER_MM for v in r)  # type: ignore[return-value]


def _dict(value) -> dict:
    return value.get_object() if value is not None else {}


def _entry(container, key) -> tuple[object, int]:
    """A dictionary entry, resolved, with its object number (its id() if it is a direct object)."""
    raw = container.raw_get(key)
    obj = raw.get_object()
    return obj, (raw.idnum if isinstance(raw, IndirectObject) else id(obj))


CARD_PT = (0.0, 0.0, CARD_W * PT_PER_MM, CARD_H * PT_PER_MM)  # a face's trim, in its own units
PAINTING = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"Tj", b"TJ", b"'", b'"', b"sh", b"BI"}


@dataclass(frozen=True)
class Placement:
    """A card face drawn on a page: a top-level ``q … Q`` block that clips, then paints.

    Faces may be form XObjects (placed with ``Do``) or drawn in place; either
    way the face's own coordinates have their origin at the trim's bottom-left
    corner (so a card's trim is ``CARD_PT`` in them).
    """

    transform: Matrix  # face units to page points, as set up by the block's own ``cm`` (and form /Matrix)
    clip: Rect  # mm, the block's clip rectangle (bounds, for a clip path that is not a rectangle)

    @property
    def rect(self) -> Rect:
        return pt_rect_to_mm(bounds_through(self.transform, CARD_PT))

    @property
    def linear(self) -> tuple[float, float, float, float]:
        return self.transform[:4]


@dataclass(frozen=True)
class PageContent:
    placements: list[Placement]  # card faces, in drawing order
    strokes: list[Seg]  # straight lines stroked by the page itself, outside any q … Q block


def read_page(page) -> PageContent:
    """The page's own content stream, read with pypdf: the card faces it places and the lines it strokes."""
    xobjects = _dict(_dict(page.get("/Resources")).get("/XObject"))
    ctm, clip, width, colour = IDENTITY, None, 1.0, (0.0,)
    stack: list = []
    path_box: Rect | None = None  # bounds of the current path, for clipping
    segments: list = []  # straight pieces of the current path, in pt
    start = point = (0.0, 0.0)
    clipping = False
    block: dict | None = None  # the open top-level q … Q block
    placed, strokes = [], []

    def grow(x: float, y: float) -> None:
        nonlocal path_box
        path_box = (x, y, x, y) if path_box is None else (min(path_box[0], x), min(path_box[1], y),
                                                           max(path_box[2], x), max(path_box[3], y))

    for operands, op in page.get_contents().operations:
        depth = len(stack)
        if op == b"q":
            stack.append((ctm, clip, width, colour))
            if depth == 0:
                block = {"transform": ctm, "clip": None, "paints": False}
        elif op == b"Q":
            ctm, clip, width, colour = stack.pop()
            if depth == 1 and block is not None:
                if block["clip"] is not None and block["paints"]:
                    placed.append(Placement(block["transform"], pt_rect_to_mm(block["clip"])))
                block = None
        elif op == b"cm":
            ctm = then(tuple(float(v) for v in operands), ctm)
            if depth == 1 and block is not None:
                block["transform"] = ctm
        elif op == b"w":
            width = float(operands[0])
        elif op in (b"RG", b"G", b"K", b"SC", b"SCN"):
            colour = tuple(float(v) for v in operands if not isinstance(v, str))
        elif op == b"m":
            start = point = transform(ctm, float(operands[0]), float(operands[1]))
            grow(*point)
        elif op == b"l":
            end = transform(ctm, float(operands[0]), float(operands[1]))
            segments.append((point, end))
            point = end
            grow(*point)
        elif op in (b"c", b"v", b"y"):
            point = transform(ctm, float(operands[-2]), float(operands[-1]))
            grow(*point)
        elif op == b"h":
            segments.append((point, start))
            point = start
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            corners = [transform(ctm, *c) for c in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            segments += list(zip(corners, corners[1:] + corners[:1]))
            for c in corners:
                grow(*c)
        elif op in (b"W", b"W*"):
            clipping = True
        elif op == b"Do":
            form, _ = _entry(xobjects, operands[0])
            if block is not None and form.get("/Subtype") == "/Form":
                block["paints"] = True
                if depth == 1:
                    block["transform"] = then(tuple(float(v) for v in form.get("/Matrix", IDENTITY)), ctm)
        if op in PAINTING and block is not None:
            block["paints"] = True
        if op in PATH_ENDS:
            if clipping and path_box is not None:
                clip = intersect(clip, path_box)  # exact for a rectangle; any other path's bounds
                if depth == 1 and block is not None:
                    block["clip"] = clip
            if op in (b"S", b"s", b"B", b"B*", b"b", b"b*") and depth == 0:
                scale = abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5
                for (x0, y0), (x1, y1) in segments:
                    strokes.append(Seg(min(x0, x1) / PT_PER_MM, min(y0, y1) / PT_PER_MM,
                                       max(x0, x1) / PT_PER_MM, max(y0, y1) / PT_PER_MM, width * scale, colour))
            path_box, segments, clipping = None, [], False
    return PageContent(placed, strokes)


def font_problem(font) -> str | None:
    """Why a font dictionary is not an embedded TrueType font, or None if it is one."""
    font = font.get_object()
    base = str(font.get("/BaseFont", "?")).lstrip("/")
    subtype = font.get("/Subtype")
    descriptor_owner = font
    if subtype == "/Type0":
        descriptor_owner = font["/DescendantFonts"][0].get_object()
        if descriptor_owner.get("/Subtype") != "/CIDFontType2":
            return f"{base}: {descriptor_owner.get('/Subtype')} is not TrueType outlines"
    elif subtype != "/TrueType":
        return f"{base}: {subtype} font, not TrueType"
    if base.split("+")[-1] in STANDARD_14:
        return f"{base}: a standard-14 font"
    descriptor = descriptor_owner.get("/FontDescriptor")
    if descriptor is None or "/FontFile2" not in descriptor.get_object():
        return f"{base}: no FontFile2 (not embedded)"
    return None


def resource_fonts(reader: PdfReader) -> dict[str, object]:
    """Every font dictionary reachable from a page's resources, through forms too; keyed for messages."""
    fonts: dict[str, object] = {}
    seen: set[int] = set()

    def walk(resources, where: str) -> None:
        resources = _dict(resources)
        font_dict = _dict(resources.get("/Font"))
        for name in font_dict:
            font, number = _entry(font_dict, name)
            fonts.setdefault(f"obj {number}", (font, f"{where} {name}"))
        xobjects = _dict(resources.get("/XObject"))
        for name in xobjects:
            xobject, number = _entry(xobjects, name)
            if number in seen:
                continue
            seen.add(number)
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"), f"{where} form {name}")

    for n, page in enumerate(reader.pages, 1):
        walk(page.get("/Resources"), f"page {n}")
    return fonts


SHOW_TEXT = {b"Tj", b"TJ", b"'", b'"'}


def fonts_showing_text(reader: PdfReader) -> dict[str, tuple[object, str]]:
    """The fonts that actually show glyphs (Tj, TJ, ', "), following forms; keyed by object."""
    used: dict[str, tuple[object, str]] = {}
    done: set[int] = set()

    def shows_something(operands) -> bool:
        text = operands[-1]
        if isinstance(text, list):
            return any(isinstance(t, (str, bytes)) and len(t) > 0 for t in text)
        return len(text) > 0

    def walk(content, resources, where: str, font_name) -> None:
        resources = _dict(resources)
        fonts = _dict(resources.get("/Font"))
        xobjects = _dict(resources.get("/XObject"))
        stack = []
        for operands, op in content.operations:
            if op == b"q":
                stack.append(font_name)
            elif op == b"Q":
                font_name = stack.pop()
            elif op == b"Tf":
                font_name = operands[0]
            elif op in SHOW_TEXT and shows_something(operands):
                font, number = _entry(fonts, font_name)
                used.setdefault(f"obj {number}", (font, f"{where} {font_name}"))
            elif op == b"Do":
                form, number = _entry(xobjects, operands[0])
                if form.get("/Subtype") != "/Form" or number in done:
                    continue
                done.add(number)
                walk(ContentStream(form, reader), form.get("/Resources") or resources,
                     f"{where} form {operands[0]}", font_name)

    for n, page in enumerate(reader.pages, 1):
        walk(page.get_contents(), page.get("/Resources"), f"page {n}", None)
    return used


# -- reading the PDF: pdfplumber --------------------------------------------------------------

@dataclass(frozen=True)
class Word:
    text: str  # as read by someone holding the card the right way up
    centre: tuple[float, float]  # mm, centre of the word's box
    rotation: int | None  # 0 upright, 180 upside down, None anything else


@dataclass(frozen=True)
class Seg:
    x0: float
    y0: float
    x1: float
    y1: float  # mm, x0 <= x1 and y0 <= y1
    width: float  # points
    colour: tuple

    @property
    def vertical(self) -> bool:
        return abs(self.x1 - self.x0) < 0.01 and self.y1 - self.y0 > 0.01

    @property
    def horizontal(self) -> bool:
        return abs(self.y1 - self.y0) < 0.01 and self.x1 - self.x0 > 0.01

    @property
    def length(self) -> float:
        return max(self.x1 - self.x0, self.y1 - self.y0)

    @property
    def black(self) -> bool:
        c = tuple(float(v) for v in (self.colour or ()))
        return c in {(0.0,), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0), (1.0, 1.0, 1.0, 1.0)}

    @property
    def white(self) -> bool:
        c = tuple(float(v) for v in (self.colour or ()))
        return c in {(1.0,), (1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0)}


def _rotation(chars) -> int | None:
    turns = set()
    for ch in chars:
        a, b, c, d = ch["matrix"][:4]
        if abs(b) < 1e-6 and abs(c) < 1e-6 and a > 0 and d > 0:
            turns.add(0)
        elif abs(b) < 1e-6 and abs(c) < 1e-6 and a < 0 and d < 0:
            turns.add(180)
        else:
            turns.add(None)
    return turns.pop() if len(turns) == 1 else None


class Built:
    """One build of cards.pdf and the pages read from it so far."""

    def __init__(self, paper: str, backs: str, path: Path, output: str):
        self.paper, self.backs, self.path, self.output = paper, backs, path, output
        self._words: dict[tuple[int, bool], list[Word]] = {}
        self._segs: dict[int, list[Seg]] = {}
        self._content: dict[int, PageContent] = {}

    @cached_property
    def reader(self) -> PdfReader:
        return PdfReader(self.path)

    @cached_property
    def plumber(self):
        return pdfplumber.open(self.path)

    def close(self) -> None:
        if "plumber" in self.__dict__:
            self.plumber.close()

    @property
    def plan(self) -> list[PageRole]:
        return page_plan(self.backs)

    def pages_of(self, kind: str) -> list[tuple[int, PageRole]]:
        return [(i, role) for i, role in enumerate(self.plan) if role.kind == kind]

    def words(self, index: int, flow: bool = False) -> list[Word]:
        """Words on a page (0-based); ``flow`` keeps content-stream order, so wrapped lines stay together."""
        if (index, flow) not in self._words:
            page = self.plumber.pages[index]
            h = float(page.height)
            found = []
            for w in page.extract_words(use_text_flow=flow, return_chars=True):
                turn = _rotation(w["chars"])
                chars = sorted(w["chars"], key=lambda ch: ch["x0"], reverse=turn == 180)
                text = "".join(ch["text"] for ch in chars) if turn in (0, 180) and not flow else w["text"]
                found.append(Word(text, ((w["x0"] + w["x1"]) / 2 / PT_PER_MM,
                                         (h - (w["top"] + w["bottom"]) / 2) / PT_PER_MM), turn))
            self._words[(index, flow)] = found
        return self._words[(index, flow)]

    def segs(self, index: int) -> list[Seg]:
        """Straight lines on a page (forms flattened), in mm from the bottom left."""
        if index not in self._segs:
            page = self.plumber.pages[index]
            h = float(page.height)
            self._segs[index] = [
                Seg(ln["x0"] / PT_PER_MM, (h - ln["bottom"]) / PT_PER_MM, ln["x1"] / PT_PER_MM,
                    (h - ln["top"]) / PT_PER_MM, float(ln.get("linewidth") or 0), ln.get("stroking_color"))
                for ln in page.lines]
        return self._segs[index]

    def text(self, index: int) -> str:
        return " ".join(w.text for w in self.words(index, flow=True))

    def content(self, index: int) -> PageContent:
        """What the page's own content stream draws, read with pypdf (fast; forms not flattened)."""
        if index not in self._content:
            self._content[index] = read_page(self.reader.pages[index])
        return self._content[index]


@pytest.fixture(scope="session")
def cards_pdf(tmp_path_factory):
    """``cards_pdf(paper, backs)``: the build for that combination, made on first use and kept."""
    built: dict[tuple[str, str], Built] = {}

    def get(paper: str, backs: str, *extra: str) -> Built:
        if (paper, backs, *extra) not in built:
            out = tmp_path_factory.mktemp(f"cards-{paper}-{backs}")
            result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(out),
                                              "--paper", paper, "--backs", backs, *extra])
            assert result.exit_code == 0, f"build failed ({result.exit_code}): {result.output}"
            built[(paper, backs, *extra)] = Built(paper, backs, out / "gag-grab" / "cards.pdf", result.output)
        return built[(paper, backs, *extra)]

    yield get
    for b in built.values():
        b.close()


def inspected(build: Built, kind: str) -> list[tuple[int, PageRole]]:
    """Sheet pages read with pdfplumber (slow): every front without backs, else each deck's first and
    last sheet (a full one and the partly filled one). pypdf-based tests cover every page."""
    pages = build.pages_of(kind)
    if kind == "front" and build.backs == "none":
        return pages
    return [(i, r) for i, r in pages if r.sheet in (0, len(r.deck.sheets) - 1)]


def normalise(text: str) -> str:
    return " ".join(text.split())


def names_in(text: str, names) -> set[str]:
    """The names that occur in ``text`` as whole words."""
    return {n for n in names if re.search(rf"(?<!\S){re.escape(normalise(n))}(?!\S)", text)}


# -- the pack and the hand-made numbers ----------------------------------------------------

def test_pack_has_the_cards_the_expectations_assume():
    kids, gags, aids = DECKS
    assert len(aids.copies) == 8 and len(aids.sheets) == 1
    assert (len(kids.copies), len(kids.names)) == (52, 16)
    assert [kids.copies.count(n) for n in ("Charlie Brown", "Snoopy", "Linus", "Lucy")] == [10] * 4
    assert (len(gags.copies), len(gags.names)) == (60, 60)
    assert [len(s) for s in kids.sheets] == [9, 9, 9, 9, 9, 7]
    assert [len(s) for s in gags.sheets] == [9, 9, 9, 9, 9, 9, 6]
    assert "Beethoven\u2019s Ninth" in gags.names


@pytest.mark.parametrize("paper", PAPERS)
def test_hand_computed_grid_fits_with_bleed_inside_the_printable_area(paper):
    w, h = PAPER_MM[paper]
    x0, y0, x1, y1 = grid_rect(paper)
    gx, gy = GUTTER[paper]
    outer = (3.0, 3.0) if paper == "a4" else (3.0, (4.7 - 2 * gy) / 2)  # Letter's rows: see GUTTER
    assert x0 - outer[0] >= 4.0 - 1e-9 and w - x1 - outer[0] >= 4.0 - 1e-9
    assert y0 - outer[1] >= 4.0 - 1e-9 and h - y1 - outer[1] >= 4.0 - 1e-9
    assert PAPER_PT[paper] == pytest.approx((w * PT_PER_MM, h * PT_PER_MM), abs=0.01)


# -- the document as a whole -----------------------------------------------------------------

@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_page_count_follows_the_sheets(cards_pdf, paper, backs):
    build = cards_pdf(paper, backs)
    expected = 2 + 6 + 7 + 2 if backs == "none" else 2 + 2 * 6 + 2 * 7 + 2 * 1
    assert len(page_plan(backs)) == expected
    assert len(build.reader.pages) == expected


@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_every_page_has_the_requested_paper_size(cards_pdf, paper, backs):
    build = cards_pdf(paper, backs)
    want_w, want_h = PAPER_PT[paper]
    wrong = []
    for n, page in enumerate(build.reader.pages, 1):
        box = page.mediabox
        size = (float(box.width), float(box.height))
        if abs(size[0] - want_w) > 0.01 or abs(size[1] - want_h) > 0.01:
            wrong.append((n, size))
        if page.get("/Rotate", 0) not in (0, None):
            wrong.append((n, f"/Rotate {page.get('/Rotate')}"))
    assert not wrong, f"pages not {paper} portrait ({want_w} × {want_h} pt): {wrong}"


@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_guide_gives_each_decks_page_range(cards_pdf, paper, backs):
    """The print guide (page 1) names each deck with the pages its sheets are on, as 'pages first–last',
    or 'page n' for a deck on one page."""
    build = cards_pdf(paper, backs)
    text = build.text(0)
    for deck in DECKS:
        pages = [n for n, role in enumerate(build.plan, 1) if role.deck is not None and role.deck.key == deck.key]
        if len(pages) == 1:
            span = rf"{re.escape(deck.title)}\b.{{0,80}}?\bpage {pages[0]}(?![\d\u2013-])"
        else:
            span = rf"{re.escape(deck.title)}\b.{{0,80}}?pages (?<!\d){pages[0]}\s*[\u2013-]\s*{pages[-1]}(?!\d)"
        assert re.search(span, text), f"guide does not give {deck.title} as pages {pages}"


@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_checklist_lists_every_card_in_csv_order(cards_pdf, paper, backs):
    """Page 2 (with backs or without) lists every distinct card of both decks, in CSV order."""
    build = cards_pdf(paper, backs)
    assert build.plan[1].kind == "checklist"
    text = build.text(1)
    position = 0
    for deck in DECKS:
        for name in deck.names:
            match = re.compile(rf"(?<!\S){re.escape(normalise(name))}(?!\S)").search(text, position)
            assert match, f"checklist lacks {name!r} (after character {position})"
            position = match.end()


# -- where the faces are placed (pypdf, every page) ----------------------------------------------

@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_faces_are_placed_exactly_at_their_slots(cards_pdf, paper, backs):
    """Fronts on their slots; backs on the mirrored slot, turned 180° for short-edge.

    One face per card on the sheet (a last sheet's empty slots get neither front
    nor back); each face's trim lands on its slot within 0.01 mm, at unit
    scale; its clip covers the card and never reaches into another card on the sheet.
    """
    build = cards_pdf(paper, backs)
    problems = []
    for index, role in enumerate(build.plan):
        if role.kind not in ("front", "back"):
            continue
        placed = build.content(index).placements
        filled = len(role.cards)
        if role.kind == "front":
            slots = [front_slot(paper, s) for s in range(PER_SHEET)]
            turned = (1.0, 0.0, 0.0, 1.0)
        else:
            slots = [behind(paper, backs, front_slot(paper, s)) for s in range(PER_SHEET)]
            turned = (1.0, 0.0, 0.0, 1.0) if backs == "long-edge" else (-1.0, 0.0, 0.0, -1.0)
        where = f"page {index + 1} ({role.kind}, {role.deck.key} sheet {role.sheet + 1})"
        if len(placed) != filled:
            problems.append(f"{where}: {len(placed)} faces placed, expected {filled}")
            continue
        unclaimed = set(range(filled))  # a last sheet fills slots 0.. in reading order
        for p in placed:
            hit = [s for s in sorted(unclaimed) if all(abs(a - b) < 0.01 for a, b in zip(p.rect, slots[s]))]
            if not hit:
                problems.append(f"{where}: a face at {p.rect} is on no filled slot "
                                f"{[slots[s] for s in sorted(unclaimed)]}")
                continue
            slot = hit[0]
            unclaimed.discard(slot)
            if any(abs(a - b) > 1e-6 for a, b in zip(p.linear, turned)):
                problems.append(f"{where} slot {slot}: transform {p.linear}, expected {turned}")
            if not contains(p.clip, slots[slot]):
                problems.append(f"{where} slot {slot}: clip {p.clip} cuts into the card {slots[slot]}")
            for other in range(filled):  # an empty slot is blank paper: a lone card may bleed into it
                if other != slot and overlap(p.clip, slots[other]) > 1e-3:
                    problems.append(f"{where} slot {slot}: may paint into neighbouring slot {other} "
                                    f"(clip {p.clip}, slot {slots[other]})")
    assert not problems, "\n".join(problems)


# -- fronts --------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_each_front_slot_shows_its_cards_name(cards_pdf, paper, backs):
    """Slots in reading order hold the cards in CSV order; empty slots of a last sheet stay blank.

    The words whose centres lie in a slot must contain the card's name (wrapped
    lines rejoined) and no other name of the deck.
    """
    build = cards_pdf(paper, backs)
    problems = []
    for index, role in inspected(build, "front"):
        words = build.words(index, flow=True)
        for slot in range(PER_SHEET):
            rect = front_slot(paper, slot)
            text = normalise(" ".join(w.text for w in words if inside(w.centre, rect)))
            where = f"page {index + 1} {role.deck.key} sheet {role.sheet + 1} slot {slot}"
            if slot >= len(role.cards):
                if text:
                    problems.append(f"{where}: should be empty, shows {text!r}")
                continue
            shown = names_in(text, role.deck.names)
            if shown != {role.cards[slot]}:
                problems.append(f"{where}: expected {role.cards[slot]!r}, names found {sorted(shown)} "
                                f"in {text[:80]!r}")
    assert not problems, "\n".join(problems)


def crop_mark_problems(segs: list[Seg], paper: str, where: str, filled: int = PER_SHEET) -> list[str]:
    """What is wrong with the crop marks among ``segs``: two per cut line, one beyond each end of it,
    black 0.25 pt hairlines clear of the cards, on the paper; and no other straight line outside the cards.

    A sheet of ``filled`` cards is marked only for the columns and rows that hold cards: the
    marks under the columns then start below the last row in use, on the empty paper under it.
    """
    gx0, gy0, gx1, gy1 = grid_rect(paper)
    xs, ys = cut_lines(paper)
    pw, ph = PAPER_MM[paper]
    used = [front_slot(paper, n) for n in range(filled)]
    foot = min(r[1] for r in used)  # the bottom of the last row in use
    used_x = {round(x, 6) for r in used for x in (r[0], r[2])}
    used_y = {round(y, 6) for r in used for y in (r[1], r[3])}
    expected = sorted([("v", i, side) for i, x in enumerate(xs) if round(x, 6) in used_x
                       for side in ("above", "below")]
                      + [("h", j, side) for j, y in enumerate(ys) if round(y, 6) in used_y
                         for side in ("left", "right")])
    problems, found = [], []
    marks = [s for s in segs if s.black]
    for s in segs:
        if s.white and any(m.x0 >= s.x0 - 0.01 and m.x1 <= s.x1 + 0.01 and m.y0 >= s.y0 - 0.01
                           and m.y1 <= s.y1 + 0.01 for m in marks):
            continue  # the white halo under a mark drawn over the bleed
        if not (s.x0 < gx0 - 0.01 or s.x1 > gx1 + 0.01 or s.y0 < foot - 0.01 or s.y1 > gy1 + 0.01):
            continue  # among the cards in use: part of a card, not a mark
        if s.vertical:
            cut = [i for i, x in enumerate(xs) if abs(s.x0 - x) < 0.02]
            side = "above" if s.y0 > gy1 else "below" if s.y1 < foot else "into the grid"
            gap = s.y0 - gy1 if side == "above" else foot - s.y1
        elif s.horizontal:
            cut = [j for j, y in enumerate(ys) if abs(s.y0 - y) < 0.02]
            side = "right" if s.x0 > gx1 else "left" if s.x1 < gx0 else "into the grid"
            gap = s.x0 - gx1 if side == "right" else gx0 - s.x1
        else:
            cut = []
        if not cut:
            problems.append(f"{where}: line {s} outside the cards is not on a cut line")
            continue
        found.append(("v" if s.vertical else "h", cut[0], side))
        if side == "into the grid":
            problems.append(f"{where}: crop mark {s} runs into the cards")
        elif gap < 0.5 - 0.01:
            problems.append(f"{where}: crop mark {s} starts only {gap:.2f} mm from the trim")
        if any(overlap((s.x0 - 0.01, s.y0 - 0.01, s.x1 + 0.01, s.y1 + 0.01), r) > 0 for r in used):
            problems.append(f"{where}: crop mark {s} touches a card")
        if abs(s.width - HAIRLINE_PT) > 0.01 or not s.black:
            problems.append(f"{where}: crop mark {s} is not a black {HAIRLINE_PT} pt hairline")
        if s.length < 1.0 - 0.01:
            problems.append(f"{where}: crop mark {s} is only {s.length:.2f} mm long")
        # Home printers leave 3 to 4.2 mm at the paper's edge blank: no mark lies there.
        if s.x0 < 4.0 - 0.01 or s.y0 < 4.0 - 0.01 or s.x1 > pw - 4.0 + 0.01 or s.y1 > ph - 4.0 + 0.01:
            problems.append(f"{where}: crop mark {s} reaches within 4 mm of the paper's edge")
    if sorted(found) != expected:
        problems.append(f"{where}: crop marks {sorted(found)}, expected {expected}")
    return problems


@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_front_pages_have_a_crop_mark_beyond_each_end_of_every_cut_line(cards_pdf, paper, backs):
    """As pdfplumber sees the page, forms flattened: on a full sheet 24 marks on A4 (six cut lines
    each way, two per gutter) and 20 on Letter (its rows touch: four horizontal cut lines), fewer on
    a partly filled one; no other line outside the cards."""
    build = cards_pdf(paper, backs)
    problems = []
    for index, role in inspected(build, "front"):
        problems += crop_mark_problems(build.segs(index), paper, f"page {index + 1}", len(role.cards))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_crop_marks_on_every_front_page_and_no_back_page(cards_pdf, paper, backs):
    """Every sheet page, through pypdf (the page's own drawing, not inside card faces)."""
    build = cards_pdf(paper, backs)
    problems = []
    for index, role in enumerate(build.plan):
        strokes = build.content(index).strokes
        if role.kind == "front":
            problems += crop_mark_problems(strokes, paper, f"page {index + 1}", len(role.cards))
        elif role.kind == "back" and strokes:
            problems.append(f"page {index + 1} (back): lines stroked {strokes}")
    assert not problems, "\n".join(problems)


# -- backs (pdfplumber) -------------------------------------------------------------------------

@pytest.mark.parametrize("paper,backs", DUPLEX_BUILDS)
def test_back_pages_have_no_lines_outside_the_cards(cards_pdf, paper, backs):
    """No crop marks (or any other straight line) outside the backs' grid, forms flattened."""
    build = cards_pdf(paper, backs)
    grid = behind(paper, backs, grid_rect(paper))
    marked = {}
    for index, _ in inspected(build, "back"):
        outside = [s for s in build.segs(index) if not contains(grid, (s.x0, s.y0, s.x1, s.y1))]
        if outside:
            marked[index + 1] = outside
    assert not marked, f"lines outside the cards on back pages: {marked}"


def label_offsets(build: Built, index: int, role: PageRole) -> list[float]:
    """Check one back page's deck labels against the mirrored front slots; return their vertical offsets.

    Every card on the front sheet needs exactly one label of its deck, turned the
    way the sheet is flipped, within 1 mm across and 6 mm up or down of the
    centre of the spot behind it, and no other deck label may be on the page.
    """
    paper, backs = build.paper, build.backs
    where = f"page {index + 1} ({role.deck.key} sheet {role.sheet + 1} backs)"
    labels = [w for w in build.words(index) if w.text in {d.label for d in LABELLED}]
    assert {w.text for w in labels} <= {role.deck.label}, f"{where}: labels {[w.text for w in labels]}"
    want_turn = 0 if backs == "long-edge" else 180
    assert all(w.rotation == want_turn for w in labels), \
        f"{where}: label rotations {[w.rotation for w in labels]}, expected {want_turn}"
    assert len(labels) == len(role.cards), f"{where}: {len(labels)} backs for {len(role.cards)} fronts"
    offsets = []
    unmatched = list(labels)
    for slot in range(len(role.cards)):
        cx, cy = centre(behind(paper, backs, front_slot(paper, slot)))
        near = [w for w in unmatched if abs(w.centre[0] - cx) <= 1.0 and abs(w.centre[1] - cy) <= 6.0]
        assert len(near) == 1, (f"{where}: {len(near)} labels behind front slot {slot} at "
                                f"({cx:.2f}, {cy:.2f}); labels at {[w.centre for w in labels]}")
        unmatched.remove(near[0])
        offsets.append(near[0].centre[1] - cy)
    return offsets


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


@pytest.mark.parametrize("paper,backs", DUPLEX_BUILDS)
def test_backs_sit_behind_their_fronts_with_one_common_offset(cards_pdf, paper, backs):
    """The deck label of each back is centred behind its front, all labels off centre by the same amount."""
    build = cards_pdf(paper, backs)
    offsets = []
    for index, role in inspected(build, "back"):
        if role.deck.label:
            offsets += label_offsets(build, index, role)
    assert len(offsets) == sum(len(d.sheets[0]) + len(d.sheets[-1]) for d in LABELLED)
    assert max(offsets) - min(offsets) < 0.1, f"labels not placed alike: offsets {sorted(offsets)}"
    assert abs(mean(offsets)) <= 6.0


@pytest.mark.parametrize("paper,backs", DUPLEX_BUILDS)
def test_backs_of_partly_filled_last_sheets_sit_behind_the_fronts_that_exist(cards_pdf, paper, backs):
    """Kid sheet 6 (7 cards) and Gag sheet 7 (6 cards): only as many backs as fronts, each behind
    front slots 0.., measured against the same deck's full first sheet."""
    build = cards_pdf(paper, backs)
    backs_pages = build.pages_of("back")
    telling = []
    for deck in LABELLED:
        index, full = next((i, r) for i, r in backs_pages if r.deck is deck and r.sheet == 0)
        index_last, last = next((i, r) for i, r in backs_pages
                                if r.deck is deck and r.sheet == len(deck.sheets) - 1)
        assert 0 < len(last.cards) < PER_SHEET
        shift = mean(label_offsets(build, index, full))  # how far a label sits off the card's centre
        offsets = label_offsets(build, index_last, last)
        assert all(abs(o - shift) < 0.1 for o in offsets), (deck.key, offsets, shift)
        # Would backs in the back page's own reading order (slots 0.., unmirrored) fail here?
        naive = {tuple(round(v, 1) for v in centre(front_slot(paper, s))) for s in range(len(last.cards))}
        right = {tuple(round(v, 1) for v in centre(behind(paper, backs, front_slot(paper, s))))
                 for s in range(len(last.cards))}
        telling.append(naive != right)
    assert any(telling), "neither last sheet tells the naive placement from the right one"


@pytest.mark.parametrize("paper", PAPERS)
def test_turning_the_back_over_the_short_edge_flips_the_label_offset(cards_pdf, paper):
    """The same back face, turned 180°: its label's offset from the card centre changes sign."""
    shift = {}
    for backs in DUPLEX:
        build = cards_pdf(paper, backs)
        index, role = build.pages_of("back")[0]
        shift[backs] = mean(label_offsets(build, index, role))
    assert shift["short-edge"] == pytest.approx(-shift["long-edge"], abs=0.1)


# -- fonts (pypdf) ------------------------------------------------------------------------------

@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_all_text_is_drawn_in_embedded_truetype_fonts(cards_pdf, paper, backs):
    used = fonts_showing_text(cards_pdf(paper, backs).reader)
    assert used, "no text found at all"
    problems = [f"{where}: {why}" for font, where in used.values() if (why := font_problem(font))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_every_font_in_the_pdf_is_embedded_truetype(cards_pdf, paper, backs):
    """Every font any page or form refers to, used or not: no unembedded standard-14 font (reportlab's
    default Helvetica would be referenced by every page unless the canvas starts in one of ours)."""
    fonts = resource_fonts(cards_pdf(paper, backs).reader)
    assert fonts, "no fonts found at all"
    problems = sorted({f"{why} (first seen in {where})" for font, where in fonts.values()
                       if (why := font_problem(font))})
    assert not problems, "\n".join(problems)


# -- options: no gutter, light backs --------------------------------------------------------------

def test_without_a_gutter_the_cards_touch_and_share_cut_lines(cards_pdf):
    """--gutter 0 on A4: the grid of 190.5 × 266.7 mm from (9.75, 17.625) (see GRID_ORIGIN); one mark beyond
    each end of the four cut lines each way, 16 on a full sheet."""
    build = cards_pdf("a4", "long-edge", "--gutter", "0")
    index, role = build.pages_of("front")[0]
    placed = build.content(index).placements
    want = [(9.75 + c * CARD_W, 17.625 + (2 - r) * CARD_H) for r in range(ROWS) for c in range(COLUMNS)]
    got = sorted((p.rect[0], p.rect[1]) for p in placed)
    assert [c for xy in got for c in xy] == pytest.approx([c for xy in sorted(want) for c in xy], abs=0.01)
    marks = [m for m in build.content(index).strokes if m.black]  # not the halos under marks over the bleed
    assert len(marks) == 16
    xs = sorted({round(m.x0, 3) for m in marks if m.vertical})
    ys = sorted({round(m.y0, 3) for m in marks if m.horizontal})
    assert xs == pytest.approx([9.75 + i * CARD_W for i in range(4)], abs=0.01)
    assert ys == pytest.approx([17.625 + j * CARD_H for j in range(4)], abs=0.01)


def test_an_out_of_range_gutter_is_refused_with_its_limits():
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--gutter", "12"])
    assert result.exit_code == 2
    assert "--gutter" in result.output and "0<=x<=10" in result.output.replace(" ", "")


@pytest.mark.parametrize("paper, asked, widest", [("a4", "3", "2.75"), ("letter", "1", "0.85")])
def test_a_gutter_the_paper_cannot_hold_is_refused_with_the_widest_that_fits(tmp_path, paper, asked, widest):
    """Once silently narrowed; now a usage error (exit 2) that names the widest gutter that fits, and
    that widest is then built as asked."""
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(tmp_path), "--paper", paper, "--gutter", asked])
    assert result.exit_code == 2
    # Said as click says a bad option (printkit.commands.runner), with the gutter asked for and the widest that fits.
    assert f"Error: Invalid value for '--gutter': a {asked} mm gutter does not fit" in result.output
    assert f"at most {widest} mm" in result.output
    assert not (tmp_path / "gag-grab" / "cards.pdf").exists()
    kept = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(tmp_path), "--paper", paper, "--gutter", widest])
    assert kept.exit_code == 0, kept.output


def ink(path: Path, index: int) -> float:
    """Mean darkness of a page rendered at 20 dpi: 0 for white paper, 1 for solid black."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        image = pdf[index].render(scale=20 / 72).to_pil().convert("L")
    finally:
        pdf.close()
    return sum(255 - v for v in image.tobytes()) / 255 / (image.width * image.height)


@pytest.mark.parametrize("paper", PAPERS)
def test_light_backs_keep_the_deck_label_behind_each_front_for_a_fraction_of_the_ink(cards_pdf, paper):
    """Light backs (the default): every back still says its deck, behind its front, and a full sheet
    of backs takes less than a fifth of the ink of --backs-ink full (about 4% against 47%)."""
    full = cards_pdf(paper, "long-edge", "--backs-ink", "full")
    light = cards_pdf(paper, "long-edge")
    for index, role in inspected(light, "back"):
        if role.deck.label:
            offsets = label_offsets(light, index, role)
            assert max(offsets) - min(offsets) < 0.1
    for index, role in full.pages_of("back"):
        if role.deck.label and role.sheet == 0:
            heavy, thin = ink(full.path, index), ink(light.path, index)
            assert heavy > 0.25 and thin < heavy / 5, (role.deck.key, heavy, thin)


@pytest.mark.parametrize("paper,backs", ALL_BUILDS)
def test_sheet_pages_carry_trim_and_bleed_boxes_round_their_cards(cards_pdf, paper, backs):
    """Every card sheet's TrimBox is the block of cards it holds (their outer cut lines, worked out
    by hand above), behind the fronts on back pages; its BleedBox holds the trim and stays on the
    paper. The guide and checklist, which are not cut, have neither box."""
    build = cards_pdf(paper, backs)
    w, h = PAPER_MM[paper]
    for n, (page, role) in enumerate(zip(build.reader.pages, build.plan), 1):
        trim, bleed = page.get("/TrimBox"), page.get("/BleedBox")
        if role.kind in ("guide", "checklist"):
            assert trim is None and bleed is None, f"page {n} ({role.kind}) has a page box"
            continue
        slots = [front_slot(paper, s) for s in range(len(role.cards))]
        if role.kind == "back":
            slots = [behind(paper, backs, r) for r in slots]
        want = (min(r[0] for r in slots), min(r[1] for r in slots),
                max(r[2] for r in slots), max(r[3] for r in slots))
        got = tuple(float(v) / PT_PER_MM for v in trim)
        assert got == pytest.approx(want, abs=0.01), f"page {n} ({role.kind} {role.sheet + 1}): TrimBox"
        b = tuple(float(v) / PT_PER_MM for v in bleed)
        assert contains(b, got) and contains((0, 0, w, h), b), f"page {n}: BleedBox {b} vs trim {got}"
        if role.kind == "front":
            # Fronts bleed past the outer cut lines wherever the margin has room for it (top and
            # bottom on A4, where 12.65 mm is left); never as far as the crop marks' 0.5 mm gap.
            assert b[3] - got[3] > (2.9 if paper == "a4" else 0.3)
