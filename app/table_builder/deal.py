"""Dealing correct tables at random: for the builder's "Deal at random", quizzes and tests.

What a game deals (turn-up, bid, trick, scores) is asked of its declared model; an event's
fields come from its spec in app/model/events.py, tidied by the event's own random hook.
"""

from __future__ import annotations

import random
from typing import Any

from app.cards import Card
from app.engine.table import Table
from app.model.event_spec import FieldSpec
from app.model.events import EVENTS
from app.model.games import Game
from app.model.scenario import parse_scenario

_IN_PLAY = ("play", "stock-exhausted")


def seats(game: Game) -> list[str]:
    """Default seat names for the game."""
    return list(game.default_seats())


def deal_table(game: Game, stage: str, rng: random.Random,
               players: list[str] | None = None) -> dict[str, Any]:
    """A scenario mapping (no event yet) with a correct deal for the stage (at the game's
    usual seats, or at `players`, as many as the game allows)."""
    players = list(players) if players else seats(game)
    pack = [c for c in game.pack.cards for _ in range(game.pack.copies)]
    rng.shuffle(pack)
    rule = game.stage_rule(stage)
    size = rule.cards if rule is not None and rule.cards is not None else game.hand_size
    tricks_played = 0
    if stage == "stock-exhausted" and game.drawing_tricks:
        since = rng.randint(0, size - 1)
        tricks_played = game.drawing_tricks + since
        size -= since
    elif stage == "play" and game.has_tricks:
        tricks_played = rng.randint(0, 3)
    hands = {p: [pack.pop().code for _ in range(size)] for p in players}
    low, high, step = game.model.random_scores
    table: dict[str, Any] = {
        "game": game.id,
        "players": players,
        "dealer": players[-1],
        "stage": stage,
        "hands": hands,
        "tricks_played": tricks_played,
        "scores": {p: rng.randrange(low, high, step) for p in players},
    }
    if game.has_turn_up and stage != "deal":
        table["turn_up"] = pack.pop().code
    elif game.has_trumps and not game.turn_up_fixes_trump and stage in _IN_PLAY:
        table["trump"] = rng.choice(game.pack.suits)
    if game.has_bidding and stage != "deal":
        table["bid"] = {"player": rng.choice(players), "amount": rng.randint(1, 4)}
    if stage in _IN_PLAY and game.has_tricks:
        leader = rng.choice(players)
        order = players[players.index(leader) :] + players[: players.index(leader)]
        played = rng.randint(0, len(players) - 1)
        cards = []
        for p in order[:played]:
            cards.append(hands[p].pop())
        table["trick"] = {"leader": leader, "cards": cards}
    if stage != "deal":
        table["hands_seen"] = rng.sample(players, rng.randint(0, len(players)))
    _give_proper_counts(table, game, pack)
    stock_left = len(pack)
    if stage == "stock-exhausted":
        stock_left = 0
    table["stock"] = stock_left
    return table


def _give_proper_counts(table: dict[str, Any], game: Game, pack: list[Card]) -> None:
    """Trim each hand to the number the engine says it should hold at this table (tricks
    already played, a card on the trick, the hand over), returning the rest to the pack.

    The engine's Table.proper_count is the one reckoning of a proper hand: dealing by it
    means a random table is never one the builder marks "should hold N".
    """
    probe = {**table, "event": {"type": "wrong-count"}}
    engine_table = Table(parse_scenario(probe, {game.id: game}), game)
    for player, hand in table["hands"].items():
        proper = max(0, engine_table.proper_count(player))
        while len(hand) > proper:
            pack.append(Card.parse(hand.pop()))


def _random_value(spec: FieldSpec, player: str, table: dict[str, Any], game: Game,
                  rng: random.Random) -> Any:
    players: list[str] = table["players"]
    if spec.kind == "player" and spec.not_dealer:
        return rng.choice([p for p in players if p != table["dealer"]])
    if spec.kind == "player":
        return player if spec.name == "player" else rng.choice(players)
    if spec.kind == "card":
        own = table["hands"].get(player) or []
        return rng.choice(own) if isinstance(own, list) and own else game.pack.cards[0].code
    if spec.kind == "bool":
        return rng.random() < 0.5
    if spec.kind == "int":
        low, high = spec.typical
        return rng.randint(max(low, spec.low), min(high, spec.high))
    if spec.kind == "players":
        return rng.sample(players, rng.randint(1, len(players)))
    if spec.kind == "counts":
        return {p: rng.randint(0, 4) for p in players}
    return rng.choice(spec.choices)


def random_event(table: dict[str, Any], event_type: str, rng: random.Random,
                 game: Game) -> dict[str, Any]:
    """An event of the given type with plausible fields for the table (which it may change:
    a wrong count spoils the hands it is about)."""
    spec = EVENTS[event_type]
    player = rng.choice(table["players"])
    fields: dict[str, Any] = {"type": event_type}
    for fspec in spec.fields:
        fields[fspec.name] = _random_value(fspec, player, table, game, rng)
    table["event"] = fields
    if spec.randomize is not None:
        spec.randomize(table, game, rng)
    event: dict[str, Any] = table["event"]
    return event
