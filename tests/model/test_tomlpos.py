"""Locating keys in TOML text, which tomllib does not do."""
from printkit.model.tomlpos import key_locations

TEXT = '''# comment with key = value
top = 1
[game]
title = "a = b"   # an '=' inside a string is not a key
players = { min = 2, max = 8 }
[decks.kids.columns]
"quoted name" = "text"
kind = { type = "choice", where = { gender = "girl" } }
doc = """
fake = 1
"""
by.code = { CB = 10 }
[[powers]]
cost = 1
[[powers]]
cost = 2
'''


def test_key_locations():
    found = key_locations(TEXT)
    assert found[("top",)] == (2, 1)
    assert found[("game",)] == (3, 1)
    assert found[("game", "title")] == (4, 1)
    assert found[("game", "players", "max")] == (5, 22)
    assert found[("decks", "kids", "columns", "quoted name")] == (7, 1)
    assert found[("decks", "kids", "columns", "kind", "where", "gender")] == (8, 37)
    assert ("decks", "kids", "columns", "fake") not in found
    assert found[("decks", "kids", "columns", "by", "code", "CB")] == (12, 13)


def test_array_of_tables_entries_are_numbered():
    found = key_locations(TEXT)
    assert found[("powers", "0", "cost")] == (14, 1)
    assert found[("powers", "1", "cost")] == (16, 1)
