"""Bulk loads on workers pause the garbage collector and leave what they built frozen."""

from __future__ import annotations

import gc
import threading

from ui import heap


def test_overlapping_loads_pause_the_collector_until_the_last_ends() -> None:
    assert gc.isenabled()
    first_in, second_in, first_may_end = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with heap.bulk():
            first_in.set()
            second_in.wait(5)
            first_may_end.wait(5)
            seen.append(gc.isenabled())

    worker = threading.Thread(target=first)
    worker.start()
    try:
        first_in.wait(5)
        with heap.bulk():
            second_in.set()
            assert not gc.isenabled()
        # The second load ended, the first still runs: the collector stays paused.
        assert not gc.isenabled()
        first_may_end.set()
        worker.join(5)
        assert seen == [False]
        assert gc.isenabled()
    finally:
        first_may_end.set()
        worker.join(5)
        heap.release()


def test_what_a_load_leaves_is_kept_out_of_later_collections() -> None:
    before = gc.get_freeze_count()
    try:
        with heap.bulk():
            kept = [{"law": n} for n in range(1000)]
        assert gc.get_freeze_count() >= before + len(kept)
    finally:
        heap.release()


def test_a_load_that_fails_still_resumes_the_collector() -> None:
    try:
        with heap.bulk():
            raise ValueError("a damaged file")
    except ValueError:
        pass
    finally:
        heap.release()
    assert gc.isenabled()


def test_a_load_does_not_turn_on_a_collector_that_was_off() -> None:
    gc.disable()
    try:
        with heap.bulk():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
        heap.release()
