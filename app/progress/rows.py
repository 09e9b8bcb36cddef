"""Records to and from SQL rows: answers with their running totals, cards and reviews."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlite_utils import Database

from app.progress.records import Attempt, CardRow, ReviewEntry, parse_stamp, stamp

# Callers run these inside their own transaction (`writing.immediate`): an answer and its card and
# review are written together or not at all.


def insert_attempt(db: Database, a: Attempt) -> int:
    """Add an answer and fold it into the running totals and mistakes; returns its id."""
    at = stamp(a.at)
    correct = int(bool(a.correct))
    cur = db.execute(
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
    db.execute(
        """INSERT INTO item_totals VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
           ON CONFLICT (profile_id, item) DO UPDATE SET answers = answers + 1,
           correct = correct + excluded.correct, confused = confused + excluded.confused""",
        [a.profile_id, a.item, a.type, law, a.game, a.topic, a.code, correct, confused],
    )
    review = int(not a.is_new)
    db.execute(
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
        db.execute(
            """INSERT INTO confusion_totals VALUES (?, ?, ?, ?, 1)
               ON CONFLICT (profile_id, game, code, confused_code)
               DO UPDATE SET count = count + 1""",
            [a.profile_id, a.game, a.code, a.confused_code],
        )
    if correct:
        db.execute(
            "DELETE FROM mistakes WHERE profile_id = ? AND question_id = ?",
            [a.profile_id, a.question_id],
        )
    else:
        db.execute(
            "INSERT OR REPLACE INTO mistakes VALUES (?, ?, ?, ?)",
            [a.profile_id, a.question_id, a.item, at],
        )
    return int(cur.lastrowid or 0)


def put_card(db: Database, profile_id: int, c: CardRow) -> None:
    """Write (or replace) a profile's card for an item."""
    db.execute(
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


def insert_review(db: Database, profile_id: int, r: ReviewEntry, attempt_id: int | None) -> None:
    """Add a scheduler review to the log."""
    db.execute(
        "INSERT INTO review_log (profile_id, item, attempt_id, at, rating, log) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [profile_id, r.item, attempt_id, stamp(r.at), r.rating, json.dumps(dict(r.log))],
    )


# --------------------------------------------------------------------------- reading

# The columns in the order card_row and attempt_row read them (cards: add `, card` for the JSON).
CARD_COLUMNS = (
    "item, type, law, game, topic, code, due, state, stability, difficulty, last_review, "
    "reps, lapses, created"
)
ATTEMPT_COLUMNS = (
    "profile_id, at, question_id, type, item, game, topic, code, laws, answer, correct, "
    "elapsed_ms, confused_code, mode, is_new, id"
)


def card_row(r: Sequence[Any], *, with_json: bool) -> CardRow:
    """A CardRow from a row selected as CARD_COLUMNS (then `card` when `with_json`)."""
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


def attempt_row(r: Sequence[Any]) -> Attempt:
    """An Attempt from a row selected as ATTEMPT_COLUMNS."""
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
