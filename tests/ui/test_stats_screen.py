"""The statistics screen over a small known history, answered through Session with a fixed clock.

The history: on 1 May three new questions on Bézique (right, wrong with the French
ruling, right); on 3 May the first two again (right, wrong with the French ruling again).
So: 5 answers, 3 right (60%); 2 confusions; the second law missed 2 of 2; 3 new items on
1 May, 2 reviews on 3 May with a retention of 50%; 3 cards in the forecast.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cache

import pytest
from helpers import click_link
from PySide6.QtCore import Qt
from quiz_support import BANK, Clock, find_question, has_cards, ready_trainer
from quiz_support import right as right_answer
from quiz_support import wrong as wrong_answer

from app.progress import ProgressStore
from quizzes import Question, Scheduling, Session
from ui.quiz.trainer import Trainer
from ui.stats.charts import bar_values
from ui.stats.standing_model import KEY_ROLE, StandingModel
from ui.stats.stats_screen import StatsScreen

MAY_1 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
MAY_3 = datetime(2024, 5, 3, 9, 0, tzinfo=UTC)
# A game with an English ruling question that offers the French ruling as a wrong choice.
GAME = "bezique"
NOW = datetime(2024, 5, 3, 12, 0, tzinfo=UTC)


def _confusable(question: Question) -> bool:
    return (question.game == GAME and has_cards(question)
            and any(c.code == "french" for c in question.choices) and question.code == "english")


@cache
def _questions() -> tuple[Question, Question, Question]:
    # (Two more laws of the game, asked as penalties: few games have a "which law?" item.)
    second = find_question(_confusable, ["ruling"], GAME)
    first = find_question(lambda q: q.game == GAME and q.law != second.law, ["penalty"], GAME)
    third = find_question(lambda q: q.game == GAME and q.law not in (first.law, second.law),
                          ["penalty"], GAME)
    return first, second, third


def _history(folder) -> tuple[list[Question], int]:
    """Write the known history into a progress file in `folder`."""
    first, second, third = _questions()
    clock = Clock(MAY_1)
    store = ProgressStore.open(folder, keep_backups=0)
    profile = store.create_profile("Ann", MAY_1)
    session = Session(store, profile.id, BANK, scheduling=Scheduling(clock=clock))
    for question, give in ((first, right_answer), (second, wrong_answer), (third, right_answer)):
        session.answer(question, give(question), 5000)
        clock.advance(minutes=1)
    clock.now = MAY_3
    for question, give in ((first, right_answer), (second, wrong_answer)):
        session.answer(question, give(question), 5000)
        clock.advance(minutes=1)
    store.close()
    return [first, second, third], profile.id


@pytest.fixture
def history(tmp_path) -> tuple[list[Question], int]:
    return _history(tmp_path)


@pytest.fixture
def trainer(qtbot, tmp_path, history) -> Iterator[Trainer]:
    trainer = ready_trainer(qtbot, tmp_path, Clock(NOW))
    trainer.choose_profile(history[1])
    yield trainer
    trainer.close()


@pytest.fixture
def stats(qtbot, trainer) -> StatsScreen:
    screen = StatsScreen(trainer)
    qtbot.addWidget(screen)
    screen.resize(1100, 750)
    screen.show()
    qtbot.waitUntil(lambda: screen.settled)
    return screen


def _row(screen: StatsScreen, key: str) -> list[str]:
    row = screen.model.row_of(key)
    assert row >= 0, key
    return [screen.model.index(row, c).data() for c in range(screen.model.columnCount())]


def test_the_summary_counts_answers_and_the_share_right(stats):
    assert stats.title.text() == "Statistics for Ann"
    assert stats.summary.text() == "5 answers, 3 right (60%)."


def test_english_french_confusions_are_counted(stats):
    text = stats.confusions.text()
    assert text.startswith("English/French confusions: 2 ")
    assert "2 × the French ruling where the English laws were asked" in text


def test_the_game_table_gives_answers_accuracy_and_items_seen(stats):
    stats.show_group("game")
    name, answers, right, mastery, seen = _row(stats, GAME)
    assert (name, answers, right) == ("Bézique", "5", "60%")
    items = sum(1 for i in BANK.items.values() if i.game == GAME)
    assert seen == f"3 of {items}"
    assert mastery.endswith("%")
    assert _row(stats, "ecarte")[1:3] == ["0", "—"]


def test_the_code_table_and_the_law_table(qtbot, stats, history):
    questions, _ = history
    stats.show_group("code")
    assert _row(stats, "english")[1:3] == ["5", "60%"]
    stats.show_group("law")
    qtbot.waitUntil(lambda: stats.settled)
    assert len(stats.figures.by_law) > 3, "every law of the catalogue, answered or not"
    assert stats.model.rowCount() == 3  # only the laws answered
    assert _row(stats, questions[1].law)[1:3] == ["2", "0%"]
    assert _row(stats, questions[0].law)[1:3] == ["2", "100%"]


def test_the_most_missed_law_comes_first_and_links_to_the_law(qtbot, stats, history):
    questions, _ = history
    first = stats.missed.toPlainText().splitlines()[0]
    title = BANK.content.laws[questions[1].law].title
    assert first == f"{title} (Bézique, English) — missed 2 of 2"
    with qtbot.waitSignal(stats.law_requested) as blocker:
        click_link(qtbot, stats.missed, f"law:{questions[1].law}")
    assert blocker.args == [questions[1].law]


def test_the_day_chart_shows_new_items_reviews_and_retention(stats):
    chart = stats.day_chart
    assert chart.labels == ["1 May", "2 May", "3 May"]
    assert bar_values(chart.new_items) == [3, 0, 0]
    assert bar_values(chart.reviews) == [0, 0, 2]
    points = [(p.x(), p.y()) for p in chart.retention.points()]
    assert points == [(2.0, 50.0)]


def test_the_forecast_covers_thirty_days_and_every_card(stats):
    chart = stats.forecast_chart
    values = bar_values(chart.due)
    assert len(values) == 30 and chart.labels[0] == "Today"
    assert sum(values) == 3


def test_the_figures_follow_a_new_answer(qtbot, stats, trainer, history):
    questions, _ = history
    session = Session(trainer.store, trainer.profile_id, BANK, scheduling=trainer.scheduling)
    session.answer(questions[2], right_answer(questions[2]), 5000)
    trainer.progress_changed.emit()
    qtbot.waitUntil(lambda: stats.settled)
    assert stats.summary.text() == "6 answers, 4 right (67%)."


def test_a_fresh_profile_shows_no_answers_yet(qtbot, stats, trainer):
    other = trainer.store.create_profile("Bob")
    trainer.choose_profile(other.id)
    qtbot.waitUntil(lambda: stats.settled)
    assert stats.title.text() == "Statistics for Bob"
    assert "No answers yet" in stats.summary.text()
    assert stats.missed.toPlainText() == "No law missed yet."
    assert bar_values(stats.day_chart.reviews) == []


def test_a_law_row_opens_the_law(qtbot, stats, history):
    questions, _ = history
    stats.show_group("law")
    qtbot.waitUntil(lambda: stats.settled)
    index = stats.model.index(stats.model.row_of(questions[0].law), 0)
    with qtbot.waitSignal(stats.law_requested) as blocker:
        stats.table.doubleClicked.emit(index)
    assert blocker.args == [questions[0].law]


def test_the_standing_model_is_a_sound_model(qtmodeltester, stats):
    model = StandingModel()
    figures = stats.figures
    model.set_standings("Topic", list(figures.by_topic.values()), str)
    qtmodeltester.check(model)


def test_the_statistics_wait_for_the_questions_to_be_prepared(qtbot, tmp_path, history):
    trainer = Trainer(BANK.content, data_dir=tmp_path, bank=BANK,
                      scheduling=Scheduling(clock=Clock(NOW)))
    screen = StatsScreen(trainer)
    qtbot.addWidget(screen)
    screen.show()
    assert screen.pages.currentIndex() == 0 and "Preparing" in screen.preparing.text()
    qtbot.waitUntil(lambda: screen.figures is not None)
    trainer.close()


def test_the_law_table_sorts_by_any_column_keeping_the_selection(qtbot, stats, history):
    questions, _ = history
    stats.show_group("law")
    qtbot.waitUntil(lambda: stats.settled)
    answers = [int(stats.model.index(r, 1).data()) for r in range(stats.model.rowCount())]
    assert answers == sorted(answers, reverse=True), "most answered first"
    stats.table.selectRow(stats.model.row_of(questions[1].law))
    stats.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    rights = [stats.model.index(r, 2).data() for r in range(stats.model.rowCount())]
    assert rights[0] == "0%" and rights[-1] == "100%"
    selected = stats.table.selectionModel().selectedRows()
    assert [i.data(KEY_ROLE) for i in selected] == [questions[1].law]
    stats.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    names = [stats.model.index(r, 0).data() for r in range(stats.model.rowCount())]
    assert names == sorted(names, key=str.casefold)


def test_a_table_asked_twice_for_the_same_order_sorts_once_and_stays_right(qapp, monkeypatch):
    # QTableView.sortByColumn asks the model twice; the second must cost nothing and change
    # nothing, while a new order or new rows still sort.
    from quizzes.statistics import Standing
    from ui.stats.standing_model import StandingModel

    model = StandingModel()
    rows = [Standing(f"law-{n}", n % 7, 0, 0.0, 1, 1) for n in range(50)]
    model.set_standings("Law", rows, str)
    sorts = []
    real = model._order
    monkeypatch.setattr(model, "_order", lambda *a: sorts.append(a) or real(*a))
    model.sort(1, Qt.SortOrder.DescendingOrder)
    model.sort(1, Qt.SortOrder.DescendingOrder)
    answers = [model.standing(r).answers for r in range(model.rowCount())]
    assert answers == sorted(answers, reverse=True) and len(sorts) == 1
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert [model.standing(r).answers for r in range(model.rowCount())] == sorted(answers)
    model.set_standings("Law", rows, str)
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert len(sorts) == 3


def test_names_sort_as_people_sort_them_accents_aside(qapp):
    # "Écarté" comes after "Cinch" and before "Pinochle", not after "Rubicon Bézique".
    from quizzes.statistics import Standing
    from ui.stats.standing_model import StandingModel

    names = {"rubicon-bezique": "Rubicon Bézique", "ecarte": "Écarté", "cinch": "Cinch",
             "pinochle": "Pinochle", "bezique": "bézique"}
    model = StandingModel()
    model.set_standings("Game", [Standing(k, 1, 0, 0.0, 1, 1) for k in names], names.__getitem__)
    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert [model.name(r) for r in range(model.rowCount())] == \
        ["bézique", "Cinch", "Écarté", "Pinochle", "Rubicon Bézique"]
