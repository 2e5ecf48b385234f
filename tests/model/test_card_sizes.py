"""Card-size names: each follows a standard, measured here against shared/print-facts.md's figures."""
import pytest

from printkit.model.cardsize import CARD_SIZE_PRESETS, CARD_SIZES

# Width × height in mm, as print-facts.md gives them (euro: the 59 × 92 mm "Standard Euro" card).
FACTS = {
    "poker": (63.5, 88.9),  # 2.5 × 3.5 in
    "bridge": (57.15, 88.9),  # 2.25 × 3.5 in
    "mini-american": (44.45, 63.5),  # 1.75 × 2.5 in
    "mini-euro": (44.0, 68.0),
    "euro": (59.0, 92.0),
    "euro-square": (70.0, 70.0),
    "tarot": (69.85, 120.65),  # 2.75 × 4.75 in
    "tarot-metric": (70.0, 120.0),
}


def test_every_preset_has_the_size_of_the_standard_it_names():
    assert {p.name: p.mm for p in CARD_SIZE_PRESETS} == FACTS


def test_the_names_of_earlier_versions_keep_their_sizes():
    assert CARD_SIZES["mini"] == (44.45, 63.5) and CARD_SIZES["square"] == (70.0, 70.0)
    assert set(CARD_SIZES) == set(FACTS) | {"mini", "square"}


def test_inch_standards_convert_exactly():
    for preset in CARD_SIZE_PRESETS:
        if preset.inches:
            assert preset.mm == (round(preset.size[0] * 25.4, 2), round(preset.size[1] * 25.4, 2))
            assert all(abs(mm / 25.4 * 8 - round(mm / 25.4 * 8)) < 1e-9 for mm in preset.mm)  # eighths of an inch
        else:
            assert preset.mm == preset.size


@pytest.mark.parametrize("name", sorted(CARD_SIZES))
def test_a_deck_of_each_name_gets_its_size(mini, name):
    from printkit.model.manifest import load_manifest

    mini.edit("game.toml", "[decks.kids.expect]", f'[decks.kids.card]\nsize = "{name}"\n\n[decks.kids.expect]')
    assert mini.findings() == []
    manifest, _ = load_manifest(mini.path / "game.toml")
    assert manifest.card_size(manifest.deck("kids")) == FACTS[{"mini": "mini-american", "square": "euro-square"}
                                                              .get(name, name)]
