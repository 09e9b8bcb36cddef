"""Playing a deal forward by the rules of play: dealing, leading, following, gathering tricks,
drawing from the stock (the turn-up taken last), the change of stage, and counting the hand.

What a game does here is read from its declared facts (content/games: [model] and [play]);
nothing branches on a game's name. Irregularities and their remedies live in mistakes.py and
remedies.py, and are ruled by the engine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.cards import Card
from app.corpus.play_facts import PlayFacts
from app.model.games import Game
from app.rehearsal.state import HAND_OVER, PLAYING, DealState, Melds, TrickCards


class RehearsalError(ValueError):
    """An action the table does not allow at this moment, in words for the user."""


def facts(game: Game) -> PlayFacts:
    """The game's [play] facts (RehearsalError when the game declares none)."""
    play = game.facts.play
    if play is None:
        raise RehearsalError(
            f"{game.name} declares no [play] table in its games file, so it cannot be rehearsed."
        )
    return play


def _after(players: Sequence[str], player: str, steps: int = 1) -> str:
    return players[(players.index(player) + steps) % len(players)]


def deal(
    game: Game,
    players: Sequence[str],
    dealer: str,
    rng: random.Random,
    *,
    codes: Sequence[str] = (),
    variants: Mapping[str, str] | None = None,
    scores: Mapping[str, int] | None = None,
    bid: Mapping[str, Any] | None = None,
    trump: str | None = None,
) -> DealState:
    """A fresh deal ready for the first lead (the bidding, if any, already settled)."""
    play = facts(game)
    pack = [c for c in game.pack.cards for _ in range(game.pack.copies)]
    rng.shuffle(pack)
    rule = game.stage_rule("play")
    size = rule.cards if rule is not None and rule.cards else game.hand_size
    hands = {p: tuple(pack.pop() for _ in range(size)) for p in players}
    turn_up = pack.pop() if game.has_turn_up else None
    if turn_up is not None and game.turn_up_fixes_trump:
        trump = turn_up.suit
    # A turn-up that scores is the dealer's as the deal is made (Bézique's seven).
    turned = play.turned_points.get(turn_up.rank, 0) if turn_up is not None else 0
    eldest = _after(players, dealer)
    if game.has_bidding and bid is None:
        low, high = play.bids if play.bids != (0, 0) else (1, 4)
        bid = {"player": rng.choice(list(players)), "amount": rng.randint(low, high)}
    if play.trump_named_by == "bidder" and trump is None:
        trump = rng.choice(game.pack.suits)
    leader = bid["player"] if play.first_lead == "bidder" and bid is not None else eldest
    state = DealState(
        game=game.id,
        players=tuple(players),
        dealer=dealer,
        codes=tuple(codes or game.codes),
        variants=dict(variants or {}),
        hands=hands,
        stock=tuple(pack),
        turn_up=turn_up,
        trump=trump,
        bid=dict(bid) if bid is not None else None,
        stage="play",
        to_move=eldest if play.count == "melds" else leader,
        scores={p: (scores or {}).get(p, 0) + (turned if p == dealer else 0) for p in players},
        melds=Melds(down={p: () for p in players}) if play.count == "melds" else None,
        note=f"{dealer} dealt.",
    )
    return state


# --- tricks -----------------------------------------------------------------------------
def legal_cards(state: DealState, game: Game, player: str | None = None) -> list[Card]:
    """The cards the player to move may lawfully play now ([] when it is not his turn)."""
    player = player or state.to_move
    if state.over or player != state.to_move or not game.has_tricks:
        return []
    hand = state.hand(player)
    trick = state.trick.cards if state.trick is not None else ()
    return game.legal_plays(hand, trick, state.trump, state.stage)


def settle_draws(state: DealState, game: Game) -> DealState:
    """Make the draws still owed after the last trick: winner first, the turn-up last."""
    for player in state.to_draw:
        state = draw(state, game, player)
    state = replace(state, to_draw=())
    return _after_trick(state) if state.trick is None and state.status == PLAYING else state


