"""Wrapping and shrinking text, with a fake font whose every character is 0.5 em wide."""
from printkit.geometry.text import fit_text, wrap


class Mono:
    def width(self, text, size):
        return len(text) * size * 0.5 * 25.4 / 72

    def ascent(self, size):
        return size * 0.8 * 25.4 / 72

    def descent(self, size):
        return size * 0.2 * 25.4 / 72


M = Mono()
CHAR_AT_10PT = 0.5 * 10 * 25.4 / 72  # 1.764 mm


def test_wrap_at_spaces():
    assert wrap("aaa bbb ccc", M, 10, CHAR_AT_10PT * 7.5) == ["aaa bbb", "ccc"]


def test_long_word_stays_whole():
    assert wrap("abcdefghij xy", M, 10, CHAR_AT_10PT * 4) == ["abcdefghij", "xy"]


def test_fits_at_the_largest_size_that_fits():
    fit = fit_text("aaaa bbbb", M, width=CHAR_AT_10PT * 9, height=100, max_size=14, min_size=6,
                   max_lines=1)
    assert fit.fits and fit.size == 10 and fit.lines == ("aaaa bbbb",)


def test_wraps_before_shrinking_below_the_box_height():
    fit = fit_text("aaaa bbbb", M, width=CHAR_AT_10PT * 5, height=20, max_size=10, min_size=6)
    assert fit.fits and fit.size == 10 and fit.lines == ("aaaa", "bbbb")


def test_reports_when_even_the_smallest_size_overflows():
    fit = fit_text("x" * 100, M, width=10, height=5, max_size=10, min_size=6)
    assert not fit.fits and fit.size == 6


def test_max_lines():
    fit = fit_text("a b c d", M, width=CHAR_AT_10PT * 1.2, height=100, max_size=10, min_size=9,
                   max_lines=2)
    assert not fit.fits


def test_a_no_break_space_holds_two_words_on_one_line():
    from printkit.core.fonts import metrics

    m = metrics("body")
    lines = wrap("aaaa bbbb\u00a0cccc", m, 10.0, m.width("aaaa bbbb", 10.0) + 0.01)
    assert lines == ["aaaa", "bbbb\u00a0cccc"]
    assert wrap("aaaa bbbb cccc", m, 10.0, m.width("aaaa bbbb", 10.0) + 0.01) == ["aaaa bbbb", "cccc"]
