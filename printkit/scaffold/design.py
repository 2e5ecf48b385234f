"""A first card layout for a new pack, sized to the data it will show, written as TOML.

The card reads from top to bottom: the name, the choice columns on a
subtitle line, a picture window for image columns, the short columns as
labelled lines, each long text column in a box of its own, and the numbers
in boxes along the foot. Every box is made tall enough for the longest text
it will hold at a legible size, measured with the fonts the cards are
printed with (``starter_text``); when the data cannot fit a poker card at
6.5 pt, the card is tarot size. Elements stack with ``below`` anchors, so a
designer who makes one box taller moves the ones under it. Every column but
the copies column appears, so a designer sees all of their data at once
and rearranges from there.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from .columns import Column
from ..model.cardsize import CARD_SIZES
from ..model.design_keys import INK, MAX_TEXT
from ..model.pack import COPIES_COLUMN, NAME_COLUMN
from .text import TextStyle, height_at, largest_size

SAFE_MM = 4.0  # the safe zone lies this far inside the trim
SOFT_INK = "#4D4D4D"  # subtitles and flavour text: quieter, still 8:1 on the paper
ACCENT = "#0072B2"  # Okabe-Ito blue
PAPER = "#FFFDF7"
PANEL = "#E6F1F8"  # the accent mixed with white: an empty picture window
GAP = 1.5  # mm between boxes
RULE_GAP = 2.5  # mm between the name and what follows, with a rule across the middle
PAD = 1.0  # mm text keeps from the safe zone's sides, so it does not touch the frame

# Card sizes tried in turn, each with the smallest body type allowed on it.
SIZES = (("poker", 6.5), ("tarot", 6.0))
TITLE_SIZE = 14.0
TITLE_FLOORS = (10.0, 9.0, 8.0, 7.0, 6.0)  # the smallest size a name may shrink to, tried in turn
LARGEST_BODY = 9.5  # body text prints at the largest size from this down at which every card's fits
SIZE_STEP = 0.5  # as the cards' text fitting steps down
VALUE_SIZES = (12.0, 11.0, 10.0, 9.0, 8.0, 7.0, 6.0)
LABEL_SIZE = (6.0, 7.0)

MAX_STATS_IN_ROW = 4
MAX_STAT_ROWS = 2  # numbers past 8 are listed as labelled lines instead
STAT_WIDTH = 14.0
MAX_PICTURES = 3  # picture windows side by side; more pictures are listed as paths
MAX_PARAGRAPHS = 6  # long texts past this many are listed as labelled lines
MAX_DETAIL_LINES = 20  # labelled lines in one text box, which keeps its template within MAX_TEXT
PICTURE_LEAST, PICTURE_MOST = 0.25, 0.42  # a picture window's height, as a share of the safe zone's
PANEL_LEAST = 18.0  # mm: spare room at least this tall becomes an empty picture window
UNFIT = 10.0  # mm a strip whose words are too wide for any card claims when the room is shared out
FLAVOUR_WORDS = ("flavour", "flavor", "quote", "lore", "story", "saying", "motto")

Element = dict[str, object]


class StarterLayout(TypedDict):
    """A layout as the scaffold writes it into game.toml."""

    background: str
    elements: list[Element]

Row = Mapping[str, str]

_REFERENCE = re.compile(r"\{([a-z0-9_]+)\}")

TITLE = TextStyle("display")
BODY = TextStyle()
ITALIC = TextStyle(italic=True)
VALUE = TextStyle("display", bold=True)


@dataclass(frozen=True)
class StarterCard:
    """The first layout and the card size it was made for."""

    size: str  # a name from CARD_SIZES
    layout: StarterLayout
    body_size: float  # the size the text prints at, the same on every card
    fits: bool  # False when even a tarot card at 6 pt cannot hold the longest texts


@dataclass
class Band:
    """One strip of the card, top to bottom: its elements, and how tall it must and may be."""

    name: str  # the element later strips are anchored below
    low: float  # mm it needs for every card to fit at the smallest size (inf: a word is wider than the card)
    high: float  # mm it may grow to where there is room (a picture window)
    elements: list[Element] = field(default_factory=list)  # without their vertical position
    text: TextFit | None = None  # for a strip of text: what it holds, to size its type once its height is known


@dataclass(frozen=True)
class TextFit:
    """What a text strip holds and how it is set, to measure it at any size."""

    texts: tuple[str, ...]
    style: TextStyle
    width: float
    icons: tuple[str, ...]

    def height(self, size: float) -> float | None:
        return height_at(self.texts, self.style, self.width, size, self.icons)


def card_layout(columns: Sequence[Column], rows: Sequence[Row], icons: Sequence[str] = ()) -> StarterCard:
    """The ``[layouts.card]`` table for ``columns``, made to fit every one of ``rows``."""
    for size, floor in SIZES:
        planned = _plan(columns, rows, icons, CARD_SIZES[size], floor, squeeze=False)
        if planned is not None:
            return StarterCard(size, *planned, True)
    size, floor = SIZES[-1]
    planned = _plan(columns, rows, icons, CARD_SIZES[size], floor, squeeze=True)
    assert planned is not None
    return StarterCard(size, *planned, False)


def _plan(columns: Sequence[Column], rows: Sequence[Row], icons: Sequence[str], card_mm: tuple[float, float],
          floor: float, squeeze: bool) -> tuple[StarterLayout, float] | None:
    """The layout and its body size, at least ``floor``; None when it does not fit (``squeeze``
    makes it fit anyway)."""
    width, height = card_mm[0] - 2 * SAFE_MM, card_mm[1] - 2 * SAFE_MM
    shown = [c for c in columns if c.name not in (NAME_COLUMN, COPIES_COLUMN)]
    numbers = [c for c in shown if c.type == "number"]
    stats = _stat_columns(numbers[:MAX_STATS_IN_ROW * MAX_STAT_ROWS], rows, width)
    pictures = [c for c in shown if c.type == "image"][:MAX_PICTURES]
    paragraphs = [c for c in shown if c.type == "text" and c.long][:MAX_PARAGRAPHS]
    choices = [c for c in shown if c.type == "choice"]
    listed = [c for c in shown if c not in stats and c not in pictures and c not in paragraphs
              and c not in choices]

    bands = [_title(rows, width, icons)]
    if choices:
        bands.append(_subtitle(choices, rows, width, floor, icons))
    if pictures:
        bands.append(_pictures(pictures, width, height))
    for i in range(0, len(listed), MAX_DETAIL_LINES):
        bands.append(_details(listed[i:i + MAX_DETAIL_LINES], rows, width, floor, icons, i // MAX_DETAIL_LINES))
    bands += [_paragraph(c, rows, width, floor, icons) for c in paragraphs]
    foot, stat_elements = _stats(stats, rows, width)
    return _stack(bands, foot, stat_elements, width, height, floor, bool(pictures), squeeze)


def filled(template: str, row: Row) -> str:
    """``template`` as one card shows it: each ``{column}`` replaced by the row's cell."""
    return _REFERENCE.sub(lambda m: row.get(m.group(1), m.group(0)), template)


