"""Placeholder: the `printkit export tts` command (being written)."""
from __future__ import annotations

import click


@click.command()
def tts_command() -> None:
    """Not written yet."""
    raise click.UsageError("not written yet")
