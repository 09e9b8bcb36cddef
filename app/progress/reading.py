"""What the progress store reads: a card, the items due and new, mistakes, attempts, the
running totals and the statistics' figures (the store's reading half: app/progress/store.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from sqlite_utils import Database

from app.progress.figures import FigureQueries, FigureRows, GroupRow
from app.progress.new_items import NewItems
from app.progress.records import (
    Attempt,
    CardRow,
    Confusion,
    DayTotal,
    ItemTotal,
    ProgressSummary,
    parse_stamp,
    stamp,
)
from app.progress.rows import ATTEMPT_COLUMNS, CARD_COLUMNS, attempt_row, card_row


class ProgressReading:
    """The queries of a progress database (ProgressStore opens it and writes to it)."""

    db: Database
    _figures: FigureQueries | None

    def card(self, profile_id: int, item: str) -> CardRow | None:
        """The card of one item, or None if it was never answered."""
        row = self.db.execute(
            f"SELECT {CARD_COLUMNS}, card FROM cards WHERE profile_id = ? AND item = ?",
            [profile_id, item],
        ).fetchone()
        return card_row(row, with_json=True) if row else None

    @property
    def new_items(self) -> NewItems:
        """Which items are new to a profile, and how far a module's walk through the order
        new items come in is known answered (app.progress.new_items)."""
        return NewItems(self.db)

    def due_items(
        self,
        profile_id: int,
        now: datetime,
        *,
        games: Sequence[str] = (),
        topics: Sequence[str] = (),
        exclude: Iterable[str] = (),
        limit: int = 1,
    ) -> list[str]:
        """Items due at `now`, most overdue first, optionally within some games and topics.

        Flagged items are never due: they wait until the learner lifts the flag."""
        sql, params = _unflagged("item", profile_id, games, topics, due_by=now)
        skip = list(exclude)
        if skip:
            sql += f" AND item NOT IN ({', '.join('?' * len(skip))})"
            params += skip
        sql += " ORDER BY due LIMIT ?"
        params.append(limit)
        return [r[0] for r in self.db.execute(sql, params)]

    def next_due(
        self, profile_id: int, *, games: Sequence[str] = (), topics: Sequence[str] = ()
    ) -> datetime | None:
        """When the next card falls due (None if there are no cards)."""
        sql, params = _unflagged("min(due)", profile_id, games, topics)
        row = self.db.execute(sql, params).fetchone()
        return parse_stamp(row[0]) if row and row[0] else None

    def due_count(
        self,
        profile_id: int,
        now: datetime,
        *,
        games: Sequence[str] = (),
        topics: Sequence[str] = (),
    ) -> int:
        """How many items are due at `now` (not flagged), optionally within some games and
        topics: counted along the (profile, due, game, topic) index, nothing grouped."""
        sql, params = _unflagged("count(*)", profile_id, games, topics, due_by=now)
        return int(self.db.execute(sql, params).fetchone()[0])

    def new_items_since(self, profile_id: int, since: datetime) -> int:
        """How many items were answered for the first time since a moment."""
        row = self.db.execute(
            "SELECT count(*) FROM cards WHERE profile_id = ? AND created >= ?",
            [profile_id, stamp(since)],
        ).fetchone()
        return int(row[0])

    def mistakes(self, profile_id: int, limit: int = 50) -> list[str]:
        """Question ids last answered wrongly and not put right since, oldest first (not the
        flagged ones)."""
        rows = self.db.execute(
            "SELECT question_id FROM mistakes WHERE profile_id = ? "
            "AND item NOT IN (SELECT item FROM flags WHERE profile_id = ?) ORDER BY at LIMIT ?",
            [profile_id, profile_id, limit],
        )
        return [r[0] for r in rows]

    def attempts(self, profile_id: int, limit: int | None = None) -> list[Attempt]:
        """A profile's attempts, oldest first (optionally only the last `limit`)."""
        sql = f"SELECT {ATTEMPT_COLUMNS} FROM attempts WHERE profile_id = ? ORDER BY id"
        params: list[Any] = [profile_id]
        if limit is not None:
            sql = (
                f"SELECT * FROM ({sql.replace('ORDER BY id', 'ORDER BY id DESC')} LIMIT ?) "
                "ORDER BY id"
            )
            params.append(limit)
        return [attempt_row(r) for r in self.db.execute(sql, params)]

    def attempt_count(self, profile_id: int | None = None) -> int:
        """How many answers are recorded (for one profile, or in all)."""
        if profile_id is None:
            return int(self.db.execute("SELECT count(*) FROM attempts").fetchone()[0])
        sql = "SELECT count(*) FROM attempts WHERE profile_id = ?"
        return int(self.db.execute(sql, [profile_id]).fetchone()[0])

    def summary(self, profile_id: int) -> ProgressSummary:
        """The running totals and card states the statistics are computed from."""
        items = tuple(ItemTotal(*r) for r in self._rows(
            "item_totals", "item, type, law, game, topic, code, answers, correct, confused",
            profile_id, "item"))
        days = tuple(DayTotal(date.fromisoformat(r[0]), *r[1:]) for r in self._rows(
            "day_totals", "day, answers, correct, reviews, reviews_correct, new_items, time_ms",
            profile_id, "day"))
        confusions = tuple(Confusion(*r) for r in self._rows(
            "confusion_totals", "game, code, confused_code, count", profile_id,
            "game, code, confused_code"))
        cards = tuple(card_row(r, with_json=False)
                      for r in self._rows("cards", CARD_COLUMNS, profile_id, "item"))
        return ProgressSummary(items, days, confusions, cards)

    def _rows(self, table: str, columns: str, profile_id: int, order: str) -> sqlite3.Cursor:
        """A profile's rows of a table, in an order (the names are this module's, never typed
        by anyone)."""
        return self.db.execute(
            f"SELECT {columns} FROM {table} WHERE profile_id = ? ORDER BY {order}", [profile_id])

    @property
    def figure_queries(self) -> FigureQueries:
        """The statistics' SQL aggregates on this connection (see app.progress.figures)."""
        if self._figures is None:
            self._figures = FigureQueries(self.db.conn)
        return self._figures

    def figures(self, profile_id: int, now: datetime, **kwargs: Any) -> FigureRows:
        """The statistics screen's figures, summed by SQLite (FigureQueries.figures)."""
        return self.figure_queries.figures(profile_id, now, **kwargs)

    def law_rows(self, profile_id: int, now: datetime, **kwargs: Any) -> list[GroupRow]:
        """The per-law sums of the statistics screen (FigureQueries.law_rows)."""
        return self.figure_queries.law_rows(profile_id, now, **kwargs)

    def module_counts(self, profile_id: int, now: datetime, **kw: Any) -> dict[Any, Any]:
        """Items due and seen per game and topic of the catalogue (FigureQueries)."""
        return self.figure_queries.module_counts(profile_id, now, **kw)

    def new_item_marks(self, profile_id: int, new_order: str, *args: Any) -> dict[str, Any]:
        """Modules' new-item marks walked on from those kept (FigureQueries)."""
        return self.figure_queries.new_item_marks(profile_id, new_order, *args)


# Flagged items wait for the learner to lift the flag (the parameter is the profile id).
_NOT_FLAGGED = "AND item NOT IN (SELECT item FROM flags WHERE profile_id = ?)"


def _unflagged(
    what: str,
    profile_id: int,
    games: Sequence[str],
    topics: Sequence[str],
    *,
    due_by: datetime | None = None,
) -> tuple[str, list[Any]]:
    """The query of a profile's cards not flagged (due by a moment, within some games and
    topics), selecting `what`: its clauses in the order of the (profile, due, game, topic)
    index."""
    sql = "SELECT " + what + " FROM cards WHERE profile_id = ?"
    params: list[Any] = [profile_id]
    if due_by is not None:
        sql += " AND due <= ?"
        params.append(stamp(due_by))
    sql += f" {_NOT_FLAGGED}"
    params.append(profile_id)
    if games:
        sql += f" AND game IN ({', '.join('?' * len(games))})"
        params += games
    if topics:
        sql += f" AND topic IN ({', '.join('?' * len(topics))})"
        params += topics
    return sql, params
