"""A study session's next new item, asked of the progress store a batch of the new-item order at
a time (app.progress.new_items) instead of reading every item the learner has seen: the same
items as the former walk over the seen set, over a realistic history, and a cost that does not
grow with that history."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from app.progress import ProgressStore, stamp
from app.progress.new_items import _NEW_AMONG, NewItemMark, NewItems
from quizzes import session as session_module
from quizzes.bank import QuestionBank, default_bank
from quizzes.modules import EVERYTHING, module, modules
from quizzes.questions import Question
from quizzes.scheduling import Scheduling
from quizzes.session import Session

BANK = default_bank()
KEY = BANK.new_order_key  # names the new-item order


@pytest.fixture(autouse=True)
def _keep_after_a_long_run(monkeypatch):
    """A session writes its mark after a run of answered items (quizzes.session._KEEP_AFTER);
    the run these tests answer is the whole order but twenty, so it is made shorter than that
    whatever the size of the bank (500 items today)."""
    monkeypatch.setattr(session_module, "_KEEP_AFTER",
                        min(session_module._KEEP_AFTER, len(BANK.new_order) // 2))
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
LATER = T0 + timedelta(days=3650)  # when the seeded cards fall due: nothing is due in the test


def right(q: Question):
    return q.answer if q.kind != "single" else q.answer[0]


def wrong(q: Question):
    if q.kind == "number":
        return q.answer + 1
    if q.kind == "multi":
        return [c.key for c in q.choices]
    return next(c.key for c in q.choices if c.key not in q.answer)


def seed_cards(store: ProgressStore, profile_id: int, items) -> None:
    """Cards for items answered long ago, none due before LATER (a learner with nothing due)."""
    rows = []
    for key in items:
        info = BANK.items.get(key)
        kind, law = key.split(":", 1)
        game, topic, code = (info.game, info.topic, info.code) if info else ("cinch", "x", "y")
        card = Scheduling().new_card(profile_id, key, T0)
        rows.append((profile_id, key, kind, law, game, topic, code, stamp(LATER), 2, 3.0, 5.0,
                     stamp(T0), 3, 0, stamp(T0 - timedelta(days=30)),
                     json.dumps(card.to_dict())))
    with store.db.atomic():
        store.db.conn.executemany(
            "INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def session(store: ProgressStore, profile_id: int, module_id: str = EVERYTHING) -> Session:
    return Session(store, profile_id, BANK, module_id=module_id, new_per_day=100_000,
                   scheduling=Scheduling(clock=lambda: T0), rng=random.Random(3))


def former_choice(store: ProgressStore, profile_id: int, s: Session) -> str | None:
    """What the former session chose: the first item of the module's new-item order that is
    not among every item the learner has a card for, not flagged and not broken."""
    seen = {r[0] for r in store.db.execute(
        "SELECT item FROM cards WHERE profile_id = ?", [profile_id])}
    flagged = store.flagged_items(profile_id)
    return next((i for i in s.module.new_items
                 if i not in seen and i not in flagged and i not in s._broken), None)


@pytest.fixture
def history():
    """A learner who has studied most of everything in turn, with gaps, a few items of later
    games and topics studied alone, and some flags (on seen and on unseen items)."""
    store = ProgressStore.in_memory()
    pid = store.create_profile("Ann", T0 - timedelta(days=400), new_per_day=100_000).id
    order = module(BANK, EVERYTHING).new_items
    rng = random.Random(11)
    cut = int(len(order) * 0.7)
    studied = [i for i in order[:cut] if rng.random() > 0.03]
    studied += rng.sample(order[cut:], len(order[cut:]) // 5)
    seed_cards(store, pid, studied)
    gaps = [i for i in order[:cut] if i not in set(studied)]
    for item in [*gaps[:2], *studied[:2], *rng.sample(order, 4)]:
        store.flag(pid, item, f"{item}:1", "The situation reads two ways.", T0)
    yield store, pid
    store.close()


def test_a_session_asks_the_new_items_the_former_walk_over_the_seen_set_asked(history):
    store, pid = history
    chosen = [m.id for m in modules(BANK)]
    for module_id in (EVERYTHING, chosen[1], chosen[2], chosen[-1]):
        s = session(store, pid, module_id)
        for n in range(12):
            expected = former_choice(store, pid, s)
            q = s.next_question()
            assert (q.item if q else None) == expected, (module_id, n)
            if q is None:
                break
            s.answer(q, right(q) if n % 3 else wrong(q), 5_000)
            if n == 4:  # a flag lifted elsewhere (the flag list): its item is new again
                order = s.module.new_items
                passed = order[:order.index(q.item)]
                lifted = [i for i in passed if i in store.flagged_items(pid)
                          and store.card(pid, i) is None]
                assert lifted or module_id != EVERYTHING
                for item in lifted[:1]:
                    store.unflag(pid, item)
            if n == 7:  # the next question shown, then the answer before it taken back
                assert s.next_question() is not None
                assert s.undo().item == q.item


def test_a_session_that_finds_nothing_new_agrees_with_the_former_walk(history):
    store, pid = history
    topic = next(m for m in modules(BANK) if m.topics)
    s = session(store, pid, topic.id)
    asked = []
    while (q := s.next_question()) is not None and len(asked) < len(topic.items) + 5:
        assert q.item == former_choice(store, pid, s)
        asked.append(q.item)
        s.answer(q, right(q), 5_000)
    assert former_choice(store, pid, s) is None and len(set(asked)) == len(asked)


class Asked:
    """Counts the items a session asks the store about."""

    def __init__(self, monkeypatch) -> None:
        self.items = 0
        real = NewItems.among

        def counted(new_items, profile_id, items):
            self.items += len(items)
            return real(new_items, profile_id, items)

        monkeypatch.setattr(NewItems, "among", counted)


def test_a_learner_whose_seen_items_are_spread_is_asked_about_one_small_batch(monkeypatch):
    store = ProgressStore.in_memory()
    pid = store.create_profile("Ann", T0).id
    order = module(BANK, EVERYTHING).new_items
    seed_cards(store, pid, list(BANK.items)[: len(order) // 2])  # whole games, in turn
    asked = Asked(monkeypatch)
    q = session(store, pid).next_question()
    assert q is not None and q.item == former_choice(store, pid, session(store, pid))
    assert asked.items <= 32


def test_a_learner_who_has_seen_most_items_is_walked_through_them_once_a_session(monkeypatch):
    store = ProgressStore.in_memory()
    pid = store.create_profile("Ann", T0).id
    order = module(BANK, EVERYTHING).new_items
    seed_cards(store, pid, order[: len(order) - 20])  # every item but the last twenty
    asked = Asked(monkeypatch)
    s = session(store, pid)
    picked = []
    for _ in range(5):
        q = s.next_question()
        picked.append(q.item)
        s.answer(q, right(q), 1_000)
    assert picked == list(order[len(order) - 20:][:5])
    assert asked.items < len(order) + 1024  # each seen item asked about once, not per question


def _steps(store: ProgressStore, profile_id: int, items) -> int:
    """SQLite's virtual-machine steps (in hundreds) for one new_among query."""
    count = [0]

    def tick() -> int:
        count[0] += 1
        return 0

    store.db.conn.set_progress_handler(tick, 100)
    try:
        store.new_items.among(profile_id, items)
    finally:
        store.db.conn.set_progress_handler(None, 0)
    return count[0]


