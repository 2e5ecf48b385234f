"""`printkit layout list` and `printkit layout show`: read a layout to copy it."""
import sys

from click.testing import CliRunner

from printkit.commands.cli import cli
from printkit.model.design_keys import BUILTIN_LAYOUTS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

OWN = '''
[decks.gags.face]
layout = "gag"

[layouts.gag]
extends = "plain"
remove = ["frame"]

[[layouts.gag.elements]]
name = "points"
type = "text"
text = "{points}"
from = "safe"
cx = "50%"
y = 20
w = 20
h = 12
size = [10, 20]
colour = { colour = "$colour", shade = 0.5 }
when = { points = ["4", "5"] }
'''


def test_list_names_every_built_in_layout():
    result = CliRunner().invoke(cli, ["layout", "list"])
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.output.splitlines()] == list(BUILTIN_LAYOUTS)


def test_show_prints_a_built_in_layout_as_valid_toml():
    result = CliRunner().invoke(cli, ["layout", "show", "claim"])
    assert result.exit_code == 0
    data = tomllib.loads(result.output)
    names = [e["name"] for e in data["elements"]]
    assert names[:3] == ["full-art", "frame", "art"] and "price" in names


def test_show_an_unknown_layout_is_a_usage_error():
    result = CliRunner().invoke(cli, ["layout", "show", "clam"])
    assert result.exit_code == 2
    assert "no layout 'clam'" in result.output and "claim" in result.output


def test_show_a_packs_layout_resolved_and_it_reads_back_the_same(mini):
    mini.edit("game.toml", "[decks.gags.expect]", OWN + "\n[decks.gags.expect]")
    result = CliRunner().invoke(cli, ["layout", "show", "gag", "--pack", str(mini.path)])
    assert result.exit_code == 0, result.output
    data = tomllib.loads(result.output)
    # "plain" gave the title; the frame was removed; the pack's element follows with its keys.
    assert [e["name"] for e in data["elements"]] == ["title", "points"]
    points = data["elements"][1]
    assert points == {"name": "points", "type": "text", "text": "{points}", "from": "safe", "cx": "50%",
                      "y": 20, "w": 20, "h": 12, "size": [10, 20],
                      "colour": {"colour": "$colour", "shade": 0.5}, "when": {"points": ["4", "5"]}}
    assert data["background"] == "#FFFFFF"
    # What 'show' prints is itself a layout: as a file of its own it draws the same elements.
    mini.write("copy.toml", result.output)
    mini.edit("game.toml", 'layout = "gag"', 'layout = "copy"')
    mini.edit("game.toml", "[layouts.gag]", '[layouts]\ncopy = "copy.toml"\n\n[layouts.gag]')
    from printkit.model.loader import load_pack
    pack, _ = load_pack(mini.path)
    copied, own = pack.manifest.layouts["copy"], pack.manifest.layouts["gag"]
    assert [dict(e.props) for e in copied.elements] == [dict(e.props) for e in own.elements]
