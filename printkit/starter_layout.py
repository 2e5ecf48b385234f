"""A first card layout for a new pack, made from its inferred columns, written as TOML.

The card reads from top to bottom: the name, the choice columns on one
subtitle line, a picture window for image columns, a body box with the
text columns, and a row of boxed numbers at the foot. Every element but the
frame stays inside the safe zone, and every column except the copies
column appears somewhere, so a designer sees all of their data at once and
rearranges from there.
"""
from __future__ import annotations

from .infer_columns import Column
from .model.pack import COPIES_COLUMN, NAME_COLUMN

SAFE_MM = 4.0  # the safe zone lies this far inside the trim
INK = "#1A1A1A"
ACCENT = "#0072B2"  # Okabe-Ito blue
PAPER = "#FFFDF7"
MAX_STATS = 4  # boxed numbers in the foot row; more go into the body as text
MAX_PICTURES = 3  # picture windows side by side; more go into the body as paths
GAP = 1.5

Element = dict[str, object]


def card_layout(columns: tuple[Column, ...], card_mm: tuple[float, float]) -> dict[str, object]:
    """The ``[layouts.card]`` table: a background and its elements, in mm from the safe zone."""
    width, height = card_mm[0] - 2 * SAFE_MM, card_mm[1] - 2 * SAFE_MM
    shown = [c for c in columns if c.name not in (NAME_COLUMN, COPIES_COLUMN)]
    choices = [c for c in shown if c.type == "choice"]
    stats = [c for c in shown if c.type == "number"][:MAX_STATS]
    pictures = [c for c in shown if c.type == "image"][:MAX_PICTURES]
    body = [c for c in shown if c not in choices and c not in stats and c not in pictures]

    elements: list[Element] = [
        {"type": "rect", "x": 2.5, "y": 2.5, "right": 2.5, "bottom": 2.5,
         "stroke": ACCENT, "stroke_width": 1.2, "radius": 3, "bleed": True},  # a frame may cross the safe line
        _text("title", "{name}", 0, 10, font="display", size=[8, 14], align="center", lines=2),
    ]
    top = 10 + GAP
    if choices:
        line = " · ".join(f"{{{c.name}}}" for c in choices)
        elements.append(_text("subtitle", line, top, 5, size=[6, 9], italic=True, align="center",
                              colour="#4D4D4D", lines=1))
        top += 5 + GAP
    foot = height - 11 if stats else height
    if pictures:
        room = foot - GAP - top
        tall = room * 0.55 if body else room
        elements.extend(_pictures(pictures, top, width, tall))
        top += tall + GAP
    if body:
        elements.append(_text("body", _body_text(body), top, foot - GAP - top,
                              size=[6, 9], align="left", valign="top"))
    if stats:
        elements.extend(_stats(stats, foot, width))
    return {"background": PAPER, "elements": elements}


def _text(name: str, text: str, y: float, h: float, **style: object) -> Element:
    return {"type": "text", "name": name, "from": "safe", "text": text, "x": 0, "y": round(y, 2),
            "h": round(h, 2), **style}


def _body_text(columns: list[Column]) -> str:
    """Paragraph columns as they are; short ones with their label, one to a line."""
    lines = [f"{{{c.name}}}" if c.long else f"**{c.label}:** {{{c.name}}}" for c in columns]
    return "\n".join(lines)


def _pictures(columns: list[Column], y: float, width: float, height: float) -> list[Element]:
    each = (width - GAP * (len(columns) - 1)) / len(columns)
    found = []
    for i, column in enumerate(columns):
        element: Element = {"type": "image", "name": f"picture_{column.name}", "from": "safe",
                            "column": column.name, "fit": "cover", "x": round(i * (each + GAP), 2),
                            "y": round(y, 2), "w": round(each, 2), "h": round(height, 2),
                            "stroke": INK, "stroke_width": 0.5}
        if column.blank:
            element["when"] = {column.name: True}
        found.append(element)
    return found


def _stats(columns: list[Column], y: float, width: float) -> list[Element]:
    """Boxed numbers, centred in a row: the value large, its label small beneath."""
    box = min(14.0, (width - GAP * (len(columns) - 1)) / len(columns))
    left = (width - len(columns) * box - GAP * (len(columns) - 1)) / 2
    found: list[Element] = []
    for i, column in enumerate(columns):
        x = round(left + i * (box + GAP), 2)
        found.append({"type": "rect", "from": "safe", "x": x, "y": round(y, 2), "w": round(box, 2), "h": 11,
                      "stroke": ACCENT, "stroke_width": 0.8, "radius": 1.5, "fill": "#FFFFFF"})
        value = {"type": "text", "name": f"{column.name}_value", "from": "safe", "text": f"{{{column.name}}}",
                 "x": x, "y": round(y + 0.5, 2), "w": round(box, 2), "h": 6.5,
                 "font": "display", "bold": True, "size": [8, 13], "align": "center", "lines": 1}
        label = {"type": "text", "name": f"{column.name}_label", "from": "safe", "text": column.label,
                 "x": x, "y": round(y + 7, 2), "w": round(box, 2), "h": 3.5,
                 "size": [5, 6.5], "align": "center", "lines": 1}
        found.extend([value, label])
    return found


# --- TOML output ---------------------------------------------------------

def toml_string(text: str) -> str:
    """``text`` as a TOML basic string."""
    out = []
    for ch in text:
        if ch in ('"', "\\"):
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
        return "0" if text == "-0" else text
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def layout_toml(name: str, layout: dict[str, object]) -> str:
    """``[layouts.NAME]`` with its background and one ``[[...elements]]`` block per element."""
    lines = [f"[layouts.{name}]", f"background = {toml_value(layout['background'])}"]
    for element in layout["elements"]:
        lines += ["", f"[[layouts.{name}.elements]]"]
        lines += [f"{key} = {toml_value(value)}" for key, value in element.items()]
    return "\n".join(lines) + "\n"


def column_toml(column: Column) -> str:
    """A column's entry under ``[decks.ID.columns]``."""
    if column.type == "text" and not column.blank:
        return f"{column.name} = \"text\""
    spec: dict[str, object] = {"type": column.type}
    if column.values:
        spec["values"] = list(column.values)
    if column.placeholders:
        spec["placeholders"] = list(column.placeholders)
    if column.blank:
        spec["blank"] = True
    if len(spec) == 1:
        return f"{column.name} = {toml_value(column.type)}"
    return f"{column.name} = {toml_value(spec)}"
