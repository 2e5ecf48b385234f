"""Checks on claim requirements: unknown terms, wrong cost, never payable."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.findings import Finding
from ..model.pack import Card, ClaimRule, Deck, Pack
from ..requirements import Repeat, Requirement
from ..requirements.limits import MAX_TERM_HINTS
from ..model.payment import pay_alternative
from ..model.vocabulary import Vocabulary, pack_vocabulary


def check_requirements(pack: Pack) -> Iterator[Finding]:
    rule = pack.manifest.claims
    vocabulary = pack_vocabulary(pack)
    if rule is None or vocabulary is None or rule.deck not in pack.decks:
        return
    paying = pack.decks[rule.paid_from]
    whole_deck = _deck_as_hand(paying, rule.cost)
    hinted = 0  # unknown terms given a hint so far; MAX_TERM_HINTS bounds the guessing
    for card in pack.decks[rule.deck].cards:
        requirement = card.values.get(rule.column)
        if not isinstance(requirement, Requirement):
            continue
        unknown = list(_unknown_terms(card, rule, requirement, vocabulary, hinted < MAX_TERM_HINTS))
        hinted += len(unknown)
        yield from unknown
        for alternative in requirement.alternatives:
            slots = alternative.cards()
            first = alternative.term if isinstance(alternative, Repeat) else slots[0].options[0]
            where = card.cells[rule.column].location_at(first.span.start)
            if not rule.cost:
                continue
            if len(slots) != rule.cost:
                text = str(alternative)
                yield Finding("R402", f"'{text}' costs {len(slots)} card{'s' * (len(slots) != 1)}, "
                                      f"but a claim costs {rule.cost}", where,
                              f"write it with {rule.cost} card{'s' * (rule.cost != 1)}; [claims] cost sets what "
                              "every claim costs")
            elif not unknown and paying.complete and \
                    pay_alternative(alternative, whole_deck, vocabulary) is None:
                yield Finding("R403", f"no hand can pay '{alternative}': the {paying.spec.title} "
                                      "do not hold enough matching cards", where,
                              _shortage(alternative, vocabulary, paying))


def _unknown_terms(card: Card, rule: ClaimRule, requirement: Requirement,
                   vocabulary: Vocabulary, hint: bool = True) -> Iterator[Finding]:
    for term in requirement.terms():
        if vocabulary.resolve(term.name) is None:
            yield Finding("R401", f"unknown term '{_clipped(term.name)}'",
                          card.cells[rule.column].location_at(term.span.start),
                          vocabulary.hint_for(term.name) if hint else None)


def _clipped(text: str, most: int = 40) -> str:
    """A term short enough to quote; one may be hundreds of characters long."""
    return text if len(text) <= most else f"{text[:most - 1]}…"


def _deck_as_hand(deck: Deck, cost: int) -> list[str]:
    """Every card of the deck, as the largest hand anyone could hold.

    No payment uses more copies of one card than it has slots, so copies are
    capped at the claim cost to keep the matching small.
    """
    return [card.name for card in deck.cards for _ in range(min(card.count, max(cost, 1)))]


def _shortage(alternative, vocabulary: Vocabulary, deck: Deck) -> str | None:
    if isinstance(alternative, Repeat):
        names = vocabulary.resolve(alternative.term.name) or frozenset()
        have = sum(c.count for c in deck.cards if c.name in names)
        return f"it needs {alternative.count} cards matching '{alternative.term}' and the deck has {have}"
    return None


