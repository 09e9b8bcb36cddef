"""The study modules as a table: everything, each game and each game's topics, with counts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from ui.compat import override
from ui.words import topic_name

if TYPE_CHECKING:
    from quizzes import ModuleStatus

MODULE_ID_ROLE = Qt.ItemDataRole.UserRole + 1
HEADERS = ("Module", "Due now", "New", "Seen")
Index = QModelIndex | QPersistentModelIndex


class ModuleModel(QAbstractTableModel):
    """One row per module (topics indented under their game); read-only."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[ModuleStatus] = []

    def set_modules(self, rows: Sequence[ModuleStatus]) -> None:
        """Show these modules and counts."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def status(self, row: int) -> ModuleStatus:
        """The module of a row, with its counts."""
        return self._rows[row]

    def row_of(self, module_id: str) -> int:
        """The row of a module (-1 if absent)."""
        return next((n for n, s in enumerate(self._rows) if s.module.id == module_id), -1)

    @override
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    @override
    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    @override
    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section] if 0 <= section < len(HEADERS) else None
        return None

    @override
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        status = self._rows[index.row()]
        module = status.module
        column = index.column()
        is_topic = "/" in module.id
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return "    " + topic_name(module.topics[0]) if is_topic else module.title
            return (str(status.due), str(status.new), f"{status.seen} of {status.total}")[
                column - 1]
        if role == Qt.ItemDataRole.ToolTipRole and column == 0:
            return module.title
        if role == Qt.ItemDataRole.FontRole and column == 0 and not is_topic:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == MODULE_ID_ROLE:
            return module.id
        return None
