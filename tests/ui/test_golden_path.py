"""One walk through the whole app over the real laws: search, rule a table, answer, see progress."""

from __future__ import annotations

from pathlib import Path

from quiz_support import BANK

from app.corpus.loading import load_content
from app.progress import ProgressStore
from app.search.store import LawsStore
from ui.main_window import MainWindow
from ui.quiz.quiz_screen import PICKER, QuizScreen
from ui.quiz.trainer import Trainer
from ui.settings import UiSettings

ROOT = Path(__file__).resolve().parents[2]
SURPLUS = ROOT / "content" / "scenarios" / "rubicon-bezique-surplus-after-first-trick.json"


def test_a_referee_looks_up_a_law_rules_a_table_and_trains(qtbot, tmp_path):
    content = load_content()
    window = MainWindow(LawsStore(content), content, UiSettings.ephemeral(), data_dir=tmp_path)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()

    # Search as you type.
    window.show_screen("browser")
    window.browser.search("forgot to draw")
    first = window.browser.results_model.hit(0)
    assert "forgot to draw" in first.title.lower() or "without drawing" in first.title.lower()

    # Rule the classic table: ten cards against nine after the first trick.
    window.builder.open_example(SURPLUS)
    english = window.builder.ruling_panel.columns["english"]
    qtbot.waitUntil(lambda: english.outcome.text() == "game abandoned")
    assert "South +1750" in english.details.toPlainText()
    english.law_requested.emit("rubicon-bezique.english.surplus-after-first-trick")
    # The law opens beside the table; the browser is one more click.
    assert window.reader.current_link == "law:rubicon-bezique.english.surplus-after-first-trick"
    window.reader.browser_button.click()
    assert window.browser.current_page == "law:rubicon-bezique.english.surplus-after-first-trick"

    # Answer a question; the answer is in the progress database before the feedback shows.
    window.trainer = Trainer(content, bank=BANK, data_dir=tmp_path, parent=window)
    window.show_screen("quizzes")
    quiz: QuizScreen = window.screen("quizzes")  # type: ignore[assignment]
    qtbot.waitUntil(lambda: quiz.page == PICKER)
    question = BANK.question("ruling:rubicon-bezique.french.forgot-to-draw:1")
    quiz.ask(question)
    quiz.question_view.choose(*question.answer)
    quiz.check_answer()
    assert quiz.result is not None and quiz.result.correct
    window.trainer.close()
    with ProgressStore.open(tmp_path) as store:
        (attempt,) = store.attempts(store.profiles()[0].id)
        assert attempt.question_id == question.id and attempt.correct
