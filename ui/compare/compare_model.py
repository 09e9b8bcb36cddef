"""The compare grid as a table model: situation, one column per code, then the contrast."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont
from typing_extensions import override

from ui import theme
from ui.compare.compare_grid import CompareRow, cell_text
from ui.words import short_code_name

LAW_ID_ROLE = Qt.ItemDataRole.UserRole + 1


class CompareModel(QAbstractTableModel):
    """Rows of a CompareGrid; a code cell's LAW_ID_ROLE is the law it opens (or None)."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[CompareRow] = []
        self._codes: list[str] = []

    def set_rows(self, rows: Sequence[CompareRow], codes: Sequence[str]) -> None:
        """Show another game's grid."""
        self.beginResetModel()
        self._rows = list(rows)
        self._codes = list(codes)
        self.endResetModel()

    @property
    def codes(self) -> list[str]:
        """The codes shown as columns, in order."""
        return list(self._codes)

    def row(self, row: int) -> CompareRow:
        """The situation shown in a row."""
        return self._rows[row]

    @override
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    @override
    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._codes) + 2

    @override
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section == 0:
            return "Situation"
        if section == len(self._codes) + 1:
            return "Contrast"
        if 0 < section <= len(self._codes):
            return short_code_name(self._codes[section - 1])
        return None

    @override
    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if column == 0:
            return self._situation(row, role)
        if column == len(self._codes) + 1:
            return self._contrast(row, role)
        if not 0 < column <= len(self._codes):
            return None
        laws = row.cells[self._codes[column - 1]]
        if role == Qt.ItemDataRole.DisplayRole:
            return cell_text(laws)
        if role == LAW_ID_ROLE:
            return laws[0].id if laws else None
        if role == Qt.ItemDataRole.ToolTipRole and laws:
            return f"{laws[0].title}\nClick to open this law."
        if role == Qt.ItemDataRole.ForegroundRole and not laws:
            return QBrush(theme.color("muted"))
        if role == Qt.ItemDataRole.FontRole and not laws:
            font = QFont()
            font.setItalic(True)
            return font
        return None

    def _situation(self, row: CompareRow, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return row.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.situation
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _contrast(self, row: CompareRow, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return row.tag_text()
        if role == Qt.ItemDataRole.BackgroundRole and (row.differs or row.only_here):
            return QBrush(theme.color("differs-bg"))
        if role == Qt.ItemDataRole.ForegroundRole and not (row.differs or row.only_here):
            return QBrush(theme.color("muted"))
        return None
