"""Fault injection on the progress file: no healthy file is moved, nothing committed is lost,
and the learner is told every time.

Real faults wherever the machine allows: a real full filesystem (a 512 kB tmpfs, mounted when
the tests run as root, as CI does; elsewhere that test is skipped and SQLite's own page limit,
which raises the same "database or disk is full" error, stands in for it), real permissions (as
root, which ignores file modes, the reader is a child process stripped of the capabilities that
let root ignore them), empty and damaged files, a large file after an unclean shutdown. Other
programs at the file (a lock, kill -9, many at once): tests/test_progress_other_programs.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from progress_fault_support import IS_ROOT, ROOT, T0, answer, healthy, nothing_moved

from app.progress import (
    FILE_NAME,
    ProgressStore,
    ProgressUnavailable,
    ProgressWriteFailed,
    backups,
)

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
        capture_output=True, text=True, cwd=ROOT, timeout=1800,
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
        go.wait(600)  # a guard against a hang (the conftest's WAIT_MS), never a time limit
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
