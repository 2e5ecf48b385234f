"""The model diff: cards changed, renamed, added and removed, copies, deck totals, findings."""
from __future__ import annotations

import pytest
from diffpacks import add_extras_deck, copy_pack, edit, edited_pair

from printkit.checks import check_pack
from printkit.diff import compare as compare_module
from printkit.diff.compare import CardSide, compare, pair_renames


def diff_of(old, new, old_label="old", new_label="new"):
    a, b = check_pack(old), check_pack(new)
    return compare(a.pack, b.pack, a.findings, b.findings, old_label, new_label)


@pytest.fixture(scope="module")
def standard(tmp_path_factory):
    old, new = edited_pair(tmp_path_factory.mktemp("standard"))
    return diff_of(old, new)


def deck(diff, deck_id):
    return next(d for d in diff.decks if d.id == deck_id)


def by_name(d, kind):
    return {c.name: c for c in d.cards if c.kind == kind}


def test_changed_requirement_is_reported_field_by_field(standard):
    changed = by_name(deck(standard, "gags"), "changed")
    assert set(changed) == {"Shortstop", "Great Pumpkin"}
    (change,) = changed["Shortstop"].changes
    assert (change.field, change.old, change.new) == ("requires", "SN x2", "SN + Sally")
    assert (changed["Shortstop"].old.line, changed["Shortstop"].new.line) == (4, 4)


def test_rename_is_one_rename_not_a_removal_and_an_addition(standard):
    gags = deck(standard, "gags")
    (renamed,) = [c for c in gags.cards if c.kind == "renamed"]
    assert (renamed.old.name, renamed.new.name) == ("Red Baron", "The Red Baron")
    assert renamed.changes == ()  # every other field is the same
    assert (renamed.old.line, renamed.new.line) == (11, 10)  # Good Grief above it went
    assert "Red Baron" not in by_name(gags, "removed") and "The Red Baron" not in by_name(gags, "added")


def test_added_and_removed_cards(standard):
    gags = deck(standard, "gags")
    assert list(by_name(gags, "added")) == ["Kite | Tree"]
    assert list(by_name(gags, "removed")) == ["Good Grief"]
    added = by_name(gags, "added")["Kite | Tree"]
    assert added.old is None and added.new.line == 61
    assert dict(added.new.fields) == {"points": "4", "requires": "CB + LU"}
    removed = by_name(gags, "removed")["Good Grief"]
    assert removed.new is None and removed.old.line == 7 and removed.copies == (1, 0)


def test_copies_and_deck_totals_that_moved(standard):
    kids = deck(standard, "kids")
    (sally,) = kids.cards
    assert sally.kind == "changed" and sally.copies == (1, 2)
    assert [(c.field, c.old, c.new) for c in sally.changes] == [("count", "1", "2")]
    assert (kids.old_total, kids.new_total, kids.total_moved) == (52, 53, True)
    gags = deck(standard, "gags")
    assert (gags.old_total, gags.new_total, gags.total_moved) == (60, 60, False)  # one out, one in


def test_counts_over_the_pack(standard):
    assert {k: standard.count(k) for k in ("changed", "renamed", "added", "removed")} == \
        {"changed": 3, "renamed": 1, "added": 1, "removed": 1}
    assert standard.changed and standard.pack == "gag-grab" and standard.title == "Peanuts Gag Grab"


def test_findings_that_appear_and_go(standard):
    new = {(f.code, f.file, f.line) for f in standard.appeared}
    assert ("R401", "gags.csv", 7) in new  # 'Linnus', on Great Pumpkin's new line
    unknown = next(f for f in standard.appeared if f.code == "R401")
    assert unknown.message == "unknown term 'Linnus'" and unknown.severity == "error"
    gone = [f for f in standard.gone if f.code == "N600" and "'Sally'" in f.message]
    assert [(g.file, g.line) for g in gone] == [("kids.csv", 6)]  # Shortstop names Sally now


