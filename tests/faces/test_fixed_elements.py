"""Fixed layout elements: what reads nothing from a card is drawn once per deck and shared.

``_fixed`` decides which elements of a layout draw the same on every card
that shows them; the drawer then reuses their items from card to card and
wraps each stretch of consecutive fixed elements in one ``Group(shared=True)``
placed where it stands (no move, turn or scale), so that the PDF renderer can
store it once as a form. Each test writes a tiny pack with one layout (as
tests/faces/test_engine.py does) and looks at the drawn faces.
"""
from __future__ import annotations

import pytest

from printkit.faces import deck_drawer
from printkit.faces.engine import _fixed
from printkit.geometry.draw import Box, Group, Text, flatten
from printkit.model.loader import load_pack
from test_engine import GAME

# test_engine's one-deck pack, with a choice column, the title role and a style that follows the token.
PACK = dict(columns='kind = { type = "choice", values = ["a", "b"] }', face='title = "name"',
            extra='[styles.follows-token]\nfill = "$token"', colour="#0072B2")

# Elements in drawing order; the comment says whether each is fixed and why.
LAYOUT = '''
[[layouts.l.elements]]
name = "frame"            # fixed: a plain colour
type = "rect"
from = "bleed"
fill = "#FFEEDD"
stroke = "ink"

[[layouts.l.elements]]
name = "points-label"     # fixed: words of the layout's own
type = "text"
text = "GAG POINTS"
y = 60
h = 8

[[layouts.l.elements]]
name = "by-name"          # not fixed: a column in the text
type = "text"
text = "{name}"
y = 10
h = 8

[[layouts.l.elements]]
name = "by-role"          # not fixed: a role the face binds to a column
type = "text"
text = "{$title}!"
y = 20
h = 8

[[layouts.l.elements]]
name = "only-a"           # fixed: a condition decides whether it shows, not what it draws
type = "text"
text = "ONLY A"
y = 30
h = 8
when = { kind = "a" }

[[layouts.l.elements]]
name = "unless-b"         # fixed, as above
type = "rect"
x = 5
y = 42
w = 10
h = 4
fill = "#123456"
unless = { kind = "b" }

[[layouts.l.elements]]
name = "by-column"        # not fixed: reads a column
type = "text"
column = "kind"
y = 50
h = 6

[[layouts.l.elements]]
name = "token-colour"     # not fixed: the colour follows the card's token
type = "rect"
x = 40
y = 42
w = 10
h = 4
fill = "$token"

[[layouts.l.elements]]
name = "token-tint"       # not fixed: a tint of the token colour
type = "disc"
x = 40
y = 70
w = 6
h = 6
fill = { colour = "$token", tint = 0.5 }

[[layouts.l.elements]]
name = "token-style"      # not fixed: the token colour comes from its style
type = "rect"
x = 5
y = 70
w = 6
h = 6
style = "follows-token"

[[layouts.l.elements]]
name = "deck-title"       # fixed: a variable, the same on every card of the deck
type = "text"
text = "{$deck}"
y = 78
h = 6

[[layouts.l.elements]]
name = "rule"             # fixed
type = "line"
x = 5
right = 5
y = 76
h = 0
'''

CSV = "name,kind\nAlpha,a\nBravo,b\nCharlie,a\n"

FIXED = {"frame": True, "points-label": True, "by-name": False, "by-role": False, "only-a": True,
         "unless-b": True, "by-column": False, "token-colour": False, "token-tint": False, "token-style": False,
         "deck-title": True, "rule": True}


@pytest.fixture
def drawn(tmp_path):
    """(drawer, {card name: FaceResult}) for the layout above."""
    (tmp_path / "game.toml").write_text(GAME.format(layout=LAYOUT, **PACK), encoding="utf-8")
    (tmp_path / "d.csv").write_text(CSV, encoding="utf-8")
    pack, findings = load_pack(tmp_path)
    errors = [f for f in findings if f.is_error]
    assert pack is not None and not errors, errors
    deck = pack.manifest.decks[0]
    drawer = deck_drawer(pack, deck)
    return drawer, {card.name: drawer.draw(card.name, card) for card in pack.decks[deck.id].cards}


def shared_groups(result) -> list[Group]:
    return [item for item in result.face.items if isinstance(item, Group) and item.shared]


def text_item(result, text: str) -> Text:
    found = [i for i in flatten(result.face.items) if isinstance(i, Text) and i.text == text]
    assert len(found) == 1, (text, found)
    return found[0]


def test_which_elements_are_fixed(drawn):
    drawer, _ = drawn
    by_name = {e.name: _fixed(e, drawer.bindings) for e in drawer.layout.elements}
    assert by_name == FIXED
    assert drawer.fixed == tuple(FIXED[e.name] for e in drawer.layout.elements)


def test_a_role_left_unbound_reads_nothing_from_a_card(drawn):
    """{$title} is not fixed only because this deck binds the title role to a column."""
    drawer, _ = drawn
    element = next(e for e in drawer.layout.elements if e.name == "by-role")
    unbound = type(drawer.bindings)(drawer.bindings.manifest, drawer.bindings.columns, {})
    assert not _fixed(element, drawer.bindings)
    assert _fixed(element, unbound)


