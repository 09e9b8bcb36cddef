"""The quiz and statistics screens in the main window: menus, the progress file at start, links."""

from __future__ import annotations

import pytest
from quiz_support import BANK, find_question, wrong

from app.progress import ProgressStore
from ui.main_window import MainWindow
from ui.quiz.quiz_screen import PICKER, PREPARING, STUDY, QuizScreen
from ui.quiz.trainer import Trainer
from ui.stats.stats_screen import StatsScreen

SURPLUS_EN = "rubicon-bezique.english.surplus-after-first-trick"


def _quiz(window: MainWindow) -> QuizScreen:
    window.show_screen("quizzes")
    return window.screen("quizzes")  # type: ignore[return-value]


def _stats(window: MainWindow) -> StatsScreen:
    window.show_screen("statistics")
    return window.screen("statistics")  # type: ignore[return-value]


def test_the_view_menu_opens_the_quizzes_and_the_statistics(window):
    assert window.screen_actions["quizzes"].shortcut().toString() == "Ctrl+5"
    assert window.screen_actions["statistics"].shortcut().toString() == "Ctrl+6"
    window.screen_actions["quizzes"].trigger()
    assert window.current_screen == "quizzes"
    window.screen_actions["statistics"].trigger()
    assert window.current_screen == "statistics"


def test_nothing_about_progress_is_opened_before_a_quiz_screen_is_shown(window):
    assert window.trainer.state == "idle"


