"""Scheduling with fsrs on a fixed clock: ratings, due dates, reproducibility, recall."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Rating, State

from quizzes.scheduling import QUICK_MS, Scheduling, card_id, rating_for

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def test_wrong_is_again_quick_right_is_easy_slow_right_is_good():
    assert rating_for(False, 500, "ruling") == Rating.Again
    assert rating_for(True, QUICK_MS["ruling"], "ruling") == Rating.Easy
    assert rating_for(True, QUICK_MS["ruling"] + 1, "ruling") == Rating.Good
    assert QUICK_MS["penalty"] > QUICK_MS["law"], "typing a number takes longer than a click"
    assert rating_for(True, 9_000, "unknown-type") == Rating.Easy


def test_card_ids_are_stable_and_distinct():
    assert card_id(1, "law:a.b.c") == card_id(1, "law:a.b.c")
    assert len({card_id(p, f"law:x.{i}") for p in (1, 2) for i in range(500)}) == 1000


def test_naive_datetimes_are_refused():
    s = Scheduling(clock=lambda: T0)
    with pytest.raises(ValueError):
        s.new_card(1, "law:x", datetime(2024, 5, 1, 9, 0))


def test_a_new_card_answered_wrong_comes_back_within_minutes():
    s = Scheduling(clock=lambda: T0)
    review = s.review(s.new_card(1, "law:x"), False, 3_000, "law")
    assert review.rating == Rating.Again
    assert T0 < review.card.due <= T0 + timedelta(minutes=10)


def test_right_answers_push_the_card_further_each_time():
    now = T0
    s = Scheduling(clock=lambda: now)
    card = s.new_card(1, "law:x")
    gaps = []
    for _ in range(5):
        card = s.review(card, True, 20_000, "law", now).card
        gaps.append(card.due - now)
        now = card.due
    assert card.state == State.Review
    assert gaps[-1] > gaps[-2] > timedelta(days=1)


def test_easy_schedules_further_than_good():
    s = Scheduling(clock=lambda: T0)
    easy = s.review(s.new_card(1, "law:x"), True, 1_000, "law").card
    good = s.review(s.new_card(1, "law:x"), True, 60_000, "law").card
    assert easy.due > good.due


def test_the_same_history_gives_the_same_schedule():
    def run() -> list[datetime]:
        now = T0
        s = Scheduling(clock=lambda: now)
        card, dues = s.new_card(1, "law:x"), []
        for correct in (True, True, False, True, True):
            card = s.review(card, correct, 9_000, "ruling", now).card
            dues.append(card.due)
            now = card.due + timedelta(hours=3)
        return dues

    assert run() == run()


def test_a_lapse_is_counted_only_for_a_card_in_review():
    now = T0
    s = Scheduling(clock=lambda: now)
    card = s.new_card(1, "law:x")
    first = s.review(card, False, 1_000, "law")
    assert not first.lapsed
    card = first.card
    for _ in range(3):
        card = s.review(card, True, 1_000, "law", now).card
        now = card.due
    assert card.state == State.Review
    assert s.review(card, False, 1_000, "law", now).lapsed


def test_recall_is_certain_at_review_and_fades():
    s = Scheduling(clock=lambda: T0)
    assert s.retrievability(10.0, T0, T0) == pytest.approx(1.0)
    week, month = (s.retrievability(10.0, T0, T0 + timedelta(days=d)) for d in (7, 30))
    assert 1.0 > week > month > 0.0
    assert s.retrievability(10.0, T0, T0 + timedelta(days=10)) == pytest.approx(0.9, abs=0.01)
    assert s.retrievability(None, None, T0) == 0.0
