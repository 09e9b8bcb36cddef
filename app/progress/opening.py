"""Opening the progress file: creating it whole, checking it quickly, moving aside only damage.

- A new file is built complete (schema and all) under a unique temporary name and linked into
  place in one step, so a progress file is never seen half-made and several first starts at
  once all succeed. An empty (0-byte) progress file is therefore always damage.
- At open the check costs the same at 100 answers as at a million: the header, the schema,
  and for a small file the full integrity check. A large file gets the full check on a worker
  thread, and only after an unclean shutdown (a write-ahead log left behind).
- Only what SQLite reports as damaged (or an empty file) is moved aside, and the learner is
  told. A full disk, a lock held by another program, missing permissions leave the file as
  it was and raise ProgressUnavailable, whose message says what to do.
- What is not ours is left untouched and said to be so, looked at read-only before anything
  writes: a symbolic link (never followed), another program's database, a file of a newer
  Card Laws. A write-ahead log that does not fit a sound file is moved aside alone.
- The folder is made readable by the learner alone (0700) and the file 0600.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import tempfile
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from app.progress.faults import ProgressUnavailable, kind_of, unavailable
from app.progress.identity import FOREIGN, NEWER, OURS, Identity, identify
from app.progress.migrations import migrate
from app.progress.records import FILE_NAME, Clock, ProgressError

BUSY_MS = 5000
# Up to this size the full integrity check at open takes a few milliseconds.
SMALL_FILE = 4 * 1024 * 1024
_HEADER = b"SQLite format 3\x00"


class Opened:
    """An open progress database, and what the learner must be told about it."""

    def __init__(self, db: Database, notice: str | None, unclean: bool) -> None:
        self.db = db
        self.notice = notice
        # True when the last session did not end cleanly and the file was too large to check
        # at once: the caller runs `full_check` in the background.
        self.needs_full_check = unclean


def open_database(folder: Path, clock: Clock, synchronous: str) -> Opened:
    """Connect to the folder's progress file (creating it when absent).

    Raises ProgressUnavailable when it cannot be used now, or is not ours to use (a link,
    another program's database, a newer Card Laws' file); nothing is touched then. A damaged
    file is moved aside, a new one started, and `notice` says so.
    """
    path = folder / FILE_NAME
    prepare_folder(folder)
    refuse_link(path, folder)
    notice = None
    tighten(path)  # a file from an older Card Laws may be readable by others
    problem = _damage_before_connecting(path, folder)
    if problem is None and path.exists():
        problem, notice = _identify_unchanged(path, folder, clock)
    unclean = _has_log(path)
    db = None
    if problem is None and path.exists():
        try:
            db = _connect(path, synchronous)
            problem = _quick_check(db, path)
        except sqlite3.Error as exc:
            if db is not None:
                db.close()
                db = None
            if kind_of(exc, folder) != "damaged":
                raise unavailable(exc, folder) from None
            problem = "SQLite reports it is not a database, or is damaged"
    if problem is not None:
        if db is not None:
            db.close()
        aside = move_aside(path, clock(), folder)
        notice = (
            f"Your progress file could not be read ({problem}). It has been kept as "
            f"{aside.name} in {folder}, and a new, empty progress file has been started."
        )
        backups = sorted((folder / "backups").glob("progress-*.sqlite"))
        if backups:
            notice += (
                f" The most recent daily backup is {backups[-1]}: choose Restore from backup "
                "on the Quizzes screen, or run `cardlaws-cli progress restore`."
            )
        db = None
        unclean = False
    if db is None:
        _ensure_file(path, folder)
        try:
            db = _connect(path, synchronous)
        except sqlite3.Error as exc:
            raise unavailable(exc, folder) from None
    try:
        migrate_at_once(db)
    except sqlite3.Error as exc:
        db.close()
        raise unavailable(exc, folder) from None
    except ProgressError:
        db.close()
        raise
    if notice is None and not writable(db):
        notice = (
            f"Your progress file {path} can be read but not written: answers will not be "
            "saved. Check that it and its folder belong to you and may be written by you."
        )
    return Opened(db, notice, unclean and _size(path) > SMALL_FILE)


def refuse_link(path: Path, folder: Path) -> None:
    """A progress file that is a symbolic link is refused, never followed: tightening its
    mode or moving it aside would act on whatever it points at."""
    try:
        mode = path.lstat().st_mode
    except OSError:
        return  # absent, or not ours to see: opening it says which
    if not stat.S_ISLNK(mode) and not stat.S_ISREG(mode):  # a pipe would block the open
        raise ProgressUnavailable(
            "foreign",
            f"Your progress could not be opened: {path} is not a regular file (a folder, a "
            "named pipe or a device). It has been left untouched: move it elsewhere, or "
            "choose another data folder (--data-dir, CARDLAWS_DATA_DIR).",
        )
    if stat.S_ISLNK(mode):
        raise ProgressUnavailable(
            "link",
            f"Your progress could not be opened: {path} is a symbolic link (to "
            f"{os.readlink(path)}), and Card Laws does not follow links for the progress "
            "file. It has been left untouched: put the file itself in its place, or choose "
            f"the folder it is in as the data folder (--data-dir, CARDLAWS_DATA_DIR).",
        )


def _look(path: Path, how: str, folder: Path) -> Identity:
    """The file's identity (and for a small one, its soundness) on a read-only connection:
    `how` is "mode=ro" (the file with its write-ahead log) or "immutable=1" (the file alone).
    A damaged file is the verdict "damaged"; any other SQLite error raises ProgressUnavailable.
    """
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?{how}", uri=True,
                               timeout=BUSY_MS / 1000)
    except sqlite3.Error as exc:
        raise unavailable(exc, folder) from None
    try:
        found = identify(conn)
        small = _size(path) <= SMALL_FILE
        if found.verdict == OURS and small and _verdict(
            conn.execute("PRAGMA integrity_check(5)").fetchall()
        ):
            return Identity("damaged", "is damaged")
        return found
    except sqlite3.Error as exc:
        if kind_of(exc, folder) != "damaged":
            raise unavailable(exc, folder) from None
        return Identity("damaged", "is not a database, or is damaged (SQLite says so)")
    finally:
        conn.close()


def _identify_unchanged(path: Path, folder: Path, clock: Clock) -> tuple[str | None, str | None]:
    """Look at the file before anything writes to it: (damage to move aside, notice).

    Another program's file, or a newer Card Laws', raises ProgressUnavailable: it is left
    untouched. When the file read with its write-ahead log is not sound or not ours but the
    file alone is, the log does not belong to it: only the log is moved aside.
    """
    found = _look(path, "mode=ro", folder)
    notice = None
    if found.verdict != OURS and _has_log(path):
        alone = _look(path, "immutable=1", folder)
        if alone.verdict == OURS:
            kept = move_log_aside(path, clock(), folder)
            notice = (
                f"Your progress file is sound, but the write-ahead log beside it did not fit "
                f"it (read with the log, the file {found.why}). The log has been kept as "
                f"{kept.name} in {folder} and the progress file opened without it; answers "
                "of the last session that were only in the log may be missing."
            )
            found = alone
    if found.verdict in (FOREIGN, NEWER):
        raise ProgressUnavailable(
            found.verdict,
            f"Your progress could not be opened: {path} {found.why}. It has been left "
            "untouched: move it elsewhere, or choose another data folder (--data-dir, "
            "CARDLAWS_DATA_DIR).",
        )
    if found.verdict != OURS:
        return f"it {found.why}", notice
    return None, notice


def writable(db: Database) -> bool:
    """Whether an answer could be written now: a write is begun and rolled back at once (a
    read-only file or folder says no; another writer at work is taken as a yes)."""
    db.execute("PRAGMA busy_timeout = 0")  # another writer at work: it is writable
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        db.conn.execute("BEGIN IMMEDIATE")  # succeeds on a read-only file in WAL mode:
        try:  # only a write (given back unwritten) meets the refusal
            db.execute(f"PRAGMA user_version = {version}")
        finally:
            db.conn.rollback()
    except sqlite3.Error as exc:
        return kind_of(exc) != "permission"
    finally:
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    return True


def prepare_folder(folder: Path) -> None:
    """Create the data folder readable by the learner alone; raise ProgressUnavailable."""
    if folder.exists() and not folder.is_dir():
        raise ProgressUnavailable(
            "foreign",
            f"Your progress could not be opened: {folder} is not a folder (it is a file, a "
            "named pipe or a device). It has been left untouched: choose a folder for your "
            "progress (--data-dir, CARDLAWS_DATA_DIR).",
        )
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, mode=0o700)
            os.chmod(folder, 0o700)  # mkdir's mode is reduced by the umask, never widened
    except FileExistsError:
        pass  # another first start made it at the same moment
    except OSError as exc:
        raise unavailable(exc, folder) from None


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _has_log(path: Path) -> bool:
    """A write-ahead log is left beside the file when the last session did not close it."""
    return _size(path.with_name(path.name + "-wal")) > 0


def _damage_before_connecting(path: Path, folder: Path) -> str | None:
    """Damage visible from the file's first bytes (None when absent or plausible)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(len(_HEADER))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise unavailable(exc, folder) from None
    if not head:
        return "it is empty (0 bytes)"
    if head != _HEADER:
        return "it is not a database file"
    return None


