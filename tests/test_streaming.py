"""Streaming builds: fronts drawn when asked for and never kept, sheets laid out as they are read.

A build of Gag Grab draws each of its 76 fronts (16 Kid cards, 60 Gag cards)
exactly once, checks each as it is drawn, and refuses a pack whose front
only drawing shows to be broken before it writes anything. The numbers
below come from the pack's CSV files and game.toml, read here with the csv
module or counted by hand: 52 Kid cards (10 each of four main characters and
12 Peanut Gallery cards), 60 Gag cards, 8 player aids (one per player, up to
8), nine poker cards to an A4 sheet.
"""
from __future__ import annotations

import csv
from collections import Counter
from dataclasses import replace

import pytest
from click.testing import CliRunner
from conftest import REPO

import printkit.faces.engine as engine
from printkit.commands.build import BuildOptions, build_pack
from printkit.render.refusal import BuildRefused
from printkit.checks import check_pack
from printkit.checks.fronts import FrontChecks
from printkit.checks.page_lint import Grid, lint_items
from printkit.checks.pages import FACE_CODES
from printkit.commands.cli import cli
from printkit.faces import LazyFronts
from printkit.kit.cards import cards_document
from printkit.kit.document import Document, Pages
from printkit.kit.sheets import SheetOptions, SheetPages, sheet_pages
from printkit.geometry.draw import Box, Disc, Line, Place, Text, flatten
from printkit.core.mm import Rect
from printkit.geometry.paper import paper
from printkit.model.loader import load_pack
from printkit.model.pack import LintSettings
from printkit.render.pdf import render_pdf

GAG_GRAB = REPO / "cards" / "gag-grab"


def names(file: str) -> list[str]:
    with open(GAG_GRAB / file, encoding="utf-8", newline="") as f:
        return [row["name"] for row in csv.DictReader(f)]


KIDS, GAGS = names("kids.csv"), names("gags.csv")
FRONT_KEYS = {f"kids/front/{n}" for n in KIDS} | {f"gags/front/{n}" for n in GAGS}
BACK_KEYS = {"kids/back", "gags/back", "player-aid/front", "player-aid/back"}


def placed(pages) -> Counter:
    """How many times each face is placed, read off the pages themselves."""
    return Counter(item.face for page in pages for item in page.items if isinstance(item, Place))


class DrawCounter:
    """Wraps LayoutDrawer.draw and counts the faces drawn, by key."""

    def __init__(self, patcher):
        self.counts: Counter = Counter()
        real = engine.LayoutDrawer.draw

        def draw(drawer, key, card):
            self.counts[key] += 1
            return real(drawer, key, card)
        patcher.setattr(engine.LayoutDrawer, "draw", draw)


@pytest.fixture
def draws(monkeypatch) -> DrawCounter:
    return DrawCounter(monkeypatch)


