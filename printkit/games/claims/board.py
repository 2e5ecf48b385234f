"""The board's geometry as plain tables: spaces, king-move rings and start spaces.

Spaces are numbered row by row (``A1`` is 0, ``B1`` is 1, ...). Pawns move
like a chess king and may pass over other pawns, so a pawn can end on any
free space at king-move (Chebyshev) distance 1..roll: the rings of spaces at
each distance from each space are worked out once, and the inner loop only
walks them.
"""
from __future__ import annotations

import re
from typing import TypeVar

from ...model.pack import BoardSpec

S = TypeVar("S", int, str)  # a space by number (in play) or by name (in game.toml)

SPACE = re.compile(r"([A-Z])([0-9]+)")


def space_index(name: str, columns: int, rows: int) -> int:
    """``"C4"`` → its number; a ValueError for a name off the board."""
    found = SPACE.fullmatch(name.strip().upper())
    if not found:
        raise ValueError(f"not a board space: {name!r}")
    column, row = ord(found.group(1)) - ord("A"), int(found.group(2)) - 1
    if not (0 <= column < columns and 0 <= row < rows):
        raise ValueError(f"{name!r} is not on a {columns}×{rows} board")
    return row * columns + column


def space_name(index: int, columns: int) -> str:
    return f"{chr(ord('A') + index % columns)}{index // columns + 1}"


def distance(a: int, b: int, columns: int) -> int:
    """King-move steps between two spaces: any of the eight directions, turning freely."""
    return max(abs(a % columns - b % columns), abs(a // columns - b // columns))


def rings(columns: int, rows: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``rings[s][d]``: the spaces exactly ``d`` king moves from ``s`` (``d`` = 0 is ``s`` itself)."""
    spaces = columns * rows
    most = max(columns, rows) - 1
    table = []
    for s in range(spaces):
        by_distance: list[list[int]] = [[] for _ in range(most + 1)]
        for t in range(spaces):
            by_distance[distance(s, t, columns)].append(t)
        table.append(tuple(tuple(ring) for ring in by_distance))
    return tuple(table)


def reach(ring_table: tuple[tuple[int, ...], ...], pawn_at: list[int], roll: int) -> list[int]:
    """The free spaces a pawn with these rings may end on with ``roll`` steps, nearest first.

    A pawn passes over pawns, so every free space within ``roll`` king moves
    can be reached; it must end on a different space, so ring 0 is never in.
    """
    found = []
    for d in range(1, min(roll, len(ring_table) - 1) + 1):
        for s in ring_table[d]:
            if pawn_at[s] < 0:
                found.append(s)
    return found


def spread(columns: int, rows: int) -> tuple[int, ...]:
    """Each space's farthest distance to any other: small in the middle, where a pawn reaches most."""
    spaces = columns * rows
    return tuple(max(distance(s, t, columns) for t in range(spaces)) for s in range(spaces))


def start_spaces(starts: tuple[S, ...], extra: tuple[S, ...], extra_from: int, players: int) -> tuple[S, ...]:
    """The spaces pawns may start on: the corners, and the centre too from ``extra_from`` players."""
    if extra and extra_from and players >= extra_from:
        return starts + tuple(s for s in extra if s not in starts)
    return starts


SHOWN_SPACES = 8  # start spaces a message lists before "..."


def seating_problem(board: BoardSpec, min_players: int, max_players: int) -> tuple[int, str] | None:
    """The smallest player count from ``min_players`` to ``max_players`` whose pawns cannot each start on
    a space of their own (pawns start on free start spaces, one each), and why; None when every count can."""
    for players in range(max(min_players, 1), max_players + 1):
        problem = unseated(start_spaces(board.starts, board.extra_starts, board.extra_from_players, players),
                           players)
        if problem is not None:
            return players, problem
    return None


def unseated(spaces: tuple[str, ...], players: int) -> str | None:
    """Why ``players`` pawns cannot each start on one of ``spaces``; None when they can."""
    distinct = tuple(dict.fromkeys(spaces))
    if len(distinct) >= players:
        return None
    listed = ", ".join(distinct[:SHOWN_SPACES]) + (", ..." if len(distinct) > SHOWN_SPACES else "")
    return (f"{players} players need {players} start spaces, one pawn on each, but the board has "
            f"{len(distinct)} for them" + (f" ({listed})" if distinct else ""))
