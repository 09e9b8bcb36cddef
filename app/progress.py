"""The learner's progress: profiles, attempts, spaced-repetition cards and review log in SQLite.

One file in the user data directory (`progress.sqlite`), in WAL mode. Every answer is written
in its own transaction, committed before `record` returns. At open the file is checked with
`PRAGMA integrity_check`; a damaged or unreadable file is moved aside (timestamp suffix), a
fresh one is started and `ProgressStore.notice` says so in plain words. One backup a day is
kept for the last `keep_backups` days. A profile can be exported to JSON and imported again;
an import is validated in full before anything is written, then written in one transaction.

This module knows nothing of fsrs or of how questions are built: cards are stored as the
JSON the scheduler gives, and the caller supplies what counts as a known item or law.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sqlite3
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, NamedTuple

from sqlite_utils import Database

from app.progress_migrations import LATEST, migrate, rebuild_summaries
from app.vocabulary import CODES, GAMES, TOPICS

FILE_NAME = "progress.sqlite"
ENV_DIR = "CARDLAWS_DATA_DIR"
KEEP_BACKUPS = 7
EXPORT_FORMAT = "cardlaws-progress"
EXPORT_VERSION = 1
MODES = ("learn", "mistakes", "exam")
DEFAULT_NEW_PER_DAY = 20

Clock = Callable[[], datetime]


class ProgressError(Exception):
    """A progress operation that cannot be done (unknown profile, name taken, ...)."""


class ImportProblem(ProgressError):
    """An import file that failed validation; `problems` lists every place, nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        shown = "\n".join(f"  - {p}" for p in problems[:20])
        more = f"\n  ... and {len(problems) - 20} more" if len(problems) > 20 else ""
        super().__init__(f"{len(problems)} problem(s) in the progress file:\n{shown}{more}")


def utc_now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """A moment as the fixed-width UTC text stored (sorts the same as the moments)."""
    if moment.tzinfo is None:
        raise ValueError("naive datetime: pass a timezone-aware UTC datetime")
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def parse_stamp(text: str) -> datetime:
    """A stored moment back as an aware UTC datetime."""
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"{text!r} has no timezone")
    return moment if moment.tzinfo is UTC else moment.astimezone(UTC)


def default_data_dir() -> Path:
    """The platform's per-user data directory for Card Laws."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming") / "CardLaws"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "CardLaws"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "cardlaws"


def data_dir(explicit: Path | str | None = None) -> Path:
    """Where the progress file lives: the argument, else $CARDLAWS_DATA_DIR, else the default."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(ENV_DIR)
    return Path(env) if env else default_data_dir()


# --------------------------------------------------------------------------- records
# Rows read in bulk (thousands per statistics screen) are named tuples: immutable like the
# frozen dataclasses, and several times cheaper to build.


@dataclass(frozen=True)
class Profile:
    """A learner on this machine."""

    id: int
    name: str
    created: datetime
    new_per_day: int = DEFAULT_NEW_PER_DAY


@dataclass(frozen=True)
class Attempt:
    """One answer as recorded."""

    profile_id: int
    at: datetime
    question_id: str
    type: str
    item: str
    game: str
    topic: str
    code: str
    laws: tuple[str, ...]
    answer: Any
    correct: bool
    elapsed_ms: int
    confused_code: str | None = None
    mode: str = "learn"
    is_new: bool = False
    id: int | None = None


class CardRow(NamedTuple):
    """A scheduled item's state: the scheduler's card JSON plus the columns queries need."""

    item: str
    type: str
    law: str
    game: str
    topic: str
    code: str
    due: datetime
    state: int
    stability: float | None
    difficulty: float | None
    last_review: datetime | None
    reps: int
    lapses: int
    created: datetime
    card: Mapping[str, Any] = {}


@dataclass(frozen=True)
class ReviewEntry:
    """One scheduler review (rating 1-4 and the scheduler's log JSON)."""

    item: str
    at: datetime
    rating: int
    log: Mapping[str, Any]


class ItemTotal(NamedTuple):
    """Answers, correct answers and code confusions for one item."""

    item: str
    type: str
    law: str
    game: str
    topic: str
    code: str
    answers: int
    correct: int
    confused: int


class DayTotal(NamedTuple):
    """One day's answers (UTC day): all, correct, reviews of known items, new items, time."""

    day: date
    answers: int
    correct: int
    reviews: int
    reviews_correct: int
    new_items: int
    time_ms: int


