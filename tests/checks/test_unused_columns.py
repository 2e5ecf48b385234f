"""N602: a declared column that no layout, rule, check or claim uses is reported, naming it."""
import pytest
from conftest import REPO, at

from printkit.checks.layouts import layout_columns
from printkit.checks.columns import check_unused_columns
from printkit.model.loader import load_pack

# Added to the mini pack's kids at line 17 of game.toml, right after 'gender'.
FLAVOUR = 'flavour = { type = "text", optional = true, blank = true }'


def unused(scratch, layouts=None) -> list:
    pack, _ = load_pack(scratch.path)
    return list(check_unused_columns(pack, layouts or {}))


@pytest.fixture
def flavoured(mini):
    """The mini pack with a kids column 'flavour' that nothing uses yet."""
    mini.edit("game.toml", 'gender = { type = "choice", values = ["boy", "girl"] }\n',
              f'gender = {{ type = "choice", values = ["boy", "girl"] }}\n{FLAVOUR}\n')
    return mini


@pytest.mark.parametrize("pack", ["gag-grab", "many-faces"])
def test_bundled_packs_use_every_column(pack):
    loaded, _ = load_pack(REPO / "cards" / pack)
    assert list(check_unused_columns(loaded, {})) == []


def test_the_mini_pack_uses_every_column(mini):
    assert unused(mini) == []


def test_an_unused_column_is_reported_at_its_key(flavoured):
    f, = unused(flavoured)
    assert f.code == "N602" and not f.is_error
    assert f.message == "column 'flavour' of deck 'kids' is declared but nothing uses it"
    assert at(f) == ("game.toml", 17, 1)
    assert f.hint == "show it on the card with a layout element, or remove it"


def test_a_column_declared_in_its_own_table_is_located_at_its_header(mini):
    mini.write("game.toml", (mini.path / "game.toml").read_text()
               + '\n[decks.gags.columns.spare]\ntype = "text"\noptional = true\n')
    f, = unused(mini)
    assert f.message == "column 'spare' of deck 'gags' is declared but nothing uses it"
    assert at(f) == ("game.toml", 53, 1)


def test_a_layout_that_shows_the_column_uses_it(flavoured):
    assert unused(flavoured, {"kids": {"flavour"}}) == []
    assert len(unused(flavoured, {"gags": {"flavour"}})) == 1  # another deck's layout does not count


def test_claim_terms_use_a_column_of_the_paying_deck(flavoured):
    flavoured.edit("game.toml", 'terms = ["code", "name"]', 'terms = ["code", "name", "flavour"]')
    assert unused(flavoured) == []


def test_the_claim_column_counts_only_on_the_claimed_deck(mini):
    mini.edit("game.toml", 'gender = { type = "choice", values = ["boy", "girl"] }\n',
              'gender = { type = "choice", values = ["boy", "girl"] }\nrequires = { type = "text", optional = true }\n')
    f, = unused(mini)
    assert f.message == "column 'requires' of deck 'kids' is declared but nothing uses it"


def test_a_category_uses_its_where_columns(flavoured):
    flavoured.edit("game.toml", "[categories]\n", '[categories]\nSweet = { where = { flavour = "sweet" } }\n')
    assert unused(flavoured) == []


@pytest.mark.parametrize("expect", ['by.flavour = { sweet = 1 }', "sum.flavour = 3"])
def test_an_expectation_uses_its_column(flavoured, expect):
    # A sum needs a number column; declare one so the expectation is kept.
    flavoured.edit("game.toml", FLAVOUR, 'flavour = { type = "number", optional = true, blank = true }')
    flavoured.edit("game.toml", "cards = 8\n", f"cards = 8\n{expect}\n")
    assert unused(flavoured) == []


def test_a_module_setting_naming_the_column_uses_it(flavoured):
    flavoured.write("game.toml", (flavoured.path / "game.toml").read_text()
                    + '\n[module]\nname = "some-game"\nshown = { by = ["flavour"] }\n')
    assert unused(flavoured) == []


def test_the_module_name_is_not_a_setting(flavoured):
    flavoured.write("game.toml", (flavoured.path / "game.toml").read_text() + '\n[module]\nname = "flavour"\n')
    assert len(unused(flavoured)) == 1


@pytest.mark.parametrize("text", [
    "There are {{count kids flavour=sweet}} sweet kids.",
    "- a list item with {{sum kids flavour}} in it",
    "| A | B |\n|---|---|\n| {{count kids flavour=sour}} | x |",
    "{{cards kids}}",
])
def test_a_rules_placeholder_uses_the_columns_it_names(flavoured, text):
    flavoured.write("rules.md", f"# Rules\n\n{text}\n")
    flavoured.write("game.toml", (flavoured.path / "game.toml").read_text() + '\n[rules]\nfile = "rules.md"\n')
    assert unused(flavoured) == []


def test_the_claimed_decks_card_table_shows_only_its_requirement_and_points(mini):
    mini.edit("game.toml", 'requires = "requirement"', 'requires = "requirement"\nflavour = "text"')
    mini.write("rules.md", "{{cards gags}}\n")
    mini.write("game.toml", (mini.path / "game.toml").read_text() + '\n[rules]\nfile = "rules.md"\n')
    f, = unused(mini)
    assert f.message == "column 'flavour' of deck 'gags' is declared but nothing uses it"


@pytest.mark.parametrize("face", ['badge = "flavour"', 'powers_for = { flavour = "sweet" }'])
def test_a_face_role_its_layout_shows_uses_its_column(flavoured, face):
    flavoured.edit("game.toml", "[decks.kids.expect]",
                   f'[decks.kids.face]\nlayout = "suit"\n{face}\n\n[decks.kids.expect]')
    assert [f for f in flavoured.findings() if f.code == "N602"] == []
    assert "flavour" in layout_columns(load_pack(flavoured.path)[0])["kids"]


def test_a_face_role_its_layout_never_mentions_does_not_count(flavoured):
    # The built-in "text" layout shows no badge: binding one shows nothing, and both are said.
    flavoured.edit("game.toml", "[decks.kids.expect]",
                   '[decks.kids.face]\nlayout = "text"\nbadge = "flavour"\n\n[decks.kids.expect]')
    codes = sorted(f.code for f in flavoured.findings() if f.code in ("N602", "N603"))
    assert codes == ["N602", "N603"]




def test_a_card_table_uses_only_the_columns_it_prints(flavoured):
    flavoured.write("game.toml", (flavoured.path / "game.toml").read_text() + '\n[rules]\nfile = "rules.md"\n')
    flavoured.write("rules.md", "# Rules\n\n{{cards kids columns=flavour,name}}\n")
    assert unused(flavoured) == []
    flavoured.write("rules.md", "# Rules\n\n{{cards kids columns=name}}\n")
    assert [f.message for f in unused(flavoured)] == ["column 'flavour' of deck 'kids' is declared but nothing uses it"]


def test_the_manifests_table_columns_count_where_a_table_is_printed(flavoured):
    flavoured.write("game.toml", (flavoured.path / "game.toml").read_text()
                    + '\n[decks.kids.rules]\ncolumns = ["name", "flavour"]\n\n[rules]\nfile = "rules.md"\n')
    flavoured.write("rules.md", "# Rules\n\nNo table here.\n")
    assert len(unused(flavoured)) == 1
    flavoured.write("rules.md", "# Rules\n\n{{cards kids}}\n")
    assert unused(flavoured) == []
