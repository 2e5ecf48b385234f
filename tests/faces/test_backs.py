"""The built-in back of every bundled deck, in both inks, measured on its display list in mm:
the deck's name keeps clear of the symbols, reads at 4.5:1 or better on what lies under it,
and the light back is mostly white paper."""
import pytest
from conftest import REPO

from printkit.checks import check_pack
from printkit.faces import back_face
from printkit.faces.colour import contrast
from printkit.geometry.bounds import bounds, placed
from printkit.geometry.draw import Box, Path, Text

PACKS = {name: check_pack(REPO / "cards" / name) for name in ("gag-grab", "many-faces")}
BACKS = [(pack, spec.id, ink) for pack, report in PACKS.items() for spec in report.pack.manifest.decks
         for ink in ("full", "light")]


def back(pack: str, deck: str, ink: str):
    manifest = PACKS[pack].pack.manifest
    return back_face(manifest.deck(deck), manifest, PACKS[pack].pack, ink).face


def gap(a, b) -> float:
    """The clear distance between two boxes (0 when they touch or overlap)."""
    dx = max(a.x - b.right, b.x - a.right, 0.0)
    dy = max(a.y - b.top, b.y - a.top, 0.0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("pack, deck, ink", BACKS)
def test_the_deck_name_keeps_2mm_clear_of_the_symbols(pack, deck, ink):
    face = back(pack, deck, ink)
    texts = [(item, bounds(item, m)) for item, m in placed(face.items) if isinstance(item, Text)]
    symbols = [bounds(item, m) for item, m in placed(face.items) if isinstance(item, Path)]
    assert texts and symbols
    for item, box in texts:
        assert min(gap(box, s) for s in symbols) >= 2.0, item.text


@pytest.mark.parametrize("pack, deck, ink", BACKS)
def test_every_word_on_a_back_reads_at_4_5_to_1_on_what_lies_under_it(pack, deck, ink):
    face = back(pack, deck, ink)
    leaves = list(placed(face.items))
    found = []
    for n, (item, m) in enumerate(leaves):
        if not isinstance(item, Text):
            continue
        box = bounds(item, m)
        # The last filled box drawn before the text that holds its middle is what it is printed on.
        under = [bounds(b, bm) for b, bm in leaves[:n] if isinstance(b, Box) and b.fill]
        fills = [b.fill for (b, bm) in leaves[:n] if isinstance(b, Box) and b.fill]
        ground = next(f for f, r in zip(reversed(fills), reversed(under))
                      if r.x <= box.cx <= r.right and r.y <= box.cy <= r.top)
        found.append((item.text, round(contrast(item.colour, ground), 2)))
        assert contrast(item.colour, ground) >= 4.5, (item.text, item.colour, ground)
        assert item.size >= 6.0
    assert {t for t, _ in found} >= {PACKS[pack].pack.manifest.title}
    assert not any("printkit" in t.lower() for t, _ in found)


@pytest.mark.parametrize("pack, deck", [(p, d) for p, d, ink in BACKS if ink == "light"])
def test_the_light_back_is_white_with_the_deck_colour_as_accents(pack, deck):
    spec = PACKS[pack].pack.manifest.deck(deck)
    face = back(pack, deck, "light")
    boxes = [(item, bounds(item, m)) for item, m in placed(face.items) if isinstance(item, Box)]
    colours = {item.fill for item, _ in boxes} | {item.stroke for item, _ in boxes}
    assert spec.back.colour.upper() in {c.upper() for c in colours if c}  # the frame, in the deck's colour
    area = face.width * face.height
    # Only the background covers more than a third of the card, and it is white.
    big = [item.fill for item, box in boxes if item.fill and box.w * box.h > area / 3]
    assert big == ["#FFFFFF"]
