"""T720–T724: the rules' page lint, on pages built to have each defect, and on the bundled kits.

Each defect is built with the typesetter's own paragraphs, tables and page templates, only without the
rule that prevents it (the keeps, the rows kept together, the mirrored templates, the no-break spaces);
the same page set the typesetter's way has no finding.
"""
from __future__ import annotations

import io

import pdfplumber
import pytest
from reportlab.platypus import BaseDocTemplate, PageBreak, Spacer

from printkit.core.mm import mm_to_pt
from printkit.geometry.paper import Paper, paper as paper_named
from printkit.model.loader import load_pack
from printkit.commands.packs import resolve_pack
from printkit.render import rules_tables
from printkit.render.rules import NotingCanvas, RulesDocument, RulesTypesetter
from printkit.render.rules_lint import lint_rules
from printkit.render.rules_styles import rules_fonts
from printkit.rules.pagination import page_problems
from printkit.rules.document import load_rules
from printkit.model.rules_generated import CardTable, Legend
from printkit.model.rules_source import Heading, ListBlock, Paragraph, Run, TableBlock
from printkit.render.rules_flowables import note_line

A5 = Paper("half a4", 148.5, 210.0)  # a booklet's half page
PAGE_CODES = {"T720", "T721", "T722", "T723", "T724"}


@pytest.fixture(scope="module")
def setter():
    rules_fonts()
    pack, _ = load_pack(resolve_pack("gag-grab"))
    return RulesTypesetter(pack.manifest, A5)


def codes_of(setter, story, mirrored=True) -> list[str]:
    """The page lint's codes for ``story`` set on the setter's pages (not mirrored: every page a recto)."""
    return [p.code for p in problems_of(setter, story, mirrored)]


def problems_of(setter, story, mirrored=True):
    """The page lint's problems for ``story`` set on the setter's pages (not mirrored: every page a recto)."""
    document = RulesDocument if mirrored else BaseDocTemplate
    doc = document(io.BytesIO(), pagesize=(mm_to_pt(A5.width), mm_to_pt(A5.height)))
    templates = setter.templates()
    if not mirrored:
        templates[0].autoNextPageTemplate = "recto"
    doc.addPageTemplates(templates)
    doc.build(story, canvasmaker=NotingCanvas)
    return page_problems(doc.canv.placed, setter.frame())


def para(setter, text: str, style: str = "body", keep: bool = True):
    return setter._paragraph((Run(text),), setter.styles[style]) if keep else _bare(setter, text, style)


def _bare(setter, text, style):
    """A paragraph set without no-break spaces, nor reportlab's own keep with the next."""
    from reportlab.lib.styles import ParagraphStyle

    from printkit.render.rules_flowables import RulesParagraph
    return RulesParagraph(text, ParagraphStyle(style, setter.styles[style], keepWithNext=0))


def frame_h(setter) -> float:
    return setter.frame().block_top - setter.frame().block_bottom


PROSE = "Move up to as many steps as the die shows, turning as you like and passing over other pawns. " * 4


def test_T720_a_heading_at_the_foot_of_a_page_is_stranded(setter):
    heading = para(setter, "Kid cards", "h2", keep=False)
    room = frame_h(setter) - heading.wrap(mm_to_pt(setter.wide_w), 1e6)[1] - 12
    bare = [Spacer(1, room), heading, para(setter, PROSE)]
    assert "T720" in codes_of(setter, bare)
    kept = setter._kept([Spacer(1, room), para(setter, "Kid cards", "h2"), para(setter, PROSE)], setter.wide_w)
    assert "T720" not in codes_of(setter, kept)


def test_T720_a_lead_in_ending_in_a_colon_is_kept_too(setter):
    lead = para(setter, "The costs use the same tokens as the Kid cards:")
    room = frame_h(setter) - lead.wrap(mm_to_pt(setter.wide_w), 1e6)[1] - 8
    assert "T720" in codes_of(setter, [Spacer(1, room), lead, para(setter, PROSE)])
    kept = setter._kept([Spacer(1, room), para(setter, "The costs use the same tokens as the Kid cards:"),
                         para(setter, PROSE)], setter.wide_w)
    assert "T720" not in codes_of(setter, kept)


def _table(setter, rows: int):
    return setter.tables._table([[para(setter, "Card", "head"), para(setter, "Points", "head")]]
                                + [[para(setter, f"Gag {n}", "cell"), para(setter, str(n), "cell")]
                                   for n in range(rows)], [60.0, 20.0])


