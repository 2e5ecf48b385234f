"""Checks of deck composition against the counts the manifest expects."""
from __future__ import annotations

from collections.abc import Iterator

from ..core.findings import Finding
from ..model.pack import Pack


def check_composition(pack: Pack) -> Iterator[Finding]:
    for spec in pack.manifest.decks:
        deck = pack.decks.get(spec.id)
        if deck is None or not deck.complete:
            continue  # errors in the rows already explain any difference
        for expectation in spec.expectations:
            found = deck.measure(expectation)
            if found != expectation.expected:
                yield Finding(
                    "K500", f"deck '{spec.id}' should have {expectation.expected} "
                            f"{expectation.describe()}, but {deck.path.name} has {found}",
                    expectation.location,
                    "change the data, or this number if the game changed")
    board = pack.manifest.board
    deck = pack.decks.get(board.deck) if board else None
    if board is not None and deck is not None and deck.complete and deck.total < board.spaces:
        yield Finding("K501", f"the {board.columns}×{board.rows} board has {board.spaces} spaces "
                              f"but deck '{deck.id}' has only {deck.total} cards", board.location,
                      f"add cards to deck '{deck.id}', or make the board smaller ([board] columns and rows)")
