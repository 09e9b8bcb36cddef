"""Dealing correct tables at random: for the builder's "Deal at random", guided rulings,
quizzes and tests.

A table is dealt as a typed scenario file (app/model/scenario_model.py), its event built as the
event's own Struct. What a game deals (turn-up, bid, trick, scores) is asked of its declared
model; an event's fields come from its spec in app/model/events.py, tidied by the event's own
random hook (app/model/event_randoms.py), which returns the table changed.
"""

from __future__ import annotations

import random
from typing import Any

from msgspec.structs import replace

from app.cards import Card
from app.engine.table import Table
from app.model.event_randoms import cards_of
from app.model.event_spec import FieldSpec
from app.model.event_types import WrongCount
from app.model.events import EVENTS
from app.model.games import Game
from app.model.scenario import parse_scenario
from app.model.scenario_model import Bid, ScenarioFile, Trick, file_json

_IN_PLAY = ("play", "stock-exhausted")


def seats(game: Game) -> list[str]:
    """Default seat names for the game."""
    return list(game.default_seats())


def deal_table(game: Game, stage: str, rng: random.Random,
               players: list[str] | None = None) -> ScenarioFile:
    """A correct deal for the stage (at the game's usual seats, or at `players`, as many as the
    game allows). Its event is a wrong count, which asks nothing of the table, until
    random_event draws one."""
    seated = tuple(players) if players else tuple(seats(game))
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
    hands = {p: [pack.pop() for _ in range(size)] for p in seated}
    low, high, step = game.model.random_scores
    scores = {p: rng.randrange(low, high, step) for p in seated}
    turn_up = trump = None
    if game.has_turn_up and stage != "deal":
        turn_up = pack.pop()
    elif game.has_trumps and not game.turn_up_fixes_trump and stage in _IN_PLAY:
        trump = rng.choice(game.pack.suits)
    bid = None
    if game.has_bidding and stage != "deal":
        bid = Bid(player=rng.choice(seated), amount=rng.randint(1, 4))
    trick = None
    if stage in _IN_PLAY and game.has_tricks:
        leader = rng.choice(seated)
        order = seated[seated.index(leader):] + seated[:seated.index(leader)]
        played = rng.randint(0, len(seated) - 1)
        trick = Trick(leader=leader, cards=tuple(hands[p].pop() for p in order[:played]))
    seen: tuple[str, ...] = ()
    if stage != "deal":
        seen = tuple(rng.sample(seated, rng.randint(0, len(seated))))
    table = ScenarioFile(
        game=game.id, event=WrongCount(), players=seated, dealer=seated[-1], stage=stage,
        hands={p: tuple(hand) for p, hand in hands.items()}, tricks_played=tricks_played,
        scores=scores, turn_up=turn_up, trump=trump, bid=bid, trick=trick, hands_seen=seen)
    proper = _proper_hands(table, game, pack)
    return replace(table, hands=proper, stock=0 if stage == "stock-exhausted" else len(pack))


def _proper_hands(table: ScenarioFile, game: Game,
                  pack: list[Card]) -> dict[str, tuple[Card, ...] | int]:
    """Each hand trimmed to the number the engine says it should hold at this table (tricks
    already played, a card on the trick, the hand over), the rest returned to the pack.

    The engine's Table.proper_count is the one reckoning of a proper hand: dealing by it
    means a random table is never one the builder marks "should hold N".
    """
    engine_table = Table(parse_scenario(file_json(table), {game.id: game}), game)
    hands: dict[str, tuple[Card, ...] | int] = {}
    for player, hand in table.hands.items():
        cards = cards_of(hand)
        proper = max(0, engine_table.proper_count(player))
        pack.extend(reversed(cards[proper:]))  # the last dealt goes back first
        hands[player] = cards[:proper]
    return hands


def _random_value(spec: FieldSpec, player: str, table: ScenarioFile, game: Game,
                  rng: random.Random) -> Any:
    players = table.players or ()
    if spec.kind == "player" and spec.not_dealer:
        return rng.choice([p for p in players if p != table.dealer])
    if spec.kind == "player":
        return player if spec.name == "player" else rng.choice(players)
    if spec.kind == "card":
        own = cards_of(table.hands.get(player))
        return rng.choice(own) if own else game.pack.cards[0]
    if spec.kind == "bool":
        return rng.random() < 0.5
    if spec.kind == "int":
        low, high = spec.typical
        return rng.randint(max(low, spec.low), min(high, spec.high))
    if spec.kind == "players":
        return tuple(rng.sample(players, rng.randint(1, len(players))))
    if spec.kind == "counts":
        return {p: rng.randint(0, 4) for p in players}
    return rng.choice(spec.choices)


def random_event(table: ScenarioFile, event_type: str, rng: random.Random,
                 game: Game) -> ScenarioFile:
    """The table with an event of the given type, its fields plausible for the table, built as
    the event's Struct; the event's hook may change the table too (a wrong count spoils the
    hands it is about)."""
    spec = EVENTS[event_type]
    player = rng.choice(table.players or ())
    values = {f.name: _random_value(f, player, table, game, rng) for f in spec.fields
              if f.drawn}
    table = replace(table, event=spec.cls(**values))
    if spec.randomize is not None:
        table = spec.randomize(table, table.event, game, rng)
    return table


def random_table(game: Game, stage: str, event_type: str, rng: random.Random,
                 players: list[str] | None = None) -> ScenarioFile:
    """A correct deal for the stage with a random event of the type."""
    return random_event(deal_table(game, stage, rng, players), event_type, rng, game)


def table_json(table: ScenarioFile) -> dict[str, Any]:
    """A dealt table as JSON builtins (what parse_scenario reads, the builder edits and a quiz
    draws), naming its stage, hands, tricks played and hands seen even at their defaults, as
    a table laid out by hand does: its readers (the builder's stage, a quiz) find them there."""
    out = file_json(table)
    out.setdefault("hands", {})
    out.setdefault("stage", table.stage)
    out.setdefault("tricks_played", table.tricks_played)
    out.setdefault("hands_seen", list(table.hands_seen))
    return out


def random_table_json(game: Game, stage: str, event_type: str, rng: random.Random,
                      players: list[str] | None = None) -> dict[str, Any]:
    """A random table as JSON builtins (table_json)."""
    return table_json(random_table(game, stage, event_type, rng, players))
