"""Placeholder: the `printkit diff` command (being written)."""
from __future__ import annotations

import click


@click.command()
def diff_command() -> None:
    """Not written yet."""
    raise click.UsageError("not written yet")
