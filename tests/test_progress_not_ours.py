"""Files at the progress file's place that are not ours to change, or not usable, are said to
be so: a symbolic link, another program's database, a log that is not the file's, a file of a
newer Card Laws, a read-only file, a file whose schema or values this Card Laws cannot read."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.__main__ import main as cli
from app.progress import FILE_NAME, ProgressError, ProgressStore, ProgressUnavailable, restore
from app.progress.migrations import LATEST

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _ann(folder: Path) -> None:
    with ProgressStore.open(folder, keep_backups=0) as store:
        store.create_profile("Ann", T0)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _others_database(path: Path, *tables: str) -> None:
    conn = sqlite3.connect(path)
    for table in tables:
        conn.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, what TEXT)")
        conn.execute(f"INSERT INTO {table} (what) VALUES ('theirs')")
    conn.commit()
    conn.close()


# --- D5: a symbolic link ---------------------------------------------------------------------


def test_a_linked_progress_file_is_refused_and_its_target_left_as_it_was(tmp_path, capsys):
    target = tmp_path / "elsewhere.sqlite"
    _ann(tmp_path / "real")
    shutil.copy(tmp_path / "real" / FILE_NAME, target)
    os.chmod(target, 0o644)
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / FILE_NAME).symlink_to(target)
    assert cli(["progress", "check", "--data-dir", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "is a symbolic link" in err and "left untouched" in err
    assert (target.stat().st_mode & 0o777) == 0o644  # the target's mode was not cut
    assert (folder / FILE_NAME).is_symlink()  # the link stays where it was
    assert not list(folder.glob(f"{FILE_NAME}.corrupt-*"))


# --- D7: another program's database ----------------------------------------------------------


@pytest.mark.parametrize("tables", [("notes", "tags"), ("profiles", "settings")])
def test_another_programs_database_is_left_untouched_and_said_not_ours(tmp_path, capsys, tables):
    path = tmp_path / FILE_NAME
    _others_database(path, *tables)
    before = _digest(path)
    with pytest.raises(ProgressUnavailable) as info:
        ProgressStore.open(tmp_path, keep_backups=0)
    assert info.value.kind == "foreign"
    assert "is not a Card Laws progress file" in str(info.value)
    assert cli(["progress", "check", "--data-dir", str(tmp_path)]) == 1
    assert "not a Card Laws progress file" in capsys.readouterr().err
    assert _digest(path) == before  # not switched to WAL, no table added
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]


# --- D13: a healthy file beside a log that is not its own ---------------------------------


def test_a_sound_file_beside_another_databases_log_keeps_its_answers(tmp_path):
    _ann(tmp_path)
    other = tmp_path / "other.sqlite"
    writer = sqlite3.connect(other)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("CREATE TABLE t (x)")
    writer.executemany("INSERT INTO t VALUES (?)", [(n,) for n in range(500)])
    writer.commit()
    shutil.copy(tmp_path / "other.sqlite-wal", tmp_path / f"{FILE_NAME}-wal")
    writer.close()
    with ProgressStore.open(tmp_path, clock=lambda: T0, keep_backups=0) as store:
        assert [p.name for p in store.profiles()] == ["Ann"]
        assert store.notice is not None and "Your progress file is sound" in store.notice
    assert not list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))  # the file was not moved
    assert list(tmp_path.glob(f"{FILE_NAME}-wal.foreign-*"))  # the log is kept


# --- D12: a file of a newer Card Laws ----------------------------------------------------------


def _newer(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO migrations VALUES (?, 'a later change', '2030-01-01')",
                 [LATEST + 1])
    conn.commit()
    conn.close()


def test_restoring_a_backup_of_a_newer_schema_is_refused_and_the_file_kept(tmp_path):
    _ann(tmp_path / "newer")
    backup = tmp_path / "newer" / FILE_NAME
    _newer(backup)
    _ann(tmp_path / "data")
    with pytest.raises(ProgressError, match="newer Card Laws"):
        restore(tmp_path / "data", backup, T0)
    with ProgressStore.open(tmp_path / "data", keep_backups=0) as store:
        assert store.notice is None and [p.name for p in store.profiles()] == ["Ann"]


def test_a_newer_card_laws_file_is_opened_by_no_one_and_left_untouched(tmp_path):
    _ann(tmp_path)
    _newer(tmp_path / FILE_NAME)
    before = _digest(tmp_path / FILE_NAME)
    with pytest.raises(ProgressUnavailable, match="newer Card Laws") as info:
        ProgressStore.open(tmp_path, keep_backups=0)
    assert info.value.kind == "newer" and _digest(tmp_path / FILE_NAME) == before


# --- D14: a read-only file ----------------------------------------------------------------


def test_check_on_a_file_that_cannot_be_written_is_not_usable(tmp_path):
    """As root, which ignores file modes, the check runs stripped of the capabilities that
    let it (as the learner's own check would be bound by the mode)."""
    prefix: list[str] = []
    if IS_ROOT:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: no way to be bound by file modes")
        drop = "-dac_override,-dac_read_search,-fowner"
        prefix = [setpriv, f"--inh-caps={drop}", f"--bounding-set={drop}"]
    _ann(tmp_path)
    os.chmod(tmp_path / FILE_NAME, 0o400)
    done = subprocess.run(
        [*prefix, sys.executable, "-m", "app", "progress", "check", "--data-dir", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, timeout=1800,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "can be read but not written" in done.stderr and "Traceback" not in done.stderr
    assert "health: OK" not in done.stdout


# --- D6: sound to SQLite, not readable by Card Laws -------------------------------------------


def test_check_reports_a_file_missing_a_table_and_raises_nothing(tmp_path, capsys):
    _ann(tmp_path)
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute("DROP TABLE attempts")
    conn.commit()
    conn.close()
    assert cli(["progress", "check", "--data-dir", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "lacks the table attempts" in err  # moved aside as unusable, and said so
    kept = [p for p in tmp_path.glob(f"{FILE_NAME}.corrupt-*")
            if not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and "profiles" in {
        r[0] for r in sqlite3.connect(kept[0]).execute("SELECT name FROM sqlite_master")
    }


def test_check_reports_values_it_cannot_read_and_raises_nothing(tmp_path, capsys):
    _ann(tmp_path)
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute("UPDATE profiles SET created = 'x'")
    conn.commit()
    conn.close()
    assert cli(["progress", "check", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "profile 1's creation date 'x' is not a date" in err
    with ProgressStore.open(tmp_path, keep_backups=0) as store, pytest.raises(
        ProgressError, match="cannot be read"
    ):
        store.profiles()


@pytest.mark.parametrize("make", [os.mkfifo, os.mkdir], ids=["named pipe", "folder"])
def test_a_progress_file_that_is_a_pipe_or_a_folder_is_refused_not_waited_for(
    tmp_path, capsys, make
):
    make(tmp_path / FILE_NAME)
    assert cli(["progress", "check", "--data-dir", str(tmp_path)]) == 1
    assert "is not a regular file" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]