def _texts(template: str, rows: Sequence[Row]) -> list[str]:
    return [filled(template, row) for row in rows]


def _text(name: str, text: str, **style: object) -> Element:
    """A text element across the safe zone, less a little padding either side; a lone
    ``{column}`` is written as ``column = ...``."""
    source = {"column": m.group(1)} if (m := _REFERENCE.fullmatch(text)) else {"text": text}
    return {"type": "text", "name": name, "from": "safe", **source, "x": PAD, "right": PAD, **style}


# -- the strips ------------------------------------------------------------

def _title(rows: Sequence[Row], width: float, icons: Sequence[str]) -> Band:
    """The name, on one line where it can be, else on two, at 14 pt down to the first size that fits."""
    names = [row.get(NAME_COLUMN, "") for row in rows]
    one_line = height_at(["Name"], TITLE, width, TITLE_SIZE, icons, lines=1) or 0.0
    for floor in TITLE_FLOORS:
        two_lines = height_at(names, TITLE, width - 2 * PAD, floor, icons, lines=2)
        if two_lines is not None:
            break
    else:
        floor, two_lines = TITLE_FLOORS[-1], one_line * 2
    h = max(one_line, two_lines)
    title = _text("title", "{name}", font="display", size=_size_range(floor, TITLE_SIZE), align="center", lines=2)
    return Band("title", h, h, [title])


