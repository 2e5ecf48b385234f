"""``{{balance}}``: a paragraph of figures measured by simulating the pack, cached in the build's output folder.

A designer writes, in a paragraph of its own::

    {{balance players=4 games=500 bot=greedy seed=0}}

(every argument optional; ``variant=NAME`` plays one of the pack's
``[[variants]]``) and the build replaces it with a sentence or
three: win rate by seat, shared wins, game length and margin. Checking only
validates the arguments; building simulates, or reads the figures from
``<out>/<pack>/.printkit-balance.json`` when the pack's data, the arguments
and the simulator are unchanged.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from ..model.pack import Pack
from ..core.packpath import clipped
from ..core.suggest import did_you_mean
from .arguments import Arguments, Signature
from ..model.rules_generated import PlaceholderError
from ..model.rules_source import Paragraph, Run

SIMULATOR_VERSION = 1  # bump when the runner or the summary change what a figure means
CACHE_NAME = ".printkit-balance.json"
MAX_GAMES = 5_000  # a build simulates at most this many games per placeholder
# ...and at most this many steps (a turn counts the board's spaces, see printkit.sim.run): 5,000 Gag Grab
# games on its 6×6 board take about 4.5 million; on a 26×26 board the budget is about 7,400 turns (925 of
# the lookahead bot).
MAX_STEPS = 5_000_000
DEFAULT_GAMES = 500
MAX_ENTRIES = 16  # figures kept in the cache file (one per distinct placeholder)
MAX_CACHE_BYTES = 1 << 20  # a cache file longer than 16 entries make is not ours: measured again
USAGE = "{{balance players=4 games=500 bot=greedy seed=0}}"
SIGNATURE = Signature(f"{USAGE} (every argument optional; variant=NAME plays a [[variants]] entry)",
                      keywords=("players", "games", "bot", "seed", "variant"))


class BalanceCache:
    """Figures already measured in this build (``memo``) and in earlier ones (the file in ``folder``)."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.memo: dict[str, str] = {}

    def _path(self) -> Path | None:
        if self.folder is None:
            return None
        from ..core.output import target_in

        return target_in(self.folder, CACHE_NAME)

    def _entries(self) -> dict[str, str]:
        from ..core.output import read_plain

        path = self._path()
        try:  # a FIFO or a device there is refused (NotPlainFile), never read
            raw = read_plain(path, MAX_CACHE_BYTES) if path is not None else None
            data = json.loads(raw.decode("utf-8")) if raw is not None else {}
        except (OSError, ValueError):
            return {}  # no cache yet, or one we cannot read: simulate again
        entries = data.get("entries") if isinstance(data, dict) and data.get("version") == SIMULATOR_VERSION else None
        return {k: v for k, v in entries.items() if isinstance(v, str)} if isinstance(entries, dict) else {}

    def get(self, key: str) -> str | None:
        if key not in self.memo:
            found = self._entries().get(key)
            if found is None:
                return None
            self.memo[key] = found
        return self.memo[key]

    def put(self, key: str, text: str) -> None:
        self.memo[key] = text
        path = self._path()
        if path is None:
            return
        from ..core.output import OutputBusy, output_lock, write_files_atomically

        try:
            with output_lock(path.parent):  # read and rewritten by one build at a time
                entries = self._entries()
                entries.pop(key, None)
                entries[key] = text  # newest last; the oldest go first
                kept = dict(list(entries.items())[-MAX_ENTRIES:])
                data = json.dumps({"version": SIMULATOR_VERSION, "entries": kept}, indent=1, ensure_ascii=False)
                write_files_atomically({path: (data + "\n").encode("utf-8")})
        except (OSError, OutputBusy):
            pass  # the figures are still used; the next build measures them again


_CACHE: ContextVar[BalanceCache | None] = ContextVar("printkit_balance_cache", default=None)


@contextmanager
def balance_cache(folder: Path | None) -> Iterator[BalanceCache]:
    """Within this block, {{balance}} figures are kept in ``folder`` (a pack's output folder) and reused."""
    cache = BalanceCache(folder)
    token = _CACHE.set(cache)
    try:
        yield cache
    finally:
        _CACHE.reset(token)


def _arguments(pack: Pack, args: Arguments) -> dict:
    """The placeholder's arguments (read by SIGNATURE), checked against the pack and the limits; PlaceholderError if wrong."""
    from ..games.records import Unplayable
    from ..games.registry import NoEngine, engine_for

    try:
        engine = engine_for(pack)
        engine.prepare(pack)  # what the engine cannot play is said now, by 'printkit check' too
    except (NoEngine, Unplayable) as exc:
        raise PlaceholderError(f"{{{{balance}}}} cannot be measured: {exc}") from None
    m = pack.manifest
    values = {"players": min(max(4, m.min_players), m.max_players), "games": DEFAULT_GAMES,
              "bot": engine.bots[0], "seed": 0, "variant": None}
    for key, value in args.keywords.items():
        at, offset = args.index.get(key), len(key) + 1  # the value, to point at
        shown = clipped(f"{key}={value}", 40)  # a hostile argument may be thousands of characters long
        if key == "bot":
            if value not in engine.bots:
                raise PlaceholderError(f"{{{{balance}}}} has no bot '{clipped(value, 36)}'",
                                       did_you_mean(value, engine.bots) or f"bots: {', '.join(engine.bots)}", at, offset)
            values[key] = value
            continue
        if key == "variant":
            values[key] = _variant(pack, value, at, offset)
            continue
        if not (value.isascii() and value.isdigit()):
            raise PlaceholderError(f"'{shown}' needs a whole number", f"write it as {USAGE}", at, offset)
        if len(value.lstrip("0")) > 19:  # past any limit below; int() of it would only waste time
            raise PlaceholderError(f"'{shown}' is far too large", f"write it as {USAGE}", at, offset)
        values[key] = int(value)
    if not m.min_players <= values["players"] <= m.max_players:
        raise PlaceholderError(f"{{{{balance}}}} players={values['players']}: the game is for "
                               f"{m.min_players}–{m.max_players} players", argument=args.index.get("players"))
    if not 1 <= values["games"] <= MAX_GAMES:
        raise PlaceholderError(f"{{{{balance}}}} games={values['games']}: simulate 1 to {MAX_GAMES:,} games "
                               "in a build ('printkit simulate' runs more)", argument=args.index.get("games"))
    if values["seed"] > 2**63 - 1:
        raise PlaceholderError("{{balance}} seed must be at most 2^63 − 1", argument=args.index.get("seed"))
    values["engine"] = engine
    values["games_at"] = args.index.get("games")  # where a finding about the games points
    return values


