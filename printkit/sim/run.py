"""Play many games of one engine, across processes, with results that do not depend on how many.

Game ``i`` for ``p`` players gets its own ``random.Random`` seeded from
(seed, p, i) through SHA-256, so a game is the same whichever process plays
it and in whatever order; the records come back sorted by index. Workers
receive the engine's module name and the prepared setup once, through the
pool's initializer, and then only (players, first, last) ranges of games.

Bots against bots (``--bots greedy,random``): the bots listed make a line-up of
one bot per seat, the list repeated as often as it takes to fill the seats
(4 players, greedy,random: greedy, random, greedy, random; a list of exactly
as many bots as players is the line-up as given). Game ``i`` turns that
line-up by ``i`` seats (``lineup``), so over every ``players`` games in a row
each entry of the line-up sits once in each seat: every bot sits in every seat
equally often, and a seat's advantage weighs on no bot more than another.
"""
from __future__ import annotations

import hashlib
import importlib
import os
import random
import signal
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from ..core.errors import PrintkitError
from ..games.records import GameRecord

CHUNK = 64  # games per task at most: small enough to spread the work, large enough to keep pickling cheap
Progress = Callable[[int, int], None]  # (games done, games in all)


class OverBudget(PrintkitError):
    """The games need more than ``budget`` steps in all (see ``steps_per_turn``): stopped, with no result.

    Whether a run is over its budget depends only on the games (each seeded
    on its own), never on the time taken or the number of workers.
    """

    def __init__(self, budget: int):
        super().__init__(budget)
        self.budget = budget


def steps_per_turn(engine: ModuleType | Any, setup: Any, bot: str) -> int:
    """What one turn of ``bot`` costs, in steps: the engine's own measure (a board game's spaces, which
    its bots look over each turn), else 1."""
    measure = getattr(engine, "steps_per_turn", None)
    return max(1, measure(setup, bot)) if measure is not None else 1


def lineup(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot in each seat of game ``index``: ``bots`` repeated to fill the seats, turned by ``index`` seats
    (seat s gets entry (s + index) mod ``players`` of the filled line-up; see the module's docstring)."""
    filled = [bots[s % len(bots)] for s in range(players)]
    return tuple(filled[(s + index) % players] for s in range(players))


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of the ``players``-player games of a run seeded ``seed``."""
    digest = hashlib.sha256(f"printkit-simulate:{seed}:{players}:{index}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def play_games(engine: ModuleType | Any, setup: Any, players: int, bots: Sequence[str], seed: int,
               first: int, last: int, budget: int | None = None) -> list[GameRecord]:
    """Games ``first`` to ``last - 1`` of the ``players``-player games, in order, game i seated by
    ``lineup(bots, players, i)``; OverBudget as soon as they alone take more than ``budget`` steps."""
    bots, steps = tuple(bots), 0
    weight = max(steps_per_turn(engine, setup, bot) for bot in set(bots))  # the costliest bot bounds a turn
    records = []
    for i in range(first, last):
        seated = lineup(bots, players, i)
        records.append(engine.play(setup, players, seated, random.Random(game_seed(seed, players, i))))
        steps += records[-1].turns * weight
        if budget is not None and steps > budget:
            raise OverBudget(budget)
    return records


# The worker's engine and setup, set once per process by _start_worker.
_WORKER: dict[str, Any] = {}


def _start_worker(module: str, setup: Any, budget: int | None) -> None:
    # A worker ends when the pool ends it (SIGTERM), quietly: not through a handler it inherited from the
    # parent (simulate --against keeps a git checkout there, removed on SIGTERM).
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _WORKER["engine"] = importlib.import_module(module)
    _WORKER["setup"] = setup
    _WORKER["budget"] = budget


def _work(task: tuple[int, tuple[str, ...], int, int, int]) -> tuple[int, int, list[GameRecord]]:
    players, bots, seed, first, last = task
    return players, first, play_games(_WORKER["engine"], _WORKER["setup"], players, bots, seed, first, last,
                                      _WORKER["budget"])


def chunks(games: int, player_counts: Sequence[int], size: int = CHUNK) -> list[tuple[int, int, int]]:
    """(players, first, last) ranges covering every game of every player count."""
    return [(p, first, min(first + size, games)) for p in player_counts for first in range(0, games, size)]


def bots_to_seat(engine: ModuleType | Any, bot: str | Sequence[str] | None, player_counts: Sequence[int]) -> tuple[str, ...]:
    """The bots to seat, as a tuple: ``bot`` alone (in every seat), the list given, or the engine's first
    bot; a ValueError names a bot the engine lacks, or a list longer than the fewest players asked for."""
    bots = (bot,) if isinstance(bot, str) else tuple(bot or (engine.bots[0],))
    for b in bots:
        if b not in engine.bots:
            raise ValueError(f"the {engine.name} engine has no bot '{b}'; it has {', '.join(engine.bots)}")
    fewest = min(player_counts, default=len(bots))
    if len(bots) > fewest:
        raise ValueError(f"{len(bots)} bots listed for {fewest}-player games: at most one bot per seat")
    return bots


def simulate(pack: Any, engine: ModuleType, games: int, player_counts: Sequence[int],
             bot: str | Sequence[str] | None, seed: int, workers: int | None = None,
             progress: Progress | None = None, setup: Any = None,
             budget: int | None = None) -> dict[int, list[GameRecord]]:
    """``games`` games for each player count, every seat played by ``bot`` (the engine's first by default),
    or, when ``bot`` is a list of bots, by those bots rotated through the seats (see ``lineup``).

    ``workers`` processes share the games (``os.cpu_count()`` by default; 1
    plays them here). ``setup`` skips ``engine.prepare(pack)`` when the
    caller already has it. The result maps each player count to its records
    in game order, identical for any number of workers. With ``budget``,
    OverBudget is raised once the games played take more than that many
    steps in all (so the whole run would too), which bounds the work.
    """
    bots = bots_to_seat(engine, bot, player_counts)
    if setup is None:
        setup = engine.prepare(pack)
    tasks = chunks(games, player_counts)
    total = games * len(player_counts)
    workers = max(1, min(workers or os.cpu_count() or 1, len(tasks)))
    if workers > 1:
        import multiprocessing

        if multiprocessing.current_process().daemon:
            workers = 1  # a pool's worker (a build run by a pool, say) may not start processes of its own
    found: dict[tuple[int, int], list[GameRecord]] = {}
    done, steps = 0, 0
    weight = max(steps_per_turn(engine, setup, b) for b in set(bots))

    def count(records: list[GameRecord]) -> None:
        nonlocal done, steps
        done += len(records)
        steps += sum(r.turns for r in records) * weight
        if budget is not None and steps > budget:
            raise OverBudget(budget)
        if progress:
            progress(done, total)

    if workers == 1:
        for players, first, last in tasks:
            found[players, first] = play_games(engine, setup, players, bots, seed, first, last, budget)
            count(found[players, first])
    else:
        jobs = [(players, bots, seed, first, last) for players, first, last in tasks]
        with multiprocessing.Pool(workers, _start_worker, (engine.__name__, setup, budget)) as pool:
            for players, first, records in pool.imap_unordered(_work, jobs):
                found[players, first] = records
                count(records)  # OverBudget leaves the block, which stops the other workers
    return {p: [r for first in range(0, games, CHUNK) for r in found[p, first]] for p in player_counts}