def _subtitle(choices: list[Column], rows: Sequence[Row], width: float, floor: float,
              icons: Sequence[str]) -> Band:
    """The choice columns on a centred line, ' · ' between them; where they do not fit one line at
    the largest size, each further line starts at a column, so no value is split across lines."""
    lines: list[list[Column]] = []
    for column in choices:
        if lines and height_at(_texts(_joined(lines[-1] + [column]), rows), ITALIC, width - 2 * PAD,
                               LARGEST_BODY, icons, lines=1) is not None:
            lines[-1].append(column)
        else:
            lines.append([column])
    template = "\n".join(_joined(line) for line in lines)
    return _measured("subtitle", template, rows, width, floor, icons, ITALIC,
                     italic=True, colour=SOFT_INK, align="center", valign="top")


def _joined(columns: list[Column]) -> str:
    return " · ".join(f"{{{c.name}}}" for c in columns)


def _details(columns: list[Column], rows: Sequence[Row], width: float, floor: float, icons: Sequence[str],
             part: int) -> Band:
    """Short columns, one labelled line each: '**Requires:** {requires}'."""
    template = "\n".join(f"**{c.label}:** {{{c.name}}}" for c in columns)
    assert len(template) <= MAX_TEXT
    name = "details" if part == 0 else f"details-{part + 1}"
    return _measured(name, template, rows, width, floor, icons, BODY, align="left", valign="top")


def _paragraph(column: Column, rows: Sequence[Row], width: float, floor: float, icons: Sequence[str]) -> Band:
    """A long text column in a box of its own; flavour text in quieter italics."""
    if any(word in FLAVOUR_WORDS for word in column.name.split("_")):
        return _measured(f"text-{column.name}", f"{{{column.name}}}", rows, width, floor, icons, ITALIC,
                         italic=True, colour=SOFT_INK, align="left", valign="top")
    return _measured(f"text-{column.name}", f"{{{column.name}}}", rows, width, floor, icons, BODY,
                     align="left", valign="top")


def _measured(name: str, template: str, rows: Sequence[Row], width: float, floor: float, icons: Sequence[str],
              style: TextStyle, **keys: object) -> Band:
    """A text strip as tall as its longest text needs at ``floor``."""
    texts = _texts(template, rows)
    low = height_at(texts, style, width - 2 * PAD, floor, icons)
    fit = TextFit(tuple(texts), style, width - 2 * PAD, tuple(icons))
    low = math.inf if low is None else low
    return Band(name, low, low, [_text(name, template, size=floor, **keys)], fit)  # size: set once stacked


def _pictures(columns: list[Column], width: float, height: float) -> Band:
    """A window per image column, side by side; a card without a picture shows an empty panel."""
    elements: list[Element] = []
    each = (width - GAP * (len(columns) - 1)) / len(columns)
    for i, column in enumerate(columns):
        across = {"x": round(i * (each + GAP), 2), "w": round(each, 2)} if len(columns) > 1 else {}
        name = "picture" if len(columns) == 1 else f"picture-{column.name}"
        if column.blank:
            elements.append({"type": "rect", "name": f"no-{name}", "from": "safe", **across,
                             "fill": PANEL, "radius": 1.5, "unless": {column.name: True}})
        picture: Element = {"type": "image", "name": name, "from": "safe", "column": column.name, **across,
                            "fit": "cover", "stroke": INK, "stroke_width": 0.5}
        if column.blank:
            picture["when"] = {column.name: True}
        elements.append(picture)
    return Band(str(elements[0]["name"]), height * PICTURE_LEAST, height * PICTURE_MOST, elements)


