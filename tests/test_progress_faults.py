"""Fault injection on the progress file: no healthy file is moved, nothing committed is lost,
and the learner is told every time.

Real faults wherever the machine allows: a real full filesystem (a 512 kB tmpfs, mounted when
the tests run as root, as CI does; elsewhere that test is skipped and SQLite's own page limit,
which raises the same "database or disk is full" error, stands in for it), a real lock held by
a second process, real permissions (as root, which ignores file modes, the reader is a child
process stripped of the capabilities that let root ignore them), empty and damaged files, kill -9.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.progress import (
    FILE_NAME,
    Attempt,
    ProgressStore,
    ProgressUnavailable,
    ProgressWriteFailed,
    backups,
)

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def answer(profile_id: int, n: int, size: int = 10) -> Attempt:
    return Attempt(
        profile_id=profile_id,
        at=T0 + timedelta(seconds=n),
        question_id=f"law:ecarte.american.misdeal:{n}",
        type="law",
        item="law:ecarte.american.misdeal",
        game="ecarte",
        topic="misdeals",
        code="american",
        laws=("ecarte.american.misdeal",),
        answer="x" * size,
        correct=n % 2 == 0,
        elapsed_ms=1000,
    )


def healthy(folder: Path, answers: int = 5) -> bytes:
    """A progress file with one profile and some answers, closed cleanly; its bytes."""
    with ProgressStore.open(folder, clock=lambda: T0, keep_backups=0) as store:
        p = store.create_profile("Ann", T0)
        for n in range(answers):
            store.record(answer(p.id, n))
    return (folder / FILE_NAME).read_bytes()


def nothing_moved(folder: Path) -> bool:
    return not list(folder.glob(f"{FILE_NAME}.corrupt-*"))


# --- a real full disk -----------------------------------------------------------------


@pytest.fixture
def small_disk() -> Iterator[Path]:
    """A 512 kB tmpfs, mounted for the test (root only; skipped elsewhere)."""
    if not IS_ROOT or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root; the SQLite page-limit tests stand in")
    where = Path(tempfile.mkdtemp(prefix="cardlaws-full-"))
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(where)],
                          capture_output=True)
    if done.returncode != 0:
        where.rmdir()
        pytest.skip(f"this machine refuses a tmpfs mount: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)
        where.rmdir()


def fill(disk: Path) -> Path:
    """Write until the filesystem refuses one more byte; the filler file (delete to free)."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for chunk in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * chunk)
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_at_start_leaves_the_file_alone_and_says_so(small_disk):
    folder = small_disk / "data"
    before = healthy(folder)
    fill(small_disk)
    with pytest.raises(ProgressUnavailable) as info:
        ProgressStore.open(folder, clock=lambda: T0)
    assert info.value.kind == "full"
    assert "disk holding" in str(info.value) and "is full" in str(info.value)
    assert "has not been changed" in str(info.value)
    assert (folder / FILE_NAME).read_bytes() == before and nothing_moved(folder)
    (small_disk / "filler").unlink()
    with ProgressStore.open(folder, clock=lambda: T0, keep_backups=0) as store:
        assert store.notice is None and store.attempt_count() == 5


def test_a_disk_filling_mid_session_tells_that_the_answer_was_not_saved(small_disk):
    folder = small_disk / "data"
    healthy(folder)
    store = ProgressStore.open(folder, clock=lambda: T0, keep_backups=0)
    p = store.profiles()[0]
    filler = fill(small_disk)
    saved, failure = 5, None
    for n in range(5, 2000):  # a few answers may still fit in pages already allocated
        try:
            store.record(answer(p.id, n, size=4000))
        except ProgressWriteFailed as exc:
            failure = exc
            break
        saved += 1
    assert failure is not None and failure.kind == "full"
    assert str(failure).startswith("That answer was not saved: The disk holding")
    assert "Everything saved before is safe" in str(failure)
    filler.unlink()
    store.record(answer(p.id, 9999))  # space again: the same store goes on
    store.close()
    with ProgressStore.open(folder, clock=lambda: T0, keep_backups=0) as again:
        assert again.notice is None and nothing_moved(folder)
        assert again.attempt_count() == saved + 1
        assert again.integrity() == "ok"


def test_sqlites_full_error_mid_session_is_a_write_failure_not_damage(tmp_path):
    """The fallback where no tmpfs can be mounted: SQLite's page limit raises SQLITE_FULL."""
    healthy(tmp_path)
    store = ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(ProgressWriteFailed, match="That answer was not saved") as info:
        for n in range(5, 500):
            store.record(answer(1, n, size=3000))
    assert info.value.kind in ("full", "io")
    store.close()
    with ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0) as again:
        assert again.notice is None and nothing_moved(tmp_path)


