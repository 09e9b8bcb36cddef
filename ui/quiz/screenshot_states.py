"""The quiz and statistics screens brought to states worth a screenshot, over a sample history.

The first of them swaps the window's trainer for one over a throw-away folder holding a
made-up learner's fortnight (ui/quiz/sample_history.py): the learner's own file is never read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from ui.quiz.sample_history import right_answer, sample_trainer, showcase_question, wrong_answer

if TYPE_CHECKING:
    from ui.main_window import MainWindow
    from ui.quiz.quiz_screen import QuizScreen
    from ui.stats.stats_screen import StatsScreen

EXAM_QUESTIONS = 8


def _quizzes(window: MainWindow) -> QuizScreen:
    if not hasattr(window.trainer, "sample_folder"):
        # Before the quiz and statistics screens are built: they take the window's trainer.
        window.trainer = sample_trainer(window.content, parent=window)
    window.show_screen("quizzes")
    if not window.trainer.wait():
        raise RuntimeError(f"the questions could not be prepared: {window.trainer.error}")
    quiz: QuizScreen = window.screen("quizzes")  # type: ignore[assignment]
    quiz.wait_for_counts()  # the modules' counts are summed on a worker thread
    QApplication.processEvents()
    return quiz


def quiz_modules(window: MainWindow) -> None:
    """The study modules with their counts, and the ways to study."""
    quiz = _quizzes(window)
    quiz.show_picker()
    quiz.wait_for_counts()  # the counts asked for by showing the list


def quiz_question(window: MainWindow) -> None:
    """A ruling question with cards on the table, nothing picked yet."""
    quiz = _quizzes(window)
    quiz.show_picker()
    quiz.ask(showcase_question(window.trainer.bank))


def quiz_feedback(window: MainWindow) -> None:
    """The same question after a wrong answer (another code's ruling)."""
    quiz = _quizzes(window)
    if quiz.question is None or quiz.result is not None:
        quiz.show_picker()
        quiz.ask(showcase_question(window.trainer.bank))
    assert quiz.question is not None
    quiz.question_view.choose(wrong_answer(quiz.question))
    quiz.check_answer()


def exam_result(window: MainWindow) -> None:
    """An exam on Rubicon Bézique, three answers in four right, then its result page."""
    quiz = _quizzes(window)
    quiz.show_picker()
    quiz.wait_for_counts()  # summed on a worker thread
    quiz.select_module("rubicon-bezique")
    quiz.choose_mode("exam")
    quiz.exam_count.setValue(EXAM_QUESTIONS)
    quiz.start()
    quiz.wait_while_preparing()  # its questions are built on the trainer's worker
    view = quiz.exam_view
    assert view.exam is not None
    for n, question in enumerate(view.exam.questions):
        answer = wrong_answer(question) if n % 4 == 3 else right_answer(question)
        if question.kind == "number":
            view.question_view.number_field.setText(str(answer))
        elif isinstance(answer, list):
            view.question_view.choose(*answer)
        else:
            view.question_view.choose(answer)
        view.next_question()
    quiz.choose_mode("learn")


def statistics(window: MainWindow) -> None:
    """The statistics of the sample learner (and the answers of the shots before)."""
    _quizzes(window)
    window.show_screen("statistics")
    screen: StatsScreen = window.screen("statistics")  # type: ignore[assignment]
    screen.show_group("topic")
    screen.wait_for_figures()  # summed on a worker thread
    QApplication.processEvents()
