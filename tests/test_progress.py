"""The progress database: where it lives, migrations, damaged files, backups, export and import."""

from __future__ import annotations

import copy
import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlite_utils import Database

from app.progress import (
    ENV_DIR,
    FILE_NAME,
    Attempt,
    CardRow,
    ImportProblem,
    ProgressError,
    ProgressStore,
    ReviewEntry,
    data_dir,
    default_data_dir,
)
from app.progress.migrations import LATEST, MIGRATIONS, applied, migrate
from quizzes.bank import default_bank
from quizzes.progress_io import export_progress, import_progress

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
BANK = default_bank()
TABLES = (
    "profiles",
    "attempts",
    "cards",
    "review_log",
    "item_totals",
    "day_totals",
    "confusion_totals",
    "mistakes",
)


def attempt(profile_id: int, n: int, *, correct: bool = True, item: str | None = None) -> Attempt:
    item = item or "law:rubicon-bezique.english.surplus-after-first-trick"
    law = item.split(":", 1)[1]
    return Attempt(
        profile_id=profile_id,
        at=T0 + timedelta(minutes=n),
        question_id=f"{item}:{n}",
        type=item.split(":")[0],
        item=item,
        game="rubicon-bezique",
        topic="wrong-number-of-cards",
        code="english",
        laws=(law,),
        answer="a",
        correct=correct,
        elapsed_ms=1000 + n,
        confused_code=None if correct else "french",
        is_new=n == 0,
    )


def card(item: str, due: datetime) -> CardRow:
    return CardRow(
        item=item,
        type=item.split(":")[0],
        law=item.split(":", 1)[1],
        game="rubicon-bezique",
        topic="wrong-number-of-cards",
        code="english",
        due=due,
        state=2,
        stability=4.5,
        difficulty=5.0,
        last_review=T0,
        reps=1,
        lapses=0,
        created=T0,
        card={"card_id": 1, "state": 2, "due": due.isoformat()},
    )


def counts(store: ProgressStore) -> dict[str, int]:
    return {t: store.db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


@pytest.fixture
def store(tmp_path):
    s = ProgressStore.open(tmp_path, clock=lambda: T0)
    yield s
    s.close()


# --- where the file lives ------------------------------------------------------------------


def test_the_data_directory_comes_from_argument_then_environment_then_platform(
    monkeypatch, tmp_path
):
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "env"))
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv(ENV_DIR)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == default_data_dir()
    if default_data_dir().parent == tmp_path / "xdg":
        assert default_data_dir() == tmp_path / "xdg" / "cardlaws"


def test_open_uses_the_environment_directory(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "data"))
    with ProgressStore.open(clock=lambda: T0) as s:
        assert s.path == tmp_path / "data" / FILE_NAME
    assert (tmp_path / "data" / FILE_NAME).exists()


def test_a_new_file_is_in_wal_mode_with_the_latest_schema(store):
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.schema_version == LATEST
    assert set(TABLES) | {"migrations"} <= set(store.db.table_names())
    assert store.integrity() == "ok"
    assert store.notice is None


# --- migrations ------------------------------------------------------------------------


def test_migrations_run_in_order_from_an_empty_database_and_only_once():
    db = Database(memory=True)
    assert applied(db) == []
    assert migrate(db) == [v for v, _, _ in MIGRATIONS]
    assert applied(db) == [v for v, _, _ in MIGRATIONS]
    assert migrate(db) == []


def test_an_old_database_is_migrated_forward_keeping_its_answers(tmp_path):
    path = tmp_path / FILE_NAME
    db = Database(path)
    migrate(db, upto=1)
    assert "item_totals" not in db.table_names()
    db.execute("INSERT INTO profiles (name, created) VALUES ('Old', ?)", [T0.isoformat()])
    for n in range(3):  # written as the version-1 program did: no running totals
        db.execute(
            "INSERT INTO attempts (profile_id, at, question_id, type, item, game, topic, code,"
            " laws, answer, correct, elapsed_ms) VALUES (1, ?, ?, 'law', 'law:x.y.z', "
            "'bezique', 'scoring', 'english', '[\"x.y.z\"]', '\"a\"', ?, 100)",
            [(T0 + timedelta(minutes=n)).isoformat(), f"law:x.y.z:{n}", n % 2],
        )
    db.close()
    with ProgressStore.open(tmp_path, clock=lambda: T0) as s:
        assert s.schema_version == LATEST
        (total,) = s.summary(1).items
        assert (total.answers, total.correct) == (3, 1)
        assert s.mistakes(1) == ["law:x.y.z:0", "law:x.y.z:2"]


def test_a_file_from_a_newer_version_is_not_touched(tmp_path):
    with ProgressStore.open(tmp_path, clock=lambda: T0) as s:
        s.db.execute("INSERT INTO migrations VALUES (99, 'future', 'x')")
    with pytest.raises(ProgressError, match="newer"):
        ProgressStore.open(tmp_path, clock=lambda: T0)


