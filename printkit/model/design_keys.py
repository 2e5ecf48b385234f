"""The vocabulary of card layouts: element types, the keys each accepts, and their values.

A layout is a list of elements. Every element has a type, a box and some
type-specific keys; styles carry the keys that say how things look. Keeping
the vocabulary as data here lets the reader validate keys with "did you
mean" hints and lets the docs and tests enumerate it.
"""
from __future__ import annotations

FRAMES = ("trim", "safe", "bleed")  # what an element's box is measured from
ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom", "baseline")  # baseline: the last line sits on the box's bottom edge
ANCHORS = ("below", "above", "right_of", "left_of")

# Keys every element accepts.
BOX_KEYS = ("x", "cx", "right", "y", "cy", "bottom", "w", "h")
COMMON_KEYS = ("type", "name", "from", *BOX_KEYS, *ANCHORS, "gap", "when", "unless", "bleed", "mirror", "style")

# Keys a style may set, and so any element of a type that reads them.
TEXT_STYLE = ("font", "bold", "italic", "size", "colour", "align", "valign", "lines", "upper")
SHAPE_STYLE = ("fill", "stroke", "stroke_width", "radius", "dash")
STYLE_KEYS = TEXT_STYLE + SHAPE_STYLE

# Element type -> the keys it reads besides COMMON_KEYS.
ELEMENT_KEYS: dict[str, tuple[str, ...]] = {
    "text": ("text", "column", "label", *TEXT_STYLE),
    "rect": SHAPE_STYLE,
    "disc": ("fill", "stroke", "stroke_width", "dash"),
    "line": ("stroke", "stroke_width", "dash"),
    "image": ("column", "file", "fit", "focus", "stroke", "stroke_width"),
    "token": ("column", "term", "stroke_width"),
    "symbol": ("column", "symbol", "fill", "stroke", "stroke_width"),
    "icon": ("icon",),
    "requirement": ("column",),
    "index": ("text", "column", "font", "size", "colour", "valign"),
    "badge": ("text", "column", "label", "upper", "fill"),
    # Blocks drawn from the pack's own lists rather than from a card.
    "powers": ("heading",),
    "phases": ("colour",),
    "legend": ("heading",),
    "notes": (),
    "symbols": ("fill",),
}
ELEMENT_TYPES = tuple(ELEMENT_KEYS)
# What an element of these types reads when it names no column.
DEFAULT_COLUMN = {"index": "$suit", "requirement": "$requires"}

# Types whose drawing is ink a reader must see: these are checked for
# collisions, small type and contrast. Shapes and pictures are backdrops.
INK_TYPES = ("text", "token", "symbol", "icon", "requirement", "index", "badge", "powers", "phases", "legend",
             "notes")

LAYOUT_KEYS = ("extends", "background", "styles", "elements", "remove")

# Named colours besides "#RRGGBB"; "$colour" is the face's colour, "$token"
# the colour of the card's token (its suit).
NAMED_COLOURS = {"ink": "#1A1A1A", "black": "#000000", "white": "#FFFFFF"}
COLOUR_VARIABLES = ("$colour", "$token")

# Built-in layouts printkit ships; a pack's layout may extend any of them.
BUILTIN_LAYOUTS = ("suit", "claim", "value", "text", "plain", "back", "back-art", "aid-front", "aid-back")
CARD_LAYOUTS = ("suit", "claim", "value", "text", "plain")  # the ones meant for card fronts

# Limits on what a pack controls, so a hostile manifest cannot exhaust us.
MAX_ELEMENTS = 200
MAX_EXTENDS = 16
MAX_MM = 1000.0
MAX_POINTS = 200.0
MIN_POINTS = 1.0
MAX_NAME = 100  # characters in a name an element gives or refers to (element, style, column, font, icon)
MAX_TEXT = 2000  # characters in a layout's own text template or heading
MAX_CONDITION_KEYS = 20  # columns one 'when' or 'unless' tests
MAX_CONDITION_VALUES = 100  # values one column of a condition may accept
MIN_DASH, MAX_DASH = 0.1, 50.0  # mm
