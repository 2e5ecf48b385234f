"""Sheet pages alike are linted once (printkit.checks.page_shape), yet a problem on any one page is
still found, on that page, naming that page's own label."""
from pathlib import Path

from printkit.checks.pages import PageLint
from printkit.core.findings import Location
from printkit.geometry.draw import Face, Line, Page
from printkit.geometry.paper import PAPERS
from printkit.geometry.sheet import SheetLayout, SheetTemplate
from printkit.kit.sheets import front_page
from printkit.model.pack import LintSettings

LAYOUT = SheetLayout.compute(PAPERS["a4"], 63.5, 88.9, SheetTemplate(gutter=2.5))
FACES = {"card": Face("card", 63.5, 88.9, 3.0, ()), "back": Face("back", 63.5, 88.9, 3.0, ())}
STRICT = LintSettings(min_type=7)  # a sheet's label is set at 6.5 pt: under this, every label is a T705


def lint(pages: list[Page], limits: LintSettings = STRICT) -> tuple[dict[str, str], PageLint]:
    found = PageLint(FACES, limits, "cards.pdf", Location(Path("game.toml"))).add_pages(pages)
    return {f.code + " " + f.message.split(":")[0]: f.message for f in found.findings()}, found


def fronts(label: str, cards: int = 9) -> Page:
    return front_page(LAYOUT, ("card",) * cards, label)


def test_sheets_alike_but_for_their_label_are_measured_once_and_each_label_is_named():
    pages = [fronts("Cards · sheet 1 of 12 · fronts"), fronts("Cards · sheet 10 of 12 · fronts"),
             fronts("Cards · sheet 12 of 12 · fronts", cards=5)]
    found, linted = lint(pages)
    assert len(linted.shapes) == 2  # the full sheets, and the last one
    assert found == {"T705 cards.pdf pages 1–3": "cards.pdf pages 1–3: text set at 6.5 pt, under 7 pt: "
                     "'Cards · sheet 1 of 12 · fronts', 'Cards · sheet 10 of 12 · fronts', "
                     "'Cards · sheet 12 of 12 · fronts'"}


def test_a_problem_only_on_the_last_partial_sheet_is_found_there():
    pages = [fronts(f"Cards · sheet {n} of 4 · fronts") for n in (1, 2, 3)]
    last = fronts("Cards · sheet 4 of 4 · fronts", cards=4)
    label = last.items[-1]
    through = Line(label.x - 5, label.y + 0.8, label.x + 5, label.y + 0.8, 0.25, "#000000")
    pages.append(Page(last.width, last.height, (*last.items[:-1], through, label), last.label))
    found, _ = lint(pages, LintSettings())
    assert found == {"T710 cards.pdf page 4": "cards.pdf page 4: a line runs through text: "
                     "'Cards · sheet 4 of 4 · fronts'"}


def test_a_page_whose_label_differs_has_its_own_problems():
    long = "Cards-of-a-deck-whose-title-has-no-place-to-break-at-all-and-goes-on-and-on-for-ever-and-more"
    found, _ = lint([fronts("Cards · sheet 1 of 3 · fronts"), fronts(long), fronts("Cards · sheet 3 of 3 · fronts")],
                    LintSettings())
    # Too long to keep clear of the crop marks at its card's edges: on that page alone.
    assert found == {"T710 cards.pdf page 2": "cards.pdf page 2: a line runs through text: "
                                              "'Cards-of-a-deck-whose-title-has-no-plac…'"}


def test_a_crop_mark_problem_on_every_sheet_full_or_not_is_found_on_each():
    careless = SheetLayout.compute(PAPERS["a4"], 63.5, 88.9, SheetTemplate(printer_reach=0.5, gutter=2.5))
    pages = [front_page(careless, ("card",) * cards, f"Cards · sheet {n} of 3 · fronts")
             for n, cards in ((1, 9), (2, 9), (3, 2))]
    found, _ = lint(pages, LintSettings())
    assert list(found) == ["T730 cards.pdf pages 1–3"]