# --- a real lock held by another process ------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    if sys.argv[2] == "exclusive":
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("INSERT INTO profiles (name, created) VALUES ('Held', '2024')")
    else:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO profiles (name, created) VALUES ('Held', '2024')")
    print("holding", flush=True)
    sys.stdin.read()  # held until the test lets go (or kills it)
    conn.rollback()
    """
)


def let_go(children: list[subprocess.Popen[str]]) -> None:
    """Open the starting gate of waiting children, one line to each, as close together as can be."""
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()


@contextlib.contextmanager
def held(path: Path, how: str) -> Iterator[None]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), how],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "holding"
        yield
    finally:
        child.kill()
        child.wait()
        for pipe in (child.stdin, child.stdout):
            if pipe is not None:
                pipe.close()


def test_a_file_locked_by_another_program_for_over_five_seconds_is_left_alone(tmp_path):
    before = healthy(tmp_path)
    with held(tmp_path / FILE_NAME, "exclusive"):
        started = time.monotonic()
        with pytest.raises(ProgressUnavailable) as info:
            ProgressStore.open(tmp_path, clock=lambda: T0)
        waited = time.monotonic() - started
    assert info.value.kind == "locked" and waited >= 4.5
    assert "Another program is using the progress file" in str(info.value)
    assert (tmp_path / FILE_NAME).read_bytes() == before and nothing_moved(tmp_path)
    with ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0) as store:
        assert store.notice is None and store.attempt_count() == 5


def test_a_writer_holding_the_lock_makes_an_answer_fail_and_says_so(tmp_path):
    healthy(tmp_path)
    store = ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0)
    with held(tmp_path / FILE_NAME, "immediate"):
        assert [p.name for p in store.profiles()] == ["Ann"]  # reading goes on
        with pytest.raises(ProgressWriteFailed, match="That answer was not saved") as info:
            store.record(answer(1, 50))
    assert info.value.kind == "locked"
    store.record(answer(1, 51))  # the lock is gone: answers are saved again
    assert store.attempt_count() == 6
    store.close()
    assert nothing_moved(tmp_path)


# --- permissions --------------------------------------------------------------------------

OPENER = textwrap.dedent(
    """
    import json, sys
    from app.progress import ProgressStore, ProgressError, ProgressUnavailable
    try:
        with ProgressStore.open(sys.argv[1], keep_backups=0) as store:
            print(json.dumps({"opened": True, "notice": store.notice}))
    except ProgressUnavailable as exc:
        print(json.dumps({"opened": False, "kind": exc.kind, "message": str(exc)}))
    """
)


def _open_without_the_right_to_read(folder: Path) -> dict[str, object]:
    """Open the store in a child process bound by file modes.

    Root ignores modes, so as root the child runs without the capabilities that let it
    (setpriv drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH): a mode-000 file is then as
    unreadable to it as to any learner.
    """
    prefix: list[str] = []
    if IS_ROOT:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: no way to be bound by file modes")
        drop = "-dac_override,-dac_read_search"
        prefix = [setpriv, f"--inh-caps={drop}", f"--bounding-set={drop}"]
    done = subprocess.run(
        [*prefix, sys.executable, "-c", OPENER, str(folder)],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_a_file_the_learner_may_not_read_is_left_alone_and_explained(tmp_path):
    before = healthy(tmp_path)
    os.chmod(tmp_path / FILE_NAME, 0o000)
    try:
        outcome = _open_without_the_right_to_read(tmp_path)
    finally:
        os.chmod(tmp_path / FILE_NAME, 0o600)
    assert outcome["opened"] is False and outcome["kind"] == "permission", outcome
    assert "not allowed to read or write" in str(outcome["message"])
    assert (tmp_path / FILE_NAME).read_bytes() == before and nothing_moved(tmp_path)


def test_a_folder_the_learner_may_not_enter_is_left_alone_and_explained(tmp_path):
    folder = tmp_path / "data"
    before = healthy(folder)
    os.chmod(folder, 0o000)
    try:
        outcome = _open_without_the_right_to_read(folder)
    finally:
        os.chmod(folder, 0o700)
    assert outcome["opened"] is False and outcome["kind"] == "permission", outcome
    assert (folder / FILE_NAME).read_bytes() == before and nothing_moved(folder)


def test_the_progress_file_and_its_backups_are_the_learners_alone(tmp_path):
    folder = tmp_path / "new" / "data"
    with ProgressStore.open(folder, clock=lambda: T0) as store:
        store.create_profile("Ann", T0)
        assert store.backup(T0 + timedelta(days=1)) is not None
        store.export_file(1, tmp_path / "ann.json")
    assert (folder.stat().st_mode & 0o777) == 0o700
    assert ((folder / FILE_NAME).stat().st_mode & 0o777) == 0o600
    for backup in backups(folder):
        assert (backup.stat().st_mode & 0o777) == 0o600
    assert ((folder / "backups").stat().st_mode & 0o777) == 0o700
    assert ((tmp_path / "ann.json").stat().st_mode & 0o777) == 0o600


def test_an_older_file_readable_by_others_is_made_private_at_open(tmp_path):
    healthy(tmp_path)
    os.chmod(tmp_path / FILE_NAME, 0o644)
    ProgressStore.open(tmp_path, keep_backups=0).close()
    assert ((tmp_path / FILE_NAME).stat().st_mode & 0o777) == 0o600


# --- empty and damaged files ----------------------------------------------------------------


def test_a_zero_byte_file_is_damage_reported_and_kept(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b"")
    with ProgressStore.open(tmp_path, clock=lambda: T0) as store:
        assert store.notice is not None and "empty (0 bytes)" in store.notice
        assert "corrupt-20240501T090000Z" in store.notice
    (aside,) = tmp_path.glob(f"{FILE_NAME}.corrupt-*")
    assert aside.stat().st_size == 0


def test_an_empty_or_damaged_store_never_replaces_the_last_good_backup(tmp_path):
    healthy(tmp_path)
    with ProgressStore.open(tmp_path, clock=lambda: T0) as store:
        store.wait_for_background()
    good = backups(tmp_path)
    assert [p.name for p in good] == ["progress-2024-05-01.sqlite"]
    (tmp_path / FILE_NAME).write_bytes(b"SQLite format 3\x00" + b"\x13" * 5000)
    for day in range(1, 12):  # eleven days on an empty store after the damage
        moment = T0 + timedelta(days=day)
        with ProgressStore.open(tmp_path, clock=lambda m=moment: m) as store:
            store.wait_for_background()
    assert backups(tmp_path) == good
    with sqlite3.connect(good[0]) as copy:
        assert copy.execute("SELECT name FROM profiles").fetchall() == [("Ann",)]
    copy.close()
    assert not list((tmp_path / "backups").glob(".*"))  # no temporary file left behind


def test_a_backup_is_restored_and_the_current_file_kept(tmp_path):
    from app.progress import restore

    healthy(tmp_path, answers=3)
    with ProgressStore.open(tmp_path, clock=lambda: T0) as store:
        store.wait_for_background()
        store.record(answer(1, 100))
    kept = restore(tmp_path, backups(tmp_path)[-1], T0 + timedelta(hours=1))
    assert kept.name.startswith(f"{FILE_NAME}.before-restore-")
    with ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0) as store:
        assert store.notice is None and store.attempt_count() == 3
    with sqlite3.connect(kept) as previous:
        assert previous.execute("SELECT count(*) FROM attempts").fetchone()[0] == 4
    previous.close()


# --- kill -9 in a write loop -----------------------------------------------------------------

WRITER = textwrap.dedent(
    """
    import sys
    from datetime import UTC, datetime
    from app.progress import Attempt, ProgressStore
    store = ProgressStore.open(sys.argv[1], keep_backups=0)
    pid = (store.profiles() or [store.create_profile("Ann")])[0].id
    n = store.attempt_count()
    while True:
        store.record(Attempt(pid, datetime.now(UTC), f"q{n}", "law", "law:x", "ecarte",
                             "misdeals", "american", ("x",), "a" * 300, True, 5))
        print(n, flush=True)  # after the commit
        n += 1
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_kill_9_in_a_write_loop_loses_no_committed_answer_and_moves_nothing(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    committed = 0
    for round_ in range(5):
        child = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)],
                                 stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        assert child.stdout is not None
        last = None
        for _ in range(40 + 17 * round_):
            last = int(child.stdout.readline())
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        assert last is not None
        committed = last + 1
        with ProgressStore.open(tmp_path, keep_backups=0) as store:
            assert store.notice is None and nothing_moved(tmp_path)
            assert store.attempt_count() >= committed  # one more may have committed unprinted
            assert store.integrity() == "ok"