def _panel() -> Band:
    """An empty window where a picture could go, for a deck with no picture column and room to spare."""
    return Band("picture-space", 0, 0, [{"type": "rect", "name": "picture-space", "from": "safe",
                                         "fill": PANEL, "radius": 1.5}])


# -- numbers along the foot ----------------------------------------------------

def _stat_width(count: int, width: float) -> float:
    across = min(count, MAX_STATS_IN_ROW)
    return min(STAT_WIDTH, (width - GAP * (across - 1)) / across)


def _stat_columns(numbers: list[Column], rows: Sequence[Row], width: float) -> list[Column]:
    """The numbers that fit a box: a value on one line, a label on at most two, at 6 pt or more."""
    if not numbers:
        return []
    inner = _stat_width(len(numbers), width) - 1
    return [c for c in numbers
            if largest_size(_texts(f"{{{c.name}}}", rows), VALUE, inner, 1e6, VALUE_SIZES, lines=1) is not None
            and height_at([c.label], BODY, inner, LABEL_SIZE[0], lines=2) is not None]


def _stats(columns: list[Column], rows: Sequence[Row], width: float) -> tuple[float, list[Element]]:
    """Boxed numbers in rows of up to four along the foot: the value large, its label small beneath.

    Returns the height the rows take and their elements, placed from the bottom of the safe zone.
    """
    if not columns:
        return 0.0, []
    box = _stat_width(len(columns), width)
    value_h = height_at(["0"], VALUE, 100, VALUE_SIZES[0], lines=1) or 0.0
    label_h = max(height_at([c.label], BODY, box - 1, LABEL_SIZE[0], lines=2) or 0.0 for c in columns)
    box_h = round(0.6 + value_h + label_h + 0.6, 2)
    rows_of = [columns[i:i + MAX_STATS_IN_ROW] for i in range(0, len(columns), MAX_STATS_IN_ROW)]
    elements: list[Element] = []
    for r, row_columns in enumerate(rows_of):
        bottom = round((len(rows_of) - 1 - r) * (box_h + GAP), 2)
        left = (width - len(row_columns) * box - GAP * (len(row_columns) - 1)) / 2
        for i, column in enumerate(row_columns):
            x = round(left + i * (box + GAP), 2)
            size = largest_size(_texts(f"{{{column.name}}}", rows), VALUE, box - 1, value_h, VALUE_SIZES, lines=1)
            across = {"x": x, "w": round(box, 2)}
            inner = {"x": round(x + 0.5, 2), "w": round(box - 1, 2)}
            elements += [
                {"type": "rect", "name": f"stat-{column.name}-box", "from": "safe", **across, "bottom": bottom,
                 "h": box_h, "stroke": ACCENT, "stroke_width": 0.8, "radius": 1.5, "fill": "#FFFFFF"},
                {"type": "text", "name": f"stat-{column.name}", "from": "safe", "column": column.name, **inner,
                 "bottom": round(bottom + 0.6 + label_h, 2), "h": value_h, "font": "display",
                 "size": _size_range(size or VALUE_SIZES[-1], VALUE_SIZES[0]), "align": "center", "lines": 1},
                {"type": "text", "name": f"stat-{column.name}-label", "from": "safe", "text": column.label,
                 **inner, "bottom": round(bottom + 0.6, 2), "h": label_h, "size": list(LABEL_SIZE),
                 "align": "center", "valign": "top", "lines": 2},
            ]
    return round(len(rows_of) * box_h + (len(rows_of) - 1) * GAP, 2), elements


# -- stacking the strips -------------------------------------------------------

