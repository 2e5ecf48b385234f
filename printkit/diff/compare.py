"""The model diff: two loaded versions of a pack, compared deck by deck and card by card.

Cards are matched by name (the n-th card of a name with the n-th, should a
pack repeat one). A removed and an added card of the same deck are paired
as a rename when their other fields agree, or all but one do and the names
look alike. Fields are compared as the cells are written, so the report
quotes the CSV. Findings are compared by (code, message), so a finding whose
line merely moved is not a change.
"""
from __future__ import annotations

import filecmp
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path

from ..faces.base import front_key
from ..findings import Finding
from ..model.pack import NAME_COLUMN, Card, Deck, Pack
from ..packpath import OutsidePack, inside_pack, regular_file

KINDS = ("changed", "renamed", "added", "removed")  # the order cards are reported in
NEAR_NAME = 0.5  # how alike two names must be (difflib ratio) for a near match to count as a rename


@dataclass(frozen=True)
class FieldChange:
    field: str
    old: str
    new: str


@dataclass(frozen=True)
class CardSide:
    """A card as one side has it: name, CSV line, copies, and each field's text as written."""

    name: str
    line: int
    copies: int
    fields: tuple[tuple[str, str], ...]  # (column, text), the deck's columns in order, name left out
    face: str  # the card's front face key (printkit.faces.front_key)


@dataclass(frozen=True)
class CardChange:
    kind: str  # one of KINDS
    deck: str
    old: CardSide | None  # None for "added"
    new: CardSide | None  # None for "removed"
    changes: tuple[FieldChange, ...] = ()  # fields that differ, for "changed" and "renamed"

    @property
    def name(self) -> str:
        return (self.new or self.old).name

    @property
    def copies(self) -> tuple[int, int]:
        """(old, new) copies; 0 on the side that lacks the card."""
        return (self.old.copies if self.old else 0, self.new.copies if self.new else 0)


@dataclass(frozen=True)
class DeckDiff:
    id: str
    title: str
    status: str  # "added", "removed", "changed" or "same"
    old_total: int | None  # copies in all; None on the side without the deck
    new_total: int | None
    cards: tuple[CardChange, ...]

    def count(self, kind: str) -> int:
        return sum(c.kind == kind for c in self.cards)

    @property
    def total_moved(self) -> bool:
        return self.old_total != self.new_total


@dataclass(frozen=True)
class FindingRef:
    """A finding as a report shows it: where relative to its pack folder."""

    code: str
    severity: str
    message: str
    file: str
    line: int
    column: int


@dataclass(frozen=True)
class PackDiff:
    pack: str  # the pack's folder name
    title: str  # the game's title (the new side's)
    old_label: str  # what OLD was, as the user named it
    new_label: str
    decks: tuple[DeckDiff, ...]
    appeared: tuple[FindingRef, ...]
    gone: tuple[FindingRef, ...]
    notes: tuple[str, ...] = ()  # decks that could not be compared, and why
    fallback: tuple[str, ...] = ()  # both sides' fallback font keys, for names drawn in the proof

    def count(self, kind: str) -> int:
        return sum(d.count(kind) for d in self.decks)

    @property
    def card_changes(self) -> tuple[CardChange, ...]:
        return tuple(c for d in self.decks for c in d.cards)

    @property
    def changed(self) -> bool:
        return bool(self.card_changes or self.appeared or self.gone or self.notes
                    or any(d.status != "same" or d.total_moved for d in self.decks))


def compare(old: Pack, new: Pack, old_findings: list[Finding] | tuple[Finding, ...],
            new_findings: list[Finding] | tuple[Finding, ...], old_label: str, new_label: str) -> PackDiff:
    """Everything that differs between two loaded versions of one pack."""
    decks, notes = compare_decks(old, new)
    appeared, gone = compare_findings(old_findings, old.root, new_findings, new.root)
    fallback = tuple(dict.fromkeys(new.manifest.fonts.fallback + old.manifest.fonts.fallback))
    return PackDiff(new.root.name, new.manifest.title, old_label, new_label, decks, appeared, gone, notes, fallback)