@pytest.fixture
def damaged(tmp_path, monkeypatch):
    """A progress file that is not a database, in the data folder the app will use."""
    (tmp_path / "progress.sqlite").write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("CARDLAWS_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_damaged_progress_file_is_set_aside_and_the_learner_told(qtbot, window, damaged):
    window.trainer = Trainer(BANK.content, bank=BANK, parent=window)  # the real questions
    quiz = _quiz(window)
    assert quiz.page == PREPARING and "Preparing questions" in quiz.preparing.text()
    qtbot.waitUntil(lambda: quiz.page == PICKER)

    assert quiz.banner.isVisible()
    words = quiz.banner.message.text()
    assert "could not be read" in words and "a new, empty progress file" in words
    kept = list(damaged.glob("progress.sqlite.corrupt-*"))
    assert len(kept) == 1 and kept[0].name in words
    assert window.trainer.store.integrity() == "ok"
    assert window.trainer.store.attempt_count() == 0

    question = find_question(lambda q: True, ["law"])  # the fresh file takes answers
    quiz.ask(question)
    quiz.question_view.choose(wrong(question))
    quiz.check_answer()
    window.trainer.close()
    with ProgressStore.open(damaged) as reopened:
        assert reopened.attempt_count() == 1 and reopened.notice is None


def test_the_notice_shows_on_the_statistics_too_until_dismissed(qtbot, window, damaged):
    window.trainer = Trainer(BANK.content, bank=BANK, parent=window)
    stats = _stats(window)
    qtbot.waitUntil(lambda: stats.figures is not None)
    assert stats.banner.isVisible()
    quiz = _quiz(window)
    assert quiz.banner.isVisible()
    quiz.banner.ok_button.click()
    assert not quiz.banner.isVisible() and stats.banner.isHidden()
    window.trainer.close()


def test_a_law_asked_for_in_a_quiz_opens_beside_it(qtbot, window, tmp_path):
    window.trainer = Trainer(BANK.content, data_dir=tmp_path, bank=BANK, parent=window)
    quiz = _quiz(window)
    qtbot.waitUntil(lambda: quiz.page == PICKER)
    quiz.law_requested.emit(SURPLUS_EN)
    assert window.current_screen == "quizzes"
    assert window.reader.current_link == f"law:{SURPLUS_EN}"
    assert "Surplus card" in window.reader.page.toPlainText()
    window.reader.browser_button.click()
    assert window.browser.current_page == f"law:{SURPLUS_EN}"
    window.trainer.close()


def test_answering_in_the_window_writes_the_attempt(qtbot, window, tmp_path):
    window.trainer = Trainer(BANK.content, data_dir=tmp_path, bank=BANK, parent=window)
    quiz = _quiz(window)
    qtbot.waitUntil(lambda: quiz.page == PICKER)
    quiz.start("ecarte", "learn")
    qtbot.waitUntil(lambda: not quiz.waiting)  # built on the trainer's worker
    assert quiz.page == STUDY
    question = quiz.question
    if question.kind == "number":
        quiz.question_view.number_field.setText(str(wrong(question)))
    elif question.kind == "multi":
        quiz.question_view.choose(*wrong(question))
    else:
        quiz.question_view.choose(wrong(question))
    quiz.check_answer()
    attempts = window.trainer.store.attempts(window.trainer.profile_id)
    assert [a.question_id for a in attempts] == [question.id]
    stats = _stats(window)
    qtbot.waitUntil(lambda: stats.settled)
    assert stats.summary.text() == "1 answer, 0 right (0%)."
    window.trainer.close()


def test_questions_that_cannot_be_prepared_are_reported_not_crashed_on(qtbot, window, tmp_path):
    # The fixture content lacks laws the authored items cite: the bank cannot be built.
    window.trainer = Trainer(window.content, data_dir=tmp_path, parent=window)
    quiz = _quiz(window)
    qtbot.waitUntil(lambda: window.trainer.state == "failed")
    assert quiz.page == PREPARING
    assert "could not be prepared" in quiz.preparing.text()
    assert "ContentError" in quiz.preparing.text()
    window.trainer.close()


def test_the_data_dir_option_chooses_where_progress_is_kept(qtbot, window, store, content,
                                                           ui_settings, tmp_path):
    from ui.__main__ import build_parser

    args = build_parser().parse_args(["--data-dir", str(tmp_path / "mine")])
    other = MainWindow(store, content, ui_settings, data_dir=args.data_dir)
    qtbot.addWidget(other)
    assert other.trainer.data_dir == tmp_path / "mine"

    window.trainer = Trainer(BANK.content, bank=BANK, data_dir=args.data_dir, parent=window)
    quiz = _quiz(window)
    qtbot.waitUntil(lambda: quiz.page == PICKER)
    window.trainer.close()
    assert (tmp_path / "mine" / "progress.sqlite").exists()


def test_the_chosen_learner_is_remembered_at_the_next_start(qtbot, window, store, content,
                                                           ui_settings, tmp_path):
    window.trainer = Trainer(BANK.content, bank=BANK, data_dir=tmp_path, parent=window)
    window.trainer.profile_changed.connect(window._remember_profile)
    quiz = _quiz(window)
    qtbot.waitUntil(lambda: quiz.page == PICKER)
    second = window.trainer.store.create_profile("Second learner")
    window.trainer.choose_profile(second.id)
    window.trainer.close()
    assert ui_settings.last_profile == second.id

    again = MainWindow(store, content, ui_settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.trainer.preferred_profile == second.id  # what the window passes at start
    again.trainer = Trainer(BANK.content, bank=BANK, data_dir=tmp_path,
                            preferred_profile=ui_settings.last_profile, parent=again)
    quiz = _quiz(again)
    qtbot.waitUntil(lambda: quiz.page == PICKER)
    assert again.trainer.profile_id == second.id
    again.trainer.close()


def test_recent_scenarios_are_kept_with_the_windows_settings(window, ui_settings, tmp_path):
    path = tmp_path / "table.json"
    window.builder_actions.recent.add(path)
    assert window.builder_actions.recent.paths()[0] == path
    assert ui_settings.qsettings is not None
    assert str(path) in str(ui_settings.qsettings.value("builder/recent_files", ""))


def test_a_progress_folder_that_cannot_be_used_is_explained_and_the_rest_works(
    qtbot, window, tmp_path, monkeypatch
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    monkeypatch.setenv("CARDLAWS_DATA_DIR", str(blocker / "data"))
    window.trainer = Trainer(BANK.content, bank=BANK, parent=window)
    quiz = _quiz(window)
    qtbot.waitUntil(lambda: window.trainer.state == "failed")
    words = quiz.preparing.text()
    assert "Your progress could not be opened" in words and str(blocker) in words
    assert "Preparing questions" not in words
    assert blocker.read_text(encoding="utf-8").startswith("a file where")  # left alone
    window.show_screen("browser")
    assert window.current_screen == "browser" and window.browser.isVisible()
