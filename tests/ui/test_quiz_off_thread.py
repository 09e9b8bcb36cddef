"""No question is built on the UI thread: a quiz table is a moment of real deals played forward,
a few hundred milliseconds the first time a game is dealt, which would freeze the window. The
trainer's worker builds every question a study session asks (and an exam's), however the
learner goes through it."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from quiz_support import Clock, FakeDialogs, ready_trainer, right, wrong

from quizzes import QuestionBank
from ui.quiz.quiz_screen import DONE, EXAM, PICKER, STUDY, QuizScreen
from ui.quiz.trainer import Trainer


@pytest.fixture
def built_on(monkeypatch) -> list[tuple[str, str]]:
    """(item or question id, thread name) for every question the bank builds."""
    record: list[tuple[str, str]] = []
    for_item, question = QuestionBank.for_item, QuestionBank.question

    def recording_for_item(bank, item, rng):
        record.append((item, threading.current_thread().name))
        return for_item(bank, item, rng)

    def recording_question(bank, qid):
        record.append((qid, threading.current_thread().name))
        return question(bank, qid)

    monkeypatch.setattr(QuestionBank, "for_item", recording_for_item)
    monkeypatch.setattr(QuestionBank, "question", recording_question)
    return record


@pytest.fixture
def trainer(qtbot, tmp_path) -> Iterator[Trainer]:
    trainer = ready_trainer(qtbot, tmp_path, Clock())
    yield trainer
    trainer.close()


@pytest.fixture
def quiz(qtbot, trainer) -> QuizScreen:
    screen = QuizScreen(trainer, FakeDialogs())
    qtbot.addWidget(screen)
    screen.resize(1100, 750)
    screen.show()
    qtbot.waitUntil(lambda: screen.page == PICKER and screen.settled)
    return screen


def _shown(qtbot, quiz: QuizScreen, before=None) -> None:
    """Wait until another question is shown, unanswered (or the session says it is done)."""
    qtbot.waitUntil(lambda: quiz.page == DONE or (
        quiz.page == STUDY and quiz.question is not None and quiz.question is not before
        and quiz.result is None))


def _answer(quiz: QuizScreen, correct: bool) -> None:
    question = quiz.question
    assert question is not None
    given = right(question) if correct else wrong(question)
    if question.kind == "number":
        quiz.question_view.number_field.setText(str(given))
    else:
        quiz.question_view.choose(*([given] if isinstance(given, str) else given))
    quiz.check_answer()
    assert quiz.result is not None and quiz.result.correct == correct


def _next(qtbot, quiz: QuizScreen) -> None:
    before = quiz.question
    quiz.next_question()
    _shown(qtbot, quiz, before)


def test_every_question_of_a_session_is_built_off_the_ui_thread(qtbot, quiz, trainer,
                                                                 built_on):
    trainer.store.set_new_per_day(trainer.profile_id, 20)
    quiz.start("everything", "learn")
    _shown(qtbot, quiz)
    asked = [quiz.question]
    for correct in (True, False, True):  # answers, right and wrong, read and gone on from
        _answer(quiz, correct)
        _next(qtbot, quiz)
        asked.append(quiz.question)
    skipped = quiz.question  # skipped unanswered: flagged, and the session goes on
    quiz._flag("The table cannot happen.")
    _shown(qtbot, quiz, skipped)
    asked.append(quiz.question)
    _answer(quiz, False)
    quiz.undo()  # taken back: asked again
    _shown(qtbot, quiz)
    assert quiz.problem.text() == "Your last answer was taken back."
    quiz.show_picker()  # another module
    quiz.start("rubicon-bezique", "learn")
    _shown(qtbot, quiz)
    asked.append(quiz.question)
    assert quiz.question.game == "rubicon-bezique"
    _answer(quiz, False)
    _next(qtbot, quiz)
    asked.append(quiz.question)
    quiz.show_picker()  # the mistakes, each question rebuilt from its id
    quiz.start("everything", "mistakes")
    _shown(qtbot, quiz)
    assert quiz.page == STUDY and quiz.result is None
    asked.append(quiz.question)
    assert all(q is not None for q in asked) and len({q.item for q in asked}) >= 6
    ui_thread = threading.main_thread().name
    assert built_on, "the questions were built somewhere"
    assert [key for key, thread in built_on if thread == ui_thread] == []


def test_an_exam_is_set_off_the_ui_thread(qtbot, quiz, built_on):
    quiz.select_module("everything")
    quiz.exam_count.setValue(4)
    quiz.start(mode="exam")
    qtbot.waitUntil(lambda: quiz.page == EXAM)
    assert len(quiz.exam_view.exam.questions) == 4
    assert len(built_on) >= 4
    assert [key for key, thread in built_on if thread == threading.main_thread().name] == []
