"""A guard for unattended runs (`--screenshots`): no modal dialog may wait for a person.

While the guard is active, any modal dialog that opens is closed within a tenth of a second
(rejected: the "Cancel" or "No" answer, nothing saved or discarded), and what it said is
printed to stderr, so a run that hits one ends instead of hanging for ever.
"""

from __future__ import annotations

import sys
from typing import TextIO

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

POLL_MS = 100


class ModalGuard(QObject):
    """Closes every modal dialog that opens while it is active; `closed` lists their titles."""

    def __init__(self, parent: QObject | None = None, report: TextIO | None = None) -> None:
        super().__init__(parent)
        self.closed: list[str] = []
        self._report = report if report is not None else sys.stderr
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._close_modal)

    def __enter__(self) -> ModalGuard:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.stop()

    def _close_modal(self) -> None:
        widget = QApplication.activeModalWidget()
        if widget is None:
            return
        title = widget.windowTitle() or type(widget).__name__
        text = widget.text() if isinstance(widget, QMessageBox) else ""
        self.closed.append(title)
        print(f"cardlaws: closed a dialog nobody could answer: {title}: {text}",
              file=self._report)
        if isinstance(widget, QDialog):
            widget.reject()
        else:
            QWidget.close(widget)