@pytest.fixture(scope="module")
def pack():
    loaded, findings = load_pack(GAG_GRAB)
    assert loaded is not None and not [f for f in findings if f.is_error]
    return loaded


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One build of Gag Grab with every face drawing and every front check counted."""
    checked: Counter = Counter()
    with pytest.MonkeyPatch.context() as patch:
        counter = DrawCounter(patch)
        real_add = FrontChecks.add

        def add(self, card, result):
            checked[result.face.key] += 1
            return real_add(self, card, result)
        patch.setattr(FrontChecks, "add", add)
        result = build_pack(GAG_GRAB, BuildOptions(tmp_path_factory.mktemp("out")))
    return result, counter.counts, checked


# -- a build draws each front once ---------------------------------------------------------

def test_the_pack_has_the_fronts_counted_here():
    assert len(KIDS) == 16 and len(GAGS) == 60 and len(FRONT_KEYS) == 76


def test_a_build_draws_each_front_exactly_once(built):
    result, counts, _ = built
    assert result.pages["cards.pdf"] == 30
    fronts = {key: n for key, n in counts.items() if "/front/" in key}
    assert set(fronts) == FRONT_KEYS
    assert set(fronts.values()) == {1}
    # Backs and player aids are few and are drawn a few times (the checks, the sheets): never once per card.
    others = {key: n for key, n in counts.items() if "/front/" not in key}
    assert set(others) == BACK_KEYS
    assert all(1 <= n <= 4 for n in others.values())


def test_a_build_checks_each_front_once_as_it_is_drawn(built):
    _, _, checked = built
    assert set(checked) == FRONT_KEYS and set(checked.values()) == {1}


def test_check_draws_each_front_exactly_once_too(draws):
    report = check_pack(GAG_GRAB)
    assert report.errors == 0
    fronts = {key: n for key, n in draws.counts.items() if "/front/" in key}
    assert set(fronts) == FRONT_KEYS and set(fronts.values()) == {1}


# -- LazyFronts -----------------------------------------------------------------------------

def test_lazy_fronts_has_a_key_for_every_front_of_the_decks(pack, draws):
    fronts = LazyFronts(pack)
    assert set(fronts) == FRONT_KEYS and len(fronts) == 76
    assert "kids/front/Snoopy" in fronts and "kids/front/Nobody" not in fronts and "kids/back" not in fronts
    assert fronts.decks == frozenset({"kids", "gags"})
    assert not draws.counts  # listing keys draws nothing
    with pytest.raises(KeyError):
        fronts["kids/front/Nobody"]


def test_lazy_fronts_keeps_nothing_but_tells_of_each_front_once(pack, draws):
    heard = []
    fronts = LazyFronts(pack, on_draw=lambda card, result: heard.append((card.name, result.face.key)))
    first = fronts["kids/front/Snoopy"]
    second = fronts["kids/front/Snoopy"]
    assert draws.counts["kids/front/Snoopy"] == 2  # drawn again: nothing was kept
    assert first is not second and first.face == second.face
    assert first.face.key == "kids/front/Snoopy"
    assert heard == [("Snoopy", "kids/front/Snoopy")]
    fronts["gags/front/Shortstop"]
    fronts["kids/front/Snoopy"]
    assert heard == [("Snoopy", "kids/front/Snoopy"), ("Shortstop", "gags/front/Shortstop")]


def test_draw_rest_draws_only_the_fronts_not_drawn_yet(pack, draws):
    heard = []
    fronts = LazyFronts(pack, on_draw=lambda card, result: heard.append(result.face.key))
    fronts["kids/front/Lucy"]
    fronts["gags/front/Football Kick"]
    fronts.draw_rest()
    assert sorted(heard) == sorted(FRONT_KEYS) and len(heard) == 76
    assert heard[:2] == ["kids/front/Lucy", "gags/front/Football Kick"]
    assert draws.counts["kids/front/Lucy"] == 1 and draws.counts["gags/front/Football Kick"] == 1
    assert set(draws.counts) == FRONT_KEYS and set(draws.counts.values()) == {1}
    fronts.draw_rest()  # nothing is left to draw
    assert len(heard) == 76 and set(draws.counts.values()) == {1}


def test_draw_rest_reaches_a_card_with_no_copies(pack, draws):
    """A card with no copies is on no sheet, so rendering never asks for it; draw_rest does.

    A CSV cannot say 0 copies (V300), so the loaded pack is changed: Sally prints no copies."""
    kids = pack.decks["kids"]
    cards = tuple(replace(c, count=0) if c.name == "Sally" else c for c in kids.cards)
    pack0 = replace(pack, decks={**pack.decks, "kids": replace(kids, cards=cards)})
    heard = []
    fronts = LazyFronts(pack0, on_draw=lambda card, result: heard.append(card.name))
    assert "kids/front/Sally" in fronts
    document = cards_document(pack0, paper("a4"), fronts=fronts)
    uses = document.uses()
    assert "kids/front/Sally" not in uses and uses["kids/back"] == 51
    render_pdf(document.pages, document.faces, document.title, document.subject, uses=uses)
    assert "Sally" not in heard and draws.counts["kids/front/Sally"] == 0
    assert len(heard) == 75
    fronts.draw_rest()
    assert heard.count("Sally") == 1 and heard[-1] == "Sally" and len(heard) == 76
    assert draws.counts["kids/front/Sally"] == 1


def test_size_is_the_drawn_faces_size_without_drawing(pack, draws):
    fronts = LazyFronts(pack)
    for key in ("kids/front/Charlie Brown", "kids/front/Spike", "gags/front/Good Grief"):
        size = fronts.size(key)
        assert not draws.counts
        face = fronts[key].face
        # Poker cards, 63.5 × 88.9 mm, drawn 6 mm past the trim (the backs' bleed).
        assert size == (face.width, face.height, face.bleed) == pytest.approx((63.5, 88.9, 6.0))
        draws.counts.clear()


def test_drawn_gives_each_card_with_its_front(pack, draws):
    fronts = LazyFronts(pack)
    pairs = [(card.deck, card.name, result.face.key) for card, result in fronts.drawn()]
    assert [(d, n) for d, n, _ in pairs] == [("kids", n) for n in KIDS] + [("gags", n) for n in GAGS]
    assert all(key == f"{d}/front/{n}" for d, n, key in pairs)
    assert sum(draws.counts.values()) == 76


# -- a front with an error refuses the build ----------------------------------------------

TOO_LONG = "Football Kick " + "Wonderful " * 30


def test_a_front_error_refuses_the_build_and_keeps_the_earlier_files(tmp_path, gag_grab):
    out = tmp_path / "out"
    good = build_pack(gag_grab.path, BuildOptions(out))
    before = {path.name: path.read_bytes() for path in good.files}
    assert sorted(before) == ["board.pdf", "cards.pdf", "rules.pdf"]
    gag_grab.edit("gags.csv", "Football Kick,", f"{TOO_LONG.strip()},")
    # Only drawing the card finds the name too long: the checks made before drawing pass it.
    assert not check_pack(gag_grab.path, pages=False, fronts=False).errors
    with pytest.raises(BuildRefused) as refused:
        build_pack(gag_grab.path, BuildOptions(out))
    report = refused.value.report
    codes = [f.code for f in report.findings if f.is_error]
    assert codes == ["T700"]
    assert "Football Kick Wonderful" in next(f.message for f in report.findings if f.code == "T700")
    assert list(report.findings) == list(check_pack(gag_grab.path).findings)
    assert {path.name: path.read_bytes() for path in good.files} == before
    assert sorted(p.name for p in good.files[0].parent.iterdir()) == ["board.pdf", "cards.pdf", "rules.pdf"]


def test_printkit_build_refuses_a_front_error_as_check_shows_it(tmp_path, gag_grab):
    out = tmp_path / "out"
    runner = CliRunner()
    first = runner.invoke(cli, ["build", str(gag_grab.path), "--out", str(out)])
    assert first.exit_code == 0, first.output
    cards = out / "gag-grab" / "cards.pdf"
    before = cards.read_bytes()
    gag_grab.edit("gags.csv", "Football Kick,", f"{TOO_LONG.strip()},")
    built = runner.invoke(cli, ["build", str(gag_grab.path), "--out", str(out)])
    checked = runner.invoke(cli, ["check", str(gag_grab.path)])
    assert built.exit_code == 1 and checked.exit_code == 1
    assert "T700" in checked.output
    assert checked.output in built.output
    assert "not built" in built.output
    assert cards.read_bytes() == before


# -- SheetPages and Pages ------------------------------------------------------------------

@pytest.fixture(scope="module")
def sheets(pack):
    pages, faces, runs = sheet_pages(pack, paper("a4"), SheetOptions())
    return pages, faces, runs


def test_sheet_pages_count_the_sheets_of_every_deck(pack, sheets):
    pages, _, runs = sheets
    assert isinstance(pages, SheetPages)
    # 52 Kid cards on 6 sheets, 60 Gag cards on 7, 8 player aids on 1: 14 sheets, fronts and backs.
    assert [run.deck.id for run in runs] == ["kids", "gags", "player-aid"]
    assert len(pages) == 2 * (6 + 7 + 1) == 28
    # Without backs the aids' backs (which carry rules) follow their fronts: a 15th sheet.
    fronts_only, _, _ = sheet_pages(pack, paper("a4"), SheetOptions(backs=None))
    assert len(fronts_only) == 15 == len(list(fronts_only))


def test_sheet_pages_read_alike_every_way(sheets):
    pages, _, _ = sheets
    listed = list(pages)
    assert len(listed) == 28
    assert listed == [pages[i] for i in range(len(pages))]
    assert pages[-1] == listed[27] and pages[-28] == listed[0] and pages[-15] == listed[13]
    assert pages[3:9:2] == listed[3:9:2] and pages[::-1] == listed[::-1] and pages[26:40] == listed[26:]
    assert pages[5:2] == []
    for bad in (28, 100, -29):
        with pytest.raises(IndexError):
            pages[bad]
    # Fronts then backs for each sheet, each deck's sheets in turn.
    assert [p.label for p in listed[:2]] == ["Kid cards · sheet 1 of 6 · fronts",
                                             "Kid cards · sheet 1 of 6 · backs"]
    assert listed[12].label == "Gag cards · sheet 1 of 7 · fronts"
    assert listed[-1].label == "Player aids · sheet 1 of 1 · backs"


def test_sheet_pages_uses_counts_every_placed_face(sheets):
    pages, _, _ = sheets
    uses = pages.uses()
    assert uses == placed(pages)
    assert uses["kids/front/Charlie Brown"] == 10 and uses["kids/front/Sally"] == 1
    assert uses["kids/back"] == 52 and uses["gags/back"] == 60
    assert uses["player-aid/front"] == 8 and uses["player-aid/back"] == 8
    assert sum(n for key, n in uses.items() if key.startswith("gags/front/")) == 60
    assert sum(uses.values()) == 2 * (52 + 60 + 8)


def test_sheet_pages_place_only_faces_the_face_map_knows(sheets):
    pages, faces, _ = sheets
    assert set(placed(pages)) <= set(faces)
    assert set(faces) == FRONT_KEYS | BACK_KEYS and len(faces) == 80
    assert faces.size("kids/back") == pytest.approx((63.5, 88.9, 6.0))


@pytest.fixture(scope="module")
def document(pack) -> Document:
    return cards_document(pack, paper("a4"))


def test_document_uses_counts_what_its_pages_place(document):
    assert isinstance(document.pages, Pages)
    assert len(document.pages) == 30  # the guide and its checklist, then 28 sheet sides
    assert document.uses() == placed(document.pages)
    assert document.uses()["gags/back"] == 60


def test_document_pages_read_alike_every_way(document):
    pages = document.pages
    listed = list(pages)
    assert listed == [pages[i] for i in range(30)]
    assert pages[-1] == listed[-1] and pages[1:4] == listed[1:4] and pages[-3:] == listed[-3:]
    assert pages[2].label == "Kid cards · sheet 1 of 6 · fronts"  # the sheets start after the guide
    with pytest.raises(IndexError):
        pages[30]
    with pytest.raises(IndexError):
        pages[-31]


# -- render_pdf -----------------------------------------------------------------------------

def test_render_pdf_shows_each_page_once_in_order_and_uses_changes_no_byte(document):
    seen = []
    with_uses = render_pdf(document.pages, document.faces, document.title, document.subject,
                           uses=document.uses(), on_page=lambda n, page: seen.append((n, page.label)))
    assert [n for n, _ in seen] == list(range(1, 31))
    assert [label for _, label in seen] == [page.label for page in document.pages]
    without = render_pdf(document.pages, document.faces, document.title, document.subject)
    assert with_uses == without
    assert with_uses.startswith(b"%PDF-")


# -- page lint: the grid finds what looking at everything finds ---------------------------

INK = "#1A1A1A"


def synthetic_page() -> list:
    """Eighty words in a loose grid, then texts placed to meet each kind of problem once.

    Each problem below is worked out from the positions alone (body type, cap height
    0.7 em; a 10 pt word of three letters is about 6 mm wide)."""
    items: list = [Text(15 + (i % 8) * 22, 30 + (i // 8) * 20, f"w{i}", "body", 9, INK) for i in range(80)]
    # Twenty pairs of words half a millimetre apart, 9 mm from the next pair: each pair overprints.
    for i in range(20):
        items += [Text(12 + i * 9, 262, f"P{i}", "body", 10, INK), Text(12.5 + i * 9, 262.3, f"Q{i}", "body", 10, INK)]
    items += [
        Text(100, 250, "AAAA", "body", 12, INK), Text(101, 250.5, "BBBB", "body", 12, INK),  # T704
        Box(Rect(20, 245, 10, 10), fill="#DDDDDD"), Text(25, 250, "EDGE", "body", 10, INK),  # T709: over its edge
        Text(150, 250, "UNDER", "body", 10, INK), Box(Rect(148, 248, 30, 8), fill="#336699"),  # T709: covered
        Text(60, 270, "CROSSED", "body", 10, INK), Line(55, 271, 90, 271, 0.5, INK),  # T710
        Text(20, 280, "PALE", "body", 10, "#EEEEEE"),  # T706 on the paper
        Text(120, 280, "tiny", "body", 4, INK),  # T705
        Text(2, 140, "EDGEWISE", "body", 9, INK),  # T703: 2 mm from the left edge
        Disc(40, 228, 8, fill="#222222"), Text(40, 227, "IN", "body", 10, INK, "center"),  # T706: ink on near-black
        Disc(80, 228, 6, fill="#FFCC00"), Text(84, 227, "HALF", "body", 10, INK),  # T709: over a disc's edge
        # In the disc's square but 9.2 mm from its centre, outside its 8 mm radius: nothing.
        Disc(130, 228, 8, fill="#FFCC00"), Text(136.5, 234.5, "C", "body", 8, INK),
    ]
    return items


SYNTHETIC_PROBLEMS = {
    ("T703", "'EDGEWISE'"), ("T705", "'tiny'"), ("T704", "'AAAA' and 'BBBB'"), ("T709", "'EDGE'"),
    ("T709", "'UNDER'"), ("T710", "'CROSSED'"), ("T706", "'PALE'"), ("T706", "'IN'"), ("T709", "'HALF'"),
} | {("T704", f"'P{i}' and 'Q{i}'") for i in range(20)}
A4_PRINTABLE = Rect(0, 0, 210, 297).inset(6.35)


def problems(monkeypatch, few: int, items, faces=None, printable=A4_PRINTABLE, codes=None) -> list:
    monkeypatch.setattr(Grid, "FEW", few)
    return list(lint_items(items, faces or {}, LintSettings(), printable, codes=codes))


def test_lint_finds_the_same_problems_with_the_grid_and_without(monkeypatch):
    items = synthetic_page()
    assert len(items) > Grid.FEW  # with the default, the grid is used
    default = problems(monkeypatch, Grid.FEW, items)
    gridded = problems(monkeypatch, 0, items)
    everything = problems(monkeypatch, 10 ** 9, items)
    assert {(p.code, p.what) for p in everything} == SYNTHETIC_PROBLEMS
    assert len(everything) == len(SYNTHETIC_PROBLEMS)
    assert gridded == everything and default == everything


def test_lint_problem_wording_on_the_synthetic_page(monkeypatch):
    found = {(p.code, p.what): p.problem for p in problems(monkeypatch, 0, synthetic_page())}
    assert found[("T709", "'EDGE'")] == "text running over the edge of a box"
    assert found[("T709", "'UNDER'")] == "text covered by a box drawn over it"
    assert found[("T709", "'HALF'")] == "text running over the edge of a disc"
    assert found[("T705", "'tiny'")] == "text set at 4.0 pt, under 6 pt"


def test_lint_of_only_the_face_codes_is_the_same_subset(monkeypatch):
    items = synthetic_page()
    for few in (0, 10 ** 9):
        full = problems(monkeypatch, few, items, printable=None)
        only = problems(monkeypatch, few, items, printable=None, codes=FACE_CODES)
        assert only == [p for p in full if p.code in FACE_CODES]
        assert {p.code for p in only} == {"T709", "T710"}


def test_lint_of_some_codes_yields_only_those_codes(monkeypatch):
    found = problems(monkeypatch, 0, synthetic_page(), codes=frozenset({"T705"}))
    assert [(p.code, p.what) for p in found] == [("T705", "'tiny'")]


def test_lint_of_the_checklist_pages_is_the_same_with_the_grid_and_without(monkeypatch, document):
    guide, checklist = document.pages[0], document.pages[1]
    # The checklist lists all 76 distinct cards: more texts than FEW, so the grid is used by default.
    listed = [i.text for i in flatten(checklist.items) if isinstance(i, Text)]
    assert set(GAGS) <= set(listed) and len(listed) > Grid.FEW
    for page in (guide, checklist):
        printable = Rect(0, 0, page.width, page.height).inset(6.35)
        gridded = problems(monkeypatch, 0, page.items, document.faces, printable)
        everything = problems(monkeypatch, 10 ** 9, page.items, document.faces, printable)
        assert gridded == everything
        assert gridded == []  # Gag Grab's guide is clean (printkit build reports no warning)


def test_lint_of_overlapping_texts_on_a_sheet_of_cards(monkeypatch, sheets):
    """A sheet of placed cards with every card's name written across the gutters between them."""
    pages, faces, _ = sheets
    page = pages[12]  # the first sheet of Gag fronts
    places = [i for i in page.items if isinstance(i, Place)]
    assert len(places) == 9
    labels = [Text(p.x + 60, p.y + 40 + k, f"label {n}-{k}", "body", 8, INK)
              for n, p in enumerate(places) for k in range(8)]
    items = page.items + tuple(labels)
    gridded = problems(monkeypatch, 0, items, faces)
    everything = problems(monkeypatch, 10 ** 9, items, faces)
    assert gridded == everything
    # Eight labels 1 mm apart on each card: each overprints the next; all sit on a card.
    overprinted = {p.what for p in everything if p.code == "T704"}
    assert {f"'label {n}-{k}' and 'label {n}-{k + 1}'" for n in range(9) for k in range(7)} <= overprinted
