"""balance.pdf drawn: the simulation's pages (``sim.balance_pdf``) rendered to PDF bytes."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..sim.balance_pdf import balance_pages
from .pdf import render_pdf


def balance_pdf(summary: Mapping[str, Any], fallback: Sequence[str] = ()) -> tuple[bytes, int]:
    """balance.pdf's bytes and its number of pages; ``fallback``: the pack's fallback fonts."""
    pages = balance_pages(summary, fallback)
    return render_pdf(pages, {}, f"{summary['title']}: balance", "Simulated games: win rates, length, cards"), \
        len(pages)
