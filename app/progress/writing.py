"""Write transactions on the progress file that wait for another writer instead of failing.

In WAL mode a transaction that begins deferred, reads, and then writes cannot upgrade its
snapshot once another connection has committed in between: SQLite answers SQLITE_BUSY at
once and the busy timeout never applies. Two windows, or a quiz and `progress import`, then
refuse each other's answers. `BEGIN IMMEDIATE` takes the write lock before the first read,
so a second writer waits (up to the busy timeout) and then sees the first one's rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlite_utils import Database


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A transaction holding the write lock from its start; nested, a savepoint."""
    conn = db.conn
    if conn.in_transaction:
        with db.atomic():  # a savepoint inside the caller's (already writing) transaction
            yield db
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    conn.commit()


__all__ = ["immediate"]
