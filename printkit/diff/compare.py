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
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

from ..faces.base import front_key
from ..core.findings import Finding
from ..model.pack import NAME_COLUMN, Card, Deck, Pack
from ..core.packpath import OutsidePack, inside_pack, regular_file
from ..faces.aid import AID_DECK as AID
from .drawing import Drawing, PackDrawings
from .sources import Sources, evident

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
    drawing: Drawing | None = field(default=None, compare=False, repr=False)  # its front, None if it prints none
    dropped: bool = False  # a row repeating a name (or other unique value) already used: it prints nowhere
    first_line: int = 0  # for a dropped row, the line of the first card of its name (0: another value repeats)


@dataclass(frozen=True)
class CardChange:
    kind: str  # one of KINDS
    deck: str
    old: CardSide | None  # None for "added"
    new: CardSide | None  # None for "removed"
    changes: tuple[FieldChange, ...] = ()  # fields that differ, for "changed" and "renamed"
    redrawn: bool = False  # the front prints differently ("changed" and "renamed")
    causes: tuple[str, ...] = ()  # what made the drawing change, past the fields: a key, a file, ...

    @property
    def name(self) -> str:
        return self.side.name

    @property
    def side(self) -> CardSide:
        """The card as it is now, or as it was for a removed card."""
        return self.now if self.new is not None else self.was

    @property
    def was(self) -> CardSide:
        """The old side, for the kinds that have one (all but "added")."""
        if self.old is None:
            raise ValueError(f"an {self.kind} card has no old side")
        return self.old

    @property
    def now(self) -> CardSide:
        """The new side, for the kinds that have one (all but "removed")."""
        if self.new is None:
            raise ValueError(f"a {self.kind} card has no new side")
        return self.new

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
    back: tuple[str, ...] = ()  # the deck's back prints differently: its causes (never empty then)

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
    status: str = "changed"  # "added" or "removed" for a pack only one side has, else "changed"
    sources: Sources = Sources((), ())  # game.toml and layout keys, and other files, that differ

    def count(self, kind: str) -> int:
        return sum(d.count(kind) for d in self.decks)

    @property
    def card_changes(self) -> tuple[CardChange, ...]:
        return tuple(c for d in self.decks for c in d.cards)

    @property
    def changed(self) -> bool:
        return bool(self.card_changes or self.appeared or self.gone or self.notes or self.status != "changed"
                    or any(d.status != "same" or d.total_moved or d.back for d in self.decks))


NO_DRAWINGS = (None, None)


def compare(old: Pack | None, new: Pack | None, old_findings: list[Finding] | tuple[Finding, ...],
            new_findings: list[Finding] | tuple[Finding, ...], old_label: str, new_label: str,
            drawings: tuple[PackDrawings | None, PackDrawings | None] = NO_DRAWINGS,
            sources: Sources = Sources((), ()), name: str = "") -> PackDiff:
    """Everything that differs between two loaded versions of one pack; a side that is None has no
    such pack (every card of the other is added or removed). With ``drawings`` (one PackDrawings a
    side), what each card prints is compared too, and ``sources`` name the causes."""
    decks, notes = compare_decks(old, new, drawings, sources)
    either = new or old
    assert either is not None, "a pack on one side at least"
    appeared, gone = compare_findings(old_findings, old.root if old else either.root,
                                      new_findings, new.root if new else either.root)
    fallback = tuple(dict.fromkeys((new.manifest.fonts.fallback if new else ()) +
                                   (old.manifest.fonts.fallback if old else ())))
    status = "added" if old is None else "removed" if new is None else "changed"
    return PackDiff(name or either.root.name, either.manifest.title, old_label, new_label, decks, appeared, gone,
                    notes, fallback, status, sources)


def compare_decks(old: Pack | None, new: Pack | None,
                  drawings: tuple[PackDrawings | None, PackDrawings | None] = NO_DRAWINGS,
                  sources: Sources = Sources((), ())) -> tuple[tuple[DeckDiff, ...], tuple[str, ...]]:
    """Deck diffs in the new manifest's order, then decks only the old one has, then the player
    aids when they print differently; and notes."""
    old_ids = [s.id for s in old.manifest.decks] if old else []
    new_ids = [s.id for s in new.manifest.decks] if new else []
    old_decks = old.decks if old else {}
    new_decks = new.decks if new else {}
    diffs: list[DeckDiff] = []
    notes: list[str] = []
    for deck_id in new_ids + [d for d in old_ids if d not in new_ids]:
        before, after = old_decks.get(deck_id), new_decks.get(deck_id)
        unread = [side for side, ids, deck in (("old", old_ids, before), ("new", new_ids, after))
                  if deck_id in ids and deck is None]
        if unread:
            # A deck the manifest names but whose CSV could not be read is not "removed".
            notes.append(f"deck '{deck_id}' could not be read on the {' and '.join(unread)} "
                         f"side{'s' if len(unread) > 1 else ''}, so its cards are not compared (see the findings)")
            continue
        diffs.append(_deck_diff(deck_id, before, after, old.root if old else None, new.root if new else None,
                                drawings, sources))
    aid = _aid_diff(old, new, drawings, sources)
    if aid is not None:
        diffs.append(aid)
    return tuple(diffs), tuple(notes)


