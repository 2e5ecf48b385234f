"""The base of every error printkit raises on purpose, and the exit status each kind ends a command with.

printkit.commands.runner turns them into messages; this module imports nothing, so any layer can raise them.
"""
from __future__ import annotations

from typing import Any

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED = 130  # as a shell reports a command Ctrl-C stopped


class PrintkitError(Exception):
    """Something printkit will not or cannot do with its input; the message says why, for the user.

    One that ends a command is printed without a traceback and exits with ``exit_status``.
    """

    exit_status = EXIT_FINDINGS


class UsageProblem(PrintkitError):
    """The way printkit was called is at fault, not a pack: reported as a usage error (exit 2).

    ``option`` names the command-line option or argument at fault, when one is.
    """

    exit_status = EXIT_USAGE
    option: str | None = None


class PackRefused(PrintkitError):
    """The pack has check errors; ``report`` holds them, shown as 'printkit check' shows them."""

    def __init__(self, report: Any):  # a checks.PackReport: this module imports nothing of printkit's
        super().__init__(f"{report.id}: {report.errors} error(s)")
        self.report = report


def reason(exc: BaseException) -> str:
    """What went wrong, in one line for the user: a file error's cause and file, else the message."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    return str(exc)
