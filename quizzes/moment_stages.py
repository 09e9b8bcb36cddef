"""Where in a deal an event can happen: a moment of the deal at the event's stage (in the
draw after a trick, with a card to lead, the stock gone ...), and the fresh deal as it
stands before play (during the deal, the bidding, after the discard and the fill)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from app.cards import Card
from app.engine.handlers.declarations import king_points
from app.model.games import Game
from app.rehearsal.play import facts, settle_draws
from app.rehearsal.session import Moment
from app.rehearsal.state import HAND_OVER, DealState
from quizzes.possible import dealt_over_play


def _draws_due(s: DealState) -> bool:
    return len(s.to_draw) == len(s.players)


def _next_draw_too(s: DealState) -> bool:
    """The draws are due, and after them the stock (the turn-up with it) still holds a whole
    draw and a card over: a remedy carried out at the next draw (draw two next time, the pick
    of the next draw's two cards) can be. Asked where the stock was gone, it could not, and
    the adversary's draw had taken the last face-down card that was the winner's (the ninth
    blind audit's #154)."""
    left = len(s.stock) + (s.turn_up is not None)
    return _draws_due(s) and left > 2 * len(s.players)


def _stock_left(s: DealState) -> bool:
    return bool(s.stock) and not s.to_draw


def _to_lead(s: DealState) -> bool:
    return not s.to_draw and (s.trick is None or not s.trick.plays)


def _to_play(s: DealState) -> bool:
    return not s.to_draw and bool(s.hand(s.to_move))


def _to_turn(s: DealState) -> bool:
    """In a melding game, the player to move is about to turn the top card of the stock: no
    card lies face up on offer, none is owed a discard."""
    return s.melds is not None and s.melds.upcard is None and not s.melds.must_discard \
        and bool(s.stock)


def _face_up_offered(s: DealState) -> bool:
    """In a melding game, a card lies face up on offer to the player to move that he did not
    turn himself (his adversary's discard, or the card his adversary turned and passed), the
    stock still there to draw from instead."""
    m = s.melds
    return m is not None and m.upcard is not None and m.turned_by != s.to_move \
        and not m.must_discard and bool(s.stock)


def _stock_gone(s: DealState) -> bool:
    return not s.stock and s.turn_up is None and not s.to_draw


# Events made in the draw after a trick, before every draw is made.
_IN_THE_DRAW = frozenset({"failed-to-draw", "drew-two", "drew-out-of-turn", "loser-saw-two",
                          "both-drew-wrong"})
# Events that may happen after a trick, before its draws are made (or after them).
_BEFORE_DRAWING = frozenset({"false-declaration"})
# A moment where each event can happen (any moment of its stage otherwise).
_WHERE: dict[str, Callable[[DealState], bool]] = {
    # Their remedies are carried out at the next draw (draw two next time; the adversary's
    # pick of its two cards; the top card shown): there must be one.
    "failed-to-draw": _next_draw_too,
    "drew-two": lambda s: _next_draw_too(s) or (_to_turn(s) and len(s.stock) > 1),
    # Outside the draw, a card taken when every draw is made and the next trick not yet led:
    # in the middle of a trick, whose the card is (its winner's to draw) is not yet known.
    # Before the first trick no draw has been due, so nobody can draw "out of turn".
    "drew-out-of-turn": lambda s: _draws_due(s) or (
        _to_turn(s) if s.melds is not None
        else _stock_left(s) and _to_lead(s) and s.tricks_played > 0),
    "loser-saw-two": _next_draw_too,
    "both-drew-wrong": _draws_due,
    # In a melding game he looks beyond the card he has just turned (it lies face up).
    "peeked-at-stock": lambda s: _stock_left(s) and (
        s.melds is None or (s.melds.upcard is not None and s.melds.upcard_from == "stock"
                            and s.melds.turned_by == s.to_move)),
    "even-stock": lambda s: len(s.stock) > 1 and not s.to_draw,
    "touched-top-card": lambda s: _face_up_offered(s) if s.melds is not None
    else _stock_left(s),
    "unscored-combination-broken": _stock_left,
    "play": _to_play,
    "play-out-of-turn": lambda s: _to_play(s) and any(
        p != s.to_move and s.hand(p) and not (s.trick is not None and s.trick.played_by(p))
        for p in s.players),
    "lead-out-of-turn": _to_lead,
    "named-suit-not-led": _to_lead,
    "stock-exhausted": _stock_gone,
    # Declared again after a draw only while no card drawn is a court card (Portland law 16):
    # a hand still blank many draws into play is barely possible, so it is asked early.
    "carte-blanche": lambda s: s.tricks_played <= 4,
}


def _where(event_type: str, game: Game) -> Callable[[DealState], bool]:
    """Where the event can happen in this game (_WHERE; any moment of its stage otherwise).
    A false declaration in a game that declares nothing in play (Ecarte's king, announced
    before the first card) is found before any trick is gathered: once one is, a card the
    announcer lacks may lie in it, and whether he ever held it is stated nowhere
    (quizzes.make_scores). Drawn from any moment of play, nearly every one was past the
    first trick and no table was made: the king announced and not owned before the
    announcer played (English law 25's penalty) was never asked (the eleventh round)."""
    if event_type == "false-declaration" and not facts(game).declarations:
        return lambda s: s.tricks_played == 0
    return _WHERE.get(event_type, lambda _: True)


def candidate(moments: Sequence[Moment], stage: str, event_type: str, game: Game,
               rng: random.Random) -> DealState | None:
    """A moment of the deal, drawn at random, at the stage where the event can happen (None
    when the deal has none)."""
    where = _where(event_type, game)
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


def _as_dealt(state: DealState, game: Game, rng: random.Random) -> DealState:
    """Before the discard: the pack dealt afresh, each hand the size dealt (nine at Cinch),
    the rest of the pack undealt."""
    extra = dealt_over_play(game)
    bidding = game.stage_rule("bidding")
    if not extra or bidding is None or not bidding.cards:
        return state
    pack = [c for c in game.pack.cards for _ in range(game.pack.copies)]
    rng.shuffle(pack)
    hands = {p: tuple(pack.pop() for _ in range(bidding.cards)) for p in state.players}
    return replace(state, hands=hands, stock=tuple(pack), discards_made=False)


def filled(state: DealState, game: Game, rng: random.Random) -> DealState:
    """Where hands are dealt larger than they are played (Cinch), the deal as the laws have it
    made: the cards dealt (nine each), every player throwing out his plain-suit cards face up,
    the dealer giving each of the others, from his left, enough from the pack to bring his hand
    to six, then robbing the rest for trumps to complete his own (plain cards if it holds too
    few). The discards lie aside; the stock is what the robbing left. A hand dealt more than
    six trumps keeps six."""
    play = game.stage_rule("play")
    if not dealt_over_play(game) or play is None or not play.cards or state.trump is None:
        return state
    size, trump = play.cards, state.trump

    def is_trump(card: Card) -> bool:
        return game.effective_suit(card, trump) == trump

    seats = list(state.players)
    for _ in range(50):
        dealt = _as_dealt(state, game, rng)
        kept = {p: [c for c in dealt.hand(p) if is_trump(c)][:size] for p in seats}
        # The pack must fill every hand: a deal that keeps too few trumps for it is dealt
        # again (the laws say nothing of a pack run short; it is not asked about here).
        if len(dealt.stock) >= size * len(seats) - sum(len(k) for k in kept.values()):
            break
    else:
        return state
    pack = list(dealt.stock)  # drawn from the top (its first card)
    order = [seats[(seats.index(state.dealer) + i) % len(seats)] for i in range(1, len(seats))]
    for p in order:  # the others, from the dealer's left
        while len(kept[p]) < size and pack:
            kept[p].append(pack.pop(0))
    robbed = kept[state.dealer]
    for card in [c for c in pack if is_trump(c)][:size - len(robbed)]:
        pack.remove(card)
        robbed.append(card)
    while len(robbed) < size and pack:
        robbed.append(pack.pop(0))
    return replace(state, hands={p: tuple(kept[p]) for p in seats}, stock=tuple(pack),
                   discards_made=True)


def early(state: DealState, game: Game, stage: str, rng: random.Random,
           keep_turn_up: bool = False) -> DealState:
    """The fresh deal as it stands during the deal (nobody has looked, no bid yet, trumps not
    yet named) or before play (the bidding or proposing: some have looked)."""
    state = _as_dealt(state, game, rng)
    # Trumps named by the bidder, the first lead or the first marriage declared (Rubicon,
    # Portland law 41: no marriage is declared before a trick is won) are not yet fixed.
    named = facts(game).trump_named_by in ("bidder", "first-lead", "first-marriage")
    bid = None if stage == "deal" else state.bid
    seen: tuple[str, ...] = () if stage == "deal" else tuple(
        p for p in state.players if rng.random() < 0.7)
    if bid is not None:
        # A bid stands, so the bidding is over: every player has bid or passed, and none does
        # either without looking at his cards (the blind audit of round 6, #91: West bid, but
        # only North, East and South had looked).
        seen = tuple(state.players)
    state = replace(state, stage=stage, seen=seen, bid=bid,
                    trump=None if named else state.trump)
    if state.turn_up is not None and state.turn_up.rank == "K" and not keep_turn_up \
            and king_points(game):
        # A king turned scores the dealer at once (Foster's Écarté, seed 004): beside a
        # question of something else, a king turned up with the dealer's score as it was read
        # as a point not marked (the 58th blind round's #167, #181). Before play the turn-up is
        # another card of the stock, the king among the stock's cards in its place.
        at = next((i for i, c in enumerate(state.stock) if c.rank != "K"), None)
        if at is not None:
            other = state.stock[at]
            stock = (*state.stock[:at], state.turn_up, *state.stock[at + 1:])
            state = replace(state, stock=stock, turn_up=other,
                            trump=other.suit if state.trump is not None else None)
    if stage == "deal" and state.turn_up is not None and not keep_turn_up \
            and rng.random() < 0.5:
        # The hands are dealt; the trump card is not yet turned: it is the stock's top card.
        state = replace(state, stock=(state.turn_up, *state.stock), turn_up=None, trump=None)
    return state

