"""Where in a deal an event can happen: a moment of the deal at the event's stage (in the
draw after a trick, with a card to lead, the stock gone ...), and the fresh deal as it
stands before play (during the deal, the bidding, after the discard and the fill)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from app.model.games import Game
from app.rehearsal.play import facts, settle_draws
from app.rehearsal.session import Moment
from app.rehearsal.state import HAND_OVER, DealState
from quizzes.possible import dealt_over_play


def _draws_due(s: DealState) -> bool:
    return len(s.to_draw) == len(s.players)


def _stock_left(s: DealState) -> bool:
    return bool(s.stock) and not s.to_draw


def _to_lead(s: DealState) -> bool:
    return not s.to_draw and (s.trick is None or not s.trick.plays)


def _to_play(s: DealState) -> bool:
    return not s.to_draw and bool(s.hand(s.to_move))


def _stock_gone(s: DealState) -> bool:
    return not s.stock and s.turn_up is None and not s.to_draw


# Events made in the draw after a trick, before every draw is made.
_IN_THE_DRAW = frozenset({"failed-to-draw", "drew-two", "drew-out-of-turn", "loser-saw-two",
                          "both-drew-wrong"})
# Events that may happen after a trick, before its draws are made (or after them).
_BEFORE_DRAWING = frozenset({"false-declaration"})
# A moment where each event can happen (any moment of its stage otherwise).
_WHERE: dict[str, Callable[[DealState], bool]] = {
    "failed-to-draw": _draws_due,
    "drew-two": lambda s: _draws_due(s) or (s.melds is not None and len(s.stock) > 1),
    "drew-out-of-turn": lambda s: _draws_due(s) or _stock_left(s),
    "loser-saw-two": _draws_due,
    "both-drew-wrong": _draws_due,
    "peeked-at-stock": _stock_left,
    "even-stock": lambda s: len(s.stock) > 1 and not s.to_draw,
    "touched-top-card": _stock_left,
    "unscored-combination-broken": _stock_left,
    "play": _to_play,
    "play-out-of-turn": lambda s: _to_play(s) and any(
        p != s.to_move and s.hand(p) and not (s.trick is not None and s.trick.played_by(p))
        for p in s.players),
    "lead-out-of-turn": _to_lead,
    "named-suit-not-led": _to_lead,
    "stock-exhausted": _stock_gone,
}


def candidate(moments: Sequence[Moment], stage: str, event_type: str, game: Game,
               rng: random.Random) -> DealState | None:
    """A moment of the deal, drawn at random, at the stage where the event can happen (None
    when the deal has none)."""
    where = _WHERE.get(event_type, lambda _: True)
    if stage == "hand-over":
        last = moments[-1].state
        if last.status != HAND_OVER:
            return None
        # The hand as the last trick is gathered, before it is scored; `counted` holds what
        # the hand then scored (the engine's scoring, where the game has one).
        before = moments[-2].state if len(moments) > 1 else last
        return replace(last, scores=dict(before.scores),
                       counted={p: last.score(p) - before.score(p) for p in last.players})
    order = list(range(len(moments)))
    rng.shuffle(order)
    for i in order:
        m = moments[i]
        s = m.state
        if m.mistake is not None or s.over or s.stage not in (stage, "play"):
            continue
        if s.melds is not None and any(s.melds.down.values()):
            continue  # a table cannot show melds: the hands would read short
        if s.to_draw and event_type not in _IN_THE_DRAW and event_type not in _BEFORE_DRAWING:
            s = settle_draws(s, game)  # the draws after the last trick made
        if s.stage == stage and where(s):
            return s
    return None


def _as_dealt(state: DealState, game: Game) -> DealState:
    """Before the discard: each hand holds every card dealt to it (the rehearsal deals the
    hands played with; the cards over them come from the top of the undealt pack)."""
    extra = dealt_over_play(game)
    if not extra:
        return state
    stock = list(state.stock)
    hands = {p: (*state.hand(p), *(stock.pop(0) for _ in range(extra))) for p in state.players}
    return replace(state, hands=hands, stock=tuple(stock))


def after_the_fill(state: DealState, game: Game, rng: random.Random) -> DealState:
    """After the bidding every player discarded the cards over the hand he plays with, and
    the dealer filled the hands to the playing size from the pack and robbed it: the discards
    lie aside, and the stock is what the deal left less the cards the fill took."""
    extra = dealt_over_play(game)
    if not extra or state.discards_made:
        return state
    n = len(state.players)
    left = len(state.stock) - n * extra  # the pack after the deal (16 at Cinch)
    taken = rng.randint(0, max(0, min(left, 6 * (n - 1))))
    return replace(state, stock=state.stock[n * extra + taken:], discards_made=True)


def early(state: DealState, game: Game, stage: str, rng: random.Random,
           keep_turn_up: bool = False) -> DealState:
    """The fresh deal as it stands during the deal (nobody has looked, no bid yet, trumps not
    yet named) or before play (the bidding or proposing: some have looked)."""
    state = _as_dealt(state, game)
    named = facts(game).trump_named_by in ("bidder", "first-lead")
    seen: tuple[str, ...] = () if stage == "deal" else tuple(
        p for p in state.players if rng.random() < 0.7)
    state = replace(state, stage=stage, seen=seen,
                    bid=None if stage == "deal" else state.bid,
                    trump=None if named else state.trump)
    if stage == "deal" and state.turn_up is not None and not keep_turn_up \
            and rng.random() < 0.5:
        # The hands are dealt; the trump card is not yet turned: it is the stock's top card.
        state = replace(state, stock=(state.turn_up, *state.stock), turn_up=None, trump=None)
    return state

