"""Dealing correct tables at random: for the builder's "Deal at random", quizzes and tests."""

from __future__ import annotations

import random
from typing import Any

from app.cards import Card
from app.engine.table import Table
from app.games import Game
from app.scenario import DECLARATIONS, EVENTS, parse_scenario

_TRICK_GAMES = {"bezique", "rubicon-bezique", "pinochle", "ecarte", "cinch", "auction-pitch"}


def seats(game: Game) -> list[str]:
    """Default seat names for the game."""
    if game.players == 2:
        return ["North", "South"]
    return ["North", "East", "South", "West"]


def deal_table(game: Game, stage: str, rng: random.Random) -> dict[str, Any]:
    """A scenario mapping (no event yet) with a correct deal for the stage."""
    players = seats(game)
    pack = [c for c in game.pack.cards for _ in range(game.pack.copies)]
    rng.shuffle(pack)
    rule = game.stage_rule(stage)
    size = rule.cards if rule is not None and rule.cards is not None else game.hand_size
    tricks_played = 0
    if stage == "stock-exhausted" and game.drawing_tricks:
        since = rng.randint(0, size - 1)
        tricks_played = game.drawing_tricks + since
        size -= since
    elif stage == "play" and game.id in _TRICK_GAMES:
        tricks_played = rng.randint(0, 3)
    hands = {p: [pack.pop().code for _ in range(size)] for p in players}
    table: dict[str, Any] = {
        "game": game.id,
        "players": players,
        "dealer": players[-1],
        "stage": stage,
        "hands": hands,
        "tricks_played": tricks_played,
        "scores": {p: rng.randrange(0, 900, 10) for p in players},
    }
    if game.id in ("bezique", "pinochle", "ecarte") and stage != "deal":
        table["turn_up"] = pack.pop().code
    elif game.id in ("cinch", "auction-pitch", "rubicon-bezique") and stage in (
        "play",
        "stock-exhausted",
    ):
        table["trump"] = rng.choice("SHDC")
    if game.id in ("cinch", "auction-pitch") and stage != "deal":
        table["bid"] = {"player": rng.choice(players), "amount": rng.randint(1, 4)}
    if stage in ("play", "stock-exhausted") and game.id in _TRICK_GAMES:
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


def random_event(table: dict[str, Any], event_type: str, rng: random.Random) -> dict[str, Any]:
    """An event of the given type with plausible fields for the table."""
    players: list[str] = table["players"]
    hands: dict[str, list[str]] = table["hands"]
    player = rng.choice(players)
    fields: dict[str, Any] = {"type": event_type}
    for name, kind in EVENTS[event_type].items():
        name = name.rstrip("?")
        if kind == "player":
            fields[name] = player if name == "player" else rng.choice(players)
        elif kind == "card":
            own = hands.get(player) or []
            fields[name] = rng.choice(own) if own else Card("A", "S").code
        elif kind == "bool":
            fields[name] = rng.random() < 0.5
        elif kind == "int":
            fields[name] = {"count": rng.randint(2, 3), "position": rng.randint(1, 20)}.get(
                name, rng.randint(0, 500)
            )
        elif kind == "players":
            fields[name] = rng.sample(players, rng.randint(1, len(players)))
        elif kind == "counts" and name == "tricks":
            split = rng.randint(0, 5)
            fields[name] = {players[0]: split, players[1]: 5 - split}
        elif kind == "counts":
            fields[name] = {p: rng.randint(0, 4) for p in players}
        elif kind is DECLARATIONS:
            fields[name] = rng.choice(DECLARATIONS)
        else:
            fields[name] = rng.choice(kind)
    if event_type in ("wrong-count", "king-turned"):
        for p in rng.sample(players, rng.randint(1, len(players))):
            table["hands"][p] = max(0, len(hands[p]) + rng.choice((-1, 1, 2)))
    if event_type == "failed-to-draw" and isinstance(hands.get(player), list) and hands[player]:
        # He played to the next trick without drawing first: one card short.
        hands[player].pop()
    if event_type == "play" and not hands.get(player):
        hands[player] = [fields["card"]]
    return fields
