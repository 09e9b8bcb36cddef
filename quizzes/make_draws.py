"""Draws made wrongly: a player who forgot to draw, drew two or out of turn, touched or looked
at the top of the stock, and the moments a draw rule is asked at (the loser seeing two, an even
stock). Each maker changes the table as the event would and reads its fields from it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.model.games import Game
from app.rehearsal.mistakes import happen
from app.rehearsal.play import draw, facts, put_card, settle_draws
from app.rehearsal.state import DealState
from quizzes.event_fields import Context, Made, Maker


def _failed_to_draw(state: DealState, game: Game, ev: dict[str, Any],
                    ctx: Context) -> Made | None:
    """The loser of the trick did not draw after the winner drew; the winner led to the next
    trick and he played to it, both cards on the table: he is a card short, the stock a card
    longer, and his next draw is still to come. Not the winner: his adversary, drawing next,
    would take the top card that was the winner's, a second error (Portland law 29; the 56th
    blind round's #66, #81)."""
    if len(state.to_draw) < 2:
        return None
    player = state.to_draw[-1]
    after = happen(state, game, {"type": "failed-to-draw", "player": player})
    leader = after.to_move
    lead, hand = after.hand(leader), after.hand(player)
    if leader == player or not lead or not hand:
        return None
    after = put_card(after, game, leader, ctx.rng.choice(lead))
    after = put_card(after, game, player, ctx.rng.choice(hand), gather_full=False)
    return after, {**ev, "player": player}


def _turned(state: DealState, player: str, count: int) -> DealState:
    """In a melding game, `player` turns up the top `count` cards of the stock: a drawn card
    is faced at once and never goes into the hand (Foster 1913), so the first lies face up as
    the card on offer and any other beside it, and the hands keep their ten."""
    m = state.melds
    assert m is not None and len(state.stock) >= count
    first, *rest = state.stock[:count]
    return replace(state, stock=state.stock[count:],
                   melds=replace(m, upcard=first, upcard_from="stock", turned_by=player,
                                 turned_too=tuple(rest)))


def _drew_two(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """A player drew two cards at his turn to draw: one over, the stock a card shorter. In a
    melding game the player to move turned up the top two cards at once: both lie face up
    (he has seen both), neither in his hand."""
    if not state.to_draw and state.melds is not None:
        player = state.to_move
        return _turned(state, player, 2), {**ev, "player": player, "saw_second": True}
    if not state.to_draw:
        return None
    player = ctx.rng.choice(state.to_draw)
    if facts(game).two_drawn == "seen":
        # Where the laws speak of a drawer who sees two cards (Rubicon, Portland laws 28 and
        # 30), he took his one card and saw the next: the draws are made, every hand holds
        # its count; a hand over it is the surplus laws' case, not this.
        return settle_draws(state, game), {**ev, "player": player, "saw_second": True}
    return happen(state, game, {**ev, "player": player}), {**ev, "player": player}


def _drew_out_of_turn(state: DealState, game: Game, ev: dict[str, Any],
                      ctx: Context) -> Made | None:
    """The loser of the trick drew first, taking the card that was the winner's; or, the draws
    made, a player took another card: he is one over, and it was nobody's."""
    if state.to_draw:
        # Found at once: the winner has not drawn, his card is in the loser's hand.
        loser = state.to_draw[-1]
        taken = draw(state, game, loser, 1)
        return taken, {**ev, "player": loser, "card_was_adversarys": True}
    if state.melds is not None:
        # A melding game: the player whose turn it is not turned up the top card, the one his
        # adversary was to turn (it lies face up, turned by him).
        player = next(p for p in state.players if p != state.to_move)
        return _turned(state, player, 1), {**ev, "player": player, "card_was_adversarys": True}
    player = ctx.rng.choice(list(state.players))
    return draw(state, game, player, 1), {**ev, "player": player, "card_was_adversarys": False}


def _touched_top(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """The player to move, a card face up on offer to him (the adversary's discard, or the
    card the adversary turned and passed), touched the top card of the stock."""
    return state, {**ev, "player": state.to_move}


def _peeked(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """In a melding game, the player who has just turned the card face up looked at stock
    cards beyond it (elsewhere, whoever the event names)."""
    if state.melds is not None and state.melds.turned_by:
        return state, {**ev, "player": state.melds.turned_by}
    return state, ev


def _draw_moment(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """A fault in drawing after the trick (looking at two cards, both drawing wrong): the loser
    of the trick is the one who draws second."""
    if "player" in ev:
        ev = {**ev, "player": state.to_draw[-1]}
    return settle_draws(state, game), ev


def _even_stock(state: DealState, game: Game, ev: dict[str, Any],
                ctx: Context) -> Made | None:
    """An even stock: as it should be where nothing is turned up; else an earlier error left
    it so, nobody noticing (a player once drew two, and holds the card over)."""
    if len(state.stock) % 2 == 0:
        return state, ev
    player = ctx.rng.choice(list(state.players))
    return replace(state, hands={**state.hands, player: (*state.hand(player), state.stock[0])},
                   stock=state.stock[1:]), ev


DRAW_MAKERS: dict[str, Maker] = {
    "failed-to-draw": _failed_to_draw,
    "drew-two": _drew_two,
    "drew-out-of-turn": _drew_out_of_turn,
    "touched-top-card": _touched_top,
    "peeked-at-stock": _peeked,
    "loser-saw-two": _draw_moment,
    "both-drew-wrong": _draw_moment,
    "even-stock": _even_stock,
}
