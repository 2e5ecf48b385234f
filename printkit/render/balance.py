"""balance.pdf drawn: the simulation's pages (``sim.balance_pdf``) rendered to PDF bytes."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..sim.balance_pdf import balance_pages
from .pdf import render_pdf


def balance_pdf(summary: Mapping[str, Any]) -> tuple[bytes, int]:
    """balance.pdf's bytes and its number of pages."""
    pages = balance_pages(summary)
    return render_pdf(pages, {}, f"{summary['title']}: balance", "Simulated games: win rates, length, cards"), \
        len(pages)