def test_T721_a_table_split_three_and_one_leaves_a_lone_row(setter, monkeypatch):
    probe = _table(setter, 4)
    heights = probe.wrap(mm_to_pt(80), 1e6) and probe._rowHeights
    room = frame_h(setter) - sum(heights[:4]) - 2  # the header and three rows fit, the fourth does not
    monkeypatch.setattr(rules_tables, "KEEP_ROWS", 1)  # the rule that prevents it, switched off
    assert "T721" in codes_of(setter, [Spacer(1, room), _table(setter, 4)])
    monkeypatch.undo()
    assert "T721" not in codes_of(setter, [Spacer(1, room), _table(setter, 4)])


def test_T722_booklet_pages_all_set_as_right_hand_pages_are_unmirrored(setter):
    story = [para(setter, PROSE), PageBreak(), para(setter, PROSE), PageBreak(), para(setter, PROSE)]
    assert "T722" in codes_of(setter, story, mirrored=False)
    story = [para(setter, PROSE), PageBreak(), para(setter, PROSE), PageBreak(), para(setter, PROSE)]
    assert "T722" not in codes_of(setter, story)


def test_T723_a_page_broken_early_is_mostly_empty(setter):
    assert "T723" in codes_of(setter, [para(setter, PROSE), PageBreak(), para(setter, PROSE)])
    assert "T723" not in codes_of(setter, [para(setter, PROSE), para(setter, PROSE)])  # the last page may


def _lone_word_text(setter) -> str:
    """Prose whose last line, set without no-break spaces, holds only 'more.'."""
    words = PROSE.split()
    for n in range(10, len(words)):
        text = " ".join(words[:n]) + " more."
        p = _bare(setter, text, "body")
        p.wrap(mm_to_pt(setter.wide_w), 1e6)
        if len(p.blPara.lines) >= 2 and p.blPara.lines[-1][1] == ["more."]:
            return text
    raise AssertionError("no prose found that leaves 'more.' alone")


def test_T724_a_short_last_word_alone_on_its_line(setter):
    text = _lone_word_text(setter)
    assert "T724" in codes_of(setter, [para(setter, text, keep=False)])
    assert "T724" not in codes_of(setter, [para(setter, text)])  # kept with the word before it


