"""The state of a deal being rehearsed: where every card of the pack lies, and the score.

A `DealState` is immutable; every action (app/rehearsal/play.py, mistakes.py, remedies.py)
returns a new one. `to_scenario` turns a state and an event into the scenario mapping the
engine rules, so the rehearsal never decides a law itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.cards import Card
from app.model.games import Game

# Where a deal stands: being played, over (and counted), or stopped by a ruling.
PLAYING, HAND_OVER, VOID, ABANDONED = "playing", "hand-over", "void", "abandoned"
STATUSES = (PLAYING, HAND_OVER, VOID, ABANDONED)


@dataclass(frozen=True)
class TrickCards:
    """The trick on the table: who led, and each card with the player who played it."""

    leader: str
    plays: tuple[tuple[str, Card], ...] = ()
    size: int = 0  # how many players hold cards when it is led: the cards that complete it

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played."""
        return tuple(card for _, card in self.plays)

    def played_by(self, player: str) -> bool:
        """Whether the player has a card in this trick."""
        return any(p == player for p, _ in self.plays)


@dataclass(frozen=True)
class Melds:
    """A melding game's table: each player's melds (face up) and the card turned or thrown."""

    down: Mapping[str, tuple[tuple[Card, ...], ...]] = field(default_factory=dict)
    upcard: Card | None = None  # the card face up, offered to the player to move
    upcard_from: str = ""  # "stock" or the player who discarded it
    turned_by: str = ""  # who turned the upcard from the stock (it is offered to him first)
    dead: tuple[Card, ...] = ()  # cards passed by both players, out of play
    # Cards turned up from the stock with the upcard in one draw (an irregularity): face up
    # beside it until the adversary chooses which is in play.
    turned_too: tuple[Card, ...] = ()
    must_discard: bool = False  # the player to move has melded and now discards


@dataclass(frozen=True)
class DealState:
    """One moment of a deal: hands, stock, turn-up, trick, tricks won, score and whose turn."""

    game: str
    players: tuple[str, ...]
    dealer: str
    codes: tuple[str, ...]
    variants: Mapping[str, str]
    hands: Mapping[str, tuple[Card, ...]]
    stock: tuple[Card, ...] = ()  # top card first
    turn_up: Card | None = None  # face up under the stock until the last draw
    trump: str | None = None
    bid: Mapping[str, Any] | None = None
    stage: str = "play"
    trick: TrickCards | None = None
    to_move: str = ""  # who plays (or leads) next
    tricks_played: int = 0
    played: tuple[tuple[str, Card], ...] = ()  # every card played to a trick, with its player
    won: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    tricks_won: Mapping[str, int] = field(default_factory=dict)
    last_winner: str | None = None
    to_draw: tuple[str, ...] = ()  # players still to draw after the last trick, in order
    draw_extra: Mapping[str, int] = field(default_factory=dict)  # cards owed at the next draw
    exposed: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    scores: Mapping[str, int] = field(default_factory=dict)
    declared: tuple[tuple[str, str, int], ...] = ()  # (player, declaration, points)
    melds: Melds | None = None
    status: str = PLAYING
    counted: Mapping[str, int] = field(default_factory=dict)  # points in the hand, when over
    # What scoring the hand added to each score, once over (the points in the cards, or the
    # engine's ruling of the hand): the scores before it are the scores less these.
    hand_scored: Mapping[str, int] = field(default_factory=dict)
    note: str = ""  # what the last step did, in words
    seen: tuple[str, ...] | None = None  # who has looked at his hand (None: everybody)
    discards_made: bool = False

    def hand(self, player: str) -> tuple[Card, ...]:
        """The player's cards."""
        return self.hands.get(player, ())

    def score(self, player: str) -> int:
        """The player's running score."""
        return self.scores.get(player, 0)

    @property
    def over(self) -> bool:
        """Whether the deal has ended (played out, void or abandoned)."""
        return self.status != PLAYING

    def placed(self) -> Counter[Card]:
        """Every card the deal accounts for, wherever it lies (the conservation check)."""
        where: Counter[Card] = Counter()
        for cards in self.hands.values():
            where.update(cards)
        where.update(self.stock)
        if self.turn_up is not None:
            where[self.turn_up] += 1
        if self.trick is not None:
            where.update(self.trick.cards)
        for cards in self.won.values():
            where.update(cards)
        if self.melds is not None:
            for groups in self.melds.down.values():
                for group in groups:
                    where.update(group)
            if self.melds.upcard is not None:
                where[self.melds.upcard] += 1
            where.update(self.melds.dead)
            where.update(self.melds.turned_too)
        return where


def to_scenario(state: DealState, game: Game, event: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario mapping of this moment of the deal with `event`, as the engine reads it."""
    stock: list[str] | int = [c.code for c in state.stock]
    raw: dict[str, Any] = {
        "game": state.game,
        "players": list(state.players),
        "dealer": state.dealer,
        "codes": list(state.codes),
        "hands": {p: [c.code for c in state.hand(p)] for p in state.players},
        "stock": stock,
        "scores": {p: state.score(p) for p in state.players},
        "stage": state.stage if state.status == PLAYING else "hand-over",
        "tricks_played": state.tricks_played,
        "hands_seen": list(state.players if state.seen is None else state.seen),
        "event": dict(event),
    }
    if state.variants:
        raw["variants"] = dict(state.variants)
    if state.discards_made:
        raw["discards_made"] = True
    if state.trump is not None and game.has_trumps:
        raw["trump"] = state.trump
    if state.turn_up is not None and game.has_turn_up:
        raw["turn_up"] = state.turn_up.code
    if state.bid is not None and game.has_bidding:
        raw["bid"] = {"player": state.bid["player"], "amount": state.bid["amount"]}
    if state.trick is not None and state.trick.plays:
        raw["trick"] = {"leader": state.trick.leader, "cards": [c.code for c in state.trick.cards]}
    elif game.has_tricks and state.status == PLAYING and state.stage in ("play",
                                                                         "stock-exhausted"):
        # No card on the table yet: the trick's leader says whose lead it is.
        raw["trick"] = {"leader": state.to_move, "cards": []}
    return raw
