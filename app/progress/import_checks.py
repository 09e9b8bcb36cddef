"""Validating a progress export before anything of it is written: total and bounded.

Every problem is reported with its place (`cards[3].due: ...`); nothing raises. Bounds keep a
hostile or damaged file from costing unbounded time or memory or reaching SQLite with values
it cannot store: file size, nesting depth, string lengths (and no NUL or other control
characters in names and ids), whole numbers that fit SQLite's 64-bit integers and stay in a
sensible range, times within years 1970-9998, and the scheduler's own card and log data,
checked by the caller's `check_card` / `check_log` (this package knows nothing of fsrs).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any

from app.corpus.vocabulary import CODES, GAMES, TOPICS
from app.progress.flags import check_flags
from app.progress.records import MODES, ProgressError, parse_stamp

EXPORT_FORMAT = "cardlaws-progress"
EXPORT_VERSION = 1
MAX_FILE_BYTES = 256 * 1024 * 1024
MAX_DEPTH = 16  # the scheduler's JSON is 2 deep; an answer at most 3
MAX_NAME = 100  # a profile's name
MAX_TEXT = 1000  # an id, an item, a law id
MAX_ANSWER = 64 * 1024  # one answer, as JSON
MAX_INT = 2**63 - 1
# The largest sensible value of each whole-number field (all must also be 0 or more).
_INT_LIMITS = {
    "elapsed_ms": 7 * 24 * 3600 * 1000,
    "state": 3,
    "reps": 10**7,
    "lapses": 10**7,
    "rating": 4,
    "attempt": MAX_INT,
    "new_per_day": 100_000,
}
_FIRST_YEAR, _LAST_YEAR = 1970, 9998

Checker = Callable[[Mapping[str, Any]], str | None]


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
        problem = _bounded(key, value)
        if problem is not None:
            problems.append(f"{where}.{key}: {problem}")
            ok = False
    return ok


def _bounded(key: str, value: Any) -> str | None:
    """What is wrong with a field's value beyond its type (None when acceptable)."""
    if key in _STAMPS and isinstance(value, str):
        return stamp_problem(value)
    if isinstance(value, str):
        return text_problem(value, MAX_TEXT)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        top = _INT_LIMITS.get(key, MAX_INT)
        return None if 0 <= value <= top else f"must be a whole number from 0 to {top}"
    if isinstance(value, float):
        return None if math.isfinite(value) and 0 <= value < 1e12 else "must be a finite number"
    if isinstance(value, dict | list):
        return None if depth(value) <= MAX_DEPTH else f"nested deeper than {MAX_DEPTH} levels"
    return None


def stamp_problem(text: str) -> str | None:
    """Why a stored time cannot be read or is out of range (None when fine)."""
    if len(text) > 64:
        return "not a timezone-aware ISO date and time"
    try:
        moment = parse_stamp(text)
    except (ValueError, OverflowError, TypeError):
        return "not a timezone-aware ISO date and time"
    if not _FIRST_YEAR <= moment.year <= _LAST_YEAR:
        return f"out of range (years {_FIRST_YEAR} to {_LAST_YEAR})"
    return None


def text_problem(text: str, longest: int) -> str | None:
    """Why a name or id cannot be stored (None when fine): too long, or control characters."""
    if len(text) > longest:
        return f"longer than {longest} characters"
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        return "holds a control character (such as NUL)"
    if not _encodable(text):
        return "holds a lone surrogate (such as \\ud800), which no text can store"
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def checked_name(name: str) -> str:
    """A profile name as stored: trimmed, not blank, short, no control characters; raises
    ProgressError saying what is wrong."""
    name = name.strip()
    if not name:
        raise ProgressError("a profile needs a name")
    problem = text_problem(name, MAX_NAME)
    if problem is not None:
        raise ProgressError(f"that name cannot be used: it is {problem}"
                            if problem.startswith("longer") else f"that name {problem}")
    return name