def _deck_diff(deck_id: str, before: Deck | None, after: Deck | None, old_root: Path | None,
               new_root: Path | None, drawings: tuple[PackDrawings | None, PackDrawings | None] = NO_DRAWINGS,
               sources: Sources = Sources((), ())) -> DeckDiff:
    either = after or before
    assert either is not None, "a deck on one side at least"
    title = either.spec.title
    columns = _columns(before, after)
    old_cards = _sides(before, columns, drawings[0])
    new_cards = _sides(after, columns, drawings[1])
    changes: list[CardChange] = []
    removed = [key for key in old_cards if key not in new_cards]
    added = [key for key in new_cards if key not in old_cards]
    pictures = _picture_columns(before, after)

    def change(kind: str, old: CardSide, new: CardSide) -> CardChange | None:
        fields = _field_changes(old, new)
        fields += _pictures_changed(old, new, fields, pictures, old_root, new_root)
        redrawn = _redrawn(old.drawing, new.drawing)
        # A new name explains a redrawn front as a field does.
        named = fields + ((FieldChange(NAME_COLUMN, old.name, new.name),) if old.name != new.name else ())
        causes = drawing_causes(old.drawing, new.drawing, named, sources) if redrawn else ()
        if fields or redrawn or kind == "renamed" or old.dropped != new.dropped:
            return CardChange(kind, deck_id, old, new, fields, redrawn, causes)
        return None

    for key, side in new_cards.items():
        if key in old_cards and (found := change("changed", old_cards[key], side)) is not None:
            changes.append(found)
    crowded = _crowded(old_cards.values()) | _crowded(new_cards.values())
    for r, a in pair_renames([old_cards[k] for k in removed], [new_cards[k] for k in added], crowded):
        if (renamed := change("renamed", r, a)) is not None:  # never None: a rename is a change
            changes.append(renamed)
    paired_old = {id(c.old) for c in changes if c.kind == "renamed"}
    paired_new = {id(c.new) for c in changes if c.kind == "renamed"}
    changes += [CardChange("added", deck_id, None, new_cards[k]) for k in added if id(new_cards[k]) not in paired_new]
    changes += [CardChange("removed", deck_id, old_cards[k], None) for k in removed
                if id(old_cards[k]) not in paired_old]
    changes.sort(key=lambda c: (KINDS.index(c.kind), c.side.line))
    status = "added" if before is None else "removed" if after is None else "changed" if changes else "same"
    back: tuple[str, ...] = ()
    if before is not None and after is not None and drawings[0] and drawings[1]:
        old_back, new_back = drawings[0].backs.get(deck_id), drawings[1].backs.get(deck_id)
        if _redrawn(old_back, new_back):
            back = drawing_causes(old_back, new_back, (), sources)
    if status == "same" and back:
        status = "changed"
    return DeckDiff(deck_id, title, status, before.total if before else None, after.total if after else None,
                    tuple(changes), back)


def _redrawn(old: Drawing | None, new: Drawing | None) -> bool:
    """Whether a side prints differently: a digest that differs, or a side that prints only now or
    no longer (its deck gained or lost a face)."""
    return (old is None) != (new is None) or (old is not None and new is not None and old.digest != new.digest)


MAX_CAUSES = 5  # keys named as the cause of one drawing; the rest are counted


