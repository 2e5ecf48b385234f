"""`printkit export pod`: card files for a print-on-demand service."""
from __future__ import annotations

from pathlib import Path

import click

from .cliutil import check_source_date_epoch, out_option, packs_argument, refuse_shared_output, resolve_packs, \
    workers_option
from .runner import progress, runs
from ..export.services import SERVICE_IDS


@click.command()
@packs_argument
@click.option("--service", required=True, type=click.Choice(SERVICE_IDS),
              help="tgc (The Game Crafter) or mpc (MakePlayingCards): a PNG per card at the service's "
                   "template size; dtc (DriveThruCards): one PDF per deck, a page per card at trim plus "
                   "1/8 in bleed; pdf: the same at trim plus 3 mm bleed.")
@out_option
@workers_option
@runs
def pod_command(packs: tuple[str, ...], service: str, out_dir: Path) -> int:
    """Export every card for a print-on-demand service into OUT/<pack>/pod/<service>/.

    Each deck is a product to order; decks the manifest shuffles together
    ([shuffled_together]) are one. tgc and mpc write a folder per product: a
    PNG per distinct card face at the pixels of the service's template for
    its card size (trim plus the service's bleed, 300 dpi), numbered in
    upload order with the copies in the name (001-lucy-x2.png), the back
    last. A product whose card size the service does not sell is left out
    and reported (X960) with the service's nearest product; the rest are
    written, and the exit status is 1. dtc and pdf write one PDF per product:
    a page per distinct card at trim plus 1/8 in (dtc) or 3 mm (pdf) of
    bleed, no marks, TrimBox and BleedBox set, the back last. tgc, mpc and
    dtc also warn (X961) of card elements inside the service's 1/8 in cut
    band. Each export has a manifest.csv with the copies of every card
    (player aids included) and the file that holds it. PACK is a bundled
    pack id or a pack folder; with none, every bundled pack is exported.

    \b
    Examples:
      printkit export pod --service tgc gag-grab
      printkit export pod --service mpc cards/my-game --out dist
      printkit export pod --service dtc many-faces
      printkit export pod --service pdf            every bundled pack
    """
    from ..export.pod import make_files, summary
    from ..export.services import SERVICES
    from ..export.size import MAX_IMAGE_CARDS
    from .export_run import run_export

    check_source_date_epoch()
    roots = resolve_packs(packs, ignore_outside=False)
    refuse_shared_output(roots, out_dir)
    # An image per card takes longer than a PDF page.
    most = None if SERVICES[service].pdf_bleed_mm is not None else MAX_IMAGE_CARDS

    def make(report, folder: Path) -> dict[Path, bytes]:
        with progress(report.id) as update:  # on a terminal: a thousand images take a while
            return make_files(service, report, folder, update)

    return run_export(roots, out_dir, ("pod", service), make, summary, most)
