"""Drilling at flashcard speed on the real quiz screen: keys, undo and flags."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from quiz_support import Clock, FakeDialogs, ready_trainer, shown

from quizzes import Question
from ui.quiz.quiz_screen import PICKER, STUDY, QuizScreen
from ui.quiz.trainer import Trainer


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def trainer(qtbot, tmp_path, clock) -> Iterator[Trainer]:
    trainer = ready_trainer(qtbot, tmp_path, clock)
    yield trainer
    trainer.close()


@pytest.fixture
def quiz(qtbot, trainer) -> QuizScreen:
    screen = QuizScreen(trainer, FakeDialogs())
    qtbot.addWidget(screen)
    screen.resize(1100, 750)
    screen.show()
    qtbot.waitUntil(lambda: screen.page == PICKER)
    return screen


def _start(qtbot, quiz: QuizScreen, module: str = "rubicon-bezique") -> Question:
    quiz.select_module(module)
    quiz.choose_mode("learn")
    qtbot.mouseClick(quiz.start_button, Qt.MouseButton.LeftButton)
    shown(qtbot, quiz)
    assert quiz.page == STUDY and quiz.question is not None
    return quiz.question


def _key(qtbot, quiz: QuizScreen, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    target = QApplication.focusWidget() or quiz
    qtbot.keyClick(target, key, modifier)
    shown(qtbot, quiz)  # a key that goes on may wait for the next question to be built


def _single(qtbot, quiz: QuizScreen) -> Question:
    """Go on (by keyboard) until a question with one answer among choices is shown."""
    while quiz.question is not None and quiz.question.kind != "single":
        if quiz.question.kind == "multi":
            quiz.question_view.choose_number(1)
        else:
            qtbot.keyClicks(quiz.question_view.number_field, "1")
        _key(qtbot, quiz, Qt.Key.Key_Return)
        _key(qtbot, quiz, Qt.Key.Key_Return)
    assert quiz.question is not None
    return quiz.question


def _attempts(trainer: Trainer) -> int:
    return trainer.store.attempt_count(trainer.profile_id)


def test_focus_starts_on_the_choices_and_keys_answer_check_and_go_on(qtbot, quiz, trainer):
    _start(qtbot, quiz)
    question = _single(qtbot, quiz)
    first = quiz.question_view.choice_buttons[question.choices[0].key]
    assert QApplication.focusWidget() is first
    before = _attempts(trainer)
    number = next(i for i, c in enumerate(question.choices, 1) if c.key == question.answer[0])
    _key(qtbot, quiz, Qt.Key(Qt.Key.Key_0 + number))
    assert quiz.question_view.answer() == question.answer[0]
    _key(qtbot, quiz, Qt.Key.Key_Return)  # Enter checks
    assert quiz.feedback.verdict.text().endswith("Right")
    assert _attempts(trainer) == before + 1
    _key(qtbot, quiz, Qt.Key.Key_Space)  # Space goes on, as in Anki
    assert quiz.result is None and quiz.question is not None and quiz.question.id != question.id
    assert _attempts(trainer) == before + 1


def test_space_checks_too_and_every_control_is_reached_with_tab(qtbot, quiz):
    _start(qtbot, quiz)
    _single(qtbot, quiz)
    _key(qtbot, quiz, Qt.Key.Key_2)
    _key(qtbot, quiz, Qt.Key.Key_Space)
    assert quiz.result is not None  # checked
    wanted = {quiz.flag_button, quiz.undo_button, quiz.next_button, quiz.end_button,
              quiz.question_view.copy_id_button}
    reached = set()
    for _ in range(60):
        _key(qtbot, quiz, Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        if isinstance(widget, QPushButton):
            reached.add(widget)
    assert wanted <= reached


def test_undo_takes_the_last_answer_back_and_restores_the_card(qtbot, quiz, trainer, clock):
    _start(qtbot, quiz)
    # Undo is tried on questions of the prepared bank: the first question a new learner is
    # asked while the rest are prepared is another test's (test_quiz_first_question.py).
    qtbot.waitUntil(lambda: trainer.is_ready)
    _single(qtbot, quiz)
    _key(qtbot, quiz, Qt.Key.Key_1)
    _key(qtbot, quiz, Qt.Key.Key_Return)
    clock.advance(days=3)
    _key(qtbot, quiz, Qt.Key.Key_Return)  # on to the next question
    question = _single(qtbot, quiz)
    store, profile = trainer.store, trainer.profile_id
    card_before = store.card(profile, question.item)
    count = _attempts(trainer)
    _key(qtbot, quiz, Qt.Key.Key_1)
    _key(qtbot, quiz, Qt.Key.Key_Return)
    assert _attempts(trainer) == count + 1 and quiz.undo_button.isEnabled()
    qtbot.mouseClick(quiz.undo_button, Qt.MouseButton.LeftButton)  # the button on the feedback
    assert _attempts(trainer) == count
    assert store.card(profile, question.item) == card_before
    assert quiz.question.id == question.id and quiz.result is None  # asked again
    assert "taken back" in quiz.problem.text()
    # Ctrl+Z after going on to the next question takes back the answer before it.
    _key(qtbot, quiz, Qt.Key.Key_1)
    _key(qtbot, quiz, Qt.Key.Key_Return)
    assert _attempts(trainer) == count + 1
    _key(qtbot, quiz, Qt.Key.Key_Return)
    # The next question may wait for the rest of the questions to be prepared (a fresh
    # install): the undo is asked once it is shown, as a learner would.
    qtbot.waitUntil(lambda: quiz.question is not None and quiz.result is None)
    # In a text field (the number field, or any other the next question brings) Ctrl+Z takes
    # back what was typed: the undo of an answer is asked from outside one.
    from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit, QTextEdit

    if isinstance(QApplication.focusWidget(), QLineEdit | QAbstractSpinBox | QTextEdit):
        outside = next(b for b in (quiz.undo_button, quiz.next_button, quiz.check_button)
                       if b.isVisible() and b.isEnabled())
        outside.setFocus()
    assert not isinstance(QApplication.focusWidget(), QLineEdit | QAbstractSpinBox | QTextEdit)
    _key(qtbot, quiz, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _attempts(trainer) == count and quiz.question.id == question.id
    assert store.card(profile, question.item) == card_before
    assert not quiz.undo_button.isEnabled()


def test_a_flagged_question_is_set_aside_with_its_reason(qtbot, quiz, trainer):
    question = _start(qtbot, quiz)
    qtbot.mouseClick(quiz.flag_button, Qt.MouseButton.LeftButton)
    dialog = quiz.flag_dialog
    assert dialog is not None and dialog.isVisible()
    ok = dialog.buttons.buttons()[0]
    assert not ok.isEnabled()  # a flag needs a reason
    qtbot.mouseClick(dialog.reason_buttons[0], Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.details, "Both rulings mean play goes on.")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    shown(qtbot, quiz)
    (flag,) = trainer.store.flags(trainer.profile_id)
    assert flag.item == question.item and flag.question_id == question.id
    assert flag.reason == "Two of the answers can be defended. Both rulings mean play goes on."
    assert _attempts(trainer) == 0  # nothing was answered
    assert quiz.question is not None and quiz.question.item != question.item
    assert "Flagged" in quiz.problem.text()
    asked = []
    for _ in range(8):
        if quiz.page != STUDY:
            break
        asked.append(quiz.question.item)
        quiz.question_view.choose_number(1)
        if quiz.question.kind == "number":
            qtbot.keyClicks(quiz.question_view.number_field, "1")
        _key(qtbot, quiz, Qt.Key.Key_Return)
        _key(qtbot, quiz, Qt.Key.Key_Return)
    assert question.item not in asked


def test_the_help_menu_lists_the_quiz_keys(window):
    from ui.quiz.study_keys import SHORTCUTS, shortcuts_html

    help_menu = window.menuBar().actions()[-1].menu()
    assert "&Quiz keyboard shortcuts" in [a.text() for a in help_menu.actions()]
    text = shortcuts_html()
    for keys in ("1 – 9", "Enter", "Space", "Ctrl+Z", "Tab"):
        assert keys in text
    assert len(SHORTCUTS) == 5


def test_the_statistics_screen_lists_flags_and_unflags(qtbot, quiz, trainer):
    from ui.stats.stats_screen import StatsScreen

    question = _start(qtbot, quiz)
    quiz.session.flag(question, "The table is unclear.")
    stats = StatsScreen(trainer)
    qtbot.addWidget(stats)
    stats.resize(1100, 750)
    stats.show()
    flags = stats.flag_list
    qtbot.waitUntil(lambda: flags.heading.text() == "Flagged questions (1)")
    entry = flags.list.item(0)
    law = trainer.bank.content.laws[question.law]
    assert "“The table is unclear.”" in entry.text() and law.title in entry.text()
    assert not flags.unflag_button.isEnabled()
    flags.list.setCurrentRow(0)
    qtbot.mouseClick(flags.unflag_button, Qt.MouseButton.LeftButton)
    assert trainer.store.flags(trainer.profile_id) == []
    assert flags.heading.text() == "Flagged questions (0)"
