"""Quiz tables as real moments of real deals (issue 25 §1).

A table is dealt and played forward by the rehearsal (app/rehearsal), lawful move by lawful
move (and, where the game has them, declarations its winner of a trick really holds), to a
moment where the event can happen; then the event is made to happen there, its fields read
from the table as it stands: the player to move, a card of his own hand, the tricks he has
won, the points the hand made. Seats, dealer, who has looked, the tricks, the stock, the trick
in progress and the melds all follow from the deal; the running score is what earlier deals
played the same way gave, below the points that win the game. Nothing here writes a scenario
mapping: the rehearsal's `to_scenario` writes the table, and the engine's parser reads it.

Where the event is a fact of the deal itself (a king turned up, a hand with no court card)
the deal is one the shuffle could have given: the cards are arranged between the hand and
the unseen stock before the first look.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from app.cards import Card
from app.engine.handlers.declarations import VALUES, missing_cards
from app.model.event_spec import FieldSpec
from app.model.events import EVENTS
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError, parse_scenario
from app.rehearsal.driver import random_step
from app.rehearsal.mistakes import happen
from app.rehearsal.play import (
    RehearsalError,
    count_points,
    draw,
    facts,
    legal_cards,
    put_card,
    settle_draws,
    sides_first,
)
from app.rehearsal.session import Moment, Rehearser, Start, Step
from app.rehearsal.state import HAND_OVER, DealState, to_scenario
from quizzes.possible import dealt_over_play

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

# Steps a deal is played for at most (a Rubicon deal takes about 130).
STEP_LIMIT = 600
# Deals played per game: every quiz table is a moment of one of them, and their results make
# the running scores of the others.
POOL = 16
# How often the winner of a trick declares a combination he holds, where the game has them.
DECLARE = 0.9
# Where combinations are declared, the cards they are made of, kept back in play as long as a
# card no combination needs may be played instead (most of the time: KEEP).
KEPT = ("A", "10", "K", "Q", "J")
KEEP = 0.85
# How often an optional field of an event is given.
OPTIONAL = 0.75
COURT = ("K", "Q", "J")


@dataclass(frozen=True)
class Dealt:
    """One moment of a real deal and the event that happened there: the table the engine
    rules (`state`), the scenario mapping the rehearsal writes of it, and its parse."""

    state: DealState
    game: Game
    event: Mapping[str, Any]
    table: Mapping[str, Any]
    scenario: Scenario

    def with_event(self, event: Mapping[str, Any], games: Mapping[str, Game]) -> Dealt:
        """The same moment with another event (ScenarioError if it does not fit)."""
        return dealt(self.state, self.game, event, games)


def dealt(state: DealState, game: Game, event: Mapping[str, Any],
          games: Mapping[str, Game]) -> Dealt:
    """The moment as a learner sees it: the rehearsal's table of it, the stock face down (how
    many cards, not which: no ruling reads them), parsed (ScenarioError if it does not fit)."""
    raw = to_scenario(state, game, event)
    if isinstance(raw.get("stock"), list):
        raw["stock"] = len(raw["stock"])
    return Dealt(state, game, dict(event), raw, parse_scenario(raw, games))


# --- the running score -------------------------------------------------------------------
@lru_cache(maxsize=64)
def _pool(rehearser: Rehearser, gid: str, misdeal: bool = False) -> tuple[tuple[Moment, ...], ...]:
    """POOL deals of the game played out by the rehearsal from fixed seeds, every moment of
    each (the dealer turning round the table), played once per game: a quiz table is a moment
    of one of them. `misdeal`: deals where the dealer gave one hand a card of another's, and
    nobody saw it until the hand was played out and a card was left over."""
    game = rehearser.games[gid]
    players = tuple(game.default_seats())
    deals = []
    for k in range(POOL):
        start = Start(gid, players, players[k % len(players)], seed=k + (POOL if misdeal else 0))
        rng = random.Random(f"pool:{gid}:{k}:{misdeal}")
        first = None
        if misdeal:
            dealt = rehearser.first(start).state
            giver, taker = rng.sample(list(players), 2)
            held = dealt.hand(giver)
            first = replace(dealt, hands={**dealt.hands, giver: held[1:],
                                          taker: (*dealt.hand(taker), held[0])})
        deals.append(tuple(play_deal(rehearser, start, rng, first=first)))
    return tuple(deals)


def _deal_results(rehearser: Rehearser, gid: str) -> tuple[tuple[int, ...], ...]:
    """What each seat scored in each deal of the pool (the engine scores the hand where the
    game says)."""
    game = rehearser.games[gid]
    players = tuple(game.default_seats())
    return tuple(tuple(deal[-1].state.score(p) for p in players)
                 for deal in _pool(rehearser, gid))


def running_scores(rehearser: Rehearser, game: Game, players: Sequence[str],
                   rng: random.Random, *, near: bool = False) -> dict[str, int]:
    """The score at the start of a deal: earlier deals' results added up, none reaching the
    points that win the game (all 0 where each deal is a game). `near` keeps adding until two
    players are a point short of the game."""
    zero = {p: 0 for p in players}
    goal = facts(game).game_to
    if not goal:
        return zero
    results = _deal_results(rehearser, game.id)
    scores = dict(zero)
    for _ in range(rng.randint(0, 5) if not near else 80):
        result = rng.choice(results)
        turn = rng.randrange(len(players))
        seat = [result[(i + turn) % len(result)] for i in range(len(players))]
        if game.partnerships and len(players) == 4:
            # Partners score together: each side's deal is what both its players took.
            seat = [seat[i] + seat[(i + 2) % 4] for i in range(4)]
        added = {p: scores[p] + seat[i] for i, p in enumerate(players)}
        if max(added.values()) >= goal:
            if near:
                continue  # another deal's result may take them nearer without reaching it
            break
        scores = added
        if near and sorted(scores.values())[-min(2, len(players))] >= goal - 1:
            break
    return scores


# --- playing a deal forward --------------------------------------------------------------
Used = dict[tuple[str, str], Counter[Card]]


def _declaration(state: DealState, game: Game, rng: random.Random, used: Used) -> Step | None:
    """A combination the winner of the last trick holds, as a step (None when he holds none,
    or lets it pass). A card serves in combinations of different kinds, never twice in one
    kind: `used` holds each player's cards already declared in each kind."""
    if rng.random() > DECLARE:
        return None
    player = state.to_draw[0]
    hand = Counter(state.hand(player))
    values = VALUES.get(game.id, {})
    choices: list[tuple[dict[str, Any], list[Card]]] = []
    for name, points in values.items():
        if name == "king":
            continue
        free = hand - used.get((player, name), Counter())
        if name in ("marriage", "royal-marriage"):
            for suit in game.pack.suits:
                royal = suit == state.trump or (state.trump is None and name == "royal-marriage")
                pair = [Card("K", suit), Card("Q", suit)]
                if (name == "royal-marriage") == royal and all(free[c] for c in pair):
                    choices.append(({"player": player, "declaration": name, "points": points,
                                     "suit": suit}, pair))
        elif missing_cards(name, tuple(free.elements()), state.trump) == []:
            needed = missing_cards(name, (), state.trump) or []
            choices.append(({"player": player, "declaration": name, "points": points}, needed))
    if not choices:
        return None
    chosen, cards = rng.choice(choices)
    key = (player, str(chosen["declaration"]))
    used[key] = used.get(key, Counter()) + Counter(cards)
    return Step("declare", chosen)


