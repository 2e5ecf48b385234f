"""``printkit simulate PACK --against OLD``: the old version of the pack (a folder or a git revision, taken
as ``printkit diff`` takes its OLD), checked and played with the same seeds, bots and counts as PACK; the
paired comparison itself is ``printkit.sim.compare``."""
from __future__ import annotations

import filecmp
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from ..core.errors import PrintkitError, UsageProblem, reason
from ..core.packpath import clipped, is_folder
from ..core.terminal import visible

OPTION = "--against"


class OldRefused(PrintkitError):
    """OLD cannot be simulated: it has check errors, or too many cards (exit 1, as a refused pack)."""


def _usage(message: str) -> UsageProblem:
    problem = UsageProblem(message)
    problem.option = OPTION
    return problem


@dataclass
class Against:
    """OLD beside PACK: where it is, what to call it, and once prepared, its pack, setup and the notes."""

    old_root: Path
    label: str
    same_files: bool
    old_pack: Any = None
    old_setup: Any = None
    notes: list[str] = field(default_factory=list)

    def prepare(self, pack: Any, engine: Any, counts: list[int], games: int, max_games: int) -> list[int]:
        """Check and load OLD; the player counts both packs allow (a usage error when none, or when OLD is
        played by another engine)."""
        from .build import checked_pack
        from .diff import _why_unloadable
        from ..core.errors import PackRefused
        from ..diff.size import MAX_DIFF_CARDS
        from ..games.registry import NoEngine, engine_for
        from ..model.loader import too_many_cards

        try:
            too_many = too_many_cards(self.old_root, MAX_DIFF_CARDS, "--against compares at most {most:,} a side",
                                      "compare one deck at a time in copies of the pack", count_dropped=True)
            if too_many is not None:
                raise OldRefused(f"cannot simulate {self.label}: {too_many}")
            self.old_pack = checked_pack(self.old_root).loaded
        except PackRefused as refused:
            raise OldRefused(f"cannot simulate {self.label}, it has check errors:"
                             f"{_why_unloadable(self.old_root, refused.report.findings)}") from None
        except OSError as exc:
            raise OldRefused(f"cannot load {self.label}: {reason(exc)}") from None
        try:
            old_engine = engine_for(self.old_pack)
        except NoEngine as exc:
            raise _usage(f"{self.label} cannot be simulated: {exc}") from None
        if old_engine is not engine:
            raise _usage(f"{self.label} is played by the {old_engine.name} engine and {pack.id} by the "
                         f"{engine.name} engine: only two versions of one game can be compared")
        m = self.old_pack.manifest
        both = [p for p in counts if m.min_players <= p <= m.max_players]
        span = f"{m.min_players}–{m.max_players}" if m.min_players != m.max_players else str(m.min_players)
        left = [p for p in counts if p not in both]
        if not both:
            raise _usage(f"{self.label} is for {span} players, so none of the player counts asked for "
                         f"({', '.join(map(str, counts))}) can be compared")
        if left:
            self.notes.append(f"{self.label} is for {span} players: {_players(left)} games are not played "
                              f"(only {_players(both)})")
            click.echo(visible(f"{pack.id}: {self.notes[-1]}"), err=True)
        if 2 * games * len(both) > max_games:
            raise UsageProblem(f"{games:,} games × {len(both)} player counts × 2 packs is more than "
                               f"{max_games:,} games in one run")
        if self.same_files:
            self.notes.append(f"{self.label} has the same files as {pack.id}: every game is the same on both "
                              "sides, and every difference 0")
        return both

    def setup(self, engine: Any, counts: Sequence[int]) -> Any:
        """OLD's setup for ``engine``: refused as PACK would be (a board that cannot seat a count, ...)."""
        from .report import display_path
        from ..checks.composition import seating_findings
        from ..games.records import Unplayable

        for f in seating_findings(self.old_pack, counts):
            where = f.location
            raise Unplayable(f"{self.label}: {display_path(where.file)}:{where.line}:{where.column}: "
                             f"{f.code} {f.message}")
        try:
            self.old_setup = engine.prepare(self.old_pack)
        except Unplayable as exc:
            raise _usage(f"{self.label} cannot be simulated: {exc}") from None
        return self.old_setup

    def compare(self, pack: Any, engine: Any, setup: Any, runs: dict[int, list],
                play: Callable[[Any, Any, str], dict[int, list]]) -> dict[str, Any]:
        """Play OLD with ``play(pack, setup, what)`` (as PACK was played) and compare: the JSON-ready figures."""
        from ..sim.compare import compare_runs

        old_setup = self.setup(engine, list(runs))
        old_runs = runs if self.same_files else play(self.old_pack, old_setup, f"{pack.id} (against {self.label})")
        return compare_runs(engine, setup, old_setup, runs, old_runs, against=self.label,
                            matching=matching(self.old_pack, pack), notes=self.notes,
                            other_changes=other_changes(self.old_root, pack.root))


