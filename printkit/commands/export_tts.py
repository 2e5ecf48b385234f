"""``printkit export tts``: card sheets, backs, the board and a saved object for Tabletop Simulator."""
from __future__ import annotations

from pathlib import Path

import click

from .cliutil import check_source_date_epoch, out_option, packs_argument, refuse_shared_output, resolve_packs
from .runner import progress, runs


def _image_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    from ..export.tts import image_base

    try:
        return image_base(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


@click.command()
@packs_argument
@out_option
@click.option("--image-url", metavar="URL", callback=_image_url,
              help="The http(s) folder address the images will be uploaded to (at most 1,000 characters); "
                   "the saved object then refers to URL + each image's file name instead of the files on this "
                   "computer.")
@runs
def tts_command(packs: tuple[str, ...], out_dir: Path, image_url: str | None) -> int:
    """Export decks and the board for Tabletop Simulator: OUT/<pack>/tts/.

    Each deck's distinct cards go on card sheets of at most 10 × 7 cards
    (69 cards and the back, in the cell TTS shows for a hidden card), sized
    to fit 4096 × 4096 px; beside them go each deck's back, the board as one
    image (at most 4096 px long) when the pack or its game module has one,
    the module's tokens as PNGs transparent round their disc, and
    <pack>.json, a saved object holding every deck, every copy of every card,
    the board and the tokens.
    Copy <pack>.json into TTS's Saves/Saved Objects folder and spawn it from
    Objects > Saved Objects. By default it points at the images where they
    were written (file:/// paths: they work on this computer only); to play
    with others, upload the images and export again with --image-url. A pack
    with check errors is not exported (exit status 1).

    \b
    Examples:
      printkit export tts                      every bundled pack
      printkit export tts gag-grab --out dist
      printkit export tts cards/my-game --image-url https://example.org/my-game/
    """
    from .export_run import run_export
    from ..export.tts import export_tts

    check_source_date_epoch()
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
