"""JSON Schemas (draft 2020-12) for game.toml and layout files, drawn from printkit's vocabularies.

The game.toml tree comes from ``manifest_keys``, the layout keys from
``layout_keys``; editors that read TOML against a JSON Schema (taplo, VS
Code's Even Better TOML) then offer completion and flag unknown keys. The
schema checks each key on its own; what depends on other keys or on the
pack's files (a deck a board names, a column a face shows) is left to
``printkit check``.
"""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from .design_keys import (ALIGNS, ART_FITS, COLOUR_VARIABLES, COMMON_KEYS, ELEMENT_KEYS, ELEMENT_TYPES, FRAMES,
                          HEX_COLOUR, KEY_DOCS, LAYOUT_KEYS, MAX_CONDITION_KEYS, MAX_CONDITION_VALUES, MAX_DASH,
                          MAX_ELEMENTS, MAX_LINES, MAX_MM, MAX_NAME, MAX_POINTS, MAX_RADIUS, MAX_STROKE_WIDTH,
                          MAX_TEXT, MIN_DASH, MIN_POINTS, NAMED_COLOURS, STYLE_KEYS, VALIGNS)
from .manifest_keys import GAME_TOML, Key

DRAFT = "https://json-schema.org/draft/2020-12/schema"
PERCENT = r"^\s*-?[0-9]+(\.[0-9]+)?%\s*$"


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def _number(low: float, high: float, integer: bool = False) -> dict:
    return {"type": "integer" if integer else "number", "minimum": low, "maximum": high}


def _colour() -> dict:
    shades = [{"type": "object", "properties": {"colour": _ref("colour"), kind: _number(0, 1)},
               "required": ["colour", kind], "additionalProperties": False} for kind in ("tint", "shade")]
    return {"description": "a colour: '#RRGGBB', a named colour, none, $colour, $token, a tint, a shade or { on = ... }",
            "anyOf": [{"type": "string", "pattern": f"^{HEX_COLOUR}$"},
                      {"enum": [*NAMED_COLOURS, "none", *COLOUR_VARIABLES]},
                      {"type": "object", "properties": {"on": _ref("colour")}, "required": ["on"],
                       "additionalProperties": False},
                      *shades]}


def _condition() -> dict:
    value = {"anyOf": [{"type": ["string", "integer", "boolean"]},
                       {"type": "array", "minItems": 1, "maxItems": MAX_CONDITION_VALUES,
                        "items": {"type": ["string", "integer"]}}]}
    return {"anyOf": [{"type": "string", "pattern": r"^\$."},
                      {"type": "object", "minProperties": 1, "maxProperties": MAX_CONDITION_KEYS,
                       "additionalProperties": value}]}


def _focus() -> dict:
    return {"type": "array", "minItems": 2, "maxItems": 2, "items": _number(0, 1)}


def _layout_value(kind: str) -> dict:
    """A layout key's value, by the kind ``KEY_DOCS`` gives it."""
    point = _number(MIN_POINTS, MAX_POINTS)
    kinds: dict[str, dict] = {
        "name": {"type": "string", "maxLength": MAX_NAME},
        "names": {"type": "array", "maxItems": MAX_ELEMENTS, "items": {"type": "string"}},
        "text": {"type": "string", "maxLength": MAX_TEXT},
        "boolean": {"type": "boolean"},
        "colour": _ref("colour"),
        "styles": {"type": "object", "additionalProperties": _ref("style")},
        "elements": {"type": "array", "maxItems": MAX_ELEMENTS, "items": _ref("element")},
        "type": {"enum": list(ELEMENT_TYPES)},
        "frame": {"enum": list(FRAMES)},
        "align": {"enum": list(ALIGNS)},
        "valign": {"enum": list(VALIGNS)},
        "fit": {"enum": list(ART_FITS)},
        "length": {"anyOf": [_number(-MAX_MM, MAX_MM), {"type": "string", "pattern": PERCENT}]},
        "gap": _number(-MAX_MM, MAX_MM),
        "condition": _condition(),
        "size": {"anyOf": [point, {"type": "array", "minItems": 2, "maxItems": 2, "items": point}]},
        "lines": _number(1, MAX_LINES, integer=True),
        "stroke_width": _number(0, MAX_STROKE_WIDTH),
        "radius": _number(0, MAX_RADIUS),
        "dash": {"type": "array", "minItems": 1, "maxItems": 4, "items": _number(MIN_DASH, MAX_DASH)},
        "focus": _focus(),
    }
    return kinds[kind]


def _layout_props(keys: tuple[str, ...]) -> dict:
    return {key: {"description": KEY_DOCS[key][1], **_layout_value(KEY_DOCS[key][0])} for key in keys}


