"""Opening Quizzes on a fresh install, nothing prepared or stored: a new learner is asked the
first question at once (while preparing the bank takes many seconds), its answer is recorded,
and the next question follows once the rest are prepared.

Preparing is held until the test lets it end, and then gives what this test process derived
once (tests/prepared_support.py): the first question is shown while the bank is certainly not
prepared, whatever the machine's speed, and no test derives the bank again."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from prepared_support import stand_in_for_deriving
from quiz_support import BANK, FakeDialogs

from ui.quiz.quiz_screen import PICKER, PREPARING, STUDY, QuizScreen
from ui.quiz.trainer import Trainer

FIRST = BANK.new_order[0]


@pytest.fixture
def preparing(prepared_data, monkeypatch) -> threading.Event:
    """Set it, and preparing the bank ends."""
    done = threading.Event()
    stand_in_for_deriving(monkeypatch, prepared_data, held=done)
    return done


@pytest.fixture
def fresh(qtbot, tmp_path, monkeypatch, preparing) -> Iterator[QuizScreen]:
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path / "cache"))  # nothing prepared
    trainer = Trainer(BANK.content, data_dir=tmp_path / "data")  # a new learner, a new bank
    screen = QuizScreen(trainer, FakeDialogs())
    qtbot.addWidget(screen)
    screen.resize(1100, 750)
    screen.show()
    yield screen
    preparing.set()  # (a test that failed early leaves no worker waiting)
    trainer.close()


def test_a_new_learner_sees_the_first_question_before_the_bank_is_prepared(qtbot, fresh,
                                                                          preparing):
    qtbot.waitUntil(lambda: fresh.page == STUDY)
    question = fresh.question
    assert question is not None and question.item == FIRST
    assert fresh.question_view.prompt.text() == question.prompt
    assert not fresh.trainer.is_ready, "shown while the rest are being prepared"
    # Answered and recorded at once, as in any session.
    fresh.question_view.choose(question.answer[0])
    fresh.check_answer()
    assert fresh.feedback.verdict.text() == "✓ Right"
    trainer = fresh.trainer
    assert trainer.store.last_answer(trainer.profile_id).item == FIRST
    # The next question comes once the rest are prepared (and is another item).
    fresh.next_question()
    preparing.set()
    qtbot.waitUntil(lambda: fresh.question is not question and fresh.page == STUDY)
    assert fresh.question.item != FIRST and fresh.session is not None
    assert list(fresh.trainer.store.new_items.among(trainer.profile_id, [FIRST])) == []


def test_leaving_the_first_question_goes_to_the_module_list_once_prepared(qtbot, fresh,
                                                                         preparing):
    qtbot.waitUntil(lambda: fresh.page == STUDY)
    fresh.end_button.click()
    assert fresh.page == PREPARING, "the bank is still being prepared"
    preparing.set()
    qtbot.waitUntil(lambda: fresh.page == PICKER and fresh.settled)
    assert list(fresh.trainer.store.new_items.among(fresh.trainer.profile_id, [FIRST])) == [0]


def test_with_the_questions_prepared_the_module_list_comes_first(qtbot, tmp_path):
    """Prepared already, the module list comes at once, as before (no first question)."""
    assert BANK.has_prepared
    trainer = Trainer(BANK.content, data_dir=tmp_path / "data", bank=BANK)
    screen = QuizScreen(trainer, FakeDialogs())
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitUntil(lambda: screen.page == PICKER)
    assert trainer.first is None
    trainer.close()