def depth(value: Any) -> int:
    """How deeply lists and objects nest (iterative: never overflows the stack)."""
    if not isinstance(value, dict | list):
        return 0  # a text, a number, true or null: nothing nested (an answer may be any)
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return deepest


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
    check_card: Checker | None = None,
    check_log: Checker | None = None,
) -> list[str]:
    """Every problem in an export mapping (empty when it can be imported), each with its place.

    `check_card` / `check_log` say what is wrong with a card's or a review's scheduler data
    (None when the scheduler can read it).
    """
    problems: list[str] = []
    if not isinstance(data, dict):
        return ["file: must be a JSON object"]
    unstorable = _first_unstorable(data)
    if unstorable is not None:  # SQLite would refuse it at the insert, with a traceback
        return [f"{unstorable}: holds a lone surrogate (such as \\ud800), which no text "
                "can store"]
    if data.get("format") != EXPORT_FORMAT:
        problems.append(f"format: must be {EXPORT_FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != EXPORT_VERSION:
        problems.append(f"version: must be the whole number {EXPORT_VERSION} (this Card Laws "
                        f"reads version {EXPORT_VERSION}), not {_shown(version)}")
    for key in sorted(
        set(data)
        - {"format", "version", "exported", "profile", "attempts", "cards", "review_log", "flags"}
    ):
        problems.append(f"{key}: unknown field")
    profile = data.get("profile")
    if not isinstance(profile, dict):
        problems.append("profile: must be an object")
    else:
        name = profile.get("name")
        if not isinstance(name, str):
            problems.append("profile.name: must be a string")
        elif text_problem(name, MAX_NAME) is not None:
            problems.append(f"profile.name: {text_problem(name, MAX_NAME)}")
        created = profile.get("created")
        when = stamp_problem(created) if isinstance(created, str) else "must be a string"
        if when is not None:
            problems.append(f"profile.created: {when}")
        npd = profile.get("new_per_day")
        top = _INT_LIMITS["new_per_day"]
        if not isinstance(npd, int) or isinstance(npd, bool) or not 0 <= npd <= top:
            problems.append(f"profile.new_per_day: must be a whole number from 0 to {top}")
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
        elif _answer_problem(a["answer"]) is not None:
            problems.append(f"{where}.answer: {_answer_problem(a['answer'])}")
        _check_vocab(where, a, problems)
        if a["mode"] not in MODES:
            problems.append(f"{where}.mode: must be one of {', '.join(MODES)}")
        if a["elapsed_ms"] < 0:
            problems.append(f"{where}.elapsed_ms: must not be negative")
        if a["confused_code"] is not None and a["confused_code"] not in CODES:
            problems.append(f"{where}.confused_code: unknown code {a['confused_code']!r}")
        if not a["laws"] or not all(
            isinstance(x, str) and text_problem(x, MAX_TEXT) is None for x in a["laws"]
        ):
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
        if check_card is not None:
            why = _checked(check_card, card)
            if why is not None:
                problems.append(f"{where}.card: the scheduler cannot read it: {why}")
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
            problems.append(f"{where}.item: no card for {_shown(r['item'])}")
        if check_log is not None:
            why = _checked(check_log, r["log"])
            if why is not None:
                problems.append(f"{where}.log: the scheduler cannot read it: {why}")
    return problems


def _answer_problem(answer: Any) -> str | None:
    if depth(answer) > MAX_DEPTH:
        return f"nested deeper than {MAX_DEPTH} levels"
    try:
        text = json.dumps(answer, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # ValueError: a 5,000-digit number
        return "cannot be stored as JSON"
    if not _encodable(text):
        return "holds a lone surrogate (such as \\ud800), which no text can store"
    size = len(text)
    return None if size <= MAX_ANSWER else f"larger than {MAX_ANSWER // 1024} kB"


def _first_unstorable(data: Any) -> str | None:
    """The place of the first text (or key) no UTF-8 can hold, anywhere in `data`."""
    stack: list[tuple[str, Any]] = [("file", data)]
    while stack:
        where, node = stack.pop()
        if isinstance(node, str):
            if not _encodable(node):
                return where
        elif isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str) and not _encodable(key):
                    return where
                stack.append((f"{where}.{key}" if where != "file" else str(key), value))
        elif isinstance(node, list):
            stack.extend((f"{where}[{n}]", item) for n, item in enumerate(node))
    return None


def _checked(check: Checker, data: Mapping[str, Any]) -> str | None:
    try:
        return check(data)
    except Exception as exc:  # a checker that fails is a refusal, never a crash
        return f"{type(exc).__name__}: {exc}"


def _shown(value: Any) -> str:
    """A value quoted for a message, cut short so a megabyte name is not printed whole."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
