"""Edits to the builder's table: each takes a scenario mapping and returns a new one.

The mapping given is never changed, so the screen only chooses which edit to make and shows
the result. An edit drops the example's "expected" outcomes: they describe the file as written.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from app.model.games import Game
from app.model.scenario_model import file_json
from app.table_builder.checks import Problem, check_table
from app.table_builder.deal import deal_table, random_event, table_json
from app.table_builder.events import (
    default_event,
    event_fields,
    events_for,
    fitting_event,
    stage_of_event,
)
from app.table_builder.reading import (
    TRICK,
    TURN_UP,
    eldest_of,
    hand_of,
    mapping_at,
    stages_for,
    trick_of,
)


class EditRefused(ValueError):
    """An edit the table cannot take; the message says why in plain words."""


def _edited(raw: Mapping[str, Any]) -> dict[str, Any]:
    new = copy.deepcopy(dict(raw))
    new.pop("expected", None)
    return new


def new_table(game: Game) -> dict[str, Any]:
    """An empty table for a game: its seats, the last seat dealing, in play, a wrong count."""
    players = list(game.default_seats())
    return {
        "game": game.id,
        "players": players,
        "dealer": players[-1],
        "stage": "play",
        "hands": {},
        "event": {"type": "wrong-count"},
    }


def is_new_table(raw: Mapping[str, Any], game: Game) -> bool:
    """Whether the table is still as New left it: nothing placed, nothing said (the builder
    then guides rather than rules)."""
    return dict(raw) == new_table(game)


def change_game(raw: Mapping[str, Any], game: Game) -> dict[str, Any]:
    """The table under another game: seats of the same name keep their hands and scores.

    Cards the new pack lacks stay where they are, so the builder marks them as impossible
    rather than silently dropping what the user placed.
    """
    new = new_table(game)
    players = new["players"]
    hands = mapping_at(raw, "hands")
    new["hands"] = {p: copy.deepcopy(h) for p, h in hands.items() if p in players}
    scores = mapping_at(raw, "scores")
    if any(p in players for p in scores):
        new["scores"] = {p: v for p, v in scores.items() if p in players}
    if raw.get("stage") in stages_for(game):
        new["stage"] = raw["stage"]
    for key in ("tricks_played", "stock"):
        if key in raw:
            new[key] = copy.deepcopy(raw[key])
    if game.has_trumps and raw.get("trump") is not None:
        new["trump"] = raw["trump"]
    if game.has_turn_up and raw.get("turn_up") is not None:
        new["turn_up"] = raw["turn_up"]
    leader, cards = trick_of(raw)
    if game.has_tricks and leader in players:
        new["trick"] = {"leader": leader, "cards": cards[: len(players)]}
    event = mapping_at(raw, "event")
    offered = events_for(game, new["stage"])
    given = event.get("type")
    etype = given if isinstance(given, str) and given in offered else (
        offered or ("wrong-count",))[0]
    new["event"] = default_event(etype, new, game, previous=event)
    return new


def set_stage(raw: Mapping[str, Any], stage: str, game: Game) -> dict[str, Any]:
    """Move the table to another stage of the deal; an event that cannot happen there gives
    way to the first one that can."""
    new = set_value(raw, "stage", stage)
    new["event"] = fitting_event(new, game, stage)
    return new


def give_card(raw: Mapping[str, Any], target: str, code: str, game: Game) -> dict[str, Any]:
    """Put a card of the pack in a seat's hand, on the trick, or turned up."""
    new = _edited(raw)
    if target == TURN_UP:
        new["turn_up"] = code
    elif target == TRICK:
        leader, cards = trick_of(new)
        new["trick"] = {"leader": leader or eldest_of(new, game), "cards": [*cards, code]}
    else:
        hand = hand_of(new, target)
        hands = new.setdefault("hands", {})
        hands[target] = [*hand, code] if isinstance(hand, list) else [code]
    return new


def take_card(raw: Mapping[str, Any], target: str, index: int) -> dict[str, Any]:
    """Take a card back to the pack from a seat's hand, the trick or the turn-up."""
    new = _edited(raw)
    if target == TURN_UP:
        new.pop("turn_up", None)
    elif target == TRICK:
        leader, cards = trick_of(new)
        if 0 <= index < len(cards):
            del cards[index]
            new["trick"] = {"leader": leader, "cards": cards}
    else:
        hand = hand_of(new, target)
        if isinstance(hand, list) and 0 <= index < len(hand):
            del hand[index]
            new["hands"][target] = hand
    return new


