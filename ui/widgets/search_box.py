"""A search field that reports its text at once, coalescing only keystrokes that queue up."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget
from typing_extensions import override


class SearchBox(QLineEdit):
    """A QLineEdit reporting each change on the next turn of the event loop.

    There is no fixed pause: a search takes about a millisecond, so every keystroke is
    answered. Keys typed while a search (or the paint after it) is still running queue up in
    the event loop; they are all applied before the zero-delay timer fires, so one search
    answers them together instead of one per key.

    Signals:
        query_settled(str): the text, once the keystrokes queued so far are applied.
        query_submitted(str): Return was pressed.
        down_pressed(): the Down arrow was pressed (the owner moves into its results).
    """

    query_settled = Signal(str)
    query_submitted = Signal(str)
    down_pressed = Signal()

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(placeholder)
        self.setClearButtonEnabled(True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.flush)
        self.textChanged.connect(self._changed)
        self.returnPressed.connect(self._on_return)

    def _changed(self) -> None:
        if not self._timer.isActive():  # one report answers every key already queued
            self._timer.start()

    def flush(self) -> None:
        """Report the current text now."""
        self._timer.stop()
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
