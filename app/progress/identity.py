"""Whether a SQLite file is a Card Laws progress file this Card Laws can use, read without
changing a byte of it.

A file is ours when its `migrations` table names our migrations: another program's database
at `progress.sqlite` (even one with a `profiles` table) is not, and is never migrated into,
switched to WAL or moved. A file written by a newer Card Laws is ours but not for this one to
open. A file of ours missing a table its migrations made is incomplete: SQLite finds it sound,
but answers cannot be recorded in it.
"""

from __future__ import annotations

import sqlite3
from functools import cache
from typing import NamedTuple

from sqlite_utils import Database

from app.progress.migrations import LATEST, MIGRATIONS, migrate

# Verdicts: "ours" (usable, perhaps after migrating), "foreign", "newer", "incomplete".
OURS, FOREIGN, NEWER, INCOMPLETE = "ours", "foreign", "newer", "incomplete"


class Identity(NamedTuple):
    verdict: str
    why: str  # what is wrong, as a clause after "it" ("" when ours)


@cache
def tables_at(version: int) -> frozenset[str]:
    """The tables a progress file holds once migrations up to `version` have run."""
    db = Database(memory=True, execute_plugins=False)
    migrate(db, upto=version)
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    db.close()
    return frozenset(r[0] for r in rows if not str(r[0]).startswith("sqlite_"))


def identify(conn: sqlite3.Connection) -> Identity:
    """What the file on `conn` is. Raises sqlite3.Error when it cannot be read."""
    tables = {
        str(r[0])
        for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        if not str(r[0]).startswith("sqlite_")
    }
    if "migrations" not in tables:
        return Identity(FOREIGN, _foreign(tables))
    try:
        rows = conn.execute("SELECT version, name FROM migrations ORDER BY version").fetchall()
    except sqlite3.OperationalError:  # a `migrations` table of another shape
        return Identity(FOREIGN, _foreign(tables))
    ours = {version: name for version, name, _ in MIGRATIONS}
    applied = {v: n for v, n in rows if isinstance(v, int)}
    if applied.get(1) != ours[1] or any(
        v in ours and ours[v] != n for v, n in applied.items()
    ):
        return Identity(FOREIGN, _foreign(tables))
    newest = max(applied)
    if newest > LATEST:
        return Identity(
            NEWER,
            f"was written by a newer Card Laws (schema {newest}; this one reads up to "
            f"schema {LATEST})",
        )
    missing = sorted(tables_at(max(v for v in applied if v in ours)) - tables)
    if missing:
        return Identity(INCOMPLETE, f"is incomplete (it lacks the table {', '.join(missing)})")
    return Identity(OURS, "")


def _foreign(tables: set[str]) -> str:
    if not tables:
        return "is not a Card Laws progress file (it is a database holding no table)"
    shown = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
    return f"is not a Card Laws progress file (it is another program's database, with {shown})"


__all__ = ["FOREIGN", "INCOMPLETE", "NEWER", "OURS", "Identity", "identify", "tables_at"]