def _keeping_step(state: DealState, game: Game, rng: random.Random) -> Step | None:
    """A lawful card to play where combinations are declared: most often a card no
    combination needs (a nine, eight or seven), as a player keeps his aces, tens and court
    cards for the combinations they make (None: let the driver choose)."""
    ready = settle_draws(state, game)
    cards = legal_cards(ready, game)
    plain = [c for c in cards if c.rank not in KEPT]
    if not plain or rng.random() > KEEP:
        return None
    return Step("play", {"player": ready.to_move, "card": rng.choice(plain).code})


def play_deal(rehearser: Rehearser, start: Start, rng: random.Random,
              first: DealState | None = None) -> list[Moment]:
    """A deal played from `start` (or from the table `first`, as dealt) by random lawful
    moves (and declarations), every moment along the way, until it is over."""
    game = rehearser.game(start)
    moments = [rehearser.first(start) if first is None else Moment(None, first)]
    used: Used = {}
    declared_at = -1
    declares = facts(game).declarations
    for _ in range(STEP_LIMIT):
        moment = moments[-1]
        state = moment.state
        step = None
        if declares and state.to_draw and state.tricks_played != declared_at:
            declared_at = state.tricks_played
            step = _declaration(state, game, rng, used)
        if step is None and declares and state.melds is None and not state.over:
            step = _keeping_step(state, game, rng)
        step = step or random_step(moment, game, rng, 0.0)
        if step is None:
            break
        try:
            moments.append(rehearser.advance(moment, step, start))
        except RehearsalError:
            if step.kind != "declare":
                raise
    return moments


