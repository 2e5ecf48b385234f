"""Why an export refuses a pack."""
from __future__ import annotations

from ..core.errors import PrintkitError


class ExportRefused(PrintkitError, ValueError):
    """The pack cannot go where it was asked to (a card size the service does not print, say)."""
