"""Opening a scenario file dropped on the window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QObject
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QWidget

from ui.compat import override


def dropped_scenario(mime: QMimeData) -> Path | None:
    """The one local .json file being dragged, if that is what it is."""
    urls = mime.urls() if mime.hasUrls() else []
    paths = [Path(u.toLocalFile()) for u in urls if u.isLocalFile()]
    if len(paths) == 1 and paths[0].suffix.lower() == ".json":
        return paths[0]
    return None


class ScenarioDropFilter(QObject):
    """An event filter that makes a window accept a dropped .json file and hands it on."""

    def __init__(self, window: QWidget, open_path: Callable[[Path], object]) -> None:
        super().__init__(window)
        self._open = open_path
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Drag-enter and drag-move events are drop events too (QDragMoveEvent < QDropEvent).
        if not isinstance(event, QDropEvent):
            return False
        path = dropped_scenario(event.mimeData())
        if path is None:
            return False
        if event.type() in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            event.acceptProposedAction()
            return True
        if event.type() == QEvent.Type.Drop:
            event.acceptProposedAction()
            self._open(path)
            return True
        return False
