"""Card fronts laid out and face-linted by worker processes (``--workers``), handed back in order.

A pack of ``MIN_FRONTS`` fronts or more is cut into runs of ``CHUNK`` fronts in the order
LazyFronts lists them; each worker lays out a run and lints its faces (the costly part of
checking a front), and the results come back in that same order, so the checks that follow
(``FrontChecks.add``, which keeps first reports once per element) see exactly what one
process would. Smaller packs stay in one process: starting a pool costs more than it saves.

A front's parts point at its layout's elements, and the layout checks tell elements apart by
identity: the layouts and elements are therefore sent by their index in the pack, so the parent
gets back its own objects, not copies.
"""
from __future__ import annotations

import copyreg
import io
import pickle
from collections.abc import Callable, Generator
from typing import Any

from ..core.parallel import ordered_map, worker_count
from ..faces import FaceResult, LazyFronts
from ..model.designs import Element, Layout
from ..model.pack import Card, Pack
from .page_lint import PageProblem
from .pages import face_problems

MIN_FRONTS = 400  # distinct fronts from which a pool pays for itself (a few hundred cards)
CHUNK = 32  # fronts per task: enough to keep a task's overhead small, few enough to share them evenly

Laid = tuple[Card, FaceResult, "list[PageProblem] | None"]  # a front, and its face lint if a worker made it


def front_workers(fronts: int) -> int:
    """How many processes lay out ``fronts`` fronts: 1 below MIN_FRONTS, else as ``--workers`` says."""
    return 1 if fronts < MIN_FRONTS else worker_count(-(-fronts // CHUNK))


def laid_out(pack: Pack, lazy: LazyFronts) -> Generator[Laid, None, None]:
    """Every front of ``lazy`` with its card, in its order; laid out by workers past MIN_FRONTS,
    with each face's lint made there too (else None: the caller lints it)."""
    keys = list(lazy)
    workers = front_workers(len(keys))
    if workers == 1:
        for card, result in lazy.drawn():
            yield card, result, None
        return
    runs = [keys[n:n + CHUNK] for n in range(0, len(keys), CHUNK)]
    shared = _shared(pack)
    for run, data in zip(runs, ordered_map(__name__, "lay_out_run", runs, workers, "start_worker", (pack,))):
        for key, (result, problems) in zip(run, _loads(data, shared)):
            yield lazy.card(key), result, problems


class PooledFronts(LazyFronts):
    """LazyFronts whose fronts workers lay out ahead, in order (see ``laid_out``); ``on_draw(card,
    result, problems)`` hears of each with its face lint. A front asked for again is drawn here."""

    def __init__(self, pack: Pack, on_draw: Callable[..., None]):
        super().__init__(pack, on_draw)
        self._hear = on_draw
        self._stream = laid_out(pack, LazyFronts(pack))
        self._ready: dict[str, tuple[FaceResult, list[PageProblem] | None]] = {}

    def __getitem__(self, key: str) -> FaceResult:
        if key in self._heard or key not in self:
            return super().__getitem__(key)
        while key not in self._ready:
            card, result, problems = next(self._stream)
            self._ready[result.face.key] = (result, problems)
        result, problems = self._ready.pop(key)
        self._heard.add(key)
        self._hear(self.card(key), result, problems)
        return result

    def close(self) -> None:
        """End the workers (they end by themselves once every front was taken)."""
        self._stream.close()


def pooled_fronts(pack: Pack, on_draw: Callable[..., None], keep: int = 0) -> LazyFronts:
    """The fronts a build draws: a PooledFronts when ``--workers`` and the pack's size call for
    more than one process, else a LazyFronts keeping the first ``keep`` it draws (see LazyFronts;
    fronts the workers lay out are not kept: a second pass draws them again)."""
    lazy = LazyFronts(pack, on_draw, keep=keep)
    return PooledFronts(pack, on_draw) if front_workers(len(lazy)) > 1 else lazy


# -- in the workers -------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def start_worker(pack: Pack) -> None:
    _WORKER["pack"], _WORKER["fronts"] = pack, LazyFronts(pack)
    _WORKER["ids"] = {id(obj): n for n, obj in enumerate(_shared(pack))}


def lay_out_run(keys: list[str]) -> bytes:
    """The fronts of ``keys``, each with its face lint, pickled with the pack's layouts by index."""
    fronts, manifest = _WORKER["fronts"], _WORKER["pack"].manifest
    results = []
    for key in keys:
        result = fronts[key]
        results.append((result, face_problems(manifest, result.face)))
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    # Looked up by type, in C: only layouts and elements reach Python (a persistent_id would see every object).
    pickler.dispatch_table = {**copyreg.dispatch_table, Layout: _by_index, Element: _by_index}
    pickler.dump(results)
    return out.getvalue()


def _by_index(obj: Any) -> Any:
    index = _WORKER["ids"].get(id(obj))
    return obj.__reduce_ex__(pickle.HIGHEST_PROTOCOL) if index is None else (_shared_object, (index,))


def _shared_object(index: int) -> Any:
    """Unpickling in the parent: the parent's own layout or element at ``index`` (see ``_shared``)."""
    return _RECEIVING[index]


_RECEIVING: list[Any] = []  # the parent's layouts and elements, while it unpickles a run


def _shared(pack: Pack) -> list[Any]:
    """The pack's layouts and their elements, in an order every process finds alike."""
    return [obj for layout in pack.manifest.layouts.values() for obj in (layout, *layout.elements)]


def _loads(data: bytes, shared: list[Any]) -> list[tuple[FaceResult, list[PageProblem]]]:
    _RECEIVING[:] = shared
    try:
        return pickle.loads(data)
    finally:
        _RECEIVING.clear()
