"""Export and import of a profile's progress, checked against this Card Laws' items and laws."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

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
    bank = bank or default_bank()
    return store.import_file(
        path,
        name=name,
        known_item=bank.items.__contains__,
        known_law=bank.content.laws.__contains__,
    )
