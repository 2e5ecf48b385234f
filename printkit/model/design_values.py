"""Values a layout's keys hold: lengths, colours, sizes, conditions, each validated with a reason.

``convert`` turns a raw TOML value into what the engine uses, or says what
the key must be, so the reader can report it at the key's position.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .design_keys import (ALIGNS, ANCHORS, ART_FITS, BOX_KEYS, COLOUR_VARIABLES, ELEMENT_TYPES, FRAMES, HEX_COLOUR,
                          MAX_CONDITION_KEYS, MAX_CONDITION_VALUES, MAX_DASH, MAX_LINES, MAX_MM, MAX_NAME, MAX_PERCENT,
                          MAX_POINTS, MAX_RADIUS, MAX_STROKE_WIDTH, MAX_TEXT, MIN_DASH, MIN_POINTS, NAMED_COLOURS,
                          VALIGNS)

_HEX = re.compile(HEX_COLOUR)
_PERCENT = re.compile(r"(-?[0-9]+(?:\.[0-9]+)?)%")
FOCUS_HELP = "two numbers from 0 to 1, such as [0.5, 0.3]"


@dataclass(frozen=True)
class Length:
    """A distance in mm, or a percentage of the frame it is measured in."""

    value: float
    percent: bool = False

    def mm(self, span: float) -> float:
        return span * self.value / 100 if self.percent else self.value


Colour = Any  # "#RRGGBB", "$colour", "$token", "none", or ("tint"|"shade", Colour, amount) or ("on", Colour)


@dataclass(frozen=True)
class Condition:
    """``when``/``unless``: column (or $role) -> accepted values; True: non-empty, False: empty.

    ``param`` names a condition table the face supplies instead (such as ``$powers_for``).
    """

    tests: tuple[tuple[str, Any], ...] = ()
    param: str = ""


def hex_colour(value: Any) -> str | None:
    """``value`` as '#RRGGBB' in capitals, or None if it is not a colour written so."""
    return value.upper() if isinstance(value, str) and _HEX.fullmatch(value) else None


def _colour(value: Any) -> Colour | None:
    """A validated colour, or None if ``value`` is not one."""
    if isinstance(value, str):
        if hex_colour(value):
            return hex_colour(value)
        if value in NAMED_COLOURS:
            return NAMED_COLOURS[value]
        if value in COLOUR_VARIABLES or value == "none":
            return value
        return None
    if isinstance(value, dict):
        if set(value) == {"on"}:
            base = _colour(value["on"])
            return None if base is None else ("on", base)
        for kind in ("tint", "shade"):
            if set(value) == {"colour", kind} and type(value[kind]) in (int, float) and 0 <= value[kind] <= 1:
                base = _colour(value["colour"])
                return None if base is None else (kind, base, float(value[kind]))
    return None


COLOUR_HELP = ("a colour: '#RRGGBB', ink, black, white, none, $colour, $token, "
               "{ colour = ..., tint = 0.3 }, { colour = ..., shade = 0.6 } or { on = ... }")


def _length(value: Any) -> Length | None:
    if type(value) in (int, float) and abs(value) <= MAX_MM:
        return Length(float(value))
    if isinstance(value, str) and (m := _PERCENT.fullmatch(value.strip())) and abs(float(m.group(1))) <= MAX_PERCENT:
        return Length(float(m.group(1)), True)
    return None


def _size(value: Any) -> tuple[float, float] | None:
    """A text size: one number, or [smallest, largest] to shrink between."""
    ok = lambda v: type(v) in (int, float) and MIN_POINTS <= v <= MAX_POINTS  # noqa: E731
    if ok(value):
        return float(value), float(value)
    if isinstance(value, list) and len(value) == 2 and all(ok(v) for v in value) and value[0] <= value[1]:
        return float(value[0]), float(value[1])
    return None


def _condition(value: Any) -> Condition | None:
    if isinstance(value, str) and value.startswith("$") and len(value) > 1:
        return Condition(param=value[1:])
    if not isinstance(value, dict) or not value or len(value) > MAX_CONDITION_KEYS:
        return None
    tests: list[tuple[str, bool | tuple[str, ...]]] = []
    for key, wanted in value.items():
        if isinstance(wanted, bool):
            tests.append((key, wanted))
        elif isinstance(wanted, (str, int)) and not isinstance(wanted, bool):
            tests.append((key, (str(wanted),)))
        elif (isinstance(wanted, list) and 0 < len(wanted) <= MAX_CONDITION_VALUES
              and all(isinstance(w, (str, int)) for w in wanted)):
            tests.append((key, tuple(str(w) for w in wanted)))
        else:
            return None
    return Condition(tuple(tests))


def _is_text(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_TEXT


def _is_name(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_NAME


def _is_bool(v: Any) -> bool:
    return type(v) is bool


def _number(lo: float, hi: float):
    return lambda v: type(v) in (int, float) and lo <= v <= hi


def is_focus(v: Any) -> bool:
    """A picture's focal point: [x, y], each from 0 (left, top) to 1."""
    return isinstance(v, list) and len(v) == 2 and all(type(x) in (int, float) and 0 <= x <= 1 for x in v)


