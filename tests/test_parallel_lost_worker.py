"""A worker killed outright ends the command with a message, never a wait for ever."""
from __future__ import annotations

import os
import signal

import pytest

from printkit.core.parallel import WorkerLost, ordered_map


def setup() -> None:
    pass


def square_or_die(n: int) -> int:
    if n == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer would
    return n * n


def test_results_come_back_in_task_order():
    assert list(ordered_map(__name__, "square_or_die", [0, 1, 2, 4, 5], 2, "setup")) == [0, 1, 4, 16, 25]


def test_a_worker_killed_mid_task_is_reported_not_waited_for():
    with pytest.raises(WorkerLost, match="ended before finishing"):
        list(ordered_map(__name__, "square_or_die", list(range(8)), 2, "setup"))