def _variant(pack: Pack, name: str, at: int | None, offset: int):
    """The pack's [[variants]] entry ``name``; PlaceholderError, pointing at the name, if there is none."""
    names = [v.name for v in pack.manifest.variants]
    found = next((v for v in pack.manifest.variants if v.name == name), None)
    if found is None:
        raise PlaceholderError(f"{{{{balance}}}} has no variant '{clipped(name, 36)}'",
                               did_you_mean(name, names) or (f"variants: {', '.join(names)}" if names else
                                                             "the manifest declares no [[variants]]"), at, offset)
    return found


def cache_key(pack: Pack, values: dict) -> str:
    """A hash of what the figures depend on: the pack's data, the arguments, and the simulator's code."""
    from ..games import records
    from ..sim import run, summary

    digest = hashlib.sha256(f"v{SIMULATOR_VERSION}".encode())
    files = [pack.manifest.path] + sorted(deck.path for deck in pack.decks.values())
    modules = [values["engine"], records, run, summary]
    paths = [Path(m.__file__) for m in modules if m.__file__ is not None]  # modules loaded from files
    files += sorted(paths[0].parent.glob("*.py")) + paths[1:]  # the engine's whole game package, then the runner
    for path in files:
        try:
            digest.update(path.name.encode() + b"\0" + Path(path).read_bytes() + b"\0")
        except OSError:
            digest.update(path.name.encode() + b"\0missing\0")
    chosen = {k: values[k] for k in ("players", "games", "bot", "seed")}
    if values["variant"] is not None:  # a standard run keeps the key it had before variants existed
        chosen["variant"] = values["variant"].name
    digest.update(json.dumps(chosen, sort_keys=True).encode())
    return digest.hexdigest()


def balance(pack: Pack, args: Arguments, measure: bool = True) -> list:
    """The paragraph for ``{{balance ...}}``; with ``measure=False`` only the arguments are checked."""
    values = _arguments(pack, args)
    if not measure:
        return [Paragraph((Run("(figures measured by simulation when the pack is built)"),))]
    cache = _CACHE.get()
    key = cache_key(pack, values)
    text = cache.get(key) if cache is not None else None
    if text is None:
        text = measured_text(pack, values)
        if cache is not None:
            cache.put(key, text)
    return [Paragraph((Run(text),))]


def measured_text(pack: Pack, values: dict) -> str:
    """Simulate and say what was measured, in two or three sentences."""
    from ..games.records import Limits
    from ..sim.run import OverBudget, simulate
    from ..sim.summary import count_summary, fair_pct

    engine, players, games = values["engine"], values["players"], values["games"]
    setup = engine.prepare(pack)
    variant = values["variant"]
    if variant is not None:
        from ..games.registry import varied

        setup = varied(engine, setup, variant.settings())
    try:
        records = simulate(pack, engine, games, [players], values["bot"], values["seed"], setup=setup,
                           budget=MAX_STEPS)[players]
    except OverBudget:
        raise PlaceholderError(
            f"{{{{balance}}}} would simulate more than a build's {MAX_STEPS:,} steps ({games:,} games of "
            f"{players} players; a turn counts one step per board space, eight with the lookahead bot)",
            "ask for fewer games (games=N), or run 'printkit simulate', which may take longer",
            code="D802", argument=values.get("games_at")) from None
    f = count_summary(engine, setup, players, records)
    rates = [f"{100 * r:.0f}%" for r in f["win_rate_by_seat"]]
    rest = [f"seat {n} {r}" for n, r in enumerate(rates[1:], 2)]
    others = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
    played = f" with the optional rule “{variant.title}”" if variant is not None else ""
    text = (f"In {games:,} simulated {players}-player games{played} with {values['bot']} bots in every seat, seat 1 "
            f"(the first player) won {rates[0]} of the games, {others} (a fair share is {fair_pct(f['fair_share'])})")
    text += f"; {100 * f['ties']:.0f}% ended in a shared win. " if f["ties"] >= 0.005 else ". "
    rounds = f["length"]["rounds"]
    text += (f"Games lasted {rounds['mean']:.1f} rounds on average ({f['length']['turns']['mean']:.0f} turns), "
             f"and the winner finished {f['margin']['mean']:.1f} points ahead of the runner-up on average.")
    if f["truncated"]:
        text += f" {f['truncated']:,} games reached the limit of {Limits().max_turns:,} turns and were stopped."
    return text
