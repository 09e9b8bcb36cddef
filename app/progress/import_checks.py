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
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Annotated, Any

from msgspec import Meta

from app.corpus.schema import Schema, convert, wrongs
from app.corpus.vocabulary import CODES, GAMES, TOPICS
from app.input_files import nesting
from app.progress.flags import check_flags
from app.progress.records import Mode, ProgressError

EXPORT_FORMAT = "cardlaws-progress"
EXPORT_VERSION = 1
MAX_FILE_BYTES = 256 * 1024 * 1024
MAX_DEPTH = 16  # the scheduler's JSON is 2 deep; an answer at most 3
MAX_NAME = 100  # a profile's name
MAX_TEXT = 1000  # an id, an item, a law id
MAX_ANSWER = 64 * 1024  # one answer, as JSON
_FIRST_YEAR, _LAST_YEAR = 1970, 9998

Checker = Callable[[Mapping[str, Any]], str | None]
Stamp = Annotated[datetime, Meta(tz=True, description="a timezone-aware ISO date and time")]


_PLAIN = r"^[^\x00-\x1f\x7f]*$"  # no control character
Name = Annotated[str, Meta(max_length=MAX_NAME, pattern=_PLAIN, description=(
    f"text of at most {MAX_NAME} characters, with no control character (such as NUL)"))]
Id = Annotated[str, Meta(max_length=MAX_TEXT, pattern=_PLAIN, description=(
    f"text of at most {MAX_TEXT} characters, with no control character (such as NUL)"))]
Milliseconds = Annotated[int, Meta(ge=0, le=7 * 24 * 3600 * 1000, description=(
    "a whole number of milliseconds from 0 to a week"))]
Count = Annotated[int, Meta(ge=0, le=10**7, description="a whole number from 0 to 10000000")]
Number = Annotated[float, Meta(ge=0, lt=1e12, description="a finite number")]


class Record(Schema, frozen=True):
    """A record of an export: beyond its fields' types and bounds, every time in range and
    every object or list shallow (all of a record's problems at once)."""

    def __post_init__(self) -> None:
        found = []
        for name in self.__struct_fields__:
            value = getattr(self, name)
            if type(value) is datetime:
                problem = moment_problem(value)
            elif type(value) in (dict, list, tuple):
                problem = (f"nested deeper than {MAX_DEPTH} levels"
                           if nesting(value, MAX_DEPTH) > MAX_DEPTH else None)
            else:
                problem = None
            if problem is not None:
                found.append((name, problem))
        if found:
            raise wrongs(found)


class Profile(Record, frozen=True):
    """The profile exported: its name, when it was made, its new items a day."""

    name: Name
    created: Stamp
    new_per_day: Annotated[int, Meta(ge=0, le=100_000, description=(
        "a whole number from 0 to 100000"))]


class Attempt(Record, frozen=True):
    """One answer given (`answer` is whatever the question took: checked apart)."""

    at: Stamp
    question_id: Id
    type: Id
    item: Id
    game: Id
    topic: Id
    code: Id
    laws: Annotated[tuple[Id, ...], Meta(min_length=1, description="a non-empty list of law ids")]
    correct: bool
    confused_code: Id | None
    elapsed_ms: Milliseconds
    mode: Mode
    is_new: bool
    answer: Any


class Card(Record, frozen=True):
    """One item's schedule (`card` is the scheduler's own, checked by `check_card`)."""

    item: Id
    type: Id
    law: Id
    game: Id
    topic: Id
    code: Id
    due: Stamp
    state: Annotated[int, Meta(ge=1, le=3, description=(
        "1 (learning), 2 (review) or 3 (relearning)"))]
    stability: Number | None
    difficulty: Number | None
    last_review: Stamp | None
    reps: Count
    lapses: Count
    created: Stamp
    card: dict[str, Any]


class Review(Record, frozen=True):
    """One review of a card (`log` is the scheduler's own, checked by `check_log`)."""

    item: Id
    attempt: Annotated[int, Meta(ge=0, description="an attempt's number")] | None
    at: Stamp
    rating: Annotated[int, Meta(ge=1, le=4, description="1 to 4")]
    log: dict[str, Any]


Records = list[Any]


class Export(Schema, frozen=True):
    """A progress export's envelope; each record is checked apart, so that one bad record
    leaves the others' problems told."""

    format: Any
    version: Any
    profile: Any
    attempts: Records
    cards: Records
    review_log: Records
    exported: Any = None
    flags: Any = None




def _records(where: str, values: list[Any], kind: Any, problems: list[str]) -> list[Any]:
    """Each of `values` as `kind`, in place ("cards[3]"); None where it has problems."""
    found = []
    for n, value in enumerate(values):
        record, wrong = convert(value, kind, f"{where}[{n}]")
        problems.extend(f"{fld}: {message}" for fld, message in wrong)
        found.append(record)
    return found


