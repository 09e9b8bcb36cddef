"""Undo the last answer exactly; flag a disputed question; a jammed card never raises."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest

from app.progress import ProgressError, ProgressStore
from quizzes.bank import default_bank
from quizzes.modules import module, new_item_order
from quizzes.questions import Question
from quizzes.scheduling import Scheduling
from quizzes.session import Session

BANK = default_bank()
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def right(q: Question):
    return q.answer if q.kind != "single" else q.answer[0]


def wrong(q: Question):
    if q.kind == "number":
        return q.answer + 1
    if q.kind == "multi":
        return [c.key for c in q.choices]
    return next(c.key for c in q.choices if c.key not in q.answer)


def snapshot(store: ProgressStore) -> dict[str, list]:
    """Every row of every table a recorded answer touches."""
    tables = (
        "attempts",
        "cards",
        "review_log",
        "item_totals",
        "day_totals",
        "confusion_totals",
        "mistakes",
    )
    return {t: store.db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}


@pytest.fixture
def learner():
    store = ProgressStore.in_memory()
    clock = Clock()
    profile = store.create_profile("Ann", T0, new_per_day=50)
    session = Session(
        store, profile.id, BANK, scheduling=Scheduling(clock=clock), rng=random.Random(3)
    )
    yield store, profile, session, clock
    store.close()


def test_undo_restores_every_row_exactly(learner):
    store, profile, session, clock = learner
    q = session.next_question()
    session.answer(q, wrong(q), 4000)  # a mistake, the card in learning
    clock.now += timedelta(days=2)
    session.answer(q, right(q), 3000)  # puts the mistake right, moves the card on
    before = snapshot(store)
    card_before = store.card(profile.id, q.item)
    clock.now += timedelta(days=3)
    session.answer(q, wrong(q), 9000)  # the answer to take back: a lapse, a new mistake
    assert snapshot(store) != before
    again = session.undo()
    assert again is not None and again.id == q.id
    assert snapshot(store) == before
    assert store.card(profile.id, q.item) == card_before
    assert store.undo_last(profile.id) is None  # only the last answer, once


def test_undoing_a_first_answer_makes_the_item_new_again(learner):
    store, _profile, session, _ = learner
    empty = snapshot(store)
    q = session.next_question()
    session.answer(q, right(q), 2000)
    assert session.can_undo()
    assert session.undo().id == q.id
    assert snapshot(store) == empty and not session.can_undo()
    assert session.next_question().item == q.item  # new again, first in line


def test_the_running_totals_after_an_undo_equal_a_rebuild(learner):
    store, profile, session, clock = learner
    for _ in range(6):
        q = session.next_question()
        session.answer(q, wrong(q), 1000)
        clock.now += timedelta(hours=1)
    session.undo()
    kept = snapshot(store)
    store.rebuild_summaries(profile.id)
    assert snapshot(store) == kept


def test_a_flagged_question_is_not_asked_until_unflagged(learner):
    store, profile, session, clock = learner
    q = session.next_question()
    session.answer(q, wrong(q), 1000)
    session.flag(q, "Two of the choices say the same thing.")
    (flag,) = store.flags(profile.id)
    assert (flag.item, flag.question_id, flag.reason) == (
        q.item,
        q.id,
        "Two of the choices say the same thing.",
    )
    clock.now += timedelta(days=30)  # the item is long due
    asked = set()
    for _ in range(5):
        n = session.next_question()
        asked.add(n.item)
        session.answer(n, right(n), 1000)
    assert q.item not in asked
    assert q.id not in Session(store, profile.id, BANK, mode="mistakes").store.mistakes(profile.id)
    assert store.unflag(profile.id, q.item)
    assert q.item in store.due_items(profile.id, clock.now, limit=50)


def test_a_flag_needs_a_reason(learner):
    _store, _profile, session, _ = learner
    q = session.next_question()
    with pytest.raises(ProgressError, match="reason"):
        session.flag(q, "   ")


@pytest.mark.parametrize(
    "damage",
    ['{"card_id": 1, "state": "nonsense"}', "not json at all", '{"due": 7}', "[]"],
)
def test_a_jammed_card_is_reset_and_reported_never_raised(learner, damage):
    store, profile, session, clock = learner
    q = session.next_question()
    session.answer(q, right(q), 1000)
    store.db.execute(
        "UPDATE cards SET card = ? WHERE profile_id = ? AND item = ?", [damage, profile.id, q.item]
    )
    clock.now += timedelta(days=10)
    result = session.answer(q, wrong(q), 1000)
    assert not result.correct and "reset" in result.notice
    row = store.card(profile.id, q.item)
    assert row is not None and row.reps == 1 and row.due > clock.now  # a fresh card, moved on
    assert store.attempt_count(profile.id) == 2
    assert session.answer(q, right(q), 1000).notice == ""  # readable again


def test_new_items_are_interleaved_across_games_and_topics():
    order = new_item_order(BANK, module(BANK, "everything").items)
    first = [BANK.items[k] for k in order[:16]]
    assert len({i.game for i in first[:8]}) == 8
    for a, b in itertools.pairwise(first):
        assert (a.game, a.topic) != (b.game, b.topic)
    laws = BANK.content.laws
    topic = new_item_order(BANK, module(BANK, "ecarte/exposed-cards").items)
    # Question types take turns, never one law twice running; within each type, every
    # situation once before any again.
    types = [BANK.items[k].type for k in topic]
    assert len(set(types[:4])) >= 2
    assert all(BANK.items[a].law != BANK.items[b].law for a, b in itertools.pairwise(topic))
    for qtype in set(types):
        cases = [laws[BANK.items[k].law].case for k in topic if BANK.items[k].type == qtype]
        every = len(set(cases))
        assert len(set(cases[:every])) == every, qtype
    # The topic asks no law item now; the type it asks most (rulings) has situations enough,
    # and some again, for "every situation once before any again" to be put to the test.
    most = max(set(types), key=types.count)
    cases = [laws[BANK.items[k].law].case for k in topic if BANK.items[k].type == most]
    assert len(set(cases)) >= 4 and len(cases) > len(set(cases)), (most, cases)


def test_flags_go_into_the_export_and_come_back_with_an_import(learner):
    from app.progress import ImportProblem

    store, profile, session, _ = learner
    q = session.next_question()
    session.flag(q, "The marked answer is wrong.")
    data = store.export_profile(profile.id)
    assert [(f["item"], f["question_id"], f["reason"]) for f in data["flags"]] == [
        (q.item, q.id, "The marked answer is wrong.")
    ]
    copy = store.import_profile(data)
    assert [f.reason for f in store.flags(copy.id)] == ["The marked answer is wrong."]
    del data["flags"]
    assert store.flags(store.import_profile(data).id) == []  # older exports had no flags
    data["flags"] = [{"item": q.item, "question_id": q.id, "reason": " ", "at": "yesterday"}]
    with pytest.raises(ImportProblem) as info:
        store.import_profile(data)
    assert ("flags[0].reason: must be a non-empty string of at most 2000 characters, without "
            "NUL") in info.value.problems
    assert "flags[0].at: must be a timezone-aware ISO date and time" in info.value.problems


def test_a_new_item_flagged_then_unflagged_comes_back_in_the_same_session(learner):
    store, profile, session, _clock = learner
    first = session.next_question()
    session.flag(first, "The situation reads two ways.")  # set aside before it is answered
    later = session.next_question()
    assert later.item != first.item
    session.answer(later, right(later), 1000)
    assert store.unflag(profile.id, first.item)
    assert session.next_question().item == first.item  # new again, first in line
