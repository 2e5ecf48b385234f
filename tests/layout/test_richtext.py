"""Rich text: parsing the markup, fitting styled runs and icons into a box, placing them."""
import time

import pytest

from printkit.core.fonts import metrics
from printkit.geometry import richtext
from printkit.geometry.draw import Box, Text, text_lines
from printkit.core.mm import Rect, pt_to_mm
from printkit.geometry.richparse import BREAK, Span, icon_references, parse_rich
from printkit.geometry.richtext import (ICON_GAP, ICON_SCALE, IconPiece, RichFonts, fit_rich,
                                      missing_characters, rich_items)
from printkit.geometry.text import LEADING, block_height, fit_text

BODY = RichFonts()
ICONS = {"coin", "gem"}


def w(text, font="body", size=10):
    return metrics(font).width(text, size)


def side(size=10):
    return metrics("body").cap(size) * ICON_SCALE


def fixed(text, width, size=10, fonts=BODY, icons=ICONS, **kw):
    """Fit at exactly ``size`` so positions can be worked out by hand."""
    return fit_rich(parse_rich(text, icons), fonts, width, 1000, size, size, **kw)


def shape(fit):
    """Each line as (kind, text or name, font) triples, to compare wrapping at a glance."""
    return [[("icon", p.name, None) if isinstance(p, IconPiece) else ("text", p.text, p.font)
             for p in line] for line in fit.lines]


# ------------------------------------------------------------------ parsing

@pytest.mark.parametrize("text, spans", [
    ("", ()),
    ("plain words", (Span("plain words"),)),
    ("**bold** text", (Span("bold", bold=True), Span(" text"))),
    ("_one_ and *two*", (Span("one", italic=True), Span(" and "), Span("two", italic=True))),
    ("***both***", (Span("both", bold=True, italic=True),)),
    ("**_both_** plain", (Span("both", bold=True, italic=True), Span(" plain"))),
    ("_**both**_", (Span("both", bold=True, italic=True),)),
    ("**bold _both_ bold**", (Span("bold ", bold=True), Span("both", bold=True, italic=True),
                              Span(" bold", bold=True))),
    ("*a **b***", (Span("a ", italic=True), Span("b", bold=True, italic=True))),
    ("(**Arrival:**) go.", (Span("("), Span("Arrival:", bold=True), Span(") go."))),
])
def test_emphasis(text, spans):
    assert parse_rich(text) == spans


@pytest.mark.parametrize("text", [
    "**unclosed bold", "an _unclosed italic", "a * b and a ** b", "**  spaced**",
    "snake_case_name", "2*3*4 = 24", "x**2** + y**2**", "____ and ****",
])
def test_markers_that_cannot_act_stay_literal(text):
    assert parse_rich(text) == (Span(text),)


def test_a_closer_only_closes_its_own_kind_and_crossed_openers_stay_literal():
    assert parse_rich("**a _b** c_") == (Span("a _b", bold=True), Span(" c_"))
    assert parse_rich("**x***") == (Span("x", bold=True), Span("*"))


def test_escapes_give_the_character_itself():
    assert parse_rich(r"\*not\* \_this\_ \{coin} \\ \<br>", ICONS) == (
        Span(r"*not* _this_ {coin} \ <br>"),)
    # An escaped backslash does not escape what follows it.
    assert parse_rich(r"\\**b**") == (Span("\\"), Span("b", bold=True))


def test_forced_breaks():
    assert parse_rich("a<br>b<br/>c\nd<BR />e\r\nf") == (
        Span("a"), BREAK, Span("b"), BREAK, Span("c"), BREAK, Span("d"), BREAK, Span("e"),
        BREAK, Span("f"))
    assert BREAK.is_break and not Span("a").is_break


def test_a_break_inside_emphasis_keeps_the_style_on_both_sides():
    assert parse_rich("**one<br>two**") == (Span("one", bold=True), BREAK, Span("two", bold=True))