def compare_decks(old: Pack, new: Pack) -> tuple[tuple[DeckDiff, ...], tuple[str, ...]]:
    """Deck diffs in the new manifest's order, then decks only the old one has; and notes."""
    old_ids = [s.id for s in old.manifest.decks]
    new_ids = [s.id for s in new.manifest.decks]
    diffs: list[DeckDiff] = []
    notes: list[str] = []
    for deck_id in new_ids + [d for d in old_ids if d not in new_ids]:
        before, after = old.decks.get(deck_id), new.decks.get(deck_id)
        unread = [side for side, ids, deck in (("old", old_ids, before), ("new", new_ids, after))
                  if deck_id in ids and deck is None]
        if unread:
            # A deck the manifest names but whose CSV could not be read is not "removed".
            notes.append(f"deck '{deck_id}' could not be read on the {' and '.join(unread)} "
                         f"side{'s' if len(unread) > 1 else ''}, so its cards are not compared (see the findings)")
            continue
        diffs.append(_deck_diff(deck_id, before, after, old.root, new.root))
    return tuple(diffs), tuple(notes)


def _deck_diff(deck_id: str, before: Deck | None, after: Deck | None, old_root: Path, new_root: Path) -> DeckDiff:
    title = (after or before).spec.title
    columns = _columns(before, after)
    old_cards = _sides(before, columns)
    new_cards = _sides(after, columns)
    changes: list[CardChange] = []
    removed = [key for key in old_cards if key not in new_cards]
    added = [key for key in new_cards if key not in old_cards]
    pictures = _picture_columns(before, after)
    for key, side in new_cards.items():
        if key in old_cards:
            fields = _field_changes(old_cards[key], side)
            fields += _pictures_changed(old_cards[key], side, fields, pictures, old_root, new_root)
            if fields:
                changes.append(CardChange("changed", deck_id, old_cards[key], side, fields))
    crowded = _crowded(old_cards.values()) | _crowded(new_cards.values())
    for r, a in pair_renames([old_cards[k] for k in removed], [new_cards[k] for k in added], crowded):
        fields = _field_changes(r, a)
        fields += _pictures_changed(r, a, fields, pictures, old_root, new_root)
        changes.append(CardChange("renamed", deck_id, r, a, fields))
    paired_old = {id(c.old) for c in changes if c.kind == "renamed"}
    paired_new = {id(c.new) for c in changes if c.kind == "renamed"}
    changes += [CardChange("added", deck_id, None, new_cards[k]) for k in added if id(new_cards[k]) not in paired_new]
    changes += [CardChange("removed", deck_id, old_cards[k], None) for k in removed
                if id(old_cards[k]) not in paired_old]
    changes.sort(key=lambda c: (KINDS.index(c.kind), (c.new or c.old).line))
    status = "added" if before is None else "removed" if after is None else "changed" if changes else "same"
    return DeckDiff(deck_id, title, status, before.total if before else None, after.total if after else None,
                    tuple(changes))


def _columns(*decks: Deck | None) -> tuple[str, ...]:
    """Every column either side declares (the new side's order first), the name left out."""
    seen: dict[str, None] = {}
    for deck in reversed(decks):
        if deck is not None:
            for column in deck.spec.columns:
                if column.name != NAME_COLUMN:
                    seen.setdefault(column.name)
    return tuple(seen)


def _sides(deck: Deck | None, columns: tuple[str, ...]) -> dict[tuple[str, int], CardSide]:
    """The deck's cards keyed by (name, n-th card of that name)."""
    if deck is None:
        return {}
    seen: Counter[str] = Counter()
    cards: dict[tuple[str, int], CardSide] = {}
    for card in deck.cards:
        cards[(card.name, seen[card.name])] = card_side(card, columns)
        seen[card.name] += 1
    return cards


def card_side(card: Card, columns: tuple[str, ...]) -> CardSide:
    fields = tuple((c, card.cells[c].text if c in card.cells else "") for c in columns)
    return CardSide(card.name, card.line, card.count, fields, front_key(card))


def _field_changes(old: CardSide, new: CardSide) -> tuple[FieldChange, ...]:
    before = dict(old.fields)
    return tuple(FieldChange(c, before.get(c, ""), text) for c, text in new.fields if before.get(c, "") != text)


PICTURE_CHANGED = " (picture changed)"  # added to the new text of an image cell whose file changed


def _picture_columns(*decks: Deck | None) -> frozenset[str]:
    return frozenset(c.name for d in decks if d is not None for c in d.spec.columns if c.type == "image")


