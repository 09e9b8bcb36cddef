"""What a validated scenario is: the table (seats, hands, stock, trump, scores, stage, the trick
in progress), the event with its typed fields, and the error that names a bad field.
Reading a scenario from JSON is app/model/scenario.py's business."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.cards import Card
from app.model.events import EVENTS

# Fields any event may carry besides its own (a referee's note).
OPTIONAL_ON_EVERY_EVENT = frozenset({"note"})


class ScenarioError(ValueError):
    """An invalid scenario: `field` names where the problem is (`event.card`, `hands.North[2]`),
    `message` says what is wrong there. str() gives both, as "field: message"."""

    def __init__(self, fld: str, message: str) -> None:
        self.field = fld
        self.message = message
        super().__init__(f"{fld}: {message}")


@dataclass(frozen=True)
class Trick:
    """The trick in progress: who led and the cards played so far, in order."""

    leader: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Event:
    """What happened: its type and its typed fields."""

    type: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def get(self, name: str, default: Any = None) -> Any:
        """A field, or a default when it was not given."""
        return self.fields.get(name, default)

    def __getattr__(self, name: str) -> Any:
        """A field by name, as handlers read it (`event.player`); None for an optional field
        that was not given. Only fields the event type declares can be read."""
        if name.startswith("__"):
            raise AttributeError(name)
        fields = self.__dict__.get("fields", {})
        if name in fields:
            return fields[name]
        spec = EVENTS.get(self.__dict__.get("type", ""))
        fspec = spec.field(name) if spec is not None else None
        if (fspec is not None and fspec.optional) or name in OPTIONAL_ON_EVERY_EVENT:
            return None
        raise AttributeError(f"a {self.__dict__.get('type')} event has no field {name!r}")


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: the table and the event."""

    game: str
    players: tuple[str, ...]
    dealer: str
    codes: tuple[str, ...]
    hands: Mapping[str, tuple[Card, ...] | int]
    trump: str | None
    turn_up: Card | None
    stock: tuple[Card, ...] | int | None
    scores: Mapping[str, int]
    bid: Mapping[str, Any] | None
    stage: str
    tricks_played: int
    hands_seen: tuple[str, ...]
    trick: Trick | None
    event: Event
    variants: Mapping[str, str] = field(default_factory=dict)
    discards_made: bool = False
    # Facts the scenario leaves out (app/model/facts.py): asked, or ruled value by value.
    unknown: frozenset[str] = frozenset()
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)
