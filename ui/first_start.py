"""The first start of a new content version: the laws are read while a small window says so.

Every later start opens the content store in milliseconds (app/corpus/store.py). The first
start after the laws or the app changed must read every law file and write the store first:
a second at today's corpus, a minute at a thousand times its size. That reading runs on a
worker thread while the event loop runs here, so the desktop never sees a program that does
not answer; if it takes longer than a blink, a window shows how far it has got. Closing that
window quits: the store is written whole or not at all, so nothing is lost.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from app.corpus.laws import Content
from app.corpus.loading import load_content, stored_content
from ui import collector, theme
from ui.compat import override

SHOW_AFTER_MS = 400  # a quicker read is not worth a window flashing by
# The worker parses TOML in pure Python: with the default switch interval (5 ms) the window
# would wait that long for every repaint.
SWITCH_INTERVAL = 0.0005


class _Relay(QObject):
    """Carries the worker's news to the UI thread (queued: made on the UI thread)."""

    progressed = Signal(int, int)
    finished = Signal()


class ReadingLaws(QWidget):
    """Says that the laws are being read for this version, and how far it has got."""

    closed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Card Laws")
        self.heading = QLabel("Reading the laws for this version of Card Laws…")
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.heading.setFont(font)
        self.note = QLabel("This happens once for each new version; later starts are quick.")
        self.note.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # busy until the number of files is known
        self.bar.setAccessibleName("Law files read")
        self.count = QLabel("")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 20)
        layout.setSpacing(10)
        layout.addWidget(self.heading)
        layout.addWidget(self.note)
        layout.addWidget(self.bar)
        layout.addWidget(self.count)
        self.setMinimumWidth(460)

    def show_progress(self, done: int, total: int) -> None:
        """Law files read so far, of all; once all are read, the store is being written."""
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        if done < total:
            self.count.setText(f"{done:,} of {total:,} law files read")
        else:
            self.count.setText(f"All {total:,} law files read; putting them in order…")

    @override
    def closeEvent(self, event: QCloseEvent) -> None:
        self.closed.emit()
        super().closeEvent(event)


def load(root: Path | None = None, *, show_after_ms: int = SHOW_AFTER_MS,
         theme_mode: str | None = None) -> Content | None:
    """The content of `root` (the app's own by default), reading its files on a worker when
    its store is not current, with a window showing the progress if that takes a while.

    Raises ContentError as load_content does; None when the user closed the window (quit).
    `theme_mode` is the colour scheme the window is shown in (the user's, as the main window's).
    """
    found = stored_content(root)
    if found is not None:
        return found
    result: dict[str, object] = {}
    relay = _Relay()
    loop = QEventLoop()
    window = ReadingLaws()
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    relay.progressed.connect(window.show_progress)
    relay.finished.connect(loop.quit)
    window.closed.connect(loop.quit)

    def tell(signal: Signal, *args: int) -> None:
        # After a quit (the window closed) the app may be gone while the worker finishes.
        with contextlib.suppress(RuntimeError):
            signal.emit(*args)

    def read() -> None:
        try:
            result["content"] = load_content(
                root, cached=True, progress=lambda done, total: tell(relay.progressed, done, total))
        except BaseException as exc:  # handed to the UI thread, which raises it
            result["error"] = exc
        finally:
            tell(relay.finished)

    def show_if_still_reading() -> None:
        if not result:
            if theme_mode is not None:
                theme.apply(theme_mode)
            window.show()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(min(interval, SWITCH_INTERVAL))
    worker = threading.Thread(target=read, name="reading-laws", daemon=True)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(show_if_still_reading)
    try:
        collector.pin_to_ui_thread()  # no collection on the worker (ui/collector.py)
        worker.start()
        timer.start(show_after_ms)
        loop.exec()  # the worker's `finished` is queued: it arrives even if it came first
        timer.stop()
        if not result:  # the window was closed while reading: quit, writing nothing more
            return None
        worker.join()
    finally:
        sys.setswitchinterval(interval)
        window.hide()
        window.deleteLater()
    error = result.get("error")
    if isinstance(error, BaseException):
        raise error
    content = result["content"]
    assert isinstance(content, Content)
    return content
