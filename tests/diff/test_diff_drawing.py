"""printkit diff compares what prints: every edit below changes what a card prints (or adds a row) without
changing what the old field-by-field diff saw. Each must be reported, exit 1 under --exit-code, name its cause,
and appear in the proof (read back with pdfplumber)."""
from __future__ import annotations

import json
import shutil
import string
from collections import Counter

import pdfplumber
import pytest
from click.testing import CliRunner
from conftest import REPO
from diffpacks import append, copy_pack, edit
from PIL import Image
from testfonts import truetype_font

from printkit.commands.cli import cli

CREATURES = REPO / "tests" / "packs" / "creatures"
FONT_CHARS = "".join(c for c in string.printable if c.isprintable()) + "’‘“”–—…·×"


def run(*args):
    return CliRunner().invoke(cli, ["diff", *map(str, args)], catch_exceptions=False)


def proof_text(path) -> str:
    """The proof's words: every caption's lines joined (captions wrap), then all the page's text."""
    out = []
    with pdfplumber.open(path) as doc:
        for page in doc.pages:
            words = page.extract_words(extra_attrs=["fontname", "size"])
            # The caption column starts where its lines do
            # (the words that start a line in 8.5 pt there, most often at one x).
            starts = Counter(round(w["x0"]) for w in words if abs(w["size"] - 8.5) < 0.01)
            if starts:
                x = starts.most_common(1)[0][0]
                column = [w for w in words if w["x0"] >= x - 0.5]
                out.append(" ".join(w["text"] for w in sorted(column, key=lambda w: (round(w["top"]), w["x0"]))))
            out.append(" ".join((page.extract_text() or "").split()))
    return "\n".join(out)


def diffed(tmp_path, make, change, source=None):
    """(text report, JSON pack object, proof text) of ``change`` made to a copy of a pack."""
    old = make(tmp_path / "old" / "pack")
    new = make(tmp_path / "new" / "pack")
    change(new)
    proof = tmp_path / "proof.pdf"
    text = run(old, new, "--exit-code", "--proof", proof)
    assert text.exit_code == 1, text.output
    data = run(old, new, "--exit-code", "--format", "json")
    assert data.exit_code == 1
    (pack,) = json.loads(data.output)["packs"]
    return text.output, pack, proof_text(proof)


def gag_grab(target):
    return copy_pack(target)


def creatures(target):
    return shutil.copytree(CREATURES, target)


def cards(pack, deck):
    return {c["name"]: c for d in pack["decks"] if d["id"] == deck for c in d["cards"]}


def test_a_power_text_in_game_toml(tmp_path):
    text, pack, proof = diffed(tmp_path, gag_grab, lambda p: edit(
        p, "game.toml", "Draw 3 Kid cards, then discard any 2 cards.", "Draw 2 Kid cards, then discard any 1 card."))
    assert "    ~ Sally: prints differently: game.toml powers[2].text" in text.splitlines()
    sally = cards(pack, "kids")["Sally"]
    assert sally["redrawn"] is True and sally["changes"] == [] and sally["causes"] == ["game.toml powers[2].text"]
    assert "Charlie Brown" not in cards(pack, "kids")  # a main character prints no powers
    assert pack["sources"]["keys"] == [{"file": "game.toml", "key": "powers[2].text",
                                        "old": "Draw 3 Kid cards, then discard any 2 cards.",
                                        "new": "Draw 2 Kid cards, then discard any 1 card."}]
    assert "Sally" in proof and "prints differently: game.toml powers[2].text" in proof


def test_an_on_card_label(tmp_path):
    text, pack, proof = diffed(tmp_path, gag_grab, lambda p: edit(
        p, "game.toml", 'gallery = "Peanut Gallery"', 'gallery = "Peanut Crowd"'))
    woodstock = cards(pack, "kids")["Woodstock"]
    assert woodstock["causes"] == ["game.toml decks.kids.face.labels.gallery"]
    assert "PEANUT CROWD" in proof and "decks.kids.face.labels.gallery" in proof


def test_a_token_colour(tmp_path):
    text, pack, proof = diffed(tmp_path, gag_grab, lambda p: edit(
        p, "game.toml", 'CB = { colour = "#E69F00"', 'CB = { colour = "#A0522D"'))
    assert cards(pack, "kids")["Charlie Brown"]["causes"] == ["game.toml tokens.CB.colour"]
    gags = cards(pack, "gags")
    assert gags["Football Kick"]["causes"] == ["game.toml tokens.CB.colour"]  # CB + LU: drawn with its token
    assert "Shortstop" not in gags  # SN x2: no Charlie Brown token on it
    assert "Charlie Brown" in proof and "tokens.CB.colour" in proof


def test_a_back_colour_recolours_the_back_and_every_front_frame(tmp_path):
    text, pack, proof = diffed(tmp_path, gag_grab, lambda p: edit(
        p, "game.toml", 'colour = "#D55E00"', 'colour = "#B04A00"'))
    gags = next(d for d in pack["decks"] if d["id"] == "gags")
    assert gags["back"] == ["game.toml decks.gags.back.colour"]
    rows = len((REPO / "cards" / "gag-grab" / "gags.csv").read_text(encoding="utf-8").strip().splitlines()) - 1
    assert len(gags["cards"]) == rows and {tuple(c["causes"]) for c in gags["cards"]} == {
        ("game.toml decks.gags.back.colour",)}
    assert "    ~ back prints differently: game.toml decks.gags.back.colour" in text.splitlines()
    assert "Gag cards: the back" in proof and "Football Kick" in proof


