"""Undoing the last answer: what recording it changed, kept so that an undo restores it exactly.

`remember` runs inside the answer's transaction, before anything is written: it keeps the
item's card row as it was (its stored values, byte for byte; none when the item was new) and
the mistakes entry the answer will replace. `undo` removes the attempt and its review, takes it
back out of the running totals and puts the card and the mistakes entry back, in one
transaction. Only the last answer of each profile can be undone, once.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from app.progress.new_items import made_new_again
from app.progress.records import Attempt, stamp
from app.progress.rows import ATTEMPT_COLUMNS, attempt_row

# Every column of a card row, in table order (a card is restored with all of them).
_CARD_FIELDS = (
    "profile_id, item, type, law, game, topic, code, due, state, stability, difficulty, "
    "last_review, reps, lapses, created, card"
)


def remember(db: Database, attempt: Attempt) -> tuple[str | None, str | None]:
    """(the card row before the answer as JSON, the mistakes entry's time before it)."""
    card = db.execute(
        f"SELECT {_CARD_FIELDS} FROM cards WHERE profile_id = ? AND item = ?",
        [attempt.profile_id, attempt.item],
    ).fetchone()
    mistake = db.execute(
        "SELECT at FROM mistakes WHERE profile_id = ? AND question_id = ?",
        [attempt.profile_id, attempt.question_id],
    ).fetchone()
    return (
        json.dumps(list(card), ensure_ascii=False) if card else None,
        mistake[0] if mistake else None,
    )


def keep(
    db: Database, profile_id: int, attempt_id: int, before: tuple[str | None, str | None]
) -> None:
    """Make this answer the one an undo takes back."""
    db.execute(
        "INSERT OR REPLACE INTO last_answer (profile_id, attempt_id, card_before, mistake_before) "
        "VALUES (?, ?, ?, ?)",
        [profile_id, attempt_id, *before],
    )


def last(db: Database, profile_id: int) -> Attempt | None:
    """The answer an undo would take back, if any."""
    row = db.execute(
        f"SELECT {ATTEMPT_COLUMNS} FROM attempts WHERE id = "
        "(SELECT attempt_id FROM last_answer WHERE profile_id = ?)",
        [profile_id],
    ).fetchone()
    return attempt_row(row) if row else None


def undo(db: Database, profile_id: int) -> Attempt | None:
    """Take the last answer back (call inside a transaction); returns it, or None if none."""
    kept = db.execute(
        "SELECT attempt_id, card_before, mistake_before FROM last_answer WHERE profile_id = ?",
        [profile_id],
    ).fetchone()
    if kept is None:
        return None
    attempt_id, card_before, mistake_before = kept
    db.execute("DELETE FROM last_answer WHERE profile_id = ?", [profile_id])
    found = db.execute(
        f"SELECT {ATTEMPT_COLUMNS} FROM attempts WHERE id = ?", [attempt_id]
    ).fetchone()
    if found is None:
        return None
    a = attempt_row(found)
    correct, confused = int(a.correct), int(a.confused_code is not None)
    review = int(not a.is_new)
    db.execute("DELETE FROM review_log WHERE attempt_id = ?", [attempt_id])
    db.execute("DELETE FROM attempts WHERE id = ?", [attempt_id])
    db.execute(
        "UPDATE item_totals SET answers = answers - 1, correct = correct - ?, "
        "confused = confused - ? WHERE profile_id = ? AND item = ?",
        [correct, confused, profile_id, a.item],
    )
    db.execute(
        "DELETE FROM item_totals WHERE profile_id = ? AND item = ? AND answers <= 0",
        [profile_id, a.item],
    )
    day = stamp(a.at)[:10]
    db.execute(
        """UPDATE day_totals SET answers = answers - 1, correct = correct - ?,
           reviews = reviews - ?, reviews_correct = reviews_correct - ?,
           new_items = new_items - ?, time_ms = time_ms - ?
           WHERE profile_id = ? AND day = ?""",
        [correct, review, review * correct, int(a.is_new), a.elapsed_ms, profile_id, day],
    )
    db.execute(
        "DELETE FROM day_totals WHERE profile_id = ? AND day = ? AND answers <= 0",
        [profile_id, day],
    )
    if a.confused_code is not None:
        db.execute(
            "UPDATE confusion_totals SET count = count - 1 "
            "WHERE profile_id = ? AND game = ? AND code = ? AND confused_code = ?",
            [profile_id, a.game, a.code, a.confused_code],
        )
        db.execute("DELETE FROM confusion_totals WHERE profile_id = ? AND count <= 0", [profile_id])
    db.execute(
        "DELETE FROM mistakes WHERE profile_id = ? AND question_id = ?",
        [profile_id, a.question_id],
    )
    if mistake_before is not None:
        db.execute(
            "INSERT INTO mistakes VALUES (?, ?, ?, ?)",
            [profile_id, a.question_id, a.item, mistake_before],
        )
    if card_before is None:
        db.execute("DELETE FROM cards WHERE profile_id = ? AND item = ?", [profile_id, a.item])
        made_new_again(db, profile_id)
    else:
        values = json.loads(card_before)
        db.execute(
            f"INSERT OR REPLACE INTO cards ({_CARD_FIELDS}) "
            f"VALUES ({', '.join('?' * len(values))})",
            values,
        )
    return a
