"""Export and import of a profile's progress, checked against this Card Laws' items and laws."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from fsrs import Card, Rating, ReviewLog, Scheduler

from app.progress import Profile, ProgressStore
from quizzes.bank import QuestionBank, default_bank


def export_progress(
    store: ProgressStore, profile_id: int, path: Path, now: datetime | None = None
) -> None:
    """Write a profile's progress to a JSON file."""
    store.export_file(profile_id, path, now)


def import_progress(
    store: ProgressStore,
    path: Path,
    bank: QuestionBank | None = None,
    name: str | None = None,
) -> Profile:
    """Import a JSON export as a new profile; ImportProblem (nothing written) if anything is off."""
    from app.progress.transfer import read_export

    data = read_export(path)  # a pipe, a device or bad JSON is refused before the bank loads
    bank = bank or default_bank()
    return store.import_profile(
        data,
        name=name,
        known_item=bank.items.__contains__,
        known_law=bank.content.laws.__contains__,
        check_card=card_problem,
        check_log=log_problem,
    )


_CARD_KEYS = {"card_id", "state", "step", "stability", "difficulty", "due", "last_review"}
_LOG_KEYS = {"card_id", "rating", "review_datetime", "review_duration"}


def card_problem(data: Mapping[str, Any]) -> str | None:
    """Why the scheduler could not use this stored card (None when it can): the fields fsrs
    writes, each of its type and range, and one trial review of the card."""
    if set(data) != _CARD_KEYS:
        return f"needs exactly the fields {', '.join(sorted(_CARD_KEYS))}"
    if not _whole(data["card_id"], -(2**63), 2**63 - 1):
        return "card_id must be a whole number"
    if not _whole(data["state"], 1, 3):
        return "state must be 1, 2 or 3"
    if data["step"] is not None and not _whole(data["step"], 0, 1000):
        return "step must be a whole number from 0 to 1000, or null"
    for key in ("stability", "difficulty"):
        value = data[key]
        if value is not None and not (
            isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value < 1e12
        ):
            return f"{key} must be a finite number, 0 or more, or null"
    for key in ("due", "last_review"):
        if (data[key] is not None or key == "due") and not _aware_time(data[key]):
            return f"{key} must be a timezone-aware ISO date and time"
    card = Card.from_dict(data)  # type: ignore[arg-type]
    Scheduler(enable_fuzzing=False).review_card(card, Rating.Good, card.due)
    return None


def log_problem(data: Mapping[str, Any]) -> str | None:
    """Why the scheduler could not read this stored review log (None when it can)."""
    if set(data) != _LOG_KEYS:
        return f"needs exactly the fields {', '.join(sorted(_LOG_KEYS))}"
    if not _whole(data["card_id"], -(2**63), 2**63 - 1) or not _whole(data["rating"], 1, 4):
        return "card_id must be a whole number and rating 1 to 4"
    if data["review_duration"] is not None and not _whole(data["review_duration"], 0, 2**31):
        return "review_duration must be a whole number of milliseconds, or null"
    if not _aware_time(data["review_datetime"]):
        return "review_datetime must be a timezone-aware ISO date and time"
    ReviewLog.from_dict(data)  # type: ignore[arg-type]
    return None


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _aware_time(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 64:
        return False
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return False
    return moment.tzinfo is not None and 1970 <= moment.year <= 9998
