"""Opening the progress file: pragmas, integrity check, moving a damaged file aside, backups."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from app.progress.records import FILE_NAME, Clock

KEEP_BACKUPS = 7


def open_database(folder: Path, clock: Clock, synchronous: str) -> tuple[Database, str | None]:
    """Connect to the folder's progress file; a damaged one is moved aside and the notice says so.

    The notice is None when the file was sound (or new).
    """
    path = folder / FILE_NAME
    notice = None
    db: Database | None = None
    try:
        db = _connect(path, synchronous)
        problem = _health(db)
    except sqlite3.DatabaseError:
        problem = "it could not be opened"
    if problem is not None:
        if db is not None:
            db.close()
        aside = _move_aside(path, clock())
        db = _connect(path, synchronous)
        notice = (
            f"Your progress file could not be read ({problem}). It has been kept as "
            f"{aside.name} in {folder}, and a new, empty progress file has been started."
        )
        backups = sorted((folder / "backups").glob("progress-*.sqlite"))
        if backups:
            notice += f" The most recent daily backup is {backups[-1]}."
    assert db is not None
    return db, notice


def _connect(path: Path, synchronous: str) -> Database:
    db = Database(path)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 5000")
        db.enable_wal()
        db.execute(f"PRAGMA synchronous = {synchronous}")
    except sqlite3.DatabaseError:
        pass  # an unreadable file: _health reports it and the file is moved aside
    return db


def _health(db: Database) -> str | None:
    """None when the file is a sound database; otherwise what is wrong, in plain words."""
    try:
        rows = db.execute("PRAGMA integrity_check").fetchall()
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError:
        return "it is not a database file, or it is unreadable"
    if [r[0] for r in rows] != ["ok"]:
        return "it is damaged"
    return None


def _move_aside(path: Path, now: datetime) -> Path:
    suffix = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.corrupt-{suffix}")
    n = 2
    while aside.exists():
        aside = path.with_name(f"{path.name}.corrupt-{suffix}-{n}")
        n += 1
    shutil.move(path, aside)
    for extra in ("-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if side.exists():
            shutil.move(side, aside.with_name(aside.name + extra))
    return aside


def daily_backup(db: Database, path: Path, now: datetime, keep: int) -> Path | None:
    """Write today's backup beside `path` if there is none yet; drop all but the last `keep`."""
    folder = path.parent / "backups"
    folder.mkdir(exist_ok=True)
    target = folder / f"progress-{now.astimezone(UTC).date().isoformat()}.sqlite"
    made = None
    if not target.exists():
        partial = target.with_suffix(".partial")
        dest = sqlite3.connect(partial)
        try:
            db.conn.backup(dest)
        finally:
            dest.close()
        partial.replace(target)
        made = target
    for old in sorted(folder.glob("progress-*.sqlite"))[:-keep]:
        old.unlink()
    return made
