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
ART_FITS = ("cover", "contain", "stretch")  # how a picture fills its box, in layouts and in game.toml

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

# Every key -> (what it holds, one line on what it does). The kinds are those
# layout_values converts; printkit.model.schema turns them into JSON Schema.
KEY_DOCS: dict[str, tuple[str, str]] = {
    "extends": ("name", "the layout this one starts from"),
    "background": ("colour", "the card's ground colour"),
    "styles": ("styles", "named sets of style keys this layout's elements may use"),
    "elements": ("elements", "what is drawn, in order"),
    "remove": ("names", "inherited elements to drop, by name"),
    "type": ("type", "what the element draws"),
    "name": ("name", "the element's name, to change it in a layout that extends this one or place others against it"),
    "from": ("frame", "what the box is measured from: trim, safe or bleed (default safe)"),
    "x": ("length", "distance of the left edge from the frame's left"),
    "cx": ("length", "the box's centre, across"),
    "right": ("length", "distance of the right edge from the frame's right"),
    "y": ("length", "distance of the top edge from the frame's top"),
    "cy": ("length", "the box's centre, down"),
    "bottom": ("length", "distance of the bottom edge from the frame's bottom"),
    "w": ("length", "the box's width"),
    "h": ("length", "the box's height"),
    "below": ("name", "place the box under this earlier element"),
    "above": ("name", "place the box over this earlier element"),
    "right_of": ("name", "place the box right of this earlier element"),
    "left_of": ("name", "place the box left of this earlier element"),
    "gap": ("gap", "mm between the box and the element it is placed against"),
    "when": ("condition", "draw only on cards whose columns have these values"),
    "unless": ("condition", "skip cards whose columns have these values"),
    "bleed": ("boolean", "extend the box into the bleed where it touches the trim"),
    "mirror": ("boolean", "draw a copy turned half round, as card corners are"),
    "style": ("name", "a named style whose keys the element takes"),
    "font": ("name", "the font family: body, display or one the pack brings"),
    "bold": ("boolean", "bold type"),
    "italic": ("boolean", "italic type"),
    "size": ("size", "type size in points, or [smallest, largest] to shrink between"),
    "colour": ("colour", "the colour of text or a line"),
    "align": ("align", "left, center or right"),
    "valign": ("valign", "top, middle, bottom or baseline"),
    "lines": ("lines", "the most lines the text may take"),
    "upper": ("boolean", "set the text in capitals"),
    "fill": ("colour", "the colour inside the shape"),
    "stroke": ("colour", "the outline's colour"),
    "stroke_width": ("stroke_width", "the outline's width in points"),
    "radius": ("radius", "corner radius in mm"),
    "dash": ("dash", "dash and gap lengths in mm, for a dashed outline"),
    "text": ("text", "text to print, with {column} placeholders"),
    "column": ("name", "the column whose value the element shows"),
    "label": ("boolean", "print the face's label for the value instead of the value"),
    "file": ("text", "a picture's path inside the pack"),
    "fit": ("fit", "how the picture fills its box"),
    "focus": ("focus", "the point of the picture kept in view, [x, y] from 0 to 1"),
    "term": ("name", "the token's term, when no column names it"),
    "symbol": ("name", "a built-in symbol"),
    "icon": ("name", "an icon of the pack's [icons]"),
    "heading": ("text", "a heading printed over the list"),
}

# Named colours besides "#RRGGBB"; "$colour" is the face's colour, "$token"
# the colour of the card's token (its suit). INK is printkit's near-black for
# text and outlines everywhere it draws.
INK = "#1A1A1A"
NAMED_COLOURS = {"ink": INK, "black": "#000000", "white": "#FFFFFF"}
COLOUR_VARIABLES = ("$colour", "$token")

# Built-in layouts printkit ships; a pack's layout may extend any of them.
BUILTIN_LAYOUTS = ("suit", "claim", "value", "text", "plain", "back", "back-art", "aid-front", "aid-back")

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
MAX_STROKE_WIDTH = 20.0  # points
MAX_RADIUS = 100.0  # mm
MAX_LINES = 50  # lines of text one element may take
MAX_PERCENT = 1000.0  # a length given as a percentage of its frame, either way
HEX_COLOUR = r"#[0-9A-Fa-f]{6}"  # every colour printkit reads, in layouts and in game.toml
