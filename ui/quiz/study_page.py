"""The quiz's study page: the question on the left, the feedback on the right once answered,
and the buttons to check, go on, take back or flag (the quiz screen wires them)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.corpus.laws import Law
from ui import theme
from ui.quiz.feedback_view import FeedbackView
from ui.quiz.question_view import QuestionView
from ui.widgets.plain_label import plain_label


class StudyPage(QWidget):
    """The session's line and End button, the question and its feedback, and the buttons."""

    def __init__(self, laws: Mapping[str, Law]) -> None:
        super().__init__()
        self._pane_sized = False
        self.session_label = QLabel()
        self.session_label.setWordWrap(True)
        self.end_button = QPushButton("End session")
        self.question_view = QuestionView(laws)
        question_scroll = QScrollArea()
        question_scroll.setWidgetResizable(True)
        question_scroll.setWidget(self.question_view)
        self.feedback = FeedbackView(laws)
        self.study_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.study_splitter.addWidget(question_scroll)
        self.study_splitter.addWidget(self.feedback)
        self.study_splitter.setStretchFactor(0, 3)
        self.study_splitter.setStretchFactor(1, 2)
        self.study_splitter.setChildrenCollapsible(False)
        self.problem = plain_label()  # may quote the data folder
        theme.keep_styled(self.problem, lambda: f"color: {theme.hex('wrong-ink')};")
        self.check_button = QPushButton("&Check")
        self.next_button = QPushButton("&Next question")
        self.undo_button = QPushButton("&Undo answer")
        self.undo_button.setToolTip("Take the last answer back and ask it again (Ctrl+Z)")
        self.flag_button = QPushButton("&Flag…")
        self.flag_button.setToolTip("This question is wrong or unclear: set it aside and say why")
        top = QHBoxLayout()
        top.addWidget(self.session_label, 1)
        top.addWidget(self.end_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.problem, 1)
        bottom.addWidget(self.flag_button)
        bottom.addWidget(self.undo_button)
        bottom.addWidget(self.check_button)
        bottom.addWidget(self.next_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(top)
        column.addWidget(self.study_splitter, 1)
        column.addLayout(bottom)

    def set_buttons(self, *, answered: bool, in_session: bool, can_undo: bool) -> None:
        """Check (once an answer is given) until it is answered, then Next; Undo and Flag
        only in a session (flags and answers taken back are kept per session)."""
        self.check_button.setEnabled(not answered and self.question_view.answer() is not None)
        self.next_button.setEnabled(answered)
        self.check_button.setDefault(not answered)
        self.next_button.setDefault(answered)
        self.undo_button.setEnabled(can_undo)
        self.flag_button.setEnabled(in_session)

    def show_feedback(self) -> None:
        """Show the feedback beside the question (sized the first time it is shown)."""
        self.feedback.show()
        if not self._pane_sized:
            # First time: a little more room for the question and its cards than for the ruling.
            width = self.study_splitter.width()
            self.study_splitter.setSizes([width * 11 // 20, width * 9 // 20])
            self._pane_sized = True
