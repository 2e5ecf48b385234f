"""``printkit export tts``: card sheets, backs, the board and a saved object for Tabletop Simulator."""
from __future__ import annotations

from pathlib import Path

import click

from .cliutil import check_source_date_epoch, out_option, packs_argument, refuse_shared_output, resolve_packs, \
    workers_option
from .runner import progress, runs


def _image_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    from ..export.tts import image_base

    try:
        return image_base(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


def _tts_folder(value: str, out_dir: Path) -> Path:
    """The folder --tts-folder names; a usage error with --out, or for 'auto' when the folder is not there."""
    import sys

    from ..export.tts_folder import saved_objects_folder

    if out_dir != Path("output"):
        raise click.UsageError("give --out or --tts-folder, not both")
    if value != "auto":
        folder = Path(value)
        if not value.strip() or (folder.exists() and not folder.is_dir()):
            raise click.BadParameter(f"'{value}' is not a folder; name the Saved Objects folder, or 'auto'",
                                     param_hint="--tts-folder")
        return folder
    folder = saved_objects_folder(sys.platform, Path.home())
    if not folder.is_dir():
        raise click.UsageError(f"--tts-folder auto: no folder {folder} (has Tabletop Simulator run on this "
                               "computer? if it keeps its files elsewhere, give --tts-folder DIR)")
    click.echo(f"Writing into Tabletop Simulator's Saved Objects folder: {folder}")
    return folder


@click.command()
@packs_argument
@out_option
@click.option("--image-url", metavar="URL", callback=_image_url,
              help="The http(s) folder address the images will be uploaded to (at most 1,000 characters); "
                   "the saved object then refers to URL + each image's file name instead of the files on this "
                   "computer.")
@click.option("--tts-folder", metavar="auto|DIR", default=None,
              help="Write into Tabletop Simulator's Saved Objects folder instead of --out: 'auto' finds the "
                   "system's default folder (it must exist) and says where; DIR names it.")
@workers_option
@runs
def tts_command(packs: tuple[str, ...], out_dir: Path, image_url: str | None, tts_folder: str | None) -> int:
    """Export decks and the board for Tabletop Simulator: OUT/<pack>/tts/.

    Each deck's distinct cards go on card sheets of at most 10 × 7 cards
    (69 cards and the back, in the cell TTS shows for a hidden card), sized
    to fit 4096 × 4096 px; beside them go each deck's back, the board as one
    image (at most 4096 px long) when the pack or its game module has one,
    the module's tokens as PNGs transparent round their disc, and
    <pack>.json, a saved object holding every deck, every copy of every card,
    the board and the tokens.
    Copy <pack>.json into TTS's Saves/Saved Objects folder (or export into
    it with --tts-folder) and spawn it from Objects > Saved Objects. By default it points at the images where they
    were written (file:/// paths: they work on this computer only); to play
    with others, upload the images and export again with --image-url. A pack
    with check errors is not exported (exit status 1).

    \b
    Examples:
      printkit export tts                      every bundled pack
      printkit export tts gag-grab --out dist
      printkit export tts cards/my-game --image-url https://example.org/my-game/
      printkit export tts gag-grab --tts-folder auto
    """
    from .export_run import run_export
    from ..export.tts import export_tts

    check_source_date_epoch()
    if tts_folder is not None:
        out_dir = _tts_folder(tts_folder, out_dir)
    roots = resolve_packs(packs, ignore_outside=False)
    refuse_shared_output(roots, out_dir)
    done: list = []

    def make(report, folder: Path) -> dict[Path, bytes]:
        with progress(report.id) as update:  # on a terminal: a deck of 2,000 cards takes a while
            done.append(export_tts(report, folder, image_url, update))
        return done[-1].files

    def summary(files: dict[Path, bytes]) -> str:
        line = done[-1].summary()
        return f"{line}; images expected at {image_url}" if image_url else line

    return run_export(roots, out_dir, ("tts",), make, summary)
