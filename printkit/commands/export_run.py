"""What every export command does around its own work: check each pack, write atomically, report."""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from ..core.errors import EXIT_FINDINGS
from ..core.output import replace_folder_files, target_in
from .report import display_path, format_findings, use_color, visible
from .runner import Steps

# (checked report, the folder to write into) -> {target path: bytes}; every path inside that folder.
MakeFiles = Callable[[object, Path], dict[Path, bytes]]  # the first argument is a checks.PackReport


def run_export(roots: list[Path], out_dir: Path, parts: tuple[str, ...], make: MakeFiles,
               summary: Callable[[dict[Path, bytes]], str], most_cards: int | None = None) -> int:
    """Export each pack into ``out_dir/<pack>/<parts...>/``; the exit status for all of them.

    A pack with more than ``most_cards`` distinct cards (by default ``export.size.MAX_EXPORT_CARDS``) is
    refused before it is checked; a
    pack with check errors is refused (its findings shown as 'printkit
    check' shows them); the files of one pack are written all or nothing,
    and what the folder's previous export wrote and this one does not is removed.
    Findings the export makes (``files.findings``: a deck left out, ink in a
    cut band) are shown after its line; an error among them makes the status 1.
    """
    from .build import checked_pack, output_name
    from ..core.buildstate import build_state
    from ..faces import FRONTS_KEPT
    from ..export.size import MAX_EXPORT_CARDS, refuse_oversized

    steps = Steps()
    for root in roots:
        with steps.step(root.name, "exported"):
            with build_state():  # the check and the export read each file once, and afresh
                refuse_oversized(root, most_cards or MAX_EXPORT_CARDS)  # at once, not after checking them all
                report = checked_pack(root, keep_fronts=FRONTS_KEPT)  # the export draws what the check drew
                folder = target_in(out_dir, output_name(root), *parts)
                files = make(report, folder)
            for path in files:
                target_in(folder, str(path.relative_to(folder)))  # never outside its folder
            replace_folder_files(files, folder)
            click.echo(visible(f"{report.id}: wrote {summary(files)} to {display_path(folder)}"))
            found = sorted(getattr(files, "findings", ()), key=lambda f: f.sort_key())
            if found:
                click.echo("\n".join(format_findings(found, color=use_color(sys.stdout))), color=True)
            if any(f.is_error for f in found):
                steps.status = max(steps.status, EXIT_FINDINGS)
    return steps.status

