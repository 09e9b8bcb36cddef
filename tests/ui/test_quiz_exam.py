"""Exams: no feedback until the end, a result page with scores per topic, printing and PDF."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import click_link
from PySide6.QtCore import Qt
from quiz_support import Clock, FakeDialogs, ready_trainer, right, wrong

from ui.quiz.exam_view import clock_words
from ui.quiz.quiz_screen import EXAM, PICKER, QuizScreen
from ui.quiz.trainer import Trainer
from ui.words import topic_name


@pytest.fixture
def trainer(qtbot, tmp_path) -> Iterator[Trainer]:
    trainer = ready_trainer(qtbot, tmp_path / "data", Clock())
    yield trainer
    trainer.close()


@pytest.fixture
def dialogs(tmp_path) -> FakeDialogs:
    return FakeDialogs(save=tmp_path / "result.pdf")


@pytest.fixture
def quiz(qtbot, trainer, dialogs) -> QuizScreen:
    screen = QuizScreen(trainer, dialogs)
    qtbot.addWidget(screen)
    screen.resize(1100, 750)
    screen.show()
    qtbot.waitUntil(lambda: screen.page == PICKER)
    return screen


def _start_exam(qtbot, quiz: QuizScreen, count: int = 4, minutes: int = 10) -> None:
    quiz.select_module("rubicon-bezique")
    quiz.choose_mode("exam")
    quiz.exam_count.setValue(count)
    quiz.exam_minutes.setValue(minutes)
    qtbot.mouseClick(quiz.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: quiz.page == EXAM)  # its questions are built on the worker


def _give(view, answer) -> None:
    question_view = view.question_view
    if isinstance(answer, int):
        question_view.number_field.setText(str(answer))
    elif isinstance(answer, list):
        question_view.choose(*answer)
    else:
        question_view.choose(answer)


def test_an_exam_says_nothing_until_the_end_then_scores_each_topic(qtbot, quiz, trainer):
    _start_exam(qtbot, quiz, count=4)
    view = quiz.exam_view
    questions = view.exam.questions
    assert len(questions) == 4
    for n, question in enumerate(questions):
        assert not view.showing_result and not quiz.feedback.isVisible()
        assert f"question {n + 1} of 4" in view.progress.text()
        _give(view, right(question) if n % 2 == 0 else wrong(question))
        qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
        # Recorded at once, yet nothing on screen says right or wrong.
        assert trainer.store.attempt_count(trainer.profile_id) == n + 1
        if n < 3:
            assert not view.showing_result
            assert "Right" not in view.question_view.heading.text()
    assert view.showing_result
    text = view.result_page.toPlainText()
    assert "2 of 4 right (50%)" in text
    report = view.report
    for topic, score in report.by_topic.items():
        assert topic_name(topic) in text
        assert score.total >= 1
    assert sum(s.total for s in report.by_topic.values()) == 4
    assert {a.mode for a in trainer.store.attempts(trainer.profile_id)} == {"exam"}


def test_the_result_page_lists_each_topic_with_its_score(qtbot, quiz):
    _start_exam(qtbot, quiz, count=3)
    view = quiz.exam_view
    for question in view.exam.questions:
        _give(view, right(question))
        view.next_question()
    lines = view.result_page.toPlainText().splitlines()
    for topic, score in view.report.by_topic.items():
        at = lines.index(topic_name(topic))
        assert lines[at + 1:at + 4] == [str(score.correct), str(score.total), "100%"]


def test_finishing_early_counts_the_unanswered_as_wrong(qtbot, quiz, trainer):
    _start_exam(qtbot, quiz, count=5)
    view = quiz.exam_view
    _give(view, right(view.exam.questions[0]))
    view.next_question()
    qtbot.mouseClick(view.finish_button, Qt.MouseButton.LeftButton)
    assert view.showing_result
    assert view.report.score.correct == 1 and view.report.score.total == 5
    assert trainer.store.attempt_count(trainer.profile_id) == 1


def test_the_exam_ends_by_itself_when_time_is_up(qtbot, quiz):
    _start_exam(qtbot, quiz, count=3)
    view = quiz.exam_view
    view.start(view.exam, minutes=0.001)
    qtbot.waitUntil(lambda: view.showing_result)
    assert view.report.score.total == 3


def test_the_time_left_reads_as_minutes_and_seconds():
    assert clock_words(65_000) == "1:05"
    assert clock_words(0) == "0:00"


def test_the_result_page_exports_to_pdf(qtbot, quiz, dialogs, tmp_path):
    _start_exam(qtbot, quiz, count=2)
    view = quiz.exam_view
    view.finish()
    qtbot.mouseClick(view.pdf_button, Qt.MouseButton.LeftButton)
    pdf = tmp_path / "result.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert str(pdf) in view.saved.text()


def test_print_asks_for_a_printer_and_prints_the_result_page(qtbot, quiz, dialogs, tmp_path):
    _start_exam(qtbot, quiz, count=2)
    view = quiz.exam_view
    view.finish()
    qtbot.mouseClick(view.print_button, Qt.MouseButton.LeftButton)  # cancelled
    assert dialogs.asked == ["print"]
    dialogs.print_to = tmp_path / "printed.pdf"
    qtbot.mouseClick(view.print_button, Qt.MouseButton.LeftButton)
    assert dialogs.print_to.read_bytes().startswith(b"%PDF")


def test_a_law_on_the_result_page_can_be_opened(qtbot, quiz):
    _start_exam(qtbot, quiz, count=2)
    view = quiz.exam_view
    view.finish()
    law = view.exam.questions[0].laws[0]
    with qtbot.waitSignal(quiz.law_requested) as blocker:
        click_link(qtbot, view.result_page, f"law:{law}")
    assert blocker.args == [law]


def test_back_from_the_result_page_shows_the_modules(qtbot, quiz):
    _start_exam(qtbot, quiz, count=1)
    quiz.exam_view.finish()
    qtbot.mouseClick(quiz.exam_view.back_button, Qt.MouseButton.LeftButton)
    assert quiz.page == PICKER


def test_the_review_page_shows_each_questions_situation_and_table(qtbot, quiz):
    from app.cards import Card

    _start_exam(qtbot, quiz, count=4)
    view = quiz.exam_view
    for question in view.exam.questions:
        _give(view, right(question))
        view.next_question()
    text = view.result_page.toPlainText()
    laws = quiz.trainer.content.laws
    for question in view.exam.questions:
        for line in question.situation.splitlines():
            assert line in text
        assert f"Source: {laws[question.law].citation}" in text
        hands = (question.table or {}).get("hands") or {}
        for player, hand in hands.items():
            if isinstance(hand, list) and hand:
                assert f"{player}'s hand" in text
                assert " ".join(Card.parse(c).label for c in hand) in text


def test_an_exam_is_answered_from_the_keyboard(qtbot, quiz, trainer):
    from PySide6.QtWidgets import QApplication

    _start_exam(qtbot, quiz, count=3)
    view = quiz.exam_view
    for n, question in enumerate(view.exam.questions):
        assert view.question_view.question is question
        if question.kind == "number":
            assert QApplication.focusWidget() is view.question_view.number_field
            qtbot.keyClicks(view.question_view.number_field, str(question.answer))
        else:
            first = next(iter(view.question_view.choice_buttons.values()))
            assert QApplication.focusWidget() is first
            qtbot.keyClick(first, Qt.Key.Key_1)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        assert trainer.store.attempt_count(trainer.profile_id) == n + 1
    assert view.showing_result
