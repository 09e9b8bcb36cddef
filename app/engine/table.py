"""Derived facts about a scenario's table: seats, partners, proper counts, the trick's state,
and the timing the laws speak of (before any card is played, during the first trick, after it,
once the stock is exhausted, in the last trick, after the hand)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from app.cards import Card
from app.model.games import Game, StageRule
from app.model.scenario import Scenario, Trick

# The moments the laws distinguish, in the order a hand passes through them.
PHASES: dict[str, str] = {
    "before-play": "before any card has been played",
    "first-trick": "while the first trick is being played",
    "later-tricks": "after the first trick",
    "stock-exhausted": "after the stock has run out",
    "last-trick": "in the last trick",
    "hand-over": "after the hand has been played out",
}


@dataclass(frozen=True)
class Timing:
    """When an irregularity comes to light, in the terms the laws use.

    `played` lists who has played to the trick on the table (in order); a trick whose every
    player has played counts as complete even before it is gathered.
    """

    stage: str
    tricks_played: int
    played: tuple[str, ...]
    seats: int
    tricks_left: int | None

    @property
    def hand_over(self) -> bool:
        """The hand has been played out."""
        return self.stage == "hand-over"

    @property
    def tricks_complete(self) -> int:
        """Tricks finished, counting one all have played to but not yet gathered."""
        return self.tricks_played + (1 if len(self.played) >= self.seats else 0)

    @property
    def before_play(self) -> bool:
        """No card of the hand has been played yet (the deal, the bidding, the exchange)."""
        return not self.hand_over and self.tricks_played == 0 and not self.played

    @property
    def first_trick_in_progress(self) -> bool:
        """A card has been led to the first trick and not everyone has played to it."""
        return self.tricks_played == 0 and 0 < len(self.played) < self.seats

    @property
    def first_trick_complete(self) -> bool:
        """Everyone has played to the first trick."""
        return self.hand_over or self.tricks_complete >= 1

    @property
    def any_card_played(self) -> bool:
        """Somebody has played to the first trick."""
        return not self.before_play

    def has_played(self, player: str) -> bool:
        """Whether the player has played a card this hand (so to the first trick)."""
        return self.hand_over or self.tricks_played > 0 or player in self.played

    @property
    def stock_exhausted(self) -> bool:
        """The stock has run out (the last tricks of a drawing game, or the hand is over)."""
        return self.stage in ("stock-exhausted", "hand-over")

    @property
    def last_trick(self) -> bool:
        """The trick in progress (or about to be led) is the last of the hand."""
        return not self.hand_over and self.tricks_left == 1

    @property
    def all_tricks_played(self) -> bool:
        """Every trick of the hand has been played to by everyone: the hand is over, or the
        last trick is complete on the table (gathered or not)."""
        if self.hand_over:
            return True
        if self.tricks_left is None:
            return False
        return self.tricks_left <= (1 if len(self.played) >= self.seats else 0)

    @property
    def phase(self) -> str:
        """The latest of PHASES that applies."""
        if self.hand_over:
            return "hand-over"
        if self.last_trick and self.any_card_played:
            return "last-trick"
        if self.stage == "stock-exhausted":
            return "stock-exhausted"
        if self.before_play:
            return "before-play"
        if not self.first_trick_complete:
            return "first-trick"
        return "later-tricks"

    def describe(self) -> str:
        """The timing in words, naming who has played to a first trick in progress."""
        if self.phase == "first-trick":
            return f"during the first trick, after {' and '.join(self.played)} played to it"
        return PHASES[self.phase]


@dataclass(frozen=True)
class Table:
    """A scenario seen through its game: the facts handlers reason from."""

    scenario: Scenario
    game: Game

    # --- the scenario's facts, read by name ----------------------------------------------
    @property
    def trump(self) -> str | None:
        """The trump suit, when fixed."""
        return self.scenario.trump

    @property
    def turn_up(self) -> Card | None:
        """The card turned for trumps, if any."""
        return self.scenario.turn_up

    @property
    def stage(self) -> str:
        """The scenario's stage (deal, bidding, play, stock-exhausted, hand-over)."""
        return self.scenario.stage

    @property
    def trick(self) -> Trick | None:
        """The trick on the table."""
        return self.scenario.trick

    @property
    def tricks_played(self) -> int:
        """Tricks already gathered this hand."""
        return self.scenario.tricks_played

    @property
    def hands_seen(self) -> tuple[str, ...]:
        """Players who have looked at their hands."""
        return self.scenario.hands_seen

    @property
    def discards_made(self) -> bool:
        """Whether a discard (an exchange) has been made this hand."""
        return self.scenario.discards_made

    @property
    def bid(self) -> Mapping[str, Any] | None:
        """The winning bid so far: {"player", "amount"}."""
        return self.scenario.bid

    @property
    def bidder(self) -> str | None:
        """Who made the bid."""
        return self.scenario.bid["player"] if self.scenario.bid else None

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
        if self.scenario.stage == "hand-over":
            return 0
        return self._cards_before_trick() - (1 if self.played_to_trick(player) else 0)

    def _cards_before_trick(self) -> int:
        """Cards each hand should hold before playing to the trick on the table."""
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
        return base

    def count_error(self, player: str) -> int | None:
        """Cards over (+) or under (-) the proper number; None when the count is unknown."""
        count = self.count(player)
        return None if count is None else count - self.proper_count(player)

    # --- play ----------------------------------------------------------------------------
    @property
    def stage_rule(self) -> StageRule | None:
        """The trick obligations in force, with any variant the scenario chose."""
        return self.game.stage_rule(self.scenario.stage)

    @cached_property
    def timing(self) -> Timing:
        """When in the hand the event happens, as the laws distinguish it."""
        trick = self.scenario.trick
        played = self.trick_players[: len(trick.cards)] if trick else ()
        tricks_left = None
        if self.stage in ("play", "stock-exhausted"):
            tricks_left = max(self._cards_before_trick(), 0)
        return Timing(
            stage=self.stage,
            tricks_played=self.tricks_played,
            played=played,
            seats=len(self.players),
            tricks_left=tricks_left,
        )

    @property
    def trick_players(self) -> tuple[str, ...]:
        """Who plays to the trick in progress, in order, starting with its leader."""
        trick = self.scenario.trick
        if trick is None:
            return ()
        return tuple(self.after(trick.leader, i) for i in range(len(self.players)))

    @property
    def lead_holder(self) -> str | None:
        """Who has the lead to the trick in progress, as far as the scenario shows it; None
        when it does not (the engine never guesses a leader).

        The trick's `leader` when the scenario gives the trick (for a lead out of turn, the
        player whose lead it was). Before any trick, the player the game's first lead falls
        to (`Game.first_lead`: the eldest hand, or the bidder when the bid is given). After a
        trick the winner of the last trick leads, and a scenario records him only as the
        leader of the trick in progress: without it, he is not known."""
        trick = self.scenario.trick
        if trick is not None:
            return trick.leader
        if self.tricks_played > 0 or self.stage == "hand-over":
            return None
        first = self.game.first_lead
        if first == "eldest":
            return self.eldest
        if first == "bidder" and self.scenario.bid is not None:
            return str(self.scenario.bid["player"])
        return None

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
        """Whether a bid has been made this deal: one is given, or the bidding is over (the
        hand is in a stage after the game's bidding stage, so the bidder is known to the table
        even when the scenario does not name him)."""
        if self.scenario.bid is not None:
            return True
        stages = self.game.stage_names
        if "bidding" not in stages:
            return False
        return stages.index(self.scenario.stage) > stages.index("bidding")