def _stack(bands: list[Band], foot: float, foot_elements: list[Element], width: float, height: float,
           floor: float, pictures: bool, squeeze: bool) -> tuple[StarterLayout, float] | None:
    """Heights for the strips, top to bottom, anchored each below the last. The text takes the
    largest size at which every card's text fits, the same on every card; the pictures grow into
    the room left; the last strip stretches down to the numbers. None when the strips cannot all
    fit at ``floor`` (``squeeze`` shares the room out instead, and check reports what overflows)."""
    room = height - (foot + GAP if foot else 0.0) - _gaps(len(bands))
    need = sum(b.low for b in bands)
    size = floor
    if need > room + 1e-6:
        if not squeeze:
            return None
        # The name keeps its room; the rest share what is left, as they would need it at the smallest size.
        lows = [b.low if b.low != math.inf else UNFIT for b in bands[1:]]
        scale = max(room - bands[0].low, 0.0) / sum(lows)
        heights = [bands[0].low] + [low * scale for low in lows]
    else:
        size, heights = _sized(bands, room, floor)
        spare = room - sum(heights)
        for i, band in enumerate(bands):
            if band.text is None and band.high > heights[i]:  # a picture window, grown into the spare room
                grow = min(band.high - heights[i], spare)
                heights[i] += grow
                spare -= grow
        if not pictures and spare >= PANEL_LEAST + GAP:
            at = 2 if len(bands) > 1 and bands[1].name == "subtitle" else 1
            bands.insert(at, _panel())
            heights.insert(at, spare - (_gaps(len(bands)) - _gaps(len(bands) - 1)))
    for band in bands:
        if band.text is not None:
            band.elements[0]["size"] = _size_range(floor, size)
    elements: list[Element] = [
        {"type": "rect", "name": "frame", "x": 2.5, "y": 2.5, "right": 2.5, "bottom": 2.5,
         "stroke": ACCENT, "stroke_width": 1.2, "radius": 3, "bleed": True},  # a frame may cross the safe line
    ]
    above = None
    for i, (band, h) in enumerate(zip(bands, heights)):
        last = i == len(bands) - 1
        for element in band.elements:
            elements.append(_placed(element, above, h, foot if last else None))
        above = band.name
        if i == 0:  # a rule under the name
            elements.append({"type": "line", "name": "title-rule", "from": "safe", "x": 6, "right": 6,
                             "below": "title", "gap": RULE_GAP / 2, "h": 0, "stroke": ACCENT, "stroke_width": 0.6})
            above = "title-rule"
    elements += foot_elements
    return {"background": PAPER, "elements": elements}, size


def _sized(bands: list[Band], room: float, floor: float) -> tuple[float, list[float]]:
    """The largest body size (from LARGEST_BODY down to ``floor``) at which every text strip fits
    with the others at their least, and each strip's height at that size."""
    for step in range(int(round((LARGEST_BODY - floor) / SIZE_STEP)) + 1):
        size = LARGEST_BODY - SIZE_STEP * step
        heights = [b.text.height(size) if b.text is not None else b.low for b in bands]
        fitting = [h for h in heights if h is not None]  # None: a strip that cannot fit at this size
        if len(fitting) == len(heights) and sum(fitting) <= room + 1e-6:
            return size, [max(h, b.low) for h, b in zip(fitting, bands)]
    return floor, [b.low for b in bands]


def _size_range(low: float, high: float) -> float | list[float]:
    """A text size as a layout writes it: one number, or the range it may shrink through."""
    return low if low == high else [low, high]


def _gaps(bands: int) -> float:
    """The room the gaps between ``bands`` strips take: the first, under the name, holds a rule."""
    return RULE_GAP + GAP * (bands - 2) if bands > 1 else 0.0


def _placed(element: Element, above: str | None, h: float, foot: float | None) -> Element:
    """``element`` with its vertical position: below the strip ``above`` (or at the top), ``h`` tall,
    or reaching down to ``foot`` mm above the bottom of the safe zone when it is the last strip."""
    head = {k: v for k, v in element.items() if k in ("type", "name", "from", "column", "text")}
    rest = {k: v for k, v in element.items() if k not in head}
    across: Element = {k: rest.pop(k) for k in ("x", "right", "w") if k in rest}
    down: Element = {"y": 0} if above is None else {"below": above,
                                                    "gap": RULE_GAP / 2 if above == "title-rule" else GAP}
    if foot is None:
        down["h"] = round(h, 2)
    else:
        down["bottom"] = round(foot + GAP, 2) if foot else 0
    return {**head, **across, **down, **rest}


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


def layout_toml(name: str, layout: StarterLayout) -> str:
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
