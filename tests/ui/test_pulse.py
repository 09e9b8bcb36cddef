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


def test_a_search_typed_while_the_index_is_built_waits_for_it_and_is_answered(
        qapp, tmp_path, monkeypatch):
    # The build gives way to a busy window, but not to one that waits for it: a search
    # before the index is ready blocks the UI thread, which must not stall the build.
    from conftest import FIXTURE_CONTENT

    from app.corpus.loading import load_content
    from ui.deferred_store import DeferredStore

    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("ui.pulse.MOST", 5.0)  # giving way to a waiting window would show
    import app.search.index

    real = app.search.index.build
    started = threading.Event()

    def slow_build(*args, **kwargs):
        started.set()
        time.sleep(0.1)  # the UI thread asks for a search meanwhile
        return real(*args, **kwargs)

    monkeypatch.setattr(app.search.index, "build", slow_build)
    # Whether the build gave way while the UI thread waited for it: judged by the beat's own
    # condition, not by a wall clock (a busy machine makes any build slow).
    import ui.pulse

    searching = threading.Event()
    gave_way: list[float] = []
    real_give_way = ui.pulse.Beat.give_way

    def watched(beat: ui.pulse.Beat) -> None:
        if (searching.is_set() and beat.running
                and time.monotonic() - beat.last > ui.pulse.LATE):
            gave_way.append(time.monotonic())
        real_give_way(beat)

    monkeypatch.setattr(ui.pulse.Beat, "give_way", watched)
    store = DeferredStore(load_content(FIXTURE_CONTENT, seeds_dir=None))
    store.warm_in_background()
    assert started.wait(60)
    searching.set()
    hits = store.search("misdeal")  # waits on the UI thread, not processing events
    assert hits
    assert gave_way == []  # the build never stood aside for a window that waited on it
