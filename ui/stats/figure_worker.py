"""Computes the statistics (or any sums of the progress file: the study modules' counts) off
the UI thread, on a read-only connection of its own.

SQLite sums the figures (app.progress.figures) with the GIL released, so the UI thread keeps
painting while a large history is summed; the worker holds the GIL only to turn a few hundred
rows into figures. One worker thread keeps one connection, so the catalogue is copied into
its temporary table once. A store in memory (tests, previews) has no file another connection
could read: its figures are computed at once on the calling thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from ui import collector

if TYPE_CHECKING:
    from app.progress import ProgressStore
    from app.progress.figures import FigureQueries
    from quizzes import ItemInfo, Scheduling


class _Relay(QObject):
    """Carries results from the worker thread to the UI thread (queued signals)."""

    done = Signal(int, object)
    failed = Signal(int, str)


class _Readers:
    """The worker thread's read-only connection, opened on first use (a plain object, so
    that the worker's job need not hold the FigureWorker)."""

    def __init__(self) -> None:
        self.reader: FigureQueries | None = None
        self.path: Path | None = None

    def reader_for(self, path: Path) -> FigureQueries:
        from app.progress.figures import FigureQueries

        if self.reader is None or self.path != path:
            self.close()
            self.reader = FigureQueries.reader(path)
            self.path = path
        return self.reader

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None


class FigureWorker(QObject):
    """Asks for figures; `ready(result)` brings the newest back on the UI thread.

    Signals:
        ready(object): the result of the latest request (Statistics for `request`).
        failed(str): the latest request failed (the reason, in words).
    """

    ready = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._executor: ThreadPoolExecutor | None = None
        self._readers = _Readers()  # touched only on the worker thread
        self._ticket = 0
        self.busy = False
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)

    def request(
        self,
        store: ProgressStore,
        profile_id: int,
        now: datetime,
        catalogue: Mapping[str, ItemInfo],
        scheduling: Scheduling,
        *,
        laws: bool = False,
    ) -> None:
        """Compute the statistics' figures; only the newest request's answer is delivered."""
        from quizzes.statistics import statistics

        self.run(store, lambda source: statistics(source, profile_id, now, catalogue,
                                                  scheduling, laws=laws))

    def run(self, store: ProgressStore, job: Callable[[Any], object]) -> None:
        """Run `job(source)` on the worker, `source` being its read-only FigureQueries (or the
        store itself when it lives in memory); `ready` brings the newest job's result back."""
        self._ticket += 1
        ticket = self._ticket
        self.busy = True
        if store.path is None:
            try:
                result = job(store)
            except Exception as exc:  # the screen says it instead of crashing
                self._on_failed(ticket, f"{type(exc).__name__}: {exc}")
            else:
                self._on_done(ticket, result)
            return
        if self._executor is None:
            collector.pin_to_ui_thread()  # no collection on the worker (ui/collector.py)
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="figures")
        # Not `self`: a worker holding this QObject could be the last to let go of it, and
        # destroy it off its thread (ui/threads.py).
        path, relay, readers = store.path, self._relay, self._readers

        def compute() -> None:
            try:
                result = job(readers.reader_for(path))
            except Exception as exc:
                relay.failed.emit(ticket, f"{type(exc).__name__}: {exc}")
            else:
                relay.done.emit(ticket, result)

        self._executor.submit(compute)

    def _on_done(self, ticket: int, result: object) -> None:
        if ticket == self._ticket:
            self.busy = False
            self.ready.emit(result)

    def _on_failed(self, ticket: int, reason: str) -> None:
        if ticket == self._ticket:
            self.busy = False
            self.failed.emit(reason)

    def close(self) -> None:
        """Finish the work in hand and close the worker's connection."""
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None
        self._readers.close()
