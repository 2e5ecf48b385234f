"""The layout engine, element type by element type: what each draws into the display list.

Each test writes a tiny pack whose deck uses one small layout, loads it and
draws its cards with ``deck_drawer``. No PDF is made: the assertions look at
the drawn items (texts, boxes, discs, paths, pictures and groups) and their
numbers. Cards are poker size, 63.5 × 88.9 mm, safe zone 4 mm; boxes below
are worked out by hand in the face's own coordinates (origin at the trim's
bottom-left, y up).
"""
from __future__ import annotations

import struct
import zlib

import pytest

from printkit.faces import deck_drawer
from printkit.geometry.bounds import bounds, placed
from printkit.geometry.draw import Box, Disc, Group, Path as PathItem, Picture, Text, flatten
from printkit.model.loader import load_pack

W, H = 63.5, 88.9
INK = "#1A1A1A"
BLUE = "#0072B2"  # the face's colour in every test pack

GAME = '''
[game]
title = "Engine test"
description = "One deck, one layout."
players = {{ min = 2, max = 4 }}

[decks.d]
title = "Test cards"
file = "d.csv"

[decks.d.columns]
name = "text"
{columns}

[decks.d.face]
layout = "l"
colour = "{colour}"
{face}

[decks.d.back]
colour = "#0072B2"
label = "Test"

{extra}

[layouts.l]
{layout}
'''


