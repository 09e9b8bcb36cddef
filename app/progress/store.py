"""The ProgressStore: profiles, recording answers, cards and reviews, queries and summaries."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from app.progress import transfer  # as a module: its functions share the methods' names
from app.progress import undo as undoing
from app.progress.backups import KEEP_BACKUPS, backup_in_background, daily_backup
from app.progress.faults import write_failed
from app.progress.figures import FigureQueries
from app.progress.flags import Flag, lift_flag, put_flag, read_flags
from app.progress.import_checks import Checker, checked_name
from app.progress.migrations import migrate, rebuild_summaries
from app.progress.opening import check_in_background, open_database
from app.progress.reading import ProgressReading
from app.progress.records import (
    DEFAULT_NEW_PER_DAY,
    FILE_NAME,
    MODES,
    Attempt,
    CardRow,
    Clock,
    Profile,
    ProgressError,
    ReviewEntry,
    data_dir,
    parse_stamp,
    stamp,
    utc_now,
)
from app.progress.rows import (
    insert_attempt,
    insert_review,
    put_card,
)
from app.progress.writing import immediate


class ProgressStore(ProgressReading):
    """The progress database of this machine (several profiles)."""

    def __init__(self, db: Database, path: Path | None, notice: str | None = None) -> None:
        self.db = db
        self.path = path
        self.notice = notice
        # Work started at open on threads of their own: the daily backup, and the full
        # integrity check after an unclean shutdown. close() waits for the backup.
        self._workers: list[threading.Thread] = []
        self._figures: FigureQueries | None = None

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        directory: Path | str | None = None,
        *,
        clock: Clock = utc_now,
        keep_backups: int = KEEP_BACKUPS,
        synchronous: str = "FULL",
    ) -> ProgressStore:
        """Open (or create) the progress file, checking it and keeping the daily backup.

        Raises ProgressUnavailable (a ProgressError) when the file cannot be used now (full
        disk, lock, permissions): the file is left as it was and the message says what to do.
        A damaged file is moved aside and `notice` says so. The daily backup and, after an
        unclean shutdown, the full integrity check of a large file run on worker threads.
        """
        folder = data_dir(directory)
        opened = open_database(folder, clock, synchronous)
        path = folder / FILE_NAME
        store = cls(opened.db, path, opened.notice)
        if opened.needs_full_check:
            # The checking thread sets `notice`; the screens read it when they next look.
            store._workers.append(check_in_background(path, store._set_notice))
        if keep_backups > 0 and opened.notice is None:
            store._workers.append(backup_in_background(path, clock(), keep_backups))
        return store

    def _set_notice(self, text: str) -> None:
        self.notice = text

    @property
    def checking(self) -> bool:
        """True while the full integrity check started at open is still running."""
        return any(w.name == "progress-check" and w.is_alive() for w in self._workers)

    def wait_for_background(self, timeout: float | None = None) -> None:
        """Wait for the backup and check started at open (tests, the command line)."""
        for worker in self._workers:
            worker.join(timeout)

    @classmethod
    def in_memory(cls) -> ProgressStore:
        """A throwaway store (tests, previews)."""
        db = Database(memory=True, execute_plugins=False)
        db.execute("PRAGMA foreign_keys = ON")
        migrate(db)
        return cls(db, None)

    def close(self) -> None:
        """Close the connection, after today's backup is written (if one is being written)."""
        for worker in self._workers:
            if worker.name == "progress-backup":
                worker.join()
        self.db.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The highest migration applied."""
        row = self.db.execute("SELECT max(version) FROM migrations").fetchone()
        return int(row[0] or 0)

    def integrity(self) -> str:
        """`PRAGMA integrity_check`'s verdict ('ok' when sound)."""
        return str(self.db.execute("PRAGMA integrity_check").fetchone()[0])

    # -- backups ------------------------------------------------------------------------

    def backup(self, now: datetime, keep: int = KEEP_BACKUPS) -> Path | None:
        """Write today's backup if there is none yet, and drop all but the last `keep` days."""
        if self.path is None:
            return None
        return daily_backup(self.path, now, keep)

    # -- profiles -----------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        """Every profile, oldest first."""
        rows = self.db.execute(
            "SELECT id, name, created, new_per_day FROM profiles ORDER BY id"
        ).fetchall()
        try:
            return [Profile(r[0], r[1], parse_stamp(r[2]), r[3]) for r in rows]
        except (TypeError, ValueError) as exc:  # a value this Card Laws never wrote
            raise ProgressError(
                f"a profile in the progress file holds a value that cannot be read ({exc}); "
                "run `cardlaws-cli progress check`, or restore a backup"
            ) from None

    def profile(self, profile_id: int) -> Profile:
        """One profile by id."""
        for p in self.profiles():
            if p.id == profile_id:
                return p
        raise ProgressError(f"no profile {profile_id}")

    def create_profile(
        self, name: str, now: datetime | None = None, new_per_day: int = DEFAULT_NEW_PER_DAY
    ) -> Profile:
        """A new learner; names are unique."""
        name = checked_name(name)
        moment = now or utc_now()
        with self._saving("The new profile"), immediate(self.db):
            if self.db.execute("SELECT 1 FROM profiles WHERE name = ?", [name]).fetchone():
                raise ProgressError(f"there is already a profile called {name!r}")
            cur = self.db.execute(
                "INSERT INTO profiles (name, created, new_per_day) VALUES (?, ?, ?)",
                [name, stamp(moment), new_per_day],
            )
        return Profile(int(cur.lastrowid or 0), name, moment.astimezone(UTC), new_per_day)

    def rename_profile(self, profile_id: int, name: str) -> None:
        """Give a profile another (unused) name."""
        name = checked_name(name)
        try:
            with self._saving("The new name"), immediate(self.db):
                self.db.execute("UPDATE profiles SET name = ? WHERE id = ?", [name, profile_id])
        except sqlite3.IntegrityError:
            raise ProgressError(f"there is already a profile called {name!r}") from None

    def set_new_per_day(self, profile_id: int, count: int) -> None:
        """How many new items a day the profile is given."""
        if count < 0:
            raise ProgressError("the daily number of new items cannot be negative")
        with self._saving("The daily number of new items"), immediate(self.db):
            self.db.execute("UPDATE profiles SET new_per_day = ? WHERE id = ?", [count, profile_id])

    def delete_profile(self, profile_id: int) -> None:
        """Remove a profile and everything recorded for it."""
        with self._saving("Deleting the profile"), immediate(self.db):
            for table in (
                "review_log",
                "attempts",
                "cards",
                "item_totals",
                "day_totals",
                "confusion_totals",
                "mistakes",
                "flags",
                "last_answer",
                "new_item_marks",
            ):
                self.db.execute(f"DELETE FROM {table} WHERE profile_id = ?", [profile_id])
            self.db.execute("DELETE FROM profiles WHERE id = ?", [profile_id])

    # -- recording ----------------------------------------------------------------------

    def record(
        self,
        attempt: Attempt,
        card: CardRow | None = None,
        review: ReviewEntry | None = None,
    ) -> int:
        """Write an answer, its card and review, and the running totals, in one transaction."""
        if attempt.mode not in MODES:
            raise ProgressError(f"unknown mode {attempt.mode!r}")
        with self._saving("That answer"), immediate(self.db):
            before = undoing.remember(self.db, attempt)
            attempt_id = insert_attempt(self.db, attempt)
            if card is not None:
                put_card(self.db, attempt.profile_id, card)
            if review is not None:
                insert_review(self.db, attempt.profile_id, review, attempt_id)
            undoing.keep(self.db, attempt.profile_id, attempt_id, before)
        return attempt_id

    @contextmanager
    def _saving(self, what: str) -> Iterator[None]:
        """A failed write (full disk, lock, I/O) becomes ProgressWriteFailed naming `what`;
        the transaction was rolled back, so nothing of the change was written."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise  # a broken rule of the data (a name taken): the caller words it
        except sqlite3.Error as exc:
            folder = self.path.parent if self.path is not None else None
            raise write_failed(what, exc, folder) from None

    def last_answer(self, profile_id: int) -> Attempt | None:
        """The answer `undo_last` would take back (None: nothing to undo)."""
        return undoing.last(self.db, profile_id)

    def undo_last(self, profile_id: int) -> Attempt | None:
        """Take back the last answer in one transaction: the attempt, its review and its share
        of the totals removed, the card and the mistakes list restored exactly as they were.
        Returns the attempt taken back, or None when there is nothing to undo."""
        with self._saving("Taking back the answer"), immediate(self.db):
            return undoing.undo(self.db, profile_id)

    # -- flags --------------------------------------------------------------------------

    def flag(
        self,
        profile_id: int,
        item: str,
        question_id: str,
        reason: str,
        now: datetime | None = None,
    ) -> Flag:
        """Flag a question the learner disputes; its item is not asked again until unflagged."""
        flag = Flag(item, question_id, reason.strip(), now or utc_now())
        with self._saving("The flag"), immediate(self.db):
            put_flag(self.db, profile_id, flag)
        return flag

    def unflag(self, profile_id: int, item: str) -> bool:
        """Lift a flag; returns whether there was one."""
        with immediate(self.db):
            return lift_flag(self.db, profile_id, item)

    def flags(self, profile_id: int) -> list[Flag]:
        """A profile's flagged questions, newest first."""
        return read_flags(self.db, profile_id)

    def flagged_items(self, profile_id: int) -> set[str]:
        """The items not to ask."""
        rows = self.db.execute("SELECT item FROM flags WHERE profile_id = ?", [profile_id])
        return {r[0] for r in rows}

    def rebuild_summaries(self, profile_id: int) -> None:
        """Recompute a profile's running totals from its attempts."""
        with immediate(self.db):
            rebuild_summaries(self.db, profile_id)

    # -- export and import (app.progress.transfer) ---------------------------------------

    def export_profile(self, profile_id: int, now: datetime | None = None) -> dict[str, Any]:
        """A profile's whole progress as a JSON-ready mapping."""
        return transfer.export_profile(self, profile_id, now)

    def export_file(self, profile_id: int, path: Path, now: datetime | None = None) -> None:
        """Write a profile's export to a JSON file (atomically: a partial file never remains)."""
        transfer.export_file(self, profile_id, path, now)

    def import_profile(
        self,
        data: Any,
        *,
        name: str | None = None,
        known_item: Callable[[str], bool] | None = None,
        known_law: Callable[[str], bool] | None = None,
        check_card: Checker | None = None,
        check_log: Checker | None = None,
    ) -> Profile:
        """Validate an export in full, then write it as a new profile in one transaction
        (`check_card` / `check_log`: what the scheduler cannot read, as validate_export).

        Raises ImportProblem listing every problem, having written nothing.
        """
        return transfer.import_profile(
            self, data, name=name, known_item=known_item, known_law=known_law,
            check_card=check_card, check_log=check_log,
        )

    def import_file(self, path: Path, **kwargs: Any) -> Profile:
        """Read a JSON export and import it (see import_profile)."""
        return transfer.import_file(self, path, **kwargs)
