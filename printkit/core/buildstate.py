"""What one build keeps while it runs, and forgets when it ends.

Between two builds in one process (``printkit build --watch``) a picture or
a pack's font may be replaced under the same file name, with the same size
and, on a fast save or a coarse file system, the same modification time. So
nothing read from a pack's files is cached for longer than one build (or
one check): each opens a BuildState, and such caches live in it. Kept for
the whole process is only what is keyed by content (a pack font's key is a
hash of its bytes; prepared pictures are found by the hash of theirs) or
ships with printkit (the bundled fonts).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar


_MISSING = object()


class Lru:
    """A mapping that keeps at most ``maxsize`` entries, forgetting the least recently used first."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.entries: dict = {}

    def get(self, key, default=None):
        found = self.entries.pop(key, _MISSING)
        if found is _MISSING:
            return default
        self.entries[key] = found  # last: the most recently used
        return found

    def put(self, key, value) -> None:
        self.entries.pop(key, None)
        if len(self.entries) >= self.maxsize:
            del self.entries[next(iter(self.entries))]
        self.entries[key] = value

    def __len__(self) -> int:
        return len(self.entries)


class BuildState:
    """The caches of one build: each per-build function's entries, and the pack fonts' bytes it read."""

    def __init__(self) -> None:
        self.caches: dict[Callable, Lru] = {}
        self.font_bytes: dict[str, bytes] = {}  # pack font key -> the bytes it was made from


_CURRENT: ContextVar[BuildState | None] = ContextVar("printkit_build_state", default=None)


def current_state() -> BuildState | None:
    """The state of the build running, None outside any."""
    return _CURRENT.get()


@contextmanager
def build_state() -> Iterator[BuildState]:
    """A fresh BuildState for the length of this block; or, inside one already open, that one
    (a build's check and its renders share one state)."""
    state = _CURRENT.get()
    if state is not None:
        yield state
        return
    state = BuildState()
    token = _CURRENT.set(state)
    try:
        yield state
    finally:
        _CURRENT.reset(token)


F = TypeVar("F", bound=Callable[..., Any])


def _entries(cached: Callable[..., Any], maxsize: int) -> "Lru | None":
    """The entries ``cached`` keeps in the build running (made at first use), None outside a build."""
    state = _CURRENT.get()
    if state is None:
        return None
    entries = state.caches.get(cached)
    if entries is None:
        entries = state.caches[cached] = Lru(maxsize)
    return entries


def per_build(maxsize: int) -> Callable[[F], F]:
    """Like functools.lru_cache(maxsize), with the entries kept in the build running; outside a
    build nothing is kept (each call computes afresh). Arguments must be hashable."""
    def decorate(function: F) -> F:
        @wraps(function)
        def cached(*args):
            entries = _entries(cached, maxsize)
            if entries is None:
                return function(*args)
            found = entries.get(args, _MISSING)
            if found is _MISSING:
                found = function(*args)  # an exception is not kept, as with lru_cache
                entries.put(args, found)
            return found
        return cached  # type: ignore[return-value]
    return decorate


def per_build_of(maxsize: int) -> Callable[[F], F]:
    """Like per_build, for arguments that are records a build never changes (a pack, a deck):
    found by identity, not by value, so they need not be hashable; each entry keeps its
    arguments, so an id is never taken for another object's."""
    def decorate(function: F) -> F:
        @wraps(function)
        def cached(*args):
            entries = _entries(cached, maxsize)
            if entries is None:
                return function(*args)
            key = tuple(map(id, args))
            found = entries.get(key)
            if found is None or any(a is not b for a, b in zip(found[0], args)):
                found = (args, function(*args))
                entries.put(key, found)
            return found[1]
        return cached  # type: ignore[return-value]
    return decorate
