"""Standings (answers, accuracy, mastery, items seen) per game, topic, code or law, as a table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from typing_extensions import override

if TYPE_CHECKING:
    from quizzes.statistics import Standing

HEADERS = ("", "Answers", "Right", "Mastery", "Items seen")
KEY_ROLE = Qt.ItemDataRole.UserRole + 1  # the group's key (a law id in the law table)
SORT_ROLE = Qt.ItemDataRole.UserRole + 2  # a number to sort by (names sort by text)
Index = QModelIndex | QPersistentModelIndex


def percent_words(share: float | None) -> str:
    """A share as a whole percentage, or a dash when there is none yet."""
    return "—" if share is None else f"{round(share * 100)}%"


class StandingModel(QAbstractTableModel):
    """One row per group; the first column names it, the others give its figures."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[Standing] = []
        self._names: list[str] = []
        self._title = "Group"

    def set_standings(
        self, title: str, rows: Sequence[Standing], name: Callable[[str], str]
    ) -> None:
        """Show these standings; `name` turns a key into the words shown."""
        self.beginResetModel()
        self._title = title
        self._rows = list(rows)
        self._names = [name(r.key) for r in self._rows]
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 0)

    def standing(self, row: int) -> Standing:
        """The figures of a row."""
        return self._rows[row]

    def row_of(self, key: str) -> int:
        """The row of a group's key (-1 if absent)."""
        return next((n for n, r in enumerate(self._rows) if r.key == key), -1)

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
            if section == 0:
                return self._title
            return HEADERS[section] if 0 < section < len(HEADERS) else None
        return None

    @override
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (self._names[index.row()], str(row.answers), percent_words(row.accuracy),
                    percent_words(row.mastery), f"{row.seen} of {row.items}")[column]
        if role == SORT_ROLE:
            return (self._names[index.row()].casefold(), row.answers,
                    -1.0 if row.accuracy is None else row.accuracy, row.mastery, row.seen)[column]
        if role == KEY_ROLE:
            return row.key
        if role == Qt.ItemDataRole.ToolTipRole and column == 2 and row.answers:
            return f"{row.correct} right of {row.answers} answers"
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
