"""Values in a progress file that this Card Laws could not read back, found before a screen
trips on them: SQLite's integrity check finds a file sound whatever its cells hold.

The stamps are checked by their fixed-width shape in SQL (a million answers in one pass);
profiles, a handful of rows, are parsed as the app parses them.
"""

from __future__ import annotations

import sqlite3

from app.progress.records import parse_stamp

# stamp() writes "YYYY-MM-DDTHH:MM:SS.mmm+00:00".
_STAMP = "'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:*'"
_COLUMNS = (
    ("attempts", "at", "the moment of an answer"),
    ("cards", "due", "when a card falls due"),
    ("cards", "created", "when a card was first answered"),
)


def bad_values(conn: sqlite3.Connection, limit: int = 5) -> list[str]:
    """Sentences naming values the app cannot read (empty when there are none)."""
    problems: list[str] = []
    for row_id, name, created, per_day in conn.execute(
        "SELECT id, name, created, new_per_day FROM profiles ORDER BY id"
    ):
        if not isinstance(name, str) or not name.strip():
            problems.append(f"profile {row_id} has no name")
        if not isinstance(created, str) or _unreadable(created):
            problems.append(f"profile {row_id}'s creation date {created!r} is not a date")
        if not isinstance(per_day, int) or per_day < 0:
            problems.append(f"profile {row_id}'s new items a day {per_day!r} is not a count")
    for table, column, what in _COLUMNS:
        bad = conn.execute(
            f"SELECT count(*) FROM {table} WHERE typeof({column}) != 'text' "
            f"OR {column} NOT GLOB {_STAMP}"
        ).fetchone()[0]
        if bad:
            problems.append(f"{bad} rows of {table} hold no readable {what} ({column})")
    return problems[:limit]


def _unreadable(text: str) -> bool:
    try:
        parse_stamp(text)
    except ValueError:
        return True
    return False


__all__ = ["bad_values"]
