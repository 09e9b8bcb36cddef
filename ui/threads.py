"""Worker threads whose references are let go on the UI thread.

A worker's target holds the Qt objects it reports through (a store that announces it is
ready, a relay). When the window lets go of them while the worker is still at work, the
worker's own reference is the last, and the object would be destroyed on the worker thread
as it ends: a QObject with a running timer destroyed there leaves the timer registered with
the UI thread's event loop, which then delivers it to freed memory (a crash of the whole app,
seen once in CI). So the target is held here until its thread has ended, and dropped on the
UI thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop, QObject, Signal

from ui import collector

# How long a caller that blocks on a worker (the screenshot run, the tests) waits at most: a
# guard against a hang, never a limit on speed. The wait ends as soon as the worker is done;
# on a busy machine the work takes minutes, and a shorter bound made a correct run fail.
HANG_MS = 600_000


def run_events_until(condition: Callable[[], bool], timeout_ms: int = HANG_MS) -> bool:
    """Run the UI thread's events until `condition()` holds, a worker's result having come
    back (screenshots, tests); the condition's value at the end."""
    deadline = QDeadlineTimer(timeout_ms)
    while not condition() and not deadline.hasExpired():
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    return condition()


class _Reaper(QObject):
    """Lets go of an ended thread's target on the UI thread (a queued signal)."""

    ended = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.held: dict[threading.Thread, Callable[[], None]] = {}
        self.ended.connect(self._reap)

    def _reap(self, thread: threading.Thread) -> None:
        thread.join()  # its last frame and its reference to the target are gone
        self.held.pop(thread, None)


_reaper: _Reaper | None = None


def start_worker(target: Callable[[], None], name: str) -> threading.Thread:
    """Run `target` on a daemon thread; what it holds is let go on the UI thread once the
    thread has ended. Call it on the UI thread."""
    global _reaper
    collector.pin_to_ui_thread()  # collections on this thread only, not the worker's
    if _reaper is None:
        _reaper = _Reaper()
    reaper = _reaper

    def run() -> None:
        try:
            target()
        finally:
            reaper.ended.emit(threading.current_thread())

    thread = threading.Thread(target=run, name=name, daemon=True)
    reaper.held[thread] = target
    thread.start()
    return thread


def held_workers() -> int:
    """How many workers' targets are held (running, or ended and not yet let go)."""
    return len(_reaper.held) if _reaper is not None else 0
