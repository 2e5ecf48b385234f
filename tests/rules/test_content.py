"""Placeholders expand to what the data says, counted here straight from the CSV files."""
import csv

import pytest
from conftest import REPO

from printkit.model.loader import load_pack
from printkit.rules.content import CardTable, Legend, PlaceholderError, expand
from printkit.rules.document import load_rules
from printkit.model.rules_source import Placeholder
from printkit.core.findings import Location

PACK = load_pack(REPO / "cards" / "gag-grab")[0]
KIDS = list(csv.DictReader(open(REPO / "cards/gag-grab/kids.csv", encoding="utf-8")))
GAGS = list(csv.DictReader(open(REPO / "cards/gag-grab/gags.csv", encoding="utf-8")))
HERE = Location(REPO / "rules.md")


def inline(name, *args):
    return expand(Placeholder(name, args, HERE, inline=True), PACK)


def block(name, *args):
    return expand(Placeholder(name, args, HERE, inline=False), PACK)


def test_counts_come_from_the_data():
    assert inline("count", "kids") == str(sum(int(r["count"]) for r in KIDS))
    assert inline("count", "kids", "kind=gallery") == str(sum(int(r["count"]) for r in KIDS if r["kind"] == "gallery"))
    assert inline("count", "gags") == str(len(GAGS))
    assert inline("sum", "gags", "points") == str(sum(int(r["points"]) for r in GAGS))
    assert (inline("board"), inline("spaces"), inline("cost")) == ("6 × 6", "36", "2")


def test_card_tables_list_every_card_in_order():
    gags, = block("cards", "gags")
    assert isinstance(gags, CardTable) and [row[0] for row in gags.rows] == [r["name"] for r in GAGS]
    assert [row[1] for row in gags.rows] == [r["points"] for r in GAGS]
    kids, = block("cards", "kids")
    assert [row[0] for row in kids.rows] == [r["name"] for r in KIDS]
    assert [row[-1] for row in kids.rows] == [r["count"] for r in KIDS]


def test_legend_shows_every_token_and_each_kind_of_notation():
    legend, = block("legend")
    assert isinstance(legend, Legend)
    assert [(t.term, name) for t, name in legend.tokens] == [
        ("CB", "Charlie Brown"), ("SN", "Snoopy"), ("LI", "Linus"), ("LU", "Lucy")]
    assert [str(r) for r, _ in legend.examples] == ["CB + LI or LU", "CB + LU", "SN x2", "CB x2 or LI x2"]


@pytest.mark.parametrize("name, args, inline_, message", [
    ("cnt", ("kids",), True, "unknown placeholder '{{cnt}}'"),
    ("cards", ("gags",), True, "'{{cards}}' makes a block; put it in a paragraph of its own"),
    ("count", ("kid",), True, "there is no deck 'kid'"),
    ("count", ("kids", "kind"), True, "'kind' is not COLUMN=VALUE for deck 'kids'"),
    ("variant", ("finish-round",), True, "'{{variant}}' makes a block; put it in a paragraph of its own"),
    ("variant", (), False, "'{{variant NAME}}' needs a variant's name"),
    ("variant", ("finish-round", "x"), False, "'x' is one argument too many for {{variant}}"),
])
def test_bad_placeholders(name, args, inline_, message):
    with pytest.raises(PlaceholderError) as err:
        expand(Placeholder(name, args, HERE, inline=inline_), PACK)
    assert err.value.message == message


def test_the_bundled_rules_expand_cleanly():
    document = load_rules(PACK)
    assert document.findings == ()


def test_a_variant_prints_as_an_optional_rule_in_the_designers_words():
    """{{variant NAME}}: the variant's title in bold, then its description, as game.toml gives them."""
    paragraph, = block("variant", "finish-round")
    title, text = paragraph.content
    assert (title.text, title.style) == ("Finish the round.", "bold")
    assert text.text.startswith(" When the game's end is triggered, each player after the one who triggered it")
    everything, = block("variants")
    assert everything.items == ((paragraph,),)


def test_an_unknown_variant_is_named_with_a_suggestion():
    with pytest.raises(PlaceholderError) as err:
        block("variant", "finish-rond")
    assert (err.value.message, err.value.hint, err.value.argument) == (
        "there is no variant 'finish-rond'", "did you mean 'finish-round'?", 0)
