"""The ``printkit`` command line: thin click commands over the library."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from . import __version__
from .findings import CODES
from .packs import UnknownPack, bundled_packs, resolve_pack
from .model.manifest import MANIFEST_NAME
from .report import FORMATS, format_github, format_json, format_text, use_color

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="printkit")
def cli() -> None:
    """Print-and-play kits from a board game's card lists, and a linter for them.

    \b
    Examples:
      printkit check                 check every bundled pack
      printkit check cards/my-game   check one pack folder
    """


def _pack_for_file(path: Path) -> Path | None:
    for folder in path.resolve().parents:
        if (folder / MANIFEST_NAME).is_file():
            return folder
    return None


def resolve_packs(names: tuple[str, ...], ignore_outside: bool) -> list[Path]:
    """Pack folders for PACK arguments (ids, folders, or files inside a pack)."""
    if not names:
        packs = bundled_packs()
        if not packs:
            raise click.UsageError("no bundled packs found; name a pack folder")
        return packs
    found: dict[Path, None] = {}
    for name in names:
        path = Path(name)
        if path.is_file() and path.name != MANIFEST_NAME:
            folder = _pack_for_file(path)
            if folder is None:
                if ignore_outside:
                    continue
                raise click.UsageError(f"'{name}' is not inside a pack (no {MANIFEST_NAME} above it)")
            found.setdefault(folder)
            continue
        try:
            found.setdefault(resolve_pack(name))
        except UnknownPack as exc:
            raise click.UsageError(str(exc)) from None
    return list(found)


@cli.command()
@click.argument("packs", nargs=-1, metavar="[PACK]...")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for people, json for scripts, github for pull-request annotations.")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on warnings too.")
@click.option("--ignore", "ignored", multiple=True, metavar="CODE",
              help="Leave out findings with this code (repeatable).")
@click.option("--ignore-outside", is_flag=True,
              help="Skip file arguments that belong to no pack (for pre-commit).")
def check(packs: tuple[str, ...], fmt: str, strict: bool, ignored: tuple[str, ...],
          ignore_outside: bool) -> None:
    """Check card lists: manifests, CSV files, requirements and deck counts.

    PACK is a bundled pack id (such as gag-grab), a pack folder, or a file
    inside a pack; with none, every bundled pack is checked.

    Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage error.

    \b
    Examples:
      printkit check
      printkit check gag-grab --strict
      printkit check cards/my-game --format github
      printkit check --format json > findings.json
    """
    unknown = [c for c in ignored if c.upper() not in CODES]
    if unknown:
        raise click.BadParameter(f"unknown code {unknown[0]!r}; see 'printkit explain'",
                                 param_hint="--ignore")
    from .checks import check_pack  # the library call; imports no drawing code

    roots = resolve_packs(packs, ignore_outside)
    reports = [check_pack(root, frozenset(c.upper() for c in ignored)) for root in roots]
    if fmt == "json":
        click.echo(format_json(reports))
    elif fmt == "github":
        click.echo(format_github(reports))
    else:
        click.echo(format_text(reports, color=use_color(sys.stdout)), color=True)
    errors = sum(r.errors for r in reports)
    warnings = sum(r.warnings for r in reports)
    sys.exit(EXIT_FINDINGS if errors or (strict and warnings) else EXIT_OK)


@cli.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Describe a finding code, or list them all.

    \b
    Examples:
      printkit explain          every code with its severity
      printkit explain R401     what R401 means
    """
    if code is not None:
        info = CODES.get(code.upper())
        if info is None:
            raise click.BadParameter(f"no code {code!r}", param_hint="CODE")
        click.echo(f"{info.code} ({info.slug}, {info.severity.value}): {info.summary}")
        return
    for info in CODES.values():
        click.echo(f"{info.code}  {info.severity.value:<7}  {info.slug:<20}  {info.summary}")


def main() -> None:
    """Entry point: no Python traceback reaches the user unless PRINTKIT_DEBUG is set."""
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise
    except Exception as exc:  # a bug in printkit, not in the user's input
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        click.echo(f"printkit: internal error: {type(exc).__name__}: {exc}\n"
                   "Please report this; set PRINTKIT_DEBUG=1 to see the traceback.", err=True)
        sys.exit(EXIT_INTERNAL)
