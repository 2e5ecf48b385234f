"""Hostile sizes for export and diff: rename matching that stays right at 2,000 cards, and the card limits
of an export and of a diff, refused at once with the pack's game.toml named.

Expected pairs are known by construction (each renamed card keeps its line), not taken from printkit.
"""
from __future__ import annotations

import random
import shutil

from click.testing import CliRunner

from conftest import REPO
from printkit.commands.cli import cli
from printkit.diff import size as diff_size
from printkit.diff.compare import CardSide, pair_renames
from printkit.export import size as export_size

TERMS = ["CB", "SN", "LI", "LU", "MC", "Any", "Schroeder", "Girl", "Boy"]


def side(name: str, line: int, **fields: str) -> CardSide:
    return CardSide(name, line, 1, tuple(fields.items()), f"gags/front/{name}")


def renamed(cards: list[CardSide]) -> list[CardSide]:
    """Every card under a new name (the prefix changed), its fields and line kept."""
    return [side(c.name.replace("Gag number", "Gag card"), c.line, **dict(c.fields)) for c in cards]


def test_every_card_of_a_2000_card_deck_renamed_is_paired_with_itself():
    rng = random.Random(24)
    old = [side(f"Gag number {n:05d}", n + 2, points=str(rng.randint(1, 7)), requires=" + ".join(rng.sample(TERMS, 2)))
           for n in range(2000)]
    pairs = pair_renames(old, renamed(old))
    assert len(pairs) == 2000
    assert all(r.line == a.line and r.name[len("Gag number"):] == a.name[len("Gag card"):] for r, a in pairs)


def test_a_2000_card_deck_whose_cards_all_have_the_same_fields_still_pairs_by_name():
    # One group of 2,000 × 2,000 cards that could pair: only neighbours are compared, and they suffice.
    old = [side(f"Gag number {n:05d}", n + 2, points="1", requires="SN") for n in range(2000)]
    pairs = pair_renames(old, renamed(old))
    assert sorted((r.line, a.line) for r, a in pairs) == [(n + 2, n + 2) for n in range(2000)]


def test_renamed_and_reordered_cards_pair_by_name_within_their_fields():
    # The new file lists the cards backwards, so lines do not help; names alike and fields equal do.
    old = [side(f"Gag number {n:05d}", n + 2, points=str(n % 7 + 1), requires="SN x2") for n in range(700)]
    new = [side(f"gag number {n:05d}!", 701 - n, points=str(n % 7 + 1), requires="SN x2") for n in range(700)]
    pairs = pair_renames(old, new)
    assert sorted((r.name, a.name) for r, a in pairs) == [(f"Gag number {n:05d}", f"gag number {n:05d}!")
                                                          for n in range(700)]


def test_no_card_pairs_with_one_of_different_fields_and_unlike_name():
    old = [side(f"Gag number {n:05d}", n + 2, points="1", requires="SN") for n in range(600)]
    new = [side(f"Zzyzx {n}", n + 2, points="2", requires="LI") for n in range(600)]
    assert pair_renames(old, new) == []


def gag_grab(tmp_path, name="gag-grab"):
    return shutil.copytree(REPO / "cards" / "gag-grab", tmp_path / name)


def test_export_of_more_cards_than_the_limit_is_refused_before_the_check(tmp_path, monkeypatch):
    monkeypatch.setattr(export_size, "MAX_EXPORT_CARDS", 50)  # Gag Grab: 60 Gag rows and 16 Kid rows
    pack = gag_grab(tmp_path)
    for command in (["tts"], ["pod", "--service", "pdf"]):
        result = CliRunner().invoke(cli, ["export", *command, str(pack), "--out", str(tmp_path / "out")])
        assert result.exit_code == 1, result.output
        assert "not exported: game.toml:" in result.output
        assert "hold 76 distinct cards, and this export draws at most 50" in result.output
        assert "the largest deck, 'gags', has 60" in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.png"))


def test_a_print_service_image_export_has_a_lower_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(export_size, "MAX_IMAGE_CARDS", 75)
    pack = gag_grab(tmp_path)
    result = CliRunner().invoke(cli, ["export", "pod", "--service", "tgc", str(pack), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "hold 76 distinct cards, and this export draws at most 75" in result.output


def test_export_within_the_limit_is_made(tmp_path, monkeypatch):
    monkeypatch.setattr(export_size, "MAX_EXPORT_CARDS", 76)
    pack = gag_grab(tmp_path)
    result = CliRunner().invoke(cli, ["export", "pod", "--service", "pdf", str(pack), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output


def test_diff_of_more_cards_than_the_limit_is_refused_before_the_check(tmp_path, monkeypatch):
    monkeypatch.setattr(diff_size, "MAX_DIFF_CARDS", 50)
    old, new = gag_grab(tmp_path / "a"), gag_grab(tmp_path / "b")
    result = CliRunner().invoke(cli, ["diff", str(old), str(new)])
    assert result.exit_code == 1, result.output
    assert "cannot compare" in result.output
    assert "game.toml:" in result.output and "hold 76 cards, and a diff compares at most 50 a side" in result.output
    monkeypatch.setattr(diff_size, "MAX_DIFF_CARDS", 76)
    assert CliRunner().invoke(cli, ["diff", str(old), str(new)]).exit_code == 0
