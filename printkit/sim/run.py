"""Play many games of one engine, across processes, with results that do not depend on how many.

Game ``i`` for ``p`` players gets its own ``random.Random`` seeded from
(seed, p, i) through SHA-256, so a game is the same whichever process plays
it and in whatever order; the records come back sorted by index. Workers
receive the engine's module name and the prepared setup once, through the
pool's initializer, and then only (players, first, last) ranges of games.
"""
from __future__ import annotations

import hashlib
import importlib
import os
import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from ..games.records import GameRecord

CHUNK = 64  # games per task at most: small enough to spread the work, large enough to keep pickling cheap
Progress = Callable[[int, int], None]  # (games done, games in all)


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of the ``players``-player games of a run seeded ``seed``."""
    digest = hashlib.sha256(f"printkit-simulate:{seed}:{players}:{index}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def play_games(engine: ModuleType | Any, setup: Any, players: int, bots: Sequence[str], seed: int,
               first: int, last: int) -> list[GameRecord]:
    """Games ``first`` to ``last - 1`` of the ``players``-player games, in order."""
    bots = tuple(bots)
    return [engine.play(setup, players, bots, random.Random(game_seed(seed, players, i)))
            for i in range(first, last)]


# The worker's engine and setup, set once per process by _start_worker.
_WORKER: dict[str, Any] = {}


def _start_worker(module: str, setup: Any) -> None:
    _WORKER["engine"] = importlib.import_module(module)
    _WORKER["setup"] = setup


def _work(task: tuple[int, tuple[str, ...], int, int, int]) -> tuple[int, int, list[GameRecord]]:
    players, bots, seed, first, last = task
    return players, first, play_games(_WORKER["engine"], _WORKER["setup"], players, bots, seed, first, last)


def chunks(games: int, player_counts: Sequence[int], size: int = CHUNK) -> list[tuple[int, int, int]]:
    """(players, first, last) ranges covering every game of every player count."""
    return [(p, first, min(first + size, games)) for p in player_counts for first in range(0, games, size)]


def simulate(pack: Any, engine: ModuleType, games: int, player_counts: Sequence[int], bot: str | None,
             seed: int, workers: int | None = None, progress: Progress | None = None,
             setup: Any = None) -> dict[int, list[GameRecord]]:
    """``games`` games for each player count, every seat played by ``bot`` (the engine's first by default).

    ``workers`` processes share the games (``os.cpu_count()`` by default; 1
    plays them here). ``setup`` skips ``engine.prepare(pack)`` when the
    caller already has it. The result maps each player count to its records
    in game order, identical for any number of workers.
    """
    bot = bot or engine.bots[0]
    if bot not in engine.bots:
        raise ValueError(f"the {engine.name} engine has no bot '{bot}'; it has {', '.join(engine.bots)}")
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
    done = 0
    if workers == 1:
        for players, first, last in tasks:
            found[players, first] = play_games(engine, setup, players, (bot,) * players, seed, first, last)
            done += last - first
            if progress:
                progress(done, total)
    else:
        jobs = [(players, (bot,) * players, seed, first, last) for players, first, last in tasks]
        with multiprocessing.Pool(workers, _start_worker, (engine.__name__, setup)) as pool:
            for players, first, records in pool.imap_unordered(_work, jobs):
                found[players, first] = records
                done += len(records)
                if progress:
                    progress(done, total)
    return {p: [r for first in range(0, games, CHUNK) for r in found[p, first]] for p in player_counts}
