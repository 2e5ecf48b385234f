"""The ``printkit`` command line: thin click commands over the library."""
from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

import click

from .. import __version__
from .build_options import build_options, offset_option
from .diff import diff_command
from ..core.errors import EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK
from .export import export
from ..core.findings import CODES
from ..core.packpath import clipped
from .simulate import simulate_command
from .cliutil import check_source_date_epoch, out_option, packs_argument, paper_option, refuse_shared_output, \
    resolve_packs, workers_option
from .report import FORMATS, display_path, format_findings, format_github, format_json, format_text, use_color, \
    visible
from .runner import Steps, on_ctrl_c, progress, runs


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="printkit")
def cli() -> None:
    """Print-and-play kits from a board game's card lists, and a linter for them.

    \b
    Examples:
      printkit build                 build every bundled pack into ./output
      printkit check                 check every bundled pack
      printkit check cards/my-game   check one pack folder
      printkit export tts            decks and board for Tabletop Simulator
      printkit diff origin/main HEAD  which cards print differently, and why
      printkit simulate gag-grab     play it 500 times with bots: how it balances
    """


@cli.command()
@packs_argument
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for people, json for scripts, github for pull-request annotations.")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on warnings too.")
@click.option("--ignore", "ignored", multiple=True, metavar="CODE",
              help="Leave out findings with this code (repeatable).")
@click.option("--ignore-outside", is_flag=True,
              help="Skip file arguments that belong to no pack (for pre-commit).")
@click.option("--watch", "watching", is_flag=True, help="Check again whenever a file of the packs changes.")
@click.option("--cache", "cache_dir", type=click.Path(path_type=Path), metavar="DIR",
              help="Keep each card front's checks in DIR and reuse them while the card, game.toml, fonts and "
                   "pictures are unchanged (--watch keeps them in the user's cache folder unless given).")
@workers_option
@runs
def check(packs: tuple[str, ...], fmt: str, strict: bool, ignored: tuple[str, ...],
          ignore_outside: bool, watching: bool, cache_dir: Path | None) -> int:
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
      printkit check cards/my-game --watch     re-check on every save (Ctrl-C stops)
      printkit check --cache .printkit-cache   re-check only the cards changed since
    """
    unknown = [c for c in ignored if c.upper() not in CODES]
    if unknown:
        raise click.BadParameter(f"unknown code {unknown[0]!r}; see 'printkit explain'",
                                 param_hint="--ignore")
    from ..checks import check_pack  # the library call; imports no drawing code

    from ..checks.cache import CacheFolderProblem, open_cache, watch_folder

    roots = resolve_packs(packs, ignore_outside)
    if cache_dir is not None:
        open_cache(cache_dir)  # refuse a folder it cannot be before any work
    elif watching:
        try:
            cache_dir = open_cache(watch_folder()).folder
        except CacheFolderProblem as exc:  # not asked for: watch without it
            click.echo(visible(f"note: not keeping checks between runs: {exc}"), err=True)

    def once() -> int:
        reports = []
        cache = open_cache(cache_dir) if cache_dir is not None else None
        for root in roots:
            # A bar on the terminal, unless stdout is JSON or annotations read by a program.
            with progress(root.name) if fmt == "text" or sys.stdout.isatty() else nullcontext() as update:
                reports.append(check_pack(root, frozenset(c.upper() for c in ignored), progress=update,
                                          cache=cache))
        if cache is not None and cache.problem:
            click.echo(visible(f"note: {cache.problem}"), err=True)
        if fmt == "json":
            click.echo(format_json(reports))
        elif fmt == "github":
            click.echo(format_github(reports))
        else:
            click.echo(format_text(reports, color=use_color(sys.stdout)), color=True)
        errors = sum(r.errors for r in reports)
        warnings = sum(r.warnings for r in reports)
        return EXIT_FINDINGS if errors or (strict and warnings) else EXIT_OK

    if watching:
        _watch(roots, "checking", once)
    return once()


def _watch(roots: list[Path], doing: str, once: Callable[[], int], out_dir: Path | None = None) -> None:
    """Run ``once`` now and after every change to the packs' files, until Ctrl-C (exit 0)."""
    from ..core.buildstate import build_state
    from .watch import output_excludes, watch

    names = ", ".join(root.name for root in roots)

    def run(changed: list[Path]) -> None:
        what = ""
        if changed:
            more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
            what = f"{display_path(changed[0])}{more} changed; "
        click.echo(f"[{time.strftime('%H:%M:%S')}] {what}{doing} {names}")
        with build_state():  # each run owns its caches: every file is read again
            once()
        if not changed:
            click.echo("watching for changes; press Ctrl-C to stop", err=True)

    exclude = (lambda root: output_excludes(root, out_dir)) if out_dir is not None else (lambda root: ())
    on_ctrl_c("stopped watching", EXIT_OK)  # the way a watch ends
    watch(roots, run, exclude=exclude)