class Confusion(NamedTuple):
    """How often a learner chose another code's remedy, per game and code asked."""

    game: str
    code: str
    confused_code: str
    count: int


@dataclass(frozen=True)
class ProgressSummary:
    """Everything the statistics screen needs, read in a few small queries."""

    items: tuple[ItemTotal, ...]
    days: tuple[DayTotal, ...]
    confusions: tuple[Confusion, ...]
    cards: tuple[CardRow, ...]


# --------------------------------------------------------------------------- the store


class ProgressStore:
    """The progress database of this machine (several profiles)."""

    def __init__(self, db: Database, path: Path | None, notice: str | None = None) -> None:
        self.db = db
        self.path = path
        self.notice = notice

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        directory: Path | str | None = None,
        *,
        clock: Clock = utc_now,
        keep_backups: int = KEEP_BACKUPS,
        synchronous: str = "FULL",
    ) -> ProgressStore:
        """Open (or create) the progress file, checking it and keeping the daily backup."""
        folder = data_dir(directory)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / FILE_NAME
        notice = None
        db: Database | None = None
        try:
            db = _connect(path, synchronous)
            problem = _health(db)
        except sqlite3.DatabaseError:
            problem = "it could not be opened"
        if problem is not None:
            if db is not None:
                db.close()
            aside = _move_aside(path, clock())
            db = _connect(path, synchronous)
            notice = (
                f"Your progress file could not be read ({problem}). It has been kept as "
                f"{aside.name} in {folder}, and a new, empty progress file has been started."
            )
            backups = sorted((folder / "backups").glob("progress-*.sqlite"))
            if backups:
                notice += f" The most recent daily backup is {backups[-1]}."
        assert db is not None
        try:
            migrate(db)
        except RuntimeError as exc:
            db.close()
            raise ProgressError(str(exc)) from None
        store = cls(db, path, notice)
        if keep_backups > 0 and problem is None:
            store.backup(clock(), keep=keep_backups)
        return store

    @classmethod
    def in_memory(cls) -> ProgressStore:
        """A throwaway store (tests, previews)."""
        db = Database(memory=True)
        db.execute("PRAGMA foreign_keys = ON")
        migrate(db)
        return cls(db, None)

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The highest migration applied."""
        row = self.db.execute("SELECT max(version) FROM migrations").fetchone()
        return int(row[0] or 0)

    def integrity(self) -> str:
        """`PRAGMA integrity_check`'s verdict ('ok' when sound)."""
        return str(self.db.execute("PRAGMA integrity_check").fetchone()[0])

    # -- backups ------------------------------------------------------------------------

    def backup(self, now: datetime, keep: int = KEEP_BACKUPS) -> Path | None:
        """Write today's backup if there is none yet, and drop all but the last `keep` days."""
        if self.path is None:
            return None
        folder = self.path.parent / "backups"
        folder.mkdir(exist_ok=True)
        target = folder / f"progress-{now.astimezone(UTC).date().isoformat()}.sqlite"
        made = None
        if not target.exists():
            partial = target.with_suffix(".partial")
            dest = sqlite3.connect(partial)
            try:
                self.db.conn.backup(dest)
            finally:
                dest.close()
            partial.replace(target)
            made = target
        for old in sorted(folder.glob("progress-*.sqlite"))[:-keep]:
            old.unlink()
        return made

    # -- profiles -----------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        """Every profile, oldest first."""
        rows = self.db.execute(
            "SELECT id, name, created, new_per_day FROM profiles ORDER BY id"
        ).fetchall()
        return [Profile(r[0], r[1], parse_stamp(r[2]), r[3]) for r in rows]

    def profile(self, profile_id: int) -> Profile:
        """One profile by id."""
        for p in self.profiles():
            if p.id == profile_id:
                return p
        raise ProgressError(f"no profile {profile_id}")

    def create_profile(
        self, name: str, now: datetime | None = None, new_per_day: int = DEFAULT_NEW_PER_DAY
    ) -> Profile:
        """A new learner; names are unique."""
        name = name.strip()
        if not name:
            raise ProgressError("a profile needs a name")
        moment = now or utc_now()
        with self.db.atomic():
            if self.db.execute("SELECT 1 FROM profiles WHERE name = ?", [name]).fetchone():
                raise ProgressError(f"there is already a profile called {name!r}")
            cur = self.db.execute(
                "INSERT INTO profiles (name, created, new_per_day) VALUES (?, ?, ?)",
                [name, stamp(moment), new_per_day],
            )
        return Profile(int(cur.lastrowid or 0), name, moment.astimezone(UTC), new_per_day)

    def rename_profile(self, profile_id: int, name: str) -> None:
        """Give a profile another (unused) name."""
        name = name.strip()
        if not name:
            raise ProgressError("a profile needs a name")
        try:
            with self.db.atomic():
                self.db.execute("UPDATE profiles SET name = ? WHERE id = ?", [name, profile_id])
        except sqlite3.IntegrityError:
            raise ProgressError(f"there is already a profile called {name!r}") from None

    def set_new_per_day(self, profile_id: int, count: int) -> None:
        """How many new items a day the profile is given."""
        if count < 0:
            raise ProgressError("the daily number of new items cannot be negative")
        with self.db.atomic():
            self.db.execute("UPDATE profiles SET new_per_day = ? WHERE id = ?", [count, profile_id])

    def delete_profile(self, profile_id: int) -> None:
        """Remove a profile and everything recorded for it."""
        with self.db.atomic():
            for table in (
                "review_log",
                "attempts",
                "cards",
                "item_totals",
                "day_totals",
                "confusion_totals",
                "mistakes",
            ):
                self.db.execute(f"DELETE FROM {table} WHERE profile_id = ?", [profile_id])
            self.db.execute("DELETE FROM profiles WHERE id = ?", [profile_id])

    # -- recording ----------------------------------------------------------------------

    def record(
        self,
        attempt: Attempt,
        card: CardRow | None = None,
        review: ReviewEntry | None = None,
    ) -> int:
        """Write an answer, its card and review, and the running totals, in one transaction."""
        if attempt.mode not in MODES:
            raise ProgressError(f"unknown mode {attempt.mode!r}")
        with self.db.atomic():
            attempt_id = self._insert_attempt(attempt)
            if card is not None:
                self._put_card(attempt.profile_id, card)
            if review is not None:
                self._insert_review(attempt.profile_id, review, attempt_id)
        return attempt_id

    def _insert_attempt(self, a: Attempt) -> int:
        at = stamp(a.at)
        correct = int(bool(a.correct))
        cur = self.db.execute(
            """INSERT INTO attempts (profile_id, at, question_id, type, item, game, topic, code,
               laws, answer, correct, confused_code, elapsed_ms, mode, is_new)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            [
                a.profile_id,
                at,
                a.question_id,
                a.type,
                a.item,
                a.game,
                a.topic,
                a.code,
                json.dumps(list(a.laws)),
                json.dumps(a.answer, ensure_ascii=False),
                correct,
                a.confused_code,
                int(a.elapsed_ms),
                a.mode,
                int(a.is_new),
            ],
        )
        confused = int(a.confused_code is not None)
        law = a.item.partition(":")[2]
        self.db.execute(
            """INSERT INTO item_totals VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
               ON CONFLICT (profile_id, item) DO UPDATE SET answers = answers + 1,
               correct = correct + excluded.correct, confused = confused + excluded.confused""",
            [a.profile_id, a.item, a.type, law, a.game, a.topic, a.code, correct, confused],
        )
        review = int(not a.is_new)
        self.db.execute(
            """INSERT INTO day_totals VALUES (?, ?, 1, ?, ?, ?, ?, ?)
               ON CONFLICT (profile_id, day) DO UPDATE SET answers = answers + 1,
               correct = correct + excluded.correct, reviews = reviews + excluded.reviews,
               reviews_correct = reviews_correct + excluded.reviews_correct,
               new_items = new_items + excluded.new_items,
               time_ms = time_ms + excluded.time_ms""",
            [
                a.profile_id,
                at[:10],
                correct,
                review,
                review * correct,
                int(a.is_new),
                int(a.elapsed_ms),
            ],
        )
        if a.confused_code is not None:
            self.db.execute(
                """INSERT INTO confusion_totals VALUES (?, ?, ?, ?, 1)
                   ON CONFLICT (profile_id, game, code, confused_code)
                   DO UPDATE SET count = count + 1""",
                [a.profile_id, a.game, a.code, a.confused_code],
            )
        if correct:
            self.db.execute(
                "DELETE FROM mistakes WHERE profile_id = ? AND question_id = ?",
                [a.profile_id, a.question_id],
            )
        else:
            self.db.execute(
                "INSERT OR REPLACE INTO mistakes VALUES (?, ?, ?, ?)",
                [a.profile_id, a.question_id, a.item, at],
            )
        return int(cur.lastrowid or 0)

    def _put_card(self, profile_id: int, c: CardRow) -> None:
        self.db.execute(
            """INSERT OR REPLACE INTO cards (profile_id, item, type, law, game, topic, code, due,
               state, stability, difficulty, last_review, reps, lapses, created, card)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            [
                profile_id,
                c.item,
                c.type,
                c.law,
                c.game,
                c.topic,
                c.code,
                stamp(c.due),
                c.state,
                c.stability,
                c.difficulty,
                stamp(c.last_review) if c.last_review else None,
                c.reps,
                c.lapses,
                stamp(c.created),
                json.dumps(dict(c.card)),
            ],
        )

    def _insert_review(self, profile_id: int, r: ReviewEntry, attempt_id: int | None) -> None:
        self.db.execute(
            "INSERT INTO review_log (profile_id, item, attempt_id, at, rating, log) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [profile_id, r.item, attempt_id, stamp(r.at), r.rating, json.dumps(dict(r.log))],
        )

    # -- reading ------------------------------------------------------------------------

    def card(self, profile_id: int, item: str) -> CardRow | None:
        """The card of one item, or None if it was never answered."""
        row = self.db.execute(
            f"SELECT {_CARD_COLUMNS}, card FROM cards WHERE profile_id = ? AND item = ?",
            [profile_id, item],
        ).fetchone()
        return _card_row(row, with_json=True) if row else None

    def seen_items(self, profile_id: int) -> set[str]:
        """Every item the profile has a card for."""
        rows = self.db.execute("SELECT item FROM cards WHERE profile_id = ?", [profile_id])
        return {r[0] for r in rows}

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
        """Items due at `now`, most overdue first, optionally within some games and topics."""
        sql = "SELECT item FROM cards WHERE profile_id = ? AND due <= ?"
        params: list[Any] = [profile_id, stamp(now)]
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
            "SELECT min(due) FROM cards WHERE profile_id = ?", [profile_id], games, topics
        )
        row = self.db.execute(sql, params).fetchone()
        return parse_stamp(row[0]) if row and row[0] else None

    def due_counts(self, profile_id: int, now: datetime) -> dict[tuple[str, str], int]:
        """Items due now per (game, topic)."""
        rows = self.db.execute(
            "SELECT game, topic, count(*) FROM cards WHERE profile_id = ? AND due <= ? "
            "GROUP BY game, topic",
            [profile_id, stamp(now)],
        )
        return {(r[0], r[1]): r[2] for r in rows}

    def new_items_since(self, profile_id: int, since: datetime) -> int:
        """How many items were answered for the first time since a moment."""
        row = self.db.execute(
            "SELECT count(*) FROM cards WHERE profile_id = ? AND created >= ?",
            [profile_id, stamp(since)],
        ).fetchone()
        return int(row[0])

    def mistakes(self, profile_id: int, limit: int = 50) -> list[str]:
        """Question ids last answered wrongly and not put right since, oldest first."""
        rows = self.db.execute(
            "SELECT question_id FROM mistakes WHERE profile_id = ? ORDER BY at LIMIT ?",
            [profile_id, limit],
        )
        return [r[0] for r in rows]

    def attempts(self, profile_id: int, limit: int | None = None) -> list[Attempt]:
        """A profile's attempts, oldest first (optionally only the last `limit`)."""
        sql = f"SELECT {_ATTEMPT_COLUMNS} FROM attempts WHERE profile_id = ? ORDER BY id"
        params: list[Any] = [profile_id]
        if limit is not None:
            sql = (
                f"SELECT * FROM ({sql.replace('ORDER BY id', 'ORDER BY id DESC')} LIMIT ?) "
                "ORDER BY id"
            )
            params.append(limit)
        return [_attempt(r) for r in self.db.execute(sql, params)]

    def attempt_count(self, profile_id: int | None = None) -> int:
        """How many answers are recorded (for one profile, or in all)."""
        if profile_id is None:
            return int(self.db.execute("SELECT count(*) FROM attempts").fetchone()[0])
        return int(
            self.db.execute(
                "SELECT count(*) FROM attempts WHERE profile_id = ?", [profile_id]
            ).fetchone()[0]
        )

    def summary(self, profile_id: int) -> ProgressSummary:
        """The running totals and card states the statistics are computed from."""
        items = tuple(
            ItemTotal(*r)
            for r in self.db.execute(
                "SELECT item, type, law, game, topic, code, answers, correct, confused "
                "FROM item_totals WHERE profile_id = ?",
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
                "WHERE profile_id = ?",
                [profile_id],
            )
        )
        cards = tuple(
            _card_row(r, with_json=False)
            for r in self.db.execute(
                f"SELECT {_CARD_COLUMNS} FROM cards WHERE profile_id = ?", [profile_id]
            )
        )
        return ProgressSummary(items, days, confusions, cards)

    def rebuild_summaries(self, profile_id: int) -> None:
        """Recompute a profile's running totals from its attempts."""
        with self.db.atomic():
            rebuild_summaries(self.db, profile_id)

    # -- export and import --------------------------------------------------------------

    def export_profile(self, profile_id: int, now: datetime | None = None) -> dict[str, Any]:
        """A profile's whole progress as a JSON-ready mapping."""
        profile = self.profile(profile_id)
        index: dict[int, int] = {}
        attempts = []
        for n, a in enumerate(self.attempts(profile_id)):
            index[a.id or 0] = n
            attempts.append(
                {
                    "at": stamp(a.at),
                    "question_id": a.question_id,
                    "type": a.type,
                    "item": a.item,
                    "game": a.game,
                    "topic": a.topic,
                    "code": a.code,
                    "laws": list(a.laws),
                    "answer": a.answer,
                    "correct": a.correct,
                    "confused_code": a.confused_code,
                    "elapsed_ms": a.elapsed_ms,
                    "mode": a.mode,
                    "is_new": a.is_new,
                }
            )
        cards = []
        for r in self.db.execute(
            f"SELECT {_CARD_COLUMNS}, card FROM cards WHERE profile_id = ? ORDER BY item",
            [profile_id],
        ):
            c = _card_row(r, with_json=True)
            cards.append(
                {
                    "item": c.item,
                    "type": c.type,
                    "law": c.law,
                    "game": c.game,
                    "topic": c.topic,
                    "code": c.code,
                    "due": stamp(c.due),
                    "state": c.state,
                    "stability": c.stability,
                    "difficulty": c.difficulty,
                    "last_review": stamp(c.last_review) if c.last_review else None,
                    "reps": c.reps,
                    "lapses": c.lapses,
                    "created": stamp(c.created),
                    "card": dict(c.card),
                }
            )
        reviews = [
            {
                "item": r[0],
                "attempt": index.get(r[1]) if r[1] is not None else None,
                "at": r[2],
                "rating": r[3],
                "log": json.loads(r[4]),
            }
            for r in self.db.execute(
                "SELECT item, attempt_id, at, rating, log FROM review_log WHERE profile_id = ? "
                "ORDER BY id",
                [profile_id],
            )
        ]
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "exported": stamp(now or utc_now()),
            "profile": {
                "name": profile.name,
                "created": stamp(profile.created),
                "new_per_day": profile.new_per_day,
            },
            "attempts": attempts,
            "cards": cards,
            "review_log": reviews,
        }

    def export_file(self, profile_id: int, path: Path, now: datetime | None = None) -> None:
        """Write a profile's export to a JSON file (atomically: a partial file never remains)."""
        data = self.export_profile(profile_id, now)
        partial = Path(path).with_suffix(Path(path).suffix + ".partial")
        partial.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        partial.replace(path)

    def import_profile(
        self,
        data: Any,
        *,
        name: str | None = None,
        known_item: Callable[[str], bool] | None = None,
        known_law: Callable[[str], bool] | None = None,
    ) -> Profile:
        """Validate an export in full, then write it as a new profile in one transaction.

        Raises ImportProblem listing every problem, having written nothing.
        """
        problems = validate_export(data, known_item=known_item, known_law=known_law)
        if problems:
            raise ImportProblem(problems)
        wanted = (name or data["profile"]["name"]).strip()
        if not wanted:
            raise ImportProblem(["profile.name: must not be blank"])
        profile_data = data["profile"]
        with self.db.atomic():
            taken = {r[0] for r in self.db.execute("SELECT name FROM profiles")}
            final, n = wanted, 2
            while final in taken:
                final, n = f"{wanted} ({n})", n + 1
            cur = self.db.execute(
                "INSERT INTO profiles (name, created, new_per_day) VALUES (?, ?, ?)",
                [final, stamp(parse_stamp(profile_data["created"])), profile_data["new_per_day"]],
            )
            pid = int(cur.lastrowid or 0)
            ids: list[int] = []
            for a in data["attempts"]:
                cur = self.db.execute(
                    """INSERT INTO attempts (profile_id, at, question_id, type, item, game, topic,
                       code, laws, answer, correct, confused_code, elapsed_ms, mode, is_new)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    [
                        pid,
                        stamp(parse_stamp(a["at"])),
                        a["question_id"],
                        a["type"],
                        a["item"],
                        a["game"],
                        a["topic"],
                        a["code"],
                        json.dumps(a["laws"]),
                        json.dumps(a["answer"], ensure_ascii=False),
                        int(a["correct"]),
                        a["confused_code"],
                        a["elapsed_ms"],
                        a["mode"],
                        int(a["is_new"]),
                    ],
                )
                ids.append(int(cur.lastrowid or 0))
            for c in data["cards"]:
                self._put_card(
                    pid,
                    CardRow(
                        item=c["item"],
                        type=c["type"],
                        law=c["law"],
                        game=c["game"],
                        topic=c["topic"],
                        code=c["code"],
                        due=parse_stamp(c["due"]),
                        state=c["state"],
                        stability=c["stability"],
                        difficulty=c["difficulty"],
                        last_review=parse_stamp(c["last_review"]) if c["last_review"] else None,
                        reps=c["reps"],
                        lapses=c["lapses"],
                        created=parse_stamp(c["created"]),
                        card=c["card"],
                    ),
                )
            for r in data["review_log"]:
                attempt = ids[r["attempt"]] if r["attempt"] is not None else None
                self._insert_review(
                    pid,
                    ReviewEntry(r["item"], parse_stamp(r["at"]), r["rating"], r["log"]),
                    attempt,
                )
            rebuild_summaries(self.db, pid)
        return self.profile(pid)

    def import_file(self, path: Path, **kwargs: Any) -> Profile:
        """Read a JSON export and import it (see import_profile)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise ImportProblem([f"file: cannot read {path}: {exc}"]) from None
        except json.JSONDecodeError as exc:
            raise ImportProblem([f"file: not valid JSON: {exc}"]) from None
        return self.import_profile(data, **kwargs)


# --------------------------------------------------------------------------- helpers

_CARD_COLUMNS = (
    "item, type, law, game, topic, code, due, state, stability, difficulty, last_review, "
    "reps, lapses, created"
)
_ATTEMPT_COLUMNS = (
    "profile_id, at, question_id, type, item, game, topic, code, laws, answer, correct, "
    "elapsed_ms, confused_code, mode, is_new, id"
)


def _card_row(r: Sequence[Any], *, with_json: bool) -> CardRow:
    return CardRow(
        item=r[0],
        type=r[1],
        law=r[2],
        game=r[3],
        topic=r[4],
        code=r[5],
        due=parse_stamp(r[6]),
        state=r[7],
        stability=r[8],
        difficulty=r[9],
        last_review=parse_stamp(r[10]) if r[10] else None,
        reps=r[11],
        lapses=r[12],
        created=parse_stamp(r[13]),
        card=json.loads(r[14]) if with_json else {},
    )


def _attempt(r: Sequence[Any]) -> Attempt:
    return Attempt(
        profile_id=r[0],
        at=parse_stamp(r[1]),
        question_id=r[2],
        type=r[3],
        item=r[4],
        game=r[5],
        topic=r[6],
        code=r[7],
        laws=tuple(json.loads(r[8])),
        answer=json.loads(r[9]),
        correct=bool(r[10]),
        elapsed_ms=r[11],
        confused_code=r[12],
        mode=r[13],
        is_new=bool(r[14]),
        id=r[15],
    )


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


def _connect(path: Path, synchronous: str) -> Database:
    db = Database(path)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 5000")
        db.enable_wal()
        db.execute(f"PRAGMA synchronous = {synchronous}")
    except sqlite3.DatabaseError:
        pass  # an unreadable file: _health reports it and the file is moved aside
    return db


def _health(db: Database) -> str | None:
    """None when the file is a sound database; otherwise what is wrong, in plain words."""
    try:
        rows = db.execute("PRAGMA integrity_check").fetchall()
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError:
        return "it is not a database file, or it is unreadable"
    if [r[0] for r in rows] != ["ok"]:
        return "it is damaged"
    return None


def _move_aside(path: Path, now: datetime) -> Path:
    suffix = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.corrupt-{suffix}")
    n = 2
    while aside.exists():
        aside = path.with_name(f"{path.name}.corrupt-{suffix}-{n}")
        n += 1
    shutil.move(path, aside)
    for extra in ("-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if side.exists():
            shutil.move(side, aside.with_name(aside.name + extra))
    return aside


@contextmanager
def open_store(directory: Path | str | None = None, **kwargs: Any) -> Iterator[ProgressStore]:
    """`with open_store() as store:` opens the progress file and closes it afterwards."""
    store = ProgressStore.open(directory, **kwargs)
    try:
        yield store
    finally:
        store.close()


# --------------------------------------------------------------------------- validation

_ATTEMPT_FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    # name: (types, may be null)
    "at": (str, False),
    "question_id": (str, False),
    "type": (str, False),
    "item": (str, False),
    "game": (str, False),
    "topic": (str, False),
    "code": (str, False),
    "laws": (list, False),
    "correct": (bool, False),
    "confused_code": (str, True),
    "elapsed_ms": (int, False),
    "mode": (str, False),
    "is_new": (bool, False),
}
_CARD_FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "item": (str, False),
    "type": (str, False),
    "law": (str, False),
    "game": (str, False),
    "topic": (str, False),
    "code": (str, False),
    "due": (str, False),
    "state": (int, False),
    "stability": ((int, float), True),
    "difficulty": ((int, float), True),
    "last_review": (str, True),
    "reps": (int, False),
    "lapses": (int, False),
    "created": (str, False),
    "card": (dict, False),
}
_REVIEW_FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    "item": (str, False),
    "attempt": (int, True),
    "at": (str, False),
    "rating": (int, False),
    "log": (dict, False),
}
_STAMPS = {"at", "due", "last_review", "created"}