def test_the_query_looks_up_each_item_asked_along_the_primary_keys_whatever_the_history():
    store = ProgressStore.in_memory()
    small = store.create_profile("Small", T0).id
    large = store.create_profile("Large", T0).id
    order = module(BANK, EVERYTHING).new_items
    seed_cards(store, small, order[-132:-100])
    seed_cards(store, large, order[:-100])
    seed_cards(store, large, [f"law:synthetic-{n}" for n in range(20_000)])
    store.db.execute("ANALYZE")
    batch = list(order[-132:])  # 32 seen by both, 100 new to both
    assert store.new_items.among(small, batch) == list(range(32, 132))
    assert store.new_items.among(large, batch) == list(range(32, 132))
    assert _steps(store, large, batch) <= _steps(store, small, batch) + 2
    plan = " / ".join(r[3] for r in store.db.execute(
        f"EXPLAIN QUERY PLAN {_NEW_AMONG}", [json.dumps(batch), large, large]))
    assert "SCAN cards" not in plan and "SCAN flags" not in plan, plan
    assert "SEARCH cards USING COVERING INDEX sqlite_autoindex_cards_1" in plan, plan
    assert "SEARCH flags USING COVERING INDEX sqlite_autoindex_flags_1" in plan, plan


@pytest.fixture
def most_seen():
    """A learner who has answered every item of the new-item order but the last twenty."""
    store = ProgressStore.in_memory()
    pid = store.create_profile("Ann", T0).id
    order = module(BANK, EVERYTHING).new_items
    seed_cards(store, pid, order[: len(order) - 20])
    yield store, pid, order
    store.close()


