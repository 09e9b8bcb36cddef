"""An event's fields filled from the table as it stands (the player to move, a card of his
own hand), and what a maker of an event is: a function from the table and the event to the
table and the event as they are once it has happened."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.model.event_spec import FieldSpec
from app.model.events import EVENTS
from app.model.games import Game
from app.rehearsal.session import Rehearser
from app.rehearsal.state import DealState

# How often an optional field of an event is given.
OPTIONAL = 0.75


def hand_owner(state: DealState, rng: random.Random) -> str:
    """Who the event is about: most often the player to move."""
    holding = [p for p in state.players if state.hand(p)] or list(state.players)
    if state.to_move in holding and rng.random() < 0.6:
        return state.to_move
    return rng.choice(holding)


def _value(spec: FieldSpec, player: str, state: DealState, rng: random.Random) -> Any:
    players = list(state.players)
    if spec.kind == "player" and spec.not_dealer:
        return rng.choice([p for p in players if p != state.dealer])
    if spec.kind == "player":
        return player if spec.name == "player" else rng.choice(players)
    if spec.kind == "card":
        hand = state.hand(player)
        return rng.choice(hand).code if hand else None
    if spec.kind == "bool":
        return rng.random() < 0.5
    if spec.kind == "int":
        low, high = spec.typical
        return rng.randint(max(low, spec.low), max(spec.low, min(high, spec.high)))
    if spec.kind == "players":
        return rng.sample(players, rng.randint(1, len(players)))
    if spec.kind == "counts":
        return {p: 0 for p in players}
    return rng.choice(spec.choices)


def event_fields(event_type: str, state: DealState, player: str,
            rng: random.Random) -> dict[str, Any] | None:
    """The event's fields filled from the table (None when a needed card is not there)."""
    event: dict[str, Any] = {"type": event_type}
    for spec in EVENTS[event_type].fields:
        if not spec.drawn:
            continue  # stated by the maker or the quiz's telling, never drawn (a card kept)
        if spec.optional and rng.random() > OPTIONAL:
            continue
        value = _value(spec, player, state, rng)
        if value is None:
            if spec.optional:
                continue
            return None
        event[spec.name] = value
    return event


Made = tuple[DealState, dict[str, Any]]
Maker = Callable[[DealState, Game, dict[str, Any], "Context"], "Made | None"]


@dataclass(frozen=True)
class Context:
    """What a maker may read besides the table: the random source, the rehearser, the
    running scores the deal started from."""

    rng: random.Random
    rehearser: Rehearser


def others(state: DealState, player: str) -> list[str]:
    return [p for p in state.players if p != player]

