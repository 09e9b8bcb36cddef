"""What comes next: due reviews before new items, the daily new-item limit, mistakes, exams."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from app.progress import ProgressError, ProgressStore
from quizzes.bank import default_bank
from quizzes.exam import Exam
from quizzes.modules import EVERYTHING, module, modules, overview
from quizzes.questions import Question, QuestionError
from quizzes.scheduling import Scheduling
from quizzes.session import Session

BANK = default_bank()
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def right(q: Question):
    return q.answer if q.kind != "single" else q.answer[0]


def wrong(q: Question):
    if q.kind == "number":
        return q.answer + 1
    if q.kind == "multi":
        return [c.key for c in q.choices]
    return next(c.key for c in q.choices if c.key not in q.answer)


@pytest.fixture
def setup():
    store = ProgressStore.in_memory()
    clock = Clock()
    profile = store.create_profile("Ann", clock.now, new_per_day=5)
    yield store, profile, clock
    store.close()


def session(store, profile, clock, **kw) -> Session:
    return Session(
        store, profile.id, BANK, scheduling=Scheduling(clock=clock), rng=random.Random(1), **kw
    )


def test_new_items_stop_at_the_daily_limit_and_resume_the_next_day(setup):
    store, profile, clock = setup
    s = session(store, profile, clock, module_id="cinch")
    items = []
    for _ in range(5):
        q = s.next_question()
        assert q is not None and q.game == "cinch"
        items.append(q.item)
        s.answer(q, right(q), 60_000)  # right but slow: Good, still learning
        clock.advance(seconds=5)
    assert len(set(items)) == 5 and s.new_left_today() == 0
    clock.advance(minutes=30)  # the five first answers are due again (learning steps)
    again = s.next_question()
    assert again is not None and again.item in items
    clock.now = datetime(2024, 5, 2, 0, 1, tzinfo=UTC)
    fresh = Session(store, profile.id, BANK, scheduling=Scheduling(clock=clock), module_id="cinch")
    assert fresh.new_left_today() == 5


def test_nothing_comes_when_nothing_is_due_and_no_new_item_is_allowed(setup):
    store, profile, clock = setup
    s = session(store, profile, clock, module_id="conquian", new_per_day=1)
    q = s.next_question()
    s.answer(q, right(q), 1_000)  # Easy: not due again for days
    assert s.next_question() is None
    assert s.next_due() is not None and s.next_due() > clock.now


def test_due_reviews_come_before_new_items(setup):
    store, profile, clock = setup
    s = session(store, profile, clock, module_id="ecarte")
    first = s.next_question()
    s.answer(first, wrong(first), 4_000)  # Again: due in a minute
    second = s.next_question()
    assert second.item != first.item  # never the same item twice running
    s.answer(second, right(second), 60_000)
    clock.advance(minutes=2)
    assert s.next_question().item == first.item


def test_an_answer_is_recorded_with_its_card_before_answer_returns(setup):
    store, profile, clock = setup
    s = session(store, profile, clock)
    q = s.next_question()
    result = s.answer(q, wrong(q), 2_500)
    assert not result.correct
    (attempt,) = store.attempts(profile.id)
    assert (attempt.question_id, attempt.correct, attempt.elapsed_ms) == (q.id, False, 2_500)
    assert attempt.is_new and attempt.laws == q.laws
    card = store.card(profile.id, q.item)
    assert card is not None and card.reps == 1 and card.due > clock.now
    assert store.mistakes(profile.id) == [q.id]


def test_review_my_mistakes_asks_the_very_same_question_again(setup):
    store, profile, clock = setup
    s = session(store, profile, clock)
    missed = []
    for _ in range(3):
        q = s.next_question()
        s.answer(q, wrong(q), 3_000)
        missed.append(q)
        clock.advance(seconds=10)
    review = session(store, profile, clock, mode="mistakes")
    seen = []
    while (q := review.next_question()) is not None:
        seen.append(q)
        review.answer(q, right(q), 3_000)
    assert [q.id for q in seen] == [q.id for q in missed]
    assert seen == missed
    assert store.mistakes(profile.id) == []


def test_an_exam_gives_no_feedback_and_reports_per_topic(setup):
    store, profile, clock = setup
    exam = Exam(
        store,
        profile.id,
        ["ecarte", "pinochle"],
        12,
        BANK,
        seed=5,
        scheduling=Scheduling(clock=clock),
    )
    assert len(exam.questions) == 12
    assert {q.game for q in exam.questions} <= {"ecarte", "pinochle", "general"}
    assert len({q.topic for q in exam.questions}) >= 4, "spread across topics"
    for n, q in enumerate(exam.questions[:10]):
        assert exam.answer(q, right(q) if n % 2 == 0 else wrong(q), 5_000) is None
    with pytest.raises(ProgressError):
        exam.answer(exam.questions[0], right(exam.questions[0]), 1)
    report = exam.finish()
    assert report.score.total == 12 and report.score.correct == 5
    assert sum(s.total for s in report.by_topic.values()) == 12
    assert sum(s.correct for s in report.by_topic.values()) == 5
    assert [r.question for r in report.results] == list(exam.questions)
    assert {a.mode for a in store.attempts(profile.id)} == {"exam"}
    assert store.attempt_count(profile.id) == 10
    with pytest.raises(ProgressError):
        exam.answer(exam.questions[11], right(exam.questions[11]), 1)


def test_the_same_exam_seed_gives_the_same_exam(setup):
    store, profile, _ = setup
    a = Exam(store, profile.id, ["cinch"], 6, BANK, seed=9)
    b = Exam(store, profile.id, ["cinch"], 6, BANK, seed=9)
    assert [q.id for q in a.questions] == [q.id for q in b.questions]
    with pytest.raises(QuestionError):
        Exam(store, profile.id, ["no-such-game"], 6, BANK)


def test_modules_cover_every_item_once_per_game_and_once_per_topic():
    ms = modules(BANK)
    assert ms[0].id == EVERYTHING and set(ms[0].items) == set(BANK.items)
    games = [m for m in ms if "/" not in m.id and m.id != EVERYTHING]
    assert games[-1].id == "general"
    assert sorted(k for m in games for k in m.items) == sorted(BANK.items)
    topics = [m for m in ms if "/" in m.id]
    assert sorted(k for m in topics for k in m.items) == sorted(BANK.items)
    assert module(BANK, "rubicon-bezique/scoring").topics == ("scoring",)


def test_the_module_overview_counts_due_new_and_seen(setup):
    store, profile, clock = setup
    s = session(store, profile, clock, module_id="pinochle")
    for _ in range(2):
        q = s.next_question()
        s.answer(q, wrong(q), 1_000)
    clock.advance(minutes=15)
    rows = {r.module.id: r for r in overview(store, profile.id, BANK, clock.now)}
    assert rows["pinochle"].due == 2 and rows["pinochle"].seen == 2
    assert rows["pinochle"].new == rows["pinochle"].total - 2
    assert rows[EVERYTHING].due == 2 and rows["cinch"].due == 0



def test_two_items_of_one_law_are_not_asked_one_after_the_other(setup):
    # The same case asked again as another type of question, straight after the first, is a
    # near-duplicate (the eleventh round): another item due comes between them.
    store, profile, clock = setup
    s = session(store, profile, clock, new_per_day=0)
    by_law: dict[str, list[str]] = {}
    for key, info in BANK.items.items():
        if info.type != "authored":
            by_law.setdefault(info.law, []).append(key)
    law, (a1, a2, *_) = next((law, keys) for law, keys in by_law.items() if len(keys) > 1)
    other = next(keys[0] for other, keys in by_law.items() if other != law)
    rng = random.Random(5)
    for item in (a1, a2, other):  # each missed: due again in a minute, in this order
        q = BANK.for_item(item, rng)
        s.answer(q, wrong(q), 4_000)
        clock.advance(seconds=5)
    clock.advance(minutes=2)
    first = s.next_question()
    assert first is not None and first.item == a1
    s.answer(first, right(first), 60_000)
    second = s.next_question()
    assert second is not None and second.item == other, (law, second.item)
    s.answer(second, right(second), 60_000)
    third = s.next_question()
    assert third is not None and third.item == a2