# --- damaged files -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "garbage",
    [
        b"\x00\xffthis is not a database at all" * 300,
        b"SQLite format 3\x00" + b"\x13\x37" * 4000,
    ],
)
def test_a_corrupt_file_is_moved_aside_and_a_fresh_one_started(tmp_path, garbage):
    (tmp_path / FILE_NAME).write_bytes(garbage)
    with ProgressStore.open(tmp_path, clock=lambda: T0) as s:
        assert s.notice is not None and "could not be read" in s.notice
        aside = list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))
        assert [p.name for p in aside] == [f"{FILE_NAME}.corrupt-20240501T090000Z"]
        assert aside[0].read_bytes() == garbage
        assert aside[0].name in s.notice
        assert s.profiles() == [] and s.integrity() == "ok"
        s.create_profile("Fresh", T0)
    with ProgressStore.open(tmp_path, clock=lambda: T0) as again:
        assert again.notice is None and [p.name for p in again.profiles()] == ["Fresh"]


def test_a_damaged_page_is_caught_by_the_integrity_check(tmp_path):
    with ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0) as s:
        p = s.create_profile("Ann", T0)
        for n in range(400):
            s.record(attempt(p.id, n, correct=n % 3 > 0))
        s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = s.db.execute("PRAGMA page_size").fetchone()[0]
        pages = s.db.execute("PRAGMA page_count").fetchone()[0]
    path = tmp_path / FILE_NAME
    data = bytearray(path.read_bytes())
    for k in range(2, pages):  # scribble over every page but the first two
        data[k * page + 8 : k * page + 40] = b"\xde\xad\xbe\xef" * 8
    path.write_bytes(bytes(data))
    with ProgressStore.open(tmp_path, clock=lambda: T0 + timedelta(hours=1)) as s:
        assert s.notice is not None
        assert list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))
        assert s.profiles() == []


# --- profiles, recording --------------------------------------------------------------


def test_profiles_are_separate_learners(store):
    ann = store.create_profile("Ann", T0)
    bob = store.create_profile("Bob", T0)
    with pytest.raises(ProgressError):
        store.create_profile("Ann", T0)
    store.record(attempt(ann.id, 0))
    assert store.attempt_count(ann.id) == 1 and store.attempt_count(bob.id) == 0
    store.rename_profile(bob.id, "Robert")
    with pytest.raises(ProgressError):
        store.rename_profile(bob.id, "Ann")
    store.delete_profile(ann.id)
    assert [p.name for p in store.profiles()] == ["Robert"]
    assert counts(store)["attempts"] == 0


def test_a_recorded_answer_is_visible_to_another_connection_at_once(store, tmp_path):
    p = store.create_profile("Ann", T0)
    item = "law:rubicon-bezique.english.surplus-after-first-trick"
    store.record(
        attempt(p.id, 0),
        card(item, T0 + timedelta(days=2)),
        ReviewEntry(item, T0, 3, {"rating": 3}),
    )
    other = sqlite3.connect(tmp_path / FILE_NAME)
    try:
        assert other.execute("SELECT count(*) FROM attempts").fetchone()[0] == 1
        assert other.execute("SELECT count(*) FROM cards").fetchone()[0] == 1
        assert other.execute("SELECT count(*) FROM review_log").fetchone()[0] == 1
    finally:
        other.close()


def test_a_failed_record_writes_nothing(store):
    p = store.create_profile("Ann", T0)
    before = counts(store)
    bad = attempt(p.id, 0)
    broken_card = card("law:x", T0)._replace(due=None)  # fails inside the transaction
    with pytest.raises((ValueError, AttributeError)):
        store.record(bad, broken_card)
    assert counts(store) == before


def test_due_items_come_most_overdue_first_and_filter_by_module(store):
    p = store.create_profile("Ann", T0)
    for n, days in enumerate((3, -2, -5, 1)):
        item = f"law:rubicon-bezique.english.law-{n}"
        store.record(attempt(p.id, n, item=item), card(item, T0 + timedelta(days=days)))
    due = store.due_items(p.id, T0, limit=10)
    assert due == ["law:rubicon-bezique.english.law-2", "law:rubicon-bezique.english.law-1"]
    assert store.due_items(p.id, T0, games=["ecarte"], limit=10) == []
    assert store.due_items(p.id, T0, exclude=[due[0]], limit=10) == due[1:]
    assert store.next_due(p.id) == T0 - timedelta(days=5)
    assert store.due_count(p.id, T0) == 2
    assert store.due_count(p.id, T0, games=["rubicon-bezique"],
                           topics=["wrong-number-of-cards"]) == 2
    assert store.due_count(p.id, T0, games=["ecarte"]) == 0


# --- backups ---------------------------------------------------------------------------


