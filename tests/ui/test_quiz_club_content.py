"""A club's own content opened in Quizzes the first time, nothing stored for it: its survey is
taken by a process of its own (ui/prepare_process.py), never in the window's process, and the
screen shows its first question."""

from __future__ import annotations

import shutil

from quiz_support import FakeDialogs

import quizzes.bank
from app.corpus import cache
from app.corpus.loading import load_content
from app.corpus.location import CONTENT_DIR
from ui import prepare_process
from ui.quiz.quiz_screen import STUDY, QuizScreen
from ui.quiz.trainer import Trainer


def test_a_club_contents_survey_is_taken_by_a_child_process_and_its_first_question_shown(
        qtbot, tmp_path, monkeypatch):
    club = tmp_path / "club"
    shutil.copytree(CONTENT_DIR, club, ignore=shutil.ignore_patterns(cache.PREPARED, "*.py",
                                                                     "__pycache__"))
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path / "cache"))  # nothing stored
    content = load_content(club, None, cached=True)  # as the app serves CARDLAWS_CONTENT_DIR
    taken_here: list[object] = []

    def take_survey_here(bank, *args, **kwargs):
        taken_here.append(bank)
        raise RuntimeError("the whole survey was taken in the window's process")

    monkeypatch.setattr(quizzes.bank, "take_survey", take_survey_here)
    # The child at the window's own priority: what is asserted is where the survey is taken,
    # and at a lower one, on a machine whose cores others keep busy, it waited minutes for
    # its turns (391 s seen), though the window here is idle.
    monkeypatch.setattr(prepare_process, "BUILD_NICENESS", 0)
    trainer = Trainer(content, data_dir=tmp_path / "data")  # a new learner
    screen = QuizScreen(trainer, FakeDialogs())
    qtbot.addWidget(screen)
    screen.resize(1100, 750)
    screen.show()
    qtbot.waitUntil(lambda: trainer.state in ("ready", "failed"), timeout=600_000)
    assert trainer.state == "ready", trainer.error
    assert taken_here == []
    assert list((tmp_path / "cache").glob("quiz-prepared-*.jsonl")), "stored by the child"
    qtbot.waitUntil(lambda: screen.page == STUDY and screen.question is not None)
    first = screen.question
    assert first.item == trainer.bank.new_order[0]
    assert screen.question_view.prompt.text() == first.prompt
    trainer.close()
