"""Walk a folder tree without recursion, to a stated depth: a pack or output folder may nest thousands deep."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

from .errors import UsageProblem

MAX_DEPTH = 32  # levels of folders below a pack or output folder that printkit reads


class FolderTooDeep(UsageProblem):
    """A folder tree nested deeper than printkit walks."""

    def __init__(self, root: Path, folder: Path, limit: int):
        super().__init__(f"{root} has folders nested more than {limit} deep ({folder}); printkit reads at "
                         f"most {limit} levels of folders, so move the deep ones out")
        self.root = root


def walk_files(root: Path, *, skip: Callable[[Path], bool] = lambda folder: False,
               deeper: Literal["raise", "skip"] = "raise", limit: int = MAX_DEPTH) -> Iterator[Path]:
    """Every entry under ``root`` that is not a folder (links to folders not followed), folder by folder.

    ``skip(folder)`` leaves a folder out. A folder more than ``limit`` levels down raises FolderTooDeep,
    or, with ``deeper="skip"``, is not read.
    """
    stack: list[tuple[Path, int]] = [(root, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError:  # gone, or not readable: nothing of it to walk
            continue
        below: list[Path] = []
        for entry in entries:
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                if not skip(path):
                    below.append(path)
            else:
                yield path
        if below and depth >= limit:
            if deeper == "raise":
                raise FolderTooDeep(root, below[0], limit)
            continue
        stack.extend((path, depth + 1) for path in reversed(below))