def test_the_next_session_starts_where_the_last_one_found_the_order_answered(most_seen,
                                                                             monkeypatch):
    store, pid, order = most_seen
    first = session(store, pid).next_question()
    assert first.item == order[-20]
    assert store.new_items.mark(pid, EVERYTHING, KEY).answered == len(order) - 20
    asked = Asked(monkeypatch)
    again = session(store, pid)
    assert again.next_question().item == order[-20]
    assert asked.items <= 32  # not the seen items again
    monkeypatch.setattr(BANK, "new_order_key", "another order")  # (the content changed)
    assert store.new_items.mark(pid, EVERYTHING, BANK.new_order_key).answered == 0
    asked.items = 0
    assert session(store, pid).next_question().item == order[-20]  # walked again, found again
    assert asked.items >= len(order) - 20


def test_an_answer_taken_back_elsewhere_makes_its_item_new_again_for_every_session(most_seen):
    store, pid, order = most_seen
    s = session(store, pid)
    q = s.next_question()
    s.answer(q, right(q), 1_000)
    later = session(store, pid)  # starts at the mark: the item just answered is past it
    assert later.next_question().item == order[-19]
    assert store.undo_last(pid).item == q.item  # taken back from outside both sessions
    assert store.new_items.mark(pid, EVERYTHING, KEY).answered == 0
    assert session(store, pid).next_question().item == q.item
    assert s.next_question().item == q.item  # the first session looks there again too


def test_a_mark_worked_out_before_an_item_was_made_new_again_is_refused(most_seen):
    store, pid, order = most_seen
    before = store.new_items.mark(pid, EVERYTHING, KEY)
    store.flag(pid, order[3], f"{order[3]}:1", "Two readings.", T0)
    assert store.new_items.epoch(pid) == before.epoch  # a flag set makes nothing new
    store.unflag(pid, order[3])
    assert store.new_items.epoch(pid) == before.epoch + 1
    late = before._replace(answered=len(order) - 20)
    assert not store.new_items.keep(pid, EVERYTHING, KEY, late)
    assert store.new_items.mark(pid, EVERYTHING, KEY).answered == 0
    fresh = late._replace(epoch=before.epoch + 1)
    assert store.new_items.keep(pid, EVERYTHING, KEY, fresh)
    assert store.new_items.mark(pid, EVERYTHING, KEY) == fresh


def test_a_session_that_takes_back_a_first_answer_keeps_its_mark_and_asks_the_item_again(
        most_seen, monkeypatch):
    store, pid, order = most_seen
    s = session(store, pid)
    q = s.next_question()
    s.answer(q, wrong(q), 1_000)
    assert s.next_question().item == order[-19]
    assert s.undo().item == q.item
    assert store.new_items.mark(pid, EVERYTHING, KEY).answered == len(order) - 20
    asked = Asked(monkeypatch)
    assert s.next_question().item == q.item
    assert session(store, pid).next_question().item == q.item
    assert asked.items <= 64


def test_the_name_of_the_order_changes_with_the_order_and_with_an_items_topic():
    name = QuestionBank.new_order_key.func  # what the bank works out as it is warmed
    order, items = BANK.new_order, BANK.items
    assert name(SimpleNamespace(new_order=order, items=items)) == KEY
    swapped = (order[1], order[0], *order[2:])
    assert name(SimpleNamespace(new_order=swapped, items=items)) != KEY
    moved = dict(items)
    moved[order[0]] = moved[order[0]]._replace(topic="another-topic")
    assert name(SimpleNamespace(new_order=order, items=moved)) != KEY


