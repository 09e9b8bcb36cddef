"""Flagged questions: an item the learner disputes (and why) is not asked until unflagged."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from app.progress.records import ProgressError, parse_stamp, stamp

MAX_REASON = 2000  # characters kept of a reason


@dataclass(frozen=True)
class Flag:
    """A disputed item: the very question flagged (its id rebuilds it), why, and when."""

    item: str
    question_id: str
    reason: str
    at: datetime


def put_flag(db: Database, profile_id: int, flag: Flag) -> None:
    """Flag an item (a second flag on the same item replaces the first)."""
    reason = flag.reason.strip()
    if not reason:
        raise ProgressError("a flag needs a reason: say what is wrong with the question")
    db.execute(
        "INSERT OR REPLACE INTO flags (profile_id, item, question_id, reason, at) "
        "VALUES (?, ?, ?, ?, ?)",
        [profile_id, flag.item, flag.question_id, reason[:MAX_REASON], stamp(flag.at)],
    )


def read_flags(db: Database, profile_id: int) -> list[Flag]:
    """A profile's flags, newest first."""
    rows = db.execute(
        "SELECT item, question_id, reason, at FROM flags WHERE profile_id = ? "
        "ORDER BY at DESC, item",
        [profile_id],
    )
    return [Flag(r[0], r[1], r[2], parse_stamp(r[3])) for r in rows]