def draw(state: DealState, game: Game, player: str, count: int | None = None) -> DealState:
    """The player takes his card(s) from the stock (the turn-up when the stock is empty)."""
    owed = state.draw_extra.get(player, 0)
    count = count if count is not None else 1 + owed
    stock, turn_up = list(state.stock), state.turn_up
    taken: list[Card] = []
    for _ in range(count):
        if stock:
            taken.append(stock.pop(0))
        elif turn_up is not None:
            taken.append(turn_up)
            turn_up = None
    extra = {p: n for p, n in state.draw_extra.items() if p != player}
    stage = state.stage
    if not stock and turn_up is None and "stock-exhausted" in game.stages:
        stage = "stock-exhausted"
    return replace(
        state,
        hands={**state.hands, player: state.hand(player) + tuple(taken)},
        stock=tuple(stock),
        turn_up=turn_up,
        to_draw=tuple(p for p in state.to_draw if p != player),
        draw_extra=extra,
        stage=stage,
    )


def next_to_play(state: DealState) -> str:
    """Whose turn it is in the trick (the leader when no trick is on the table). A player left
    without cards by an irregularity is passed over, so the deal can still be played out."""
    if state.trick is None or not state.trick.plays:
        return state.to_move
    last = state.trick.plays[-1][0]
    for steps in range(1, len(state.players) + 1):
        player = _after(state.players, last, steps)
        if state.hand(player) and not state.trick.played_by(player):
            return player
    return _after(state.players, last)


def holding(state: DealState) -> list[str]:
    """The players who still hold cards."""
    return [p for p in state.players if state.hand(p)]


def put_card(state: DealState, game: Game, player: str, card: Card, *,
             gather_full: bool = True) -> DealState:
    """The card leaves the hand and goes to the trick, whoever's turn it was (no checks). A
    trick it completes is gathered, unless `gather_full` is False: the moment before it is
    turned, every card of it on the table."""
    hand = list(state.hand(player))
    hand.remove(card)
    trick = state.trick or TrickCards(leader=player, size=len(holding(state)))
    trump = state.trump
    if not trick.plays and state.tricks_played == 0 and trump is None and \
            facts(game).trump_named_by == "first-lead":
        trump = game.effective_suit(card, None)
    exposed = {p: tuple(c for c in cs if not (p == player and c == card))
               for p, cs in state.exposed.items()}
    state = replace(
        state,
        hands={**state.hands, player: tuple(hand)},
        trick=replace(trick, plays=(*trick.plays, (player, card))),
        played=(*state.played, (player, card)),
        trump=trump,
        stage=state.stage if state.stage in ("play", "stock-exhausted") else "play",
        seen=None,
        exposed={p: cs for p, cs in exposed.items() if cs},
        note=f"{player} played the {card.name}.",
    )
    state = replace(state, to_move=next_to_play(state))
    if gather_full and state.trick is not None \
            and len(state.trick.plays) >= max(1, state.trick.size):
        state = gather(state, game)
    return state


def play_card(state: DealState, game: Game, player: str, card: Card) -> DealState:
    """A lawful play in turn; RehearsalError names what is wrong otherwise."""
    if state.over:
        raise RehearsalError("The deal is over: start a new deal or step back.")
    state = settle_draws(state, game)
    if player != state.to_move:
        raise RehearsalError(f"It is {state.to_move}'s turn to play, not {player}'s.")
    if card not in state.hand(player):
        raise RehearsalError(f"{player} does not hold the {card.name}.")
    return put_card(state, game, player, card)


