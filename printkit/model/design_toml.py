"""Write a resolved layout back out as TOML, for ``printkit layout show``.

A built-in layout is shown as its source file, comments and all. A pack's
layout is shown resolved: whatever it extends merged in, every element with
the keys it ends up with, so a designer sees what will be drawn and can
copy it into a layout of their own.
"""
from __future__ import annotations

import json
from pathlib import Path

from .design_values import Condition, Length
from .designs import Layout, builtin_source


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Length):
        return json.dumps(f"{value.value:g}%") if value.percent else f"{value.value:g}"
    if isinstance(value, (int, float)):
        return f"{value:g}"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Condition):
        if value.param:
            return json.dumps(f"${value.param}")
        parts = []
        for name, wanted in value.tests:
            shown = _value(wanted) if isinstance(wanted, bool) else (
                _value(wanted[0]) if len(wanted) == 1 else "[" + ", ".join(_value(w) for w in wanted) + "]")
            parts.append(f"{json.dumps(name)} = {shown}")
        return "{ " + ", ".join(parts) + " }"
    if isinstance(value, tuple) and value and value[0] in ("tint", "shade"):
        return f"{{ colour = {_value(value[1])}, {value[0]} = {value[2]:g} }}"
    if isinstance(value, tuple) and value and value[0] == "on":
        return f"{{ on = {_value(value[1])} }}"
    if isinstance(value, (tuple, list)):
        if len(value) == 2 and value[0] == value[1] and all(isinstance(v, float) for v in value):
            return f"{value[0]:g}"  # a fixed text size
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def layout_to_toml(layout: Layout) -> str:
    lines = [f"# Layout '{layout.name}', resolved: every element with the keys it ends up with.", ""]
    if layout.background is not None:
        lines += [f"background = {_value(layout.background)}", ""]
    for element in layout.elements:
        lines.append("[[elements]]")
        props = dict(element.props)
        for key in ("name", "type"):
            if key in props:
                lines.append(f"{key} = {_value(props.pop(key))}")
        lines += [f"{key} = {_value(value)}" for key, value in props.items() if key != "style"]
        lines.append("")
    return "\n".join(lines)


def show_layout(name: str, pack_root: Path | None = None) -> str | None:
    """The TOML a designer can copy for layout ``name``: a built-in's source, or a pack's layout resolved."""
    if pack_root is None:
        return builtin_source(name)
    from .loader import load_pack

    pack, _ = load_pack(pack_root)
    layout = pack.manifest.layouts.get(name) if pack is not None else None
    if layout is None or layout.builtin:
        return builtin_source(name)
    return layout_to_toml(layout)