def test_one_backup_a_day_is_kept_for_the_last_n_days(tmp_path):
    for day in range(10):
        for hour in (9, 18):
            moment = T0 + timedelta(days=day, hours=hour - 9)
            with ProgressStore.open(tmp_path, clock=lambda m=moment: m, keep_backups=7) as s:
                if day == 0 and hour == 9:
                    s.create_profile("Ann", moment)
    backups = sorted(p.name for p in (tmp_path / "backups").glob("*.sqlite"))
    assert backups == [f"progress-2024-05-{d:02d}.sqlite" for d in range(4, 11)]
    with sqlite3.connect(tmp_path / "backups" / backups[-1]) as copy_db:
        assert copy_db.execute("SELECT name FROM profiles").fetchall() == [("Ann",)]
        assert copy_db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    copy_db.close()


# --- export and import -----------------------------------------------------------------


def _history(store: ProgressStore) -> int:
    """A profile with real answers, cards and review log, made through a session."""
    import random

    from quizzes.scheduling import Scheduling
    from quizzes.session import Session

    now = [T0]
    p = store.create_profile("Ann", T0)
    s = Session(
        store,
        p.id,
        BANK,
        scheduling=Scheduling(clock=lambda: now[0]),
        rng=random.Random(3),
        module_id="ecarte",
    )
    for n in range(12):
        q = s.next_question()
        answer = q.answer if q.kind != "single" else q.answer[0]
        if n % 3 == 0:
            answer = next(c.key for c in q.choices if c.key not in q.answer) if q.choices else 0
        s.answer(q, answer, 4_000)
        now[0] += timedelta(minutes=3)
    return p.id


def known():
    return {
        "known_item": lambda k: k in BANK.items,
        "known_law": lambda k: k in BANK.content.laws,
    }


def test_export_then_import_gives_the_same_progress(store, tmp_path):
    pid = _history(store)
    path = tmp_path / "ann.json"
    export_progress(store, pid, path, T0)
    imported = import_progress(store, path, BANK)
    assert imported.name == "Ann (2)"
    a, b = store.export_profile(pid, T0), store.export_profile(imported.id, T0)
    assert a["attempts"] == b["attempts"] and a["cards"] == b["cards"]
    assert a["review_log"] == b["review_log"]
    assert store.summary(pid) == store.summary(imported.id)
    assert store.mistakes(pid) == store.mistakes(imported.id)
    with ProgressStore.open(tmp_path / "other", clock=lambda: T0) as elsewhere:
        moved = elsewhere.import_file(path, **known())
        assert moved.name == "Ann"
        assert elsewhere.summary(moved.id) == store.summary(pid)


def _break(data: dict, where: str) -> None:
    match where:
        case "format":
            data["format"] = "something-else"
        case "correct":
            data["attempts"][3]["correct"] = "yes"
        case "date":
            data["attempts"][5]["at"] = "last Tuesday"
        case "naive-date":
            data["cards"][0]["due"] = "2024-05-01T09:00:00"
        case "unknown-item":
            data["attempts"][7]["item"] = "law:no.such.law"
        case "unknown-law":
            data["attempts"][2]["laws"] = ["no.such.law"]
        case "game":
            data["cards"][1]["game"] = "snap"
        case "rating":
            data["review_log"][0]["rating"] = 9
        case "review-attempt":
            data["review_log"][-1]["attempt"] = 10_000
        case "missing":
            del data["attempts"][0]["elapsed_ms"]
        case "extra":
            data["cards"][0]["colour"] = "blue"
        case "last-record-only":
            data["review_log"][-1]["log"] = "not an object"


BREAKS = [
    ("format", "format"),
    ("correct", "attempts[3].correct"),
    ("date", "attempts[5].at"),
    ("naive-date", "cards[0].due"),
    ("unknown-item", "attempts[7].item"),
    ("unknown-law", "attempts[2].laws"),
    ("game", "cards[1].game"),
    ("rating", "review_log[0].rating"),
    ("review-attempt", "attempt"),
    ("missing", "attempts[0].elapsed_ms"),
    ("extra", "cards[0].colour"),
    ("last-record-only", "log"),
]


@pytest.mark.parametrize(("where", "place"), BREAKS)
def test_a_malformed_import_names_the_place_and_writes_nothing(store, tmp_path, where, place):
    pid = _history(store)
    data = store.export_profile(pid, T0)
    broken = copy.deepcopy(data)
    _break(broken, where)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    before = counts(store)
    size = (tmp_path / FILE_NAME).stat().st_size
    with pytest.raises(ImportProblem) as caught:
        store.import_file(path, **known())
    assert any(place in problem for problem in caught.value.problems), caught.value.problems
    assert counts(store) == before
    assert [p.name for p in store.profiles()] == ["Ann"]
    assert (tmp_path / FILE_NAME).stat().st_size == size


def test_unreadable_import_files_are_refused(store, tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ImportProblem, match="not valid JSON"):
        store.import_file(path)
    with pytest.raises(ImportProblem, match="must be a JSON object"):
        store.import_profile([1, 2, 3])
    with pytest.raises(ImportProblem):
        store.import_file(Path(tmp_path / "missing.json"))