def test_known_icons_become_spans_and_unknown_ones_stay_text():
    assert parse_rich("Pay {coin} or {gem}, not {star}", {"coin", "gem"}) == (
        Span("Pay "), Span(icon="coin"), Span(" or "), Span(icon="gem"), Span(", not {star}"))
    assert parse_rich("Pay {coin}") == (Span("Pay {coin}"),)  # no icons known
    assert parse_rich("**{coin}2**", ICONS) == (Span(icon="coin", bold=True), Span("2", bold=True))


def test_icon_references_give_offsets_of_every_reference():
    text = "Pay {coin}, \\{skip} then {gem-2}{x}"
    refs = icon_references(text)
    assert refs == [("coin", 4), ("gem-2", 25), ("x", 32)]
    assert all(text[at:at + len(name) + 2] == "{" + name + "}" for name, at in refs)
    assert icon_references("no braces here") == [] and icon_references("{ spaced }") == []


def cpu_growth(run, small: str, large: str) -> float:
    """How much more CPU ``run`` takes on ``large`` than on ``small`` (best of three each).

    CPU time, not the clock: other work on a shared machine barely moves it, and a ratio of
    two runs in one process cancels the machine's speed. A linear parser grows about 4× for
    4× the text; a quadratic one about 16×.
    """
    def best(text: str) -> float:
        times = []
        for _ in range(3):
            start = time.process_time()
            run(text)
            times.append(time.process_time() - start)
        return max(min(times), 1e-4)
    return best(large) / best(small)


UNCLOSED = ["*", "{", "*a", "_a ", "a_ ", "**a _b ", "{a", "<"]


