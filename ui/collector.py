"""The cyclic garbage collector runs on the UI thread only, once the app has worker threads.

Python collects reference cycles in whichever thread happens to allocate past the collector's
threshold. With workers preparing the question bank, reading a rehearsal or summing figures,
that is often a worker; a cycle that holds a Qt wrapper (a widget and a slot that refers to
it) is then destroyed on the worker thread, where Qt may not touch it. A suite run crashed
that way: a collection on the thread preparing the bank, in the middle of ruling a table.

So the first worker turns automatic collection off, and a timer on the UI thread collects
what is due, generation by generation, with the interpreter's own thresholds (the pattern of
calibre and pyqtgraph). Collections still happen as often as the thresholds ask, only on the
thread that owns the widgets. `collect_due` is also what a caller with no event loop (a test
between its cases) calls to keep the heap bounded.
"""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QCoreApplication, QObject, QTimer

# How often the UI thread looks at the collector's counts: a check costs a microsecond, and
# garbage may wait this long before it is collected.
CHECK_MS = 500


class _Collector(QObject):
    """The timer that collects on the UI thread while automatic collection is off."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_MS)
        self._timer.timeout.connect(collect_due)
        self._timer.start()
        app.aboutToQuit.connect(self._timer.stop)


_collector: _Collector | None = None


def pin_to_ui_thread() -> None:
    """Turn automatic collection off and collect on the UI thread from now on (once per
    app). Call it on the UI thread before starting a worker thread."""
    global _collector
    app = QCoreApplication.instance()
    if app is None or threading.current_thread() is not threading.main_thread():
        return
    if _collector is None or _collector.parent() is not app:
        _collector = _Collector(app)
    gc.disable()


def collect_due() -> int:
    """Collect the generations whose counts passed their thresholds, as the interpreter would
    on its own; returns how many objects were freed. Does nothing off the main thread."""
    if gc.isenabled() or threading.current_thread() is not threading.main_thread():
        return 0
    first, second, third = gc.get_threshold()
    young, middle, old = gc.get_count()
    if young <= first:
        return 0
    if middle + 1 <= second:
        return gc.collect(0)
    if old + 1 <= third:
        return gc.collect(1)
    return gc.collect(2)