@pytest.mark.parametrize("pack", ["gag-grab", "many-faces"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("booklet", [False, True])
def test_the_bundled_rules_have_no_page_findings(pack, paper, booklet):
    loaded, _ = load_pack(resolve_pack(pack))
    found = [f for f in lint_rules(loaded, paper_named(paper), booklet) if f.code in PAGE_CODES]
    assert found == []


def test_numbers_kept_with_their_words_read_back_with_plain_spaces(setter):
    """No-break spaces change where lines break, not the text a reader copies out of the PDF."""
    out = io.BytesIO()
    doc = RulesDocument(out, pagesize=(mm_to_pt(A5.width), mm_to_pt(A5.height)))
    doc.addPageTemplates(setter.templates())
    doc.build([para(setter, "Every persona has cards valued 1 to 5 (2 with 5 or 6 players), and no more.")])
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "valued 1 to 5 (2 with 5 or 6 players), and no more." in text


# -- where the findings point: the source line of the block involved -----------------------------------------

def test_blocks_keep_the_source_line_they_start_on():
    pack, _ = load_pack(resolve_pack("gag-grab"))
    lines = (pack.root / "rules.md").read_text(encoding="utf-8").splitlines()
    blocks = load_rules(pack).blocks

    def written(block) -> str:
        return lines[block.line - 1]

    headings = [b for b in blocks if isinstance(b, Heading)]
    assert all(written(h).startswith("#" * h.level + " ") for h in headings)
    assert written(next(h for h in headings if h.content[0].text == "Kid cards")) == "### Kid cards"
    prose = [b for b in blocks if isinstance(b, Paragraph) and not written(b).startswith("{{")]
    assert all(b.content[0].text.split()[0] in written(b) for b in prose if b.content and b.content[0].text.strip())
    made = [b for b in blocks if isinstance(b, Paragraph) and written(b).startswith("{{")]  # by a placeholder
    assert [(b.content[0].text, written(b)) for b in made] == [("Finish the round.", "{{variant finish-round}}")]
    gags, kids = [b for b in blocks if isinstance(b, CardTable)]
    assert (written(gags), written(kids)) == ("{{cards gags}}", "{{cards kids}}")  # made by the placeholder
    assert written(next(b for b in blocks if isinstance(b, Legend))) == "{{legend}}"
    _, setup, phases, *_ = [b for b in blocks if isinstance(b, ListBlock)]
    assert [written(item[0]) for item in setup.items][:2] == [line for line in lines if line[:2] in ("1.", "2.")][:2]
    # {{phases}}: the list and each of its items, at the placeholder
    assert written(phases) == "{{phases}}" and {item[0].line for item in phases.items} == {phases.line}


def _story_line(setter, block) -> list:
    """The setter's flowables for ``block``, as the typesetter makes them."""
    return setter.block(block, setter.wide_w)


def test_T721_is_located_at_the_table(setter, monkeypatch):
    table = TableBlock(((Run("Card"),), (Run("Points"),)), tuple(((Run(f"Gag {n}"),), (Run(str(n)),))
                                                                for n in range(4)), line=42)
    probe = _story_line(setter, table)[0]
    probe.wrap(mm_to_pt(setter.wide_w), 1e6)
    room = frame_h(setter) - sum(probe._rowHeights[:4]) - 2  # the header and three rows fit, the fourth does not
    monkeypatch.setattr(rules_tables, "KEEP_ROWS", 1)
    found = [p for p in problems_of(setter, [Spacer(1, room), *_story_line(setter, table)]) if p.code == "T721"]
    assert found and {p.line for p in found} == {42}


def test_T720_is_located_at_the_heading(setter):
    heading = _story_line(setter, Heading(2, (Run("Kid cards"),), line=83))[0]
    heading.keepWithNext = 0  # the keep that prevents it, switched off
    room = frame_h(setter) - heading.wrap(mm_to_pt(setter.wide_w), 1e6)[1] - 12
    story = [Spacer(1, room), heading, *_story_line(setter, Paragraph((Run(PROSE),), line=85))]
    found = [p for p in problems_of(setter, story) if p.code == "T720"]
    assert [p.line for p in found] == [83]


def test_T723_is_located_at_the_block_that_starts_the_next_page(setter):
    story = [*_story_line(setter, Paragraph((Run(PROSE),), line=7)), PageBreak(),
             *_story_line(setter, Paragraph((Run(PROSE),), line=9))]
    assert [(p.code, p.line) for p in problems_of(setter, story)] == [("T723", 9)]


def test_T722_is_located_at_the_first_block_of_the_page(setter):
    story = [*_story_line(setter, Paragraph((Run(PROSE),), line=3)), PageBreak(),
             *_story_line(setter, Paragraph((Run(PROSE),), line=5)), PageBreak(),
             *_story_line(setter, Paragraph((Run(PROSE),), line=7))]
    found = [p for p in problems_of(setter, story, mirrored=False) if p.code == "T722"]
    assert found and {p.line for p in found} == {5}  # page 2, set as a right-hand page


def test_T724_is_located_at_the_paragraph_and_its_split_pieces_keep_the_line(setter):
    text = _lone_word_text(setter)
    lone = note_line([para(setter, text, keep=False)], 64)
    found = [p for p in problems_of(setter, lone) if p.code == "T724"]
    assert [p.line for p in found] == [64]
    # Split across a page, the piece holding the last line is still the paragraph's.
    first = para(setter, text, keep=False)
    room = frame_h(setter) - first.wrap(mm_to_pt(setter.wide_w), 1e6)[1] + setter.styles["body"].leading + 1
    found = [p for p in problems_of(setter, [Spacer(1, room), *note_line([first], 64)]) if p.code == "T724"]
    assert [p.line for p in found] == [64] and "(page 2)" in found[0].message


def test_lint_rules_locates_page_findings_at_their_line(monkeypatch):
    """Through the build's own lint: a page finding carries the line the typesetter noted."""
    from printkit.render import rules_lint
    from printkit.rules.pagination import PageProblem

    pack, _ = load_pack(resolve_pack("gag-grab"))
    lines = (pack.root / "rules.md").read_text(encoding="utf-8").splitlines()
    kid_cards = next(n for n, line in enumerate(lines, 1) if line == "### Kid cards")
    seen = []

    def heading_problems(placed, frame):
        heading = next(p for p in placed if p.kind == "heading" and p.text.replace("\xa0", " ") == "Kid cards")
        seen.append(heading.line)
        return [PageProblem("T720", "stranded", heading.line), PageProblem("T723", "empty")]

    monkeypatch.setattr(rules_lint, "page_problems", heading_problems)
    found = rules_lint.lint_rules(pack, paper_named("a4"), True)
    assert seen == [kid_cards]
    assert [(f.code, f.location.line) for f in found] == [("T720", kid_cards), ("T723", 1)]  # 1: no line known
