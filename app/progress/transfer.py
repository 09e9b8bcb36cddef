"""A profile's progress as JSON: export, full validation of an import, then import in one go."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.progress.flags import check_flags, export_flags, import_flags
from app.progress.records import (
    MODES,
    CardRow,
    ImportProblem,
    Profile,
    ReviewEntry,
    parse_stamp,
    stamp,
    utc_now,
)
from app.progress.rows import CARD_COLUMNS, card_row, insert_review, put_card
from app.progress_migrations import rebuild_summaries
from app.vocabulary import CODES, GAMES, TOPICS

if TYPE_CHECKING:
    from app.progress.store import ProgressStore

EXPORT_FORMAT = "cardlaws-progress"
EXPORT_VERSION = 1


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
    data = export_profile(store, profile_id, now)
    partial = Path(path).with_suffix(Path(path).suffix + ".partial")
    partial.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    partial.replace(path)


def import_profile(
    store: ProgressStore,
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
    with store.db.atomic():
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
    """Read a JSON export and import it (see import_profile)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportProblem([f"file: cannot read {path}: {exc}"]) from None
    except json.JSONDecodeError as exc:
        raise ImportProblem([f"file: not valid JSON: {exc}"]) from None
    return import_profile(store, data, **kwargs)


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
        set(data)
        - {"format", "version", "exported", "profile", "attempts", "cards", "review_log", "flags"}
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
    check_flags(data.get("flags"), problems)
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
