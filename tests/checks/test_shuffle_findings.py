"""[shuffled_together]: decks the rules shuffle into one, read into the model and checked (M104, M106, M109)."""
from conftest import at

from printkit.model.loader import load_pack

GROUP = '[shuffled_together.draw]\ndecks = ["kids", "gags"]\n\n[board]'


def test_many_faces_shuffles_personalities_and_actions_into_one_deck(many_faces):
    assert many_faces.findings() == []
    pack, _ = load_pack(many_faces.path)
    (group,) = pack.manifest.shuffled_together
    assert (group.id, group.title, group.decks) == ("snoopy-deck", "Snoopy deck", ("personalities", "actions"))
    assert (group.location.file.name, group.location.line) == ("game.toml", 148)  # its "decks" line


def test_a_title_defaults_to_the_decks_titles(gag_grab):
    gag_grab.edit("game.toml", 'label = "Gag"', 'label = "Kid"')
    gag_grab.edit("game.toml", 'colour = "#D55E00"', 'colour = "#0072B2"')
    gag_grab.edit("game.toml", "[board]", GROUP)
    assert [f for f in gag_grab.findings() if f.is_error] == []
    pack, _ = load_pack(gag_grab.path)
    assert pack.manifest.shuffled_together[0].title == "Kid cards and Gag cards"


def test_M109_decks_with_different_backs(mini):
    mini.edit("game.toml", "[board]", GROUP)
    f = mini.only("M109")
    assert at(f) == ("game.toml", 48, 1)
    assert f.message == "decks 'kids' and 'gags' are shuffled together in 'draw' but differ in back"
    pack, _ = load_pack(mini.path)
    assert pack.manifest.shuffled_together == ()  # a group that cannot be is left out of the model


def test_M109_decks_with_different_card_sizes(many_faces):
    many_faces.edit("game.toml", '[decks.actions.expect]', '[decks.actions.card]\nsize = "bridge"\n\n'
                                                            '[decks.actions.expect]')
    f = many_faces.only("M109")
    assert f.message == ("decks 'personalities' and 'actions' are shuffled together in 'snoopy-deck' but differ "
                         "in card size")


def test_M106_an_unknown_deck_in_a_group(many_faces):
    many_faces.edit("game.toml", 'decks = ["personalities", "actions"]', 'decks = ["personalities", "action"]')
    f = many_faces.only("M106")
    assert f.message == "there is no deck 'action'" and f.hint == "did you mean 'actions'?"
    assert at(f)[0] == "game.toml"


def test_M104_a_deck_in_two_groups(many_faces):
    many_faces.edit("game.toml", 'decks = ["personalities", "actions"]',
                    'decks = ["personalities", "actions"]\n\n[shuffled_together.again]\n'
                    'decks = ["actions", "personalities"]')
    messages = [f.message for f in many_faces.findings() if f.code == "M104"]
    assert messages == ["deck 'actions' is already shuffled together in 'snoopy-deck'",
                        "deck 'personalities' is already shuffled together in 'snoopy-deck'"]


def test_M104_a_group_of_one_deck(many_faces):
    many_faces.edit("game.toml", 'decks = ["personalities", "actions"]', 'decks = ["actions"]')
    f = many_faces.only("M104")
    assert f.message == "'shuffled_together.snoopy-deck.decks' must name at least two decks"


def test_M104_decks_of_the_wrong_type_is_said_once(many_faces):
    many_faces.edit("game.toml", 'decks = ["personalities", "actions"]', "decks = [1, 2]")
    f = many_faces.only("M104")
    assert at(f) == ("game.toml", 148, 1)
    assert f.message == "'shuffled_together.snoopy-deck.decks' must be a list of text values"


def test_M104_a_title_longer_than_a_label(many_faces):
    many_faces.edit("game.toml", 'title = "Snoopy deck"', f'title = "{"T" * 201}"')
    f = many_faces.only("M104")
    assert at(f) == ("game.toml", 147, 1)
    assert f.message == "'shuffled_together.snoopy-deck.title' may be at most 200 characters"
