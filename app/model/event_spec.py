"""What an event type declares: its fields (kind, bounds, optional or not, words) and the
stages, features, words and random hook of the event itself. The events themselves are
declared in app/model/events.py, each once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.model.games import Game

# The largest number a table can hold in any field (points, positions, counts): beyond it a
# number is a typing slip, and refused by the parser.
MAX_NUMBER = 100_000

FIELD_KINDS = ("player", "card", "bool", "int", "players", "counts", "choice")

@dataclass(frozen=True)
class FieldSpec:
    """One field of an event: its kind, whether it may be left out, its bounds and words."""

    name: str
    kind: str
    label: str
    help: str = ""
    optional: bool = False
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = MAX_NUMBER
    typical: tuple[int, int] = (0, 500)  # the range a random table draws a number from
    sums_to_tricks: bool = False  # counts that add up to the tricks of a hand
    not_dealer: bool = False  # a player who cannot be the scenario's (rightful) dealer
    # The field's value as a sentence, given the event's fields ("North saw the second card."):
    # what a ruling that turned on the field says of it (its ground's words, a quiz stem).
    says: Callable[[Any, Mapping[str, Any]], str] | None = None

    @property
    def form_kind(self) -> str | tuple[str, ...]:
        """The kind as the builder's form reads it: the tuple of words for a choice."""
        return self.choices if self.kind == "choice" else self.kind


@dataclass(frozen=True)
class EventSpec:
    """An event type: its fields, where it can happen, its words and its random hook.

    `stages` are the stages of a deal where it can happen (a game offers it at those of them
    it has); `needs` names the game features it needs (`Game.has(feature)`). `tell` says what
    happened in one sentence, from the parsed fields. `randomize` tidies a random event on a
    random table (app/table_builder/deal.py) so it reads like something that happens at a real
    table.
    """

    type: str
    label: str
    help: str
    fields: tuple[FieldSpec, ...]
    stages: tuple[str, ...]
    tell: Callable[[Mapping[str, Any]], str]
    needs: tuple[str, ...] = ()
    randomize: Callable[[dict[str, Any], Game, Any], None] | None = None
    # Its words account for a hand a card short or over (a draw, a card led): otherwise a
    # wrong count on its table (a king turned after a wrong deal) is said in words too.
    explains_counts: bool = False

    def field(self, name: str) -> FieldSpec | None:
        """A field by name."""
        return next((f for f in self.fields if f.name == name), None)

    def possible_in(self, game: Game) -> bool:
        """Whether the game has every feature the event needs."""
        return all(game.has(feature) for feature in self.needs)
