"""The builder's event: the events offered at a table, their fields and words (from the
event registry, app/model/events.py), and a default event that fits the table."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from app.cards import Card
from app.model.event_spec import FieldSpec
from app.model.events import EVENTS
from app.model.games import Game
from app.table_builder.reading import (
    canonical_code,
    cards_of,
    codes_in_force,
    dealer_of,
    mapping_at,
    mapping_in,
    names_in,
    number_in,
    players_of,
    stages_for,
    to_play_of,
    truth_in,
)


def events_for(game: Game, stage: str) -> tuple[str, ...]:
    """The events that can happen in this game at this stage (app/model/events.py and the game's
    model), in the order of the event list: those some code of the game rules (the engine's
    handlers), and a wrong count, which any table can hold."""
    ruled = _ruled_events(game.id)
    return tuple(spec.type for spec in game.events_at(stage)
                 if spec.type in ruled or spec.type == "wrong-count")


def _ruled_events(game_id: str) -> frozenset[str]:
    """The events some handler or declared ruling rules at the game, found once for each
    content in use: the rulings declared as data are those of $CARDLAWS_CONTENT_DIR when it is
    set. What the game allows at a stage is not kept here, since two games of one id (the app's
    and a club's, whose model may lack the stock) offer different events."""
    from app.corpus.location import content_dir

    key = (game_id, content_dir())
    if key not in _RULED:
        from app.engine import handlers  # noqa: F401  (registers every handler)
        from app.engine.core import ANY_GAME, registered

        _RULED[key] = frozenset(
            event for (gid, _, event) in registered() if gid in (game_id, ANY_GAME))
    return _RULED[key]


_RULED: dict[tuple[str, Path], frozenset[str]] = {}


def events_of_game(game: Game) -> tuple[str, ...]:
    """Every event that can happen in this game at some stage of the deal, in the order of the
    event list: the builder offers them all, whatever the table's stage."""
    somewhere = {etype for stage in stages_for(game) for etype in events_for(game, stage)}
    return tuple(etype for etype in EVENTS if etype in somewhere)


def stage_of_event(game: Game, stage: str, event_type: str) -> str:
    """Where a table must be for the event to happen: at `stage` if it can happen there, else
    at the first stage, in the deal's order, where it can (`stage` when none can)."""
    if event_type in events_for(game, stage):
        return stage
    return next((s for s in stages_for(game) if event_type in events_for(game, s)), stage)


def event_types() -> list[str]:
    """Every event type, in the registry's order."""
    return list(EVENTS)


def event_fields(event_type: str) -> list[FieldSpec]:
    """The fields of an event type, in the order of its spec in app/model/events.py."""
    return list(EVENTS[event_type].fields)


def fields_at(event_type: str, raw: Mapping[str, Any], game: Game) -> list[FieldSpec]:
    """The fields of an event the builder offers at this table: every field of its type but
    one only some codes' rulings read (Word.only_where_read: the Club Code's card taken back
    in time), which is offered only where a ruling under a code in force reads it (as its
    handler declares: app.engine.core.rules(..., reads=...)). Elsewhere it would be a field
    that changes nothing."""
    from app.engine.core import reads_field

    if event_type not in EVENTS:
        return []  # a type the file names but no event has: the parser says so
    codes = codes_in_force(raw, game)
    return [spec for spec in event_fields(event_type)
            if not spec.only_where_read or reads_field(game.id, codes, event_type, spec.name)]


def offered_event(raw: Mapping[str, Any], game: Game) -> dict[str, Any]:
    """The table's event without the fields the builder does not offer at it (fields_at):
    one no ruling in force reads goes when the game or the codes change."""
    event = copy.deepcopy(dict(mapping_at(raw, "event")))
    etype = event.get("type")
    if not isinstance(etype, str) or etype not in EVENTS:
        return event
    offered = {spec.name for spec in fields_at(etype, raw, game)}
    return {name: value for name, value in event.items()
            if name not in EVENTS[etype].read_where_declared or name in offered}


def event_label(event_type: str) -> str:
    """An event type in words for a list."""
    spec = EVENTS.get(event_type)
    return spec.label if spec else event_type.replace("-", " ").capitalize()


def event_help(event_type: str) -> str:
    """What the event is, in one line."""
    spec = EVENTS.get(event_type)
    return spec.help if spec else ""


def field_label(event_type: str, name: str) -> str:
    """A field's label."""
    spec = EVENTS.get(event_type)
    fspec = spec.field(name) if spec else None
    return fspec.label if fspec else name.replace("_", " ").capitalize()


def _valid_for(spec: FieldSpec, value: Any, players: list[str], game: Game) -> bool:
    kind = spec.kind
    if kind == "player":
        return value in players
    if kind == "card":
        code = canonical_code(value)
        return code is not None and game.pack.contains(Card.parse(code))
    if kind == "bool":
        return truth_in(value) is not None
    if kind == "int":
        number = number_in(value)
        return number is not None and spec.low <= number <= spec.high
    if kind == "players":
        names = names_in(value)
        return names is not None and all(p in players for p in names)
    if kind == "counts":
        counts = mapping_in(value)
        return counts is not None and all(p in players for p in counts)
    return value in spec.choices


def _default_counts(spec: FieldSpec, players: list[str], game: Game) -> dict[str, int]:
    counts = {p: 0 for p in players}
    if spec.sums_to_tricks and game.has_tricks:
        # The tricks of a whole hand, the larger share first: a result the parser accepts.
        left = game.tricks_per_hand
        for p in players:
            counts[p] = -(-left // 2) if p != players[-1] else left
            left -= counts[p]
    return counts


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
    for spec in fields_at(event_type, raw, game):
        name, kind = spec.name, spec.kind
        if name in previous and _valid_for(spec, previous[name], players, game):
            event[name] = copy.deepcopy(previous[name])
        elif spec.optional:
            continue
        elif kind == "player" and spec.not_dealer and actor == dealer_of(raw, game):
            event[name] = next(p for p in players if p != actor)
        elif kind == "player":
            event[name] = actor
        elif kind == "card":
            hand = cards_of(raw, event.get("player", actor))
            event[name] = hand[0] if hand else game.pack.cards[0].code
        elif kind == "bool":
            event[name] = False
        elif kind == "int":
            event[name] = max(spec.low, 0)
        elif kind == "players":
            event[name] = []
        elif kind == "counts":
            event[name] = _default_counts(spec, players, game)
        else:
            event[name] = spec.choices[0]
    if event_type == "play":
        # A play is judged against the hand: the card must be one the player holds, and the
        # player one with a card to play (the one whose turn it is, when he has).
        hand = cards_of(raw, event["player"])
        if hand is not None and event["card"] not in hand:
            mine = cards_of(raw, actor)
            if not hand and mine:
                event["player"], hand = actor, mine
            if hand:
                event["card"] = hand[0]
    return event


def fitting_event(raw: Mapping[str, Any], game: Game, stage: str) -> dict[str, Any]:
    """The table's event if it can happen in this game at this stage, else the first event
    that can, its fields filled from the old one where they still make sense."""
    previous = mapping_at(raw, "event")
    offered = events_for(game, stage)
    if previous.get("type") in offered:
        return offered_event(raw, game)
    etype = offered[0] if offered else "wrong-count"
    return default_event(etype, raw, game, previous=previous)
