"""An exam: timed questions with no feedback until the end, then the result page to print."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QElapsedTimer, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QFont, QPageSize, QPdfWriter
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.corpus.laws import Law
from ui import theme
from ui.links import parse
from ui.profiles.file_dialogs import PDF_FILTER, FileDialogs
from ui.quiz import study_keys
from ui.quiz.question_view import QuestionView
from ui.quiz.quiz_pages import exam_report_html, style
from ui.widgets.plain_label import plain_label

if TYPE_CHECKING:
    from quizzes import Exam, ExamReport

TICK_MS = 1000


def clock_words(ms: int) -> str:
    """Milliseconds left as m:ss."""
    seconds = max(0, (ms + 999) // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


class ExamView(QWidget):
    """Question after question against the clock, then the result page with scores per topic.

    Nothing says whether an answer was right until the exam is finished, by the learner or
    by the clock (questions left unanswered count as wrong).

    Signals:
        finished(object): the exam is over (its ExamReport).
        closed(): the learner left the result page.
        law_requested(str): a law link on the result page was clicked (the law's id).
    """

    finished = Signal(object)
    closed = Signal()
    law_requested = Signal(str)

    def __init__(
        self, laws: Mapping[str, Law], dialogs: FileDialogs, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._laws = laws
        self._dialogs = dialogs
        self.exam: Exam | None = None
        self.report: ExamReport | None = None
        self.title = "Exam"
        self._index = 0
        self._limit_ms = 0
        self._clock = QElapsedTimer()
        self._question_clock = QElapsedTimer()
        self._ticker = QTimer(self)
        self._ticker.setInterval(TICK_MS)
        self._ticker.timeout.connect(self._tick)
        self._deadline = QTimer(self)
        self._deadline.setSingleShot(True)
        self._deadline.timeout.connect(self.finish)

        # The question page.
        self.progress = QLabel()
        self.time_left = QLabel()
        self.time_left.setAccessibleName("Time left")
        bold = QFont(self.font())
        bold.setBold(True)
        self.time_left.setFont(bold)
        self.question_view = QuestionView(laws)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.question_view)
        self.problem = plain_label()  # may quote the data folder
        theme.keep_styled(self.problem, lambda: f"color: {theme.hex('wrong-ink')};")
        self.next_button = QPushButton("Next question")
        self.next_button.setDefault(True)
        self.next_button.clicked.connect(self.next_question)
        self.finish_button = QPushButton("Finish the exam now")
        self.finish_button.clicked.connect(self.finish)
        self.question_view.submitted.connect(self.next_question)
        top = QHBoxLayout()
        top.addWidget(self.progress)
        top.addStretch(1)
        top.addWidget(QLabel("Time left:"))
        top.addWidget(self.time_left)
        buttons = QHBoxLayout()
        buttons.addWidget(self.problem, 1)
        buttons.addWidget(self.finish_button)
        buttons.addWidget(self.next_button)
        question_page = QWidget()
        column = QVBoxLayout(question_page)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(top)
        column.addWidget(scroll, 1)
        column.addLayout(buttons)
        # 1-9 pick, Enter or Space goes on; nothing to undo in an exam (no feedback to take back).
        self.shortcuts = study_keys.install(
            question_page, choose=self.question_view.choose_number,
            advance=self.next_question, undo=None)

        # The result page.
        self.result_page = QTextBrowser()
        self.result_page.setOpenLinks(False)
        theme.style_page(self.result_page, style)
        self.result_page.setAccessibleName("Exam result")
        self.result_page.anchorClicked.connect(self._on_anchor)
        self.print_button = QPushButton("&Print…")
        self.print_button.clicked.connect(self.print_result)
        self.pdf_button = QPushButton("Export &PDF…")
        self.pdf_button.clicked.connect(self.export_pdf)
        self.back_button = QPushButton("Back to the quizzes")
        self.back_button.clicked.connect(self.closed)
        self.saved = QLabel()
        result_buttons = QHBoxLayout()
        result_buttons.addWidget(self.saved, 1)
        for button in (self.print_button, self.pdf_button, self.back_button):
            result_buttons.addWidget(button)
        result_page = QWidget()
        result_column = QVBoxLayout(result_page)
        result_column.setContentsMargins(0, 0, 0, 0)
        result_column.addWidget(self.result_page, 1)
        result_column.addLayout(result_buttons)

        self.pages = QStackedWidget()
        self.pages.addWidget(question_page)
        self.pages.addWidget(result_page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)

    # The exam -----------------------------------------------------------------------------

    @property
    def showing_result(self) -> bool:
        """True once the result page is shown."""
        return self.pages.currentIndex() == 1

    def start(self, exam: Exam, minutes: float, title: str = "Exam") -> None:
        """Begin an exam with this time limit."""
        self.exam = exam
        self.report = None
        self.title = title
        self._index = 0
        self._limit_ms = round(minutes * 60_000)
        self._clock.start()
        self._ticker.start()
        self._deadline.start(self._limit_ms)
        self.pages.setCurrentIndex(0)
        self.saved.clear()
        self._show_current()

    def time_left_ms(self) -> int:
        """Milliseconds before the exam ends by itself."""
        return max(0, self._limit_ms - self._clock.elapsed()) if self._clock.isValid() else 0

    def _show_current(self) -> None:
        from quizzes import QUESTION_TYPES

        assert self.exam is not None
        questions = self.exam.questions
        question = questions[self._index]
        self.progress.setText(f"{self.title}: question {self._index + 1} of {len(questions)}")
        self.question_view.show_question(question, QUESTION_TYPES.get(question.type, "Question"))
        last = self._index == len(questions) - 1
        self.next_button.setText("Finish the exam" if last else "Next question")
        self.problem.clear()
        self.question_view.focus_answer()
        self._tick()
        self._question_clock.start()

    def next_question(self) -> None:
        """Record the answer given (if any) and go on; after the last question, finish."""
        if self.exam is None or self.showing_result:
            return
        if not self._record():
            return
        if self._index + 1 < len(self.exam.questions):
            self._index += 1
            self._show_current()
        else:
            self._end()

    def _record(self) -> bool:
        from app.progress import ProgressWriteFailed
        from quizzes import QuestionError

        assert self.exam is not None
        answer = self.question_view.answer()
        question = self.exam.questions[self._index]
        if answer is None:
            return True  # left unanswered: counts as wrong at the end
        try:
            self.exam.answer(question, answer, self._question_clock.elapsed())
        except QuestionError:
            self.problem.setText("Type a whole number, e.g. 100.")
            return False
        except ProgressWriteFailed as exc:  # disk full, a lock: the answer may be given again
            self.problem.setText(str(exc))
            return False
        return True

    def finish(self) -> None:
        """End the exam (recording the current answer if it can be) and show the result page."""
        if self.exam is None or self.showing_result:
            return
        self._record()
        self._end()

    def _end(self) -> None:
        assert self.exam is not None
        self._ticker.stop()
        self._deadline.stop()
        self.report = self.exam.finish()
        theme.set_html(self.result_page,
                       exam_report_html(self.report, self._laws, self.title))
        self.pages.setCurrentIndex(1)
        self.finished.emit(self.report)

    def _tick(self) -> None:
        left = self.time_left_ms()
        self.time_left.setText(clock_words(left))
        if left <= 0 and not self.showing_result:
            self.finish()

    # The result page ------------------------------------------------------------------------

    def print_result(self) -> None:
        """Print the result page on a printer the learner chooses."""
        from PySide6.QtPrintSupport import QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.title)
        if self._dialogs.setup_printer(self, printer):
            self.result_page.document().print_(printer)

    def export_pdf(self) -> None:
        """Write the result page to a PDF file the learner names."""
        path = self._dialogs.save_path(self, "Export the exam result", "exam-result.pdf",
                                       PDF_FILTER)
        if path is None:
            return
        if path.suffix.lower() != ".pdf":
            path = path.with_suffix(".pdf")
        writer = QPdfWriter(str(path))
        writer.setTitle(self.title)
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setResolution(300)
        self.result_page.document().print_(writer)
        self.saved.setText(f"Saved to {path}")
        self.saved.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def _on_anchor(self, url: QUrl) -> None:
        link = parse(url.toString())
        if link is not None and link.kind == "law":
            self.law_requested.emit(link.target)
