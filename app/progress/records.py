"""Progress records (profiles, answers, cards, totals), stored times, errors and the data folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Literal, NamedTuple, get_args

import platformdirs

FILE_NAME = "progress.sqlite"
ENV_DIR = "CARDLAWS_DATA_DIR"
Mode = Literal["learn", "mistakes", "exam"]
MODES: tuple[str, ...] = get_args(Mode)
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
    """The platform's per-user data directory for Card Laws (platformdirs: XDG on Linux,
    Application Support on macOS, the roaming AppData on Windows)."""
    name = "cardlaws" if sys.platform not in ("win32", "darwin") else "CardLaws"
    return Path(platformdirs.user_data_dir(name, appauthor=False, roaming=True))


def data_dir(explicit: Path | str | None = None) -> Path:
    """Where the progress file lives: the argument, else $CARDLAWS_DATA_DIR, else the default."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(ENV_DIR)
    return Path(env) if env else default_data_dir()


def day_start(moment: datetime) -> datetime:
    """Midnight UTC of a moment's day."""
    m = moment.astimezone(UTC)
    return datetime(m.year, m.month, m.day, tzinfo=UTC)


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
    count: int  # type: ignore[assignment]  # a field, shadowing tuple.count on purpose


@dataclass(frozen=True)
class ProgressSummary:
    """Everything the statistics screen needs, read in a few small queries."""

    items: tuple[ItemTotal, ...]
    days: tuple[DayTotal, ...]
    confusions: tuple[Confusion, ...]
    cards: tuple[CardRow, ...]
