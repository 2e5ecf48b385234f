"""Findings about pictures (A1xx), each from a small picture made in the test."""
import csv
import io
import os

from PIL import Image
from conftest import at, huge_png

from printkit.checks import check_pack


def with_art(pack, art: dict[str, str]) -> None:
    """Give Gag cards an 'art' column (card name -> picture path) and the face an art role."""
    path = pack.path / "gags.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    lines = ["name,points,requires,art"] + [
        f"{r['name']},{r['points']},{r['requires']},{art.get(r['name'], '')}" for r in rows]
    pack.write("gags.csv", "\n".join(lines) + "\n")
    pack.edit("game.toml", 'requires = "requirement"', 'requires = "requirement"\nart = { type = "image", blank = true }')
    pack.edit("game.toml", 'points = "points"\n', 'points = "points"\nart = "art"\n')


def picture(pack, name: str, size=(1200, 900), mode="RGB") -> str:
    Image.new(mode, size, (200, 120, 40) if mode == "RGB" else None).save(pack.path / name)
    return name


def test_sharp_pictures_pass(gag_grab):
    with_art(gag_grab, {"Football Kick": picture(gag_grab, "kick.png")})
    assert not [f for f in gag_grab.findings() if f.code.startswith("A")]


def test_A100_a_path_out_of_the_pack(gag_grab, tmp_path):
    Image.new("RGB", (900, 900)).save(tmp_path / "outside.png")
    with_art(gag_grab, {"Football Kick": "../outside.png"})
    f = gag_grab.only("A100")
    assert at(f) == ("gags.csv", 3, 25) and "outside the pack folder" in f.message


def test_A100_an_absolute_path(gag_grab, tmp_path):
    Image.new("RGB", (900, 900)).save(tmp_path / "outside.png")
    with_art(gag_grab, {"Football Kick": str(tmp_path / "outside.png")})
    assert "absolute path" in gag_grab.only("A100").message


def test_A100_a_link_that_leads_out(gag_grab, tmp_path):
    Image.new("RGB", (900, 900)).save(tmp_path / "outside.png")
    os.symlink(tmp_path / "outside.png", gag_grab.path / "inside.png")
    with_art(gag_grab, {"Football Kick": "inside.png"})
    assert gag_grab.only("A100")


def test_A101_a_missing_picture(gag_grab):
    with_art(gag_grab, {"Football Kick": "nowhere.png"})
    f = gag_grab.only("A101")
    assert at(f) == ("gags.csv", 3, 25) and "'Football Kick'" in f.message


def test_A102_not_a_picture_and_a_truncated_one(gag_grab):
    (gag_grab.path / "notes.png").write_text("hello")
    cut = gag_grab.path / "cut.jpg"
    Image.new("RGB", (900, 900)).save(cut)
    cut.write_bytes(cut.read_bytes()[:200])
    with_art(gag_grab, {"Football Kick": "notes.png", "Shortstop": "cut.jpg"})
    found = sorted(at(f) for f in gag_grab.findings() if f.code == "A102")
    assert found == [("gags.csv", 3, 25), ("gags.csv", 4, 19)]


def test_A103_a_decompression_bomb_is_refused(gag_grab):
    (gag_grab.path / "bomb.png").write_bytes(huge_png(30000, 30000))
    with_art(gag_grab, {"Football Kick": "bomb.png"})
    assert "too many to open safely" in gag_grab.only("A103").message


def test_A104_a_picture_below_300_dpi_is_a_warning(gag_grab):
    with_art(gag_grab, {"Football Kick": picture(gag_grab, "small.png", (400, 300))})
    f = gag_grab.only("A104")
    assert not f.is_error and "'small.png' on 'Football Kick' prints at" in f.message


def test_A105_a_picture_below_150_dpi_is_an_error(gag_grab):
    with_art(gag_grab, {"Football Kick": picture(gag_grab, "tiny.png", (100, 75))})
    f = gag_grab.only("A105")
    assert f.is_error and at(f) == ("gags.csv", 3, 25) and f.hint.startswith("give it at least")


def test_thresholds_come_from_the_manifest(gag_grab):
    with_art(gag_grab, {"Football Kick": picture(gag_grab, "small.png", (400, 300))})
    gag_grab.write("game.toml", (gag_grab.path / "game.toml").read_text() + "\n[art]\nwarn_dpi = 100\nmin_dpi = 50\n")
    assert not [f for f in check_pack(gag_grab.path).findings if f.code.startswith("A")]


def test_back_art_is_checked_too(gag_grab):
    picture(gag_grab, "back.png", (60, 80))
    gag_grab.edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "back.png"')
    f = gag_grab.only("A105")
    assert at(f)[0] == "game.toml" and "the back of the Gag cards" in f.message


def test_rules_cover_and_board_art_are_checked(gag_grab):
    picture(gag_grab, "cover.png", (200, 70))
    picture(gag_grab, "board.jpg", (300, 400))
    gag_grab.edit("game.toml", 'odds_hand = 4', 'odds_hand = 4\ncover = "cover.png"')
    gag_grab.edit("game.toml", "[board]\n", '[board]\nart = "board.jpg"\n')
    found = {f.message.split(" on ")[1].split(" prints")[0]: f.code
             for f in gag_grab.findings() if f.code.startswith("A")}
    assert found == {"the rules cover": "A105", "the board": "A105"}


def test_a_back_picture_that_cannot_be_used_is_located_at_the_key_naming_it(gag_grab):
    """Not inside printkit's built-in back layout, which only draws what the back's 'art' names."""
    gag_grab.edit("game.toml", 'label = "Gag"', 'label = "Gag"\nart = "art/back.png"')
    f = gag_grab.only("A101")
    line = (gag_grab.path / "game.toml").read_text(encoding="utf-8").splitlines()[f.location.line - 1]
    assert f.location.file == gag_grab.path / "game.toml" and line == 'art = "art/back.png"'