def _connect(path: Path, synchronous: str) -> Database:
    """A connection to an existing file (never creates one: mode=rw)."""
    conn = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=BUSY_MS / 1000
    )
    # No sqlite-utils plugins: the progress file needs none, and looking for them scans every
    # installed package's entry points (about 50 ms, on the UI thread at the quiz's first show).
    db = Database(conn, execute_plugins=False)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        db.execute("PRAGMA foreign_keys = ON")
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
        if str(mode).lower() != "wal":
            db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {synchronous}")
    except sqlite3.Error:
        db.close()
        raise
    return db


def _quick_check(db: Database, path: Path) -> str | None:
    """The schema read on the writing connection (the file's soundness was checked, bounded
    in time, by `_look` before anything could write to it)."""
    db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    return None


def _verdict(rows: list[tuple[object, ...]]) -> str | None:
    return None if [r[0] for r in rows] == ["ok"] else "it is damaged"


def full_check(path: Path) -> str | None:
    """The full integrity check on a connection of its own (for a worker thread).

    None when sound, else what is wrong; raises sqlite3.Error when it could not be run.
    """
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_MS / 1000)
    try:
        return _verdict(conn.execute("PRAGMA integrity_check(5)").fetchall())
    except sqlite3.DatabaseError as exc:
        if kind_of(exc) == "damaged":
            return "it is damaged"
        raise
    finally:
        conn.close()


