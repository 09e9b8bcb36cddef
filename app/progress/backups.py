"""Daily backups of the progress file, and restoring one.

A backup is copied with SQLite's backup API on a connection of its own (so it can run on a
worker thread), into a uniquely named temporary file, checked, and only then renamed into
place. An empty store (no profile) or a copy that fails the integrity check never becomes a
backup, so rotation can never push the last good backup out for an empty or damaged one.
Backups are readable by the learner alone (0600 in a 0700 folder).
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import tempfile
import threading
from datetime import UTC, datetime
from pathlib import Path

from app.input_files import InputFileError, check_target, require_regular
from app.progress.faults import FileRefused, ProgressUnavailable, unavailable
from app.progress.identity import OURS, identify
from app.progress.opening import BUSY_MS, move_aside, prepare_folder
from app.progress.records import FILE_NAME, ProgressError

KEEP_BACKUPS = 7
FOLDER = "backups"
_NAME = re.compile(r"^progress-\d{4}-\d{2}-\d{2}\.sqlite$")


def backups(folder: Path) -> list[Path]:
    """The daily backups in a data folder, oldest first."""
    where = folder / FOLDER
    if not where.is_dir():
        return []
    return sorted(p for p in where.iterdir() if _NAME.match(p.name))


def copy_is_sound(path: Path) -> str | None:
    """None when `path` is a sound progress file holding at least one profile; else why not."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error as exc:
        return f"it cannot be opened ({exc})"
    try:
        verdict = [r[0] for r in conn.execute("PRAGMA integrity_check(5)").fetchall()]
        if verdict != ["ok"]:
            return "it is damaged"
        found = identify(conn)  # another program's, a newer Card Laws', an incomplete one
        if found.verdict != OURS:
            return f"it {found.why}"
        if conn.execute("SELECT count(*) FROM profiles").fetchone()[0] == 0:
            return "it holds no profile"
    except sqlite3.Error as exc:
        return f"it cannot be read ({exc})"
    finally:
        conn.close()
    return None


def daily_backup(path: Path, now: datetime, keep: int = KEEP_BACKUPS) -> Path | None:
    """Write today's backup of `path` unless there is one; drop all but the last `keep`.

    Returns the new backup, or None when none was written (one exists for today, or the
    store is empty or damaged: then no backup is replaced). Raises sqlite3.Error / OSError
    when the copy itself fails; nothing is left behind then.
    """
    folder = path.parent / FOLDER
    prepare_folder(folder)
    target = folder / f"progress-{now.astimezone(UTC).date().isoformat()}.sqlite"
    made = None
    if not target.exists():
        fd, temp = tempfile.mkstemp(prefix=".progress-", suffix=".partial", dir=folder)
        os.close(fd)
        try:
            _copy(path, Path(temp))
            if copy_is_sound(Path(temp)) is None:
                os.replace(temp, target)
                made = target
        finally:
            for leftover in (temp, temp + "-wal", temp + "-shm"):
                Path(leftover).unlink(missing_ok=True)
    for old in backups(path.parent)[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)
    return made


def _copy(source: Path, dest: Path) -> None:
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_MS / 1000)
    try:
        out = sqlite3.connect(dest)
        try:
            src.backup(out)
            # A backup stands alone: no write-ahead log beside it.
            out.execute("PRAGMA journal_mode = DELETE")
        finally:
            out.close()
    finally:
        src.close()
    os.chmod(dest, 0o600)


def write_copy(path: Path, target: Path) -> None:
    """Copy the progress file to `target` now (0600; a partial copy never remains).

    Raises ProgressError when the copy is not sound, ProgressUnavailable when it cannot be
    written.
    """
    folder = target.parent
    try:
        check_target(target)  # never replace a device or pipe (/dev/null) with a file
    except InputFileError as exc:
        raise FileRefused(str(exc)) from None
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}-", suffix=".partial", dir=folder)
        os.close(fd)
    except OSError as exc:
        raise unavailable(exc, folder) from None
    try:
        _copy(path, Path(temp))
        problem = copy_is_sound(Path(temp))
        if problem is not None and problem != "it holds no profile":
            raise ProgressError(f"the backup was not written: the copy {problem}")
        os.replace(temp, target)
    except (sqlite3.Error, OSError) as exc:
        raise unavailable(exc, folder) from None
    finally:
        for leftover in (temp, temp + "-wal", temp + "-shm"):
            Path(leftover).unlink(missing_ok=True)


def backup_in_background(path: Path, now: datetime, keep: int) -> threading.Thread:
    """Run `daily_backup` on a worker thread (a failure costs only today's backup)."""

    def run() -> None:
        # A failure costs only today's backup: the next start tries again, and the existing
        # backups are untouched.
        with contextlib.suppress(sqlite3.Error, OSError, ProgressError):
            daily_backup(path, now, keep)

    thread = threading.Thread(target=run, name="progress-backup")
    thread.start()
    return thread


def restore(folder: Path, backup: Path, now: datetime) -> Path:
    """Make `backup` the progress file; the current file is kept aside, never deleted.

    The progress file must not be open (close the store first). Returns where the previous
    file was kept. Raises ProgressError when the backup is not a sound progress file, and
    ProgressUnavailable when the files cannot be moved.
    """
    try:
        require_regular(backup)  # SQLite, given a named pipe, would wait for ever
    except InputFileError as exc:
        raise FileRefused(f"{backup} cannot be restored: {exc}") from None
    problem = copy_is_sound(backup)
    if problem is not None:
        raise FileRefused(f"{backup} cannot be restored: {problem}")
    path = folder / FILE_NAME
    prepare_folder(folder)
    try:
        fd, temp = tempfile.mkstemp(prefix=".progress-restore-", suffix=".sqlite", dir=folder)
        os.close(fd)
    except OSError as exc:
        raise unavailable(exc, folder) from None
    try:
        _copy(backup, Path(temp))
        conn = sqlite3.connect(temp)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
        finally:
            conn.close()
        kept = _keep_current(path, now, folder)
        os.replace(temp, path)
    except (sqlite3.Error, OSError) as exc:
        raise unavailable(exc, folder) from None
    finally:
        for leftover in (temp, temp + "-wal", temp + "-shm"):
            Path(leftover).unlink(missing_ok=True)
    return kept


def _keep_current(path: Path, now: datetime, folder: Path) -> Path:
    if not path.exists():
        return path
    aside = move_aside(path, now, folder)
    kept = aside.with_name(aside.name.replace(".corrupt-", ".before-restore-"))
    os.replace(aside, kept)
    for extra in ("-wal", "-shm"):
        side = aside.with_name(aside.name + extra)
        if side.exists():
            os.replace(side, kept.with_name(kept.name + extra))
    return kept


__all__ = [
    "KEEP_BACKUPS",
    "ProgressUnavailable",
    "backup_in_background",
    "backups",
    "copy_is_sound",
    "daily_backup",
    "restore",
    "write_copy",
]
