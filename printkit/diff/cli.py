"""``printkit diff``: what changed between two versions of a pack, for a terminal or a pull request."""
from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path

import click

from ..cliutil import EXIT_FINDINGS, EXIT_OK, reason
from ..model import MANIFEST_NAME

FORMATS = ("text", "markdown", "json")  # printkit.diff.report.FORMATS, kept here so the CLI loads light
EXIT_CHANGED = 1  # with --exit-code, as git diff --exit-code
EXIT_UNLOADABLE = EXIT_FINDINGS  # a side whose game.toml cannot be read at all


@click.command()
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for a terminal, markdown for a pull-request comment, json for scripts.")
@click.option("--proof", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE.pdf",
              help="Also write a PDF drawing every changed card, old beside new.")
@click.option("--exit-code", "exit_code", is_flag=True,
              help="Exit 1 when anything changed and 0 when nothing did, like 'git diff --exit-code'.")
def diff_command(old: str, new: str, fmt: str, proof: Path | None, exit_code: bool) -> None:
    """Compare two versions of a pack: cards added, removed, renamed and changed (field by field, old →
    new), copies and deck totals that moved, and findings that appeared or went away.

    NEW is a pack folder (or a bundled pack id). OLD is another pack folder,
    or a git revision: then the pack is taken as committed at that revision,
    from the repository NEW is in. The diff works even when a side has check
    errors, as long as its game.toml can be read.

    Exit status: 0 the diff was made (changed or not; with --exit-code, 0 only
    when nothing changed and 1 when something did), 1 a side cannot be loaded,
    2 usage error (an unknown revision, not a git repository, ...).

    \b
    Examples:
      printkit diff main cards/my-game                 the working tree against main
      printkit diff HEAD~3 gag-grab --format markdown
      printkit diff old-copy/ cards/my-game --format json
      printkit diff origin/main cards/my-game --proof proof.pdf
      printkit diff main cards/my-game --exit-code > /dev/null || echo changed
    """
    from ..packs import UnknownPack, resolve_pack
    from ..packpath import is_folder
    from .git import GitProblem, is_pack_folder, revision_pack

    try:
        # A folder named like a bundled pack is that folder here: diff compares what is on disk.
        new_root = Path(new).resolve() if new and is_folder(new) else resolve_pack(new)
    except UnknownPack as exc:
        raise click.UsageError(str(exc)) from None
    if not (new_root / MANIFEST_NAME).is_file():
        raise click.UsageError(f"'{new}' is not a pack folder: it has no {MANIFEST_NAME}")
    side = nullcontext((Path(old).resolve(), old)) if is_pack_folder(old) else revision_pack(old, new_root)
    try:
        with side as (old_root, old_label):
            status, changed = _diff(old_root, old_label, new_root, new, fmt, proof)
    except GitProblem as exc:
        raise click.UsageError(str(exc)) from None
    if exit_code and status == EXIT_OK and changed:
        status = EXIT_CHANGED
    sys.exit(status)


def _diff(old_root: Path, old_label: str, new_root: Path, new_label: str, fmt: str,
          proof: Path | None) -> tuple[int, bool]:
    """Load both sides, print the report and write the proof: (exit status, whether anything changed)."""
    from ..checks import check_pack
    from .compare import compare
    from .report import format_json, format_markdown, format_text

    reports = []
    for root, label in ((old_root, old_label), (new_root, new_label)):
        try:
            report = check_pack(root)
        except OSError as exc:
            click.echo(f"printkit diff: cannot load {label}: {reason(exc)}", err=True)
            return EXIT_UNLOADABLE, False
        if report.pack is None:
            why = "; ".join(f.message for f in report.findings if f.is_error) or "its game.toml cannot be read"
            click.echo(f"printkit diff: cannot load {label}: {why}", err=True)
            return EXIT_UNLOADABLE, False
        reports.append(report)
    old, new = reports
    diff = compare(old.pack, new.pack, old.findings, new.findings, old_label, new_label)
    if fmt == "json":
        click.echo(format_json(diff))
    elif fmt == "markdown":
        click.echo(format_markdown(diff), nl=False)
    else:
        from ..report import use_color

        click.echo(format_text(diff, color=use_color(sys.stdout)), color=True)
    status = _write_proof(diff, old, new, proof) if proof is not None else EXIT_OK
    return status, diff.changed


def _write_proof(diff, old, new, proof: Path) -> int:
    from ..fonts import FontUnusable
    from ..images.prepare import ArtRenderError
    from ..output import write_files_atomically
    from ..report import display_path
    from .proof import proof_pdf

    try:
        data, pages = proof_pdf(diff, old.fronts, new.fronts)
        write_files_atomically({proof.resolve(): data})
    except (OSError, FontUnusable, ArtRenderError) as exc:
        click.echo(f"printkit diff: cannot write the proof {display_path(proof)}: {reason(exc)}", err=True)
        return EXIT_FINDINGS
    cards = len(diff.card_changes)
    what = f"{cards} changed card{'s' if cards != 1 else ''}" if cards else "no card changes"
    click.echo(f"wrote {display_path(proof)}: {pages} page{'s' if pages != 1 else ''}, {what}", err=True)
    return EXIT_OK
