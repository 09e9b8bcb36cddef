"""The quiz's first page: the study modules, how to study, and the learner's profile.

The modules' counts are summed by SQLite on a worker thread (they grow with the items and
the history); the list shows them when they come, and the new-item marks are walked on after.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ui.profiles.file_dialogs import FileDialogs
from ui.profiles.profile_panel import ProfilePanel
from ui.quiz.module_model import MODULE_ID_ROLE, ModuleModel
from ui.quiz.new_marks import MarkWalker
from ui.quiz.trainer import Trainer
from ui.stats.figure_worker import FigureWorker
from ui.widgets.plain_label import plain_label

if TYPE_CHECKING:
    from quizzes import ModuleStatus


class PickerPage(QSplitter):
    """The module list on the left; the modes, the exam's size and the profile on the right."""

    def __init__(
        self, trainer: Trainer, dialogs: FileDialogs, modes_words: Mapping[str, str]
    ) -> None:
        super().__init__(Qt.Orientation.Horizontal)
        self.trainer = trainer
        self.chosen = "everything"  # the module chosen, kept while the counts are summed
        self.modules = ModuleModel()
        self.module_table = QTableView()
        self.module_table.setModel(self.modules)
        self.module_table.setAccessibleName("Study modules")
        self.module_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.module_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.module_table.verticalHeader().hide()
        self.module_table.setShowGrid(False)
        self.module_table.setAlternatingRowColors(True)
        header = self.module_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Widths from the widest figures a column can show, not from measuring every row
        # each time the counts come (every cell's data asked: 30 ms at ×100).
        metrics = header.fontMetrics()
        for column, widest in enumerate(("88888", "88888", "8888 of 88888"), start=1):
            words = str(self.modules.headerData(column, Qt.Orientation.Horizontal))
            width = max(metrics.horizontalAdvance(words), metrics.horizontalAdvance(widest))
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width + 14)
        self.module_table.setWordWrap(False)  # a long module name is elided, rows stay one line

        self.mode_buttons: dict[str, QRadioButton] = {}
        mode_group = QButtonGroup(self)
        modes = QGroupBox("How to study")
        mode_column = QVBoxLayout(modes)
        for mode, text in modes_words.items():
            button = QRadioButton(text)
            mode_group.addButton(button)
            mode_column.addWidget(button)
            self.mode_buttons[mode] = button
        self.mode_buttons["learn"].setChecked(True)
        self.exam_count = QSpinBox()
        self.exam_count.setRange(1, 100)
        self.exam_count.setValue(20)
        self.exam_minutes = QSpinBox()
        self.exam_minutes.setRange(1, 300)
        self.exam_minutes.setValue(20)
        self.exam_minutes.setSuffix(" min")
        for spin in (self.exam_count, self.exam_minutes):
            spin.setMaximumWidth(110)
        exam_form = QFormLayout()
        exam_form.setContentsMargins(24, 0, 0, 0)
        exam_form.addRow("Questions", self.exam_count)
        exam_form.addRow("Time", self.exam_minutes)
        mode_column.addLayout(exam_form)
        self.start_button = QPushButton("&Start")
        self.start_button.setDefault(True)
        self.picker_status = plain_label()  # holds the profile name
        self.picker_status.setWordWrap(True)
        mode_column.addWidget(self.picker_status)
        mode_column.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignRight)
        self.profile_panel = ProfilePanel(trainer, dialogs)

        side = QWidget()
        side_column = QVBoxLayout(side)
        side_column.setContentsMargins(0, 0, 0, 0)
        side_column.addWidget(modes)
        side_column.addWidget(self.profile_panel)
        side_column.addStretch(1)
        side_scroll = QScrollArea()
        side_scroll.setWidgetResizable(True)
        side_scroll.setWidget(side)
        side_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        side_scroll.setMinimumWidth(300)

        left = QWidget()
        left_column = QVBoxLayout(left)
        left_column.setContentsMargins(0, 0, 0, 0)
        title = QLabel("Choose what to study")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        title.setFont(font)
        left_column.addWidget(title)
        left_column.addWidget(self.module_table, 1)
        self.addWidget(left)
        self.addWidget(side_scroll)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.setChildrenCollapsible(False)

        self.counter = FigureWorker(self)
        self.counter.ready.connect(self._show_counts)
        self.counter.failed.connect(
            lambda reason: self.picker_status.setText(f"The items could not be counted: {reason}"))
        self.destroyed.connect(self.counter.close)
        self.marks = MarkWalker(trainer, self)
        self.destroyed.connect(self.marks.close)

    def count(self) -> None:
        """Recount due and new items per module for the current profile (on the worker)."""
        from quizzes import overview

        trainer = self.trainer
        profile_id, bank, now = trainer.profile_id, trainer.bank, trainer.now()
        if self.modules.rowCount() == 0:
            self.picker_status.setText("Counting your items…")
        self.counter.run(trainer.store, lambda source: overview(source, profile_id, bank, now))

    @property
    def counting(self) -> bool:
        """True while the modules' counts are being summed."""
        return self.counter.busy

    def _show_counts(self, rows: list[ModuleStatus]) -> None:
        if not self.trainer.is_ready:  # closed while the counts were being summed
            return
        QTimer.singleShot(0, self.marks, self.marks.walk)  # after the list is painted
        chosen = self.selected() or self.chosen
        self.modules.set_modules(rows)
        self.select(chosen)
        everything = rows[0]
        self.picker_status.setText(
            f"{self.trainer.profile.name}: {everything.due} due now, "
            f"{everything.seen} of {everything.total} items seen.")

    def select(self, module_id: str) -> None:
        """Select a module's row (the first row if it is not listed)."""
        self.chosen = module_id
        row = max(0, self.modules.row_of(module_id))
        if self.modules.rowCount() == 0:
            return
        index = self.modules.index(row, 0)
        self.module_table.selectionModel().select(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self.module_table.setCurrentIndex(index)
        self.module_table.scrollTo(index)

    def selected(self) -> str | None:
        """The id of the module selected in the list (None when none is)."""
        index = self.module_table.currentIndex()
        return index.siblingAtColumn(0).data(MODULE_ID_ROLE) if index.isValid() else None

    @property
    def mode(self) -> str:
        """The mode picked."""
        return next(m for m, b in self.mode_buttons.items() if b.isChecked())