def moment_problem(moment: datetime) -> str | None:
    """Why a time read from an export is out of range (None when fine)."""
    try:
        year = moment.astimezone(UTC).year
    except OverflowError:  # a year 1 or 9999 moved to UTC
        year = moment.year
    if not _FIRST_YEAR <= year <= _LAST_YEAR:
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


def _check_vocab(where: str, record: Attempt | Card, problems: list[str]) -> None:
    if record.game not in GAMES:
        problems.append(f"{where}.game: unknown game {record.game!r}")
    if record.topic not in TOPICS:
        problems.append(f"{where}.topic: unknown topic {record.topic!r}")
    if record.code not in CODES:
        problems.append(f"{where}.code: unknown code {record.code!r}")
    if record.type != record.item.partition(":")[0]:
        problems.append(f"{where}.item: {record.item!r} is not of type {record.type!r}")


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
    unstorable = _first_unstorable(data)
    if unstorable is not None:  # SQLite would refuse it at the insert, with a traceback
        return [f"{unstorable}: holds a lone surrogate (such as \\ud800), which no text "
                "can store"]
    export, wrong = convert(data, Export)
    problems = [f"{fld or 'file'}: {message}" for fld, message in wrong]
    if export is None:
        if type(data) is not dict:
            return ["file: must be a JSON object"]
        lists = {k: v if type(v) is list else [] for k, v in data.items()}
        export = Export(data.get("format"), data.get("version"), data.get("profile"),
                        lists.get("attempts", []), lists.get("cards", []),
                        lists.get("review_log", []), flags=data.get("flags"))
    if export.format != EXPORT_FORMAT:
        problems.append(f"format: must be {EXPORT_FORMAT!r}")
    if type(export.version) is not int or export.version != EXPORT_VERSION:
        problems.append(f"version: must be the whole number {EXPORT_VERSION} (this Card Laws "
                        f"reads version {EXPORT_VERSION}), not {_shown(export.version)}")
    problems.extend(f"{fld}: {message}" for fld, message in
                    convert(export.profile, Profile, "profile")[1])
    for n, a in enumerate(_records("attempts", export.attempts, Attempt, problems)):
        where = f"attempts[{n}]"
        if a is None:
            continue
        if _answer_problem(a.answer) is not None:
            problems.append(f"{where}.answer: {_answer_problem(a.answer)}")
        _check_vocab(where, a, problems)
        if a.confused_code is not None and a.confused_code not in CODES:
            problems.append(f"{where}.confused_code: unknown code {a.confused_code!r}")
        if known_law is not None:
            problems.extend(f"{where}.laws: unknown law {law!r}"
                            for law in a.laws if not known_law(law))
        if known_item is not None and not known_item(a.item):
            problems.append(f"{where}.item: unknown item {a.item!r}")
    seen: set[str] = set()
    for n, c in enumerate(_records("cards", export.cards, Card, problems)):
        where = f"cards[{n}]"
        if c is None:
            continue
        _check_vocab(where, c, problems)
        if c.item in seen:
            problems.append(f"{where}.item: {c.item!r} has two cards")
        seen.add(c.item)
        if c.item.partition(":")[2] != c.law:
            problems.append(f"{where}.law: does not match the item {c.item!r}")
        if known_item is not None and not known_item(c.item):
            problems.append(f"{where}.item: unknown item {c.item!r}")
        if known_law is not None and not known_law(c.law):
            problems.append(f"{where}.law: unknown law {c.law!r}")
        for key in ("card_id", "state", "due"):
            if key not in c.card:
                problems.append(f"{where}.card.{key}: missing")
        if check_card is not None:
            why = _checked(check_card, c.card)
            if why is not None:
                problems.append(f"{where}.card: the scheduler cannot read it: {why}")
    check_flags(export.flags, problems)
    for n, r in enumerate(_records("review_log", export.review_log, Review, problems)):
        where = f"review_log[{n}]"
        if r is None:
            continue
        if r.attempt is not None and not r.attempt < len(export.attempts):
            problems.append(f"{where}.attempt: no attempt number {r.attempt}")
        if r.item not in seen:
            problems.append(f"{where}.item: no card for {_shown(r.item)}")
        if check_log is not None:
            why = _checked(check_log, r.log)
            if why is not None:
                problems.append(f"{where}.log: the scheduler cannot read it: {why}")
    return problems


def _answer_problem(answer: Any) -> str | None:
    if nesting(answer, MAX_DEPTH) > MAX_DEPTH:
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