def set_count(raw: Mapping[str, Any], player: str, count: int | None) -> dict[str, Any]:
    """Say only how many cards a seat holds (the cards do not matter); None: not given."""
    new = _edited(raw)
    hands = new.setdefault("hands", {})
    if count is None:
        hands.pop(player, None)
    else:
        hands[player] = count
    return new


def set_value(raw: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    """Set one top-level key of the table (dealer, trump, stage, stock...); None removes it."""
    new = _edited(raw)
    if value is None:
        new.pop(key, None)
    else:
        new[key] = value
    return new


def set_score(raw: Mapping[str, Any], player: str, points: int) -> dict[str, Any]:
    """A seat's points so far; a seat on nothing is left out."""
    new = _edited(raw)
    scores = dict(new.get("scores") or {})
    if points:
        scores[player] = points
    else:
        scores.pop(player, None)
    if scores:
        new["scores"] = scores
    else:
        new.pop("scores", None)
    return new


def set_seen(raw: Mapping[str, Any], player: str, seen: bool) -> dict[str, Any]:
    """Whether a seat has looked at its hand."""
    new = _edited(raw)
    seen_by = [p for p in new.get("hands_seen", []) if p != player]
    if seen:
        seen_by.append(player)
    if seen_by:
        new["hands_seen"] = seen_by
    else:
        new.pop("hands_seen", None)
    return new


def set_trick_leader(raw: Mapping[str, Any], leader: str | None) -> dict[str, Any]:
    """Who led the trick in progress; None: no trick in progress."""
    new = _edited(raw)
    if leader is None:
        new.pop("trick", None)
    else:
        new["trick"] = {"leader": leader, "cards": trick_of(new)[1]}
    return new


def set_bid(raw: Mapping[str, Any], player: str | None, amount: int) -> dict[str, Any]:
    """The bid standing: who made it and for how much; None: no bid."""
    return set_value(raw, "bid", None if player is None else {"player": player, "amount": amount})


def choose_event(raw: Mapping[str, Any], event_type: str, game: Game) -> dict[str, Any]:
    """Choose what went wrong; a table at a stage where it cannot happen first moves to the
    first stage of the deal where it can (stage_of_event), its cards kept where they fit."""
    stage = raw.get("stage", "play")
    where = stage_of_event(game, stage if isinstance(stage, str) else "play", event_type)
    moved = set_stage(raw, where, game) if where != stage else raw
    return set_event(moved, default_event(event_type, moved, game, previous=raw.get("event")))


def set_event(raw: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """What happened."""
    return set_value(raw, "event", copy.deepcopy(dict(event)))



def choose_event_card(
    raw: Mapping[str, Any], player: str, code: str, game: Game
) -> dict[str, Any]:
    """The event's card (and player) chosen by clicking a card in a seat's hand."""
    event = dict(raw.get("event") or {})
    if ("player", "player") in {(f.name, f.kind) for f in event_fields(event["type"])}:
        event["player"] = player
    event["card"] = code
    return set_event(raw, event)


def deal_at_random(raw: Mapping[str, Any], game: Game, stage: str,
                   rng: random.Random) -> dict[str, Any]:
    """A correct table for the stage, dealt at random (app/table_builder/deal.py), keeping the
    event's type.

    The event's fields are made to fit the new hands; the codes and variants chosen stay.
    """
    dealt = deal_table(game, stage, rng)
    table = table_json(dealt)  # a draft: JSON builtins, as the builder edits it
    for key in ("codes", "variants"):
        if key in raw:
            table[key] = copy.deepcopy(raw[key])
    previous = mapping_at(raw, "event")
    offered = events_for(game, stage)
    given = previous.get("type")
    etype = given if isinstance(given, str) and given in offered else (
        offered or ("wrong-count",))[0]
    if etype in ("wrong-count", "king-turned"):
        # random_event would spoil the counts to make the error; the builder deals it correct.
        table["event"] = {"type": etype}
    else:
        # Only the event is kept: the table stays as dealt, correct.
        table["event"] = file_json(random_event(dealt, etype, rng, game).event)
        if isinstance(check_table(table, {game.id: game}), Problem):
            table["event"] = default_event(etype, table, game, previous=previous)
        if isinstance(check_table(table, {game.id: game}), Problem):
            # The previous event's player may have no card left (he led the last trick):
            # whoever is to play acts instead.
            table["event"] = default_event(etype, table, game)
    return table

