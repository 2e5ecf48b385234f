"""Typographic quotes and number ranges: pure functions on strings."""
import pytest

from printkit.geometry.typography import number_range, smart_quotes


@pytest.mark.parametrize("text, expected", [
    ("Designer's note", "Designer\u2019s note"),
    ("the players' hands", "the players\u2019 hands"),
    ('"Good grief!" he said', "\u201cGood grief!\u201d he said"),
    ("'Rats,' said Lucy", "\u2018Rats,\u2019 said Lucy"),
    ('*"Bonk!"*', "*\u201cBonk!\u201d*"),  # emphasis markers do not hide an opening quote
    ("back in the '90s", "back in the \u201990s"),  # an elision, not an opening quote
    ("Beethoven\u2019s Ninth", "Beethoven\u2019s Ninth"),  # already typographic: unchanged
])
def test_straight_quotes_become_typographic(text, expected):
    assert smart_quotes(text) == expected


def test_icon_references_placeholders_and_escapes_are_left_alone():
    assert smart_quotes("{it's} and {{count kids}}") == "{it's} and {{count kids}}"
    assert smart_quotes("a \\' stays") == "a \\' stays"


def test_length_is_kept_so_offsets_still_point_at_the_same_characters():
    text = "Don't \"panic\" {coin}'s"
    assert len(smart_quotes(text)) == len(text)


@pytest.mark.parametrize("low, high, expected", [(2, 2, "2"), (2, 8, "2\u20138"), (3, 4, "3\u20134"), (5, 3, "3\u20135")])
def test_number_range(low, high, expected):
    assert number_range(low, high) == expected
