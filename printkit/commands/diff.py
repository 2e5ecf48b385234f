"""``printkit diff``: what prints differently between two versions of packs, for a terminal or a pull request."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import click

from ..core.errors import EXIT_FINDINGS, EXIT_OK, PrintkitError, reason
from ..model import MANIFEST_NAME
from .cliutil import plain_output, workers_option
from .report import display_path
from .runner import Steps, runs

FORMATS = ("text", "markdown", "json")  # printkit.diff.report.FORMATS, kept here so the CLI loads light
EXIT_CHANGED = 1  # with --exit-code, as git diff --exit-code
EXIT_UNLOADABLE = EXIT_FINDINGS  # a side whose game.toml cannot be read at all


class Unloadable(PrintkitError):
    """A side of a pack that cannot be loaded at all; the message says why."""

    exit_status = EXIT_UNLOADABLE


@click.command()
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.argument("packs", nargs=-1, metavar="[PACK]...")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for a terminal, markdown for a pull-request comment, json for scripts.")
@click.option("--proof", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE.pdf",
              callback=plain_output,
              help="Also write a PDF drawing every card that prints differently, old beside new.")
@click.option("--exit-code", "exit_code", is_flag=True,
              help="Exit 1 when anything changed (anything prints differently) and 0 when nothing did, "
                   "like 'git diff --exit-code'.")
@workers_option
@runs
def diff_command(old: str, new: str, packs: tuple[str, ...], fmt: str, proof: Path | None, exit_code: bool) -> int:
    """Compare what two versions of packs print, card by card and side by side: cards added, removed,
    renamed and changed (CSV fields old → new), and every card whose front or back is drawn
    differently, with the cause when known (a game.toml or layout key, a picture, a font), plus
    findings that appeared or went away.

    NEW is a pack folder (or a bundled pack id) and OLD another pack folder or
    a git revision of the repository NEW is in. Or OLD and NEW are both git
    revisions of the repository you are in: then the PACK folders are compared
    as committed at each, without a checkout; with no PACK, every pack whose
    files differ. A pack only one side has is reported with every card added
    or removed. A side with check errors is compared too, as long as its
    game.toml can be read.

    Exit status: 0 the diff was made (changed or not; with --exit-code, 0 only
    when nothing changed and 1 when something did), 1 a side cannot be loaded,
    2 usage error (an unknown revision, not a git repository, ...).

    \b
    Examples:
      printkit diff main cards/my-game                 the working tree against main
      printkit diff origin/main HEAD                   every pack that differs, two commits
      printkit diff v1.0 v1.1 cards/my-game            one pack at two tags
      printkit diff HEAD~3 gag-grab --format markdown
      printkit diff old-copy/ cards/my-game --format json
      printkit diff origin/main HEAD --proof proof.pdf
      printkit diff main cards/my-game --exit-code > /dev/null || echo changed
    """
    from .packs import UnknownPack, resolve_pack
    from ..core.packpath import is_folder
    from ..diff.git import is_pack_folder, pack_side

    # A git revision that cannot be had (GitProblem) is a usage error, as is an unknown pack (see printkit.commands.runner).
    try:
        # A folder named like a bundled pack is that folder here: diff compares what is on disk.
        new_root = Path(new).resolve() if new and is_folder(new) else resolve_pack(new)
    except UnknownPack as exc:
        if is_pack_folder(old) or (new and is_folder(new)):
            raise
        sides = _revisions(old, new, packs, str(exc))
    else:
        if packs:
            raise click.UsageError("PACK arguments are for comparing two revisions (printkit diff REV1 REV2 "
                                   "PACK...); NEW here is a pack folder")
        if not (new_root / MANIFEST_NAME).is_file():
            raise click.UsageError(f"'{new}' is not a pack folder: it has no {MANIFEST_NAME}")
        sides = _one_pack(pack_side(old, new_root), new_root, new)
    with sides as (old_label, new_label, pairs, notes):
        status, changed = _diff(old_label, new_label, pairs, notes, fmt, proof)
    if exit_code and status == EXIT_OK and changed:
        status = EXIT_CHANGED
    return status


@contextmanager
def _one_pack(side, new_root: Path, new: str) -> Iterator[tuple]:
    """A folder or revision OLD against the folder NEW, as (old label, new label, packs, notes)."""
    with side as (old_root, old_label):
        yield old_label, new, ((new_root.name, old_root, new_root),), ()


@contextmanager
def _revisions(old: str, new: str, packs: tuple[str, ...], unknown: str) -> Iterator[tuple]:
    """OLD and NEW both revisions of the repository the current folder is in."""
    from .. import __version__
    from ..diff.git import GitProblem, NotRevisions, revision_packs

    with ExitStack() as stack:
        try:
            found = stack.enter_context(revision_packs(old, new, packs, Path.cwd()))
        except NotRevisions as exc:
            # Neither a pack nor two revisions: say both, the pack first (the likelier intent).
            raise GitProblem(f"{unknown}; nor are OLD and NEW both git revisions: {exc}") from None
        notes: tuple[str, ...] = ()
        if found.versions and found.versions[0] != found.versions[1]:
            notes = (f"printkit's own version differs between the revisions ({found.versions[0]} → "
                     f"{found.versions[1]}); both sides are drawn by the printkit installed here "
                     f"({__version__}), so what its code changes in the drawing is not shown",)
        yield found.old_label, found.new_label, found.packs, notes


def _diff(old_label: str, new_label: str, pairs, notes: tuple[str, ...], fmt: str,
          proof: Path | None) -> tuple[int, bool]:
    """Load both sides of each pack, print the report and write the proof: (exit status, changed)."""
    from ..diff.report import DiffReport, format_report_json, format_report_markdown, format_report_text

    diffs, sides = [], []
    for name, old_root, new_root in pairs:
        old = _load(old_root, old_label if len(pairs) == 1 else f"{name} at {old_label}")
        new = _load(new_root, new_label if len(pairs) == 1 else f"{name} at {new_label}")
        diffs.append(_compare(name, old, new, old_root, new_root, old_label, new_label))
        sides.append((old, new))
    report = DiffReport(old_label, new_label, tuple(diffs), notes)
    if fmt == "json":
        click.echo(format_report_json(report))
    elif fmt == "markdown":
        click.echo(format_report_markdown(report), nl=False)
    else:
        from .report import use_color

        click.echo(format_report_text(report, color=use_color(sys.stdout)), color=True)
    status = _write_proof(report, sides, proof) if proof is not None else EXIT_OK
    return status, report.changed


def _load(root: Path | None, label: str):
    """(check report, drawings) of one side, or None for a side without the pack."""
    from ..checks import check_pack
    from ..core.buildstate import build_state
    from ..diff.drawing import PackDrawings
    from ..diff.size import MAX_DIFF_CARDS
    from ..model.loader import too_many_cards

    if root is None:
        return None
    drawings = PackDrawings(root)
    try:
        too_many = too_many_cards(root, MAX_DIFF_CARDS, "a diff compares at most {most:,} a side (about 30 s)",
                                  "compare one deck at a time in copies of the pack", count_dropped=True)
        if too_many is not None:  # at once, not after checking thousands of cards
            raise Unloadable(f"cannot compare {label}: {too_many}")
        with build_state():  # the check and the description share each back and player aid drawn
            report = check_pack(root, on_front=drawings.hear)
            if report.pack is None:
                raise Unloadable(f"cannot load {label}:{why_unloadable(root, report.findings)}")
            return report, drawings.finish(report.pack, report.fronts)
    except OSError as exc:
        raise Unloadable(f"cannot load {label}: {reason(exc)}") from None


def why_unloadable(root: Path, findings, most: int = 5) -> str:
    """The errors that kept a side from loading, one a line as check prints them (the same one once), at
    most ``most`` of them."""
    lines = list(dict.fromkeys(f.line(root) for f in findings if f.is_error))
    if not lines:
        return " its game.toml cannot be read"
    more = f"\n  (and {len(lines) - most} more)" if len(lines) > most else ""
    return "\n  " + "\n  ".join(lines[:most]) + more


def _compare(name: str, old, new, old_root: Path | None, new_root: Path | None, old_label: str, new_label: str):
    from ..diff.compare import compare
    from ..diff.sources import compare_sources

    return compare(old[0].pack if old else None, new[0].pack if new else None,
                   old[0].findings if old else (), new[0].findings if new else (), old_label, new_label,
                   (old[1] if old else None, new[1] if new else None), compare_sources(old_root, new_root), name)


def _write_proof(report, sides, proof: Path) -> int:
    from ..core.output import write_files_atomically
    from ..diff.proof import proof_report_pdf

    steps = Steps()
    with steps.step(f"printkit diff: the proof {display_path(proof)}", "written"):
        data, pages, shown = proof_report_pdf(report, [(a[1] if a else None, b[1] if b else None) for a, b in sides])
        write_files_atomically({proof.resolve(): data})
        what = f"{shown} changed card{'s' if shown != 1 else ''}" if shown else "no card changes"
        click.echo(f"wrote {display_path(proof)}: {pages} page{'s' if pages != 1 else ''}, {what}", err=True)
    return steps.status
