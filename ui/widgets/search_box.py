"""A search field that reports its text once typing pauses."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLineEdit, QWidget

DEBOUNCE_MS = 120


class SearchBox(QLineEdit):
    """A QLineEdit with a debounce timer.

    Signals:
        query_settled(str): the text, DEBOUNCE_MS after the last keystroke (or at once on flush).
        query_submitted(str): Return was pressed.
    """

    query_settled = Signal(str)
    query_submitted = Signal(str)

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(placeholder)
        self.setClearButtonEnabled(True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.flush)
        self.textChanged.connect(self._timer.start)
        self.returnPressed.connect(self._on_return)

    def flush(self) -> None:
        """Report the current text now instead of waiting for the pause."""
        self._timer.stop()
        self.query_settled.emit(self.text())

    def _on_return(self) -> None:
        self.flush()
        self.query_submitted.emit(self.text())
