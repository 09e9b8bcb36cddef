"""Standings (answers, accuracy, mastery, items seen) per game, topic, code or law, as a table.

The law table can hold tens of thousands of rows, so the model does its own sorting and
filtering: a sort is one Python `sorted` over a column's keys (not a comparison in Python per
pair, as a proxy model would make), a hidden row is never in the model, and a cell's words
are made only when the view asks for a visible cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from ui.compat import override
from ui.help.words import explain
from ui.words import name_key

if TYPE_CHECKING:
    from quizzes.statistics import Standing

HEADERS = ("", "Answers", "Right", "Mastery", "Items seen")
_EXPLAINED = {"Mastery": explain("mastery"), "Right": explain("accuracy")}
KEY_ROLE = Qt.ItemDataRole.UserRole + 1  # the group's key (a law id in the law table)
SORT_ROLE = Qt.ItemDataRole.UserRole + 2  # a number to sort by (names sort by text)
Index = QModelIndex | QPersistentModelIndex


def percent_words(share: float | None) -> str:
    """A share as a whole percentage, or a dash when there is none yet."""
    return "—" if share is None else f"{round(share * 100)}%"


def _sort_key(row: Standing, column: int) -> Any:
    if column == 1:
        return row.answers
    if column == 2:
        return -1.0 if row.accuracy is None else row.accuracy
    if column == 3:
        return row.mastery
    return row.seen


class StandingModel(QAbstractTableModel):
    """One row per group; the first column names it, the others give its figures."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[Standing] = []
        self._names: dict[str, str] = {}
        self._name: Callable[[str], str] = str
        self._title = "Group"
        self._sorted_by: tuple[int, Qt.SortOrder] | None = None

    def set_standings(
        self,
        title: str,
        rows: Sequence[Standing],
        name: Callable[[str], str],
        *,
        answered_only: bool = False,
    ) -> None:
        """Show these standings (only those answered, if asked); `name` gives a key's words."""
        self.beginResetModel()
        self._title = title
        self._rows = [r for r in rows if r.answers > 0] if answered_only else list(rows)
        self._name = name
        self._names = {}
        self._sorted_by = None  # the caller sorts (by a number first: names cost more)
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 0)

    def standing(self, row: int) -> Standing:
        """The figures of a row."""
        return self._rows[row]

    def name(self, row: int) -> str:
        """The words naming a row's group."""
        key = self._rows[row].key
        words = self._names.get(key)
        if words is None:
            words = self._names[key] = self._name(key)
        return words

    def row_of(self, key: str) -> int:
        """The row of a group's key (-1 if absent)."""
        return next((n for n, r in enumerate(self._rows) if r.key == key), -1)

    @override
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        # A view's sortByColumn asks twice (once itself, once through its header's indicator):
        # rows already in this order are left as they are (37,000 laws took 30 ms a sort).
        if self._sorted_by == (column, order):
            return
        self.layoutAboutToBeChanged.emit()
        self._sorted_by = (column, order)
        ranked = self._order(column, order)
        # Keep the selection and current row on the same groups: where each old row went.
        old = self.persistentIndexList()
        if old:
            moved = [0] * len(ranked)
            for new_row, old_row in enumerate(ranked):
                moved[old_row] = new_row
            self.changePersistentIndexList(
                old, [self.index(moved[i.row()], i.column()) for i in old])
        self.layoutChanged.emit()

    def _order(self, column: int, order: Qt.SortOrder) -> list[int]:
        """Put the rows in order; the old row of each new one."""
        if column == 0:
            keys = [name_key(self.name(n)) for n in range(len(self._rows))]
        else:
            keys = [_sort_key(r, column) for r in self._rows]
        ranked = sorted(range(len(self._rows)), key=keys.__getitem__,
                        reverse=order == Qt.SortOrder.DescendingOrder)
        self._rows = [self._rows[n] for n in ranked]
        return ranked

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
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole
                and 0 < section < len(HEADERS)):
            return _EXPLAINED.get(HEADERS[section])  # the app's words, explained (ui/help/words)
        return None

    @override
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return self.name(index.row())
            return (None, str(row.answers), percent_words(row.accuracy),
                    percent_words(row.mastery), f"{row.seen} of {row.items}")[column]
        if role == SORT_ROLE:
            return self.name(index.row()).casefold() if column == 0 else _sort_key(row, column)
        if role == KEY_ROLE:
            return row.key
        if role == Qt.ItemDataRole.ToolTipRole and column == 2 and row.answers:
            return f"{row.correct} right of {row.answers} answers"
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