def test_a_file_from_before_the_marks_walks_once_then_keeps_its_mark(tmp_path):
    from sqlite_utils import Database

    from app.progress.migrations import migrate

    db = Database(tmp_path / "progress.sqlite")
    migrate(db, upto=6)  # the schema before the marks
    db.execute("INSERT INTO profiles (name, created) VALUES ('Old', ?)", [stamp(T0)])
    db.close()
    order = module(BANK, EVERYTHING).new_items
    with ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0) as store:
        (old,) = store.profiles()
        assert store.new_items.mark(old.id, EVERYTHING, KEY) == (0, 0)
        seen = len(order) - 20  # (600 when the bank held 609 items)
        seed_cards(store, old.id, order[:seen])
        assert session(store, old.id).next_question().item == order[seen]
        assert store.new_items.mark(old.id, EVERYTHING, KEY) == (seen, 0)
        store.delete_profile(old.id)
        assert store.db.execute("SELECT count(*) FROM new_item_marks").fetchone()[0] == 0


def test_a_mark_is_not_waited_for_while_another_program_holds_the_file(tmp_path):
    import sqlite3

    with ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0) as store:
        pid = store.create_profile("Ann", T0).id
        other = sqlite3.connect(tmp_path / "progress.sqlite", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # holds the write lock
        said: list[str] = []
        store.db.conn.set_trace_callback(said.append)
        try:
            assert store.new_items.keep(pid, EVERYTHING, KEY, NewItemMark(600, 0))  # let go
        finally:
            store.db.conn.set_trace_callback(None)
            other.execute("ROLLBACK")
            other.close()
        assert store.new_items.mark(pid, EVERYTHING, KEY).answered == 0
        # Let go at once, not after the store's own wait (5 s) for the lock: the write was
        # begun with SQLite told not to wait, and the store's wait is back after it.
        begun = next(n for n, sql in enumerate(said) if sql.upper().startswith("BEGIN IMMEDIATE"))
        waits = [sql.replace(" ", "").lower() for sql in said[:begun] if "busy_timeout=" in
                 sql.replace(" ", "").lower()]
        assert waits and waits[-1].endswith("busy_timeout=0"), said
        assert store.db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
        assert store.new_items.keep(pid, EVERYTHING, KEY, NewItemMark(600, 0))
        assert store.new_items.mark(pid, EVERYTHING, KEY).answered == 600


def test_marks_walked_off_the_ui_thread_spare_the_first_session_its_walk(history, monkeypatch):
    # What the quiz screen's counting worker does when the module list shows (after an
    # update no mark is kept): each module's mark walked on to its first new item; the
    # session then asks about one small batch and picks what the former walk picked.
    from quizzes.modules import walked_marks

    store, pid = history
    marks = walked_marks(store, pid, BANK)
    assert marks[EVERYTHING].answered > 32  # a run of answered items, more than one batch
    for module_id, mark in marks.items():
        order = module(BANK, module_id).new_items
        assert all(store.card(pid, i) is not None or i in store.flagged_items(pid)
                   for i in order[:mark.answered]), module_id
        assert mark.answered == len(order) or store.card(pid, order[mark.answered]) is None
        assert store.new_items.keep(pid, module_id, KEY, mark)
    assert walked_marks(store, pid, BANK) == {}  # kept: nothing left to walk
    asked = Asked(monkeypatch)
    for module_id in (EVERYTHING, *list(marks)[1:4]):
        s = session(store, pid, module_id)
        expected = former_choice(store, pid, s)
        asked.items = 0
        q = s.next_question()
        assert (q.item if q else None) == expected, module_id
        assert asked.items <= 32, module_id


def test_a_walked_mark_is_refused_if_an_answer_was_taken_back_meanwhile(most_seen):
    from quizzes.modules import walked_marks

    store, pid, order = most_seen
    mark = walked_marks(store, pid, BANK)[EVERYTHING]
    assert mark.answered == len(order) - 20
    s = session(store, pid)
    q = s.next_question()
    s.answer(q, right(q), 1_000)
    s.undo()  # an answer taken back: an item may be new again
    assert not store.new_items.keep(pid, EVERYTHING, KEY, mark)