def _pictures_changed(old: CardSide, new: CardSide, fields: tuple[FieldChange, ...], pictures: frozenset[str],
                      old_root: Path, new_root: Path) -> tuple[FieldChange, ...]:
    """A change for each picture cell written the same on both sides whose file differs: a redrawn
    picture is a card change too, though the CSV does not show it."""
    changed = {f.field for f in fields}
    before = dict(old.fields)
    found = []
    for column, text in new.fields:
        if column in pictures and column not in changed and text and before.get(column) == text:
            if not same_file(old_root, new_root, text):
                found.append(FieldChange(column, text, text + PICTURE_CHANGED))
    return tuple(found)


def same_file(old_root: Path, new_root: Path, name: str) -> bool:
    """Whether ``name`` holds the same bytes in both pack folders; a file missing or outside either
    pack counts as the same (the findings tell of those)."""
    try:
        a, b = inside_pack(old_root, name), inside_pack(new_root, name)
        if not (regular_file(a) and regular_file(b)):
            return True
        return filecmp.cmp(a, b, shallow=False)
    except (OutsidePack, OSError):
        return True


def name_likeness(a: str, b: str) -> float:
    return SequenceMatcher(None, a.casefold(), b.casefold(), autojunk=False).ratio()


def _crowded(cards) -> frozenset[tuple[tuple[str, str], ...]]:
    """Field values that more than one card of a side shares: equal fields then tell nothing."""
    counts = Counter(c.fields for c in cards)
    return frozenset(fields for fields, n in counts.items() if n > 1)


def pair_renames(removed: list[CardSide], added: list[CardSide],
                 crowded: frozenset = frozenset()) -> list[tuple[CardSide, CardSide]]:
    """Removed and added cards that are one card renamed, best matches first.

    A pair counts when the names look alike and every other field is equal,
    or all but one of two or more. Without alike names, every other field
    must be equal, with at least two of them, and no other card on either
    side may have the same values (``crowded``): in a deck where many cards
    cost the same, an equal cost says nothing about which card it was.
    """
    if not removed or not added or len(removed) * len(added) > MAX_RENAME_PAIRS:
        return []
    candidates = []
    for i, r in enumerate(removed):
        for j, a in enumerate(added):
            differing = len(_field_changes(r, a))
            if differing > 1:
                continue
            others = len(a.fields)
            likeness = name_likeness(r.name, a.name)
            alike = likeness >= NEAR_NAME
            if (differing == 0 and (alike or (others >= 2 and a.fields not in crowded))) or \
                    (differing == 1 and others >= 2 and alike):
                candidates.append((differing, -likeness, i, j))
    pairs, used_r, used_a = [], set(), set()
    for _, _, i, j in sorted(candidates):
        if i not in used_r and j not in used_a:
            used_r.add(i)
            used_a.add(j)
            pairs.append((removed[i], added[j]))
    return pairs


# Pairing compares every removed card with every added one; a deck rewritten wholesale
# (more than 200 out and 200 in) is reported as removals and additions, in well under a second.
MAX_RENAME_PAIRS = 40_000


def compare_findings(old: list[Finding] | tuple[Finding, ...], old_root: Path,
                     new: list[Finding] | tuple[Finding, ...], new_root: Path
                     ) -> tuple[tuple[FindingRef, ...], tuple[FindingRef, ...]]:
    """(findings only the new side has, findings only the old side had), by (code, message) counted."""
    return _only_in(new, old, new_root), _only_in(old, new, old_root)


def _only_in(these, others, root: Path) -> tuple[FindingRef, ...]:
    left = Counter((f.code, f.message) for f in others)
    found = []
    for f in sorted(these, key=Finding.sort_key):
        key = (f.code, f.message)
        if left[key]:
            left[key] -= 1
        else:
            found.append(finding_ref(f, root))
    return tuple(found)


def finding_ref(f: Finding, root: Path) -> FindingRef:
    loc = f.location
    for path, folder in ((loc.file, root), (loc.file.resolve(), root.resolve())):
        try:
            file = path.relative_to(folder).as_posix()
            break
        except ValueError:
            continue
    else:
        file = loc.file.name
    return FindingRef(f.code, f.severity.value, f.message, file, loc.line, loc.column)