def test_a_layout_key(tmp_path):
    text, pack, proof = diffed(tmp_path, creatures, lambda p: edit(p, "layouts/spell.toml", "h = 58", "h = 50"))
    spells = cards(pack, "spells")
    assert spells["Ember Storm"]["causes"] == ["layouts/spell.toml elements[1].h"]  # the spell with a picture
    assert cards(pack, "creatures") == {}  # the creature layout is not the file that changed
    assert "Ember Storm" in proof and "layouts/spell.toml elements[1].h" in proof


def replace_picture(pack, name):
    """The picture ``name`` drawn again in another colour, under the same name and size."""
    size = Image.open(pack / name).size
    Image.new("RGB", size, (200, 30, 60)).save(pack / name)


def test_an_icon_picture_replaced_under_the_same_name(tmp_path):
    text, pack, proof = diffed(tmp_path, creatures, lambda p: replace_picture(p, "icons/claw.png"))
    creature = cards(pack, "creatures")
    # {claw} in the text, or the claw as the mark of a card without a picture: Ember Fox has one.
    assert {"Thornback Boar", "The Old Stag", "Mossback Toad"} <= set(creature) and "Ember Fox" not in creature
    assert creature["Thornback Boar"]["causes"] == ["picture icons/claw.png"]
    assert pack["sources"]["files"] == ["icons/claw.png"]
    assert "Thornback Boar" in proof and "picture icons/claw.png" in proof


def test_a_card_picture_replaced_under_the_same_name(tmp_path):
    text, pack, proof = diffed(tmp_path, creatures, lambda p: replace_picture(p, "art/fox.png"))
    assert "    ~ Ember Fox: art 'art/fox.png' → 'art/fox.png (picture changed)'" in text.splitlines()
    assert cards(pack, "spells")["Ember Storm"]["redrawn"] is True
    assert "Ember Fox" in proof and "Ember Storm" in proof


def with_display_font(advance):
    """A copy of the creatures pack whose display font (names, titles) is its own, each character
    ``advance`` thousandths of an em wide."""
    def make(target):
        pack = creatures(target)
        (pack / "fonts").mkdir()
        (pack / "fonts" / "Display.ttf").write_bytes(truetype_font(FONT_CHARS, family="Test Display",
                                                                   advance=advance))
        edit(pack, "game.toml", "[card]", '[fonts]\ndisplay = "fonts/Display.ttf"\n\n[card]')
        return pack
    return make


def test_a_font_replaced_under_the_same_name(tmp_path):
    wide = with_display_font(500)
    text, pack, proof = diffed(tmp_path, with_display_font(800), lambda p: wide(tmp_path / "wide") and shutil.copy(
        tmp_path / "wide" / "fonts" / "Display.ttf", p / "fonts" / "Display.ttf"))
    creature = cards(pack, "creatures")
    assert creature and all(c["causes"] == ["font fonts/Display.ttf"] for c in creature.values())
    assert pack["sources"]["files"] == ["fonts/Display.ttf"]
    assert "prints differently: font fonts/Display.ttf" in text
    assert "font fonts/Display.ttf" in proof


def test_a_second_row_with_a_name_already_used_is_an_added_copy(tmp_path):
    text, pack, proof = diffed(tmp_path, gag_grab, lambda p: append(p, "gags.csv", "Football Kick,5,SN x2\n"))
    added = [c for c in next(d for d in pack["decks"] if d["id"] == "gags")["cards"]]
    assert [(c["kind"], c["name"], c["new"]["printed"], c["new"]["first_line"]) for c in added] == [
        ("added", "Football Kick", False, 3)]
    assert pack["summary"]["added"] == 1
    line = next(x for x in text.splitlines() if x.startswith("    + Football Kick"))
    assert "a second row named 'Football Kick' (the first is line 3); it does not print" in line
    assert "Football Kick" in proof and "repeated row" in proof


def test_a_whitespace_only_edit_is_visible(tmp_path):
    text, pack, proof = diffed(tmp_path, gag_grab, lambda p: edit(p, "gags.csv", "Shortstop,3,SN x2",
                                                                  "Shortstop,3,SN  x2"))
    assert "    ~ Shortstop: requires 'SN·x2' → 'SN··x2' (whitespace only)" in text.splitlines()
    (change,) = cards(pack, "gags")["Shortstop"]["changes"]
    assert change == {"field": "requires", "old": "SN x2", "new": "SN  x2", "whitespace_only": True}
    assert "SN··x2 (whitespace only)" in proof


def test_a_change_that_prints_nothing_differently_is_still_exit_0_without_changes(tmp_path):
    old = copy_pack(tmp_path / "old" / "gag-grab")
    new = copy_pack(tmp_path / "new" / "gag-grab")
    edit(new, "game.toml", "# Peanuts Gag Grab, as a printkit pack.", "# A comment only.")
    result = run(old, new, "--exit-code")
    assert result.exit_code == 0 and result.output.splitlines()[-1] == "no card changes"


@pytest.mark.parametrize("limit", [1])
def test_the_proof_keeps_its_limit(tmp_path, monkeypatch, limit):
    from printkit.diff import proof as proofmod

    monkeypatch.setattr(proofmod, "MAX_PAIRS", limit)
    old = copy_pack(tmp_path / "old" / "gag-grab")
    new = copy_pack(tmp_path / "new" / "gag-grab")
    edit(new, "game.toml", 'colour = "#D55E00"', 'colour = "#B04A00"')
    result = run(old, new, "--proof", tmp_path / "p.pdf")
    assert "wrote" in result.output and "1 changed card" in result.output
    assert "more changed cards, not drawn (a proof shows at most 1)" in proof_text(tmp_path / "p.pdf")