def png(width: int, height: int) -> bytes:
    """A small valid grey PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\0" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


@pytest.fixture
def draw(tmp_path):
    """``draw(layout, csv, columns=..., face=..., extra=...)`` -> {card name: FaceResult}."""
    def run(layout: str, csv: str, columns: str = "", face: str = "", extra: str = "", colour: str = BLUE,
            files: dict | None = None):
        (tmp_path / "game.toml").write_text(GAME.format(columns=columns, face=face, extra=extra, layout=layout,
                                                        colour=colour), encoding="utf-8")
        (tmp_path / "d.csv").write_text(csv, encoding="utf-8")
        for name, data in (files or {}).items():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_bytes(data)
        pack, findings = load_pack(tmp_path)
        errors = [f for f in findings if f.is_error]
        assert pack is not None and not errors, errors
        deck = pack.manifest.decks[0]
        drawer = deck_drawer(pack, deck)
        return {card.name: drawer.draw(card.name, card) for card in pack.decks[deck.id].cards}
    return run


def leaves(result, kind=None):
    """(item, matrix) for every drawn leaf after the background, optionally of one type."""
    items = result.face.items[1:] if result.face.items and isinstance(result.face.items[0], Box) \
        and result.face.items[0].rect.x < 0 else result.face.items
    return [(i, m) for i, m in placed(items) if kind is None or isinstance(i, kind)]


def texts(result) -> list[Text]:
    return [i for i, _ in leaves(result, Text)]


def words(result) -> str:
    return " ".join(t.text for t in texts(result))


def part(result, name):
    return next(p for p in result.parts if p.element.name == name)


# -- text -------------------------------------------------------------------

TEXT_BOX = '''
[[layouts.l.elements]]
name = "t"
type = "text"
column = "text"
x = 10
w = 40
y = 10
h = 12
size = [6, 14]
'''


def test_text_autoscale_uses_the_largest_size_that_fits(draw):
    faces = draw(TEXT_BOX, 'name,text\nA,Hi\nB,"' + "many words here " * 6 + '"\nC,"' + "far too long " * 60 + '"\n',
                 columns='text = "text"')
    short, long_, overflow = (texts(faces[n]) for n in "ABC")
    assert [t.size for t in short] == [14.0]  # a short word: the largest size
    assert {t.size for t in long_} and 6.0 < long_[0].size < 14.0  # shrunk, but not to the floor
    assert len(long_) > 1 and len({t.size for t in long_}) == 1  # one size for every line
    assert all(t.size == 6.0 for t in overflow)  # cannot fit: the smallest size, and an overflow
    assert faces["A"].overflows == () and faces["B"].overflows == ()
    assert [o.column for o in faces["C"].overflows] == ["text"]
    # Every line of the shrunk text stays inside the box: x 10..50, y (up) 66.9..78.9.
    for t in long_:
        b = bounds(t)
        assert 10 - 1e-6 <= b.x and b.right <= 50 + 1e-6 and 66.9 - 0.5 <= b.y and b.top <= 78.9 + 0.5


def test_text_alignment_and_colour(draw):
    layout = TEXT_BOX.replace('size = [6, 14]', 'size = 10\nalign = "left"\nvalign = "top"\ncolour = "#D55E00"')
    t = texts(draw(layout, "name,text\nA,Hi\n", columns='text = "text"')["A"])
    assert len(t) == 1 and t[0].size == 10 and t[0].colour == "#D55E00"
    assert t[0].align == "left" and t[0].x == pytest.approx(10)
    assert bounds(t[0]).top == pytest.approx(78.9, abs=0.6)  # hangs from the box's top


def test_lines_limits_the_number_of_lines(draw):
    layout = TEXT_BOX.replace('size = [6, 14]', 'size = [6, 14]\nlines = 1')
    faces = draw(layout, 'name,text\nA,"one two three four five six"\n', columns='text = "text"')
    t = texts(faces["A"])
    assert len({round(i.y, 3) for i in t}) == 1  # all on one baseline


def test_empty_text_draws_nothing(draw):
    faces = draw(TEXT_BOX, "name,text\nA,\n", columns='text = { type = "text", blank = true }')
    assert texts(faces["A"]) == [] and part(faces["A"], "t").items == ()


def test_rich_text_fonts_and_icons(draw):
    faces = draw(TEXT_BOX, 'name,text\nA,"**Bold** {coin} _end_"\nB,"plain and _slanted_ words"\n',
                 columns='text = "text"', extra='[icons]\ncoin = { symbol = "disc", colour = "#E69F00" }')
    by_text = {t.text.strip(): t.font for t in texts(faces["B"])}
    assert by_text == {"plain and": "body", "slanted": "italic", "words": "body"}
    bold, end = texts(faces["A"])
    assert (bold.text.strip(), bold.font, end.text.strip(), end.font) == ("Bold", "bold", "end", "italic")
    coins = [i for i, _ in leaves(faces["A"], PathItem) if i.fill == "#E69F00"]
    assert len(coins) == 1
    coin, b, e = bounds(coins[0]), bounds(bold), bounds(end)
    assert b.right < coin.x and coin.right < e.x  # between the words around it, on their line
    assert b.y < coin.cy < b.top
    assert 0.5 < coin.h / (bold.size * 25.4 / 72) < 1.2  # about as tall as the capitals


# -- references: label, upper, {#column}, {$role} -----------------------------

def test_label_upper_and_headings(draw):
    layout = '''
[[layouts.l.elements]]
name = "kind"
type = "text"
column = "kind"
label = true
upper = true
h = 10

[[layouts.l.elements]]
name = "raw"
type = "text"
column = "kind"
y = 20
h = 10

[[layouts.l.elements]]
name = "heading"
type = "text"
text = "{#cost}: {cost} / {#power}"
y = 40
h = 10

[[layouts.l.elements]]
name = "role"
type = "text"
text = "{$points} pts"
y = 60
h = 10
'''
    faces = draw(layout, "name,kind,cost,power\nA,big-cat,3,2\n",
                 columns='kind = { type = "choice", values = ["big-cat"] }\ncost = "count"\npower = "count"',
                 face='points = "power"\n[decks.d.face.labels]\nbig-cat = "Big cat"\ncost = "Price"')
    shown = {p.element.name: " ".join(i.text for i, _ in placed(p.items) if isinstance(i, Text))
             for p in faces["A"].parts}
    assert shown["kind"] == "BIG CAT"  # the label, in capitals
    assert shown["raw"] == "big-cat"  # without label = true: the value as written
    assert shown["heading"] == "Price: 3 / power"  # a label for the column's heading, else its name
    assert shown["role"] == "2 pts"  # $points is bound to the power column


# -- conditions ---------------------------------------------------------------

CONDITIONS = '''
[[layouts.l.elements]]
name = "listed"
type = "rect"
fill = "#000001"
when = { kind = ["a", "b"] }

[[layouts.l.elements]]
name = "has-note"
type = "rect"
fill = "#000002"
when = { note = true }

[[layouts.l.elements]]
name = "no-note"
type = "rect"
fill = "#000003"
when = { note = false }

[[layouts.l.elements]]
name = "not-c"
type = "rect"
fill = "#000004"
unless = { kind = "c" }

[[layouts.l.elements]]
name = "both"
type = "rect"
fill = "#000005"
when = { kind = "a", note = true }

[[layouts.l.elements]]
name = "powers"
type = "rect"
fill = "#000006"
when = "$powers_for"

[[layouts.l.elements]]
name = "cost-2"
type = "rect"
fill = "#000007"
when = { cost = 2 }
'''


def test_when_and_unless(draw):
    faces = draw(CONDITIONS, "name,kind,note,cost\nA,a,yes,2\nB,b,,1\nC,c,yes,2\n",
                 columns='kind = { type = "choice", values = ["a", "b", "c"] }\n'
                         'note = { type = "text", blank = true }\ncost = "count"',
                 face='powers_for = { kind = "b" }')
    shown = {name: [p.element.name for p in result.parts if p.items] for name, result in faces.items()}
    assert shown["A"] == ["listed", "has-note", "not-c", "both", "cost-2"]
    assert shown["B"] == ["listed", "no-note", "not-c", "powers"]
    assert shown["C"] == ["has-note", "cost-2"]


def test_powers_for_without_a_face_condition_shows_nothing(draw):
    faces = draw(CONDITIONS, "name,kind,note,cost\nB,b,,1\n",
                 columns='kind = { type = "choice", values = ["a", "b", "c"] }\n'
                         'note = { type = "text", blank = true }\ncost = "count"')
    assert [p.element.name for p in faces["B"].parts] == ["listed", "no-note", "not-c"]


# -- shapes and colours ------------------------------------------------------

SHAPES = '''
background = "#FFFCF5"

[[layouts.l.elements]]
name = "band"
type = "rect"
from = "bleed"
h = 20
fill = { colour = "$colour", tint = 0.2 }
bleed = true

[[layouts.l.elements]]
name = "panel"
type = "rect"
x = 10
y = 30
w = 20
h = 10
fill = { colour = "$colour", shade = 0.5 }
stroke = "ink"
stroke_width = 2
radius = 1.5
dash = [2, 1]

[[layouts.l.elements]]
name = "dot"
type = "disc"
x = 10
y = 50
w = 12
h = 8
fill = "$colour"
stroke = "#E69F00"

[[layouts.l.elements]]
name = "on"
type = "text"
text = "X"
x = 10
y = 50
w = 12
h = 8
colour = { on = "$colour" }

[[layouts.l.elements]]
name = "on-yellow"
type = "text"
text = "Y"
y = 70
h = 8
colour = { on = "#F0E442" }

[[layouts.l.elements]]
name = "rule"
type = "line"
x = 5
right = 5
y = 60
h = 0
stroke_width = 1.5
'''


def test_shapes_and_colours(draw):
    face = draw(SHAPES, "name\nA\n")["A"]
    background = next(flatten(face.face.items))
    assert background == Box(background.rect, fill="#FFFCF5")  # the background first
    band = part(face, "band").items[0]
    # tint 0.2 of #0072B2: 255 - (255 - c) * 0.2 = CC, E3, F0. Reaching the print bleed (3 mm), it is
    # carried on to the faces' full bleed (6 mm) so no sheet shows its edge.
    assert band.fill == "#CCE3F0"
    assert (band.rect.x, band.rect.w) == pytest.approx((-6, 75.5))
    assert (band.rect.y, band.rect.top) == pytest.approx((91.9 - 20, 88.9 + 6))
    panel = part(face, "panel").items[0]
    assert panel.fill == "#003959"  # shade 0.5: 0, 57, 89
    assert (panel.stroke, panel.width, panel.radius, panel.dash) == (INK, 2, 1.5, (2, 1))
    assert (panel.rect.x, panel.rect.y, panel.rect.w, panel.rect.h) == pytest.approx((10, 48.9, 20, 10))
    dot = part(face, "dot").items[0]
    assert isinstance(dot, Disc) and (dot.fill, dot.stroke) == (BLUE, "#E69F00")
    assert (dot.cx, dot.cy, dot.r) == pytest.approx((16, 88.9 - 54, 4))  # the box's centre, half its short side
    assert [t.colour for t in texts(face) if t.text == "X"] == ["#FFFFFF"]  # white reads best on blue
    assert [t.colour for t in texts(face) if t.text == "Y"] == [INK]  # ink on yellow
    rule = part(face, "rule").items[0]
    # A line runs from its box's top-left to its bottom-right: here flat, 60 below the top.
    assert (rule.x1, rule.y1, rule.x2, rule.y2) == pytest.approx((5, 28.9, 58.5, 28.9))
    assert (rule.width, rule.colour) == (1.5, INK)


def test_the_face_colour_follows_the_deck(draw):
    face = draw(SHAPES, "name\nA\n", colour="#D55E00")["A"]
    assert part(face, "dot").items[0].fill == "#D55E00"
    assert part(face, "band").items[0].fill == "#F7DFCC"  # tint 0.2: 255 - 42*0.2, 255 - 161*0.2, 255 - 255*0.2


# -- mirror ---------------------------------------------------------------------

def test_mirror_repeats_the_element_turned_about_the_centre(draw):
    layout = '''
[[layouts.l.elements]]
name = "cost"
type = "disc"
from = "safe"
w = 10
h = 10
fill = "#E69F00"
mirror = true

[[layouts.l.elements]]
name = "n"
type = "text"
text = "{name}"
from = "safe"
w = 10
h = 10
mirror = true
'''
    face = draw(layout, "name\n7\n")["7"]
    items = part(face, "cost").items
    assert len(items) == 2 and isinstance(items[1], Group)
    assert (items[1].dx, items[1].dy, items[1].angle) == (W, H, 180)
    upright, turned = [bounds(i, m) for i, m in placed(items)]
    # The safe corner disc spans x 4..14, y (up) 74.9..84.9; turned, x 49.5..59.5, y 4..14.
    assert (upright.x, upright.y, upright.right, upright.top) == pytest.approx((4, 74.9, 14, 84.9))
    assert (turned.x, turned.y, turned.right, turned.top) == pytest.approx((49.5, 4, 59.5, 14))
    sevens = [(t, m) for t, m in leaves(face, Text) if t.text == "7"]
    assert len(sevens) == 2
    assert sevens[0][1][:4] == (1.0, 0.0, 0.0, 1.0)
    assert sevens[1][1][0] == pytest.approx(-1) and sevens[1][1][3] == pytest.approx(-1)  # upside down


def test_mirror_of_nothing_adds_nothing(draw):
    layout = '''
[[layouts.l.elements]]
name = "n"
type = "text"
column = "note"
mirror = true
'''
    face = draw(layout, "name,note\nA,\n", columns='note = { type = "text", blank = true }')["A"]
    assert part(face, "n").items == ()


# -- images ---------------------------------------------------------------------

IMAGE = '''
[[layouts.l.elements]]
name = "art"
type = "image"
column = "art"
x = 10
y = 10
w = 40
h = 20
fit = "contain"
stroke = "ink"
'''


def test_image_is_placed_in_its_box(draw):
    faces = draw(IMAGE, "name,art\nA,pic.png\nB,\n", columns='art = { type = "image", blank = true }',
                 files={"pic.png": png(100, 100)})
    items = part(faces["A"], "art").items
    picture, frame = items
    assert isinstance(picture, Picture) and picture.path.endswith("pic.png")
    # A square picture contained in 40 × 20: 20 × 20, centred: x 20..40, y (up) 58.9..78.9.
    assert (picture.rect.x, picture.rect.y, picture.rect.w, picture.rect.h) == pytest.approx((20, 58.9, 20, 20))
    assert isinstance(frame, Box) and frame.stroke == INK and frame.rect.w == pytest.approx(40)
    assert part(faces["B"], "art").items == ()  # a blank cell draws nothing
    assert faces["A"].art_problems == () and faces["B"].art_problems == ()


def test_a_missing_picture_is_an_art_problem_with_its_column(draw):
    faces = draw(IMAGE, "name,art\nA,nowhere.png\n", columns='art = { type = "image", blank = true }')
    problems = faces["A"].art_problems
    assert [(p.code, p.column) for p in problems] == [("A101", "art")]
    assert "nowhere.png" in problems[0].message
    assert part(faces["A"], "art").items == ()


def test_a_missing_fixed_file_is_an_art_problem_at_the_element(draw):
    layout = IMAGE.replace('column = "art"', 'file = "logo.png"')
    faces = draw(layout, "name\nA\n")
    (problem,) = faces["A"].art_problems
    assert problem.code == "A101" and problem.column == "" and problem.where is not None


# -- tokens, symbols, icons, badges, index ----------------------------------------

TOKENS = '[tokens]\nfire = { colour = "#D55E00", symbol = "triangle", code = "FI" }\n' \
         'leaf = { colour = "#009E73", symbol = "clover", code = "LF" }'


def test_token_and_symbol(draw):
    layout = '''
[[layouts.l.elements]]
name = "token"
type = "token"
column = "suit"
x = 10
y = 10
w = 20
h = 20

[[layouts.l.elements]]
name = "own"
type = "symbol"
column = "suit"
x = 10
y = 40
w = 10
h = 10

[[layouts.l.elements]]
name = "star"
type = "symbol"
symbol = "star"
x = 30
y = 40
w = 10
h = 10
fill = "$token"
stroke = "ink"
'''
    faces = draw(layout, "name,suit\nA,fire\nB,leaf\n",
                 columns='suit = { type = "choice", values = ["fire", "leaf"] }', face='suit = "suit"', extra=TOKENS)
    disc, mark, code = part(faces["A"], "token").items
    assert isinstance(disc, Disc) and disc.fill == "#D55E00" and (disc.cx, disc.cy, disc.r) == pytest.approx(
        (20, 68.9, 10))
    assert isinstance(mark, PathItem) and code.text == "FI"
    assert part(faces["B"], "token").items[0].fill == "#009E73"
    own_a, own_b = part(faces["A"], "own").items[0], part(faces["B"], "own").items[0]
    assert (own_a.fill, own_b.fill) == ("#D55E00", "#009E73")  # the term's colour
    assert own_a.ops != own_b.ops  # and its symbol: a triangle and a clover
    star = part(faces["B"], "star").items[0]
    assert star.fill == "#009E73" and star.stroke == INK  # $token: the card's suit colour
    b = bounds(star)
    assert (b.cx, b.cy) == pytest.approx((35, 43.9), abs=0.6)
    assert b.w <= 10 + 1e-6 and b.h <= 10 + 1e-6


def test_icon_element(draw):
    layout = '''
[[layouts.l.elements]]
name = "coin"
type = "icon"
icon = "coin"
x = 10
y = 10
w = 8
h = 8

[[layouts.l.elements]]
name = "pic"
type = "icon"
icon = "pic"
x = 30
y = 10
w = 8
h = 8
'''
    faces = draw(layout, "name\nA\n", extra='[icons]\ncoin = { symbol = "disc", colour = "#E69F00" }\n'
                                          'pic = "pic.png"', files={"pic.png": png(200, 200)})
    coin = part(faces["A"], "coin").items[0]
    assert isinstance(coin, PathItem) and coin.fill == "#E69F00"
    b = bounds(coin)
    assert (b.cx, b.cy) == pytest.approx((14, 74.9), abs=0.01) and 6 < b.w <= 8
    pic = part(faces["A"], "pic").items[0]
    assert isinstance(pic, Picture) and (pic.rect.x, pic.rect.y, pic.rect.w) == pytest.approx((30, 70.9, 8))


def test_badge_is_as_wide_as_its_text(draw):
    layout = '''
[[layouts.l.elements]]
name = "badge"
type = "badge"
column = "kind"
label = true
cx = "50%"
y = 10
w = 40
h = 6
fill = "#F0E442"
when = { kind = ["hero", "villain"] }
'''
    faces = draw(layout, "name,kind\nA,hero\nB,villain\nC,other\n",
                 columns='kind = { type = "choice", values = ["hero", "villain", "other"] }',
                 face='[decks.d.face.labels]\nhero = "Hero"\nvillain = "Arch-villain"')
    a_box, a_text = part(faces["A"], "badge").items
    b_box, b_text = part(faces["B"], "badge").items
    assert (a_text.text, b_text.text) == ("Hero", "Arch-villain")
    assert a_box.fill == "#F0E442" and a_box.radius == pytest.approx(3)  # half its height: a pill
    assert a_box.rect.h == pytest.approx(6) and a_box.rect.cx == pytest.approx(31.75)
    assert a_box.rect.cy == pytest.approx(88.9 - 13)
    assert a_box.rect.w < b_box.rect.w  # wider for the longer label
    assert all(p.element.name != "badge" for p in faces["C"].parts)


def test_index_draws_value_over_suit_symbol(draw):
    layout = '''
[[layouts.l.elements]]
name = "index"
type = "index"
text = "{value}"
column = "suit"
from = "safe"
w = 8
h = 16
mirror = true
'''
    faces = draw(layout, "name,suit,value\nA,fire,7\nB,none,3\n",
                 columns='suit = { type = "choice", values = ["fire", "none"] }\nvalue = "count"',
                 face='suit = "suit"', extra=TOKENS)
    items = [(i, m) for i, m in placed(part(faces["A"], "index").items)]
    texts_ = [(i, m) for i, m in items if isinstance(i, Text)]
    marks = [(i, m) for i, m in items if isinstance(i, PathItem)]
    assert [t.text for t, _ in texts_] == ["7", "7"] and len(marks) == 2  # and again, turned
    upright_text, upright_mark = bounds(*texts_[0]), bounds(*marks[0])
    assert marks[0][0].fill == "#D55E00"
    # The box is x 4..12, y (up) 68.9..84.9: the value sits above the symbol, both inside.
    assert upright_text.y > upright_mark.top - 0.5
    for b in (upright_text, upright_mark):
        assert 4 - 0.3 <= b.x and b.right <= 12 + 0.3 and 68.9 - 0.3 <= b.y and b.top <= 84.9 + 0.3
    turned = bounds(*texts_[1])
    assert turned.cx == pytest.approx(W - upright_text.cx) and turned.cy == pytest.approx(H - upright_text.cy)
    # Without a token style for its term: the value alone, using the whole box.
    only = [i for i, _ in placed(part(faces["B"], "index").items)]
    assert [type(i).__name__ for i in only] == ["Text", "Text"] and only[0].text == "3"
