"""The learner's progress: profiles, attempts, spaced-repetition cards and review log in SQLite.

One file in the user data directory (`progress.sqlite`), in WAL mode. Every answer is written
in its own transaction, committed before `record` returns. At open the file is checked with
`PRAGMA integrity_check`; a damaged or unreadable file is moved aside (timestamp suffix), a
fresh one is started and `ProgressStore.notice` says so in plain words. One backup a day is
kept for the last `keep_backups` days. A profile can be exported to JSON and imported again;
an import is validated in full before anything is written, then written in one transaction.

This package knows nothing of fsrs or of how questions are built: cards are stored as the
JSON the scheduler gives, and the caller supplies what counts as a known item or law.

Modules: `records` (the record types, stored times, errors, the data folder), `faults` (what
went wrong, in the learner's words), `opening` (creating, checking, damaged files), `backups`
(daily backups, restore), `rows` (records to and from SQL rows),
`store` (ProgressStore), `transfer` (JSON export and import). The schema's migrations are in
`app.progress.migrations`.
"""

from app.progress.backups import backups, restore
from app.progress.faults import ProgressUnavailable, ProgressWriteFailed
from app.progress.records import (
    ENV_DIR,
    FILE_NAME,
    Attempt,
    CardRow,
    ImportProblem,
    Profile,
    ProgressError,
    ProgressSummary,
    ReviewEntry,
    data_dir,
    day_start,
    default_data_dir,
    stamp,
)
from app.progress.store import ProgressStore

__all__ = [
    "ENV_DIR",
    "FILE_NAME",
    "Attempt",
    "CardRow",
    "ImportProblem",
    "Profile",
    "ProgressError",
    "ProgressStore",
    "ProgressSummary",
    "ProgressUnavailable",
    "ProgressWriteFailed",
    "ReviewEntry",
    "backups",
    "data_dir",
    "day_start",
    "default_data_dir",
    "restore",
    "stamp",
]
