"""`printkit new`: column types from values and length, the icons texts use, and the title."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from printkit.commands.cli import cli
from printkit.scaffold.pack import ScaffoldError, new_pack, title_from_id
from printkit.scaffold.icons import MAX_ICONS, escape_icons, plan_icons

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def scaffold(tmp_path: Path, text: str, name: str = "list.csv", **options) -> dict:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    new_pack(tmp_path / "g", source, **options)
    return tomllib.loads((tmp_path / "g" / "game.toml").read_text(encoding="utf-8"))


def types(data: dict) -> dict[str, str]:
    return {k: v if isinstance(v, str) else v["type"] for k, v in data["decks"]["cards"]["columns"].items()}


def check(tmp_path: Path, pack: str = "g"):
    return CliRunner().invoke(cli, ["check", str(tmp_path / pack)], catch_exceptions=False)


# --- types ---------------------------------------------------------------------

def test_long_texts_that_repeat_are_text_not_choices(tmp_path):
    # Forty creatures, whose rules and flavour come in only a few versions: each value repeats, and
    # there are few of them, but they are sentences, so they are text.
    rules = ["Gain one coin when this arrives.", "Draw a card, then discard a card.", "Nothing happens."]
    flavour = ["It sleeps.", "It hunts.", "It waits."]
    rows = "".join(f"Beast {i},{i % 4},{'ab'[i % 2]},{rules[i % 3]},{flavour[i % 3]}\n" for i in range(40))
    found = types(scaffold(tmp_path, "name,cost,kind,rules,flavour\n" + rows))
    assert found == {"name": "text", "cost": "number", "kind": "choice", "rules": "text", "flavour": "text"}


def test_short_values_that_all_differ_are_text(tmp_path):
    found = types(scaffold(tmp_path, "name,code\nA,X1\nB,X2\nC,X3\nD,X4\n"))
    assert found["code"] == "text"


def test_numbers_that_would_not_print_as_typed_stay_text(tmp_path):
    rows = "A,+2,007,\u22123\nB,+1,010,4\nC,-1,003,5\n"
    found = types(scaffold(tmp_path, "name,bonus,serial,power\n" + rows))
    assert found == {"name": "text", "bonus": "text", "serial": "text", "power": "number"}


def test_existing_pictures_are_an_image_column_whatever_their_names(tmp_path):
    (tmp_path / "art").mkdir()
    for name in ("fox", "owl"):
        Image.new("RGB", (4, 4)).save(tmp_path / "art" / name, format="PNG")  # no file ending
    (tmp_path / "art" / "note").write_text("not a picture")
    found = types(scaffold(tmp_path, "name,art,other\nFox,art/fox,art/fox\nOwl,art/owl,art/note\n"))
    assert found["art"] == "image" and found["other"] == "text"


def test_web_addresses_are_not_pictures(tmp_path):
    found = types(scaffold(tmp_path, "name,art\nFox,https://example.com/fox.png\nOwl,http://x.org/owl.png\n"))
    assert found["art"] == "text"


# --- icons ---------------------------------------------------------------------

def test_braced_names_in_texts_become_icons_and_check_clean(tmp_path):
    text = ("name,text\nFox,Gain {coin} and {coin}.\nOwl,Pay {heart} or {Shell}.\n"
            "Crab,Write \\{coin} for a brace.\n")
    data = scaffold(tmp_path, text)
    assert data["icons"] == {"coin": {"symbol": "disc", "colour": "#E69F00"},
                             "heart": {"symbol": "heart", "colour": "#D55E00"},
                             "Shell": {"symbol": "triangle", "colour": "#0072B2"}}
    result = check(tmp_path)
    assert "0 errors" in result.output, result.output


def test_a_brace_that_cannot_be_an_icon_is_escaped_in_the_copy(tmp_path):
    made_text = "name,text\nHound,The hound of {Ægir} bites.\n"
    data = scaffold(tmp_path, made_text)
    assert "icons" not in data
    assert (tmp_path / "g" / "list.csv").read_text(encoding="utf-8") == \
        "name,text\nHound,The hound of \\{Ægir} bites.\n"
    assert "0 errors" in check(tmp_path).output


def test_icons_past_the_limit_are_escaped():
    names = [f"i{n}" for n in range(MAX_ICONS + 5)]
    plan = plan_icons([" ".join("{" + n + "}" for n in names)])
    assert [i.name for i in plan.declared] == names[:MAX_ICONS]
    assert plan.escaped == tuple(names[MAX_ICONS:])
    assert escape_icons("{i41} {i1} \\{i42}", plan.escaped) == "\\{i41} {i1} \\{i42}"


def test_each_icon_gets_a_look_of_its_own():
    plan = plan_icons(["{coin} {gold} {a} {b} {c}"])
    looks = [(i.symbol, i.colour) for i in plan.declared]
    assert len(set(looks)) == len(looks)


# --- the title -----------------------------------------------------------------

@pytest.mark.parametrize("pack_id, title", [
    ("tides-of-aegir", "Tides of Aegir"), ("my-game", "My Game"), ("of-mice-and-men", "Of Mice and Men"),
    ("x", "X"), ("game-2", "Game 2")])
def test_a_title_from_the_pack_id(pack_id, title):
    assert title_from_id(pack_id) == title


def test_a_given_title_is_kept_as_it_is(tmp_path):
    data = scaffold(tmp_path, "name\nA\n", title="Tides of Ægir")
    assert data["game"]["title"] == "Tides of Ægir"
    assert data["decks"]["cards"]["back"]["label"] == "List"  # the deck's name, from the file's; the title goes under
    assert (tmp_path / "g" / "README.md").read_text(encoding="utf-8").startswith("# Tides of Ægir\n")


@pytest.mark.parametrize("title, message", [
    ("   ", "the title is empty"), ("x" * 61, "at most 60"), ("Two\nlines", "line break")])
def test_an_unusable_title_is_refused(tmp_path, title, message):
    with pytest.raises(ScaffoldError, match=message):
        new_pack(tmp_path / "g", title=title)
    assert not (tmp_path / "g").exists()


def test_cli_title_option(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["new", "tides", "--title", "Tides of Ægir"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert 'title = "Tides of Ægir"' in (tmp_path / "tides" / "game.toml").read_text(encoding="utf-8")
    refused = CliRunner().invoke(cli, ["new", "other", "--title", ""], catch_exceptions=False)
    assert refused.exit_code == 2 and "--title" in refused.output and "empty" in refused.output
