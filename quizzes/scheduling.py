"""Spaced repetition with fsrs: each (law, question type) item is one card.

A correct answer rates Good, or Easy when it came quickly: within QUICK_MS for its question
type (typing a number or picking every lawful card takes longer than one click). A wrong
answer rates Again. Times are timezone-aware UTC; the clock is injectable for tests.
Fuzzing is off by default so that a schedule is reproducible from its history.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card, Rating, ReviewLog, Scheduler, State

Clock = Callable[[], datetime]

# A correct answer given within this many milliseconds counts as Easy.
QUICK_MS: dict[str, int] = {
    "law": 8_000,
    "ruling": 12_000,
    "code": 8_000,
    "revoke": 15_000,
    "penalty": 20_000,
    "authored": 8_000,
}
DEFAULT_QUICK_MS = 10_000


def utc_now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("naive datetime: the scheduler needs timezone-aware UTC")
    return moment.astimezone(UTC)


def rating_for(correct: bool, elapsed_ms: int, qtype: str) -> Rating:
    """Again when wrong; Easy when right within the type's quick threshold; else Good."""
    if not correct:
        return Rating.Again
    if elapsed_ms <= QUICK_MS.get(qtype, DEFAULT_QUICK_MS):
        return Rating.Easy
    return Rating.Good


def card_id(profile_id: int, item: str) -> int:
    """A stable card id for a profile's item (fsrs needs one; its default sleeps 1 ms)."""
    digest = hashlib.blake2b(f"{profile_id}:{item}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class Review:
    """A card after one review, with the rating given and the scheduler's log."""

    card: Card
    rating: Rating
    log: ReviewLog
    lapsed: bool


class Scheduling:
    """The fsrs scheduler behind the quizzes."""

    def __init__(self, scheduler: Scheduler | None = None, *, clock: Clock = utc_now) -> None:
        self.scheduler = scheduler or Scheduler(enable_fuzzing=False)
        self.clock = clock
        decay = -self.scheduler.parameters[20]
        self._decay = decay
        self._factor = 0.9 ** (1 / decay) - 1

    def now(self) -> datetime:
        """The injected clock's time (aware UTC)."""
        return _aware(self.clock())

    def new_card(self, profile_id: int, item: str, now: datetime | None = None) -> Card:
        """A fresh card for an item, due at once."""
        return Card(card_id=card_id(profile_id, item), due=_aware(now or self.now()))

    def review(
        self,
        card: Card,
        correct: bool,
        elapsed_ms: int,
        qtype: str,
        now: datetime | None = None,
    ) -> Review:
        """Rate an answer and move the card on."""
        rating = rating_for(correct, elapsed_ms, qtype)
        moment = _aware(now or self.now())
        lapsed = card.state == State.Review and rating == Rating.Again
        new, log = self.scheduler.review_card(card, rating, moment)
        return Review(new, rating, log, lapsed)

    @property
    def forgetting_curve(self) -> tuple[float, float]:
        """(decay, factor) of R = (1 + factor * days / stability) ** decay, for SQL to evaluate."""
        return self._decay, self._factor

    def retrievability(
        self, stability: float | None, last_review: datetime | None, now: datetime
    ) -> float:
        """The chance of recalling an item now (fsrs's forgetting curve; 0 if never reviewed)."""
        if stability is None or last_review is None or stability <= 0:
            return 0.0
        days = max(0, (_aware(now) - _aware(last_review)).days)
        return float((1 + self._factor * days / stability) ** self._decay)


def card_from_json(data: dict) -> Card:
    """A card from its stored JSON."""
    return Card.from_dict(data)  # type: ignore[arg-type]
