"""Flagged questions: an item the learner disputes (and why) is not asked until unflagged."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated

from msgspec import Meta
from sqlite_utils import Database

from app.corpus.schema import Schema, convert
from app.progress.new_items import made_new_again
from app.progress.records import ProgressError, parse_stamp, stamp

MAX_REASON = 2000  # characters kept of a reason


@dataclass(frozen=True)
class Flag:
    """A disputed item: the very question flagged (its id rebuilds it), why, and when."""

    item: str
    question_id: str
    reason: str
    at: datetime


# A flag's text: an id, or the learner's reason.
FlagText = Annotated[str, Meta(pattern=r"^[^\x00]*\S[^\x00]*$", max_length=2000, description=(
    "a non-empty string of at most 2000 characters, without NUL"))]


class FlagRecord(Schema, frozen=True):
    """A flag as an export holds it."""

    item: FlagText
    question_id: FlagText
    reason: FlagText
    at: Annotated[datetime, Meta(tz=True, description="a timezone-aware ISO date and time")]


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


def lift_flag(db: Database, profile_id: int, item: str) -> bool:
    """Lift a flag (in the caller's transaction): its item may be new to the learner again, so
    the marks of how far the new items are answered are dropped. Whether there was one."""
    cur = db.execute("DELETE FROM flags WHERE profile_id = ? AND item = ?", [profile_id, item])
    if cur.rowcount:
        made_new_again(db, profile_id)
    return bool(cur.rowcount)


def read_flags(db: Database, profile_id: int) -> list[Flag]:
    """A profile's flags, newest first."""
    rows = db.execute(
        "SELECT item, question_id, reason, at FROM flags WHERE profile_id = ? "
        "ORDER BY at DESC, item",
        [profile_id],
    )
    return [Flag(r[0], r[1], r[2], parse_stamp(r[3])) for r in rows]


def export_flags(db: Database, profile_id: int) -> list[dict[str, str]]:
    """A profile's flags as export JSON (oldest first)."""
    return [
        {"item": f.item, "question_id": f.question_id, "reason": f.reason, "at": stamp(f.at)}
        for f in reversed(read_flags(db, profile_id))
    ]


def check_flags(value: object, problems: list[str]) -> None:
    """Every problem in an export's `flags` list (it may be absent: older exports had none)."""
    flags, wrong = convert(value, list[FlagRecord] | None, "flags")
    problems.extend(f"{fld}: {message}" for fld, message in wrong)
    items: set[str] = set()
    for n, flag in enumerate(flags or ()):
        if flag.item in items:
            problems.append(f"flags[{n}].item: {flag.item!r} is flagged twice")
        items.add(flag.item)


def import_flags(db: Database, profile_id: int, value: object) -> None:
    """Write the flags of a validated export (inside the import's transaction)."""
    for flag in value if isinstance(value, list) else []:
        put_flag(
            db,
            profile_id,
            Flag(flag["item"], flag["question_id"], flag["reason"], parse_stamp(flag["at"])),
        )
