"""The progress database's schema, as numbered migrations applied in order, each in one transaction.

Never edit a migration that has shipped: add the next one. `migrate` records each applied
migration in the `migrations` table (the schema version is its highest number).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlite_utils import Database

Migration = tuple[int, str, Callable[[Database], None]]


def _initial(db: Database) -> None:
    for sql in (
        """CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL,
            new_per_day INTEGER NOT NULL DEFAULT 20
        )""",
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            question_id TEXT NOT NULL,
            type TEXT NOT NULL,
            item TEXT NOT NULL,
            game TEXT NOT NULL,
            topic TEXT NOT NULL,
            code TEXT NOT NULL,
            laws TEXT NOT NULL,
            answer TEXT NOT NULL,
            correct INTEGER NOT NULL,
            confused_code TEXT,
            elapsed_ms INTEGER NOT NULL,
            mode TEXT NOT NULL DEFAULT 'learn',
            is_new INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX attempts_profile_at ON attempts(profile_id, at)",
        """CREATE TABLE cards (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            item TEXT NOT NULL,
            type TEXT NOT NULL,
            law TEXT NOT NULL,
            game TEXT NOT NULL,
            topic TEXT NOT NULL,
            code TEXT NOT NULL,
            due TEXT NOT NULL,
            state INTEGER NOT NULL,
            stability REAL,
            difficulty REAL,
            last_review TEXT,
            reps INTEGER NOT NULL DEFAULT 0,
            lapses INTEGER NOT NULL DEFAULT 0,
            created TEXT NOT NULL,
            card TEXT NOT NULL,
            PRIMARY KEY (profile_id, item)
        )""",
        "CREATE INDEX cards_due ON cards(profile_id, due)",
        "CREATE INDEX cards_created ON cards(profile_id, created)",
        """CREATE TABLE review_log (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            item TEXT NOT NULL,
            attempt_id INTEGER REFERENCES attempts(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            rating INTEGER NOT NULL,
            log TEXT NOT NULL
        )""",
        "CREATE INDEX review_log_profile_item ON review_log(profile_id, item)",
    ):
        db.execute(sql)


def _summaries(db: Database) -> None:
    """Running totals kept beside the attempts, so statistics never scan a million rows."""
    for sql in (
        """CREATE TABLE item_totals (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            item TEXT NOT NULL,
            type TEXT NOT NULL,
            law TEXT NOT NULL,
            game TEXT NOT NULL,
            topic TEXT NOT NULL,
            code TEXT NOT NULL,
            answers INTEGER NOT NULL DEFAULT 0,
            correct INTEGER NOT NULL DEFAULT 0,
            confused INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (profile_id, item)
        )""",
        """CREATE TABLE day_totals (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            answers INTEGER NOT NULL DEFAULT 0,
            correct INTEGER NOT NULL DEFAULT 0,
            reviews INTEGER NOT NULL DEFAULT 0,
            reviews_correct INTEGER NOT NULL DEFAULT 0,
            new_items INTEGER NOT NULL DEFAULT 0,
            time_ms INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (profile_id, day)
        )""",
        """CREATE TABLE confusion_totals (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            code TEXT NOT NULL,
            confused_code TEXT NOT NULL,
            count INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (profile_id, game, code, confused_code)
        )""",
        """CREATE TABLE mistakes (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            question_id TEXT NOT NULL,
            item TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (profile_id, question_id)
        )""",
        "CREATE INDEX mistakes_at ON mistakes(profile_id, at)",
    ):
        db.execute(sql)
    for (profile_id,) in db.execute("SELECT id FROM profiles").fetchall():
        rebuild_summaries(db, profile_id)


def rebuild_summaries(db: Database, profile_id: int) -> None:
    """Recompute a profile's running totals from its attempts (after an import or a migration)."""
    for table in ("item_totals", "day_totals", "confusion_totals", "mistakes"):
        db.execute(f"DELETE FROM {table} WHERE profile_id = ?", [profile_id])
    db.execute(
        """INSERT INTO item_totals
           SELECT profile_id, item, type, substr(item, instr(item, ':') + 1), game, topic, code,
                  count(*), sum(correct), sum(confused_code IS NOT NULL)
           FROM attempts WHERE profile_id = ? GROUP BY item""",
        [profile_id],
    )
    db.execute(
        """INSERT INTO day_totals
           SELECT profile_id, substr(at, 1, 10), count(*), sum(correct),
                  sum(NOT is_new), sum(correct AND NOT is_new), sum(is_new), sum(elapsed_ms)
           FROM attempts WHERE profile_id = ? GROUP BY substr(at, 1, 10)""",
        [profile_id],
    )
    db.execute(
        """INSERT INTO confusion_totals
           SELECT profile_id, game, code, confused_code, count(*)
           FROM attempts WHERE profile_id = ? AND confused_code IS NOT NULL
           GROUP BY game, code, confused_code""",
        [profile_id],
    )
    db.execute(
        """INSERT INTO mistakes
           SELECT a.profile_id, a.question_id, a.item, a.at FROM attempts a
           JOIN (SELECT question_id, max(id) AS last FROM attempts
                 WHERE profile_id = ? GROUP BY question_id) l ON a.id = l.last
           WHERE a.correct = 0""",
        [profile_id],
    )


def _flags_and_undo(db: Database) -> None:
    """Questions a learner disputes, and what undoing the last answer needs to restore."""
    for sql in (
        # A flagged item is not asked again until unflagged; the question id rebuilds the very
        # question the learner disputed, for the report.
        """CREATE TABLE flags (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            item TEXT NOT NULL,
            question_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (profile_id, item)
        )""",
        # One row per profile: the last answer, the card as it was before it (NULL: the item
        # was new) and the mistakes entry it replaced, so an undo restores them exactly.
        """CREATE TABLE last_answer (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
            attempt_id INTEGER NOT NULL,
            card_before TEXT,
            mistake_before TEXT
        )""",
    ):
        db.execute(sql)


def _figure_indexes(db: Database) -> None:
    """Covering indexes in the order the statistics group by: their sums read the index in
    order instead of sorting every item (app.progress.figures)."""
    for sql in (
        "CREATE INDEX cards_groups ON cards(profile_id, game, topic, code, stability, "
        "last_review)",
        "CREATE INDEX item_totals_groups ON item_totals(profile_id, game, topic, code, "
        "answers, correct)",
        "CREATE INDEX item_totals_laws ON item_totals(profile_id, law, answers, correct)",
    ):
        db.execute(sql)


def _review_by_attempt(db: Database) -> None:
    """Find an attempt's review without scanning the log (undo, and the cascade on delete)."""
    db.execute("CREATE INDEX IF NOT EXISTS review_log_attempt ON review_log(attempt_id)")


def _due_groups(db: Database) -> None:
    """What is due, by game and topic, read from the index alone: the module list's and the
    session's due counts and the next due items (a card's row was fetched per due card)."""
    db.execute(
        "CREATE INDEX IF NOT EXISTS cards_due_groups ON cards(profile_id, due, game, topic, item)"
    )


def _new_item_marks(db: Database) -> None:
    """How far each study module's walk through the new-item order is known to be answered,
    and the count of items made new again that guards it (app.progress.new_items)."""
    db.execute(
        """CREATE TABLE new_item_marks (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            module TEXT NOT NULL,
            new_order TEXT NOT NULL,
            answered INTEGER NOT NULL,
            PRIMARY KEY (profile_id, module)
        )"""
    )
    db.execute("ALTER TABLE profiles ADD COLUMN new_again INTEGER NOT NULL DEFAULT 0")


MIGRATIONS: tuple[Migration, ...] = (
    (1, "profiles, attempts, cards and review log", _initial),
    (2, "running totals for statistics and the mistakes list", _summaries),
    (3, "flagged questions and the undo of the last answer", _flags_and_undo),
    (4, "indexes for the statistics' grouped sums", _figure_indexes),
    (5, "the review log indexed by attempt", _review_by_attempt),
    (6, "the cards indexed by due date, game and topic", _due_groups),
    (7, "how far each module's new items are known to be answered", _new_item_marks),
)
LATEST = MIGRATIONS[-1][0]


def applied(db: Database) -> list[int]:
    """Versions already applied (empty for a new file)."""
    if "migrations" not in db.table_names():
        return []
    return [row[0] for row in db.execute("SELECT version FROM migrations ORDER BY version")]


def migrate(db: Database, upto: int = LATEST) -> list[int]:
    """Apply every migration not yet applied, up to `upto`; return the versions applied now."""
    if "migrations" not in db.table_names():
        db.execute(
            "CREATE TABLE IF NOT EXISTS migrations "
            "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)"
        )
    done = set(applied(db))
    newer = [v for v in done if v > LATEST]
    if newer:
        raise RuntimeError(
            f"the progress file was written by a newer Card Laws (schema {max(newer)})"
        )
    now = datetime.now(UTC).isoformat(timespec="seconds")
    ran = []
    for version, name, step in MIGRATIONS:
        if version in done or version > upto:
            continue
        with db.atomic():
            step(db)
            db.execute(
                "INSERT INTO migrations (version, name, applied) VALUES (?, ?, ?)",
                [version, name, now],
            )
        ran.append(version)
    return ran
