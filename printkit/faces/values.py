"""What a layout's references mean on one card: columns, roles, variables, colours, conditions.

A layout names a card's data three ways: a column (``cost``), a role the
deck's face binds to a column (``$points`` -> ``points``), or a variable the
drawing supplies (``$label`` on a back, ``$art_area``). Text templates
interpolate them with ``{cost}``, ``{$points}``, and ``{#cost}`` for a
column's heading as the face's labels show it.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..model.design_values import Condition
from ..model.pack import FACE_ROLES, Card, Manifest
from .colour import INK, ink_on, shade, tint

_REF = re.compile(r"\\[{}]|\{([#$]?[$]?[A-Za-z0-9_-]+)\}")
DEFAULT_COLOUR = "#0072B2"
NO_TOKEN = "#999999"


@dataclass(frozen=True)
class Bindings:
    """Everything a layout may refer to while drawing one deck's faces."""

    manifest: Manifest
    columns: tuple[str, ...] = ()
    roles: Mapping[str, str] = field(default_factory=dict)  # role -> column
    labels: Mapping[str, str] = field(default_factory=dict)  # value or column -> shown text
    conditions: Mapping[str, Condition] = field(default_factory=dict)  # "$powers_for" and the like
    variables: Mapping[str, str] = field(default_factory=dict)
    colour: str = DEFAULT_COLOUR
    art_fit: str = "cover"  # how the face's (or back's) own picture fits, unless an element says
    art_focus: tuple[float, float] = (0.5, 0.5)

    def column_of(self, name: str) -> str | None:
        """The column a reference names: ``$role`` through the face, or the column itself."""
        if name.startswith("$"):
            return self.roles.get(name[1:])
        return name if name in self.columns else None

    def knows(self, name: str) -> bool:
        if name.startswith("$"):
            return name[1:] in self.roles or name[1:] in self.variables or name[1:] in ROLE_NAMES
        return name in self.columns

    def value(self, name: str, card: Card | None) -> str:
        """The text a reference stands for on ``card`` ('' when unbound or empty)."""
        column = self.column_of(name)
        if column is not None:
            if card is None:
                return ""
            value = card.values.get(column)
            return "" if value is None else str(value)
        if name.startswith("$"):
            return self.variables.get(name[1:], "")
        return ""

    def label(self, value: str) -> str:
        return self.labels.get(value, value)

    def heading(self, name: str) -> str:
        """A column's heading: its label if the face gives one, else its name."""
        column = self.column_of(name) or name.lstrip("$")
        return self.labels.get(column, column)

    def token_colour(self, card: Card | None) -> str:
        term = self.value("$suit", card)
        style = self.manifest.token(term) if term else None
        return style.colour if style else NO_TOKEN


# Roles a face may bind, and the claim rule's column; a layout may name them even where a
# deck leaves them unbound (they then read as empty).
ROLE_NAMES = (*FACE_ROLES, "requires")


def interpolate(template: str, bindings: Bindings, card: Card | None, label: bool = False,
                icons: Mapping[str, object] = {}) -> str:
    """``template`` with every ``{reference}`` replaced; icons and escapes are left for rich text."""
    def replace(m: re.Match) -> str:
        ref = m.group(1)
        if ref is None:
            return m.group(0)
        if ref.startswith("#"):
            return bindings.heading(ref[1:])
        if bindings.knows(ref):
            text = bindings.value(ref, card)
            return bindings.label(text) if label else text
        return m.group(0)  # an icon, or unknown (reported by the checks)
    return _REF.sub(replace, template)


def references(template: str) -> list[tuple[str, int]]:
    """Every ``{reference}`` in a template with its offset, escapes skipped."""
    return [(m.group(1), m.start()) for m in _REF.finditer(template) if m.group(1) is not None]


def holds(condition: Condition | None, bindings: Bindings, card: Card | None) -> bool:
    """True when ``card`` passes ``condition`` (no condition always passes)."""
    if condition is None:
        return True
    if condition.param:
        condition = bindings.conditions.get(condition.param)
        if condition is None:
            return False
    for name, wanted in condition.tests:
        value = bindings.value(name, card)
        if wanted is True:
            ok = value != ""
        elif wanted is False:
            ok = value == ""
        else:
            ok = value in wanted
        if not ok:
            return False
    return True


def resolve_colour(spec, bindings: Bindings, card: Card | None) -> str | None:
    """A layout colour as '#RRGGBB', or None for 'none'."""
    if spec is None or spec == "none":
        return None
    if isinstance(spec, tuple):
        base = resolve_colour(spec[1], bindings, card) or "#FFFFFF"
        if spec[0] == "on":
            return ink_on(base)
        return tint(base, spec[2]) if spec[0] == "tint" else shade(base, spec[2])
    if spec == "$colour":
        return bindings.colour
    if spec == "$token":
        return bindings.token_colour(card)
    return spec if spec.startswith("#") else INK
