"""Statistics for the progress screen, computed (purely) from a ProgressSummary.

Accuracy is correct answers over answers; mastery is the mean chance of recall now (fsrs's
forgetting curve) over a group's items, counting items never answered as 0 when the
catalogue of items is given. Days are UTC days.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from operator import attrgetter

from app.progress import CardRow, ProgressSummary
from quizzes.bank import ItemInfo
from quizzes.scheduling import Scheduling

GROUPS = ("game", "topic", "code", "law")


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
    by_law: dict[str, Standing]
    most_missed: tuple[Missed, ...]
    confusions: int
    confusion_pairs: dict[tuple[str, str], int]
    days: tuple[DayPoint, ...]
    forecast: tuple[tuple[date, int], ...]
    answers: int
    correct: int


def recall(cards: Iterable[CardRow], now: datetime, scheduling: Scheduling) -> dict[str, float]:
    """Chance of recall now per item."""
    return {c.item: scheduling.retrievability(c.stability, c.last_review, now) for c in cards}


# One row per item to count: its game, topic, code and law (in GROUPS order) and its chance
# of recall now (None when never answered).
_Member = tuple[str, str, str, str, float | None]


def _members(
    summary: ProgressSummary,
    catalogue: Mapping[str, ItemInfo] | None,
    chances: Mapping[str, float],
) -> list[_Member]:
    """Every item to count: those answered, and the catalogue's (answered or not)."""
    members: dict[str, _Member] = {
        c.item: (c.game, c.topic, c.code, c.law, chances.get(c.item)) for c in summary.cards
    }
    if catalogue is not None:
        for key, i in catalogue.items():
            if key not in members:
                members[key] = (i.game, i.topic, i.code, i.law, chances.get(key))
    return list(members.values())


def standings(
    summary: ProgressSummary,
    group: str,
    now: datetime,
    catalogue: Mapping[str, ItemInfo] | None = None,
    scheduling: Scheduling | None = None,
    chances: Mapping[str, float] | None = None,
    members: list[_Member] | None = None,
) -> dict[str, Standing]:
    """Accuracy and mastery per game, topic, code or law."""
    if group not in GROUPS:
        raise ValueError(f"group must be one of {GROUPS}")
    if chances is None:
        chances = recall(summary.cards, now, scheduling or Scheduling())
    if members is None:
        members = _members(summary, catalogue, chances)
    key = attrgetter(group)
    answers: dict[str, int] = defaultdict(int)
    correct: dict[str, int] = defaultdict(int)
    for t in summary.items:
        answers[key(t)] += t.answers
        correct[key(t)] += t.correct
    at = GROUPS.index(group)
    total: dict[str, int] = defaultdict(int)
    seen: dict[str, int] = defaultdict(int)
    recall_sum: dict[str, float] = defaultdict(float)
    for m in members:
        k = m[at]
        total[k] += 1
        chance = m[4]
        if chance is not None:
            seen[k] += 1
            recall_sum[k] += chance
    return {
        k: Standing(
            k,
            answers[k],
            correct[k],
            recall_sum[k] / total[k] if total[k] else 0.0,
            seen[k],
            total[k],
        )
        for k in sorted(set(answers) | set(total))
    }


def most_missed(summary: ProgressSummary, limit: int = 10) -> tuple[Missed, ...]:
    """Laws most often answered wrongly (ties: the lower accuracy first)."""
    missed: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for t in summary.items:
        missed[t.law][0] += t.answers - t.correct
        missed[t.law][1] += t.answers
    ranked = sorted(
        ((law, m, n) for law, (m, n) in missed.items() if m > 0),
        key=lambda x: (-x[1], -(x[1] / x[2]), x[0]),
    )
    return tuple(Missed(law, m, n) for law, m, n in ranked[:limit])


def confusion_count(summary: ProgressSummary) -> int:
    """Answers that chose another code's remedy (English/French confusion)."""
    return sum(c.count for c in summary.confusions)


def confusion_pairs(summary: ProgressSummary) -> dict[tuple[str, str], int]:
    """Confusions per (code asked, code whose remedy was chosen)."""
    out: dict[tuple[str, str], int] = defaultdict(int)
    for c in summary.confusions:
        out[(c.code, c.confused_code)] += c.count
    return dict(out)


def day_series(
    summary: ProgressSummary, start: date | None = None, end: date | None = None
) -> tuple[DayPoint, ...]:
    """Answers, reviews and retention per day, every day from start to end (gaps as zeros)."""
    if not summary.days and (start is None or end is None):
        return ()
    by_day = {d.day: d for d in summary.days}
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


def forecast(
    summary: ProgressSummary, now: datetime, days: int = 30
) -> tuple[tuple[date, int], ...]:
    """Items falling due on each of the next `days` days (today counts the overdue too)."""
    today = now.astimezone(UTC).date()
    counts = [0] * days
    for c in summary.cards:
        offset = (c.due.astimezone(UTC).date() - today).days
        if offset < days:
            counts[max(0, offset)] += 1
    return tuple((today + timedelta(days=i), n) for i, n in enumerate(counts))


def statistics(
    summary: ProgressSummary,
    now: datetime,
    catalogue: Mapping[str, ItemInfo] | None = None,
    scheduling: Scheduling | None = None,
    *,
    missed: int = 10,
    horizon: int = 30,
) -> Statistics:
    """Every figure of the statistics screen at once."""
    chances = recall(summary.cards, now, scheduling or Scheduling())
    members = _members(summary, catalogue, chances)
    by = {g: standings(summary, g, now, chances=chances, members=members) for g in GROUPS}
    return Statistics(
        by_game=by["game"],
        by_topic=by["topic"],
        by_code=by["code"],
        by_law=by["law"],
        most_missed=most_missed(summary, missed),
        confusions=confusion_count(summary),
        confusion_pairs=confusion_pairs(summary),
        days=day_series(summary),
        forecast=forecast(summary, now, horizon),
        answers=sum(t.answers for t in summary.items),
        correct=sum(t.correct for t in summary.items),
    )
