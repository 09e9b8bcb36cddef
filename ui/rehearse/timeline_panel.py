"""The timeline of a rehearsal: every step of the branch shown, a click steps back to it;
the branches, and the end of two branches side by side."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.rehearsal.document import Rehearsal
from app.rehearsal.session import Moment
from app.rehearsal.words import score_words, step_words


class TimelinePanel(QWidget):
    """Steps of the current branch, the branch list and a comparison of two branches.

    Signals:
        moment_chosen(int): the user chose a step (0 is the deal).
        branch_chosen(int): the user chose another branch.
        compare_asked(int, int): the user asked to compare two branches.
    """

    moment_chosen = Signal(int)
    branch_chosen = Signal(int)
    compare_asked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps = QListWidget()
        self.steps.setAccessibleName("Timeline of the deal")
        self.steps.currentRowChanged.connect(self._row_changed)
        self.branches = QComboBox()
        self.branches.setAccessibleName("Branch")
        self.branches.activated.connect(self.branch_chosen)
        self.other = QComboBox()
        self.other.setAccessibleName("Branch to compare with")
        compare = QPushButton("Co&mpare")
        compare.setToolTip("Where this branch and the other one end, side by side")
        compare.clicked.connect(self._compare)
        self.comparison = QLabel()
        self.comparison.setWordWrap(True)
        self.comparison.setTextFormat(self.comparison.textFormat().PlainText)
        row = QHBoxLayout()
        row.addWidget(QLabel("Branch:"))
        row.addWidget(self.branches, 1)
        row.addWidget(QLabel("with"))
        row.addWidget(self.other, 1)
        row.addWidget(compare)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("<b>Timeline</b> (click a step to go back to it; acting "
                                "there starts a new branch)"))
        layout.addWidget(self.steps, 1)
        layout.addLayout(row)
        layout.addWidget(self.comparison)
        self._quiet = False
        self._shown: tuple[int, tuple[object, ...]] = (-1, ())

    def show_timeline(self, rehearsal: Rehearsal, branch: int, moments: Sequence[Moment]) -> None:
        """List the branch's steps and the branches."""
        self._quiet = True
        steps = tuple(m.step for m in moments[1:])
        shown = self._shown
        if shown[0] != branch or steps[: len(shown[1])] != shown[1]:
            # Another branch or an earlier step changed: list the steps afresh.
            self.steps.clear()
            self.steps.addItem(QListWidgetItem("The deal"))
            shown = (branch, ())
        # A step added to the same line: only its row is new (the list grows by one a click).
        for moment in moments[1 + len(shown[1]):]:
            assert moment.step is not None
            self.steps.addItem(QListWidgetItem(step_words(moment.step, moment)))
        self._shown = (branch, steps)
        self._show_branches(rehearsal, branch)
        self._quiet = False

    def _show_branches(self, rehearsal: Rehearsal, branch: int) -> None:
        names = [b.name for b in rehearsal.branches]
        if names == [self.branches.itemText(i) for i in range(self.branches.count())]:
            self.branches.setCurrentIndex(branch)
            return
        self.branches.clear()
        self.other.clear()
        for i, b in enumerate(rehearsal.branches):
            self.branches.addItem(b.name, i)
            self.other.addItem(b.name, i)
        self.branches.setCurrentIndex(branch)
        self.other.setCurrentIndex(0 if branch else min(1, len(rehearsal.branches) - 1))

    def select(self, index: int) -> None:
        """Highlight the step shown."""
        self._quiet = True
        self.steps.setCurrentRow(index)
        self._quiet = False

    def _row_changed(self, row: int) -> None:
        if not self._quiet and row >= 0:
            self.moment_chosen.emit(row)

    def _compare(self) -> None:
        self.compare_asked.emit(self.branches.currentIndex(), self.other.currentIndex())

    def show_comparison(self, ends: Sequence[tuple[str, Moment]]) -> None:
        """Where each compared branch ends: its last note and its score."""
        self.comparison.setText("\n".join(
            f"{name}: {end.state.note} Score: {score_words(end.state)}." for name, end in ends))
