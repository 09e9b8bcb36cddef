"""The compare table: word-wrapped cells, columns shared out by weight, rows fit to content."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget
from typing_extensions import override

# Situation and contrast narrower than the codes' rulings, which carry the reading.
SITUATION_WEIGHT = 3.0
CODE_WEIGHT = 4.0
CONTRAST_WEIGHT = 2.5


class CompareTable(QTableView):
    """A QTableView that keeps its columns in proportion to its width as it resizes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        # Vertical padding only: horizontal padding is painted but not measured, and clips.
        self.setStyleSheet("QTableView::item { padding-top: 3px; padding-bottom: 3px; }")

    def fit_columns(self) -> None:
        """Share the width out among the columns and fit the rows to their wrapped text."""
        model = self.model()
        columns = model.columnCount() if model is not None else 0
        if columns < 2:
            return
        weights = [SITUATION_WEIGHT] + [CODE_WEIGHT] * (columns - 2) + [CONTRAST_WEIGHT]
        width = self.viewport().width()
        for column, weight in enumerate(weights):
            self.horizontalHeader().resizeSection(column, int(width * weight / sum(weights)))
        self.resizeRowsToContents()

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()
