"""Events made to happen to the score: a hand thrown down, the hand's result and points, a
player counting out, a score marked wrong, a combination declared (held or not) and scored.
Each reads the points from the table and the game's values, and writes them into the running
score where the event puts them."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from random import Random
from typing import Any

from app.cards import Card
from app.engine.handlers.declarations import (
    FOUR_RANKS,
    declared_points,
    declared_value,
    missing_cards,
)
from app.model.event_randoms import tricks_won_at
from app.model.games import Game
from app.rehearsal.play import count_points, facts, sides_first
from app.rehearsal.state import HAND_OVER, DealState
from quizzes.deal_pool import deal_results
from quizzes.event_fields import Context, Made, Maker
from quizzes.possible import completed_by


def _abandoned(state: DealState, game: Game, ev: dict[str, Any],
               ctx: Context) -> Made | None:
    """He threw down his hand after winning the tricks he won, a proposal having been
    accepted and cards exchanged. With no exchange someone stood or the dealer refused, and
    one who stood or refused and fails to win the point gives 2, not 1 (Écarté Club Code law
    49): who it was would decide the score, and no table shows it. After an accepted first
    proposal the abandonment alone decides (law 42). Only a game whose exchange is a discard
    and draw before play (Écarté) has one made here: at Cinch the discard follows the naming
    of trumps, and the table's stage already says whether it was made (the blind audit of
    round 6, #31: a discard and 4 cards aside beside nine-card hands in the bidding)."""
    if "tricks_won" in ev:
        won = tricks_won_at(state.stage, state.tricks_won.get(ev["player"], 0))
        if won is None:
            del ev["tricks_won"]
        else:
            ev["tricks_won"] = won
    if game.model.discards and not state.discards_made and state.stock:
        taken = ctx.rng.randint(1, min(5, len(state.stock)))
        # Both looked at their hands to propose, accept and discard.
        seen = None if state.seen is None else tuple(state.players)
        state = replace(state, discards_made=True, stock=state.stock[taken:], seen=seen)
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
    turned = state.turn_up
    if turned is not None and turned.rank == "K":
        # Whether the dealer marked a king he turned up is not shown by a hand's end: with
        # points he may or may not have (Écarté Club Code laws 22 and 50); with none, the
        # American laws have him mark it "immediately" (seed 004) and say nothing of a point
        # not marked then (the twelfth blind round's #176: 0-0 beside a king turned, asked
        # under the American laws). The rulings turn on it and no table shows it: the
        # shuffle put another card of the suit there instead.
        others = [i for i, c in enumerate(state.stock)
                  if c.suit == turned.suit and c.rank != "K"]
        if not others:
            return None
        i = ctx.rng.choice(others)
        stock = list(state.stock)
        stock[i], card = turned, stock[i]
        state = replace(state, stock=tuple(stock), turn_up=card)
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
              *declared_points(game).values()]
    step = 0
    for v in values:
        step = math.gcd(step, v)
    return step or 1


def _score_entries(game: Game) -> set[int]:
    """The values a single score of the game can have: its declarations' and the last
    trick's."""
    return {*declared_points(game).values(), facts(game).last_trick} - {0}


