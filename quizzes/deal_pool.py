"""Deals of a game played forward by the rehearsal (app/rehearsal), lawful move by lawful move
(and, where the game has them, declarations the winner of a trick really holds), every moment
of each kept: a quiz table is one of these moments. Their results make the running score a
deal starts from, below the points that win the game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from app.cards import Card
from app.engine.handlers.declarations import FOURS, any_four, declared_points, missing_cards
from app.model.games import Game
from app.rehearsal.driver import random_step
from app.rehearsal.play import RehearsalError, facts, legal_cards, settle_draws
from app.rehearsal.session import Moment, Rehearser, Start, Step
from app.rehearsal.state import DealState
from quizzes.moment_stages import filled
from quizzes.possible import dealt_over_play

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


# Readings in force, as (variant group, law id) pairs (hashable: the pool is cached by them).
Readings = tuple[tuple[str, str], ...]


# --- the running score -------------------------------------------------------------------
@lru_cache(maxsize=64)
def pool(rehearser: Rehearser, gid: str, misdeal: bool = False,
         readings: Readings = ()) -> tuple[tuple[Moment, ...], ...]:
    """POOL deals of the game played out by the rehearsal from fixed seeds, every moment of
    each (the dealer turning round the table), played once per game: a quiz table is a moment
    of one of them. `misdeal`: deals where the dealer gave one hand a card of another's, and
    nobody saw it until the hand was played out and a card was left over. `readings`: the
    readings of the game's rules in force (variant group, law), which may change the pack."""
    game = rehearser.games[gid]
    players = tuple(game.default_seats())
    deals = []
    for k in range(POOL):
        start = Start(gid, players, players[k % len(players)], seed=k + (POOL if misdeal else 0),
                      variants=dict(readings))
        rng = random.Random(f"pool:{gid}:{k}:{misdeal}")
        # Where hands are dealt larger than played (Cinch), the discard and the fill made.
        first = filled(rehearser.first(start).state, game, rng) if dealt_over_play(game) \
            else None
        if misdeal:
            dealt = first or rehearser.first(start).state
            giver, taker = rng.sample(list(players), 2)
            held = dealt.hand(giver)
            first = replace(dealt, hands={**dealt.hands, giver: held[1:],
                                          taker: (*dealt.hand(taker), held[0])})
        deals.append(tuple(play_deal(rehearser, start, rng, first=first)))
    return tuple(deals)


def deal_results(rehearser: Rehearser, gid: str) -> tuple[tuple[int, ...], ...]:
    """What each seat scored in each deal of the pool (the engine scores the hand where the
    game says)."""
    game = rehearser.games[gid]
    players = tuple(game.default_seats())
    return tuple(tuple(deal[-1].state.score(p) for p in players)
                 for deal in pool(rehearser, gid))


def running_scores(rehearser: Rehearser, game: Game, players: Sequence[str],
                   rng: random.Random, *, near: bool = False,
                   already: Mapping[str, int] | None = None,
                   unlike: Mapping[str, int] | None = None) -> dict[str, int]:
    """The score at the start of a deal: earlier deals' results added up, none reaching the
    points that win the game (all 0 where each deal is a game), nor reaching it with what
    each player has `already` scored in this deal (his combinations declared so far): the
    game would have ended. `near` keeps adding until two players are a point short of it.
    No earlier deal gives the result `unlike`, seat for seat, and no running score falls
    below nothing."""
    zero = {p: 0 for p in players}
    play = facts(game)
    goal = play.game_to
    if not goal:
        return zero
    if play.game_to_lowest and not near:
        # (below every reading's game; a count-out is asked at the usual one)
        goal = min(goal, play.game_to_lowest)
    # The game each player may still reach without it ending before this moment.
    room = {p: goal - (already or {}).get(p, 0) for p in players}
    if min(room.values()) <= 0:
        return zero
    results = deal_results(rehearser, game.id)
    scores = dict(zero)
    for _ in range(rng.randint(0, 5) if not near else 80):
        result = rng.choice(results)
        turn = rng.randrange(len(players))
        seat = [result[(i + turn) % len(result)] for i in range(len(players))]
        if unlike and seat == [unlike.get(p, 0) for p in players]:
            continue  # the result `unlike` (this hand's own scoring) is no earlier deal's
        if game.partnerships and len(players) == 4:
            # Partners score together: each side's deal is what both its players took.
            seat = [seat[i] + seat[(i + 2) % 4] for i in range(4)]
        added = {p: scores[p] + seat[i] for i, p in enumerate(players)}
        if min(added.values()) < 0:
            # A running score below nothing (a bidder set back from 0, Auction Pitch): how a
            # set-back is paid with counters never paid in Foster does not say, and readers
            # took the table for one that cannot happen (the 35th blind round's #123, #139).
            continue
        if any(added[p] >= room[p] for p in players):
            if near:
                continue  # another deal's result may take them nearer without reaching it
            break
        scores = added
        if near and sorted(scores[p] - room[p] for p in players)[-min(2, len(players))] >= -1:
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
    values = declared_points(game)
    choices: list[tuple[dict[str, Any], list[Card]]] = []
    for name, points in values.items():
        if name == "king":
            continue
        free = hand - used.get((player, name), Counter())
        if name == "marriage" and state.trump is None:
            # With no trumps yet the first marriage scored makes its suit trumps and scores
            # as a trump marriage, 40 (Portland law 41): none is plain.
            continue
        if name in ("marriage", "royal-marriage"):
            for suit in game.pack.suits:
                royal = suit == state.trump or (state.trump is None and name == "royal-marriage")
                pair = [Card("K", suit), Card("Q", suit)]
                if (name == "royal-marriage") == royal and all(free[c] for c in pair):
                    choices.append(({"player": player, "declaration": name, "points": points,
                                     "suit": suit}, pair))
        elif missing_cards(name, tuple(free.elements()), state.trump, game) == []:
            needed = missing_cards(name, (), state.trump, game) or []
            if name in FOURS and any_four(game):
                # Any four of the rank (Bézique): the four he holds, whatever their suits.
                needed = [c for c in free.elements() if c.rank == needed[0].rank][:4]
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