# --- many first starts at once ------------------------------------------------------------

STARTER = textwrap.dedent(
    """
    import sys
    from app.progress import ProgressStore
    print("ready", flush=True)
    sys.stdin.readline()  # the starting gate: the test says go to all at once
    try:
        with ProgressStore.open(sys.argv[1], keep_backups=1) as store:
            store.profiles()
            print("ok" if store.notice is None else "notice: " + store.notice, flush=True)
    except Exception as exc:
        print(f"failed: {type(exc).__name__}: {exc}", flush=True)
    """
)


def test_sixty_first_starts_at_once_all_succeed_on_one_new_file(tmp_path):
    folder = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [
        subprocess.Popen([sys.executable, "-c", STARTER, str(folder)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                         cwd=ROOT)
        for _ in range(60)
    ]
    for child in children:  # every one has imported and waits at the line
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    let_go(children)
    outcomes = []
    for child in children:
        out, _ = child.communicate(timeout=240)
        outcomes.append(out.strip())
    assert outcomes == ["ok"] * 60, [o for o in outcomes if o != "ok"][:3]
    assert nothing_moved(folder)
    assert not [p.name for p in folder.iterdir() if p.name.startswith(".")]
    with ProgressStore.open(folder, keep_backups=0) as store:
        assert store.schema_version >= 2 and store.integrity() == "ok"


# --- a large file after an unclean shutdown ----------------------------------------------------


def test_a_large_file_opens_at_once_and_damage_is_reported_by_the_background_check(
    tmp_path, monkeypatch
):
    import threading

    from app.progress import opening
    from app.progress.opening import SMALL_FILE

    go = threading.Event()
    real_check = opening.full_check

    def held_check(path: Path) -> str | None:  # waits until the test has looked
        go.wait(30)
        return real_check(path)

    monkeypatch.setattr(opening, "full_check", held_check)

    healthy(tmp_path, answers=1)
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    rows = [(1, "2024-05-01T09:00:00.000+00:00", f"q{n}", "law", "law:x", "ecarte", "misdeals",
             "american", "[]", "x" * 1000, 1, None, 5, "learn", 0) for n in range(6000)]
    conn.executemany("INSERT INTO attempts (profile_id, at, question_id, type, item, game, topic,"
                     " code, laws, answer, correct, confused_code, elapsed_ms, mode, is_new) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    path = tmp_path / FILE_NAME
    assert path.stat().st_size > SMALL_FILE
    data = bytearray(path.read_bytes())
    middle = len(data) // page // 2
    for k in range(middle, middle + 40):  # scribble over forty pages of answers
        data[k * page : (k + 1) * page] = b"\xde\xad\xbe\xef" * (page // 4)
    path.write_bytes(bytes(data))
    (tmp_path / f"{FILE_NAME}-wal").write_bytes(b"left by a session that was killed" * 10)
    store = ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0)
    try:
        assert store.notice is None and store.checking  # the full check waits on its thread
        go.set()
        store.wait_for_background(60)
        assert store.notice is not None and "is damaged" in store.notice
        assert "cardlaws-cli progress check" in store.notice
        assert nothing_moved(tmp_path)  # in use: the learner decides (restore, or check)
    finally:
        store.close()


# --- several writers at once ------------------------------------------------------------------

RECORDER = textwrap.dedent(
    """
    import sys
    from datetime import UTC, datetime, timedelta
    from app.progress import Attempt, ProgressError, ProgressStore
    folder, who = sys.argv[1], int(sys.argv[2])
    store = ProgressStore.open(folder, keep_backups=0)
    profile = [p for p in store.profiles() if p.name == "Ann"][0]
    print("ready", flush=True)
    sys.stdin.readline()  # the starting gate: the test says go to all at once
    saved = 0
    for n in range(20):
        at = datetime(2024, 5, 1, 9, 0, tzinfo=UTC) + timedelta(seconds=who * 100 + n)
        try:
            store.record(Attempt(
                profile_id=profile.id, at=at, question_id=f"law:ecarte.american.misdeal:{who}.{n}",
                type="law", item="law:ecarte.american.misdeal", game="ecarte", topic="misdeals",
                code="american", laws=("ecarte.american.misdeal",), answer="x",
                correct=n % 2 == 0, elapsed_ms=1000))
            saved += 1
        except ProgressError as exc:
            print(f"refused: {exc}", flush=True)
    store.close()
    print(f"saved {saved}", flush=True)
    """
)


def test_six_processes_recording_at_once_all_have_every_answer_saved(tmp_path):
    """Two windows, or a quiz and an import, write to one file: a writer waits for the other
    (the write lock is taken before the transaction reads), none is refused."""
    healthy(tmp_path, answers=0)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(tmp_path), str(who)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                         cwd=ROOT)
        for who in range(6)
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    let_go(children)
    outcomes = [child.communicate(timeout=240)[0].strip() for child in children]
    assert outcomes == ["saved 20"] * 6, [o for o in outcomes if o != "saved 20"][:2]
    with ProgressStore.open(tmp_path, keep_backups=0) as store:
        assert store.attempt_count() == 120 and store.integrity() == "ok"
        assert nothing_moved(tmp_path)
