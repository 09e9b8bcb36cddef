"""The timing the laws speak of (before any card is played, during the first trick, after it,
once the stock is exhausted, in the last trick, after the hand), read from a table's stage
and trick (moved out of app/engine/table.py, which builds it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.model.facts import PHASES, Reading


@dataclass(frozen=True)
class Timing:
    """When an irregularity comes to light, in the terms the laws use.

    `played` lists who has played to the trick on the table (in order); a trick whose every
    player has played counts as complete even before it is gathered.
    """

    stage: str
    tricks_played: int
    played: tuple[str, ...]
    seats: int
    tricks_left: int | None
    reading: Reading = field(default_factory=Reading, compare=False, repr=False)

    def _door(self, fact: str, compute: Callable[[], Any], seat: str | None = None) -> Any:
        return self.reading.read(fact, seat, compute)

    @property
    def hand_over(self) -> bool:
        """The hand has been played out."""
        return bool(self._door("hand-over", lambda: self.stage == "hand-over"))

    @property
    def tricks_complete(self) -> int:
        """Tricks finished, counting one all have played to but not yet gathered."""
        return int(self._door("tricks-complete", self._tricks_complete))

    def _tricks_complete(self) -> int:
        return self.tricks_played + (1 if len(self.played) >= self.seats else 0)

    @property
    def before_play(self) -> bool:
        """No card of the hand has been played yet (the deal, the bidding, the exchange)."""
        return not self.any_card_played

    def _before_play(self) -> bool:
        return not self.hand_over and self.tricks_played == 0 and not self.played

    @property
    def first_trick_in_progress(self) -> bool:
        """A card has been led to the first trick and not everyone has played to it."""
        return bool(self._door(
            "first-trick-in-progress",
            lambda: self.tricks_played == 0 and 0 < len(self.played) < self.seats))

    @property
    def first_trick_complete(self) -> bool:
        """Everyone has played to the first trick."""
        return bool(self._door("first-trick-complete",
                               lambda: self.hand_over or self._tricks_complete() >= 1))

    @property
    def any_card_played(self) -> bool:
        """Somebody has played to the first trick."""
        return bool(self._door("any-card-played", lambda: not self._before_play()))

    def has_played(self, player: str) -> bool:
        """Whether the player has played a card this hand (so to the first trick)."""
        return bool(self._door(
            "has-played",
            lambda: self.hand_over or self.tricks_played > 0 or player in self.played, player))

    @property
    def stock_exhausted(self) -> bool:
        """The stock has run out (the last tricks of a drawing game, or the hand is over)."""
        return bool(self._door("stock-exhausted",
                               lambda: self.stage in ("stock-exhausted", "hand-over")))

    @property
    def last_trick(self) -> bool:
        """The trick in progress (or about to be led) is the last of the hand."""
        return bool(self._door("last-trick",
                               lambda: not self.hand_over and self.tricks_left == 1))

    @property
    def all_tricks_played(self) -> bool:
        """Every trick of the hand has been played to by everyone: the hand is over, or the
        last trick is complete on the table (gathered or not)."""
        return bool(self._door("all-tricks-played", self._all_tricks_played))

    def _all_tricks_played(self) -> bool:
        if self.hand_over:
            return True
        if self.tricks_left is None:
            return False
        return self.tricks_left <= (1 if len(self.played) >= self.seats else 0)

    @property
    def phase(self) -> str:
        """The latest of PHASES that applies."""
        return str(self._door("phase", self._phase))

    def _phase(self) -> str:
        if self.hand_over:
            return "hand-over"
        if self.last_trick and self.any_card_played:
            return "last-trick"
        if self.stage == "stock-exhausted":
            return "stock-exhausted"
        if self.before_play:
            return "before-play"
        if not self.first_trick_complete:
            return "first-trick"
        return "later-tricks"

    def describe(self) -> str:
        """The timing in words, naming who has played to a first trick in progress."""
        phase = self.phase
        if phase == "first-trick":
            return f"during the first trick, after {' and '.join(self.played)} played to it"
        return PHASES[phase]
