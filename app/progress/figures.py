"""The statistics screen's figures as SQL aggregates over the running totals and the cards.

Nothing here loops over items in Python. The figures shown first are grouped by (game, topic,
code): a few hundred rows at most, read in index order (migration 4's indexes), so no sort of
the history is needed; the per-law table is read only when asked (`law_rows`). The chance of
recall is fsrs's forgetting curve, R = (1 + factor * days / stability) ** decay, evaluated in
SQL with the caller's `decay` and `factor` (this package knows nothing of fsrs).

The catalogue (every item the quizzes can ask, answered or not) is copied once per connection
into a temporary table, so that items never answered count in a group's mastery as nought.
`FigureQueries` works on any connection to the progress file; `FigureQueries.reader(path)`
opens a read-only one, for a worker thread to compute the figures while the UI thread runs.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from app.progress.new_items import NewItemMark, walked_mark
from app.progress.records import DayTotal, stamp

_DAY_MS = 86_400_000
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# Whole days since the last review, floored as Python's timedelta.days floors them (stamps
# are whole milliseconds, and julianday keeps milliseconds exactly, so this is exact).
_DAYS = (
    f"max(0, (:now_ms - CAST(round((julianday(last_review) - 2440587.5) * {_DAY_MS})"
    f" AS INTEGER)) / {_DAY_MS})"
)
_CHANCE = (
    "CASE WHEN stability IS NULL OR last_review IS NULL OR stability <= 0 THEN 0.0 "
    f"ELSE pow(1 + :factor * {_DAYS} / stability, :decay) END"
)
_UNSEEN = (
    "FROM temp.catalogue_items c WHERE NOT EXISTS "
    "(SELECT 1 FROM cards k WHERE k.profile_id = :p AND k.item = c.item)"
)


class CatalogueEntry(Protocol):
    """What the figures read of an item the quizzes can ask."""

    @property
    def type(self) -> str: ...
    @property
    def law(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def topic(self) -> str: ...
    @property
    def code(self) -> str: ...


class ComboRow(NamedTuple):
    """Sums for one (game, topic, code): answers, correct, items counted, seen, chances."""

    game: str
    topic: str
    code: str
    answers: int
    correct: int
    items: int
    seen: int
    recall: float


class GroupRow(NamedTuple):
    """One group's sums: answers, correct, items counted, items seen, and the chances summed."""

    key: str
    answers: int
    correct: int
    items: int
    seen: int
    recall: float


class MissedRow(NamedTuple):
    """A law, how often it was answered wrongly and how often at all."""

    law: str
    missed: int
    answers: int


class FigureRows(NamedTuple):
    """The statistics screen's figures (all but the per-law table), as rows from SQL."""

    combos: list[ComboRow]
    most_missed: list[MissedRow]
    confusion_pairs: dict[tuple[str, str], int]
    days: list[DayTotal]
    due_per_day: list[tuple[int, int]]
    answers: int
    correct: int


