"""What the progress fault tests share: a healthy progress file, an answer to record, and
whether a file was moved aside as damaged."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.progress import (
    FILE_NAME,
    Attempt,
    ProgressStore,
)

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def answer(profile_id: int, n: int, size: int = 10) -> Attempt:
    return Attempt(
        profile_id=profile_id,
        at=T0 + timedelta(seconds=n),
        question_id=f"law:ecarte.american.misdeal:{n}",
        type="law",
        item="law:ecarte.american.misdeal",
        game="ecarte",
        topic="misdeals",
        code="american",
        laws=("ecarte.american.misdeal",),
        answer="x" * size,
        correct=n % 2 == 0,
        elapsed_ms=1000,
    )


def healthy(folder: Path, answers: int = 5) -> bytes:
    """A progress file with one profile and some answers, closed cleanly; its bytes."""
    with ProgressStore.open(folder, clock=lambda: T0, keep_backups=0) as store:
        p = store.create_profile("Ann", T0)
        for n in range(answers):
            store.record(answer(p.id, n))
    return (folder / FILE_NAME).read_bytes()


def nothing_moved(folder: Path) -> bool:
    return not list(folder.glob(f"{FILE_NAME}.corrupt-*"))
