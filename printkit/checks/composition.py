"""Checks of deck composition against the counts the manifest expects."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core.findings import Finding, Location
from ..games.claims.board import seating_problem
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
    if board is not None and pack.manifest.claims is not None:
        yield from _seating(pack)


def _seating(pack: Pack) -> Iterator[Finding]:
    """K502: every player count the game takes needs a start space per pawn (the claims engine's rule)."""
    m = pack.manifest
    yield from seating_findings(pack, range(m.min_players, m.max_players + 1))


def seating_findings(pack: Pack, counts: Iterable[int]) -> Iterator[Finding]:
    """K502, at the start spaces' key, for the smallest of ``counts`` whose pawns cannot each start on a
    space of their own; nothing for a pack without a board the claims engine plays."""
    m = pack.manifest
    if m.board is None or m.claims is None:
        return
    for players in sorted(counts):
        problem = seating_problem(m.board, players, players)
        if problem is not None:
            break
    else:
        return
    players, message = problem
    extra = m.board.extra_starts and 0 < m.board.extra_from_players
    key = ("board", "extra_starts") if extra and players >= m.board.extra_from_players else ("board", "starts")
    line, column = m.key_locations.get(key) or (m.board.location.line, m.board.location.column)
    yield Finding("K502", message, Location(m.board.location.file, line, column),
                  "add spaces to [board] starts (or to [board.extra_starts], from a number of players on), "
                  f"or take fewer players ([game] players, now {m.min_players} to {m.max_players})")