def _check_record(
    where: str,
    record: Any,
    spec: Mapping[str, tuple[type | tuple[type, ...], bool]],
    problems: list[str],
    extra: frozenset[str] = frozenset(),
) -> bool:
    if not isinstance(record, dict):
        problems.append(f"{where}: must be an object")
        return False
    ok = True
    for key in sorted(set(record) - set(spec) - extra):
        problems.append(f"{where}.{key}: unknown field")
        ok = False
    for key, (kinds, nullable) in spec.items():
        if key not in record:
            problems.append(f"{where}.{key}: missing")
            ok = False
            continue
        value = record[key]
        if value is None and nullable:
            continue
        wrong_bool = isinstance(value, bool) and bool not in (
            kinds if isinstance(kinds, tuple) else (kinds,)
        )
        if wrong_bool or not isinstance(value, kinds):
            names = kinds.__name__ if isinstance(kinds, type) else "number"
            problems.append(f"{where}.{key}: must be {names}{' or null' if nullable else ''}")
            ok = False
            continue
        if key in _STAMPS:
            try:
                parse_stamp(value)
            except ValueError:
                problems.append(f"{where}.{key}: not a timezone-aware ISO date and time")
                ok = False
        if isinstance(value, float) and not math.isfinite(value):
            problems.append(f"{where}.{key}: must be a finite number")
            ok = False
    return ok


