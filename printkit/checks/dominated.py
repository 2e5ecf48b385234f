"""N604: claim cards that another card beats with every hand that pays them (see printkit.model.dominance)."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.findings import Finding
from ..model.dominance import dominated, hands, paying_hands
from ..model.pack import Card, Pack
from ..model.vocabulary import pack_vocabulary
from ..requirements import Requirement

NAMES_SHOWN = 3  # dominating cards named in one finding


def check_dominated(pack: Pack) -> Iterator[Finding]:
    """A warning at each dominated card's row of the claimed deck, naming what beats it."""
    rule = pack.manifest.claims
    vocabulary = pack_vocabulary(pack)
    if rule is None or vocabulary is None or rule.deck not in pack.decks or rule.paid_from not in pack.decks:
        return
    deck = pack.decks[rule.deck]
    face = deck.spec.face
    column = face.roles.get("points") if face is not None else None
    if column is None and deck.spec.column("points") is not None:
        column = "points"  # a deck with no face yet: its 'points' column, by name
    if column is None:
        return  # no worth to compare
    cards = deck.cards
    requirements = [card.values.get(rule.column) for card in cards]
    points = [p for card in cards if isinstance(p := card.values.get(column), int)]
    if not all(isinstance(r, Requirement) and all(vocabulary.resolve(t.name) is not None for t in r.terms())
               for r in requirements) or len(points) != len(cards):
        return  # a broken requirement or value is reported where it is; comparing would mislead
    copies: dict[str, int] = {}
    for card in pack.decks[rule.paid_from].cards:
        copies[card.name] = copies.get(card.name, 0) + card.count
    deal = hands(copies, rule.cost)
    if deal is None:
        return  # too many hands to compare (see MAX_HANDS)
    paying = paying_hands([r for r in requirements if isinstance(r, Requirement)], deal, vocabulary)
    worth: dict[str, tuple[Card, int, frozenset]] = {}
    for card, p, pays in zip(cards, points, paying):
        worth.setdefault(card.name, (card, p, pays))
    beaten = dominated((name, p, pays) for name, (_, p, pays) in worth.items())
    unit = face.label(column) if face is not None else column
    for name, better in beaten.items():
        card, p, _ = worth[name]
        shown = ", ".join(f"{b} ({worth[b][1]})" for b in better[:NAMES_SHOWN])
        more = f" and {len(better) - NAMES_SHOWN} more" if len(better) > NAMES_SHOWN else ""
        yield Finding("N604", f"every hand that pays '{name}' ({unit}: {p}) also pays a card worth more: "
                              f"{shown}{more}", card.location(),
                      "players holding such a hand would rather claim the other card; give this one more "
                      "points or a requirement of its own")
