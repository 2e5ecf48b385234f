"""Findings of the sets-and-runs module (G9xx), each from a break of Many Faces of Snoopy."""
from conftest import at


def test_G901_a_persona_missing_a_value_cannot_make_a_run(many_faces):
    many_faces.edit("personalities.csv", "Joe Cool 3,joe-cool,3,2\n", "")
    f = many_faces.only("G901")
    assert f.message == "Joe Cool has no card of value 3, so nobody can make a run of it"
    assert at(f)[:2] == ("personalities.csv", 7)  # Joe Cool's first row, where a designer looks


def test_G902_a_value_in_too_few_personas_cannot_make_a_set(many_faces):
    many_faces.edit("game.toml", "set_size = 6", "set_size = 9")
    found = [f for f in many_faces.findings() if f.code == "G902"]
    assert len(found) == 5 and found[0].message == "value 1 comes in only 8 personas, but a set needs 9"


def test_G903_not_enough_cards_for_the_most_players(many_faces):
    # 8 players at most (docs/pack-format.md, "Limits"), so the hand grows instead: 8 × (11 + 2) = 104 cards.
    many_faces.edit("game.toml", "players = { min = 3, max = 6 }", "players = { min = 3, max = 8 }")
    many_faces.edit("game.toml", "hand = 7", "hand = 11")
    f = many_faces.only("G903")
    assert "8 players need at least 104 cards" in f.message and "the deck has 96" in f.message


def test_G904_every_persona_needs_a_token(many_faces):
    many_faces.edit("game.toml", 'surgeon = { colour = "#CC79A7", symbol = "cross", code = "WS" }\n', "")
    assert "World Famous Surgeon" in many_faces.only("G904").message


def test_G905_popularity_board_places_must_match_the_tokens(many_faces):
    many_faces.edit("game.toml", "popularity = [4, 4, 3, 3, 2, 2, 1, 1]", "popularity = [4, 4, 3, 3, 2, 2, 1]")
    f = many_faces.only("G905")
    assert f.message == "the Popularity Board has 7 places for 8 Personality Tokens"
    assert at(f)[0] == "game.toml"


def test_G905_places_listed_best_first(many_faces):
    many_faces.edit("game.toml", "popularity = [4, 4, 3, 3, 2, 2, 1, 1]", "popularity = [1, 1, 2, 2, 3, 3, 4, 4]")
    assert "best first" in many_faces.only("G905").message


def test_G906_every_action_effect_must_be_known(many_faces):
    many_faces.edit("game.toml", 'values = ["extra-actions", "draw",', 'values = ["extra-actions", "draw", "drow",')
    many_faces.edit("actions.csv", "Woodstock,draw,", "Woodstock,drow,")
    f = many_faces.only("G906")
    assert at(f) == ("actions.csv", 3, 11) and f.hint == "did you mean 'draw'?"


def test_G907_every_player_count_needs_an_end_rule(many_faces):
    many_faces.edit("game.toml", ", { players = [5, 6], collections = 2 }", "")
    found = sorted(f.message for f in many_faces.findings() if f.code == "G907")
    assert found == ["no end rule for 5 players", "no end rule for 6 players"]


def test_the_module_reports_unknown_settings(many_faces):
    many_faces.edit("game.toml", "hand = 7", "hand = 7\nhandsize = 7")
    f = many_faces.only("M103")
    assert f.message == "unknown key 'module.handsize'" and f.hint == "did you mean 'hand'?"


def test_an_unknown_module_is_named(many_faces):
    many_faces.edit("game.toml", 'name = "sets-and-runs"', 'name = "sets-and-rums"')
    f = many_faces.only("M106")
    assert f.hint == "did you mean 'sets-and-runs'?"


def test_G908_a_value_the_game_does_not_play_with_is_reported_at_its_card(many_faces):
    # The column allows up to 9, the game plays with 1 to 5: the card itself is named, at its value.
    many_faces.edit("game.toml", 'value = { type = "number", min = 1, max = 5 }',
                    'value = { type = "number", min = 1, max = 9 }')
    many_faces.edit("personalities.csv", "Flying Ace 3,flying-ace,3,2", "Flying Ace 3,flying-ace,6,2")
    f = many_faces.only("G908")
    assert at(f) == ("personalities.csv", 4, 25)
    assert f.message == "'Flying Ace 3' has value 6, which the game does not play with (values: 1, 2, 3, 4, 5)"


def test_a_value_past_the_declared_range_is_reported_at_its_row_and_nowhere_else(many_faces):
    many_faces.edit("personalities.csv", "Flying Ace 3,flying-ace,3,2", "Flying Ace 3,flying-ace,6,2")
    found = many_faces.findings()
    assert [(f.code, at(f)) for f in found if f.is_error] == [("V303", ("personalities.csv", 4, 25))]
