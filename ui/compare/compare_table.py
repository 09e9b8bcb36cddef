"""The compare table: word-wrapped cells, columns shared out by weight, rows sized lazily.

Only the rows in view (and a few either side) are measured, when they scroll into view or
the width changes; the rest keep one line's height until then. Headings and folds span the
whole width.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from ui.compare.compare_model import KIND_ROLE
from ui.compat import override

# Situation and contrast narrower than the codes' rulings, which carry the reading.
SITUATION_WEIGHT = 3.0
CODE_WEIGHT = 4.0
CONTRAST_WEIGHT = 2.5
MARGIN_ROWS = 4  # rows measured beyond the viewport's edges


class CompareTable(QTableView):
    """A QTableView that keeps its columns in proportion and sizes only the rows in view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        # Vertical padding only: horizontal padding is painted but not measured, and clips.
        self.setStyleSheet("QTableView::item { padding-top: 3px; padding-bottom: 3px; }")
        self._sized: set[int] = set()
        self._width = -1
        self._pending = QTimer(self)
        self._pending.setSingleShot(True)
        self._pending.setInterval(0)
        self._pending.timeout.connect(self.fit_visible_rows)
        self.verticalScrollBar().valueChanged.connect(self._pending.start)

    @override
    def setModel(self, model) -> None:  # type: ignore[no-untyped-def]
        super().setModel(model)
        model.modelReset.connect(self._on_reset)
        model.rowsInserted.connect(self._on_inserted)
        self._on_reset()

    def _on_reset(self) -> None:
        self._sized.clear()
        self.clearSpans()
        self._span(0, self.model().rowCount() - 1)
        self.fit_columns()

    def _on_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        self._span(first, last)
        self._pending.start()

    def _span(self, first: int, last: int) -> None:
        model = self.model()
        columns = model.columnCount()
        for row in range(first, last + 1):
            if model.index(row, 0).data(KIND_ROLE) != "row":
                self.setSpan(row, 0, 1, columns)

    def fit_columns(self) -> None:
        """Share the width out among the columns, then size the rows in view."""
        model = self.model()
        columns = model.columnCount() if model is not None else 0
        if columns < 2:
            return
        weights = [SITUATION_WEIGHT] + [CODE_WEIGHT] * (columns - 2) + [CONTRAST_WEIGHT]
        width = self.viewport().width()
        if width != self._width:
            self._width = width
            self._sized.clear()
        for column, weight in enumerate(weights):
            self.horizontalHeader().resizeSection(column, int(width * weight / sum(weights)))
        self.fit_visible_rows()

    def fit_visible_rows(self) -> None:
        """Measure the rows in view (and a few beyond) that are not measured yet."""
        model = self.model()
        if model is None or model.rowCount() == 0 or not self.isVisible():
            return  # measured when shown
        top = self.rowAt(0)
        top = 0 if top < 0 else top
        # Sizing a row moves the ones below it: measure down until the viewport is full.
        row = max(0, top - MARGIN_ROWS)
        bottom_edge = self.viewport().height()
        extra = MARGIN_ROWS
        while row < model.rowCount():
            if row not in self._sized:
                self.resizeRowToContents(row)
                self._sized.add(row)
            if self.rowViewportPosition(row) > bottom_edge:
                extra -= 1
                if extra <= 0:
                    break
            row += 1

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_columns()

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def rows_sized(self) -> int:
        """How many rows have been measured (the rest wait until they scroll into view)."""
        return len(self._sized)
