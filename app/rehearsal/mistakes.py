"""Making a mistake happen at the table, and asking the engine to rule it.

An irregularity is an engine event (app/model/events.py) with its fields. Some of them change the
table as they happen (a card played out of turn lies on the table, a player who drew two holds
a card too many); the rest are discoveries about the table as it stands. The engine rules the
table the event describes: for a card played, the table before it was played (the event names
the card); for a draw gone wrong, the table after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import msgspec

from app.cards import Card
from app.corpus.laws import Content
from app.engine import Ruling, rule
from app.model.event_types import (
    AbandonedHand,
    AnyEvent,
    DrewTwo,
    Event,
    ExposedCard,
    FailedToDraw,
    LeadOutOfTurn,
    Play,
    PlayOutOfTurn,
)
from app.model.games import Game
from app.model.scenario import ScenarioError, _card_hook, parse_scenario
from app.rehearsal.play import RehearsalError, draw, facts, put_card, settle_draws
from app.rehearsal.state import DealState, to_scenario

# Events whose card is put on the table: the engine judges the table as it was before.
CARD_PLAYED = frozenset({"play", "lead-out-of-turn", "play-out-of-turn"})
# Events that happen in the draw itself, before the owed draws are complete.
DRAWING_WRONG = frozenset({"failed-to-draw", "drew-two"})


@dataclass(frozen=True)
class Mistake:
    """A mistake made at the table: the table the engine rules, the table after it, the
    event as the engine read it, and the ruling under every code in force."""

    event: Mapping[str, Any]
    ruled: DealState  # the table the ruling speaks of
    after: DealState  # the table once the mistake has happened
    before: DealState  # the table just before the mistake (for take-backs and replays)
    ruling: Ruling


def _typed(event: Mapping[str, Any]) -> Event | None:
    """The event as its typed structure (app/model/event_types.py), or None when it does not
    read as one: the table is then left as it is, and the parser says what is wrong."""
    try:
        typed: Event = msgspec.convert(event, AnyEvent, dec_hook=_card_hook)
    except msgspec.ValidationError:
        return None
    return typed


def happen(state: DealState, game: Game, event: Mapping[str, Any]) -> DealState:
    """The table once the event has happened (unchanged for a mere discovery)."""
    match _typed(event):
        case (Play(player=player, card=card) | LeadOutOfTurn(player=player, card=card)
              | PlayOutOfTurn(player=player, card=Card() as card)):
            if card not in state.hand(player):
                raise RehearsalError(f"{player} does not hold the {card.name}.")
            # A card no table can see: a second card of one player's in a trick, or a lead
            # onto a trick begun (a trick of three cards closed, and a seventh trick of a
            # six-card hand, followed from them).
            trick = state.trick
            if trick is not None and trick.played_by(player):
                raise RehearsalError(f"{player} has already played to this trick.")
            if event.get("type") == "lead-out-of-turn" and trick is not None and trick.plays:
                raise RehearsalError("A lead begins a trick, and this one is already begun: "
                                     "a card played out of turn is the mistake that fits it.")
            return put_card(state, game, player, card)
        case ExposedCard(player=player, card=card):
            if card not in state.hand(player):
                raise RehearsalError(f"{player} does not hold the {card.name}.")
            shown = state.exposed.get(player, ())
            return replace(state, exposed={**state.exposed, player: (*shown, card)},
                           note=f"{player} exposed the {card.name}.")
        case AbandonedHand(player=player):
            return replace(state, exposed={**state.exposed, player: state.hand(player)},
                           note=f"{player} threw his hand down.")
        case FailedToDraw(player=player):
            return _failed_to_draw(state, game, player)
        case DrewTwo(player=player):
            return _drew_two(state, game, player)
    return state


def _failed_to_draw(state: DealState, game: Game, player: str) -> DealState:
    skipped = replace(state, to_draw=tuple(p for p in state.to_draw if p != player))
    if skipped.to_draw == state.to_draw and state.hand(player):
        # No draw was due: the card he should have drawn goes back on the stock.
        hand = state.hand(player)
        skipped = replace(state, hands={**state.hands, player: hand[:-1]},
                          stock=(hand[-1], *state.stock))
    return replace(settle_draws(skipped, game), note=f"{player} did not draw.")


def _drew_two(state: DealState, game: Game, player: str) -> DealState:
    if facts(game).two_drawn == "seen":
        # Where the laws speak of a drawer who sees two cards (Rubicon, Portland laws 28 and
        # 30), he takes his one card and sees the next: the draws are made and every hand
        # keeps its count, as the quiz's tables have it (quizzes/make_cards.py).
        return replace(settle_draws(state, game),
                       note=f"{player} saw two cards in drawing: he took the top one and saw "
                            f"the one beneath it.")
    owed = state.draw_extra.get(player, 0)
    state = replace(state, draw_extra={**state.draw_extra, player: owed + 1})
    if player in state.to_draw:
        return replace(settle_draws(state, game), note=f"{player} drew two cards.")
    return replace(draw(state, game, player, 1), note=f"{player} drew a card too many.")


def commit(
    state: DealState, game: Game, games: Mapping[str, Game], content: Content,
    event: Mapping[str, Any],
) -> Mistake:
    """Make the mistake happen and rule it under every code in force.

    RehearsalError when the event does not fit this table (the parser's words, naming the
    field), so the user can correct the form; nothing changes then.
    """
    if state.over:
        raise RehearsalError("The deal is over: step back, or deal again.")
    before = state
    if event.get("type") not in DRAWING_WRONG:
        # Whatever else happens, the draws owed from the last trick were made first.
        state = settle_draws(state, game)
    after = happen(state, game, event)
    ruled = state if event.get("type") in CARD_PLAYED else after
    raw = to_scenario(ruled, game, event)
    try:
        scenario = parse_scenario(raw, games)
    except ScenarioError as exc:
        raise RehearsalError(str(exc)) from None
    parsed = {name: value for name, value in raw["event"].items()}
    return Mistake(event=parsed, ruled=ruled, after=after, before=before,
                   ruling=rule(scenario, games, content))
