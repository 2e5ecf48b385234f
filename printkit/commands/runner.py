"""How every command runs: what printkit's errors, file errors, refused packs and Ctrl-C print, and the exit status.

A command's body is decorated with ``runs``: what it returns is its exit status, and an error that ends it is
one message (no traceback) and the status of its kind (see printkit.core.errors). A command that does the same for
several packs or files wraps each in ``Steps.step``: a step that fails is reported and the next one runs.
"""
from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import IO

import click

from ..core.errors import EXIT_INTERRUPTED, EXIT_OK, PackRefused, PrintkitError, UsageProblem, reason
from .report import format_text, use_color, visible

# What Ctrl-C prints and exits with; a command that runs until stopped (--watch) sets its own.
_ctrl_c: ContextVar[tuple[str, int]] = ContextVar("ctrl_c", default=("printkit: interrupted", EXIT_INTERRUPTED))


def runs(body: Callable[..., int | None]) -> Callable[..., None]:
    """A click command's body run by the runner: it returns its exit status (None for 0)."""
    @functools.wraps(body)
    def command(*args, **kwargs) -> None:
        sys.exit(run_command(functools.partial(body, *args, **kwargs)))
    command.runner = run_command  # type: ignore[attr-defined]  # how the suite tells every command goes through here
    return command


def run_command(body: Callable[[], int | None]) -> int:
    """Run ``body``; its exit status, or the message and status of what ended it."""
    token = _ctrl_c.set(_ctrl_c.get())
    try:
        return body() or EXIT_OK
    except UsageProblem as exc:  # click says it as it says its own usage errors, with the usage (exit 2)
        if exc.option:
            raise click.BadParameter(reason(exc), param_hint=f"'{exc.option}'") from None
        raise click.UsageError(reason(exc)) from None
    except PackRefused as refused:
        return show_refused(refused, "done")
    except (PrintkitError, OSError) as exc:
        return show_failure(exc, _command_name())
    except KeyboardInterrupt:
        message, status = _ctrl_c.get()
        click.echo(message, err=True)
        return status
    finally:
        _ctrl_c.reset(token)


def _command_name() -> str:
    """'printkit' and the running command's name ('printkit export tts'), to begin its messages with."""
    ctx = click.get_current_context(silent=True)
    return " ".join(["printkit", *(ctx.command_path.split()[1:] if ctx else ())])


def on_ctrl_c(message: str, status: int) -> None:
    """Make Ctrl-C end the running command with ``message`` and ``status`` (0 for a watch, which ends so)."""
    _ctrl_c.set((message, status))


def show_refused(refused: PackRefused, verb: str, stream: IO[str] | None = None) -> int:
    """A pack with check errors: its findings as 'printkit check' shows them (on ``stream``, stdout by default)
    and why nothing was made of it."""
    stream = stream or sys.stdout
    click.echo(format_text([refused.report], color=use_color(stream)), color=True, file=stream)
    click.echo(visible(f"{refused.report.id}: not {verb} because of the errors above"), err=True)
    return refused.exit_status


def show_usage_problem(exc: UsageProblem) -> int:
    """A usage error met while working on one of several packs, said as click says one."""
    invalid = f"Invalid value for '{exc.option}': " if exc.option else ""
    click.echo(visible(f"Error: {invalid}{reason(exc)}"), err=True)
    return exc.exit_status


def show_failure(exc: PrintkitError | OSError, subject: str) -> int:
    """'SUBJECT: why' on stderr; the exit status of the error's kind."""
    # Line by line: a message may list several located errors, one a line; any other control character is
    # still shown as an escape.
    click.echo("\n".join(visible(line) for line in f"{subject}: {reason(exc)}".split("\n")), err=True)
    return exc.exit_status if isinstance(exc, PrintkitError) else PrintkitError.exit_status


class Steps:
    """The exit status of a command that works on several packs or files, one step each."""

    def __init__(self) -> None:
        self.status = EXIT_OK

    @contextmanager
    def step(self, subject: str, verb: str, findings: IO[str] | None = None,
             usage_ends: bool = False) -> Iterator[None]:
        """Do one pack's or file's work; if it fails, say 'SUBJECT: not VERB: why' (or show the pack's
        findings, to ``findings``, or the usage error: an option that does not suit this pack) and go on.
        With ``usage_ends``, a usage error ends the command, as click ends it."""
        try:
            yield
        except UsageProblem as exc:
            if usage_ends:
                raise
            self.status = max(self.status, show_usage_problem(exc))
        except PackRefused as refused:
            self.status = max(self.status, show_refused(refused, verb, findings))
        except (PrintkitError, OSError) as exc:
            self.status = max(self.status, show_failure(exc, f"{subject}: not {verb}"))


@contextmanager
def progress(label: str) -> Iterator[Callable[[str, int, int], None] | None]:
    """``update(what, done, total)`` drawing 'LABEL: WHAT DONE/TOTAL' on one line of stderr when it is a
    terminal, at most ten times a second; None otherwise. The line is wiped at the end, so what is printed
    next starts on a clean line."""
    if not sys.stderr.isatty():
        yield None
        return
    last = [0.0, False]  # when the line was last drawn; whether it was

    def update(what: str, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < 0.1:
            return
        last[:] = [now, True]
        _draw(f"\r\033[K{label}: {what} {done:,}/{total:,}")

    try:
        yield update
    finally:
        if last[1]:
            _draw("\r\033[K")


def _draw(text: str) -> None:
    """Write to the terminal as it is, control codes and all, at once."""
    sys.stderr.write(text)
    sys.stderr.flush()
