"""A random driver: plays whole deals of any game by random lawful moves, with random
irregularities injected and random options chosen. Tests and the benchmark use it to show
that the rehearsal never loses a card, never builds a table the parser refuses, and never
raises."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from app.cards import Card
from app.model.event_randoms import tricks_won_at
from app.model.games import Game
from app.rehearsal.melds import meld_options
from app.rehearsal.play import RehearsalError, facts, legal_cards, settle_draws
from app.rehearsal.session import Moment, Rehearser, Start, Step
from app.rehearsal.state import DealState

# Fields whose values a random mistake can fill from the table as it stands.
_FILLABLE = {"player", "card", "bool", "int", "choice", "players"}
# Mistakes made while drawing from a stock: only where the game draws.
_DRAWING = {"failed-to-draw", "drew-two", "drew-out-of-turn", "both-drew-wrong",
            "loser-saw-two", "even-stock"}


def random_event(state: DealState, game: Game, rng: random.Random) -> dict[str, Any] | None:
    """A random irregularity that can happen at this stage of this game, with its fields
    filled from the table (the player to move, a card of his hand...)."""
    specs = [s for s in game.events_at(state.stage)
             if all(f.kind in _FILLABLE or f.optional for f in s.fields)
             and (s.type not in _DRAWING or facts(game).draws or facts(game).count == "melds")]
    if not specs:
        return None
    spec = rng.choice(specs)
    player = state.to_move if rng.random() < 0.7 else rng.choice(state.players)
    event: dict[str, Any] = {"type": spec.type}
    for f in spec.fields:
        if not f.drawn or (f.optional and (f.kind not in _FILLABLE or rng.random() < 0.5)):
            continue
        if f.kind == "player":
            event[f.name] = player if f.name in ("player", "owner") else rng.choice(state.players)
        elif f.kind == "card":
            hand = state.hand(player)
            if not hand:
                return None
            event[f.name] = rng.choice(hand).code
        elif f.kind == "bool":
            event[f.name] = rng.random() < 0.5
        elif f.kind == "int" and f.name == "tricks_won":
            # The tricks he has won, as the deal played them, never a random number.
            won = tricks_won_at(state.stage, state.tricks_won.get(player, 0))
            if won is not None:
                event[f.name] = won
        elif f.kind == "int":
            low, high = f.typical
            event[f.name] = rng.randint(max(f.low, low), max(f.low, min(f.high, high)))
        elif f.kind == "choice":
            event[f.name] = rng.choice(f.choices)
        elif f.kind == "players":
            event[f.name] = rng.sample(list(state.players), 1)
    return event


def random_step(moment: Moment, game: Game, rng: random.Random, mistakes: float) -> Step | None:
    """A random next step (None when the deal is over)."""
    state = moment.state
    if moment.mistake is not None:
        code = rng.choice([r.code for r in moment.mistake.ruling.rulings])
        ruling = next(r for r in moment.mistake.ruling.rulings if r.code == code)
        options = [o.id for o in ruling.options]
        return Step("remedy", {"code": code,
                               "option": rng.choice(options) if options else None})
    if state.over:
        return None
    if rng.random() < mistakes:
        event = random_event(state, game, rng)
        if event is not None:
            return Step("mistake", {"event": event})
    if state.melds is not None:
        return _meld_step(state, game, rng)
    ready = settle_draws(state, game)
    cards = legal_cards(ready, game)
    if not cards:
        return None
    return Step("play", {"player": ready.to_move, "card": rng.choice(cards).code})


def _meld_step(state: DealState, game: Game, rng: random.Random) -> Step:
    m = state.melds
    assert m is not None
    player = state.to_move
    if m.must_discard:
        return Step("discard", {"player": player, "card": rng.choice(state.hand(player)).code})
    if m.upcard is None:
        return Step("turn", {"player": player})
    options = meld_options(state, game, player)
    if options and rng.random() < 0.8:
        return Step("meld", {"player": player, "cards": [c.code for c in rng.choice(options)]})
    return Step("pass", {"player": player})


def play_out(rehearser: Rehearser, start: Start, rng: random.Random, *, mistakes: float = 0.05,
             limit: int = 2000) -> list[Moment]:
    """Play a deal to its end from `start` by random steps; every moment along the way."""
    game = rehearser.game(start)
    moments = [rehearser.first(start)]
    for _ in range(limit):
        step = random_step(moments[-1], game, rng, mistakes)
        if step is None:
            break
        try:
            moments.append(rehearser.advance(moments[-1], step, start))
        except RehearsalError:
            if step.kind != "mistake":
                raise
    return moments


def full_pack(game: Game) -> Mapping[Card, int]:
    """Every card of the game's pack with its number of copies."""
    return {c: game.pack.copies for c in game.pack.cards}
