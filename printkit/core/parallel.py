"""A pool of worker processes that hands back its results in the order of its tasks.

The commands' ``--workers N`` sets how many processes share the long, independent parts of a
command (laying out and linting card fronts; measuring pages' ink): ``use_workers`` keeps the
number for the length of the command, ``worker_count`` reads it. Whatever the number, the
results come back in task order, so output never depends on it.

Core imports nothing above itself: the work is named by module and function (imported in each
worker), as printkit.sim.run names its engine.
"""
from __future__ import annotations

import ctypes
import gc
import importlib
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from .signals import terminate_as_interrupt

MAX_WORKERS = 64  # --workers at most: far more than any machine here has cores
WINDOW = 4  # tasks handed to each worker ahead of the one awaited: work queued, memory bounded

_WORKERS: ContextVar[int | None] = ContextVar("printkit_workers", default=None)


@contextmanager
def use_workers(workers: int | None) -> Iterator[None]:
    """Within this block, ``worker_count`` allows ``workers`` processes (None: one per core)."""
    token = _WORKERS.set(workers)
    try:
        yield
    finally:
        _WORKERS.reset(token)


def worker_count(tasks: int) -> int:
    """How many processes to share ``tasks`` tasks among: the number asked for (one per core by
    default), no more than the tasks, and 1 inside a pool's worker, which may not start a pool."""
    wanted = _WORKERS.get() or os.cpu_count() or 1
    if multiprocessing.current_process().daemon:
        return 1
    return max(1, min(wanted, tasks, MAX_WORKERS))


# The worker's function, set once per process by _start.
_JOB: dict[str, Any] = {}


def _start(module: str, setup: str, function: str, args: tuple) -> None:
    # Ctrl-C reaches every process of the terminal's group: only the parent answers it, and ends
    # the workers (SIGTERM), which then stop quietly rather than through a handler they inherited
    # (printkit.core.signals turns SIGTERM into KeyboardInterrupt in the parent).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _end_with_parent()
    imported = importlib.import_module(module)
    getattr(imported, setup)(*args)
    _JOB["function"] = getattr(imported, function)


def _end_with_parent() -> None:
    """On Linux, have this worker ended (SIGTERM) should its parent be killed outright (SIGKILL), rather
    than left running with nobody to take its results."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass  # a libc without prctl: the worker ends when it next finds its pipe closed


PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _run(task: Any) -> Any:
    return _JOB["function"](task)


def ordered_map(module: str, function: str, tasks: Sequence[Any], workers: int, setup: str,
                args: tuple = ()) -> Iterator[Any]:
    """``module.function(task)`` of each task, in task order, computed by ``workers`` processes, each
    first running ``module.setup(*args)`` once. At most ``WINDOW`` tasks per worker are handed out
    beyond the result awaited, so results never pile up faster than they are taken. Closing the
    iterator early (or an exception, Ctrl-C included) ends the workers."""
    # A fork shares what the parent already holds (a loaded pack) without copying it over a pipe.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with terminate_as_interrupt():  # SIGTERM too ends the workers below, not only Ctrl-C
        # What the parent holds is frozen out of the collector's reach before the fork: else each
        # worker's collections walk (and so copy, page by page) the whole of the parent's heap.
        gc.freeze()
        try:
            pool = context.Pool(workers, _start, (module, setup, function, args))
        finally:
            gc.unfreeze()
        yield from _map(pool, tasks, workers)


def _map(pool: Any, tasks: Sequence[Any], workers: int) -> Iterator[Any]:
    try:
        pending: deque = deque()
        queued = iter(tasks)
        for task in _take(queued, workers * WINDOW):
            pending.append(pool.apply_async(_run, (task,)))
        while pending:
            result = pending.popleft().get()
            for task in _take(queued, 1):
                pending.append(pool.apply_async(_run, (task,)))
            yield result
        pool.close()
        pool.join()
    finally:
        pool.terminate()


def _take(tasks: Iterator[Any], count: int) -> Iterable[Any]:
    for _ in range(count):
        task = next(tasks, _END)
        if task is _END:
            return
        yield task


_END = object()
