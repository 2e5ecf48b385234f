"""``printkit export``: a click group whose subcommands live beside the exports they run."""
from __future__ import annotations

import click

from .export_pod import pod_command
from .export_tts import tts_command


@click.group()
def export() -> None:
    """Export cards for Tabletop Simulator or a print-on-demand service.

    \b
    Examples:
      printkit export tts                      every bundled pack, into ./output/<pack>/tts/
      printkit export pod --service tgc gag-grab
      printkit export pod --service pdf cards/my-game --out dist
    """


export.add_command(tts_command, "tts")
export.add_command(pod_command, "pod")
