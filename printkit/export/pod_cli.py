"""Placeholder: the `printkit export pod` command (being written)."""
from __future__ import annotations

import click


@click.command()
def pod_command() -> None:
    """Not written yet."""
    raise click.UsageError("not written yet")
