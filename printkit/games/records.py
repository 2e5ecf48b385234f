"""The record of one game an engine returns, and what an engine may refuse or be limited by.

An engine is a module with ``name``, ``bots`` (the default first), ``prepare(pack)``, ``play(setup, players, bots,
rng)``, ``card_figures(setup, records)`` and ``figures(setup, records)``; the registry is ``printkit.games.registry``.
An engine that plays rule variants also has ``switches`` (the ``[[variants]]`` keys it honours, such as
``finish_round``) and ``vary(setup, switches)``, the setup with a variant's switches set."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..core.errors import PrintkitError


class Unplayable(PrintkitError, ValueError):
    """The pack declares something its engine cannot play (a claim cost it does not know, say): the
    message says what, for the user."""


@dataclass(frozen=True)
class CardEvent:
    """Something that happened to a card in one game, and on which turn (1 = the first turn of the game)."""

    card: str  # the card's name as in its CSV file
    event: str  # the engine's word for it: "claimed", "removed", "scored", "played"...
    turn: int
    seat: int = -1  # who did it (0 = the first player), -1 for nobody in particular


@dataclass(frozen=True)
class GameRecord:
    """One finished game: enough to compute every figure the report shows, and small to send between processes."""

    players: int
    scores: tuple[int, ...]  # final score of each seat; seat 0 played first, then clockwise
    winners: tuple[int, ...]  # the seats that share the win after the tie-breaks (usually one)
    turns: int  # player turns taken in all
    rounds: int  # rounds begun (a round is one turn of every player)
    events: tuple[CardEvent, ...] = ()
    # Game-wide counts the engine keeps: ("power:boost", 3), ("deck-reshuffled", 1), ("ended-by", "gags")...
    counts: tuple[tuple[str, int], ...] = ()
    truncated: bool = False  # stopped by the engine's turn limit rather than by the rules (a bug or a stalemate)


@dataclass(frozen=True)
class Limits:
    """Sizes a user controls in ``printkit simulate``, with their stated limits."""

    # Games in one run, every player count together: the records are kept for the report, up to
    # about 20 KB each in memory, so this caps a run near 400 MB.
    max_games: int = 20_000
    max_players_listed: int = 8
    max_turns: int = 2_000  # per game: a game still going after this many turns is stopped and marked truncated
    # Steps in one run, all games together: a turn counts as many steps as the engine says (a board's
    # spaces), so the work, not only the number of games, is bounded. 20,000 Gag Grab games on its 6×6
    # board take about 18 million; a 26×26 board reaches the limit in about 30,000 turns.
    max_steps: int = 20_000_000
    extra: Mapping[str, int] = field(default_factory=dict)
