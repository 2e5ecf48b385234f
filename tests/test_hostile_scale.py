"""Packs of many decks and many cards: past MAX_DECKS decks or MAX_PACK_CARDS cards in all, a located C210
and exit 1 before any front is laid out (100 decks of 2,000 cards once took minutes of `check` with nothing
shown); and the progress `check` shows on a terminal, and only there.

The packs are the tiny clean pack with decks of a few rows of many copies, so nothing here is slow."""
from __future__ import annotations

import io
import sys

import pytest
from click.testing import CliRunner

from conftest import at, deadline

from printkit.checks import check_pack
from printkit.commands.cli import cli, main
from printkit.model.loader import load_pack
from printkit.model.pack import MAX_DECKS, MAX_PACK_CARDS

MINI_CARDS = 12  # kids 8 and gags 4


def add_decks(pack, count: int, rows: list[int], file: str = "extra.csv") -> None:
    """``count`` more decks after the pack's own, extra01, extra02…, all reading ``file``: one row a card,
    with ``rows`` copies each."""
    tables = "".join(f'\n[decks.extra{n:02d}]\ntitle = "Extra {n}"\nfile = "{file}"\n'
                     f'[decks.extra{n:02d}.columns]\nname = "text"\ncount = "count"\n' for n in range(1, count + 1))
    text = (pack.path / "game.toml").read_text(encoding="utf-8")
    head, claims = text.split("[claims]", 1)  # the decks come before [claims]
    pack.write("game.toml", head + tables + "\n[claims]" + claims)
    pack.write(file, "name,count\n" + "".join(f"Extra card {k},{copies}\n" for k, copies in enumerate(rows)))


def c210s(pack) -> list:
    with deadline():
        return [f for f in check_pack(pack.path).findings if f.code == "C210"]


def test_a_pack_at_the_card_limit_loads(mini):
    # 12 + 5 decks × (999 + 997) = 9,992; then one deck of 8 more: exactly 10,000.
    add_decks(mini, 5, [999, 997])
    pack, findings = load_pack(mini.path)
    assert pack is not None and not [f for f in findings if f.is_error]
    assert sum(deck.total for deck in pack.decks.values()) == MINI_CARDS + 5 * 1996 == 9_992
    assert MAX_PACK_CARDS == 10_000


def test_one_card_past_the_limit_is_c210_at_the_row_that_passes_it(mini):
    # 12, then 1,998 a deck: 2,010, 4,008, 6,006, 8,004, and in extra05 9,003, then 10,002 at its third line.
    add_decks(mini, 5, [999, 999])
    (found,) = c210s(mini)
    assert at(found) == ("extra.csv", 3, len("Extra card 1,") + 1)
    assert "deck 'extra05'" in found.message and "at most 10,000 in all its decks" in found.message
    assert found.is_error


def test_past_the_card_limit_nothing_else_is_checked_and_later_decks_are_not_read(mini):
    add_decks(mini, 5, [999, 999])
    # A sixth deck whose file does not exist: never read, so no M105 for it.
    mini.edit("game.toml", "[claims]", '[decks.late]\ntitle = "Late"\nfile = "missing.csv"\n'
                                       '[decks.late.columns]\nname = "text"\n\n[claims]')
    report = check_pack(mini.path)
    assert report.pack is None and [f.code for f in report.findings] == ["C210"]


def test_a_pack_at_the_deck_limit_loads(mini):
    add_decks(mini, MAX_DECKS - 2, [1])  # with kids and gags, 50 decks
    pack, findings = load_pack(mini.path)
    assert pack is not None and len(pack.decks) == MAX_DECKS == 50
    assert not [f for f in findings if f.is_error]


def test_one_deck_past_the_limit_is_c210_at_that_deck(mini):
    add_decks(mini, MAX_DECKS - 1, [1], file="missing.csv")  # 51 decks; no deck file is read, so none need exist
    (found,) = c210s(mini)
    lines = (mini.path / "game.toml").read_text(encoding="utf-8").splitlines()
    line = lines.index('[decks.extra49]') + 3  # its file key: the 51st deck
    assert at(found) == ("game.toml", line, 1)
    assert "deck 'extra49' is deck 51 of 51; a pack may hold at most 50 decks" in found.message


def test_check_and_build_refuse_a_pack_past_the_limits_with_exit_1(mini, tmp_path):
    add_decks(mini, 5, [999, 999])
    with deadline():
        checked = CliRunner().invoke(cli, ["check", str(mini.path)])
        built = CliRunner().invoke(cli, ["build", str(mini.path), "--out", str(tmp_path / "out")])
    assert checked.exit_code == 1 and "extra.csv:3:14: error C210 the pack comes to more than 10,000" in checked.output
    assert built.exit_code == 1 and "C210" in built.output and "mini: not built because of the errors above" \
        in built.output
    assert not (tmp_path / "out" / "mini").exists()


# -- progress on a terminal


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_check(monkeypatch, capsys, stderr: io.StringIO, *options: str) -> str:
    """What 'printkit check gag-grab OPTIONS' writes to ``stderr`` (stdout is captured: not a terminal)."""
    monkeypatch.setattr(sys, "argv", ["printkit", "check", "gag-grab", *options])
    monkeypatch.setattr(sys, "stderr", stderr)
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 0
    capsys.readouterr()
    return stderr.getvalue()


def test_check_shows_progress_on_a_terminal(monkeypatch, capsys):
    shown = run_check(monkeypatch, capsys, Terminal())
    # Each of Gag Grab's 76 fronts (16 rows of kids.csv, 60 of gags.csv), then the pages on each paper.
    assert "\r\x1b[Kgag-grab: card fronts 76/76" in shown
    assert "gag-grab: cards.pdf on A4 30/30" in shown and "gag-grab: cards.pdf on Letter 30/30" in shown
    assert shown.endswith("\r\x1b[K")  # wiped, so the findings start on a clean line


def test_no_progress_when_stderr_is_not_a_terminal(monkeypatch, capsys):
    assert run_check(monkeypatch, capsys, io.StringIO()) == ""


@pytest.mark.parametrize("fmt", ["json", "github"])
def test_no_progress_when_a_program_reads_the_findings(monkeypatch, capsys, fmt):
    assert run_check(monkeypatch, capsys, Terminal(), "--format", fmt) == ""
