"""Per-build caches: kept for one build, forgotten when it ends, never kept outside one."""
from __future__ import annotations

import pytest

from printkit.core.buildstate import build_state, current_state, per_build


def counted(maxsize: int = 8):
    """A per-build function that doubles its argument, and the list of arguments it really computed."""
    calls: list[int] = []

    @per_build(maxsize)
    def double(n: int) -> int:
        calls.append(n)
        if n < 0:
            raise ValueError(n)
        return 2 * n
    return double, calls


def test_a_build_computes_each_argument_once_and_the_next_build_again():
    double, calls = counted()
    with build_state():
        assert [double(1), double(1), double(2)] == [2, 2, 4]
    with build_state():
        assert double(1) == 2
    assert calls == [1, 2, 1]


def test_outside_a_build_nothing_is_kept():
    double, calls = counted()
    assert current_state() is None
    assert [double(3), double(3)] == [6, 6]
    assert calls == [3, 3]


def test_a_state_opened_inside_a_build_is_the_build_own():
    double, calls = counted()
    with build_state() as outer:
        double(1)
        with build_state() as inner:  # a check or a render inside the build
            assert inner is outer
            double(1)
        assert current_state() is outer  # leaving the inner block does not end the build
    assert current_state() is None
    assert calls == [1]


def test_the_least_recently_used_entry_goes_first():
    double, calls = counted(maxsize=2)
    with build_state():
        for n in (1, 2, 1, 3, 1, 2):  # 3 pushes out 2 (1 was used since); then 2 pushes out 3
            double(n)
    assert calls == [1, 2, 3, 2]


def test_a_failure_is_not_kept():
    double, calls = counted()
    with build_state():
        for _ in range(2):
            with pytest.raises(ValueError):
                double(-1)
    assert calls == [-1, -1]
