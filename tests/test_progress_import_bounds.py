"""A hostile or damaged progress export is refused whole, each problem named, in bounded time.

Timestamps out of range, integers at and past 2^63, deep nesting, a version that is not the
whole number 1, names holding NUL or megabytes long, scheduler data fsrs cannot use: each is
one problem naming its place, nothing is written, nothing raises but ImportProblem.
"""

from __future__ import annotations

import copy
import json
import random
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
     "profile.name: must be text of at most 100 characters, with no control character"),
    ("huge name", lambda d: d["profile"].update(name="A" * 5_000_000),
     "the value of 'name' is 5,000,000 characters long, larger than 64 kB"),
    ("long name", lambda d: d["profile"].update(name="A" * 5_000),
     "profile.name: must be text of at most 100 characters"),
    ("NUL item", lambda d: d["attempts"][2].update(question_id="q\x00"),
     "attempts[2].question_id: must be text of at most 1000 characters, with no control "
     "character"),
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
     "holds Infinity, which is not a number JSON allows"),
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


def test_json_nested_past_the_parsers_limit_is_refused(store, tmp_path):
    problems = refused(store, "[" * 200_000 + "]" * 200_000, tmp_path)
    assert len(problems) == 1 and "is nested deeper than can be read" in problems[0]


def test_profile_names_typed_in_the_app_are_bounded_too(store):
    with pytest.raises(ProgressError, match="control character"):
        store.create_profile("Ann\x00")
    with pytest.raises(ProgressError, match="longer than 100"):
        store.create_profile("A" * 101)
    ann = store.create_profile("<b>Ann</b>")  # tags are text: the screens show them as typed
    with pytest.raises(ProgressError, match="longer than 100"):
        store.rename_profile(ann.id, "B" * 10_000)


# --- answers of any JSON value, numbers and texts no store can hold ----------------------


@pytest.mark.parametrize("answer", [None, 7, 2.5, True, ["a", 1]])
def test_an_answer_of_any_json_value_imports_and_reads_back(store, tmp_path, export, answer):
    data = copy.deepcopy(export)
    data["attempts"][0]["answer"] = answer
    path = tmp_path / "import.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    profile = import_progress(store, path, BANK)
    first = store.attempts(profile.id)[0]
    assert first.answer == answer


@pytest.mark.parametrize(
    ("place", "expected"),
    [
        (lambda d: d["profile"].update(name="Ann\ud800"), "lone surrogate"),
        (lambda d: d["attempts"][0].update(question_id="q\udfff"), "lone surrogate"),
        (lambda d: d["attempts"][0].update(answer="a\ud800b"), "lone surrogate"),
        (lambda d: d["attempts"][0].update(answer={"k\ud800": 1}), "lone surrogate"),
    ],
    ids=["name", "question id", "answer", "answer key"],
)
def test_a_lone_surrogate_anywhere_is_refused_not_raised(store, tmp_path, export, place, expected):
    data = copy.deepcopy(export)
    place(data)
    problems = refused(store, json.dumps(data), tmp_path)  # json writes \ud800 escapes
    assert any(expected in p for p in problems), problems


def test_a_five_thousand_digit_number_is_refused_not_raised(store, tmp_path, export):
    text = json.dumps(export).replace('"elapsed_ms": ', '"elapsed_ms": ' + "9" * 5000, 1)
    problems = refused(store, text, tmp_path)
    assert any("whole number of 5,00" in p for p in problems), problems


def test_a_huge_answer_is_refused_as_it_is_parsed_before_any_checking(
    store, tmp_path, export, monkeypatch
):
    """A 60 MB answer once took minutes of checking before "larger than 64 kB" was said: the
    parse itself stops at the first text longer than any field may be, and nothing after
    it (the export's checks) runs."""
    from app.progress import import_checks

    def never(*args, **kwargs):
        raise AssertionError("the export was checked after a huge answer was parsed")

    monkeypatch.setattr(import_checks, "validate_export", never)
    monkeypatch.setattr("app.progress.transfer.validate_export", never)
    data = copy.deepcopy(export)
    data["attempts"][0]["answer"] = "x" * (2 * 1024 * 1024)
    problems = refused(store, data, tmp_path)
    assert problems == [problems[0]] and "larger than 64 kB" in problems[0]
    assert "'answer'" in problems[0]