def _element() -> dict:
    every = tuple(dict.fromkeys(COMMON_KEYS + tuple(k for t in ELEMENT_TYPES for k in ELEMENT_KEYS[t])))
    by_type = [{"if": {"properties": {"type": {"const": kind}}, "required": ["type"]},
                "then": {"propertyNames": {"enum": list(COMMON_KEYS + ELEMENT_KEYS[kind])}}}
               for kind in ELEMENT_TYPES]
    return {"type": "object", "description": "one thing a layout draws; the keys it takes depend on its type",
            "properties": _layout_props(every), "additionalProperties": False, "allOf": by_type}


def layout_defs() -> dict:
    """The $defs every schema shares: a layout, its elements and styles, and colours."""
    return {
        "layout": {"type": "object", "description": "a card layout: a ground colour and the elements drawn on it",
                   "properties": _layout_props(LAYOUT_KEYS), "additionalProperties": False},
        "element": _element(),
        "style": {"type": "object", "description": "style keys elements may take by name",
                  "properties": _layout_props(STYLE_KEYS), "additionalProperties": False},
        "colour": _colour(),
    }


def _key(key: Key) -> dict:
    """One game.toml key as JSON Schema."""
    out: dict[str, Any] = {"description": key.doc} if key.doc else {}
    if key.default is not None:
        out["default"] = key.default
    body = _body(key)
    if key.alternative is not None:
        return {**out, "anyOf": [_body(key.alternative), body]}
    return {**out, **body}


def _body(key: Key) -> dict:
    kind = key.kind
    if kind == "text":
        out: dict[str, Any] = {"type": "string"}
        if key.choices:
            out["enum"] = list(key.choices)
        elif key.pattern:
            out["pattern"] = f"^{key.pattern}$"
        elif not key.blank:
            out["pattern"] = r"\S"
        if key.max_length is not None:
            out["maxLength"] = key.max_length
        return out
    if kind in ("whole", "number"):
        out = {"type": "integer" if kind == "whole" else "number"}
        if key.low is not None:
            out["exclusiveMinimum" if key.above else "minimum"] = key.low
        if key.high is not None:
            out["maximum"] = key.high
        return out
    if kind in ("texts", "wholes"):
        out = {"type": "array", "items": {"type": "string" if kind == "texts" else "integer"}}
        if kind == "wholes":
            out["minItems"] = 1
        if key.max_length is not None:
            out["maxItems"] = key.max_length
        return out
    if kind == "tables":
        out = {"type": "array", "items": _table(replace(key, max_length=None))}  # the limit counts entries
        if key.max_length is not None:
            out["maxItems"] = key.max_length
        return out
    simple = {"boolean": {"type": "boolean"}, "colour": {"type": "string", "pattern": f"^{HEX_COLOUR}$"},
              "focus": _focus(), "any": {}, "layout": _ref("layout"), "style": _ref("style"),
              "layout colour": _ref("colour")}
    return simple[kind] if kind in simple else _table(key)


def _table(key: Key) -> dict:
    out: dict[str, Any] = {"type": "object"}
    if key.keys:
        out["properties"] = {child.name: _key(child) for child in key.keys}
    required = [child.name for child in key.keys if child.required]
    if required:
        out["required"] = required
    out["additionalProperties"] = _key(key.entry) if key.entry is not None else key.open
    if key.pattern:
        out["propertyNames"] = {"pattern": f"^{key.pattern}$"}
    if key.max_length is not None:
        out["maxProperties"] = key.max_length
    games = sorted({child.game for child in key.keys if child.game})
    if games:  # a game module's keys, closed once the module is named
        out["allOf"] = [{"if": {"properties": {"name": {"const": game}}, "required": ["name"]},
                         "then": {"propertyNames": {"enum": [c.name for c in key.keys if c.game in ("", game)]}}}
                        for game in games]
    return out


def game_schema() -> dict:
    """The JSON Schema of game.toml."""
    return {"$schema": DRAFT, "title": "printkit game.toml", "description": GAME_TOML.doc,
            **_table(GAME_TOML), "$defs": layout_defs()}


def layout_schema() -> dict:
    """The JSON Schema of a layout file (a pack's ``layouts/*.toml``)."""
    return {"$schema": DRAFT, "title": "printkit layout file", **layout_defs()["layout"], "$defs": layout_defs()}


def schema_json(layout: bool = False) -> str:
    """A schema as the text ``printkit schema`` prints and docs/ ships: same vocabulary, same bytes."""
    return json.dumps(layout_schema() if layout else game_schema(), indent=2) + "\n"