class FigureQueries:
    """The figures' queries on one connection, with the catalogue it was last given."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._catalogue: Mapping[str, CatalogueEntry] | None = None
        self._has_catalogue = False
        try:
            conn.execute("SELECT pow(2.0, 0.5)").fetchone()
        except sqlite3.OperationalError:  # SQLite built without its math functions
            conn.create_function("pow", 2, math.pow, deterministic=True)
        # Temporary tables and sorts stay in memory (they are small: one row per item at most).
        conn.execute("PRAGMA temp_store = MEMORY")

    @classmethod
    def reader(cls, path: Path) -> FigureQueries:
        """A read-only connection of its own to the progress file (usable from one worker
        thread; SQLite releases the GIL while it sums, so the UI thread keeps running)."""
        conn = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False
        )
        conn.execute("PRAGMA busy_timeout = 5000")
        return cls(conn)

    def close(self) -> None:
        """Close the connection (readers only: a store closes its own)."""
        self.conn.close()

    def load_catalogue(self, catalogue: Mapping[str, CatalogueEntry] | None) -> None:
        """Copy the catalogue into the connection's temporary table (once per catalogue)."""
        self._has_catalogue = catalogue is not None
        if catalogue is None or catalogue is self._catalogue:
            return
        conn = self.conn
        # Keyed by group first, so the unseen items are counted per group without a sort.
        conn.execute(
            "CREATE TEMP TABLE IF NOT EXISTS catalogue_items (game TEXT, topic TEXT, "
            "code TEXT, item TEXT, type TEXT, law TEXT, PRIMARY KEY (game, topic, code, item))"
            " WITHOUT ROWID"
        )
        with conn:
            conn.execute("DELETE FROM temp.catalogue_items")
            conn.executemany(
                "INSERT INTO temp.catalogue_items VALUES (?, ?, ?, ?, ?, ?)",
                ((i.game, i.topic, i.code, k, i.type, i.law) for k, i in catalogue.items()),
            )
        self._catalogue = catalogue

    def figures(
        self,
        profile_id: int,
        now: datetime,
        *,
        decay: float,
        factor: float,
        catalogue: Mapping[str, CatalogueEntry] | None = None,
        missed: int = 10,
        horizon: int = 30,
    ) -> FigureRows:
        """Every figure but the per-law table, in one read transaction (one snapshot)."""
        self.load_catalogue(catalogue)
        params = _params(profile_id, now, decay, factor)
        with _snapshot(self.conn):
            q = self.conn.execute
            combos: dict[tuple[str, str, str], list[Any]] = {}

            def add(rows: sqlite3.Cursor, at: int) -> None:
                for r in rows:
                    sums = combos.setdefault((r[0], r[1], r[2]), [0, 0, 0, 0, 0.0])
                    for n, value in enumerate(r[3:]):
                        sums[at + n] += value

            add(q("SELECT game, topic, code, sum(answers), sum(correct) FROM item_totals "
                  "WHERE profile_id = :p GROUP BY game, topic, code", params), 0)
            add(q(f"SELECT game, topic, code, count(*), count(*), sum({_CHANCE}) FROM cards "
                  "WHERE profile_id = :p GROUP BY game, topic, code", params), 2)
            if self._has_catalogue:
                add(q(f"SELECT game, topic, code, count(*) {_UNSEEN} GROUP BY game, topic, code",
                      params), 2)
            # Every item's totals are in exactly one (game, topic, code): their sums are all.
            answers = sum(v[0] for v in combos.values())
            correct = sum(v[1] for v in combos.values())
            return FigureRows(
                combos=[ComboRow(*k, *v) for k, v in sorted(combos.items())],
                most_missed=[
                    MissedRow(*r)
                    for r in q(
                        """SELECT law, sum(answers) - sum(correct) AS m, sum(answers) AS n
                           FROM item_totals WHERE profile_id = :p GROUP BY law HAVING m > 0
                           ORDER BY m DESC, CAST(m AS REAL) / n DESC, law LIMIT :limit""",
                        {**params, "limit": missed},
                    )
                ],
                confusion_pairs={
                    (r[0], r[1]): r[2]
                    for r in q(
                        "SELECT code, confused_code, sum(count) FROM confusion_totals "
                        "WHERE profile_id = :p GROUP BY code, confused_code",
                        params,
                    )
                },
                days=[
                    DayTotal(date.fromisoformat(r[0]), *r[1:])
                    for r in q(
                        "SELECT day, answers, correct, reviews, reviews_correct, new_items, "
                        "time_ms FROM day_totals WHERE profile_id = :p ORDER BY day",
                        params,
                    )
                ],
                due_per_day=self._due_per_day(profile_id, now, horizon),
                answers=int(answers),
                correct=int(correct),
            )

    def law_rows(
        self,
        profile_id: int,
        now: datetime,
        *,
        decay: float,
        factor: float,
        catalogue: Mapping[str, CatalogueEntry] | None = None,
    ) -> list[GroupRow]:
        """The per-law sums, ordered by law id (one row per law: read when shown)."""
        self.load_catalogue(catalogue)
        unseen = (
            f"UNION ALL SELECT law, 0, 0, count(*), 0, 0.0 {_UNSEEN} GROUP BY law"
            if self._has_catalogue
            else ""
        )
        with _snapshot(self.conn):
            rows = self.conn.execute(
                f"""SELECT k, sum(a), sum(c), sum(i), sum(s), sum(r) FROM (
                      SELECT law AS k, sum(answers) AS a, sum(correct) AS c, 0 AS i, 0 AS s,
                             0.0 AS r
                      FROM item_totals WHERE profile_id = :p GROUP BY law
                      UNION ALL
                      SELECT law, 0, 0, count(*), count(*), sum({_CHANCE}) FROM cards
                      WHERE profile_id = :p GROUP BY law
                      {unseen}
                    ) GROUP BY k ORDER BY k""",
                _params(profile_id, now, decay, factor),
            )
            return [GroupRow(*r) for r in rows]

    def module_counts(
        self,
        profile_id: int,
        now: datetime,
        *,
        catalogue: Mapping[str, CatalogueEntry],
    ) -> dict[tuple[str, str], tuple[int, int]]:
        """(items due now, items seen) per (game, topic) of the catalogue, for the study
        modules: an item is seen once the profile has a card for it, and due when its card
        is due and not flagged. Filed under the catalogue's game and topic, so a card whose
        item the content no longer has counts nowhere (one query: the catalogue's rows probe
        the cards' key)."""
        self.load_catalogue(catalogue)
        with _snapshot(self.conn):
            rows = self.conn.execute(
                """SELECT c.game, c.topic,
                          sum(k.due <= :due AND k.item NOT IN
                              (SELECT item FROM flags WHERE profile_id = :p)),
                          count(*)
                   FROM temp.catalogue_items c
                   JOIN cards k ON k.profile_id = :p AND k.item = c.item
                   GROUP BY c.game, c.topic""",
                {"p": profile_id, "due": stamp(now)},
            )
            return {(r[0], r[1]): (int(r[2]), int(r[3])) for r in rows}

    def new_item_marks(self, profile_id: int, new_order: str,
                       orders: Mapping[str, Sequence[str]]) -> dict[str, NewItemMark]:
        """Each module's new-item mark walked on from the one kept, for the modules whose
        walk moved (app.progress.new_items.walked_mark), in one read transaction: the
        walks a session's first new question would make, done off the UI thread."""
        with _snapshot(self.conn):
            found = {}
            for module, order in orders.items():
                mark = walked_mark(self.conn, profile_id, module, new_order, order)
                if mark is not None:
                    found[module] = mark
            return found

    def _due_per_day(self, profile_id: int, now: datetime, horizon: int) -> list[tuple[int, int]]:
        """(days from today, items due) for the next `horizon` days; the overdue count today.

        The cards are read in the order of the (profile, due) index and grouped by the due
        stamp's date, so no date is computed per card: the overdue ones are only counted."""
        today = now.astimezone(UTC).date()
        first, end = today.isoformat(), (today + timedelta(days=horizon)).isoformat()
        q = self.conn.execute
        per_day = {0: int(q("SELECT count(*) FROM cards WHERE profile_id = ? AND due < ?",
                            [profile_id, first]).fetchone()[0])}
        for day, n in q(
            "SELECT substr(due, 1, 10) AS day, count(*) FROM cards "
            "WHERE profile_id = ? AND due >= ? AND due < ? GROUP BY day",
            [profile_id, first, end],
        ):
            offset = (date.fromisoformat(day) - today).days
            per_day[offset] = per_day.get(offset, 0) + int(n)
        return sorted((k, n) for k, n in per_day.items() if n)


def _params(profile_id: int, now: datetime, decay: float, factor: float) -> dict[str, Any]:
    now_ms = (now.astimezone(UTC) - _EPOCH) // timedelta(milliseconds=1)
    return {"p": profile_id, "now_ms": now_ms, "decay": decay, "factor": factor}


class _snapshot:
    """A read transaction around several queries, unless the caller already has one open."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.own = False

    def __enter__(self) -> None:
        self.own = not self.conn.in_transaction
        if self.own:
            self.conn.execute("BEGIN")

    def __exit__(self, *exc: object) -> None:
        if self.own:
            self.conn.execute("COMMIT")
