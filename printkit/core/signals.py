"""Let a termination request (SIGTERM) end printkit as Ctrl-C does, so that temporary folders are removed."""
from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within this block, SIGTERM raises KeyboardInterrupt, as SIGINT does, so that every ``with`` block
    being run (a temporary checkout's) cleans up before the process ends. Only the main thread can
    handle signals; elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
