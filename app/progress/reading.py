"""What the progress store reads: a card, the items due and new, mistakes, attempts, the
running totals and the statistics' figures (the store's reading half: app/progress/store.py)."""

from __future__ import annotations

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
        sql = f"SELECT item FROM cards WHERE profile_id = ? AND due <= ? {_NOT_FLAGGED}"
        params: list[Any] = [profile_id, stamp(now), profile_id]
        sql, params = _filter(sql, params, games, topics)
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
        sql, params = _filter(
            f"SELECT min(due) FROM cards WHERE profile_id = ? {_NOT_FLAGGED}",
            [profile_id, profile_id],
            games,
            topics,
        )
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
        sql = f"SELECT count(*) FROM cards WHERE profile_id = ? AND due <= ? {_NOT_FLAGGED}"
        sql, params = _filter(sql, [profile_id, stamp(now), profile_id], games, topics)
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
        items = tuple(
            ItemTotal(*r)
            for r in self.db.execute(
                "SELECT item, type, law, game, topic, code, answers, correct, confused "
                "FROM item_totals WHERE profile_id = ? ORDER BY item",
                [profile_id],
            )
        )
        days = tuple(
            DayTotal(date.fromisoformat(r[0]), *r[1:])
            for r in self.db.execute(
                "SELECT day, answers, correct, reviews, reviews_correct, new_items, time_ms "
                "FROM day_totals WHERE profile_id = ? ORDER BY day",
                [profile_id],
            )
        )
        confusions = tuple(
            Confusion(*r)
            for r in self.db.execute(
                "SELECT game, code, confused_code, count FROM confusion_totals "
                "WHERE profile_id = ? ORDER BY game, code, confused_code",
                [profile_id],
            )
        )
        cards = tuple(
            card_row(r, with_json=False)
            for r in self.db.execute(
                f"SELECT {CARD_COLUMNS} FROM cards WHERE profile_id = ? ORDER BY item", [profile_id]
            )
        )
        return ProgressSummary(items, days, confusions, cards)

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


def _filter(
    sql: str, params: list[Any], games: Sequence[str], topics: Sequence[str]
) -> tuple[str, list[Any]]:
    if games:
        sql += f" AND game IN ({', '.join('?' * len(games))})"
        params = [*params, *games]
    if topics:
        sql += f" AND topic IN ({', '.join('?' * len(topics))})"
        params = [*params, *topics]
    return sql, params