def drawing_causes(old: Drawing | None, new: Drawing | None, fields: tuple[FieldChange, ...],
                   sources: Sources) -> tuple[str, ...]:
    """What made a drawing change, past the CSV ``fields``: pictures it draws whose bytes changed, a
    pack font, the game.toml and layout keys whose values it shows (else, when nothing else explains
    the change, every key that changed); "drawing changed" when nothing is known."""
    causes: list[str] = []
    if old is not None and new is not None:
        shown = {f.old for f in fields if f.new.endswith(PICTURE_CHANGED)}
        before = dict(old.pictures)
        causes += [f"picture {name}" for name, digest in new.pictures
                   if name in before and before[name] != digest and name not in shown]
        if old.fonts != new.fonts:
            fonts = [f for f in sources.files if f.lower().endswith((".ttf", ".otf"))]
            causes += [f"font {f}" for f in fonts] or ["a font of the pack"]
    evidence = [k for k in sources.keys if evident(k, (old.texts, old.colours) if old else None,
                                                   (new.texts, new.colours) if new else None)]
    keys = evidence or ([] if causes or fields else list(sources.keys))
    causes += [str(k) for k in keys[:MAX_CAUSES]]
    if len(keys) > MAX_CAUSES:
        causes.append(f"{len(keys) - MAX_CAUSES} more keys")
    if not keys and not causes and not fields and sources.files:
        causes += [f"file {f}" for f in sources.files[:MAX_CAUSES]]
    if not causes and not fields:
        causes.append("drawing changed")
    return tuple(causes)


def _aid_diff(old: Pack | None, new: Pack | None, drawings: tuple[PackDrawings | None, PackDrawings | None],
              sources: Sources) -> DeckDiff | None:
    """The player aids as a deck of one card, when they print differently (or on one side only)."""
    a, b = drawings
    if a is None and b is None:
        return None
    sides = []
    for pack, side in ((old, a), (new, b)):
        aid = pack.manifest.player_aid if pack is not None and side is not None and side.aid else None
        sides.append(CardSide(aid.title, 0, aid.copies, (), AID, side.aid) if aid and side else None)
    before, after = sides
    if before is None and after is None:
        return None
    old_back, new_back = (a.backs.get(AID) if a else None), (b.backs.get(AID) if b else None)
    if before is None or after is None:
        kind = "added" if before is None else "removed"
        return DeckDiff(AID, "Player aids", kind, before.copies if before else None, after.copies if after else None,
                        (CardChange(kind, AID, before, after),))
    redrawn = _redrawn(before.drawing, after.drawing)
    back = drawing_causes(old_back, new_back, (), sources) if _redrawn(old_back, new_back) else ()
    copies = ((FieldChange("copies", str(before.copies), str(after.copies)),)
              if before.copies != after.copies else ())
    if not (redrawn or back or copies):
        return None
    cards = (CardChange("changed", AID, before, after, copies, redrawn,
                        drawing_causes(before.drawing, after.drawing, (), sources) if redrawn else ()),) \
        if redrawn or copies else ()
    return DeckDiff(AID, "Player aids", "changed", before.copies, after.copies, cards, back)


def _columns(*decks: Deck | None) -> tuple[str, ...]:
    """Every column either side declares (the new side's order first), the name left out."""
    seen: dict[str, None] = {}
    for deck in reversed(decks):
        if deck is not None:
            for column in deck.spec.columns:
                if column.name != NAME_COLUMN:
                    seen.setdefault(column.name)
    return tuple(seen)


def _sides(deck: Deck | None, columns: tuple[str, ...],
           drawings: PackDrawings | None = None) -> dict[tuple[str, int], CardSide]:
    """The deck's cards keyed by (name, n-th card of that name), rows left out as repeats too."""
    if deck is None:
        return {}
    seen: Counter[str] = Counter()
    first: dict[str, int] = {}
    cards: dict[tuple[str, int], CardSide] = {}
    dropped = {id(c) for c in deck.dropped}
    rows = sorted(deck.cards + deck.dropped, key=lambda c: c.line) if deck.dropped else deck.cards
    for card in rows:
        drawing = drawings.fronts.get((deck.id, card.line)) if drawings else None
        gone = id(card) in dropped
        cards[(card.name, seen[card.name])] = card_side(card, columns, drawing, gone,
                                                        first.get(card.name, 0) if gone else 0)
        seen[card.name] += 1
        first.setdefault(card.name, card.line)
    return cards


def card_side(card: Card, columns: tuple[str, ...], drawing: Drawing | None = None, dropped: bool = False,
              first_line: int = 0) -> CardSide:
    fields = tuple((c, card.cells[c].text if c in card.cells else "") for c in columns)
    return CardSide(card.name, card.line, card.count, fields, front_key(card), drawing, dropped, first_line)


def _field_changes(old: CardSide, new: CardSide) -> tuple[FieldChange, ...]:
    before = dict(old.fields)
    return tuple(FieldChange(c, before.get(c, ""), text) for c, text in new.fields if before.get(c, "") != text)


