"""balance.pdf: chart geometry in millimetres, the page lint, and the pages read back."""
import io
from pathlib import Path

import pdfplumber
import pytest
import toy_engine

from printkit.checks.pages import lint_pages
from printkit.core.findings import Location
from printkit.geometry.draw import Text, flatten
from printkit.core.mm import Rect
from printkit.model.pack import LintSettings
from printkit.render.balance import balance_pdf
from printkit.sim.balance_pdf import MARGIN, PAGE_H, PAGE_W, balance_pages, card_charts
from printkit.sim.charts import Axis, bar_rows, histogram, nice_step, seat_chart, ticks
from printkit.sim.run import simulate
from printkit.sim.summary import summarize


@pytest.fixture(scope="module")
def summary():
    runs = simulate(None, toy_engine, 120, [2, 4, 8], None, 3, workers=1)
    return summarize(toy_engine, toy_engine.prepare(None), runs, pack="toy", title="Toy Race", bot="plain", seed=3,
                     max_turns=2000)


def test_nice_steps_and_ticks():
    assert nice_step(1.0, 5) == pytest.approx(0.2)
    assert nice_step(0.37, 5) == pytest.approx(0.1)
    assert nice_step(130, 4) == 50
    assert ticks(0.0, 0.37, 5) == [0.0, 0.1, 0.2, 0.3, 0.4]
    assert ticks(0, 127, 4) == [0, 50, 100, 150]


def test_axis_maps_values_to_mm():
    axis = Axis(0.0, 0.5, 20.0, 40.0)
    assert axis.at(0.0) == 20.0 and axis.at(0.25) == 40.0 and axis.at(0.5) == 60.0


