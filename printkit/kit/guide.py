"""The print guide that opens cards.pdf: contents, printer settings, a scale check."""
from __future__ import annotations

from ..faces.aid import AID_DECK
from ..geometry.draw import Box, Item, Line, Page, Text
from ..geometry.duplex import Flip
from ..core.mm import Rect
from ..geometry.paper import Paper
from ..geometry.sheet import SheetLayout
from ..geometry.typography import number_range
from ..model.design_keys import INK
from ..model.pack import Pack
from .checklist import HEADING, NOTE, TITLE, ChecklistDeck, checklist_layout
from ..geometry.flow import Flow
from .sheets import DeckRun, PrintDeck

MARGIN = 18.0
DUPLEX_SETTING = {
    Flip.LONG_EDGE: "two-sided, flip on long edge (also called long-edge binding)",
    Flip.SHORT_EDGE: "two-sided, flip on short edge (also called short-edge binding or tumble)",
}


SCALE_CHECK_HEIGHT = 36.0


def scale_check(x: float, y: float) -> list[Item]:
    """A 50 mm bar with centimetre ticks beside a 1 inch square; (x, y) is the top left."""
    items: list[Item] = [Text(x, y - 3.5, "Scale check", "bold", 10, INK)]
    square = Rect(x + 66.0, y - 8.0 - 25.4, 25.4, 25.4)
    bar_y = square.cy - 1.25
    items.append(Box(Rect(x, bar_y, 50.0, 2.5), fill=INK))
    for cm in range(6):
        tx = x + cm * 10.0
        items.append(Line(tx, bar_y - 1.5, tx, bar_y + 4.0, 0.5, INK))
        items.append(Text(tx, bar_y - 5.0, f"{cm * 10}", "body", 7, INK, "center"))
    items.append(Text(x + 25.0, bar_y + 6.0, "50 mm", "bold", 8.5, INK, "center"))
    items.append(Box(square, stroke=INK, width=1.0))
    items.append(Text(square.cx, square.cy - 1.2, "1 inch", "bold", 8.5, INK, "center"))
    return items


FULL_CONTENTS = 4  # decks whose card size and spacing the contents give on a line of their own
LISTED_DECKS = 8  # decks the contents name one by one; the rest share a line


