"""The builder's event: its fields, and a default event that fits the table."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from app.cards import Card
from app.games import Game
from app.scenario import EVENTS
from app.table_builder.reading import canonical_code, eldest_of, hand_of, players_of


def event_fields(event_type: str) -> list[tuple[str, Any, bool]]:
    """The fields of an event type: (name, kind, optional), in the order of app.scenario.EVENTS.

    Kinds are those of EVENTS. An exposed card may also name the second card shown.
    """
    fields = [(n.rstrip("?"), kind, n.endswith("?")) for n, kind in EVENTS[event_type].items()]
    if event_type == "exposed-card":
        fields.append(("second_card", "card", True))
    return fields


def _valid_for(kind: Any, value: Any, players: list[str], game: Game) -> bool:
    if kind == "player":
        return value in players
    if kind == "card":
        code = canonical_code(value)
        return code is not None and game.pack.contains(Card.parse(code))
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "players":
        return isinstance(value, list) and all(p in players for p in value)
    if kind == "counts":
        return isinstance(value, dict) and all(p in players for p in value)
    return value in kind


def default_event(
    event_type: str, raw: Mapping[str, Any], game: Game,
    previous: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """An event of a type with every required field filled: from the previous event where
    the same field still makes sense at this table, else a plain default."""
    players = players_of(raw, game)
    previous = previous or {}
    eldest = eldest_of(raw, game)
    event: dict[str, Any] = {"type": event_type}
    for name, kind, optional in event_fields(event_type):
        if name in previous and _valid_for(kind, previous[name], players, game):
            event[name] = copy.deepcopy(previous[name])
        elif optional:
            continue
        elif kind == "player":
            event[name] = eldest
        elif kind == "card":
            hand = hand_of(raw, event.get("player", eldest))
            event[name] = hand[0] if hand else game.pack.cards[0].code
        elif kind == "bool":
            event[name] = False
        elif kind == "int":
            event[name] = {"count": 2, "position": 1}.get(name, 0)
        elif kind == "players":
            event[name] = []
        elif kind == "counts":
            event[name] = {p: 0 for p in players}
            if name == "tricks" and game.id == "ecarte":
                event[name] = {players[0]: 3, players[1]: 2}
        else:
            event[name] = kind[0]
    if event_type == "play" and previous.get("type") != "play":
        # A play is judged against the hand: start from a card the player actually holds.
        hand = hand_of(raw, event["player"])
        if isinstance(hand, list) and hand and event["card"] not in hand:
            event["card"] = hand[0]
    return event