def test_seat_chart_geometry():
    # 4 seats across 80 mm: slots of 20 mm, bars 14 mm wide (gap 0.3); rates up to 0.5 on a 0–0.5 axis 50 mm tall.
    chart = seat_chart([0.4, 0.2, 0.2, 0.2], [(0.3, 0.5), (0.1, 0.3), (0.1, 0.3), (0.1, 0.3)], 0.25,
                       Rect(10, 100, 80, 50))
    assert chart.ticks == (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
    first = chart.bars[0]
    assert (first.x, first.y, first.w, first.h) == pytest.approx((13.0, 100.0, 14.0, 40.0))
    assert chart.bars[1].x == pytest.approx(33.0) and chart.bars[1].h == pytest.approx(20.0)
    assert chart.whiskers[0] == pytest.approx((20.0, 130.0, 150.0))
    assert chart.fair_y == pytest.approx(125.0)


def test_histogram_a_bar_per_value():
    chart = histogram([(5, 10), (6, 0), (7, 30)], Rect(0, 0, 30, 60))
    assert chart.width == 1
    assert [(b.x, b.w, b.h) for b in chart.bars] == [pytest.approx((0, 10, 20)), pytest.approx((20, 10, 60))]
    assert chart.x_labels == ((5.0, "5"), (15.0, "6"), (25.0, "7"))


def test_histogram_bins_a_wide_spread():
    # Values 0..99 (100 of them) with at most 40 bars: bins of 5 (the 1-2-5 step over 100/40), 20 bars.
    chart = histogram([(v, 1) for v in range(100)], Rect(0, 0, 100, 10))
    assert chart.width == 5 and len(chart.bars) == 20
    assert chart.y_ticks == (0, 2, 4, 6)  # 5 games to a bar, on an axis rounded up to 6
    assert chart.bars[0].w == pytest.approx(5.0) and chart.bars[0].h == pytest.approx(10 * 5 / 6)
    assert chart.x_labels[:2] == ((0.0, "0"), (20.0, "20"))


def test_bar_rows_geometry():
    rows = bar_rows([0.5, 0.25], Rect(50, 100, 100, 8), 4.0, top=1.0)
    assert rows.bars[0].w == pytest.approx(50.0) and rows.bars[1].w == pytest.approx(25.0)
    assert rows.bars[0].h == pytest.approx(2.8) and rows.bars[0].y == pytest.approx(104.6)
    assert rows.centres == pytest.approx((106.0, 102.0))


def test_pages_pass_the_page_lint(summary):
    pages = balance_pages(summary)
    assert list(lint_pages(pages, {}, LintSettings(min_type=7.0), "balance.pdf", Location(Path("balance.pdf")))) == []
    for page in pages:
        texts = [i for i in flatten(page.items) if isinstance(i, Text)]
        assert min(t.size for t in texts) >= 7.0
        assert all(MARGIN - 8.0 <= t.y <= PAGE_H - MARGIN and 0 < t.x < PAGE_W for t in texts)


def test_card_charts_split_cards_by_figure():
    cards = {"A": {"scored_rate": 0.5, "played_rate": None}, "B": {"scored_rate": None, "played_rate": 0.2},
             "C": {"scored_rate": 0.1}}
    assert card_charts(cards) == [("scored_rate", ["A", "C"]), ("played_rate", ["B"])]


def test_balance_pdf_reads_back(summary):
    data, count = balance_pdf(summary)
    assert data == balance_pdf(summary)[0]  # deterministic bytes
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == count >= 2
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert text.startswith("Toy Race: balance")
    assert "What stands out" in text
    for p in (2, 4, 8):
        assert f"Win rate by seat, {p} players" in text and f"Game length, {p} players" in text
    assert "How often each card is claimed" in text and "Never" in text
    assert f"page 1 of {count}" in text


def test_card_pages_show_intervals_the_card_model_and_bot_limits():
    from types import SimpleNamespace

    # The toy engine with a card model (one pooled rate for all its cards) and a bot limit declared.
    engine = SimpleNamespace(**{k: getattr(toy_engine, k) for k in ("name", "bots", "prepare", "play",
                                                                     "card_figures", "figures")},
                             card_model={"rate": "claimed_rate", "against": "the pooled rate"},
                             bot_limits=lambda setup, records: {"Elder": "the bots never play it"})
    runs = simulate(None, engine, 120, [2], None, 3, workers=1)
    found = summarize(engine, engine.prepare(None), runs, pack="toy", title="Toy Race", bot="plain", seed=3,
                      max_turns=2000)
    pages = balance_pages(found)
    assert list(lint_pages(pages, {}, LintSettings(min_type=7.0), "balance.pdf", Location(Path("balance.pdf")))) == []
    texts = [i for page in pages for i in flatten(page.items) if isinstance(i, Text)]
    words = [t.text.replace("\xa0", " ") for t in texts]
    assert "Claimed, against the card model, 2 players" in words
    assert "Elder (bot limit)" in words and "Bot limits: what these bots leave untested" in words
    # 'Never' (claimed in no game) lies far below the pooled rate: flagged, so named in bold on the model chart.
    assert [t.font for t in texts if t.text == "Never"] == ["body", "bold"]


@pytest.fixture(scope="module")
def uneven():
    """Games ending part-way through a round (seats take unequal turns), as Gag Grab's do, at 2 and 4 players."""
    from printkit.games.records import GameRecord

    def game(players, turns, winners):
        return GameRecord(players, (0,) * players, tuple(winners), turns, 7, (), (("rolls", 1),))
    runs = {2: [game(2, 25, [0])] * 62 + [game(2, 25, [1])] * 38,
            4: [game(4, 25, [0]), game(4, 25, [1]), game(4, 26, [1]), game(4, 24, [3]), game(4, 25, [0, 2])] * 20}
    return summarize(toy_engine, toy_engine.prepare(None), runs, pack="toy", title="Toy Race", bot="plain", seed=3,
                     max_turns=2000)


def test_seat_pages_pass_the_page_lint_and_explain_the_seats(uneven):
    pages = balance_pages(uneven)
    assert list(lint_pages(pages, {}, LintSettings(min_type=7.0), "balance.pdf", Location(Path("balance.pdf")))) == []
    with pdfplumber.open(io.BytesIO(balance_pdf(uneven)[0])) as pdf:
        first = pdf.pages[0].extract_text()
        text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert "Across player counts" in first and first.index("Across player counts") < first.index("What stands out")
    assert "Win rate by turns taken, 4 players" in text and "Win rate by turns taken, 2 players" in text
    assert "One reason: a game can end part-way through a round" in text
    assert "4 players: 100 games, 25.0 turns (7.0 rounds) on average; seats equal? p < 0.001" in text
    assert "The engine's own figures" in text and "Rolls per game" in text