def check_in_background(path: Path, report: Callable[[str], None]) -> threading.Thread:
    """Run `full_check` on a worker thread; `report` gets the sentence when the file is damaged."""

    def run() -> None:
        try:
            problem = full_check(path)
        except sqlite3.Error:
            return  # could not run now (a lock): the next unclean start checks again
        if problem is not None:
            report(
                f"Your progress file is damaged ({problem}); answers may fail to save. Close "
                "Card Laws and run `cardlaws-cli progress check`, or choose Restore from "
                "backup on the Quizzes screen."
            )

    thread = threading.Thread(target=run, name="progress-check", daemon=True)
    thread.start()
    return thread


def migrate_at_once(db: Database) -> None:
    """Bring the schema up to date in one immediate transaction (idempotent, race-free).

    BEGIN IMMEDIATE takes the write lock first, so two first starts never both create the
    tables: the second waits (busy timeout), then finds the work done.
    """
    from app.progress.migrations import LATEST, applied

    if "migrations" in db.table_names() and max(applied(db), default=0) == LATEST:
        return
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        try:
            migrate(db)
        except RuntimeError as exc:
            raise ProgressError(str(exc)) from None
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.commit()


def _ensure_file(path: Path, folder: Path) -> None:
    """Build a complete, empty progress file under a unique name and link it into place."""
    if path.exists():
        return
    try:
        fd, temp = tempfile.mkstemp(prefix=".progress-new-", suffix=".sqlite", dir=folder)
    except OSError as exc:
        raise unavailable(exc, folder) from None
    os.close(fd)
    try:
        conn = sqlite3.connect(temp)
        try:
            db = Database(conn, execute_plugins=False)
            db.execute("PRAGMA journal_mode = WAL")
            migrate(db)
        finally:
            conn.close()
        os.chmod(temp, 0o600)
        try:
            os.link(temp, path)  # fails if another start got there first: its file is as good
        except FileExistsError:
            pass
        except OSError:  # a filesystem without hard links
            if not path.exists():
                os.replace(temp, path)
    except (OSError, sqlite3.Error) as exc:
        raise unavailable(exc, folder) from None
    finally:
        for leftover in (temp, temp + "-wal", temp + "-shm"):
            Path(leftover).unlink(missing_ok=True)


def _unused_name(path: Path, why: str, now: datetime) -> Path:
    """A name beside a file to keep it under, `<name>.<why>-<time>`, numbered from 2 when a
    file moved aside in the same second holds it already."""
    suffix = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    kept = path.with_name(f"{path.name}.{why}-{suffix}")
    n = 2
    while kept.exists():
        kept = path.with_name(f"{path.name}.{why}-{suffix}-{n}")
        n += 1
    return kept


def move_aside(path: Path, now: datetime, folder: Path) -> Path:
    """Rename a damaged file (and its log) to `progress.sqlite.corrupt-<time>`; keep it."""
    aside = _unused_name(path, "corrupt", now)
    try:
        shutil.move(path, aside)
        for extra in ("-wal", "-shm"):
            side = path.with_name(path.name + extra)
            if side.exists():
                shutil.move(side, aside.with_name(aside.name + extra))
    except OSError as exc:
        raise unavailable(exc, folder) from None
    return aside


def move_log_aside(path: Path, now: datetime, folder: Path) -> Path:
    """Rename a write-ahead log that does not belong to its file (and the index beside it)
    to `progress.sqlite-wal.foreign-<time>`; keep it."""
    log = path.with_name(path.name + "-wal")
    kept = _unused_name(log, "foreign", now)
    try:
        os.replace(log, kept)
        path.with_name(path.name + "-shm").unlink(missing_ok=True)  # an index of that log
    except OSError as exc:
        raise unavailable(exc, folder) from None
    return kept


def tighten(path: Path) -> None:
    """Take away what group and others may do with a file or folder of ours; never widen a
    mode, never fail the caller."""
    try:
        info = path.lstat()  # a link is never followed: its target is not ours to change
        if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            return
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return
        if info.st_mode & 0o077:
            os.chmod(path, info.st_mode & 0o700)
    except OSError:
        pass


__all__ = [
    "BUSY_MS",
    "SMALL_FILE",
    "Opened",
    "ProgressUnavailable",
    "check_in_background",
    "full_check",
    "migrate_at_once",
    "move_aside",
    "move_log_aside",
    "open_database",
    "prepare_folder",
    "refuse_link",
    "tighten",
    "writable",
]
