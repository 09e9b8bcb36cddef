"""A worker's bulk load gives way while the UI thread is busy (ui/pulse.py), and never to a
window that is itself waiting for that load."""

from __future__ import annotations

import threading
import time

from PySide6.QtWidgets import QApplication

from ui.pulse import MOST, UiPulse


def _spin(seconds: float) -> None:
    """Let the UI thread's event loop run for a while."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.001)


def test_a_worker_waits_while_the_ui_thread_is_busy_and_goes_on_when_it_is_free(qapp):
    pulse = UiPulse()
    pulse.start()
    _spin(0.02)
    waited: list[float] = []

    def worker() -> None:
        start = time.monotonic()
        pulse.beat.give_way()
        waited.append(time.monotonic() - start)

    # The UI thread is busy (no events run) for 80 ms: the worker, arriving late, waits.
    time.sleep(0.03)
    thread = threading.Thread(target=worker)
    thread.start()
    time.sleep(0.08)
    assert not waited  # still waiting for the UI thread
    _spin(0.05)  # the UI thread is free again: its pulse ticks, the worker goes on
    thread.join(1)
    assert waited and waited[0] < MOST
    # A UI thread that ticks lets the worker through at once.
    start = time.monotonic()
    threading.Thread(target=pulse.beat.give_way).start()
    _spin(0.02)
    assert time.monotonic() - start < 0.3
    pulse.stop()
    _spin(0.02)


def test_a_stopped_pulse_never_holds_a_worker_back(qapp):
    pulse = UiPulse()
    pulse.start()
    pulse.stop()
    time.sleep(0.05)  # late, but stopped: someone is waiting for the worker
    start = time.monotonic()
    pulse.beat.give_way()
    assert time.monotonic() - start < 0.01
