"""The quiz screen: every question type answered through the widgets, feedback, links, modes."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from functools import cache

import pytest
from helpers import click_link, page_links
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton
from quiz_support import (
    BANK,
    Clock,
    FakeDialogs,
    authored_question,
    find_question,
    has_cards,
    ready_trainer,
    right,
    shown,
    wrong,
)

from app.cards import Card
from quizzes import Question
from ui.quiz.module_model import ModuleModel
from ui.quiz.quiz_screen import DONE, PICKER, STUDY, QuizScreen
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
    qtbot.waitUntil(lambda: screen.page == PICKER and screen.settled)
    return screen


def _click(qtbot, button: QAbstractButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _answer_through_widgets(qtbot, quiz: QuizScreen, question: Question, answer) -> None:
    """Give an answer the way a learner would: click choices or cards, type a number."""
    view = quiz.question_view
    if question.kind == "number":
        qtbot.keyClicks(view.number_field, f"{answer:,}")
        qtbot.keyClick(view.number_field, Qt.Key.Key_Return)  # Enter checks the answer
        return
    if question.kind == "multi" and view.card_buttons:
        for key in answer:
            _click(qtbot, view.card_buttons[key])
    else:
        for key in [answer] if isinstance(answer, str) else answer:
            _click(qtbot, view.choice_buttons[key])
    assert quiz.check_button.isEnabled()
    _click(qtbot, quiz.check_button)


def _last_attempt(trainer: Trainer):
    attempts = trainer.store.attempts(trainer.profile_id)
    return max(attempts, key=lambda a: a.at) if attempts else None


QUESTIONS = {  # each found once, on first use
    "ruling": cache(lambda: find_question(has_cards, ["ruling"])),
    "english-or-french": cache(lambda: find_question(lambda q: True, ["code"])),
    "spot-the-revoke": cache(lambda: find_question(lambda q: q.kind == "multi", ["revoke"])),
    "count-the-penalty": cache(lambda: find_question(lambda q: q.kind == "number",
                                                     ["penalty"])),
    "which-law": cache(lambda: find_question(lambda q: True, ["law"])),
    "authored-true-false": cache(lambda: authored_question("true-false")),
    "authored-choice": cache(lambda: authored_question("choice")),
}


@pytest.mark.parametrize("kind", list(QUESTIONS))
@pytest.mark.parametrize("correct", [True, False], ids=["right", "wrong"])
def test_each_question_type_is_answered_marked_and_recorded(qtbot, quiz, trainer, clock,
                                                             kind, correct):
    question = QUESTIONS[kind]()
    quiz.ask(question)
    assert quiz.page == STUDY and not quiz.feedback.isVisible()
    _answer_through_widgets(qtbot, quiz, question, right(question) if correct else wrong(question))

    assert quiz.feedback.isVisible()
    assert quiz.feedback.verdict.text().endswith("Right" if correct else "Wrong")
    attempt = _last_attempt(trainer)
    assert attempt is not None
    assert (attempt.question_id, attempt.correct, attempt.mode) == (question.id, correct, "learn")
    assert not quiz.check_button.isEnabled() and quiz.next_button.isEnabled()


def test_a_wrong_answer_shows_the_right_ruling_and_the_laws(qtbot, quiz):
    question = QUESTIONS["ruling"]()
    quiz.ask(question)
    _answer_through_widgets(qtbot, quiz, question, wrong(question))
    text = quiz.feedback.page.toPlainText()
    assert "The right answer: " + question.correct_words() in text
    assert {f"law:{law}" for law in question.links} <= set(page_links(quiz.feedback.page))
    assert "the right answer" in quiz.question_view.choice_words(right(question))


def test_no_choice_shows_its_code_before_the_answer_is_checked(qtbot, quiz):
    # Only another code's remedy carries a code's badge: shown before checking, it marked
    # that choice wrong and gave the answer away.
    question = find_question(lambda q: any(c.code for c in q.choices), ["ruling"])
    quiz.ask(question)
    view = quiz.question_view
    coded = {c.key: c.code for c in question.choices if c.code}
    assert all(view.choice_code_shown(c.key) == "" for c in question.choices)
    _answer_through_widgets(qtbot, quiz, question, right(question))
    assert {key: view.choice_code_shown(key) for key in coded} == coded


def test_picking_another_codes_ruling_is_named_as_such(qtbot, quiz):
    question = find_question(lambda q: has_cards(q) and any(c.code for c in q.choices),
                             ["ruling"])
    quiz.ask(question)
    _answer_through_widgets(qtbot, quiz, question, wrong(question))
    assert "the question asks about the" in quiz.feedback.page.toPlainText()


def test_clicking_a_law_link_in_the_feedback_asks_for_that_law(qtbot, quiz):
    question = QUESTIONS["which-law"]()
    quiz.ask(question)
    _answer_through_widgets(qtbot, quiz, question, wrong(question))
    law = question.links[0]
    with qtbot.waitSignal(quiz.law_requested) as blocker:
        click_link(qtbot, quiz.feedback.page, f"law:{law}")
    assert blocker.args == [law]


def test_the_table_is_drawn_with_cards_that_say_their_names(quiz):
    question = QUESTIONS["ruling"]()
    quiz.ask(question)
    cards = quiz.question_view.table.cards
    shown = [c for c in cards if c.card is not None]
    assert shown
    hands = question.table["hands"]
    codes = [code for hand in hands.values() if isinstance(hand, list) for code in hand]
    names = {QAccessible.queryAccessibleInterface(c).text(QAccessible.Text.Name) for c in shown}
    assert {Card.parse(code).name for code in codes} <= names


def test_a_question_cites_its_source_once_answered_and_its_id_is_one_click_away(qtbot, quiz):
    from PySide6.QtWidgets import QApplication, QLabel

    question = QUESTIONS["which-law"]()
    quiz.ask(question)
    law = BANK.content.laws[question.law]
    source = quiz.question_view.source
    # The source names the law's section: before the answer it would give the answer away.
    shown = " ".join(w.text() for w in quiz.findChildren(QLabel) if w.isVisible())
    assert law.citation not in shown and source.text() == ""
    assert question.id not in quiz.question_view.copy_id_button.toolTip()
    quiz.question_view.choose(question.answer[0])
    quiz.check_answer()
    assert source.text() == f"Source: {law.citation}"
    assert source.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    shown = " ".join(w.text() for w in quiz.findChildren(QLabel) if w.isVisible())
    assert question.id not in shown and question.law not in shown  # no internal id on screen
    _click(qtbot, quiz.question_view.copy_id_button)
    assert QApplication.clipboard().text() == question.id


def test_a_number_that_is_not_a_number_is_refused_and_nothing_is_recorded(qtbot, quiz, trainer):
    question = QUESTIONS["count-the-penalty"]()
    quiz.ask(question)
    qtbot.keyClicks(quiz.question_view.number_field, "lots")
    _click(qtbot, quiz.check_button)
    assert "whole number" in quiz.problem.text()
    assert trainer.store.attempt_count(trainer.profile_id) == 0


def test_a_session_walks_from_question_to_question_and_says_when_done(qtbot, quiz, trainer):
    trainer.store.set_new_per_day(trainer.profile_id, 2)
    quiz.select_module("rubicon-bezique")
    quiz.choose_mode("learn")
    _click(qtbot, quiz.start_button)
    shown(qtbot, quiz)
    seen = []
    while quiz.page == STUDY:
        question = quiz.question
        assert question is not None and question.game == "rubicon-bezique"
        seen.append(question.id)
        _answer_through_widgets(qtbot, quiz, question, right(question))
        _click(qtbot, quiz.next_button)
        shown(qtbot, quiz)
        assert len(seen) < 10
    assert quiz.page == DONE and "Nothing more to study" in quiz.done_label.text()
    assert trainer.store.attempt_count(trainer.profile_id) == len(seen) >= 2


def test_review_my_mistakes_asks_the_very_question_missed(qtbot, quiz, trainer):
    question = QUESTIONS["which-law"]()
    quiz.ask(question)
    _answer_through_widgets(qtbot, quiz, question, wrong(question))
    quiz.show_picker()
    quiz.choose_mode("mistakes")
    quiz.start("everything")
    shown(qtbot, quiz)
    assert quiz.question is not None and quiz.question.id == question.id
    _answer_through_widgets(qtbot, quiz, question, right(question))
    _click(qtbot, quiz.next_button)
    shown(qtbot, quiz)
    assert quiz.page == DONE and "No mistakes left" in quiz.done_label.text()
    assert [a.mode for a in trainer.store.attempts(trainer.profile_id)].count("mistakes") == 1


def test_the_module_list_counts_due_and_new_items(qtbot, quiz, trainer, clock):
    row = quiz.modules.row_of("everything")
    assert quiz.modules.status(row).new == len(BANK.items)
    question = QUESTIONS["which-law"]()
    quiz.ask(question)
    _answer_through_widgets(qtbot, quiz, question, wrong(question))
    clock.advance(hours=1)
    quiz.show_picker()
    assert quiz.wait_for_counts()  # summed on a worker thread
    status = quiz.modules.status(quiz.modules.row_of("everything"))
    assert (status.due, status.seen, status.new) == (1, 1, len(BANK.items) - 1)


def test_the_module_model_is_a_sound_model(qtmodeltester, quiz):
    model = ModuleModel()
    model.set_modules([quiz.modules.status(r) for r in range(quiz.modules.rowCount())])
    qtmodeltester.check(model)


def test_an_answer_that_cannot_be_saved_says_so_and_may_be_checked_again(qtbot, quiz, trainer):
    question = QUESTIONS["which-law"]()
    quiz.ask(question)
    other = sqlite3.connect(trainer.store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock past 5 seconds
    answer = right(question)
    for key in [answer] if isinstance(answer, str) else answer:
        _click(qtbot, quiz.question_view.choice_buttons[key])
    _click(qtbot, quiz.check_button)
    assert quiz.problem.text().startswith("That answer was not saved: Another program")
    assert "Everything saved before is safe" in quiz.problem.text()
    assert trainer.store.attempt_count(trainer.profile_id) == 0
    assert not quiz.feedback.isVisible() and quiz.check_button.isEnabled()
    other.rollback()
    other.close()
    _click(qtbot, quiz.check_button)
    assert quiz.problem.text() == "" and quiz.feedback.isVisible()
    assert trainer.store.attempt_count(trainer.profile_id) == 1


def test_showing_the_module_list_keeps_how_far_each_module_is_answered(qtbot, quiz, trainer):
    # The counting worker walks each module's new-item order past the items the learner has
    # answered, and the screen keeps the marks in the progress file: the first new question
    # of a session need not walk them on the UI thread.
    import json
    from datetime import timedelta

    from app.progress import stamp
    from quizzes.modules import module

    store, pid = trainer.store, trainer.profile_id
    order = module(BANK, "everything").new_items
    now = trainer.now()
    rows = []
    for key in order[:40]:  # the first forty items answered long ago, none due soon
        info = BANK.items[key]
        card = trainer.scheduling.new_card(pid, key, now)
        rows.append((pid, key, info.type, info.law, info.game, info.topic, info.code,
                     stamp(now + timedelta(days=3650)), 2, 3.0, 5.0, stamp(now), 3, 0,
                     stamp(now - timedelta(days=30)), json.dumps(card.to_dict())))
    with store.db.atomic():
        store.db.conn.executemany(
            "INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    quiz.show_picker()
    assert quiz.wait_for_counts()

    def kept() -> dict[str, int]:
        return dict(store.db.execute(
            "SELECT module, answered FROM new_item_marks WHERE profile_id = ?",
            [pid]).fetchall())

    qtbot.waitUntil(lambda: "everything" in kept() and not quiz.marks.busy)
    assert kept()["everything"] == 40
    quiz.start("everything", "learn")
    shown(qtbot, quiz)
    assert quiz.question is not None and quiz.question.item == order[40]


def test_ending_a_session_shows_its_summary(qtbot, quiz, trainer):
    """Answered, right, the laws to review and when the next review falls due."""
    trainer.store.set_new_per_day(trainer.profile_id, 5)
    quiz.select_module("everything")
    quiz.choose_mode("learn")
    _click(qtbot, quiz.start_button)
    shown(qtbot, quiz)
    missed = quiz.question
    _answer_through_widgets(qtbot, quiz, missed, wrong(missed))
    _click(qtbot, quiz.next_button)
    shown(qtbot, quiz)
    got = quiz.question
    assert got is not None and got.law != missed.law
    _answer_through_widgets(qtbot, quiz, got, right(got))
    _click(qtbot, quiz.end_button)
    assert quiz.page == DONE
    text = quiz.done_label.text()
    assert "Answered 2, 1 right." in text
    law = BANK.content.laws[missed.law]
    assert f"Laws to review:\n  • {law.title}" in text
    assert BANK.content.laws[got.law].title not in text
    assert "The next review falls due on" in text