def guide_pages(pack: Pack, runs: list[DeckRun], paper: Paper, flip: Flip | None) -> list[Page]:
    """The print guide and, with backs, the card checklist behind it, padded to whole sheets of paper.

    The card sheets follow these pages; with backs they must start on the front of a sheet, so an
    odd count of guide and checklist pages gets a blank page after them.
    """
    m = pack.manifest
    fallback = m.fonts.fallback  # the pack's names and titles may need characters the bundled fonts lack
    paper_w, paper_h = paper.width, paper.height
    checklist = checklist_pages(pack, [run.deck for run in runs], paper_w, paper_h)
    if flip and len(checklist) % 2 == 0:
        checklist.append(blank_page(paper_w, paper_h))
    first_sheet_page = 2 + len(checklist)
    flow = Flow(MARGIN, paper_h - MARGIN, paper_w - 2 * MARGIN, fallback=fallback)
    flow.text(m.title, "display", 26, after=1.0)
    flow.text("Print-and-play kit: the cards", "bold", 12, colour="#555555", after=4.0)

    flow.heading("In this file")
    page = first_sheet_page
    # The contents keep to a few lines however many decks there are: the page also holds the steps,
    # the scale check and the notice. Past FULL_CONTENTS decks each gets one line; past LISTED_DECKS
    # the rest are summed up in one.
    for n, run in enumerate(runs):
        sheets = run.sheet_count
        pages = sheets * (2 if flip else 1)
        if n == LISTED_DECKS and len(runs) > LISTED_DECKS + 1:
            rest = runs[n:]
            total = sum(r.sheet_count for r in rest) * (2 if flip else 1)
            flow.text(f"\u2026 and {len(rest)} more decks, {sum(len(r.deck.fronts) for r in rest):,} cards, "
                      f"pages {number_range(page, page + total - 1)}" + ("; the checklist names them all"
                                                                            if flip else ""),
                      size=10, indent=4.0, after=0.8)
            page += total
            break
        cards = sum(copies for _, copies in run.deck.contents)
        backs = " and their backs" if len(run.deck.fronts) > cards else ""  # player aids without duplex
        flow.text(f"{run.deck.title}: {cards} cards{backs} on {sheets} sheet{'s' * (sheets != 1)}, "
                  f"page{'s' * (pages != 1)} {number_range(page, page + pages - 1)}", size=10, indent=4.0,
                  after=0.8)
        if len(runs) <= FULL_CONTENTS:
            flow.text(card_format(run.layout), size=9, colour="#555555", indent=8.0, after=0.8)
        page += pages
    from .board import board_contents  # board.pdf's contents need the game modules, which need kit

    if (pieces := board_contents(pack)) is not None:
        flow.text(f"In board.pdf, beside this file: {pieces}.", size=10, indent=4.0, after=0.8)
    flow.skip(2.0)

    flow.heading("Before you print")
    last_guide = first_sheet_page - 1  # the guide and, with backs, the checklist on its reverse
    if flip and last_guide == 2:
        first_step = (f"Print pages 1\u2013{last_guide} on one sheet, {DUPLEX_SETTING[flip]}, at 100% "
                      "(\u201cActual size\u201d): this guide, with the card checklist on its back.")
    elif flip and last_guide > 2:
        blank = " and a blank back" if checklist[-1].label == "blank" else ""
        first_step = (f"Print pages 1\u2013{last_guide} on {last_guide // 2} sheets, {DUPLEX_SETTING[flip]}, "
                      "at 100% (\u201cActual size\u201d): this guide, then the card checklist on "
                      f"pages 2\u2013{last_guide - bool(blank)}{blank}.")
    else:
        first_step = (f"Print pages 1\u2013{last_guide} one-sided at 100% (\u201cActual size\u201d): this guide "
                      "and the card checklist.")
    steps = [
        first_step + " Turn off \u201cFit to page\u201d and \u201cShrink oversized pages\u201d: they shrink "
        "everything by a few per cent.",
        "Measure the scale check below: the bar must be 50 mm long and the square 1 inch wide. "
        "If they are not, change the print setting and try again.",
        (f"Print pages {first_sheet_page}\u2013{page - 1} {DUPLEX_SETTING[flip]}. Each sheet of backs then "
         "lands behind its sheet of fronts." if flip else
         f"Print pages {first_sheet_page}\u2013{page - 1} one-sided; these sheets have no backs."
         + (" The player aids\u2019 backs, which carry rules, are printed after their fronts: glue each "
            "back to a front." if any(run.deck.id == AID_DECK for run in runs) else "")),
        cutting_step([run.layout for run in runs]),
    ]
    for n, step in enumerate(steps, 1):
        flow.numbered(n, step)
    flow.skip(3.0)
    flow.items += scale_check(MARGIN, flow.y)
    flow.skip(SCALE_CHECK_HEIGHT)

    if flip:
        flow.heading("If the backs do not line up")
        flow.text("Hold a printed sheet up to a light. If the backs sit a little off their fronts, "
                  "print the calibration sheet (printkit calibrate), read your printer\u2019s offset "
                  "from it, and build again with --back-offset X,Y.", after=2.0)
    flow.heading("Printing in black and white")
    flow.text("Every colour on the cards comes with its own symbol and letters, so a greyscale "
              "print plays just as well.", after=2.0)

    return [Page(paper_w, paper_h, tuple(flow.items + footer(m.notice, paper_w, fallback)), "print guide")] + checklist


def footer(notice: str, paper_w: float, fallback: tuple[str, ...] = ()) -> list[Item]:
    """The pack's own notice in a box at the foot of the guide, if it declares one; then printkit's credit.

    A pack that declares no notice gets none: printkit cannot know whether a game is fan-made.
    """
    if not notice:
        credit = Flow(MARGIN, MARGIN + 4.0, paper_w - 2 * MARGIN)
        credit.text("Made with printkit.", size=7.5, colour="#666666")
        return credit.items
    box = Rect(MARGIN, MARGIN, paper_w - 2 * MARGIN, 16.0)
    note = Flow(box.x + 4.0, box.top - 3.0, box.w - 8.0, fallback=fallback)
    note.text(notice, size=8.5, colour="#333333", after=0.5)
    note.text("Made with printkit.", size=7.5, colour="#666666")
    return [Box(box, stroke="#999999", width=0.6, radius=2.0), *note.items]


