"""A profile's progress as JSON: export, and import in one go once `import_checks` passed it."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.input_files import InputFileError, check_target, load_json
from app.progress.faults import FileRefused
from app.progress.flags import export_flags, import_flags
from app.progress.import_checks import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    MAX_ANSWER,
    MAX_FILE_BYTES,
    MAX_NAME,
    Checker,
    text_problem,
    validate_export,
)
from app.progress.migrations import rebuild_summaries
from app.progress.records import (
    CardRow,
    ImportProblem,
    Profile,
    ReviewEntry,
    parse_stamp,
    stamp,
    utc_now,
)
from app.progress.rows import CARD_COLUMNS, card_row, insert_review, put_card
from app.progress.writing import immediate

if TYPE_CHECKING:
    from app.progress.store import ProgressStore

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "export_file", "export_profile", "import_file",
           "import_profile", "read_export", "validate_export"]


def export_profile(
    store: ProgressStore, profile_id: int, now: datetime | None = None
) -> dict[str, Any]:
    """A profile's whole progress as a JSON-ready mapping."""
    profile = store.profile(profile_id)
    index: dict[int, int] = {}
    attempts = []
    for n, a in enumerate(store.attempts(profile_id)):
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
    for r in store.db.execute(
        f"SELECT {CARD_COLUMNS}, card FROM cards WHERE profile_id = ? ORDER BY item",
        [profile_id],
    ):
        c = card_row(r, with_json=True)
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
        for r in store.db.execute(
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
        "flags": export_flags(store.db, profile_id),
    }


def export_file(
    store: ProgressStore, profile_id: int, path: Path, now: datetime | None = None
) -> None:
    """Write a profile's export to a JSON file (atomically: a partial file never remains)."""
    target = Path(path)
    try:
        check_target(target)  # never replace a device or pipe (/dev/null) with a file
    except InputFileError as exc:
        raise FileRefused(str(exc)) from None
    data = export_profile(store, profile_id, now)
    # A unique temporary name beside the target (mkstemp: readable by the learner alone),
    # renamed over it only once complete.
    fd, partial = tempfile.mkstemp(prefix=f".{target.name}-", suffix=".partial",
                                   dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(data, ensure_ascii=False, indent=1))
        os.replace(partial, target)
    finally:
        Path(partial).unlink(missing_ok=True)


def import_profile(
    store: ProgressStore,
    data: Any,
    *,
    name: str | None = None,
    known_item: Callable[[str], bool] | None = None,
    known_law: Callable[[str], bool] | None = None,
    check_card: Checker | None = None,
    check_log: Checker | None = None,
) -> Profile:
    """Validate an export in full, then write it as a new profile in one transaction.

    Raises ImportProblem listing every problem, having written nothing.
    """
    problems = validate_export(data, known_item=known_item, known_law=known_law,
                               check_card=check_card, check_log=check_log)
    if problems:
        raise ImportProblem(problems)
    wanted = (name or data["profile"]["name"]).strip()
    if not wanted:
        raise ImportProblem(["profile.name: must not be blank"])
    if text_problem(wanted, MAX_NAME) is not None:
        raise ImportProblem([f"profile.name: {text_problem(wanted, MAX_NAME)}"])
    profile_data = data["profile"]
    with immediate(store.db):
        taken = {r[0] for r in store.db.execute("SELECT name FROM profiles")}
        final, n = wanted, 2
        while final in taken:
            final, n = f"{wanted} ({n})", n + 1
        cur = store.db.execute(
            "INSERT INTO profiles (name, created, new_per_day) VALUES (?, ?, ?)",
            [final, stamp(parse_stamp(profile_data["created"])), profile_data["new_per_day"]],
        )
        pid = int(cur.lastrowid or 0)
        ids: list[int] = []
        for a in data["attempts"]:
            cur = store.db.execute(
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
            put_card(
                store.db,
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
            insert_review(
                store.db,
                pid,
                ReviewEntry(r["item"], parse_stamp(r["at"]), r["rating"], r["log"]),
                attempt,
            )
        import_flags(store.db, pid, data.get("flags"))
        rebuild_summaries(store.db, pid)
    return store.profile(pid)


def import_file(store: ProgressStore, path: Path, **kwargs: Any) -> Profile:
    """Read a JSON export and import it (see import_profile). The file is read by bytes up to
    MAX_FILE_BYTES, and no text in it may be longer than an answer may be: a 60 MB answer
    stops the parse where it is met, not after the whole file is checked."""
    return import_profile(store, read_export(path), **kwargs)


def read_export(path: Path) -> Any:
    """An export file's JSON, read safely (app/input_files.py); ImportProblem when refused.
    Nothing else is needed to read it: a caller refuses a bad file before loading the rest."""
    try:
        return load_json(path, MAX_FILE_BYTES, longest=MAX_ANSWER)
    except InputFileError as exc:
        raise ImportProblem([f"file: {exc}"]) from None
