"""Which items are new to a learner, asked of SQLite a batch at a time, and how far a study
module's walk through the new-item order is known to be answered.

A study session walks the order new items come in (quizzes.catalogue.new_order) and asks here
which of the next items the learner has never answered: one look-up along the cards' and the
flags' primary keys per item asked about, so a batch costs the same whatever the history.

A learner who studies everything in turn has answered a long run at the start of that order
(about 37,000 items at ×100); looking each up again at every session is the history the
first question must not wait for. So the walk's progress is kept as a mark per profile and
module: "the first `answered` items of this order (named by a digest of it, which the
caller works out) are all answered or flagged". An item only becomes new again when a first
answer is taken back or a flag is lifted; each such event drops the profile's marks and
moves its `new_again` count on, and a mark is written only if that count is still the one it
was worked out under, so a mark never claims an item the learner has not answered.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from app.progress.records import ProgressError
from app.progress.writing import immediate

if TYPE_CHECKING:
    from sqlite_utils import Database

LOG = logging.getLogger(__name__)

# The items of a JSON array (its positions as `key`) with no card and no flag for a profile.
_NEW_AMONG = (
    "SELECT asked.key FROM json_each(?) AS asked WHERE NOT EXISTS "
    "(SELECT 1 FROM cards WHERE profile_id = ? AND item = asked.value) AND NOT EXISTS "
    "(SELECT 1 FROM flags WHERE profile_id = ? AND item = asked.value)"
)


# The store's connection, or a worker's own read-only one (app.progress.figures).
Reads: TypeAlias = "Database | sqlite3.Connection"


class NewItemMark(NamedTuple):
    """The first `answered` items of a module's new-item order are all answered or flagged,
    as of the profile's count of items made new again, `epoch`."""

    answered: int
    epoch: int


def new_among(db: Reads, profile_id: int, items: Sequence[str]) -> list[int]:
    """The positions in `items`, in order, of the items new to the profile: never answered
    (no card) and not flagged."""
    if not items:
        return []
    rows = db.execute(_NEW_AMONG, [json.dumps(list(items)), profile_id, profile_id])
    return sorted(r[0] for r in rows)


def new_again_count(db: Database, profile_id: int) -> int:
    """How many times an item of the profile has become new again (the marks' epoch)."""
    row = db.execute("SELECT new_again FROM profiles WHERE id = ?", [profile_id]).fetchone()
    if row is None:
        raise ProgressError(f"no profile {profile_id}")
    return int(row[0])


def read_mark(db: Reads, profile_id: int, module: str, new_order: str) -> NewItemMark:
    """The mark kept for a module's walk through the order named `new_order` (0 answered when
    none is kept, or one for another order: the content or the code changed)."""
    row = db.execute(
        "SELECT p.new_again, m.answered FROM profiles AS p LEFT JOIN new_item_marks AS m "
        "ON m.profile_id = p.id AND m.module = ? AND m.new_order = ? WHERE p.id = ?",
        [module, new_order, profile_id],
    ).fetchone()
    if row is None:
        raise ProgressError(f"no profile {profile_id}")
    return NewItemMark(int(row[1] or 0), int(row[0]))


def keep_mark(
    db: Database, profile_id: int, module: str, new_order: str, mark: NewItemMark
) -> bool:
    """Keep a module's mark (replacing the one kept for any other order) if the profile's
    count of items made new again is still `mark.epoch`; False when it has moved on (the mark
    may be wrong). A write that fails (full disk, a lock) is let go at once, never waited for:
    it runs as a question is chosen, and a mark only saves time."""
    waited = int(db.execute("PRAGMA busy_timeout").fetchone()[0])
    db.execute("PRAGMA busy_timeout = 0")
    try:
        with immediate(db):
            cur = db.execute(
                "INSERT OR REPLACE INTO new_item_marks (profile_id, module, new_order, answered) "
                "SELECT ?, ?, ?, ? WHERE (SELECT new_again FROM profiles WHERE id = ?) = ?",
                [profile_id, module, new_order, mark.answered, profile_id, mark.epoch],
            )
            return cur.rowcount > 0
    except sqlite3.Error as exc:
        LOG.warning("the new-item mark of %s was not kept: %s", module, exc)
        return True
    finally:
        db.execute(f"PRAGMA busy_timeout = {waited}")


def made_new_again(db: Database, profile_id: int) -> None:
    """An item of the profile is new again (a first answer taken back, a flag lifted): its
    marks are dropped and its count moved on, in the caller's transaction."""
    db.execute("DELETE FROM new_item_marks WHERE profile_id = ?", [profile_id])
    db.execute("UPDATE profiles SET new_again = new_again + 1 WHERE id = ?", [profile_id])


def walked_mark(
    db: Reads, profile_id: int, module: str, new_order: str, order: Sequence[str],
    first: int = 32, most: int = 1024,
) -> NewItemMark | None:
    """How far a module's order is answered, walked from its kept mark to the first new item
    (None when the kept mark already stands there). Read on one connection in one read
    transaction, so the count and the epoch agree; the caller keeps the mark (keep_mark
    refuses it if an item was made new again meanwhile).

    This is the walk a session makes at its first new question when no mark is kept (after
    every update the order, and so its name, changes): done here on a worker's read-only
    connection, the session finds its mark and starts at the first new item."""
    mark = read_mark(db, profile_id, module, new_order)
    answered, batch = mark.answered, first  # small first: a kept mark is usually right
    while answered < len(order):
        chunk = order[answered:answered + batch]
        found = new_among(db, profile_id, chunk)
        if found:
            answered += found[0]
            break
        answered += len(chunk)
        batch = min(2 * batch, most)
    return NewItemMark(answered, mark.epoch) if answered > mark.answered else None


class NewItems:
    """The functions above on one connection (ProgressStore.new_items)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def among(self, profile_id: int, items: Sequence[str]) -> list[int]:
        """Positions in `items`, in order, of those never answered and not flagged."""
        return new_among(self.db, profile_id, items)

    def mark(self, profile_id: int, module: str, new_order: str) -> NewItemMark:
        """How far a module's walk through the order named `new_order` is known answered."""
        return read_mark(self.db, profile_id, module, new_order)

    def keep(self, profile_id: int, module: str, new_order: str, mark: NewItemMark) -> bool:
        """Keep a module's mark; False when an item was made new again since `mark.epoch`."""
        return keep_mark(self.db, profile_id, module, new_order, mark)

    def epoch(self, profile_id: int) -> int:
        """How many times an item of the profile has become new again."""
        return new_again_count(self.db, profile_id)