# --- where an event can happen -----------------------------------------------------------
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


def _candidate(moments: Sequence[Moment], stage: str, event_type: str, game: Game,
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


def _after_the_fill(state: DealState, game: Game, rng: random.Random) -> DealState:
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


def _early(state: DealState, game: Game, stage: str, rng: random.Random,
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


# --- the event made to happen ------------------------------------------------------------
def _hand_owner(state: DealState, rng: random.Random) -> str:
    """Who the event is about: most often the player to move."""
    holding = [p for p in state.players if state.hand(p)] or list(state.players)
    if state.to_move in holding and rng.random() < 0.6:
        return state.to_move
    return rng.choice(holding)


def _value(spec: FieldSpec, player: str, state: DealState, rng: random.Random) -> Any:
    players = list(state.players)
    if spec.kind == "player" and spec.not_dealer:
        return rng.choice([p for p in players if p != state.dealer])
    if spec.kind == "player":
        return player if spec.name == "player" else rng.choice(players)
    if spec.kind == "card":
        hand = state.hand(player)
        return rng.choice(hand).code if hand else None
    if spec.kind == "bool":
        return rng.random() < 0.5
    if spec.kind == "int":
        low, high = spec.typical
        return rng.randint(max(low, spec.low), max(spec.low, min(high, spec.high)))
    if spec.kind == "players":
        return rng.sample(players, rng.randint(1, len(players)))
    if spec.kind == "counts":
        return {p: 0 for p in players}
    return rng.choice(spec.choices)


def _fields(event_type: str, state: DealState, player: str,
            rng: random.Random) -> dict[str, Any] | None:
    """The event's fields filled from the table (None when a needed card is not there)."""
    event: dict[str, Any] = {"type": event_type}
    for spec in EVENTS[event_type].fields:
        if spec.optional and rng.random() > OPTIONAL:
            continue
        value = _value(spec, player, state, rng)
        if value is None:
            if spec.optional:
                continue
            return None
        event[spec.name] = value
    return event


Made = tuple[DealState, dict[str, Any]]
Maker = Callable[[DealState, Game, dict[str, Any], "Context"], "Made | None"]


@dataclass(frozen=True)
class Context:
    """What a maker may read besides the table: the random source, the rehearser, the
    running scores the deal started from."""

    rng: random.Random
    rehearser: Rehearser


def _others(state: DealState, player: str) -> list[str]:
    return [p for p in state.players if p != player]


def _wrong_count(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """The dealer gave a hand a card or two too many, or one too few: the cards went to it
    from the stock (or another hand), or from it back to the stock (or another hand)."""
    if state.status == HAND_OVER and any(state.hands.values()):
        return state, ev  # the hand was played out from a misdeal: a card is left over
    rng = ctx.rng
    hands = {p: list(state.hand(p)) for p in state.players}
    stock = list(state.stock)
    for p in rng.sample(list(state.players), rng.randint(1, len(state.players))):
        change = rng.choice((-1, 1, 2) if hands[p] else (1, 2))
        for _ in range(abs(change)):
            donors = [q for q in state.players if q != p and len(hands[q]) > 1]
            if change > 0 and stock:
                hands[p].append(stock.pop(0))
            elif change > 0 and donors:
                hands[p].append(hands[rng.choice(donors)].pop())
            elif change < 0 and hands[p] and state.stock:
                stock.append(hands[p].pop())
            elif change < 0 and hands[p]:
                hands[rng.choice(_others(state, p))].append(hands[p].pop())
    if all(len(hands[p]) == len(state.hand(p)) for p in state.players):
        return None
    return replace(state, hands={p: tuple(h) for p, h in hands.items()},
                   stock=tuple(stock)), ev


def _failed_to_draw(state: DealState, game: Game, ev: dict[str, Any],
                    ctx: Context) -> Made | None:
    """The winner of the trick did not draw, his adversary did, and he led to the next trick:
    he is a card short, his lead on the table."""
    player = state.to_draw[0]
    after = happen(state, game, {"type": "failed-to-draw", "player": player})
    hand = after.hand(player)
    if not hand:
        return None
    after = put_card(after, game, player, ctx.rng.choice(hand))
    return after, {**ev, "player": player}


def _drew_two(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """A player drew two cards at his turn to draw: one over, the stock a card shorter (in a
    melding game, the player to move took the top card into his hand besides)."""
    if not state.to_draw:
        player = state.to_move
        stock = state.stock
        return replace(state, hands={**state.hands, player: (*state.hand(player), stock[0])},
                       stock=stock[1:]), {**ev, "player": player}
    player = ctx.rng.choice(state.to_draw)
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
    player = ctx.rng.choice(list(state.players))
    return draw(state, game, player, 1), {**ev, "player": player, "card_was_adversarys": False}


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


def _play(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """The player to play plays a card of his hand (lawful or not)."""
    player = state.to_move
    hand = state.hand(player)
    return state, {**ev, "player": player, "card": ctx.rng.choice(hand).code}


def _out_of_turn(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """A player not to move (and not yet in the trick) plays a card of his own."""
    trick = state.trick
    offenders = [p for p in _others(state, state.to_move)
                 if state.hand(p) and not (trick is not None and trick.played_by(p))]
    if not offenders:
        return None
    player = ctx.rng.choice(offenders)
    ev = {**ev, "player": player}
    if "card" in ev:
        ev["card"] = ctx.rng.choice(state.hand(player)).code
    return state, ev


def _lead_out_of_turn(state: DealState, game: Game, ev: dict[str, Any],
                      ctx: Context) -> Made | None:
    """A player not to lead leads a card of his own; only others may have played to it."""
    made = _out_of_turn(state, game, {**ev, "card": ""}, ctx)
    if made is None:
        return None
    state, ev = made
    followers = [p for p in ev.get("followed_by", ()) if p != ev["player"]]
    ev["followed_by"] = followers
    if not followers:
        del ev["followed_by"]
    return state, ev


def _named_suit(state: DealState, game: Game, ev: dict[str, Any],
                ctx: Context) -> Made | None:
    """The leader names one suit and leads a card of another."""
    player = state.to_move
    card = ctx.rng.choice(state.hand(player))
    named = ctx.rng.choice([s for s in game.pack.suits if s != card.suit])
    return state, {**ev, "player": player, "card": card.code, "named": named}


def _exposed(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """A card of his hand shown; a second card only when two were played to one trick."""
    if not game.has_tricks and ev["how"] == "two-played":
        ev["how"] = "faced"
    hand = state.hand(ev["player"])
    second = [c for c in hand if c.code != ev["card"]]
    if ev["how"] == "two-played" and second:
        ev["second_card"] = ctx.rng.choice(second).code
    else:
        ev.pop("second_card", None)
    return state, ev


def _abandoned(state: DealState, game: Game, ev: dict[str, Any],
               ctx: Context) -> Made | None:
    """He threw down his hand after winning the tricks he won."""
    if "tricks_won" in ev:
        ev["tricks_won"] = state.tricks_won.get(ev["player"], 0)
    return state, ev


def _side_total(state: DealState, game: Game, points: Mapping[str, int],
                player: str) -> int:
    if game.partnerships and len(state.players) == 4:
        i = state.players.index(player)
        return points.get(player, 0) + points.get(state.players[(i + 2) % 4], 0)
    return points.get(player, 0)


def _hand_result(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """The tricks each won; an accepted proposal means cards were exchanged before play: the
    discards set aside, as many taken from the stock."""
    ev["tricks"] = {p: state.tricks_won.get(p, 0) for p in state.players}
    if ev["proposal"] == "accepted" and state.stock:
        taken = ctx.rng.randint(1, min(5, len(state.stock)))
        state = replace(state, discards_made=True, stock=state.stock[taken:])
    elif ev["proposal"] == "accepted":
        ev["proposal"] = "refused"
    return state, ev


def _points_made(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """The points each player took in the hand, as the cards won count."""
    ev["points"] = count_points(state, game)
    return state, ev


def _counted_out(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """Who reaches the game with the hand's points, and whether the bidder made his bid."""
    points = count_points(state, game)
    goal = facts(game).game_to
    reach = [p for p in state.players
             if goal and state.score(p) + _side_total(state, game, points, p) >= goal]
    if not reach or state.bid is None:
        return None
    bidder = str(state.bid["player"])
    ev["players"] = reach
    ev["bid_made"] = _side_total(state, game, points, bidder) >= int(state.bid["amount"])
    return state, ev


def _step(game: Game) -> int:
    """The unit a game's scores move in: tens in the Bézique family, single points else."""
    play = facts(game)
    values = [*play.card_points.values(), play.last_trick,
              *VALUES.get(game.id, {}).values()]
    step = 0
    for v in values:
        step = math.gcd(step, v)
    return step or 1


def _wrong_score(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """Points really due (a declaration he made, the hand's count, an earlier deal's result)
    marked a few units off; the running score holds what he marked."""
    rng = ctx.rng
    player = ev["player"]
    mine = [points for who, _, points in state.declared if who == player]
    if mine and rng.random() < 0.7:
        correct, earlier = rng.choice(mine), False
    elif state.status == HAND_OVER:
        correct, earlier = state.counted.get(player, 0), False
    else:
        results = _deal_results(ctx.rehearser, game.id)
        correct, earlier = rng.choice(results)[0], True
    step = _step(game)
    goal = facts(game).game_to
    # Off by a unit or two in a short game (Écarté's five points), by more in a long one.
    offsets = (-2, -1, 1, 2) if 0 < goal <= 10 else (-2, -1, 1, 2, 5, 10)
    marked = correct + step * rng.choice(offsets)
    if marked < 0:
        marked = correct + step
    if goal and not 0 <= marked < goal:
        return None
    ev.update(marked=marked, correct=correct, earlier_deal=earlier)
    if earlier and not goal:
        return state, ev  # each deal is a game: the earlier deal's score is not on this table
    score = state.score(player) + marked - correct
    if goal and score >= goal:
        return None
    # In a partnership game the score marked is the side's: both partners carry it.
    side = [p for p in state.players if sides_first(state, game, p)
            == sides_first(state, game, player)]
    return replace(state, scores={**state.scores, **{p: score for p in side}}), ev


def _false_declaration(state: DealState, game: Game, ev: dict[str, Any],
                       ctx: Context) -> Made | None:
    """The winner of the last trick declared and scored a combination (held or not) before
    drawing; whether he has drawn since and a card of the next trick is down are as the table
    stands. The points are in his score."""
    rng = ctx.rng
    declares = facts(game).declarations
    player = ev["player"]
    if declares and state.last_winner and rng.random() < 0.7:
        player = state.last_winner  # most often the winner of the trick, when he may declare
    values = VALUES.get(game.id, {})
    if not values:
        return None
    name = rng.choice(sorted(values))
    ev = {**ev, "player": player, "declared": name}
    if declares:
        # Draws follow a trick won: before the first, nobody has drawn since.
        # Nobody draws once the stock has run out: a declaration then has no draw after it.
        ev["drawn_since"] = not state.to_draw and state.tricks_played > 0 \
            and state.stage != "stock-exhausted"
        ev["next_trick_started"] = bool(state.trick is not None and state.trick.plays)
    else:
        ev.pop("drawn_since", None)
    if not game.has("stock"):
        ev.pop("drawn_since", None)
    scores = {**state.scores, player: state.score(player) + values[name]}
    goal = facts(game).game_to
    if goal and not declares and scores[player] >= goal:
        return None  # the points would have won the game: nothing is left to rule
    return replace(state, scores=scores), ev


def _carte_blanche(state: DealState, game: Game, ev: dict[str, Any],
                   ctx: Context) -> Made | None:
    """Half the time he really holds no court card (the shuffle put his court cards in the
    stock, plain ones in his hand); a repeat follows a draw, so only in play, the card drawn
    his last."""
    rng = ctx.rng
    player = ev["player"]
    hand = list(state.hand(player))
    stock = list(state.stock)
    if rng.random() < 0.5:
        plain = [i for i, c in enumerate(stock) if c.rank not in COURT]
        rng.shuffle(plain)
        for i, card in enumerate(hand):
            if card.rank in COURT and plain:
                j = plain.pop()
                hand[i], stock[j] = stock[j], card
        state = replace(state, hands={**state.hands, player: tuple(hand)}, stock=tuple(stock))
    repeat = state.stage == "play" and state.tricks_played > 0 and bool(ev.get("repeated"))
    if state.stage != "play" or state.tricks_played == 0:
        ev["repeated"] = False
    if repeat and hand:
        ev["drawn"] = hand[-1].code
    else:
        ev.pop("drawn", None)
    seen = state.seen
    if seen is not None and player not in seen:
        state = replace(state, seen=(*seen, player))  # he has looked, to declare it
    return state, ev


def _king_turned(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """The shuffle put a king where the trump is turned."""
    if state.turn_up is None:
        return None
    if state.turn_up.rank == "K":
        return state, ev
    kings = [i for i, c in enumerate(state.stock) if c.rank == "K"]
    if not kings:
        return None
    i = ctx.rng.choice(kings)
    stock = list(state.stock)
    stock[i], turned = state.turn_up, stock[i]
    return replace(state, stock=tuple(stock), turn_up=turned,
                   trump=turned.suit if game.turn_up_fixes_trump else state.trump), ev


def _faced_in_pack(state: DealState, game: Game, ev: dict[str, Any],
                   ctx: Context) -> Made | None:
    """A faced card somewhere in the pack, now and then the one due to be turned up."""
    size = len(game.pack.cards) * game.pack.copies
    dealt = sum(len(state.hand(p)) for p in state.players)
    if game.has("turn_up") and ctx.rng.random() < 0.25:
        ev["position"] = dealt + 1
    ev["position"] = min(ev["position"], size)
    return state, ev


# Errors of the exchange made by the dealer as dealer (he gives, or turns up a card).
_DEALERS_ERRORS = frozenset({"gave-too-many", "gave-too-few", "card-turned-in-error"})


def _exchange_error(state: DealState, game: Game, ev: dict[str, Any],
                    ctx: Context) -> Made | None:
    """A proposal was accepted and the exchange made before the first trick: each player
    discarded (set aside) and took as many from the stock, so the stock is smaller by the
    cards taken; the error leaves its hand a card over or short (taking or giving wrongly),
    or, asked for more than the stock holds, the exchanges have run the stock down."""
    rng = ctx.rng
    error = str(ev["error"])
    dealer = state.dealer
    pone = next(p for p in state.players if p != dealer)
    if error in _DEALERS_ERRORS:
        ev["player"] = dealer
    elif error == "stock-too-small":
        ev["player"] = pone
    stock = list(state.stock)
    hands = {p: list(state.hand(p)) for p in state.players}
    taken = rng.randint(1, 5) + rng.randint(0, 5)  # the pone's cards, then the dealer's
    if error == "stock-too-small":
        taken = len(stock) - rng.randint(1, 4)  # further exchanges until few are left
    if taken >= len(stock):
        return None
    del stock[:taken]  # in the hands now, as many discarded and set aside
    short = {"took-too-many": (ev["player"], 1), "took-too-few": (ev["player"], -1),
             "gave-too-many": (pone, 1), "gave-too-few": (pone, -1)}.get(error)
    if short is not None:
        who, change = short
        if change > 0 and stock:
            hands[who].append(stock.pop(0))
        elif change < 0 and hands[who]:
            hands[who].pop()
        else:
            return None
    return replace(state, hands={p: tuple(h) for p, h in hands.items()}, stock=tuple(stock),
                   discards_made=True), ev


# Events about the card turned up for trumps: it lies turned at the moment.
_TURNED = frozenset({"king-turned", "several-trumps-turned"})
_MAKERS: dict[str, Maker] = {
    "wrong-count": _wrong_count,
    "failed-to-draw": _failed_to_draw,
    "drew-two": _drew_two,
    "drew-out-of-turn": _drew_out_of_turn,
    "loser-saw-two": _draw_moment,
    "both-drew-wrong": _draw_moment,
    "even-stock": _even_stock,
    "play": _play,
    "play-out-of-turn": _out_of_turn,
    "lead-out-of-turn": _lead_out_of_turn,
    "named-suit-not-led": _named_suit,
    "exposed-card": _exposed,
    "abandoned-hand": _abandoned,
    "hand-result": _hand_result,
    "points-made": _points_made,
    "counted-out": _counted_out,
    "wrong-score": _wrong_score,
    "false-declaration": _false_declaration,
    "carte-blanche": _carte_blanche,
    "king-turned": _king_turned,
    "faced-card-in-pack": _faced_in_pack,
    "exchange-error": _exchange_error,
}


def deal_moment(bank: QuestionBank, combo: tuple[str, str, str],
                rng: random.Random) -> Dealt | None:
    """A real deal of the game played to a moment of `stage` where the event can happen, and
    the event made to happen there (None when this deal gives no such moment)."""
    gid, stage, event_type = combo
    base = bank.games[gid]
    if base.facts.play is None:
        return None
    if event_type == "stock-exhausted" and stage == "hand-over" and base.has_tricks:
        return None  # the stock runs out before the last tricks, not once they are played
    rehearser = bank.rehearser
    players = tuple(base.default_seats())
    game = rehearser.game(Start(gid, players, players[-1], seed=0))
    ctx = Context(rng, rehearser)
    misdeal = stage == "hand-over" and event_type == "wrong-count"
    moments = rng.choice(_pool(rehearser, gid, misdeal))
    found: DealState | None
    if stage in ("deal", "bidding"):
        found = _early(moments[0].state, game, stage, rng, keep_turn_up=event_type in _TURNED)
    else:
        found = _candidate(moments, stage, event_type, game, rng)
        found = None if found is None else _after_the_fill(found, game, rng)
    if found is None:
        return None
    # The deal is one of a game: the running score is what earlier deals gave.
    earlier = running_scores(rehearser, base, players, rng, near=event_type == "counted-out")
    state = replace(found, scores={p: earlier[p] + found.score(p) for p in players})
    event = _fields(event_type, state, _hand_owner(state, rng), rng)
    if event is None:
        return None
    maker = _MAKERS.get(event_type)
    if maker is not None:
        made = maker(state, game, event, ctx)
        if made is None:
            return None
        state, event = made
    try:
        # A card played is ruled on the table before it is played: the event names it.
        return dealt(state, game, event, bank.games)
    except (ScenarioError, RehearsalError):
        return None


def legal_now(dealt: Dealt) -> list[Card]:
    """The cards the player to move may lawfully play at this moment."""
    return legal_cards(dealt.state, dealt.game)