def _board_paper_notes(roots: list[Path], board_paper: str) -> None:
    """Say on stderr what --board-paper does for a pack when it is not the plain one-sheet board."""
    from ..kit.board import board_paper_note
    from ..geometry.paper import paper as paper_named
    from ..model.loader import load_pack

    for root in roots:
        pack, _ = load_pack(root)
        if pack is None:
            continue  # the build reports what is wrong with it
        note = board_paper_note(pack, paper_named(board_paper))
        if note:
            click.echo(visible(f"{root.name}: note: {note}"), err=True)


@cli.command()
@packs_argument
@build_options
@click.option("--watch", "watching", is_flag=True,
              help="Build again whenever a file of the packs changes (the output folder is not watched).")
@workers_option
@runs
def build(packs: tuple[str, ...], options, watching: bool) -> int:
    """Build print-and-play PDFs: OUT/<pack>/cards.pdf, board.pdf and rules.pdf.

    PACK is a bundled pack id or a pack folder; with none, every bundled pack
    is built. A pack with check errors is not built: its findings are shown
    as 'printkit check' shows them, and the exit status is 1.

    \b
    Examples:
      printkit build
      printkit build gag-grab --paper letter
      printkit build --backs short-edge --back-offset 0.5,-1
      printkit build --gutter 0 --backs-ink light
      printkit build cards/my-game --out dist
      printkit build --board-paper a2 --booklet
      printkit build many-faces --png --dpi 600
      printkit build cards/my-game --watch     rebuild on every save (Ctrl-C stops)
    """
    check_source_date_epoch()
    roots = resolve_packs(packs, ignore_outside=False)
    refuse_shared_output(roots, options.out_dir)
    if options.board_paper:
        _board_paper_notes(roots, options.board_paper)
    once = functools.partial(_build_packs, roots, options)
    if watching:
        _watch(roots, "building", once, options.out_dir)
    return once()


def _build_packs(roots: list[Path], options) -> int:
    """Build each pack and say what was written; the exit status for all of them."""
    from .build import build_pack

    steps = Steps()
    for root in roots:
        with steps.step(root.name, "built"):
            with progress(root.name) as update:
                result = build_pack(root, options, update)
            _show_built(result)
    return steps.status


def _show_built(result) -> None:
    """The files a build wrote, the page lint's findings, the ink it takes and the paper."""
    pngs = [p for p in result.files if p.suffix == ".png"]
    for path in result.files:
        if path.suffix == ".pdf":
            count = result.pages[path.name]
            click.echo(visible(f"wrote {display_path(path)} ({count} page{'' if count == 1 else 's'})"))
    if pngs:
        click.echo(visible(f"wrote {len(pngs)} card images and their copy counts (manifest.csv) "
                           f"under {display_path(pngs[0].parents[1])}"))
    for line in format_findings(result.print_findings, color=use_color(sys.stdout)):
        click.echo(line, color=True)
    if result.ink:
        click.echo(visible(result.ink))
    click.echo(visible(result.paper_summary()))


@cli.command()
@out_option
@paper_option
@click.option("--backs", type=click.Choice(["long-edge", "short-edge"]), default="long-edge",
              show_default=True, help="Duplex flip to calibrate.")
@offset_option
@runs
def calibrate(out_dir: Path, paper: str, backs: str, offset) -> int:
    """Write OUT/calibration.pdf, which measures your printer's back offset.

    Print it two-sided, hold it to a light, read the two scales, and pass
    the readings to 'printkit build --back-offset X,Y'.

    \b
    Examples:
      printkit calibrate
      printkit calibrate --paper letter --backs short-edge
    """
    from ..kit.calibration import calibration_pages
    from ..geometry.duplex import Flip
    from ..geometry.paper import paper as paper_named
    from ..core.output import target_in, write_files_atomically
    from ..render.pdf import render_pdf

    check_source_date_epoch()
    pages = calibration_pages(paper_named(paper), Flip(backs), offset)
    data = render_pdf(pages, {}, "printkit duplex calibration", "Find a printer's back offset")
    steps = Steps()
    with steps.step("calibration.pdf", "written"):
        target = target_in(out_dir, "calibration.pdf")
        write_files_atomically({target: data})
        click.echo(visible(f"wrote {display_path(target)} (2 pages)"))
    return steps.status


