"""Run something once, right after a widget is first painted."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject

from ui.compat import override


class FirstPaintHook(QObject):
    """An event filter that calls `then` once, when `widget` receives its first paint."""

    def __init__(self, widget: QObject, then: Callable[[], object]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            self._then()
        return False