def _wrong_score(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """Points really due (a declaration he made, the hand's count, an earlier deal's result)
    marked a few units off; the running score holds what he marked."""
    rng = ctx.rng
    player = ev["player"]
    unmarked = 0  # points due this deal the running score does not hold yet
    mine = [points for who, _, points in state.declared if who == player]
    goal = facts(game).game_to
    if mine and rng.random() < 0.7:
        correct, earlier = rng.choice(mine), False
    elif state.status == HAND_OVER:
        if not goal:
            # Each deal is a game (Rubicon Bézique): the hand's count (brisques) is never
            # marked, and no earlier deal can be found out at this deal's end.
            return None
        correct, earlier = state.counted.get(player, 0), False
        # The table is the hand as its last trick is gathered, before it is scored
        # (quizzes/moment_stages.py): what it scored is not yet in the running score.
        unmarked = correct
    else:
        results = deal_results(ctx.rehearser, game.id)
        correct, earlier = rng.choice(results)[0], True
    if not earlier and state.score(player) < correct:
        return None  # a mark of this deal that his running score does not hold
    step = _step(game)
    # Off by a unit or two in a short game (Écarté's five points), by more in a long one.
    offsets = (-2, -1, 1, 2) if 0 < goal <= 10 else (-2, -1, 1, 2, 5, 10)
    marked = correct + step * rng.choice(offsets)
    entries = _score_entries(game)
    if not earlier and correct in entries and len(entries) > 2:
        # One declaration mis-marked: the value of a near combination (a marriage marked as
        # a royal one), never a figure no single score has (the blind audit's #102: 320 for
        # 220 at Rubicon Bézique).
        marked = rng.choice(sorted(entries - {correct}, key=lambda v: abs(v - correct))[:3])
    if marked < 0:
        marked = correct + step
    if goal and not 0 <= marked < goal:
        return None
    ev.update(marked=marked, correct=correct, earlier_deal=earlier)
    if earlier and not goal:
        return state, ev  # each deal is a game: the earlier deal's score is not on this table
    # He marked `marked` where `correct` was due: the running score holds his mark, so a
    # score "marked 3 in this deal" is never shown as 1 (round 5's #97).
    score = state.score(player) + unmarked + marked - correct
    if earlier:
        # The running score holds the earlier deal he marked: at least its points, and what
        # he has scored in this deal so far on top.
        this_deal = sum(points for who, _, points in state.declared if who == player)
        score = max(state.score(player) - this_deal, correct) + this_deal + marked - correct
    if goal and score >= goal:
        return None
    # In a partnership game the score marked is the side's: both partners carry it.
    side = [p for p in state.players if sides_first(state, game, p)
            == sides_first(state, game, player)]
    return replace(state, scores={**state.scores, **{p: score for p in side}}), ev


# A four of a kind (any suits at Bezique, one of each suit in the engine's reading): a hand
# with two of one suit of the rank reads differently under the two, so it is not asked.


def declarable(name: str, hand: tuple[Card, ...], trump: str | None, timely: bool,
               game: Game | None = None) -> bool:
    """Whether a false-declaration question may be set on this declaration: made at a time
    when declaring is allowed (`timely`), the one fault a learner can read is in the cards, a
    wrong card laid down in place of one (one only: Enquire Within's law is of "a wrong card",
    and two laid down for four aces read as stretched to fit, the 47th blind round's #10), or
    a wrong card laid down where he holds the right one (Foster's amending); made at a time when
    nothing may be declared, the time is the one fault: he holds the cards (a card lacking as
    well would be a second fault, under another law: Portland law 50 beside law 52)."""
    lacking = missing_cards(name, hand, trump, game)
    if lacking is None:
        return False
    if game is not None and declared_value(game, trump, name) != declared_points(game).get(name):
        # The first marriage makes the trump suit and scores as one of trumps: a "marriage"
        # before trumps are fixed is no plain marriage (the thirty-first round's #81).
        return False
    if name == "marriage" and trump is not None and not lacking \
            and not _plain_marriage(hand, trump):
        return False  # his one marriage is in trumps: a royal marriage, not this
    rank = FOUR_RANKS.get(name)
    if rank is not None and any(n > 1 for c, n in Counter(hand).items() if c.rank == rank):
        return False
    if not timely:
        return not lacking
    return len(lacking) <= 1


def _false_declaration(state: DealState, game: Game, ev: dict[str, Any],
                       ctx: Context) -> Made | None:
    """A combination declared and scored before drawing, by the winner of the last trick (the
    one player who may declare), or before any trick is won (by either player: the fault is
    the time); whether he has drawn since and a card of the next trick is down are as the
    table stands (before any trick is complete there is no next trick to speak of). Once the
    stock is gone the declarer is the winner of the trick, who leads the next: the one fault
    is the declaring. Which combination is one `declarable` allows. The points are in his
    score."""
    rng = ctx.rng
    declares = facts(game).declarations
    player = ev["player"]
    if declares and state.tricks_played:
        if not state.last_winner:
            return None
        player = state.last_winner
    if state.stage == "stock-exhausted" and state.tricks_played <= game.drawing_tricks:
        # He declared on winning the last trick while the stock lasted, before drawing its
        # last card: in time, not "after the stock had run out" (blind audit, round 6, #55).
        return None
    values = declared_points(game)
    if not values:
        return None
    if declares and not state.tricks_played and state.stage == "play":
        # Before any trick is won the time is the fault: the deal as the shuffle could have
        # given it, his hand holding the combination (the stock is whole to swap from).
        name = rng.choice(sorted(n for n in values if n != "king"))
        cards = _cards_of(name, state.trump, rng)
        held = None if not cards else _holding(state, player, cards, [], rng)
        if held is None:
            return None
        state = held
    if declares:
        timely = bool(state.tricks_played) and state.stage != "stock-exhausted"
        led = tuple(c for who, c in (state.trick.plays if state.trick else ()) if who == player)
        names = [n for n in sorted(values)
                 if declarable(n, state.hand(player), state.trump, timely, game)
                 and not completed_by(n, state.hand(player), led, state.trump, game)]
        if not names:
            return None
        name = rng.choice(names)
    else:
        name = rng.choice(sorted(values))
    ev = {**ev, "player": player, "declared": name}
    if declares:
        # Draws follow a trick won: before the first, nobody has drawn since.
        # Nobody draws once the stock has run out: a declaration then has no draw after it.
        ev["drawn_since"] = not state.to_draw and state.tricks_played > 0 \
            and state.stage != "stock-exhausted"
    else:
        # Where nothing is declared in play (Ecarte's king is announced before the first
        # card), a card not in his hand once tricks are gathered may lie in one of them, so
        # whether he ever held it would be stated nowhere: he is found out before any trick
        # is gathered. Whether a card has been played since is as the table stands.
        lacking = missing_cards(name, state.hand(player), state.trump, game) or []
        if state.tricks_played and lacking:
            return None
        if game.pack.copies == 1 and state.turn_up in lacking:
            return None  # the one such card lies face up as the turn-up: none announces it
        ev.pop("drawn_since", None)
        if state.seen is not None and player not in state.seen:
            state = replace(state, seen=(*state.seen, player))  # he has looked, to announce
    started = bool(state.trick is not None and state.trick.plays)
    if declares and not timely and started:
        # Declared when nothing may be, and a card of the next trick is down before it is
        # found: Portland law 50 keeps a score not challenged before then, laws 51 and 52 take
        # it down at any time; each is defensible (the eighth blind round's #166). Such a
        # declaration is asked found before any card of the next trick was played.
        return None
    if state.tricks_played or not started:
        ev["next_trick_started"] = started
    else:
        # A card of the first trick is down: no trick is complete, so none is "next".
        ev.pop("next_trick_started", None)
    if declares and not state.tricks_played:
        # Before any trick is won there is no draw since nor a next trick to speak of.
        ev.pop("drawn_since", None)
        ev.pop("next_trick_started", None)
    if not game.has("stock") or state.stage == "stock-exhausted":
        # No stock, or none left: "he has not drawn since" would be said of a draw that
        # could not be made, where the words must say the stock had run out.
        ev.pop("drawn_since", None)
    scores = {**state.scores, player: state.score(player) + values[name]}
    goal = facts(game).game_to
    if goal and scores[player] >= goal:
        # The points would have won the game (at Pinochle he calls himself out): nothing is
        # left to rule, and a score past the game in the middle of a hand reads as one the
        # game cannot reach.
        return None
    return replace(state, scores=scores), ev


# A combination scored from the cards of a lower one not yet scored (the lower is lost).
_HIGHER = {"bezique": "double-bezique", "royal-marriage": "sequence"}


def _cards_of(name: str, trump: str | None, rng: Random) -> list[Card] | None:
    """The cards a combination is made of (a plain marriage in a suit not trumps)."""
    if name == "marriage":
        suit = rng.choice([s for s in "SHDC" if s != trump])
        return [Card("K", suit), Card("Q", suit)]
    return missing_cards(name, (), trump)


def _holding(state: DealState, player: str, wanted: list[Card], kept_out: list[Card],
             rng: Random) -> DealState | None:
    """The deal as the shuffle could have given it: the cards `wanted` in the player's hand,
    and no copy of a card of `kept_out` beyond those `wanted` holds, each swapped with a card
    of the unseen stock (None when one is not in the stock to swap)."""
    hand, stock = list(state.hand(player)), list(state.stock)
    need = Counter(wanted) - Counter(hand)
    spare = [i for i, c in enumerate(hand) if c not in wanted]
    rng.shuffle(spare)
    for card in need.elements():
        if card not in stock or not spare:
            return None
        i, j = spare.pop(), stock.index(card)
        hand[i], stock[j] = stock[j], hand[i]
    allowed = Counter(wanted)  # copies of a card out that the combination keeps in
    for k, card in enumerate(hand):
        if card in kept_out and not allowed[card]:
            plain = [j for j, c in enumerate(stock) if c not in kept_out and c not in wanted]
            if not plain:
                return None
            j = rng.choice(plain)
            hand[k], stock[j] = stock[j], card
        elif card in kept_out:
            allowed[card] -= 1
    return replace(state, hands={**state.hands, player: tuple(hand)}, stock=tuple(stock))


def _combination_broken(state: DealState, game: Game, ev: dict[str, Any],
                        ctx: Context) -> Made | None:
    """A combination of the game not yet scored, and what broke it as the table shows it: a
    card of it played (he holds the others, not that card), or a higher one made of its cards
    scored (he holds the higher one's cards, its points in his score)."""
    rng, player = ctx.rng, ev["player"]
    values = declared_points(game)
    # A combination "still to score" was declared on a trick its holder won (Portland law
    # 42), and a higher one scored from it needs a later trick of his: he has won one trick
    # at least, two where the higher is scored, or the table shows points he cannot have.
    if state.tricks_won.get(player, 0) < (2 if ev["how"] == "higher-scored" else 1):
        return None
    if ev["how"] == "higher-scored":
        names = [n for n, h in _HIGHER.items() if n in values and h in values]
    else:
        names = [n for n in values if n != "king"]
    if not names:
        return None
    name = rng.choice(names)
    cards = _cards_of(name, state.trump, rng)
    if not cards:
        return None
    if ev["how"] == "higher-scored":
        higher = _cards_of(_HIGHER[name], state.trump, rng)
        made = None if not higher else _holding(state, player, higher, [], rng)
        if made is None:
            return None
        score = made.score(player) + values[_HIGHER[name]]
        goal = facts(game).game_to
        if goal and score >= goal:
            return None  # past the game in the middle of a hand (see _false_declaration)
        made = replace(made, scores={**made.scores, player: score})
    else:
        played = rng.choice(cards)
        kept = list(cards)
        kept.remove(played)
        made = _holding(state, player, kept, [played], rng)
        if made is None:
            return None
    return made, {**ev, "declared": name}


def _plain_marriage(hand: tuple[Card, ...], trump: str) -> bool:
    return any(Card("K", s) in hand and Card("Q", s) in hand for s in "SHDC" if s != trump)


MAKERS: dict[str, Maker] = {
    "abandoned-hand": _abandoned,
    "hand-result": _hand_result,
    "points-made": _points_made,
    "counted-out": _counted_out,
    "wrong-score": _wrong_score,
    "false-declaration": _false_declaration,
    "unscored-combination-broken": _combination_broken,
}
