"""Reference cycles are collected on the UI thread, never on a worker (ui/collector.py).

A cycle holding a Qt wrapper destroyed on a worker thread crashes the app; here the cycle
records the thread its finaliser ran on, and a worker allocates far past the collector's
threshold while it waits to be collected.
"""

from __future__ import annotations

import gc
import threading

from ui.threads import start_worker


class _Cycle:
    def __init__(self, seen: list[str]) -> None:
        self.me = self
        self.seen = seen

    def __del__(self) -> None:
        self.seen.append(threading.current_thread().name)


def test_a_cycle_made_garbage_while_a_worker_allocates_is_collected_on_the_ui_thread(qtbot):
    seen: list[str] = []
    kept: list[object] = []  # alive: freeing them would count back down to no collection
    done = threading.Event()

    def churn() -> None:
        # Tens of thousands of tracked containers: several times the first generation's
        # threshold, so an automatic collection would start on this thread.
        kept.extend([n] for n in range(50 * gc.get_threshold()[0]))
        done.set()

    gc.collect()
    assert gc.get_threshold()[0] > 0
    _Cycle(seen)  # garbage at once: only a collection frees it
    start_worker(churn, "churn")
    qtbot.waitUntil(done.is_set)
    qtbot.waitUntil(lambda: bool(seen))  # the UI thread's timer collects it
    assert seen == [threading.main_thread().name]
    assert not gc.isenabled()  # a worker ran: collections are the UI thread's
