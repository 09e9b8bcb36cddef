"""Derived facts about a scenario's table: seats, partners, proper counts, the trick's state."""

from __future__ import annotations

from dataclasses import dataclass

from app.cards import Card
from app.games import Game, StageRule
from app.scenario import Scenario


@dataclass(frozen=True)
class Table:
    """A scenario seen through its game: the facts handlers reason from."""

    scenario: Scenario
    game: Game

    # --- seats ---------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Seats in order of play."""
        return self.scenario.players

    @property
    def dealer(self) -> str:
        """Who dealt."""
        return self.scenario.dealer

    def after(self, player: str, steps: int = 1) -> str:
        """The player `steps` places later in order of play (to the left)."""
        seats = self.players
        return seats[(seats.index(player) + steps) % len(seats)]

    def left_of(self, player: str) -> str:
        """The player on the left, who plays next."""
        return self.after(player, 1)

    def right_of(self, player: str) -> str:
        """The player on the right, who played just before."""
        return self.after(player, -1)

    @property
    def eldest(self) -> str:
        """The player on the dealer's left, first to act."""
        return self.left_of(self.dealer)

    @property
    def pone(self) -> str:
        """The non-dealer in a two-handed game; otherwise the player on the dealer's right."""
        return self.right_of(self.dealer)

    def adversary(self, player: str) -> str:
        """The one adversary in a two-handed game."""
        others = [p for p in self.players if p != player]
        return others[0]

    def partner(self, player: str) -> str | None:
        """The partner facing, in a partnership game."""
        if not self.game.partnerships or len(self.players) != 4:
            return None
        return self.after(player, 2)

    def side(self, player: str) -> tuple[str, ...]:
        """The player and his partner, if any."""
        partner = self.partner(player)
        return (player, partner) if partner else (player,)

    def adversaries(self, player: str) -> tuple[str, ...]:
        """Everyone not on the player's side, in order of play."""
        return tuple(p for p in self.players if p not in self.side(player))

    # --- hands -----------------------------------------------------------------------
    def count(self, player: str) -> int | None:
        """How many cards the player holds, when the scenario says."""
        hand = self.scenario.hands.get(player)
        if hand is None:
            return None
        return hand if isinstance(hand, int) else len(hand)

    def cards(self, player: str) -> tuple[Card, ...] | None:
        """The actual cards in the player's hand, when given."""
        hand = self.scenario.hands.get(player)
        return hand if isinstance(hand, tuple) else None

    def played_to_trick(self, player: str) -> bool:
        """Whether the player has already played to the trick in progress."""
        trick = self.scenario.trick
        if trick is None:
            return False
        return player in self.trick_players[: len(trick.cards)]

    def proper_count(self, player: str) -> int:
        """The number of cards the player should hold now."""
        rule = self.stage_rule
        base = rule.cards if rule is not None and rule.cards is not None else self.game.hand_size
        if self.scenario.stage == "stock-exhausted" and self.game.drawing_tricks:
            played = self.scenario.tricks_played
            since = (
                played - self.game.drawing_tricks if played >= self.game.drawing_tricks else played
            )
            base -= since
        elif self.scenario.stage == "play" and not self.game.drawing_tricks:
            # Nobody draws between tricks in these games: each trick costs every hand a card.
            base -= self.scenario.tricks_played
        if self.scenario.stage == "hand-over":
            return 0
        return base - (1 if self.played_to_trick(player) else 0)

    def count_error(self, player: str) -> int | None:
        """Cards over (+) or under (-) the proper number; None when the count is unknown."""
        count = self.count(player)
        return None if count is None else count - self.proper_count(player)

    # --- play ----------------------------------------------------------------------------
    @property
    def stage_rule(self) -> StageRule | None:
        """The trick obligations in force, with any variant the scenario chose."""
        return self.game.stage_rule(self.scenario.stage)

    @property
    def first_trick_played(self) -> bool:
        """Whether anyone has played to the first trick."""
        trick = self.scenario.trick
        return self.scenario.tricks_played > 0 or bool(trick and trick.cards)

    @property
    def trick_players(self) -> tuple[str, ...]:
        """Who plays to the trick in progress, in order, starting with its leader."""
        trick = self.scenario.trick
        if trick is None:
            return ()
        return tuple(self.after(trick.leader, i) for i in range(len(self.players)))

    @property
    def to_play(self) -> str | None:
        """Whose turn it is in the trick in progress."""
        trick = self.scenario.trick
        if trick is None or len(trick.cards) >= len(self.players):
            return None
        return self.trick_players[len(trick.cards)]

    def score(self, player: str) -> int:
        """The player's points so far (0 when not given)."""
        return self.scenario.scores.get(player, 0)

    @property
    def bid_made(self) -> bool:
        """Whether a bid has been made this deal."""
        return self.scenario.bid is not None
