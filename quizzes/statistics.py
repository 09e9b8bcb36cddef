"""Statistics for the progress screen, read as SQL aggregates from the progress store.

Accuracy is correct answers over answers; mastery is the mean chance of recall now (fsrs's
forgetting curve) over a group's items, counting items never answered as 0 when the
catalogue of items is given. Days are UTC days. SQLite makes the sums (`app.progress.figures`)
per (game, topic, code); this module rolls those few hundred rows up and names them, so the
cost grows with the number of groups, not with the history. The per-law table (one row per
law) is read only when asked: `statistics(..., laws=True)` or `law_standings`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Protocol

from app.progress.figures import FigureRows, GroupRow
from app.progress.records import DayTotal
from quizzes.bank import ItemInfo
from quizzes.scheduling import Scheduling

GROUPS = ("game", "topic", "code", "law")


class FigureSource(Protocol):
    """Where the sums come from: a ProgressStore, or a FigureQueries reader on a worker."""

    def figures(self, profile_id: int, now: datetime, **kwargs: Any) -> FigureRows: ...

    def law_rows(self, profile_id: int, now: datetime, **kwargs: Any) -> list[GroupRow]: ...


@dataclass(frozen=True)
class Standing:
    """One group's figures: answers, correct, accuracy, mastery, and items seen of all."""

    key: str
    answers: int
    correct: int
    mastery: float
    seen: int
    items: int

    @property
    def accuracy(self) -> float | None:
        """Correct over answers (None before any answer)."""
        return self.correct / self.answers if self.answers else None


@dataclass(frozen=True)
class Missed:
    """A law and how often it was missed."""

    law: str
    missed: int
    answers: int


@dataclass(frozen=True)
class DayPoint:
    """One day of the chart series: answers, reviews of known items and their retention."""

    day: date
    answers: int
    correct: int
    reviews: int
    retention: float | None
    new_items: int


@dataclass(frozen=True)
class Statistics:
    """Every figure of the statistics screen."""

    by_game: dict[str, Standing]
    by_topic: dict[str, Standing]
    by_code: dict[str, Standing]
    by_law: dict[str, Standing] | None  # None unless asked for (one row per law)
    most_missed: tuple[Missed, ...]
    confusions: int
    confusion_pairs: dict[tuple[str, str], int]
    days: tuple[DayPoint, ...]
    forecast: tuple[tuple[date, int], ...]
    answers: int
    correct: int


def _standing(
    key: str, answers: int, correct: int, items: int, seen: int, recall: float
) -> Standing:
    return Standing(key, answers, correct, recall / items if items else 0.0, seen, items)


def _rolled_up(rows: FigureRows, at: int) -> dict[str, Standing]:
    """Standings per game (at=0), topic (1) or code (2) from the (game, topic, code) sums."""
    sums: dict[str, list[Any]] = {}
    for r in rows.combos:
        s = sums.setdefault(str(r[at]), [0, 0, 0, 0, 0.0])
        s[0] += r.answers
        s[1] += r.correct
        s[2] += r.items
        s[3] += r.seen
        s[4] += r.recall
    return {k: _standing(k, *sums[k]) for k in sorted(sums)}


def day_series(
    days: Iterable[DayTotal], start: date | None = None, end: date | None = None
) -> tuple[DayPoint, ...]:
    """Answers, reviews and retention per day, every day from start to end (gaps as zeros)."""
    by_day = {d.day: d for d in days}
    if not by_day and (start is None or end is None):
        return ()
    first = start or min(by_day)
    last = end or max(by_day)
    out = []
    day = first
    while day <= last:
        d = by_day.get(day)
        if d is None:
            out.append(DayPoint(day, 0, 0, 0, None, 0))
        else:
            retention = d.reviews_correct / d.reviews if d.reviews else None
            out.append(DayPoint(day, d.answers, d.correct, d.reviews, retention, d.new_items))
        day += timedelta(days=1)
    return tuple(out)


def law_standings(
    source: FigureSource,
    profile_id: int,
    now: datetime,
    catalogue: Mapping[str, ItemInfo] | None = None,
    scheduling: Scheduling | None = None,
) -> dict[str, Standing]:
    """Accuracy and mastery per law (one SQL query; one row per law)."""
    decay, factor = (scheduling or Scheduling()).forgetting_curve
    rows = source.law_rows(profile_id, now, decay=decay, factor=factor, catalogue=catalogue)
    return {r.key: _standing(*r) for r in rows}


def statistics(
    source: FigureSource,
    profile_id: int,
    now: datetime,
    catalogue: Mapping[str, ItemInfo] | None = None,
    scheduling: Scheduling | None = None,
    *,
    laws: bool = False,
    missed: int = 10,
    horizon: int = 30,
) -> Statistics:
    """Every figure of the statistics screen for one profile at `now` (per law if `laws`)."""
    decay, factor = (scheduling or Scheduling()).forgetting_curve
    rows = source.figures(
        profile_id,
        now,
        decay=decay,
        factor=factor,
        catalogue=catalogue,
        missed=missed,
        horizon=horizon,
    )
    today = now.astimezone(UTC).date()
    due = dict(rows.due_per_day)
    return Statistics(
        by_game=_rolled_up(rows, 0),
        by_topic=_rolled_up(rows, 1),
        by_code=_rolled_up(rows, 2),
        by_law=law_standings(source, profile_id, now, catalogue, scheduling) if laws else None,
        most_missed=tuple(Missed(*m) for m in rows.most_missed),
        confusions=sum(rows.confusion_pairs.values()),
        confusion_pairs=rows.confusion_pairs,
        days=day_series(rows.days),
        forecast=tuple((today + timedelta(days=i), due.get(i, 0)) for i in range(horizon)),
        answers=rows.answers,
        correct=rows.correct,
    )
