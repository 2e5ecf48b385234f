"""Load a pack folder: its manifest, then each deck's CSV file."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..core.findings import Finding
from ..core.packpath import MAX_PATH, OutsidePack, clipped, inside_pack, regular_file
from ..core.suggest import did_you_mean
from .decks import load_deck
from .manifest import MANIFEST_NAME, load_manifest
from .pack import COPIES_COLUMN, MAX_DECK_CARDS, MAX_DECKS, MAX_PACK_CARDS, Card, Deck, Pack


def load_pack(root: Path) -> tuple[Pack | None, list[Finding]]:
    """The pack at ``root`` and everything found wrong while reading it.

    A pack past MAX_DECKS decks or MAX_PACK_CARDS cards in all is not loaded (None, with a C210 at the
    deck or row that passes the limit): checking it would take minutes, so it stops here, before the
    decks after that one are even read."""
    manifest, findings = load_manifest(root / MANIFEST_NAME)
    if manifest is None:
        return None, findings
    if len(manifest.decks) > MAX_DECKS:
        extra = manifest.decks[MAX_DECKS]
        findings.append(Finding("C210", f"deck '{extra.id}' is deck {MAX_DECKS + 1} of {len(manifest.decks):,}; "
                                        f"a pack may hold at most {MAX_DECKS} decks", extra.location,
                                "split the game into several packs, or merge decks that share their columns"))
        return None, findings
    decks: dict[str, Deck] = {}
    total = 0  # cards in the decks loaded so far
    for spec in manifest.decks:
        try:
            path = inside_pack(root, spec.file, "deck files")
        except OutsidePack as exc:
            findings.append(Finding("M104", f"deck file: {exc}", spec.location,
                                    "name a file inside the pack, such as 'cards.csv'"))
            continue
        if not path.exists():
            findings.append(Finding("M105", f"deck '{spec.id}' names '{clipped(spec.file)}', which does not exist",
                                    spec.location, _nearby_csv(root, spec.file)))
            continue
        if not regular_file(path):
            findings.append(Finding("M105", f"deck '{spec.id}' names '{clipped(spec.file)}', which is not a regular file",
                                    spec.location))
            continue
        deck, more = load_deck(spec, root / spec.file)
        findings.extend(more)
        if deck is not None:
            deck = _capped(deck, findings)
            decks[spec.id] = deck
            past = _past_pack_limit(deck, total)
            if past is not None:
                findings.append(past)
                return None, findings
            total += deck.total
    return Pack(root.name, root, manifest, decks), findings


def too_many_cards(root: Path, most: int, limit: str, advice: str, count_dropped: bool = False) -> str | None:
    """Why the pack at ``root`` holds too many distinct cards (CSV rows; repeated rows too with
    ``count_dropped``) for a command that takes at most ``most``: located at its largest deck, saying
    ``limit`` (formatted with ``most``) and ``advice``. None when it does not, or cannot be read (its
    check says why). Counted from the loaded rows, before any card is checked or drawn."""
    pack, _ = load_pack(root)
    if pack is None or not pack.decks:
        return None
    cards = sum(len(deck.cards) + (len(deck.dropped) if count_dropped else 0) for deck in pack.decks.values())
    if cards <= most:
        return None
    largest = max(pack.decks.values(), key=lambda deck: len(deck.cards))
    where = largest.spec.location
    kind = "cards" if count_dropped else "distinct cards"
    return (f"{where.file.name}:{where.line}:{where.column}: the pack's {len(pack.decks)} decks hold {cards:,} "
            f"{kind}, and {limit.format(most=most)}; {advice} (the largest deck, '{largest.id}', has "
            f"{len(largest.cards):,})")


def _copies_cell(card: Card):
    """Where a card's copies are given (its name, with no copies column)."""
    return card.cells[COPIES_COLUMN].location if COPIES_COLUMN in card.cells else card.location()


def _past_pack_limit(deck: Deck, before: int) -> Finding | None:
    """A C210 at the row of ``deck`` where the pack's cards (``before`` in the decks before it) pass
    MAX_PACK_CARDS; None while they stay within it."""
    total = before
    for card in deck.cards:
        total += card.count
        if total > MAX_PACK_CARDS:
            return Finding("C210", f"the pack comes to more than {MAX_PACK_CARDS:,} cards by this row of deck "
                                   f"'{deck.id}'; a pack may hold at most {MAX_PACK_CARDS:,} in all its decks",
                           _copies_cell(card), "split the game into several packs")
    return None


def _capped(deck: Deck, findings: list[Finding]) -> Deck:
    """The deck, with copies past MAX_DECK_CARDS cut to one each and a C210 where the total passes it."""
    total = 0
    for i, card in enumerate(deck.cards):
        total += card.count
        if total > MAX_DECK_CARDS:
            where = _copies_cell(card)
            findings.append(Finding("C210", f"deck '{deck.id}' comes to more than {MAX_DECK_CARDS:,} cards "
                                            f"by this row; a deck may hold at most {MAX_DECK_CARDS:,}", where))
            cards = deck.cards[:i] + tuple(replace(c, count=1) for c in deck.cards[i:])
            return replace(deck, cards=cards, complete=False)
    return deck


def _nearby_csv(root: Path, wanted: str) -> str | None:
    if len(wanted) > MAX_PATH:
        return None
    return did_you_mean(wanted, sorted(p.name for p in root.glob("*.csv")))