@pytest.mark.parametrize("unit", UNCLOSED)
def test_parsing_unclosed_markers_is_linear(unit):
    large = unit * (200_000 // len(unit))
    # None of these close anything, so the text comes back as typed.
    assert parse_rich(large, ICONS) == (Span(large),)
    growth = cpu_growth(lambda t: (parse_rich(t, ICONS), icon_references(t)), large[:len(large) // 4], large)
    assert growth < 9, f"4x the text took {growth:.1f}x the CPU"


def test_many_real_markers_parse_linearly_too():
    text = "**a** _b_ {coin} " * 12_000
    spans = parse_rich(text, ICONS)
    assert len(spans) == 6 * 12_000 and spans[:3] == (Span("a", bold=True), Span(" "),
                                                      Span("b", italic=True))
    growth = cpu_growth(lambda t: parse_rich(t, ICONS), "**a** _b_ {coin} " * 3_000, text)
    assert growth < 9, f"4x the text took {growth:.1f}x the CPU"


# ------------------------------------------------------------------ wrapping

def test_wraps_across_font_changes():
    # Greedy wrapping would leave "cards" alone on the second line; balanced, "two" keeps it company.
    first = w("Arrival:", "bold") + w(" draw two")
    fit = fixed("**Arrival:** draw two cards", first + 0.01)
    assert shape(fit) == [[("text", "Arrival:", "bold"), ("text", "draw", "body")],
                          [("text", "two cards", "body")]]
    bold, plain = fit.lines[0]
    assert (bold.x, bold.width) == pytest.approx((0, w("Arrival:", "bold")))
    assert plain.x == pytest.approx(w("Arrival:", "bold") + w(" "))
    assert plain.width == pytest.approx(w("draw"))
    assert fit.line_widths[0] == pytest.approx(w("Arrival:", "bold") + w(" draw"))
    # Narrower still, the same two lines.
    assert shape(fixed("**Arrival:** draw two cards", first - 0.01))[1] == [
        ("text", "two cards", "body")]


def test_no_short_word_is_left_alone_where_a_better_break_exists():
    # "Baseball Coach Pep Talk" in a box a little narrower than the title: greedy wrapping gives
    # "Baseball Coach Pep / Talk"; balanced, "Baseball Coach / Pep Talk".
    title = "Baseball Coach Pep Talk"
    fit = fixed(title, w(title) - 0.5)
    assert [" ".join(p.text for p in line) for line in fit.lines] == ["Baseball Coach", "Pep Talk"]
    plain = fit_text(title, metrics("body"), w(title) - 0.5, 100, 10, 10)
    assert plain.lines == ("Baseball Coach", "Pep Talk")


def test_a_number_stays_with_the_word_after_it():
    # Room for "values 1" but not "values 1 to": the 1 goes down with "to".
    text = "values 1 to 5."
    fit = fixed(text, w("values 1") + 0.01)
    lines = [" ".join(p.text for p in line) for line in fit.lines]
    assert lines[0] == "values" and not any(line.endswith((" 1", "(2")) for line in lines)
    assert fit_text("(2 with 5 or 6 players)", metrics("body"), w("(2 with 5") + 0.01, 100, 10, 10).lines[0] \
        != "(2"


def test_a_word_of_several_runs_moves_as_one():
    word = w("(") + w("bbbb", "bold") + w(")")
    fit = fixed("aaaa (**bbbb**)", w("aaaa ") + word - 0.01)
    assert shape(fit) == [[("text", "aaaa", "body")],
                          [("text", "(", "body"), ("text", "bbbb", "bold"), ("text", ")", "body")]]
    assert [p.x for p in fit.lines[1]] == pytest.approx([0, w("("), w("(") + w("bbbb", "bold")])


def test_a_word_wider_than_the_box_stays_whole_and_does_not_fit():
    fit = fit_rich(parse_rich("go extraordinarily far"), BODY, w("extraordinar", size=6), 100,
                   10, 6)
    assert [[p.text for p in line] for line in fit.lines] == [["go"], ["extraordinarily"], ["far"]]
    assert not fit.fits and fit.size == 6


def test_forced_breaks_make_lines_even_with_room_to_spare():
    fit = fixed("one<br>two\n\n**three**", 200)
    assert shape(fit) == [[("text", "one", "body")], [("text", "two", "body")], [],
                          [("text", "three", "bold")]]


def test_spaces_collapse_and_vanish_at_line_ends():
    fit = fixed("  a \t  b  ", 200)
    assert shape(fit) == [[("text", "a b", "body")]]
    assert fit.lines[0][0].width == pytest.approx(w("a b"))


def test_an_icon_takes_its_side_in_width_and_sits_between_spaces():
    fit = fixed("a {coin} b", 200)
    a, coin, b = fit.lines[0]
    assert coin == IconPiece("coin", pytest.approx(side()), pytest.approx(w("a ")))
    assert coin.width == coin.side
    assert b.x == pytest.approx(w("a ") + side() + w(" "))
    assert fit.line_widths[0] == pytest.approx(w("a  b") + side())


def test_an_icon_touching_text_keeps_a_small_gap_and_stays_with_it():
    fit = fixed("pay 3{coin}.", w("pay 3.") + side() * 1.2)
    three, coin, dot = fit.lines[1]  # too wide together with "pay": the whole word wraps
    gap = side() * ICON_GAP
    assert shape(fit)[0] == [("text", "pay", "body")]
    assert coin.x == pytest.approx(w("3") + gap)
    assert dot.x == pytest.approx(w("3") + gap + side() + gap)


def test_icons_wrap_like_words():
    room = w("a ") + side()
    fit = fixed("a {coin} {gem} a", room + 0.01)
    assert shape(fit) == [[("text", "a", "body"), ("icon", "coin", None)],
                          [("icon", "gem", None), ("text", "a", "body")]]
    assert fit.line_widths == pytest.approx((room, room))


def test_icons_scale_with_the_size():
    small, large = fixed("{coin}", 100, size=6), fixed("{coin}", 100, size=12)
    assert large.lines[0][0].side == pytest.approx(2 * small.lines[0][0].side)
    assert small.lines[0][0].side == pytest.approx(side(6))


# ------------------------------------------------------------------ sizes

RULE = "**Setup:** shuffle the deck, deal _five_ cards to each player and put {coin} on the table."


def test_picks_the_largest_size_that_fits():
    spans = parse_rich(RULE, ICONS)
    fit = fit_rich(spans, BODY, 40, 20, 14, 5)
    assert fit.fits and 5 < fit.size < 14
    assert all(lw <= 40 + 1e-6 for lw in fit.line_widths)
    assert block_height(len(fit.lines), fit.size, metrics("body")) <= 20
    bigger = fit.size + 0.5
    assert not fit_rich(spans, BODY, 40, 20, bigger, bigger).fits
    assert fit.line_pitch == pytest.approx(pt_to_mm(fit.size * LEADING))


def test_max_lines_is_respected():
    spans = parse_rich(RULE, ICONS)
    free = fit_rich(spans, BODY, 40, 100, 12, 6)
    capped = fit_rich(spans, BODY, 40, 100, 12, 6, max_lines=3)
    assert free.fits and len(free.lines) > 3
    assert capped.fits and len(capped.lines) <= 3 and capped.size < free.size


def test_reports_overflow_at_the_smallest_size():
    fit = fit_rich(parse_rich("far too much text " * 20), BODY, 20, 5, 10, 6)
    assert not fit.fits and fit.size == 6


def test_the_fit_is_cached_and_each_run_is_measured_once_at_one_point(monkeypatch):
    calls = []

    class Counting:
        def __init__(self, inner):
            self.inner = inner

        def width(self, text, size):
            calls.append((self.inner.role, text, size))
            return self.inner.width(text, size)

        def __getattr__(self, name):
            return getattr(self.inner, name)

    monkeypatch.setattr(richtext, "metrics", lambda key: Counting(metrics(key)))
    spans = parse_rich("**Zyx:** qwv qwv {coin} qwv jjk jjk " * 5, ICONS)
    fit = fit_rich(spans, BODY, 30, 12, 16, 6)
    assert fit.size < 15  # many sizes were tried
    assert calls and all(size == 1.0 for _, _, size in calls)
    assert len(calls) == len(set(calls))
    assert fit_rich(spans, BODY, 30, 12, 16, 6) is fit


# ------------------------------------------------------------------ fonts

def test_a_character_the_face_lacks_comes_from_the_fallback():
    assert metrics("body").has("≤") and not metrics("display").has("≤")
    display = RichFonts("display", "display", "display", "display", fallback=("body",))
    fit = fixed("x ≤ 5", 100, fonts=display)
    assert shape(fit) == [[("text", "x", "display"), ("text", "≤", "body"),
                           ("text", "5", "display")]]
    le = fit.lines[0][1]
    assert le.x == pytest.approx(w("x ", "display")) and le.width == pytest.approx(w("≤"))
    alone = RichFonts("display", "display", "display", "display")
    assert shape(fixed("x ≤ 5", 100, fonts=alone)) == [[("text", "x ≤ 5", "display")]]


def test_a_character_no_font_has_stays_in_its_face_and_is_reported():
    assert not any(metrics(k).has("☃") for k in ("body", "display"))
    display = RichFonts("display", "display", "display", "display", fallback=("body",))
    spans = parse_rich("a☃≤")
    assert shape(fixed("a☃≤", 100, fonts=display)) == [[("text", "a☃", "display"),
                                                         ("text", "≤", "body")]]
    assert missing_characters(spans, display) == ["☃"]
    assert missing_characters(spans, RichFonts("display", "display", "display", "display")) == [
        "≤", "☃"]


def test_bold_italic_uses_the_fourth_face():
    assert shape(fixed("***x*** _y_ **z**", 100)) == [[
        ("text", "x", "bold-italic"), ("text", "y", "italic"), ("text", "z", "bold")]]


def test_family_lookup():
    assert RichFonts.family("body") == BODY
    assert RichFonts.family("display", ("body",)).bold_italic == "display"
    assert RichFonts.family("nope") is None


# ------------------------------------------------------------------ plain text

@pytest.mark.parametrize("text, width, height, max_size, min_size", [
    ("Draw two cards and discard one of them.", 30, 30, 12, 6),
    ("Everybody takes one step back, then the player to the left goes first.", 45, 12, 11, 5),
    ("one\ntwo three four five six\n\nseven", 25, 40, 10, 6),
    ("Unbreakableword tiny", 12, 20, 10, 8),
    ("", 10, 10, 9, 6),
])
def test_plain_text_fits_exactly_as_fit_text_does(text, width, height, max_size, min_size):
    plain = fit_text(text, metrics("body"), width, height, max_size, min_size)
    rich = fit_rich(parse_rich(text), BODY, width, height, max_size, min_size)
    assert all(len(line) <= 1 for line in rich.lines)
    assert tuple(line[0].text if line else "" for line in rich.lines) == plain.lines
    assert (rich.size, rich.fits) == (plain.size, plain.fits)
    assert rich.line_pitch == pytest.approx(plain.line_pitch)


# ------------------------------------------------------------------ placing

BOX = Rect(10, 20, 50, 30)


def record_icons(calls):
    def icon_items(name, cx, cy, side_mm):
        calls.append((name, cx, cy, side_mm))
        return [Box(Rect(cx - side_mm / 2, cy - side_mm / 2, side_mm, side_mm), fill="#FFCC00")]
    return icon_items


@pytest.mark.parametrize("align", ["left", "center", "right"])
@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
def test_plain_lines_land_where_text_lines_puts_them(align, valign):
    text = "Everybody takes one step back, then the left player goes first."
    plain = fit_text(text, metrics("body"), BOX.w, BOX.h, 12, 6)
    rich = fit_rich(parse_rich(text), BODY, BOX.w, BOX.h, 12, 6)
    expected = text_lines(plain, BOX, "body", metrics("body"), "#112233", align, valign)
    got = rich_items(rich, BOX, "#112233", align, valign, record_icons([]))
    assert len(got) == len(expected) > 1
    shift = {"left": 0, "center": 0.5, "right": 1}[align]
    for g, e in zip(got, expected):
        assert (g.text, g.font, g.size, g.colour, g.align) == (e.text, "body", e.size, "#112233",
                                                               "left")
        assert g.y == pytest.approx(e.y)
        assert g.x == pytest.approx(e.x - shift * w(e.text, size=e.size))


def test_mixed_line_positions_and_icons_on_the_capitals():
    fit = fixed("**Gain** 2 {coin}<br>then _rest_", 100, size=10)
    calls = []
    items = rich_items(fit, BOX, "#000000", "right", "top", record_icons(calls))
    body = metrics("body")
    first = BOX.top - body.ascent(10)
    second = first - pt_to_mm(10 * LEADING)
    texts = [i for i in items if isinstance(i, Text)]
    assert [(t.text, t.font) for t in texts] == [("Gain", "bold"), ("2", "body"),
                                                 ("then", "body"), ("rest", "italic")]
    line_one = w("Gain", "bold") + w(" 2 ") + side()
    assert texts[0].x == pytest.approx(BOX.right - line_one) and texts[0].y == pytest.approx(first)
    assert texts[1].x == pytest.approx(BOX.right - line_one + w("Gain ", "bold") - w(" ", "bold")
                                       + w(" "))
    assert texts[3].x + w("rest", "italic") == pytest.approx(BOX.right)
    assert texts[3].y == pytest.approx(second)
    (name, cx, cy, s), = calls
    assert name == "coin" and s == pytest.approx(side())
    assert cx == pytest.approx(BOX.right - side() / 2)
    assert cy == pytest.approx(first + body.cap(10) / 2)
    assert sum(isinstance(i, Box) for i in items) == 1


def test_centred_and_middle_block():
    fit = fixed("ab<br>**abcd**", 100, size=10)
    items = rich_items(fit, BOX, "#000000", "center", "middle", record_icons([]))
    body = metrics("body")
    block = body.ascent(10) + body.descent(10) + pt_to_mm(10 * LEADING)
    assert items[0].y == pytest.approx(BOX.cy + block / 2 - body.ascent(10))
    for item, font in zip(items, ("body", "bold")):
        assert item.x + w(item.text, font) / 2 == pytest.approx(BOX.cx)
