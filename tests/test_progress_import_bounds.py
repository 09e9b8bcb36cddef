"""A hostile or damaged progress export is refused whole, each problem named, in bounded time.

Timestamps out of range, integers at and past 2^63, deep nesting, a version that is not the
whole number 1, names holding NUL or megabytes long, scheduler data fsrs cannot use: each is
one problem naming its place, nothing is written, nothing raises but ImportProblem.
"""

from __future__ import annotations

import copy
import json
import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.progress import ImportProblem, ProgressError, ProgressStore
from quizzes import import_progress
from quizzes.bank import QuestionBank
from quizzes.scheduling import Scheduling
from quizzes.session import Session

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
BANK = QuestionBank()


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A real export: a dozen answers through a session, their cards and review log."""
    folder = tmp_path_factory.mktemp("export")
    with ProgressStore.open(folder, clock=lambda: T0, keep_backups=0) as store:
        p = store.create_profile("Ann", T0)
        now = [T0]
        s = Session(store, p.id, BANK, scheduling=Scheduling(clock=lambda: now[0]),
                    rng=random.Random(3), module_id="ecarte")
        for _ in range(12):
            q = s.next_question()
            s.answer(q, q.answer if q.kind != "single" else q.answer[0], 4_000)
            now[0] += timedelta(minutes=3)
        return store.export_profile(p.id, T0)


@pytest.fixture
def store(tmp_path: Path):
    with ProgressStore.open(tmp_path / "data", clock=lambda: T0, keep_backups=0) as s:
        yield s


def refused(store: ProgressStore, data: object, tmp_path: Path) -> list[str]:
    path = tmp_path / "import.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    before = store.db.execute("SELECT count(*) FROM attempts").fetchone()[0]
    with pytest.raises(ImportProblem) as info:
        import_progress(store, path, BANK)
    assert store.profiles() == []
    assert store.db.execute("SELECT count(*) FROM attempts").fetchone()[0] == before
    return info.value.problems


CASES = [
    ("version 1.0", lambda d: d.update(version=1.0), "version: must be the whole number 1"),
    ("version true", lambda d: d.update(version=True), "version: must be the whole number 1"),
    ("version '1'", lambda d: d.update(version="1"), "version: must be the whole number 1"),
    ("int 2^63", lambda d: d["attempts"][0].update(elapsed_ms=2**63), "attempts[0].elapsed_ms"),
    ("int 2^64", lambda d: d["cards"][0].update(reps=2**64), "cards[0].reps"),
    ("negative", lambda d: d["cards"][1].update(lapses=-1), "cards[1].lapses"),
    ("new per day", lambda d: d["profile"].update(new_per_day=2**63), "profile.new_per_day"),
    ("year 9999", lambda d: d["attempts"][1].update(at="9999-12-31T23:59:59.000-14:00"),
     "attempts[1].at"),
    ("year 1", lambda d: d["cards"][0].update(due="0001-01-01T00:00:00.000+14:00"),
     "cards[0].due"),
    ("year 1900", lambda d: d["profile"].update(created="1900-01-01T00:00:00+00:00"),
     "profile.created: out of range"),
    ("NUL name", lambda d: d["profile"].update(name="Ann\x00<img src=x>"),
     "profile.name: holds a control character"),
    ("huge name", lambda d: d["profile"].update(name="A" * 5_000_000),
     "profile.name: longer than 100 characters"),
    ("NUL item", lambda d: d["attempts"][2].update(question_id="q\x00"),
     "attempts[2].question_id: holds a control character"),
    ("deep answer", lambda d: d["attempts"][3].update(answer=_nest(40)),
     "attempts[3].answer: nested deeper"),
    ("deep card", lambda d: d["cards"][0]["card"].update(extra=_nest(40)), "cards[0].card"),
    ("card state", lambda d: d["cards"][0]["card"].update(state=7),
     "cards[0].card: the scheduler cannot read it: state must be 1, 2 or 3"),
    ("card due", lambda d: d["cards"][1]["card"].update(due="2024-05-01T09:00:00"),
     "cards[1].card: the scheduler cannot read it: due must be a timezone-aware"),
    ("card step", lambda d: d["cards"][0]["card"].update(step="two"),
     "cards[0].card: the scheduler cannot read it: step"),
    ("card id", lambda d: d["cards"][0]["card"].update(card_id=2**70),
     "cards[0].card: the scheduler cannot read it: card_id"),
    ("card missing", lambda d: d["cards"][0]["card"].pop("stability"),
     "cards[0].card: the scheduler cannot read it: needs exactly the fields"),
    ("log rating", lambda d: d["review_log"][0]["log"].update(rating=0),
     "review_log[0].log: the scheduler cannot read it"),
    ("log time", lambda d: d["review_log"][1]["log"].update(review_datetime="soon"),
     "review_log[1].log: the scheduler cannot read it"),
    ("stability inf", lambda d: d["cards"][0].update(stability=float("inf")),
     "cards[0].stability"),
]


def _nest(levels: int) -> object:
    value: object = 1
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(("edit", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_hostile_value_is_refused_naming_its_place(store, tmp_path, export, edit, expected):
    data = copy.deepcopy(export)
    edit(data)
    problems = refused(store, data, tmp_path)
    assert any(p.startswith(expected) or expected in p for p in problems), problems
    assert all(len(p) < 400 for p in problems)  # a megabyte name is never echoed whole


def test_the_untouched_export_imports(store, tmp_path, export):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    assert import_progress(store, path, BANK).name == "Ann"


def test_json_nested_past_the_parsers_limit_is_refused_quickly(store, tmp_path):
    started = time.monotonic()
    problems = refused(store, "[" * 200_000 + "]" * 200_000, tmp_path)
    assert problems == ["file: nested deeper than 16 levels"]
    assert time.monotonic() - started < 10


def test_profile_names_typed_in_the_app_are_bounded_too(store):
    with pytest.raises(ProgressError, match="control character"):
        store.create_profile("Ann\x00")
    with pytest.raises(ProgressError, match="longer than 100"):
        store.create_profile("A" * 101)
    ann = store.create_profile("<b>Ann</b>")  # tags are text: the screens show them as typed
    with pytest.raises(ProgressError, match="longer than 100"):
        store.rename_profile(ann.id, "B" * 10_000)
