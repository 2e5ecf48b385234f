"""simulate --against, the figures: paired differences, Holm, card matching, and the report's section and
page, on hand-made numbers and the toy engine (no real pack played here)."""
from __future__ import annotations

import io
import math
from pathlib import Path

import pdfplumber
import pytest
import toy_engine

from printkit.core.findings import Location
from printkit.geometry.draw import Text, flatten
from printkit.render.balance import balance_pdf
from printkit.checks.pages import lint_pages
from printkit.model.pack import LintSettings
from printkit.sim.balance_pdf import balance_pages
from printkit.sim.compare import Matching, compare_runs, holm, paired
from printkit.sim.compare_report import comparison_lines
from printkit.sim.report import json_report, text_report
from printkit.sim.run import simulate
from printkit.sim.summary import summarize


def test_paired_difference_and_its_normal_interval():
    e = paired([1, 0, 1, 1], [0, 0, 1, 0])  # differences 1, 0, 0, 1
    se = math.sqrt(1 / 3) / 2  # sample sd √(1/3), over √4
    assert e["new"] == 0.75 and e["old"] == 0.25 and e["difference"] == 0.5
    assert e["ci95_low"] == pytest.approx(0.5 - 1.959964 * se) and e["ci95_high"] == pytest.approx(0.5 + 1.959964 * se)
    same = paired([3, 5, 7], [3, 5, 7])
    assert (same["difference"], same["ci95_low"], same["ci95_high"], same["p"]) == (0, 0, 0, 1.0)
    shifted = paired([4, 6, 8], [3, 5, 7])  # every game one more: certain
    assert shifted["ci95_low"] == shifted["ci95_high"] == 1 and shifted["p"] == 0.0
    one = paired([1], [0])
    assert one["difference"] == 1 and one["ci95_low"] is None


def test_holm_step_down():
    assert holm([0.01, 0.04, 0.03, 0.5]) == [True, False, False, False]  # 0.03 > 0.05 / 3 stops it
    assert holm([0.01, 0.02, 0.03]) == [True, True, True]  # 0.0167, 0.025, 0.05
    assert holm([0.2, 0.001]) == [False, True]


def _runs(setup, games=150, counts=(2, 3), seed=5):
    return simulate(None, toy_engine, games, list(counts), None, seed, workers=1, setup=setup)


@pytest.fixture(scope="module")
def moved():
    """The toy race with Banana moved past the finish (never claimed) and Apple renamed Apricot."""
    old_setup = toy_engine.prepare(None)
    new_setup = toy_engine.prepare(None)
    new_setup["cards"] = {3: "Apricot", 99: "Banana", 11: "Cherry", 15: "Damson", 19: "Elder", 98: "Fig"}
    old_runs, new_runs = _runs(old_setup), _runs(new_setup)
    comparison = compare_runs(toy_engine, new_setup, old_setup, new_runs, old_runs, against="v1",
                              matching=Matching({"Apple": "Apricot"}, {"Banana": "space 7 → 99"}))
    return old_runs, new_runs, comparison


def test_a_card_moved_out_of_reach_loses_exactly_its_old_rate(moved):
    old_runs, _, c = moved
    old_games = [r for p in (2, 3) for r in old_runs[p]]
    had = sum(any(e.card == "Banana" for e in r.events) for r in old_games) / len(old_games)
    banana = c["cards"]["Banana"]
    assert banana["change"] == "changed" and banana["fields"] == "space 7 → 99"
    assert banana["claimed_rate"]["new"] == 0 and banana["claimed_rate"]["old"] == pytest.approx(had)
    assert banana["claimed_rate"]["difference"] == pytest.approx(-had) and banana["claimed_rate"]["beyond_chance"]
    assert banana["claimed_rate"]["ci95_high"] < 0
    assert "mean_claim_turn" not in banana  # a mean over the games it was claimed in: not split game by game


def test_renamed_added_and_removed_cards(moved):
    _, _, c = moved
    assert list(c["cards"]) == ["Apricot", "Banana", "Cherry", "Damson", "Elder", "Fig", "Never"]
    assert c["cards"]["Apricot"]["change"] == "renamed" and c["cards"]["Apricot"]["was"] == "Apple"
    assert c["cards"]["Fig"] == {"change": "added", "claimed_rate": {"new": 0.0}}
    assert c["cards"]["Never"] == {"change": "removed", "claimed_rate": {"old": 0.0}}
    assert set(c["by_players"]) == {"2", "3"} and len(c["by_players"]["3"]["win_rate_by_seat"]) == 3
    assert c["games"] == 150 and c["player_counts"] == [2, 3]


def test_the_same_games_differ_by_nothing():
    setup = toy_engine.prepare(None)
    runs = _runs(setup, games=60, counts=(4,))
    c = compare_runs(toy_engine, setup, setup, runs, runs, against="HEAD")
    figures = c["by_players"]["4"]
    for e in [*figures["win_rate_by_seat"], figures["turns"], figures["winning_score"],
              *(card["claimed_rate"] for card in c["cards"].values())]:
        assert (e["difference"], e["ci95_low"], e["ci95_high"], e["beyond_chance"]) == (0, 0, 0, False)
    assert "cards" not in figures  # one player count: the cards are c["cards"]


@pytest.fixture(scope="module")
def summary(moved):
    _, new_runs, c = moved
    s = summarize(toy_engine, toy_engine.prepare(None), new_runs, pack="toy", title="Toy Race", bot="plain", seed=5,
                  max_turns=2000)
    s["comparison"] = c
    return s


def test_text_section(summary):
    lines = comparison_lines(summary)
    assert lines[1].startswith("Against v1: differences are this pack's figures less those of v1")
    assert lines[2] == "Cards that differ: Apricot (renamed from Apple); Banana (space 7 → 99); Fig (added); Never (removed)"
    assert "2 players: 150 pairs of games" in lines and "3 players: 150 pairs of games" in lines
    banana = next(line for line in lines if line.lstrip().startswith("Banana"))
    assert "*" in banana and banana.endswith("space 7 → 99")
    assert text_report(summary).endswith("\n".join(lines[1:]) + "\n")
    assert comparison_lines({"title": "no comparison"}) == []


def test_json_keeps_the_comparison_last_and_rounded(summary):
    text = json_report(summary)
    assert text.index('"comparison"') > text.index('"by_players"')
    assert '"p":' not in text  # p-values are used, not shown


def test_against_pages_read_back_and_pass_the_page_lint(summary):
    pages = balance_pages(summary)
    assert list(lint_pages(pages, {}, LintSettings(min_type=7.0), "balance.pdf", Location(Path("balance.pdf")))) == []
    for page in pages:
        assert min(t.size for t in flatten(page.items) if isinstance(t, Text)) >= 7.0
    data, count = balance_pdf(summary)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        last = [page.extract_text() for page in pdf.pages]
    against = next(n for n, text in enumerate(last) if text.startswith("Against v1"))
    text = "\n".join(last[against:])
    assert "What differs" in text and "Banana: space 7 » 99" in text
    assert "Win rate by seat, 2 players: this pack less v1" in text
    assert "How often each card is claimed: this pack less v1 (all player counts together)" in text
    assert "Fig (added): claimed in 0.0% of games." in text
