"""A search field that reports its text at once, coalescing only keystrokes that queue up."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

from ui.compat import override


class SearchBox(QLineEdit):
    """A QLineEdit reporting each change on the next turn of the event loop.

    There is no fixed pause: a search takes about a millisecond, so every keystroke is
    answered. Keys typed while a search (or the paint after it) is still running queue up in
    the event loop; they are all applied before the queued report is delivered, so one search
    answers them together instead of one per key.

    The report is a queued call (a posted event of normal priority), not a zero-delay timer:
    Qt delivers posted events before its repaint request (posted at low priority) and before
    timers, so the search runs and its results are painted in the same paint as the key
    itself; with a timer, the window was painted once with the old results, then again.

    Signals:
        query_settled(str): the text, once the keystrokes queued so far are applied.
        query_submitted(str): Return was pressed.
        down_pressed(): the Down arrow was pressed (the owner moves into its results).
    """

    query_settled = Signal(str)
    query_submitted = Signal(str)
    down_pressed = Signal()
    _report = Signal()  # queued to self: see the class's docstring

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(placeholder)
        self.setClearButtonEnabled(True)
        self._pending = False
        self._report.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self.textChanged.connect(self._changed)
        self.returnPressed.connect(self._on_return)

    def _changed(self) -> None:
        if not self._pending:  # one report answers every key already queued
            self._pending = True
            self._report.emit()

    def _deliver(self) -> None:
        if self._pending:  # not already reported by flush()
            self.flush()

    def flush(self) -> None:
        """Report the current text now."""
        self._pending = False
        self.query_settled.emit(self.text())

    def _on_return(self) -> None:
        self.flush()
        self.query_submitted.emit(self.text())

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Down and not event.modifiers():
            self.down_pressed.emit()
            return
        super().keyPressEvent(event)
