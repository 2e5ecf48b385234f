"""Shared parts as PDF forms, and drawing state written only when it changes, read back with pypdf.

Gag Grab's 60 Gag cards each print once, so each is drawn where it stands on
its sheet; what every one of them repeats (the claim layout's frame and
labels) is drawn in place on the first card and is a form XObject named
Part<n> from the second on, stored once and placed with ``Do``. The Kid
cards that print ten times are faces stored as forms (Face<n>), and their
own fixed parts are Part forms placed inside them, after the first.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import REPO
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.commands.build import BuildOptions, build_pack

PART = re.compile(r"/FormXob\.Part\d+$")


@pytest.fixture(scope="module")
def reader(tmp_path_factory) -> PdfReader:
    result = build_pack(REPO / "cards" / "gag-grab", BuildOptions(tmp_path_factory.mktemp("out")))
    cards = next(path for path in result.files if path.name == "cards.pdf")
    return PdfReader(cards)


def operations(reader: PdfReader, stream) -> list[tuple[list, str]]:
    return [(operands, op.decode("latin-1")) for operands, op in ContentStream(stream, reader).operations]


def streams(reader: PdfReader) -> dict[str, tuple[object, dict]]:
    """Every page's content and every form placed on a page (by name), with the XObjects each names."""
    found: dict[str, tuple[object, dict]] = {}

    def xobjects(holder) -> dict:
        resources = holder.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        return {str(name): ref for name, ref in resources.get("/XObject", {}).items()}

    def visit(name: str, form) -> None:
        if name in found:
            return
        named = xobjects(form)
        found[name] = (form, named)
        for inner, ref in named.items():
            visit(inner, ref.get_object())

    for number, page in enumerate(reader.pages, 1):
        named = xobjects(page)
        found[f"page {number}"] = (page.get_contents(), named)
        for name, ref in named.items():
            visit(name, ref.get_object())
    return found


def done(ops) -> Counter:
    """The XObjects a content stream places, with how many times."""
    return Counter(str(operands[0]) for operands, op in ops if op == "Do")


@pytest.fixture(scope="module")
def drawn(reader):
    """name -> (operations, {XObject name: reference}) for every page and form."""
    return {name: (operations(reader, stream), named) for name, (stream, named) in streams(reader).items()}


def test_every_stream_names_the_forms_it_places(drawn):
    for name, (ops, named) in drawn.items():
        placed = done(ops)
        assert set(placed) == set(named), name  # each form it places is in its resources, and no other


def test_each_part_is_one_object_placed_on_many_cards(drawn):
    parts: dict[str, set[int]] = {}
    placements = Counter()
    for _, (ops, named) in drawn.items():
        for name, ref in named.items():
            if PART.search(name):
                parts.setdefault(name, set()).add(ref.idnum)
        placements.update({name: n for name, n in done(ops).items() if PART.search(name)})
    assert parts, "no Part forms"
    # One name, one object, wherever it is named; no object under two names.
    assert all(len(ids) == 1 for ids in parts.values())
    objects = {next(iter(ids)) for ids in parts.values()}
    assert len(objects) == len(parts)
    assert set(placements) == set(parts)  # every Part form is placed somewhere
    assert sum(placements.values()) > len(objects)
    # The claim layout's fixed parts are on each of the 60 Gag cards: drawn in place on the first,
    # placed as a form on the other 59; none more often than there are cards placing it on pages.
    assert max(placements.values()) == 59
    assert sum(1 for n in placements.values() if n == 59) >= 2


def test_faces_placed_ten_times_hold_their_fixed_parts_as_forms(drawn):
    # The four main Kid cards (ten copies each) are Face forms; their shared frame is drawn in place
    # in the first of them and is one Part in each of the other three.
    faces = {name: named for name, (_, named) in drawn.items() if ".Face" in name}
    main_kids = [name for name, named in faces.items() if any(PART.search(inner) for inner in named)]
    assert len(main_kids) == 3
    inner_parts = {inner for name in main_kids for inner in faces[name] if PART.search(inner)}
    assert len(inner_parts) == 1


def shows(ops, text: bytes) -> bool:
    return any(op == "Tj" and operands[0].get_original_bytes() == text for operands, op in ops if operands)


def test_a_sheet_of_gag_cards_sets_its_colours_only_when_they_change(drawn):
    # The second sheet of Gag fronts (its first card is the tenth Gag card, Red Baron): after the
    # guide (2 pages), the 6 sheets of Kid cards, fronts and backs (12 pages) and the first sheet of
    # Gag cards (2), page 17; every part it repeats was drawn before. The checklist names the card
    # too, but places no card.
    pages = [name for name, (ops, _) in drawn.items()
             if name.startswith("page ") and shows(ops, b"Red Baron")]
    assert pages == ["page 2", "page 17"]
    ops, _ = drawn["page 17"]
    kinds = Counter(op for _, op in ops)
    assert kinds["Do"] >= 9 * 3  # nine cards, each placing its shared parts
    texts = kinds["Tj"] + kinds["TJ"]
    assert texts >= 9 * 2  # each card's name and points
    # Texts and filled shapes in the same colour one after another set it once: fewer colour
    # settings than texts alone (the tokens of requirements first drawn on this sheet, drawn in
    # place, still set a colour for each disc and its code).
    assert kinds["rg"] < texts


def redundant(ops) -> Counter:
    """State set to what it already is: fill and stroke colour, line width (q/Q tracked)."""
    now: dict[str, tuple | None] = {"rg": None, "RG": None, "w": None}
    saved: list[dict] = []
    again: Counter = Counter()
    for operands, op in ops:
        if op == "q":
            saved.append(dict(now))
        elif op == "Q":
            now = saved.pop()
        elif op in now:
            value = tuple(float(v) for v in operands)
            again[op] += now[op] == value
            now[op] = value
    return again


def test_no_stream_sets_a_colour_or_width_it_already_has(drawn):
    for name, (ops, _) in drawn.items():
        assert sum(redundant(ops).values()) == 0, name


def test_every_part_form_sets_its_own_colours(drawn):
    """A form starts from no known state: whatever it fills, it sets the colour for first."""
    parts = {name: ops for name, (ops, _) in drawn.items() if PART.search(name)}
    for name, ops in parts.items():
        painted = [op for _, op in ops if op in ("f", "f*", "B", "B*", "b", "b*", "Tj", "TJ", "rg")]
        if any(op != "rg" for op in painted):
            assert painted[0] == "rg", name