def gather(state: DealState, game: Game) -> DealState:
    """The trick is complete: its winner takes it, leads next, and the draws fall due."""
    assert state.trick is not None
    plays = state.trick.plays
    # The winner is judged in order of play from the leader, as the cards lie.
    cards = [card for _, card in plays]
    winner = plays[game.winning_card(cards, state.trump)][0]
    won = {**state.won, winner: state.won.get(winner, ()) + tuple(cards)}
    tricks_won = {**state.tricks_won, winner: state.tricks_won.get(winner, 0) + 1}
    to_draw: tuple[str, ...] = ()
    if facts(game).draws and (state.stock or state.turn_up is not None):
        to_draw = (winner, *[p for p in _order_from(state.players, winner) if p != winner])
    state = replace(
        state,
        trick=None,
        won=won,
        tricks_won=tricks_won,
        tricks_played=state.tricks_played + 1,
        last_winner=winner,
        to_move=winner,
        to_draw=to_draw,
        note=f"{winner} won the trick.",
    )
    if not to_draw:
        state = _after_trick(state)
    return state


def _after_trick(state: DealState) -> DealState:
    """The hand ends when fewer than two players hold cards; a winner left without cards
    (after an irregularity) passes the lead on."""
    left = holding(state)
    if len(left) < 2:
        return replace(state, status=HAND_OVER, stage="hand-over")
    if state.to_move not in left:
        i = state.players.index(state.to_move)
        order = [*state.players[i:], *state.players[:i]]
        return replace(state, to_move=next(p for p in order if p in left))
    return state


def _order_from(players: Sequence[str], first: str) -> list[str]:
    i = list(players).index(first)
    return [*players[i:], *players[:i]]


# --- counting -----------------------------------------------------------------------------
def count_points(state: DealState, game: Game) -> dict[str, int]:
    """What each player took in the hand as the game counts it (before any law applies)."""
    play = facts(game)
    if play.count == "card-points":
        points = {
            p: sum(play.card_points.get(c.rank, 0) for c in state.won.get(p, ()))
            for p in state.players
        }
        if state.last_winner is not None and state.status == HAND_OVER:
            points[state.last_winner] += play.last_trick
        return points
    if play.count == "tricks":
        return {p: state.tricks_won.get(p, 0) for p in state.players}
    if play.count == "all-fours":
        return _all_fours(state, game, play)
    return {p: sum(len(g) for g in (state.melds.down.get(p, ()) if state.melds else ()))
            for p in state.players}


def _all_fours(state: DealState, game: Game, play: PlayFacts) -> dict[str, int]:
    points = dict.fromkeys(state.players, 0)
    trump = state.trump
    if trump is None:
        return points
    winner_of: dict[Card, str] = {}
    for player, cards in state.won.items():
        for card in cards:
            winner_of[card] = player
    holder_of = dict(state_history(state))
    trumps = [c for c in winner_of if game.effective_suit(c, trump) == trump]
    if not trumps:
        return points

    def award(card: Card, taker: str) -> None:
        who = holder_of.get(card) if taker == "holder" else winner_of.get(card)
        if who is not None:
            points[who] += 1

    ranked = sorted(trumps, key=lambda c: game.strength(c, trump))
    award(ranked[-1], play.high)
    award(ranked[0], play.low)
    jack = Card("J", trump)
    if jack in winner_of:
        award(jack, play.jack)
    if play.game == "ten-of-trumps":
        ten = Card("10", trump)
        if ten in winner_of:
            points[winner_of[ten]] += 1
    else:
        pips = {p: 0 for p in state.players}
        for card, who in winner_of.items():
            pips[sides_first(state, game, who)] += _PIPS.get(card.rank, 0)
        best = max(pips.values())
        leaders = [p for p, n in pips.items() if n == best]
        if best and len(leaders) == 1:
            points[leaders[0]] += 1
    if play.pedros:
        for card in trumps:
            if card.rank == "5":
                points[winner_of[card]] += play.pedros
    return points


_PIPS = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}


def sides_first(state: DealState, game: Game, player: str) -> str:
    """The first-seated player of the player's side (the side's name in a partnership game)."""
    if not game.partnerships or len(state.players) != 4:
        return player
    i = state.players.index(player)
    return state.players[i % 2]


def state_history(state: DealState) -> list[tuple[Card, str]]:
    """Which player played each card won in tricks (kept on the state as it is played)."""
    return [(card, player) for player, card in state.played]