def _dash(v: Any) -> bool:
    return isinstance(v, list) and 1 <= len(v) <= 4 and all(
        type(x) in (int, float) and MIN_DASH <= x <= MAX_DASH for x in v)


# key -> (what it must be, converter returning None when invalid)
_NAMED = f"of at most {MAX_NAME} characters"
_PLAIN_CHECKS = {
    "name": (f"a name {_NAMED}", _is_name), "text": (f"text of at most {MAX_TEXT} characters", _is_text),
    "column": (f"a column name {_NAMED}", _is_name),
    "term": (f"a token's term {_NAMED}", _is_name), "symbol": (f"a symbol name {_NAMED}", _is_name),
    "icon": (f"an icon name {_NAMED}", _is_name),
    "file": (f"a path inside the pack of at most {MAX_TEXT} characters", _is_text),
    "heading": (f"text of at most {MAX_TEXT} characters", _is_text),
    "style": (f"a style name {_NAMED}", _is_name),
    "font": (f"a font family {_NAMED}", _is_name),
    "bleed": ("true or false", _is_bool), "label": ("true or false", _is_bool),
    "upper": ("true or false", _is_bool), "bold": ("true or false", _is_bool),
    "italic": ("true or false", _is_bool), "mirror": ("true or false", _is_bool),
    "gap": (f"a distance in mm, at most {MAX_MM:g} either way", _number(-MAX_MM, MAX_MM)),
    "stroke_width": (f"a line width in points, 0 to {MAX_STROKE_WIDTH:g}", _number(0, MAX_STROKE_WIDTH)),
    "radius": (f"a corner radius in mm, 0 to {MAX_RADIUS:g}", _number(0, MAX_RADIUS)),
    "lines": (f"a whole number of lines, 1 to {MAX_LINES}", lambda v: type(v) is int and 1 <= v <= MAX_LINES),
    "focus": (FOCUS_HELP, is_focus),
    "dash": (f"a list of one to four dash lengths, each {MIN_DASH:g} to {MAX_DASH:g} mm", _dash),
    **{a: (f"the name of an earlier element {_NAMED}", _is_name) for a in ANCHORS},
}


def convert(key: str, value: Any) -> tuple[Any, str | None]:
    """(the validated value, None) or (None, what it must be)."""
    if key in BOX_KEYS:
        length = _length(value)
        return (length, None) if length else (None, f"a distance in mm (at most {MAX_MM:g}) or a percentage")
    if key in ("colour", "fill", "stroke"):
        colour = _colour(value)
        return (colour, None) if colour is not None else (None, COLOUR_HELP)
    if key == "size":
        size = _size(value)
        return (size, None) if size else (None, f"a size in points from {MIN_POINTS:g} to {MAX_POINTS:g}, "
                                                "or [smallest, largest]")
    if key in ("when", "unless"):
        cond = _condition(value)
        return (cond, None) if cond else (None, f"a table of at most {MAX_CONDITION_KEYS} column = value "
                                                f"(a list of at most {MAX_CONDITION_VALUES} values, true or false), "
                                                "or a face condition such as \"$powers_for\"")
    if key == "from":
        return (value, None) if value in FRAMES else (None, f"one of {', '.join(FRAMES)}")
    if key == "align":
        return (value, None) if value in ALIGNS else (None, f"one of {', '.join(ALIGNS)}")
    if key == "valign":
        return (value, None) if value in VALIGNS else (None, f"one of {', '.join(VALIGNS)}")
    if key == "fit":
        return (value, None) if value in ART_FITS else (None, f"one of {', '.join(ART_FITS)}")
    if key == "type":
        return (value, None) if value in ELEMENT_TYPES else (None, f"one of {', '.join(ELEMENT_TYPES)}")
    what, accept = _PLAIN_CHECKS[key]
    return (value, None) if accept(value) else (None, what)