@cli.command("new")
@click.argument("name", metavar="NAME")
@click.option("--from", "source", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              metavar="FILE.csv", help="Start from a spreadsheet export: copy it in and type its columns.")
@click.option("--title", metavar="TEXT", help="The game's title, as it is to be printed (default: made from NAME).")
@runs
def new(name: str, source: Path | None, title: str | None) -> int:
    """Start a pack in the new folder NAME: game.toml, a card list, rules.md, README.md.

    NAME is a folder path whose last part becomes the pack id (lowercase
    letters, digits and hyphens). With --from, the card list is your CSV
    file; printkit guesses each column's type from its header and values,
    declares the {icons} its texts use, lays out a card that shows every
    column, and copies in the pictures the list names from beside the file.
    It needs a 'name' column.

    Exit status: 0 created, 1 could not write, 2 refused (NAME taken or
    unusable, bad title or CSV file).

    \b
    Examples:
      printkit new my-game
      printkit new cards/space-race --from ~/Downloads/cards.csv
      printkit new cards/tides --from creatures.csv --title "Tides of Ægir"
    """
    from ..scaffold.pack import new_pack

    steps = Steps()
    with steps.step(name, "created", usage_ends=True):  # a refused NAME, title or file is a usage error
        made = new_pack(Path(name), source, title)
        for path in made.files:
            click.echo(f"wrote {display_path(path)}")
        for note in made.notes:
            click.echo(f"note: {note}")
        click.echo(f"next: printkit check {name}")
    return steps.status


@cli.group()
def layout() -> None:
    """Show card layouts: the built-in ones, and a pack's own as they resolve.

    \b
    Examples:
      printkit layout list
      printkit layout show claim > cards/my-game/layouts/card.toml
      printkit layout show creature --pack cards/my-game
    """


@layout.command("list")
@click.option("--pack", "pack", metavar="PACK", help="Also list this pack's own layouts.")
@runs
def layout_list(pack: str | None) -> None:
    """List the built-in layouts (and a pack's own with --pack)."""
    from ..model.design_keys import BUILTIN_LAYOUTS

    for name in BUILTIN_LAYOUTS:
        click.echo(f"{name:<12} built in")
    if pack is not None:
        from ..model.loader import load_pack

        loaded, _ = load_pack(resolve_packs((pack,), ignore_outside=False)[0])
        if loaded is None:
            return  # a pack that cannot be read has no layouts of its own to list
        for name, found in sorted(loaded.manifest.layouts.items()):
            if not found.builtin:
                click.echo(f"{name:<12} {loaded.id}")


@layout.command("show")
@click.argument("name")
@click.option("--pack", "pack", metavar="PACK", help="Show the layout as this pack resolves it.")
@runs
def layout_show(name: str, pack: str | None) -> None:
    """Print layout NAME as TOML, to read or to copy into a pack and change.

    \b
    Examples:
      printkit layout show claim
      printkit layout show creature --pack cards/my-game
    """
    from ..model.design_keys import BUILTIN_LAYOUTS
    from ..model.design_toml import show_layout

    root = resolve_packs((pack,), ignore_outside=False)[0] if pack is not None else None
    text = show_layout(name, root)
    if text is None:
        known = ", ".join(BUILTIN_LAYOUTS)
        raise click.BadParameter(f"no layout {name!r} (built-in layouts: {known})", param_hint="NAME")
    click.echo(text.rstrip("\n"))


@cli.command()
@click.argument("code", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for people; json for scripts: an object for CODE, a list of all without.")
@runs
def explain(code: str | None, fmt: str) -> None:
    """Explain a finding code: what it means, an example that gives it, and the fix.

    With no CODE, list every code with its severity and a summary. docs/findings.md
    holds the same explanations for every code. Given a game.toml key instead
    (art.min_dpi, decks.gags.back.label), say what it holds, its default and what it does.

    \b
    Examples:
      printkit explain                 every code, a line each
      printkit explain R401            what R401 means, an example, the fix
      printkit explain t700 --format json
      printkit explain art.min_dpi         a game.toml key: what it holds, its default
    """
    from .explain import explain_json, explain_text, list_text

    if code is None:
        click.echo(explain_json(list(CODES.values())) if fmt == "json" else list_text())
        return
    info = CODES.get(code.upper())
    if info is None:
        from ..model.keys_reference import key_text

        about = key_text(code) if fmt == "text" else None  # a game.toml key, from the readers' vocabulary
        if about is None:
            raise click.BadParameter(f"no code or game.toml key {clipped(code)!r}; 'printkit explain' lists the codes",
                                     param_hint="CODE")
        click.echo(about)
        return
    click.echo(explain_json(info) if fmt == "json" else explain_text(info))


@cli.command()
@click.option("--layout", "for_layout", is_flag=True, help="The schema of a layout file instead of game.toml.")
@runs
def schema(for_layout: bool) -> None:
    """Print the JSON Schema of game.toml, for editors: completion, and unknown keys marked as you type.

    Save it beside the pack and point your editor at it: in VS Code with the
    Even Better TOML extension (or any editor using taplo), a first line
    '#:schema ./game.schema.json' in game.toml is enough. docs/schema.md has
    more; docs/game.schema.json is the same schema, shipped.

    \b
    Examples:
      printkit schema > cards/my-game/game.schema.json
      printkit schema --layout > cards/my-game/layout.schema.json
    """
    from ..model.schema import schema_json

    click.echo(schema_json(layout=for_layout), nl=False)


cli.add_command(export, "export")
cli.add_command(diff_command, "diff")
cli.add_command(simulate_command, "simulate")


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
