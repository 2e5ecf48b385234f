"""Copies of gag-grab edited into an 'old' and a 'new' side, for the diff tests."""
from __future__ import annotations

import shutil
from pathlib import Path

from conftest import REPO

GAG_GRAB = REPO / "cards" / "gag-grab"


def copy_pack(target: Path) -> Path:
    shutil.copytree(GAG_GRAB, target)
    return target


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture edit: {old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8", newline="")


def append(root: Path, name: str, text: str) -> None:
    path = root / name
    body = path.read_text(encoding="utf-8")
    path.write_text(body + ("" if body.endswith("\n") else "\n") + text, encoding="utf-8", newline="")


def add_extras_deck(root: Path, columns: str, rows: str) -> None:
    """Give the pack a deck 'extras' with ``columns`` (TOML lines) and the CSV text ``rows``."""
    append(root, "game.toml", '\n[decks.extras]\ntitle = "Extra cards"\nfile = "extras.csv"\n\n'
                              f'[decks.extras.columns]\n{columns}')
    (root / "extras.csv").write_text(rows, encoding="utf-8")


def make_edits(root: Path) -> None:
    """The standard set of edits, each a kind of change the report must name.

    gags: Shortstop's requirement changes (and now names Sally, so Sally's N600 goes away);
    Red Baron is renamed; Good Grief (line 7) is removed; a card with '|' in its name is
    added; Great Pumpkin asks for an unknown term (a new R401). kids: Sally gets 2 copies.
    """
    edit(root, "gags.csv", "Shortstop,3,SN x2", "Shortstop,3,SN + Sally")
    edit(root, "gags.csv", "Red Baron,3,SN x2", "The Red Baron,3,SN x2")
    edit(root, "gags.csv", "Good Grief,2,CB x2 or LI x2\n", "")
    edit(root, "gags.csv", "Great Pumpkin,3,LI x2", "Great Pumpkin,3,LI + Linnus")
    append(root, "gags.csv", '"Kite | Tree",4,CB + LU\n')
    edit(root, "kids.csv", "Sally,,gallery,1,girl", "Sally,,gallery,2,girl")


def edited_pair(base: Path) -> tuple[Path, Path]:
    """(old, new): two folders named gag-grab, the new one with ``make_edits``."""
    old = copy_pack(base / "old" / "gag-grab")
    new = copy_pack(base / "new" / "gag-grab")
    make_edits(new)
    return old, new