def _check_vocab(where: str, record: Mapping[str, Any], problems: list[str]) -> None:
    if record["game"] not in GAMES:
        problems.append(f"{where}.game: unknown game {record['game']!r}")
    if record["topic"] not in TOPICS:
        problems.append(f"{where}.topic: unknown topic {record['topic']!r}")
    if record["code"] not in CODES:
        problems.append(f"{where}.code: unknown code {record['code']!r}")
    item = record["item"]
    if record["type"] != item.partition(":")[0]:
        problems.append(f"{where}.item: {item!r} is not of type {record['type']!r}")


def validate_export(
    data: Any,
    *,
    known_item: Callable[[str], bool] | None = None,
    known_law: Callable[[str], bool] | None = None,
) -> list[str]:
    """Every problem in an export mapping (empty when it can be imported), each with its place."""
    problems: list[str] = []
    if not isinstance(data, dict):
        return ["file: must be a JSON object"]
    if data.get("format") != EXPORT_FORMAT:
        problems.append(f"format: must be {EXPORT_FORMAT!r}")
    if data.get("version") != EXPORT_VERSION:
        problems.append(f"version: this Card Laws reads version {EXPORT_VERSION}")
    for key in sorted(
        set(data) - {"format", "version", "exported", "profile", "attempts", "cards", "review_log"}
    ):
        problems.append(f"{key}: unknown field")
    profile = data.get("profile")
    if not isinstance(profile, dict):
        problems.append("profile: must be an object")
    else:
        if not isinstance(profile.get("name"), str):
            problems.append("profile.name: must be a string")
        try:
            parse_stamp(profile.get("created"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            problems.append("profile.created: not a timezone-aware ISO date and time")
        npd = profile.get("new_per_day")
        if not isinstance(npd, int) or isinstance(npd, bool) or npd < 0:
            problems.append("profile.new_per_day: must be a whole number, 0 or more")
    lists = {}
    for key in ("attempts", "cards", "review_log"):
        value = data.get(key)
        if not isinstance(value, list):
            problems.append(f"{key}: must be a list")
            value = []
        lists[key] = value
    for n, a in enumerate(lists["attempts"]):
        where = f"attempts[{n}]"
        if not _check_record(where, a, _ATTEMPT_FIELDS, problems, frozenset({"answer"})):
            continue
        if "answer" not in a:
            problems.append(f"{where}.answer: missing")
        _check_vocab(where, a, problems)
        if a["mode"] not in MODES:
            problems.append(f"{where}.mode: must be one of {', '.join(MODES)}")
        if a["elapsed_ms"] < 0:
            problems.append(f"{where}.elapsed_ms: must not be negative")
        if a["confused_code"] is not None and a["confused_code"] not in CODES:
            problems.append(f"{where}.confused_code: unknown code {a['confused_code']!r}")
        if not all(isinstance(x, str) for x in a["laws"]) or not a["laws"]:
            problems.append(f"{where}.laws: must be a non-empty list of law ids")
        elif known_law is not None:
            for law in a["laws"]:
                if not known_law(law):
                    problems.append(f"{where}.laws: unknown law {law!r}")
        if known_item is not None and not known_item(a["item"]):
            problems.append(f"{where}.item: unknown item {a['item']!r}")
    seen: set[str] = set()
    for n, c in enumerate(lists["cards"]):
        where = f"cards[{n}]"
        if not _check_record(where, c, _CARD_FIELDS, problems):
            continue
        _check_vocab(where, c, problems)
        if c["item"] in seen:
            problems.append(f"{where}.item: {c['item']!r} has two cards")
        seen.add(c["item"])
        if c["item"].partition(":")[2] != c["law"]:
            problems.append(f"{where}.law: does not match the item {c['item']!r}")
        if known_item is not None and not known_item(c["item"]):
            problems.append(f"{where}.item: unknown item {c['item']!r}")
        if known_law is not None and not known_law(c["law"]):
            problems.append(f"{where}.law: unknown law {c['law']!r}")
        if not 1 <= c["state"] <= 3:
            problems.append(f"{where}.state: must be 1 (learning), 2 (review) or 3 (relearning)")
        if c["reps"] < 0 or c["lapses"] < 0:
            problems.append(f"{where}: reps and lapses must not be negative")
        card = c["card"]
        for key in ("card_id", "state", "due"):
            if key not in card:
                problems.append(f"{where}.card.{key}: missing")
    for n, r in enumerate(lists["review_log"]):
        where = f"review_log[{n}]"
        if not _check_record(where, r, _REVIEW_FIELDS, problems):
            continue
        if not 1 <= r["rating"] <= 4:
            problems.append(f"{where}.rating: must be 1 to 4")
        if r["attempt"] is not None and not 0 <= r["attempt"] < len(lists["attempts"]):
            problems.append(f"{where}.attempt: no attempt number {r['attempt']}")
        if r["item"] not in seen:
            problems.append(f"{where}.item: no card for {r['item']!r}")
    return problems


def schema_version() -> int:
    """The schema version this Card Laws writes."""
    return LATEST


def day_start(moment: datetime) -> datetime:
    """Midnight UTC of a moment's day."""
    m = moment.astimezone(UTC)
    return datetime(m.year, m.month, m.day, tzinfo=UTC)
