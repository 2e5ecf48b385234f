"""``[shuffled_together.ID]``: decks the rules shuffle into one deck, read and checked.

Cards shuffled together must not be told apart from behind, so the decks of
a group must have the same card size and the same back; a deck belongs to
at most one group. Exports (print on demand, Tabletop Simulator) make one
deck, or one product, of each group.
"""
from __future__ import annotations

from .manifest_keys import MAX_LABEL
from .pack import DeckGroup, DeckSpec, Manifest
from .tomltable import Table
from ..core.suggest import did_you_mean

DEFAULT_BACK_COLOUR = "#555555"  # what faces.back_face draws for a deck without [decks.ID.back]


def back_look(deck: DeckSpec) -> tuple:
    """What decides how a deck's back looks: colour, label, picture and layout."""
    back = deck.back
    if back is None:
        return (DEFAULT_BACK_COLOUR, deck.title, None, "")
    art = (back.art.file, back.art.fit, back.art.focus) if back.art else None
    return (back.colour.upper(), back.label, art, back.layout)


def read_groups(root: Table, decks: tuple[DeckSpec, ...], card_size) -> tuple[DeckGroup, ...]:
    """Every group of ``[shuffled_together]``; what is wrong with one is reported at its key.

    ``card_size(deck)`` is a deck's card size in mm (its own, else the pack's).
    """
    table = root.table("shuffled_together", required=False)
    if table is None:
        return ()
    known = {d.id: d for d in decks}
    taken: dict[str, str] = {}  # deck id -> the group that has it
    groups = []
    for group_id, value in table.entries():
        path = table.key_path(group_id)
        if not isinstance(value, dict):
            root.ctx.report("M104", f"'shuffled_together.{group_id}' must be a table with 'decks'", path)
            continue
        spec = Table(root.ctx, value, path)
        ids = spec.strings("decks")
        title = spec.text("title", required=False)
        if len(title) > MAX_LABEL:  # it names the deck on a virtual table and in a shop's order
            root.ctx.report("M104", f"'shuffled_together.{group_id}.title' may be at most {MAX_LABEL} characters",
                            spec.key_path("title"))
            title = ""
        spec.finish()
        members = []
        for deck_id in ids:
            if deck_id not in known:
                root.ctx.report("M106", f"there is no deck '{deck_id}'", spec.key_path("decks"),
                                did_you_mean(deck_id, list(known)))
            elif deck_id in taken:
                root.ctx.report("M104", f"deck '{deck_id}' is already shuffled together in '{taken[deck_id]}'",
                                spec.key_path("decks"), "a deck can be shuffled into one group only")
            else:
                taken[deck_id] = group_id
                members.append(known[deck_id])
        if len(ids) < 2:
            listed = value.get("decks")
            if isinstance(listed, list) and all(isinstance(d, str) for d in listed):  # else 'decks' said why
                root.ctx.report("M104", f"'shuffled_together.{group_id}.decks' must name at least two decks",
                                spec.key_path("decks"))
            continue
        if len(members) < len(ids) or not _alike(root, spec, group_id, members, card_size):
            continue
        title = title or " and ".join(d.title for d in members)
        groups.append(DeckGroup(group_id, title, tuple(d.id for d in members), spec.location("decks")))
    return tuple(groups)


def _alike(root: Table, spec: Table, group_id: str, members: list[DeckSpec], card_size) -> bool:
    """Report (M109) the first deck whose size or back tells it apart from the group's first deck."""
    first = members[0]
    for deck in members[1:]:
        for what, mine, theirs in (("card size", card_size(deck), card_size(first)),
                                   ("back", back_look(deck), back_look(first))):
            if mine != theirs:
                hint = ("give them the same card size" if what == "card size" else
                        "give them the same [decks.ID.back]: colour, label, art and layout")
                root.ctx.report("M109", f"decks '{first.id}' and '{deck.id}' are shuffled together in "
                                        f"'{group_id}' but differ in {what}", spec.key_path("decks"), hint)
                return False
    return True


def group_of(manifest: Manifest, deck_id: str) -> DeckGroup | None:
    return next((g for g in manifest.shuffled_together if deck_id in g.decks), None)
