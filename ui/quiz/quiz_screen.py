"""The quiz screen: pick a module and a mode, answer and read the feedback, or sit an exam.

No question is built on the UI thread (ui/quiz/question_supply.py has them built on the
trainer's worker). Once an answer is recorded, the question after it is built while the
learner reads the feedback; only when it is not ready yet does the screen say "Preparing the
next question…". An exam's questions are set there too (ui/quiz/exam_setting.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QElapsedTimer, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QProgressBar,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.compat import override
from ui.profiles.file_dialogs import FileDialogs
from ui.quiz import study_keys
from ui.quiz.exam_setting import ExamSetting
from ui.quiz.exam_view import ExamView
from ui.quiz.flag_dialog import FlagDialog
from ui.quiz.message_page import MessagePage, way_back_page
from ui.quiz.notice_banner import NoticeBanner
from ui.quiz.picker_page import PickerPage
from ui.quiz.question_supply import QuestionSupply
from ui.quiz.session_summary import end_text, session_line
from ui.quiz.study_page import StudyPage
from ui.quiz.trainer import Trainer
from ui.threads import HANG_MS, run_events_until
from ui.widgets.plain_label import plain_label

if TYPE_CHECKING:
    from datetime import datetime

    from quizzes import Exam, Question, Result, Session
    from quizzes.session import Want

MODES = {
    "learn": "&Due reviews, then new items",
    "mistakes": "Review my &mistakes",
    "exam": "&Exam: timed, marked at the end",
}
PREPARING, PICKER, STUDY, EXAM, DONE, WAITING = range(6)
NEXT_WAIT = "Preparing the next question…"
EXAM_WAIT = "Preparing the exam…"
LOOK_AHEAD_MS = 150  # from an answer to building the question after it
FLAGGED = "Flagged. It will not be asked again until unflagged."


class QuizScreen(QWidget):
    """Module picker, study session and exam, over the trainer's store and question bank.

    Every answer goes through `Session.answer` (or `Exam.answer`), which commits it before
    the next question can be shown.

    Signals:
        law_requested(str): a law link was clicked (the law's id).
    """

    law_requested = Signal(str)

    def __init__(
        self, trainer: Trainer, dialogs: FileDialogs | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.trainer = trainer
        self.dialogs = dialogs or FileDialogs()
        self.session: Session | None = None
        # A new learner's first question, asked while the questions are prepared (no session
        # can be made before), and whether the learner has asked for the next one meanwhile.
        self._first_asked = False
        self._waiting_for_next = False
        self.answered: list[Result] = []  # this session's answers, for its summary
        self.supply = QuestionSupply(trainer, lambda: self.session)
        self.exams = ExamSetting(trainer)
        self._say_next = ""  # a word for the learner over the next question shown
        self.question: Question | None = None
        self.result: Result | None = None
        self._module_id = "everything"
        self._clock = QElapsedTimer()

        self.banner = NoticeBanner()
        self.banner.dismissed.connect(trainer.dismiss_notice)
        self.pages = QStackedWidget()
        self.pages.addWidget(self._preparing_page())
        self.pages.addWidget(self._picker_page())
        self.pages.addWidget(self._study_page())
        self.exam_view = ExamView(trainer.content.laws, self.dialogs)
        self.exam_view.law_requested.connect(self.law_requested)
        self.exam_view.closed.connect(self.show_picker)
        self.exam_view.finished.connect(lambda _report: trainer.progress_changed.emit())
        self.pages.addWidget(self.exam_view)
        self.pages.addWidget(self._done_page())
        self.pages.addWidget(self._waiting_page())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.banner)
        layout.addWidget(self.pages, 1)

        trainer.first_ready.connect(self._on_first)
        trainer.ready.connect(self._on_ready)
        trainer.failed.connect(self._on_failed)
        trainer.notice_changed.connect(lambda: self.banner.say(trainer.notice))
        trainer.profile_changed.connect(lambda _id: self._on_profile_changed())
        trainer.progress_changed.connect(self._refresh_if_picking)

    # Building -------------------------------------------------------------------------------

    def _preparing_page(self) -> QWidget:
        self.preparing = plain_label("Preparing questions…")  # may quote the data folder
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(240)
        return MessagePage(self.preparing, self.busy)

    def _picker_page(self) -> QWidget:
        page = self.picker = PickerPage(self.trainer, self.dialogs, MODES)
        page.start_button.clicked.connect(lambda: self.start())
        page.module_table.doubleClicked.connect(lambda _index: self.start())
        # The picker's parts, by the names the screen and its tests use.
        self.modules, self.module_table = page.modules, page.module_table
        self.mode_buttons, self.start_button = page.mode_buttons, page.start_button
        self.exam_count, self.exam_minutes = page.exam_count, page.exam_minutes
        self.picker_status, self.profile_panel = page.picker_status, page.profile_panel
        self.marks = page.marks
        return page

    def _study_page(self) -> QWidget:
        page = self.study_page = StudyPage(self.trainer.content.laws)
        page.end_button.clicked.connect(self.end_session)
        page.question_view.answer_changed.connect(self._update_buttons)
        page.question_view.submitted.connect(self.check_answer)
        page.feedback.law_requested.connect(self.law_requested)
        page.check_button.clicked.connect(self.check_answer)
        page.next_button.clicked.connect(self.next_question)
        page.undo_button.clicked.connect(self.undo)
        page.flag_button.clicked.connect(self.open_flag_dialog)
        self.flag_dialog: FlagDialog | None = None
        # The study page's parts, by the names the screen and its tests use.
        self.session_label, self.end_button = page.session_label, page.end_button
        self.question_view, self.feedback = page.question_view, page.feedback
        self.study_splitter, self.problem = page.study_splitter, page.problem
        self.check_button, self.next_button = page.check_button, page.next_button
        self.undo_button, self.flag_button = page.undo_button, page.flag_button
        self.shortcuts = study_keys.install(
            page, choose=self.question_view.choose_number, advance=self.advance, undo=self.undo
        )
        return page

    def _done_page(self) -> QWidget:
        page = way_back_page("", self.show_picker, big=True)
        self.done_label = page.label
        return page

    def _waiting_page(self) -> QWidget:
        page = way_back_page(NEXT_WAIT, self.end_session)
        self.waiting_label = page.label
        return page

    # Preparing ------------------------------------------------------------------------------

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.trainer.start()
        if self.trainer.is_ready and self.page == PREPARING:
            self._on_ready()
        elif self.trainer.state == "failed":
            self._on_failed(self.trainer.error)

    @property
    def page(self) -> int:
        """Which page is shown (PREPARING, PICKER, STUDY, EXAM or DONE)."""
        return self.pages.currentIndex()

    def _on_first(self, question: Question) -> None:
        """A new learner is asked the first question at once; more are prepared behind it."""
        if self.page == PREPARING and self.session is None:
            self._first_asked = True
            self._module_id = "everything"
            self.answered = []
            self._show_question(question)

    def _on_ready(self) -> None:
        self.banner.say(self.trainer.notice)
        if self.page == PREPARING:
            self.show_picker()
        elif self._waiting_for_next:
            self._waiting_for_next = False
            self.next_question()

    def _on_failed(self, reason: str) -> None:
        self.busy.hide()
        self.preparing.setText(f"The questions could not be prepared.\n\n{reason}")
        self.pages.setCurrentIndex(PREPARING)

    def _on_profile_changed(self) -> None:
        if self.page in (STUDY, DONE):
            self.show_picker()
        else:
            self._refresh_if_picking()

    def _refresh_if_picking(self) -> None:
        if self.page == PICKER:
            self.refresh_modules()

    # The picker -----------------------------------------------------------------------------

    def show_picker(self) -> None:
        """Back to the module list (counts brought up to date)."""
        self._drop_session()
        self._first_asked = self._waiting_for_next = False
        if not self.trainer.is_ready:  # the first question was left: the list is not made yet
            self.preparing.setText("Preparing questions…")
            self.pages.setCurrentIndex(PREPARING)
            return
        self.pages.setCurrentIndex(PICKER)
        self.refresh_modules()
        self.profile_panel.refresh()

    def refresh_modules(self) -> None:
        """Recount due and new items per module for the current profile (on the worker)."""
        self.picker.count()

    @property
    def settled(self) -> bool:
        """True when the module list shows the newest counts (none is being summed)."""
        return self.trainer.state == "failed" or (
            self.page != PREPARING and not self.picker.counting)

    def wait_for_counts(self, timeout_ms: int = HANG_MS) -> bool:
        """Block until the newest module counts are shown (tests, screenshots)."""
        return run_events_until(lambda: self.settled, timeout_ms)

    def select_module(self, module_id: str) -> None:
        """Select a module in the list (kept as the choice while the counts are summed)."""
        self.picker.select(module_id)

    def selected_module(self) -> str:
        """The id of the module selected in the list."""
        return self.picker.selected() or self.picker.chosen

    def choose_mode(self, mode: str) -> None:
        """Pick learn, mistakes or exam."""
        self.mode_buttons[mode].setChecked(True)

    @property
    def mode(self) -> str:
        """The mode picked."""
        return self.picker.mode

    # Studying -------------------------------------------------------------------------------

    def start(self, module_id: str | None = None, mode: str | None = None) -> None:
        """Start studying a module in a mode (default: what the picker shows); the first
        question is shown once the worker has built it."""
        self._module_id = module_id or self.selected_module()
        mode = mode or self.mode
        if mode == "exam":
            self._start_exam()
            return
        self._new_session(mode)
        self.answered = []
        self.next_question()

    def _new_session(self, mode: str = "learn") -> None:
        from quizzes import Session

        trainer = self.trainer
        self._drop_session()
        self.session = Session(trainer.store, trainer.profile_id, trainer.bank,
                               module_id=self._module_id, mode=mode,
                               scheduling=trainer.scheduling, build_here=False)

    def _drop_session(self) -> None:
        """Forget the session and what was being built for it (it arrives to nobody)."""
        self.session = None
        self.supply.forget()
        self._say_next = ""
        self.exams.cancel()

    @property
    def waiting(self) -> bool:
        """True while the learner waits for a question (or an exam) being built."""
        return self.page == WAITING

    def wait_while_preparing(self, timeout_ms: int = HANG_MS) -> bool:
        """Block while a question or an exam is being built (screenshots); True when shown."""
        return run_events_until(lambda: not self.waiting, timeout_ms)

    def ask(self, question: Question) -> None:
        """Ask this very question (in the current session, else in a new one on everything)."""
        if self.session is None:
            self._new_session()
        self._show_question(question)

    def _wait_for(self, want: Want, then: Callable[[], None], text: str = NEXT_WAIT) -> None:
        """Say the question is being prepared until `want` is built, then do `then`."""
        self.supply.then(want, then)
        self.waiting_label.setText(text)
        self.pages.setCurrentIndex(WAITING)

    def next_question(self) -> None:
        """Show the session's next question, or say there is nothing more for now."""
        if self.session is None and self._first_asked:
            # After a new learner's first question the session goes on over everything, once
            # the questions are prepared.
            if not self.trainer.is_ready:
                self._waiting_for_next = True
                self.next_button.setEnabled(False)
                self.problem.setText("Preparing the next question…")
                return
            self._first_asked = False
            self._new_session()
        if self.session is None:
            return
        from quizzes.session import NotBuilt

        try:
            question = self.session.next_question()
        except NotBuilt as wanted:
            self._wait_for(wanted.want, self.next_question)
            return
        said, self._say_next = self._say_next, ""
        if question is None:
            self._show_done()
        else:
            self._show_question(question)
            self.problem.setText(said)

    def _show_question(self, question: Question) -> None:
        from quizzes import QUESTION_TYPES

        self.question = question
        self.result = None
        self.question_view.show_question(question, QUESTION_TYPES.get(question.type, "Question"))
        self.feedback.clear()
        self.feedback.hide()  # the question has the whole width until it is answered
        self.problem.clear()
        self._update_session_label()
        self.pages.setCurrentIndex(STUDY)
        self._update_buttons()
        self.question_view.focus_answer()
        self._clock.start()

    def advance(self) -> None:
        """Enter or Space: check the answer given, or, once checked, go to the next question."""
        if self.page != STUDY or self.question is None:
            return
        if self.result is None:
            self.check_answer()
        else:
            self.next_question()

    def undo(self) -> None:
        """Take the last answer back (its attempt removed, its card's schedule restored) and
        ask that question again."""
        if self.session is None or self.page not in (STUDY, DONE):
            return
        qid = self.session.take_back()
        if qid is None:
            return
        self.trainer.progress_changed.emit()
        # Its question is among this session's answers, else built again on the worker.
        known = [r.question for r in self.answered if r.question.id == qid]
        if self.answered:
            self.answered.pop()
        if known:
            self._show_taken_back(known[-1])
            return
        from quizzes.session import Want

        want = Want(qid, exact=True)
        session = self.session
        self._wait_for(want, lambda: self._show_taken_back(session.take_supplied(want)))

    def _show_taken_back(self, question: Question | None) -> None:
        if question is None:  # no longer built (the content changed): go on instead
            self.next_question()
            return
        self._show_question(question)
        self.problem.setText("Your last answer was taken back.")

    def open_flag_dialog(self) -> None:
        """Ask why the question is wrong; flagging sets its item aside until unflagged."""
        if self.session is None or self.question is None:
            return
        self.flag_dialog = dialog = FlagDialog(self.question.prompt, self)
        dialog.accepted.connect(lambda: self._flag(dialog.reason()))
        dialog.open()

    def _flag(self, reason: str) -> None:
        if self.session is None or self.question is None or not reason:
            return
        self.session.flag(self.question, reason)
        self.trainer.progress_changed.emit()
        if self.result is None:  # not answered: nothing to read, go on at once
            self._say_next = FLAGGED  # said over the next question, once it is built
            self.next_question()
        else:
            self.problem.setText(FLAGGED)

    def check_answer(self) -> None:
        """Mark the answer given; it is recorded before the feedback is shown."""
        from app.progress import ProgressWriteFailed
        from quizzes import QuestionError
        from quizzes.session import mark_and_record

        answer = self.question_view.answer()
        if self.question is None or self.result is not None or answer is None \
                or (self.session is None and not self._first_asked):
            return
        trainer, elapsed = self.trainer, self._clock.elapsed()
        try:
            if self.session is not None:
                self.result = self.session.answer(self.question, answer, elapsed)
            else:  # a new learner's first question, asked before a session can be made
                self.result = mark_and_record(trainer.store, trainer.profile_id, self.question,
                                              answer, elapsed, trainer.scheduling)
        except QuestionError:
            self.problem.setText("Type a whole number, e.g. 100.")
            return
        except ProgressWriteFailed as exc:  # disk full, a lock: the learner may check again
            self.problem.setText(str(exc))
            return
        self.answered.append(self.result)
        self.problem.clear()
        self.question_view.set_locked(True)
        self.question_view.mark(self.result)
        self.feedback.show_result(self.result)
        self.study_page.show_feedback()
        self._update_session_label()
        self._update_buttons()
        self.problem.setText(self.result.notice)
        self.next_button.setFocus()
        self.trainer.progress_changed.emit()
        # Once the feedback is painted: the worker building holds the GIL in turns with this
        # thread, which would paint the feedback slower; the learner reads it for seconds.
        QTimer.singleShot(LOOK_AHEAD_MS, self, self.supply.look_ahead)

    def _update_buttons(self) -> None:
        session = self.session
        self.study_page.set_buttons(answered=self.result is not None,
                                    in_session=session is not None,
                                    can_undo=session is not None and session.can_undo())

    def _update_session_label(self) -> None:
        if self.session is not None or self._first_asked:
            self.session_label.setText(session_line(self.session))

    def end_session(self) -> None:
        """End the session: its summary when something was answered, else the module list."""
        if self.answered and (self.session is not None or self._first_asked):
            self._show_done(ended=True)
        else:
            self.show_picker()

    def _next_due(self) -> datetime | None:
        trainer = self.trainer
        if self.session is not None:
            return self.session.next_due()
        return trainer.store.next_due(trainer.profile_id)

    def _show_done(self, ended: bool = False) -> None:
        session = self.session
        if session is None and not self._first_asked:
            return
        self.done_label.setText(end_text(
            session.module.title if session is not None else "Everything due", self.answered,
            self.trainer.content.laws, self._next_due, ended=ended,
            mistakes=session is not None and session.mode == "mistakes"))
        self.pages.setCurrentIndex(DONE)

    # Exams ----------------------------------------------------------------------------------

    def _start_exam(self) -> None:
        """Set the exam's questions on the worker; the exam starts once they are built."""
        self._drop_session()
        self.exams.set(self._module_id, self.exam_count.value(), self.exam_minutes.value(),
                       self._on_exam, self._no_exam)
        self.waiting_label.setText(EXAM_WAIT)
        self.pages.setCurrentIndex(WAITING)

    def _on_exam(self, exam: Exam, minutes: float, title: str) -> None:
        if self.page == WAITING:  # (else the learner went back)
            self.pages.setCurrentIndex(EXAM)
            self.exam_view.start(exam, minutes, title)

    def _no_exam(self, reason: str) -> None:
        if self.page == WAITING:
            self.pages.setCurrentIndex(PICKER)
            self.picker_status.setText(f"No exam can be set here: {reason}.")
