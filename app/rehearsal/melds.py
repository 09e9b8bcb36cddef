"""Playing a melding deal forward (Conquian and its kind): turning a card from the stock, using
it at once in a meld with cards from the hand or passing it, discarding after a meld, and going
out with the declared number of cards down.

A card turned or discarded never goes into the hand: it is melded at once or passed. A card
the turner passes is offered to his adversary; a card passed a second time, or a discard the
adversary passes, is dead, and the player who passed it turns the next card.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace

from app.cards import Card
from app.model.games import Game
from app.rehearsal.play import RehearsalError, facts
from app.rehearsal.state import HAND_OVER, DealState, Melds


def _melds(state: DealState) -> Melds:
    if state.melds is None:
        raise RehearsalError("This deal is played in tricks, not by melding.")
    return state.melds


def _other(state: DealState, player: str) -> str:
    return next(p for p in state.players if p != player)


def is_meld(cards: Sequence[Card], game: Game) -> bool:
    """Three or four of a rank in different suits, or three or more in sequence in one suit
    (consecutive in the game's order of ranks, so 7 and J touch when 8 to 10 are stripped)."""
    if len(cards) < 3:
        return False
    ranks = {c.rank for c in cards}
    suits = [c.suit for c in cards]
    if len(ranks) == 1:
        return len(cards) <= 4 and len(set(suits)) == len(suits)
    if len(set(suits)) != 1:
        return False
    order = sorted(game.order.index(c.rank) for c in cards)
    return all(b - a == 1 for a, b in itertools.pairwise(order))


def cards_down(state: DealState, player: str) -> int:
    """How many cards the player has melded."""
    return sum(len(group) for group in _melds(state).down.get(player, ()))


def turn_card(state: DealState, player: str) -> DealState:
    """The player turns the top card of the stock face up; an empty stock ends the deal."""
    m = _melds(state)
    if state.over:
        raise RehearsalError("The deal is over.")
    if player != state.to_move or m.upcard is not None or m.must_discard:
        raise RehearsalError(f"{player} cannot turn a card now.")
    if not state.stock:
        return replace(state, status=HAND_OVER, stage="hand-over",
                       note="The stock is exhausted with nobody out: a tableau.")
    card, rest = state.stock[0], state.stock[1:]
    return replace(state, stock=rest, melds=replace(m, upcard=card, upcard_from="stock",
                                                     turned_by=player),
                   note=f"{player} turned the {card.name}.")


def meld(state: DealState, game: Game, player: str, from_hand: Sequence[Card],
         onto: int | None = None) -> DealState:
    """The player uses the upcard: with cards from his hand as a new meld, or added to one of
    his melds (`onto`); then he must discard. Enough cards down wins the deal."""
    m = _melds(state)
    if player != state.to_move or m.upcard is None:
        raise RehearsalError(f"{player} has no card on offer to meld.")
    hand = list(state.hand(player))
    for card in from_hand:
        if card not in hand:
            raise RehearsalError(f"{player} does not hold the {card.name}.")
        hand.remove(card)
    groups = list(m.down.get(player, ()))
    if onto is None:
        group = (m.upcard, *from_hand)
        groups.append(group)
    else:
        if not 0 <= onto < len(groups):
            raise RehearsalError("No such meld.")
        group = (*groups[onto], m.upcard, *from_hand)
        groups[onto] = group
    if not is_meld(group, game):
        raise RehearsalError("Those cards do not make a set or a sequence.")
    down = {**m.down, player: tuple(groups)}
    state = replace(state, hands={**state.hands, player: tuple(hand)},
                    melds=replace(m, down=down, upcard=None, upcard_from="", turned_by="",
                                  must_discard=bool(hand)),
                    note=f"{player} melded the {m.upcard.name}.")
    if not hand:
        state = replace(state, to_move=_other(state, player))
    if cards_down(state, player) >= facts(game).meld_to_win:
        state = replace(state, status=HAND_OVER, stage="hand-over",
                        melds=replace(state.melds or m, must_discard=False),
                        note=f"{player} has {cards_down(state, player)} cards down and wins.")
    return state


def discard(state: DealState, player: str, card: Card) -> DealState:
    """After melding, the player throws a card from his hand: it is offered to his adversary."""
    m = _melds(state)
    if player != state.to_move or not m.must_discard:
        raise RehearsalError(f"{player} has nothing to discard for.")
    hand = list(state.hand(player))
    if card not in hand:
        raise RehearsalError(f"{player} does not hold the {card.name}.")
    hand.remove(card)
    return replace(state, hands={**state.hands, player: tuple(hand)},
                   melds=replace(m, upcard=card, upcard_from=player, must_discard=False),
                   to_move=_other(state, player), note=f"{player} discarded the {card.name}.")


def pass_card(state: DealState, player: str) -> DealState:
    """The player will not use the upcard: it goes to the adversary once, else it is dead."""
    m = _melds(state)
    if player != state.to_move or m.upcard is None:
        raise RehearsalError(f"{player} has no card to pass.")
    if m.upcard_from == "stock" and m.turned_by == player:
        return replace(state, to_move=_other(state, player),
                       melds=replace(m, turned_by=""), note=f"{player} passed the card.")
    return replace(state, melds=replace(m, upcard=None, upcard_from="", turned_by="",
                                        dead=(*m.dead, m.upcard)),
                   note=f"{player} passed; the {m.upcard.name} is dead.")


def meld_options(state: DealState, game: Game, player: str) -> list[tuple[Card, ...]]:
    """Every way the player can meld the upcard with two or three cards of his hand."""
    m = _melds(state)
    if player != state.to_move or m.upcard is None:
        return []
    hand = state.hand(player)
    found: list[tuple[Card, ...]] = []
    for i, a in enumerate(hand):
        for j in range(i + 1, len(hand)):
            pair = (a, hand[j])
            if is_meld((m.upcard, *pair), game):
                found.append(pair)
    return found
