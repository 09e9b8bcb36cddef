"""The builder's event: the events offered at a table, their fields, and a default event
that fits the table."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from app.cards import Card
from app.games import Game
from app.scenario import EVENTS
from app.table_builder.reading import canonical_code, hand_of, players_of, to_play_of

# When in a deal each event can happen. Until the event registry (app/events.py) declares it,
# this is the builder's reading: an irregularity of the deal is met at the deal or just after,
# one of drawing or playing while cards are played, a result when the hand is over.
_ALL_STAGES = ("deal", "bidding", "play", "stock-exhausted", "hand-over")
_PLAYING = ("play", "stock-exhausted")
_DEALING = ("deal", "bidding")
_EVENT_STAGES: dict[str, tuple[str, ...]] = {
    "wrong-count": _ALL_STAGES,
    "failed-to-draw": ("play",),
    "drew-two": ("play",),
    "drew-out-of-turn": ("play",),
    "both-drew-wrong": ("play",),
    "loser-saw-two": ("play",),
    "even-stock": ("play",),
    "peeked-at-stock": ("play",),
    "false-declaration": ("bidding", *_PLAYING),
    "wrong-score": ("bidding", *_PLAYING, "hand-over"),
    "play": _PLAYING,
    "exposed-card": ("bidding", *_PLAYING),
    "lead-out-of-turn": _PLAYING,
    "play-out-of-turn": _PLAYING,
    "abandoned-hand": ("bidding", *_PLAYING),
    "dealt-out-of-turn": _DEALING,
    "faced-card-in-pack": _DEALING,
    "dealer-exposed-card": _DEALING,
    "several-trumps-turned": _DEALING,
    "imperfect-pack": _ALL_STAGES,
    "king-turned": _DEALING,
    "hand-result": ("hand-over",),
    "stock-exhausted": ("stock-exhausted",),
    "counted-out": ("hand-over",),
    "points-made": ("hand-over",),
    "proposal-withdrawn": ("bidding",),
}
# Events about a trick, offered only where the stage plays tricks.
_TRICK_EVENTS = frozenset({"play", "lead-out-of-turn", "play-out-of-turn", "exposed-card"})


def events_for(game: Game, stage: str) -> tuple[str, ...]:
    """The events that can happen in this game at this stage, in the order of the event list:
    those some code of the game rules (the engine's handlers), at a stage where they occur."""
    rule = game.stage_rule(stage)
    plays_tricks = rule is not None and rule.rule != "none"
    key = (game.id, stage, plays_tricks)
    if key not in _OFFERED:
        _OFFERED[key] = _offered(game.id, stage, plays_tricks)
    return _OFFERED[key]


_OFFERED: dict[tuple[str, str, bool], tuple[str, ...]] = {}


def _offered(gid: str, stage: str, plays_tricks: bool) -> tuple[str, ...]:
    from app.engine import handlers  # noqa: F401  (registers every handler)
    from app.engine.core import ANY_GAME, registered

    ruled = {event for (game, _, event) in registered() if game in (gid, ANY_GAME)}
    return tuple(
        etype for etype in EVENTS
        if (etype in ruled or etype == "wrong-count")  # any table can hold a wrong count
        and stage in _EVENT_STAGES.get(etype, _ALL_STAGES)
        and (plays_tricks or etype not in _TRICK_EVENTS)
    )


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
    actor = to_play_of(raw, game)  # whose turn it is acts, unless the event says otherwise
    event: dict[str, Any] = {"type": event_type}
    for name, kind, optional in event_fields(event_type):
        if name in previous and _valid_for(kind, previous[name], players, game):
            event[name] = copy.deepcopy(previous[name])
        elif optional:
            continue
        elif kind == "player":
            event[name] = actor
        elif kind == "card":
            hand = hand_of(raw, event.get("player", actor))
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
    if event_type == "play":
        # A play is judged against the hand: the card must be one the player holds, and the
        # player one with a card to play (the one whose turn it is, when he has).
        hand = hand_of(raw, event["player"])
        if isinstance(hand, list) and event["card"] not in hand:
            if not hand and isinstance(hand_of(raw, actor), list) and hand_of(raw, actor):
                event["player"], hand = actor, hand_of(raw, actor)
            if isinstance(hand, list) and hand:
                event["card"] = hand[0]
    return event



def fitting_event(raw: Mapping[str, Any], game: Game, stage: str) -> dict[str, Any]:
    """The table's event if it can happen in this game at this stage, else the first event
    that can, its fields filled from the old one where they still make sense."""
    previous = raw.get("event") if isinstance(raw.get("event"), dict) else {}
    offered = events_for(game, stage)
    if previous.get("type") in offered:
        return copy.deepcopy(dict(previous))
    etype = offered[0] if offered else "wrong-count"
    return default_event(etype, raw, game, previous=previous)