def test_fixed_items_are_the_same_objects_on_every_card(drawn):
    _, faces = drawn
    alpha, bravo, charlie = faces["Alpha"], faces["Bravo"], faces["Charlie"]
    assert text_item(alpha, "GAG POINTS") is text_item(bravo, "GAG POINTS") is text_item(charlie, "GAG POINTS")
    assert text_item(alpha, "Test cards") is text_item(bravo, "Test cards")  # {$deck}
    assert text_item(alpha, "ONLY A") is text_item(charlie, "ONLY A")
    # What reads the card is drawn for each card: the name, and the role bound to it.
    assert text_item(alpha, "Alpha").text == "Alpha" and text_item(bravo, "Bravo!").text == "Bravo!"
    assert [t.text for t in flatten(bravo.face.items) if isinstance(t, Text)].count("ONLY A") == 0


def test_consecutive_fixed_elements_are_one_shared_group(drawn):
    _, faces = drawn
    alpha, bravo = faces["Alpha"], faces["Bravo"]
    groups = shared_groups(alpha)
    # Card a: [frame, GAG POINTS], then by-name and by-role, then [ONLY A, the small rect],
    # then by-column and the three token colours, then [deck title, rule].
    assert [len(g.items) for g in groups] == [2, 2, 2]
    first, middle, last = groups
    assert isinstance(first.items[0], Box) and first.items[0].fill == "#FFEEDD"
    assert first.items[1] is text_item(alpha, "GAG POINTS")
    assert middle.items[0] is text_item(alpha, "ONLY A") and middle.items[1].fill == "#123456"
    assert last.items[0] is text_item(alpha, "Test cards")
    # Card b shows neither conditional element: no group for them, and the rest as on card a.
    assert [len(g.items) for g in shared_groups(bravo)] == [2, 2]
    assert shared_groups(bravo)[0].items == first.items and shared_groups(bravo)[1].items == last.items
    # Nothing a card's own values draw is inside a shared group.
    inside = [i for g in groups for i in flatten(g.items)]
    assert not any(isinstance(i, Text) and i.text in ("Alpha", "Alpha!", "a") for i in inside)
    assert not any(getattr(i, "fill", None) == "#999999" for i in inside)  # no token: NO_TOKEN grey


def test_shared_groups_do_not_move_anything(drawn):
    _, faces = drawn
    for result in faces.values():
        for group in shared_groups(result):
            assert (group.dx, group.dy, group.angle, group.scale, group.clip) == (0.0, 0.0, 0.0, 1.0, None)
        # Flattened, the face is what its elements drew, in order: the grouping moved nothing.
        before = [item for part in result.parts for item in flatten(part.items)]
        assert list(flatten(result.face.items)) == before


def test_a_face_drawn_for_no_card_is_not_grouped(drawn):
    drawer, faces = drawn
    plain = drawer.draw("d/back-like", None)  # a back is drawn with no card
    assert not shared_groups(plain)
    assert text_item(plain, "GAG POINTS") is text_item(faces["Alpha"], "GAG POINTS")


def test_the_claim_layout_shares_its_frame_and_requirement_drawings():
    """Gag Grab's claim fronts: two cards requiring "CB + LU" share the same groups, the
    requirement's tokens among them; a card requiring something else shares only the frame."""
    from conftest import REPO

    pack, _ = load_pack(REPO / "cards" / "gag-grab")
    deck = pack.decks["gags"]
    drawer = deck_drawer(pack, deck.spec)
    cards = {c.name: c for c in deck.cards}
    assert str(cards["Football Kick"].values["requires"]) == "CB + LU"  # gags.csv, line 3
    assert str(cards["Psychiatry Booth"].values["requires"]) == "CB + LU"
    assert str(cards["Shortstop"].values["requires"]) == "SN x2"
    kick, booth, shortstop = (drawer.draw(name, cards[name]) for name in ("Football Kick", "Psychiatry Booth",
                                                                          "Shortstop"))
    assert shared_groups(kick) == shared_groups(booth)
    # The requirement is a shared group centred across the card (63.5 mm wide); the layout's
    # own fixed parts are shared groups in place.
    moved = [g for g in shared_groups(kick) if (g.dx, g.dy) != (0.0, 0.0)]
    assert len(moved) == 1 and moved[0].dx == pytest.approx(63.5 / 2)
    in_place = [g for g in shared_groups(kick) if (g.dx, g.dy) == (0.0, 0.0)]
    assert len(in_place) >= 2
    assert [g for g in shared_groups(shortstop) if (g.dx, g.dy) == (0.0, 0.0)] == in_place
    assert [g for g in shared_groups(shortstop) if (g.dx, g.dy) != (0.0, 0.0)] != moved
    # Drawn once for the deck: the same objects on both cards, but for the background (the
    # face's own, painted past the trim, not an element's), which each face draws afresh.
    again = [g for g in shared_groups(shortstop) if (g.dx, g.dy) == (0.0, 0.0)]
    background = in_place[0].items[0]
    assert isinstance(background, Box) and background.rect.x < 0 and background == again[0].items[0]
    pairs = [(a, b) for g, h in zip(in_place, again) for a, b in zip(g.items, h.items) if a is not background]
    assert len(pairs) >= 3 and all(a is b for a, b in pairs)
