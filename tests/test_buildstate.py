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


def test_records_are_found_by_identity_within_a_build_and_drawn_again_in_the_next():
    from printkit.core.buildstate import per_build_of

    calls: list[int] = []

    @per_build_of(4)
    def measure(record: dict) -> int:  # a dict: not hashable, as a pack's records are not
        calls.append(1)
        return len(record)

    one, same_value = {"a": 1}, {"a": 1}
    with build_state():
        assert measure(one) == measure(one) == 1 and len(calls) == 1
        measure(same_value)  # equal but another record: drawn for itself
        assert len(calls) == 2
    with build_state():
        measure(one)
    assert len(calls) == 3
    measure(one)
    measure(one)  # outside a build, nothing is kept
    assert len(calls) == 5


def test_a_decks_back_is_drawn_once_per_ink_in_a_build():
    from pathlib import Path

    from printkit.faces import back_face
    from printkit.model.loader import load_pack

    with build_state():
        pack, _ = load_pack(Path(__file__).parent.parent / "cards" / "gag-grab")
        spec = pack.manifest.decks[0]
        full = back_face(spec, pack.manifest, pack)
        assert back_face(spec, pack.manifest, pack, "full") is full
        light = back_face(spec, pack.manifest, pack, "light")
        assert light is not full and light.face != full.face
