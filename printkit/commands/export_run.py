"""What every export command does around its own work: check each pack, write atomically, report."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from ..core.output import replace_folder_files, target_in
from .report import display_path, visible
from .runner import Steps

# (checked report, the folder to write into) -> {target path: bytes}; every path inside that folder.
MakeFiles = Callable[[object, Path], dict[Path, bytes]]  # the first argument is a checks.PackReport


def run_export(roots: list[Path], out_dir: Path, parts: tuple[str, ...], make: MakeFiles,
               summary: Callable[[dict[Path, bytes]], str]) -> int:
    """Export each pack into ``out_dir/<pack>/<parts...>/``; the exit status for all of them.

    A pack with more cards than an export draws (``export.size``) is refused before it is checked; a
    pack with check errors is refused (its findings shown as 'printkit
    check' shows them); the files of one pack are written all or nothing,
    and what the folder's previous export wrote and this one does not is removed.
    """
    from .build import checked_pack, output_name
    from ..core.buildstate import build_state
    from ..export.size import refuse_oversized

    steps = Steps()
    for root in roots:
        with steps.step(root.name, "exported"):
            with build_state():  # the check and the export read each file once, and afresh
                refuse_oversized(root)  # at once, not after checking thousands of cards
                report = checked_pack(root)
                folder = target_in(out_dir, output_name(root), *parts)
                files = make(report, folder)
            for path in files:
                target_in(folder, str(path.relative_to(folder)))  # never outside its folder
            replace_folder_files(files, folder)
            click.echo(visible(f"{report.id}: wrote {summary(files)} to {display_path(folder)}"))
    return steps.status

