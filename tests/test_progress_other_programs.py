"""Other programs at the progress file: a real lock held by a second process, kill -9 in a
write loop, sixty first starts and six writers at once. No healthy file is moved, nothing
committed is lost, and the learner is told every time (file faults:
tests/test_progress_faults.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from progress_fault_support import ROOT, T0, answer, healthy, nothing_moved

from app.progress import (
    FILE_NAME,
    ProgressStore,
    ProgressUnavailable,
    ProgressWriteFailed,
)

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
        out, _ = child.communicate(timeout=1800)
        outcomes.append(out.strip())
    assert outcomes == ["ok"] * 60, [o for o in outcomes if o != "ok"][:3]
    assert nothing_moved(folder)
    assert not [p.name for p in folder.iterdir() if p.name.startswith(".")]
    with ProgressStore.open(folder, keep_backups=0) as store:
        assert store.schema_version >= 2 and store.integrity() == "ok"


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
    outcomes = [child.communicate(timeout=1800)[0].strip() for child in children]
    assert outcomes == ["saved 20"] * 6, [o for o in outcomes if o != "saved 20"][:2]
    with ProgressStore.open(tmp_path, keep_backups=0) as store:
        assert store.attempt_count() == 120 and store.integrity() == "ok"
        assert nothing_moved(tmp_path)
