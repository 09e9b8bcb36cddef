"""Statistics on a small known history: accuracy, mastery, misses, confusions, days, forecast."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from app.progress import Attempt, CardRow, ProgressStore
from quizzes.bank import ItemInfo
from quizzes.scheduling import Scheduling
from quizzes.statistics import DayPoint, Missed, day_series, statistics

D1 = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)
A = ItemInfo(
    "ruling:rubicon-bezique.english.surplus-after-first-trick",
    "ruling",
    "rubicon-bezique.english.surplus-after-first-trick",
    "rubicon-bezique",
    "wrong-number-of-cards",
    "english",
)
B = ItemInfo(
    "law:ecarte.american.wrong-count-dealt",
    "law",
    "ecarte.american.wrong-count-dealt",
    "ecarte",
    "wrong-number-of-cards",
    "american",
)
C = ItemInfo(
    "law:ecarte.american.imperfect-pack",
    "law",
    "ecarte.american.imperfect-pack",
    "ecarte",
    "dealing-and-misdeals",
    "american",
)
# (day offset, item, correct, confused code, first answer on the item)
HISTORY = [
    (0, A, False, "french", True),
    (0, B, True, None, True),
    (1, A, True, None, False),
    (1, B, False, None, False),
    (2, A, True, None, False),
]
NOW = D1 + timedelta(days=3, hours=2)
STABILITY = {A.key: 8.0, B.key: 2.0}
DUE = {A.key: D1 + timedelta(days=5), B.key: D1 + timedelta(days=2)}


def record_history(store: ProgressStore) -> int:
    p = store.create_profile("Ann", D1)
    for n, (day, info, correct, confused, new) in enumerate(HISTORY):
        at = D1 + timedelta(days=day, minutes=n)
        store.record(
            Attempt(
                p.id,
                at,
                f"{info.key}:{n}",
                info.type,
                info.key,
                info.game,
                info.topic,
                info.code,
                (info.law,),
                "a",
                correct,
                1000 * (n + 1),
                confused,
                "learn",
                new,
            ),
            CardRow(
                info.key,
                info.type,
                info.law,
                info.game,
                info.topic,
                info.code,
                DUE[info.key],
                2,
                STABILITY[info.key],
                5.0,
                D1 + timedelta(days=2),
                n,
                0,
                D1,
                {"card_id": n},
            ),
        )
    return p.id


@pytest.fixture
def history():
    store = ProgressStore.in_memory()
    pid = record_history(store)
    yield store, pid
    store.close()


def test_accuracy_per_game_topic_code_and_law(history):
    s = statistics(*history, NOW)
    assert (s.answers, s.correct) == (5, 3)
    assert (s.by_game["rubicon-bezique"].answers, s.by_game["rubicon-bezique"].correct) == (3, 2)
    assert s.by_game["ecarte"].accuracy == pytest.approx(0.5)
    assert s.by_code["english"].accuracy == pytest.approx(2 / 3)
    assert s.by_code["american"].answers == 2
    assert s.by_topic["wrong-number-of-cards"].answers == 5
    assert s.by_law is None, "the per-law table is read only when asked"
    assert statistics(*history, NOW, laws=True).by_law[A.law].correct == 2


def test_mastery_is_the_mean_chance_of_recall_unseen_items_counting_nought(history):
    sched = Scheduling()
    last = D1 + timedelta(days=2)
    ra = sched.retrievability(8.0, last, NOW)
    rb = sched.retrievability(2.0, last, NOW)
    assert 1 > ra > rb > 0
    seen_only = statistics(*history, NOW).by_game
    assert seen_only["ecarte"].mastery == pytest.approx(rb)
    catalogue = {i.key: i for i in (A, B, C)}
    full = statistics(*history, NOW, catalogue)
    assert full.by_game["ecarte"].mastery == pytest.approx(rb / 2)
    assert (full.by_game["ecarte"].seen, full.by_game["ecarte"].items) == (1, 2)
    assert full.by_game["rubicon-bezique"].mastery == pytest.approx(ra)
    assert full.by_topic["dealing-and-misdeals"].mastery == 0
    assert full.by_topic["dealing-and-misdeals"].items == 1
    # Another catalogue on the same connection replaces the first.
    smaller = statistics(*history, NOW, {A.key: A})
    assert "dealing-and-misdeals" not in smaller.by_topic


def test_the_laws_most_often_missed(history):
    assert statistics(*history, NOW).most_missed == (Missed(B.law, 1, 2), Missed(A.law, 1, 3))
    assert statistics(*history, NOW, missed=1).most_missed == (Missed(B.law, 1, 2),)


def test_english_french_confusions(history):
    s = statistics(*history, NOW)
    assert s.confusions == 1
    assert s.confusion_pairs == {("english", "french"): 1}


def test_reviews_per_day_and_retention(history):
    days = statistics(*history, NOW).days
    assert days == (
        DayPoint(date(2024, 5, 1), 2, 1, 0, None, 2),
        DayPoint(date(2024, 5, 2), 2, 1, 2, 0.5, 0),
        DayPoint(date(2024, 5, 3), 1, 1, 1, 1.0, 0),
    )
    store, pid = history
    padded = day_series(store.summary(pid).days, date(2024, 4, 30), date(2024, 5, 4))
    assert len(padded) == 5 and padded[0].answers == 0 and padded[-1].retention is None


def test_forecast_of_items_due_for_the_next_thirty_days(history):
    f = statistics(*history, NOW).forecast
    assert len(f) == 30 and f[0][0] == date(2024, 5, 4)
    assert f[0][1] == 1, "the overdue item counts today"
    assert dict(f)[date(2024, 5, 6)] == 1
    assert sum(n for _, n in f) == 2
    assert sum(n for _, n in statistics(*history, NOW, horizon=2).forecast) == 1


def test_an_empty_history_gives_empty_figures():
    store = ProgressStore.in_memory()
    p = store.create_profile("New", D1)
    s = statistics(store, p.id, NOW)
    assert s.answers == 0 and s.most_missed == () and s.days == ()
    assert s.confusions == 0 and sum(n for _, n in s.forecast) == 0
    store.close()