def card_format(layout: SheetLayout) -> str:
    """A deck's card size and how its sheets hold them, for the contents list."""
    turned = ", turned sideways" if layout.rotated else ""
    return (f"{layout.card_w:g} × {layout.card_h:g} mm cards, {layout.per_sheet} per sheet "
            f"({layout.columns} × {layout.rows}{turned}{spacing(layout)})")


def spacing(layout: SheetLayout) -> str:
    """How far apart a sheet's cards are, for the contents list ('' for a single card)."""
    gaps = [g for g, n in ((layout.gutter_x, layout.columns), (layout.gutter_y, layout.rows)) if n > 1]
    if not gaps or not any(gaps):
        return ", touching" if gaps else ""
    if len(gaps) == 2 and abs(gaps[0] - gaps[1]) < 1e-9:
        return f", {gaps[0]:g} mm apart"
    parts = []
    for what, gap, n in (("columns", layout.gutter_x, layout.columns), ("rows", layout.gutter_y, layout.rows)):
        if n > 1:
            parts.append(f"{what} {gap:g} mm apart" if gap else f"{what} touching")
    return ", " + ", ".join(parts)


def cutting_step(layouts: list[SheetLayout]) -> str:
    """How to cut, for the sheets as laid out: in gutters, along shared cut lines, or both."""
    gutters = any(g > 0 for lay in layouts for g, n in ((lay.gutter_x, lay.columns), (lay.gutter_y, lay.rows))
                  if n > 1)
    shared = any(g == 0 for lay in layouts for g, n in ((lay.gutter_x, lay.columns), (lay.gutter_y, lay.rows))
                 if n > 1)
    text = "Cut along the lines the small marks at the page edges point to."
    if gutters:
        text += (" Between cards with a gap, cut twice, once along each card\u2019s edge; the thin strip "
                 "between is waste, and each card\u2019s colour runs into it, so a cut a little off still "
                 "shows no white and none of the next card.")
    if shared:
        text += " Cards that touch share their cut line: one straight cut frees a whole row or column."
    return text


def checklist_pages(pack: Pack, decks: list[PrintDeck], paper_w: float, paper_h: float) -> list[Page]:
    """The back of the guide: every card of the kit, to tick off after cutting (see kit.checklist)."""
    m = pack.manifest
    entries = []
    for d in decks:
        spec = m.deck(d.id)
        # Counted from the contents: without backs a player aid's backs are on the sheets too.
        count = sum(copies for _, copies in d.contents)
        entries.append(ChecklistDeck(d.title, count, d.contents, spec.file if spec is not None else ""))
    layout = checklist_layout(entries, paper_w, paper_h, m.fonts.fallback)
    pages = []
    for n, placed in enumerate(layout.pages):
        flow_items: list[Item] = []
        for block in placed:
            flow = Flow(block.x, block.y, block.width, fallback=m.fonts.fallback)
            text = "\n".join(block.lines)
            if block.kind == "card":
                flow.checkbox(text)
            else:
                font, size, after = {"title": TITLE, "note": NOTE, "heading": HEADING}[block.kind]
                flow.text(text, font, size, after=after)
            flow_items += flow.items
        label = "card checklist" if len(layout.pages) == 1 else f"card checklist {n + 1} of {len(layout.pages)}"
        pages.append(Page(paper_w, paper_h, tuple(flow_items), label))
    return pages


def blank_page(paper_w: float, paper_h: float) -> Page:
    """The back of a checklist that ends on a front, so the card sheets start on a fresh sheet of paper."""
    note = Flow(MARGIN, paper_h / 2, paper_w - 2 * MARGIN)
    note.text("This page is left blank, so that the card sheets start on a new sheet of paper.",
              size=9, colour="#666666", align="center")
    return Page(paper_w, paper_h, tuple(note.items), "blank")
