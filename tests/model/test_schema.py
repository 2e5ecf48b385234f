"""The JSON Schema for editors agrees with `printkit check`: the packs pass it, a misspelt key fails both.

The schema is drawn from the vocabulary the readers use (printkit/model/manifest_keys.py);
these tests read the packs with tomllib and validate them with the jsonschema library,
and walk every key the readers ask for to prove the vocabulary holds it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO
from jsonschema import Draft202012Validator

from printkit.checks import check_pack
from printkit.commands.cli import cli
from printkit.model import tomltable
from printkit.model.design_keys import LAYOUT_KEYS, STYLE_KEYS
from printkit.model.manifest_keys import SPECS, spec_at
from printkit.model.pack import ArtSettings, LintSettings

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

PACKS = [*sorted((REPO / "cards").glob("*/game.toml")), *sorted((REPO / "tests" / "packs").glob("*/game.toml")),
         REPO / "tests" / "checks" / "mini" / "game.toml"]
LAYOUT_FILES = [*sorted((REPO / "printkit" / "layouts").glob("*.toml")),
                *sorted((REPO / "tests" / "packs").glob("*/layouts/*.toml"))]


def _printed(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["schema", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


GAME = _printed()
LAYOUT = _printed("--layout")


def _errors(schema: dict, path: Path) -> list:
    return list(Draft202012Validator(schema).iter_errors(tomllib.loads(path.read_text(encoding="utf-8"))))


def test_the_printed_schemas_are_valid_draft_2020_12_and_shipped_in_docs():
    for schema, name in ((GAME, "game.schema.json"), (LAYOUT, "layout.schema.json")):
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert json.loads((REPO / "docs" / name).read_text(encoding="utf-8")) == schema


def test_the_schema_is_printed_the_same_every_time():
    assert CliRunner().invoke(cli, ["schema"]).output == CliRunner().invoke(cli, ["schema"]).output


@pytest.mark.parametrize("manifest", PACKS, ids=lambda p: p.parent.name)
def test_every_pack_manifest_passes_the_schema(manifest):
    assert [f for f in check_pack(manifest.parent, pages=False).findings if f.code.startswith("M")] == []
    assert [(list(e.absolute_path), e.message) for e in _errors(GAME, manifest)] == []


@pytest.mark.parametrize("layout", LAYOUT_FILES, ids=lambda p: p.stem)
def test_every_layout_file_passes_the_layout_schema(layout):
    assert [(list(e.absolute_path), e.message) for e in _errors(LAYOUT, layout)] == []


def _unknown_keys(errors: list) -> set[tuple[tuple[str, ...], str]]:
    """(table path, key) for each key the schema does not allow where it stands."""
    return {(tuple(str(p) for p in e.absolute_path), key) for e in errors if e.validator == "additionalProperties"
            for key in e.instance if key not in e.schema.get("properties", {})}


@pytest.mark.parametrize("old, new, table, key", [
    ('badge = "gender"', 'bagde = "gender"', ("decks", "kids", "face"), "bagde"),      # a deck's face
    ("[player_aid]", "[player_aids]", (), "player_aids"),                              # a top-level table
    ('odds_hand = 4', 'odds_hnad = 4', ("rules",), "odds_hnad"),                         # a key of [rules]
    ('colour = "#D55E00"', 'color = "#D55E00"', ("decks", "gags", "back"), "color"),  # American spelling
])
def test_a_misspelt_key_fails_the_schema_as_it_fails_check(gag_grab, old, new, table, key):
    gag_grab.edit("game.toml", old, new)
    unknown = [f for f in gag_grab.findings() if f.code in ("M103", "M107")]
    assert [f.message for f in unknown] == [f"unknown key '{'.'.join((*table, key))}'"]
    assert _unknown_keys(_errors(GAME, gag_grab.path / "game.toml")) == {(table, key)}


def test_a_misspelt_layout_key_fails_the_layout_schema_as_it_fails_check(tmp_path):
    import shutil

    pack = tmp_path / "creatures"
    shutil.copytree(REPO / "tests" / "packs" / "creatures", pack)
    spell = pack / "layouts" / "spell.toml"
    text = spell.read_text(encoding="utf-8")
    assert "\nremove = " in text
    spell.write_text(text.replace("\nremove = ", "\nremvoe = ", 1), encoding="utf-8")
    unknown = [f for f in check_pack(pack, pages=False).findings if f.code == "M107"]
    assert [f.message for f in unknown] == ["unknown layout key 'remvoe'"]
    assert _unknown_keys(_errors(LAYOUT, spell)) == {((), "remvoe")}


def test_an_element_key_its_type_does_not_take_fails_both(tmp_path):
    import shutil

    pack = tmp_path / "creatures"
    shutil.copytree(REPO / "tests" / "packs" / "creatures", pack)
    manifest = pack / "game.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('radius = 2\nunless', 'radius = 2\nlines = 2\nunless', 1), encoding="utf-8")
    unknown = [f for f in check_pack(pack, pages=False).findings if f.code == "M107"]
    assert [f.message for f in unknown] == ["unknown key 'lines' for a rect element"]
    assert _errors(GAME, manifest), "a rect element with 'lines' passed the schema"


def test_every_key_the_readers_ask_for_is_in_the_vocabulary(monkeypatch):
    """Read every pack, noting each key a reader asks game.toml for; the vocabulary must hold each."""
    asked: set[tuple[str, ...]] = set()
    original = tomltable.Table.get

    def noting(self, key, *args, **kwargs):
        if self.ctx.file.name == "game.toml":
            asked.add((*self.path, key))
        return original(self, key, *args, **kwargs)

    monkeypatch.setattr(tomltable.Table, "get", noting)
    for manifest in PACKS:
        check_pack(manifest.parent, pages=False)
    assert len(asked) > 100
    missing = []
    for path in sorted(asked):
        for depth in range(len(path), 0, -1):  # inside a layout or style, the layout vocabulary holds the key
            parent = spec_at(path[:depth - 1])
            if parent is not None and parent.kind in ("layout", "style"):
                if path[depth - 1] not in (LAYOUT_KEYS if parent.kind == "layout" else STYLE_KEYS):
                    missing.append(path)
                break
        else:
            if spec_at(path) is None:
                missing.append(path)
    assert missing == []


def test_the_models_defaults_are_the_vocabularys():
    """With no [art] or [lint] table the model's own defaults apply; they must be those the keys state."""
    for spec, settings in ((SPECS["art"], ArtSettings()), (SPECS["lint"], LintSettings())):
        assert {key.name: key.default for key in spec.keys} == vars(settings)