PICTURE_CHANGED = " (picture changed)"  # added to the new text of an image cell whose file changed


def _picture_columns(*decks: Deck | None) -> frozenset[str]:
    return frozenset(c.name for d in decks if d is not None for c in d.spec.columns if c.type == "image")


def _pictures_changed(old: CardSide, new: CardSide, fields: tuple[FieldChange, ...], pictures: frozenset[str],
                      old_root: Path | None, new_root: Path | None) -> tuple[FieldChange, ...]:
    """A change for each picture cell written the same on both sides whose file differs: a redrawn
    picture is a card change too, though the CSV does not show it."""
    if old_root is None or new_root is None:  # a side without the pack has no files to compare
        return ()
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

    Only cards that can pair are compared: those with every other field equal,
    or all but the same one (``_rename_groups``), and in a group larger than
    ``MAX_GROUP_PAIRS`` only neighbours (``_neighbours``), so the work grows
    with the number of cards, not with its square.
    """
    if not removed or not added:
        return []
    candidates, seen = [], set()
    settled: tuple[set[int], set[int]] = (set(), set())  # cards with a like-named match on every field
    for group_r, group_a, differing in _rename_groups(removed, added):
        for i, j in _neighbours(group_r, group_a, removed, added, settled):
            if (i, j) in seen:
                continue
            seen.add((i, j))
            r, a = removed[i], added[j]
            d = differing(r, a)
            others = len(a.fields)
            likeness = name_likeness(r.name, a.name)
            alike = likeness >= NEAR_NAME
            if (d == 0 and (alike or (others >= 2 and a.fields not in crowded))) or \
                    (d == 1 and others >= 2 and alike):
                candidates.append((d, -likeness, i, j))
                if d == 0 and alike:
                    settled[0].add(i)
                    settled[1].add(j)
    pairs, used_r, used_a = [], set(), set()
    for _, _, i, j in sorted(candidates):
        if i not in used_r and j not in used_a:
            used_r.add(i)
            used_a.add(j)
            pairs.append((removed[i], added[j]))
    return pairs


# A group of cards that may pair (removed × added) up to this size is compared pair by pair; in a
# larger one each removed card is compared with the RENAME_WINDOW added cards nearest its name and
# nearest its line, either way: a deck of 2,000 cards all renamed pairs in about a second.
MAX_GROUP_PAIRS = 400
RENAME_WINDOW = 5


def _rename_groups(removed: list[CardSide], added: list[CardSide]):
    """(removed indices, added indices, differing(r, a)) for each group of cards that could pair: every
    other field equal, or every one but the k-th (only with two fields or more)."""
    def group(cards: list[CardSide], k: int | None) -> dict[tuple, list[int]]:
        groups: dict[tuple, list[int]] = {}
        for n, card in enumerate(cards):
            if k is None:
                groups.setdefault(card.fields, []).append(n)
            elif len(card.fields) > k:
                groups.setdefault(card.fields[:k] + card.fields[k + 1:], []).append(n)
        return groups

    width = max(len(c.fields) for c in (*removed, *added))
    def differing(k: int | None) -> Callable[[CardSide, CardSide], int]:
        return (lambda r, a: 0) if k is None else (lambda r, a: int(r.fields[k] != a.fields[k]))

    for k in (None, *(range(width) if width >= 2 else ())):
        olds, news = group(removed, k), group(added, k)
        for key, group_r in olds.items():
            if key in news:
                yield group_r, news[key], differing(k)


def _neighbours(group_r: list[int], group_a: list[int], removed: list[CardSide], added: list[CardSide],
                settled: tuple[set[int], set[int]]):
    """(i, j) pairs of a group to compare: all of them in a small group; in a large one, near ones by name
    and by line, leaving out cards ``settled`` already (a like-named card with every field equal, which
    any pair found here would come after)."""
    if len(group_r) * len(group_a) <= MAX_GROUP_PAIRS:
        yield from ((i, j) for i in group_r for j in group_a)
        return
    group_r = [i for i in group_r if i not in settled[0]]
    group_a = [j for j in group_a if j not in settled[1]]
    for key in (lambda c: c.name.casefold(), lambda c: c.line):
        order = sorted(group_a, key=lambda j: key(added[j]))
        keys = [key(added[j]) for j in order]
        for i in group_r:
            at = bisect_left(keys, key(removed[i]))
            yield from ((i, j) for j in order[max(0, at - RENAME_WINDOW):at + RENAME_WINDOW])


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