def _players(counts: Sequence[int]) -> str:
    shown = [str(p) for p in counts]
    return (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]) + "-player"


def matching(old_pack: Any, new_pack: Any):
    """Renamed and changed cards, as ``printkit diff`` matches them."""
    from ..diff.compare import compare_decks
    from ..model.pack import NAME_COLUMN
    from ..sim.compare import Matching

    decks, _ = compare_decks(old_pack, new_pack)
    renamed, changed = {}, {}
    for change in (c for deck in decks for c in deck.cards):
        if change.kind == "renamed":
            renamed[change.was.name] = change.now.name
        if change.kind in ("renamed", "changed"):
            fields = [f"{c.field} {c.old or '(empty)'} → {c.new or '(empty)'}" for c in change.changes
                      if c.field != NAME_COLUMN]
            if fields:
                changed[change.now.name] = "; ".join(fields)
    return Matching(renamed, changed)


MAX_OTHER = 10  # other changes listed (game.toml keys, pictures...): the rest are counted


def other_changes(old_root: Path, new_root: Path) -> list[str]:
    """What differs besides the cards, as ``printkit diff`` finds it: game.toml and layout keys, other files
    (the rules' Markdown and the CSV files left out)."""
    from ..diff.sources import compare_sources

    sources = compare_sources(old_root, new_root)
    found = [f"{k}: {_value(k.old)} → {_value(k.new)}" for k in sources.keys] + list(sources.files)
    more = len(found) - MAX_OTHER + sources.more_keys
    return found[:MAX_OTHER] + ([f"and {more:,} more"] if more > 0 else [])


def _value(value: object) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, (dict, list)):
        return "(a table)" if isinstance(value, dict) else "(a list)"
    return clipped(str(value), 40)


def _same_files(a: Path, b: Path) -> bool:
    from ..diff.sources import pack_files

    old, new = pack_files(a), pack_files(b)
    return old.keys() == new.keys() and all(filecmp.cmp(old[k], new[k], shallow=False) for k in old)


@contextmanager
def against_side(old: str | None, roots: Sequence[Path]) -> Iterator[Against | None]:
    """OLD beside the one pack simulated, in a temporary folder for a git revision (removed afterwards);
    None without --against."""
    if old is None:
        yield None
        return
    from ..diff.git import GitProblem, is_pack_folder, pack_side

    if len(roots) != 1:
        raise _usage("compares one pack with another version of it: name one PACK")
    root = roots[0].resolve()
    shown = visible(clipped(old))
    if not old.strip():
        raise _usage("OLD must name a pack folder or a git revision, not be empty")
    if is_folder(old) and not is_pack_folder(old):
        raise _usage(f"'{shown}' is a folder without a game.toml, not a pack")
    if is_pack_folder(old) and Path(old).resolve() == root:
        raise _usage(f"'{shown}' is the pack simulated itself: name another version of it (a folder or a git "
                     "revision)")
    with ExitStack() as stack:
        try:
            old_root, label = stack.enter_context(pack_side(old, root))
        except GitProblem as exc:  # said of OLD, as the user typed it
            said = str(exc)
            raise _usage(said if said.startswith(f"'{shown}'") else f"'{shown}' is not a pack folder, nor a "
                         f"revision: {said}") from None
        if old_root is None:
            raise _usage(f"{label} has no pack at {root.name}/ (no game.toml there)")
        yield Against(old_root, label, _same_files(old_root, root))