def test_a_finding_on_a_shifted_line_is_not_a_change(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    for root in (old, new):
        edit(root, "gags.csv", "Great Pumpkin,3,LI x2", "Great Pumpkin,3,LI + Linnus")
    edit(new, "gags.csv", "Little Red Haired Girl,3,CB + LI or LU\n", "")  # R401 moves from line 8 to 7
    diff = diff_of(old, new)
    assert not any(f.code == "R401" for f in diff.appeared + diff.gone)
    assert [c.name for c in diff.card_changes] == ["Little Red Haired Girl"]


def test_the_same_pack_twice_has_no_changes(tmp_path):
    root = copy_pack(tmp_path / "gag-grab")
    diff = diff_of(root, root)
    assert not diff.changed and diff.card_changes == () and diff.appeared == diff.gone == ()
    assert all(d.status == "same" for d in diff.decks)


def test_near_rename_pairs_by_best_match_and_keeps_the_field_change(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    edit(new, "gags.csv", "Beethoven’s Ninth,5,LU + Schroeder", "Beethoven’s Tenth,6,LU + Schroeder")
    # A removed and an added card that share nothing: not a rename.
    edit(new, "gags.csv", "Football Kick,4,CB + LU", "Kite Flying,2,SN + LI")
    diff = diff_of(old, new)
    gags = deck(diff, "gags")
    (renamed,) = [c for c in gags.cards if c.kind == "renamed"]
    assert (renamed.old.name, renamed.new.name) == ("Beethoven’s Ninth", "Beethoven’s Tenth")
    assert [(c.field, c.old, c.new) for c in renamed.changes] == [("points", "5", "6")]
    assert list(by_name(gags, "added")) == ["Kite Flying"] and list(by_name(gags, "removed")) == ["Football Kick"]


def test_equal_fields_many_cards_share_are_no_evidence_of_a_rename(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    # Football Kick costs 4 and CB + LU too: a new card with those values need not be Psychiatry Booth.
    edit(new, "gags.csv", "Psychiatry Booth,4,CB + LU", "Kite-Eating Tree,4,CB + LU")
    # No other card is worth 2 for 'CB x2 or LI x2': one that is, under a new name, is Good Grief renamed.
    edit(new, "gags.csv", "Good Grief,2,CB x2 or LI x2", "Blockhead,2,CB x2 or LI x2")
    gags = deck(diff_of(old, new), "gags")
    assert [(c.kind, c.name) for c in gags.cards] == [("renamed", "Blockhead"), ("added", "Kite-Eating Tree"),
                                                     ("removed", "Psychiatry Booth")]


def side(name, line, **fields):
    return CardSide(name, line, 1, tuple(fields.items()), f"d/front/{name}")


def test_pairing_takes_the_best_match_first():
    removed = [side("Snoopy", 2, kind="main", code="SN"), side("Linus", 3, kind="main", code="LI")]
    added = [side("Linus Van Pelt", 4, kind="main", code="LI"), side("Snoopy Dog", 5, kind="main", code="SN")]
    pairs = pair_renames(removed, added)
    assert [(r.name, a.name) for r, a in pairs] == [("Snoopy", "Snoopy Dog"), ("Linus", "Linus Van Pelt")]


def test_one_differing_field_needs_alike_names():
    removed = [side("Snoopy", 2, kind="main", code="SN")]
    assert pair_renames(removed, [side("Woodstock", 3, kind="main", code="WS")]) == []
    assert len(pair_renames(removed, [side("Snoopy!", 3, kind="main", code="SP")])) == 1
    # With a single other field, equal values alone are too little to call it a rename.
    assert pair_renames([side("Snoopy", 2, kind="main")], [side("Woodstock", 3, kind="main")]) == []
    # Two equal fields are enough, unless other cards have the same values.
    two = [side("Snoopy", 2, kind="main", code="SN")], [side("Woodstock", 3, kind="main", code="SN")]
    assert len(pair_renames(*two)) == 1
    assert pair_renames(*two, crowded=frozenset({two[1][0].fields})) == []


def test_a_deck_added_and_a_deck_removed(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    add_extras_deck(new, 'name = "text"\ncount = "count"\n', "name,count\nBlanket,2\nKite,1\n")
    extras = deck(diff_of(old, new), "extras")
    assert (extras.status, extras.old_total, extras.new_total) == ("added", None, 3)
    assert [(c.kind, c.name, c.copies) for c in extras.cards] == [("added", "Blanket", (0, 2)), ("added", "Kite", (0, 1))]
    back = deck(diff_of(new, old), "extras")
    assert (back.status, back.old_total, back.new_total) == ("removed", 3, None)
    assert [c.kind for c in back.cards] == ["removed", "removed"]


def test_a_deck_that_cannot_be_read_is_a_note_not_a_removal(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    (new / "kids.csv").unlink()
    diff = diff_of(old, new)
    assert [d.id for d in diff.decks] == ["gags"]
    assert diff.notes == ("deck 'kids' could not be read on the new side, so its cards are not compared "
                          "(see the findings)",)
    assert any(f.code == "M105" for f in diff.appeared) and diff.changed


def test_a_side_with_check_errors_still_compares(tmp_path):
    old = copy_pack(tmp_path / "a" / "gag-grab")
    new = copy_pack(tmp_path / "b" / "gag-grab")
    edit(new, "gags.csv", "Shortstop,3,SN x2", "Shortstop,3,SN x2 +")  # a syntax error
    diff = diff_of(old, new)
    assert any(f.code == "R400" and f.file == "gags.csv" and f.line == 4 for f in diff.appeared)
    assert [(c.name, c.changes[0].new) for c in diff.card_changes] == [("Shortstop", "SN x2 +")]


def test_a_large_group_compares_neighbours_only(monkeypatch):
    monkeypatch.setattr(compare_module, "MAX_GROUP_PAIRS", 6)
    monkeypatch.setattr(compare_module, "RENAME_WINDOW", 1)
    removed = [side(f"Old {i}", i, kind="main", code="x") for i in range(3)]
    added = [side(f"Old {i}!", i, kind="main", code="x") for i in range(3)]  # each alike all of them
    # 3 × 3 pairs: past the group's limit, so each card meets its neighbours by name and line only;
    # the like-named card on the same line is among them.
    assert [(r.name, a.name) for r, a in pair_renames(removed, added)] == [
        ("Old 0", "Old 0!"), ("Old 1", "Old 1!"), ("Old 2", "Old 2!")]
