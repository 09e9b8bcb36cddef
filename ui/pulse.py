"""A heartbeat on the UI thread, so that a worker's bulk load can give way to the window.

While the search index is built on a worker (seconds, at a first start of a new version),
the UI thread and the worker take turns at the GIL: every Qt call a screen makes lets the
worker in, and the UI thread then waits out the worker's time slice for it back. A screen
opened meanwhile stalled 100 ms for 26 ms of its own work. The pulse ticks on the UI thread;
when it is late, the UI thread is busy (building or painting a screen), and the worker's
`give_way` sleeps, holding nothing, until it ticks again.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 4
LATE = 0.006  # seconds since the last tick: the UI thread is busy with something long
STEP = 0.002  # how long the worker sleeps before it looks again
MOST = 0.5  # the longest a worker waits at one time (a modal dialog is not a reason to stop)


class Beat:
    """What a worker sees of the pulse: a plain object, so a worker never holds the QObject
    whose timer ticks on the UI thread (ui/threads.py says why)."""

    def __init__(self) -> None:
        self.last = time.monotonic()
        self.running = False  # a plain flag: workers read it, and stop() may come from one

    def stop(self) -> None:
        """Stop ticking: at once on the UI thread, at the next tick when said by a worker."""
        self.running = False

    def give_way(self) -> None:
        """On a worker: wait while the UI thread is late (at most MOST seconds at a time)."""
        waited = 0.0
        while self.running and time.monotonic() - self.last > LATE and waited < MOST:
            time.sleep(STEP)
            waited += STEP


class UiPulse(QObject):
    """Ticks on the UI thread while running; workers are handed its `beat` and call
    `beat.give_way()` (and may `beat.stop()`), never holding the pulse itself."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self._tick)
        self.beat = Beat()

    @property
    def running(self) -> bool:
        """Whether it ticks (until a stop said by a worker is seen at the next tick)."""
        return self.beat.running

    def start(self) -> None:
        """Begin ticking (on the UI thread)."""
        self.beat.last = time.monotonic()
        self.beat.running = True
        self._timer.start()

    def stop(self) -> None:
        """Stop ticking (see Beat.stop)."""
        self.beat.stop()

    def _tick(self) -> None:
        if not self.beat.running:
            self._timer.stop()
            return
        self.beat.last = time.monotonic()
