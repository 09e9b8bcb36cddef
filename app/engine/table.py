"""Derived facts about a scenario's table: seats, partners, proper counts, the trick's state,
and the timing the laws speak of (before any card is played, during the first trick, after it,
once the stock is exhausted, in the last trick, after the hand)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar, cast

from app.cards import Card
from app.engine.timing import Timing
from app.model.facts import EVENT_PREFIX, UNKNOWN, Reading, Unknown
from app.model.games import Game, StageRule
from app.model.scenario import Bid, Scenario, Trick

T = TypeVar("T")


@dataclass(frozen=True)
class Table:
    """A scenario seen through its game: the facts handlers reason from."""

    scenario: Scenario
    game: Game
    # The facts read through the doors below, recorded as the ruling's grounds (a fresh
    # reading for each code ruled: app/engine/core.py).
    reading: Reading = field(default_factory=Reading, compare=False, repr=False)

    def _door(self, fact: str, compute: Callable[[], T], seat: str | None = None) -> T:
        # The value is the computed one, or one an answer or a case fixed in its domain.
        return cast(T, self.reading.read(fact, seat, compute))

    # --- the scenario's facts, read by name ----------------------------------------------
    @property
    def trump(self) -> str | None:
        """The trump suit, when fixed."""
        return self._door("trump", lambda: self.scenario.trump)

    @property
    def turn_up(self) -> Card | None:
        """The card turned for trumps, if any."""
        return self._door("turn-up", lambda: self.scenario.turn_up)

    @property
    def stage(self) -> str:
        """The scenario's stage (deal, bidding, play, stock-exhausted, hand-over)."""
        return str(self._door("stage", lambda: self.scenario.stage))

    @property
    def trick(self) -> Trick | None:
        """The trick on the table."""
        return self._door("trick", lambda: self.scenario.trick)

    @property
    def tricks_played(self) -> int:
        """Tricks already gathered this hand."""
        return int(self._door("tricks-played", lambda: self.scenario.tricks_played))

    def has_looked(self, player: str) -> bool:
        """Whether the player has looked at his hand."""
        return bool(self._door("has-looked", lambda: player in self.scenario.hands_seen, player))

    @property
    def anyone_looked(self) -> bool:
        """Whether any player has looked at his hand (each asked in order of play)."""
        return any(self.has_looked(p) for p in self.players)

    @property
    def drawing_begun(self) -> bool:
        """Whether a card has been drawn from the stock this hand (at Conquian, turned from it):
        every card of the pack not in a hand or the stock has been drawn. Reckoned from the
        stock's count and the hands' (a hand not given holds its proper number); asked when
        the table does not give the stock."""
        return bool(self._door("drawing-begun", self._drawing_begun))

    def _drawing_begun(self) -> Any:
        stage = self._given_stage
        if stage == "deal":
            return False
        if stage in ("stock-exhausted", "hand-over"):
            return True
        stock = self.scenario.stock
        if stock is None:
            return Unknown("The table does not give the stock, so it does not show whether a "
                           "card has been drawn from it")
        placed = stock if isinstance(stock, int) else len(stock)
        placed += 1 if self.scenario.turn_up is not None else 0
        for player in self.players:
            count = self._count(player)
            placed += count if count is not None else self.proper_count(player)
        return placed < self.game.pack.size

    @property
    def discards_made(self) -> bool:
        """Whether a discard (an exchange) has been made this hand."""
        return bool(self._door("discard-made", lambda: self.scenario.discards_made))

    @property
    def proposing_begun(self) -> bool:
        """Whether the non-dealer has proposed (or played), so the dealer may have answered:
        a discard is a proposal accepted, a card played ends the proposing. A table before
        play with neither is one where nobody has proposed yet (the Club Code's laws 15 to 18
        turn on it: the ninth blind round's #141)."""
        return bool(self._door("proposing-begun", lambda: bool(
            self.scenario.discards_made or self.timing.any_card_played)))

    @property
    def bid(self) -> Bid | None:
        """The winning bid so far: who made it, for how much."""
        return self._door("bid", lambda: self.scenario.bid)

    @property
    def bidder(self) -> str | None:
        """Who made the bid."""
        bid = self.bid
        return bid.player if bid else None

    # --- seats ---------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Seats in order of play."""
        return self.scenario.players

    @property
    def dealer(self) -> str:
        """Who dealt."""
        return str(self._door("dealer", lambda: self.scenario.dealer))

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
        return self._door("count", lambda: self._count(player), player)

    def _count(self, player: str) -> int | None:
        hand = self.scenario.hands.get(player)
        if hand is None:
            return None
        return hand if isinstance(hand, int) else len(hand)

    def cards(self, player: str) -> tuple[Card, ...] | None:
        """The actual cards in the player's hand, when given."""
        def hand() -> tuple[Card, ...] | None:
            held = self.scenario.hands.get(player)
            return held if isinstance(held, tuple) else None
        return self._door("cards", hand, player)

    def played_to_trick(self, player: str) -> bool:
        """Whether the player has already played to the trick in progress."""
        return bool(self._door("played-to-trick", lambda: self._played_to_trick(player), player))

    def _played_to_trick(self, player: str) -> bool:
        trick = self.reading.fixed.get(("played-to-trick", player))
        if trick is not None:
            return bool(trick)
        given = self._given_trick
        return given is not None and player in self._players_of(given)[: len(given.cards)]

    def proper_count(self, player: str) -> int:
        """The number of cards the player should hold now (a reckoning from the stage, the
        tricks and the trick on the table, not a fact of its own: count_error is the fact)."""
        if self._given_stage == "hand-over":
            # A hand ends when a player has no card left: after fewer tricks than a whole
            # hand has (a hand was dealt short), a hand dealt right still holds a card for
            # each trick not played. (No tricks given: the hand was played out.)
            played = self._given_tricks_played
            if played and self.game.has_tricks:
                return max(0, self.game.tricks_per_hand - played)
            return 0
        return self._cards_before_trick() - (1 if self._played_to_trick(player) else 0)

    def _cards_before_trick(self) -> int:
        """Cards each hand should hold before playing to the trick on the table."""
        rule = self.game.stage_rule(self._given_stage)
        base = rule.cards if rule is not None and rule.cards is not None else self.game.hand_size
        if self._given_stage == "stock-exhausted" and self.game.drawing_tricks:
            played = self._given_tricks_played
            since = (
                played - self.game.drawing_tricks if played >= self.game.drawing_tricks else played
            )
            base -= since
        elif self._given_stage == "play" and not self.game.drawing_tricks:
            # Nobody draws between tricks in these games: each trick costs every hand a card.
            base -= self._given_tricks_played
        return base

    def count_error(self, player: str) -> int | None:
        """Cards over (+) or under (-) the proper number; None when the count is not given
        (a hand the scenario does not describe is taken to be right)."""
        def error() -> Any:
            if not self.scenario.hands:
                # No hand at all: the table says nothing of the counts (a table that gives
                # some hands names those that went wrong; the others are taken to be right).
                return Unknown("The table gives no hand")
            count = self.count(player)
            return None if count is None else count - self.proper_count(player)
        value: int | None = self._door("count-error", error, player)
        return value

    # --- play ----------------------------------------------------------------------------
    @property
    def stage_rule(self) -> StageRule | None:
        """The trick obligations in force, with any variant the scenario chose."""
        return self.game.stage_rule(self.stage)

    # --- the facts reckonings start from: the scenario's, or the value an answer or a case
    # fixed (so "had the stock run out?" follows a stage fixed to the hand's end), unrecorded:
    # the door that reckons is the ground.
    @property
    def _given_stage(self) -> str:
        return str(self.reading.fixed.get(("stage", None), self.scenario.stage))

    @property
    def _given_tricks_played(self) -> int:
        return int(self.reading.fixed.get(("tricks-played", None), self.scenario.tricks_played))

    @property
    def _given_trick(self) -> Trick | None:
        trick: Trick | None = self.reading.fixed.get(("trick", None), self.scenario.trick)
        return trick

    @cached_property
    def timing(self) -> Timing:
        """When in the hand the event happens, as the laws distinguish it."""
        trick = self._given_trick
        played = self._players_of(trick)[: len(trick.cards)] if trick else ()
        tricks_left = None
        if self._given_stage in ("play", "stock-exhausted"):
            tricks_left = max(self._cards_before_trick(), 0)
        return Timing(
            stage=self._given_stage,
            tricks_played=self._given_tricks_played,
            played=played,
            seats=len(self.players),
            tricks_left=tricks_left,
            reading=self.reading,
        )

    @property
    def trick_players(self) -> tuple[str, ...]:
        """Who plays to the trick in progress, in order, starting with its leader."""
        return self._players_of(self.trick)

    def _players_of(self, trick: Trick | None) -> tuple[str, ...]:
        if trick is None:
            return ()
        return tuple(self.after(trick.leader, i) for i in range(len(self.players)))

    @property
    def lead_holder(self) -> str:
        """Who has the lead to the trick in progress, as far as the scenario shows it; None
        when it does not (the engine never guesses a leader).

        The trick's `leader` when the scenario gives the trick (for a lead out of turn, the
        player whose lead it was). Before any trick, the player the game's first lead falls
        to (`Game.first_lead`: the eldest hand, or the bidder when the bid is given). After a
        trick the winner of the last trick leads, and a scenario records him only as the
        leader of the trick in progress: without it, he is not known, and the fact is asked
        (NeedFact) rather than guessed."""
        return str(self._door("lead-holder", self._lead_holder))

    def _lead_holder(self) -> Any:
        trick = self._given_trick
        if trick is not None:
            return trick.leader
        if self._given_tricks_played > 0 or self._given_stage == "hand-over":
            return Unknown("The winner of the last trick leads to the next, and the table does "
                           "not say who won it")
        first = self.game.first_lead
        if first == "eldest":
            return self.eldest
        if first == "bidder" and self.scenario.bid is not None:
            return self.scenario.bid.player
        if first == "bidder":
            return Unknown("The bidder leads to the first trick, and the table does not say "
                           "who bid")
        return UNKNOWN

    @property
    def to_play(self) -> str | None:
        """Whose turn it is in the trick in progress."""
        def turn() -> str | None:
            trick = self._given_trick
            if trick is None or len(trick.cards) >= len(self.players):
                return None
            return self._players_of(trick)[len(trick.cards)]
        return self._door("to-play", turn)

    def score(self, player: str) -> int:
        """The player's points so far (0 when not given)."""
        return int(self._door("score", lambda: self.scenario.scores.get(player, 0), player))

    @property
    def bid_made(self) -> bool:
        """Whether a bid has been made this deal: one is given, or the bidding is over (the
        hand is in a stage after the game's bidding stage, so the bidder is known to the table
        even when the scenario does not name him)."""
        def made() -> bool:
            if self.scenario.bid is not None:
                return True
            stages = self.game.stage_names
            if "bidding" not in stages:
                return False
            return stages.index(self._given_stage) > stages.index("bidding")
        return bool(self._door("bid-made", made))


# How each fact is read from a table, by its name in the registry (app/model/facts.py): the
# doors above. A check of the grounds reads a fact this way on another table; Ask reads the
# facts a scenario already gives.
_READERS: dict[str, Callable[[Table, str | None], Any]] = {
    "dealer": lambda t, s: t.dealer,
    "stage": lambda t, s: t.stage,
    "trump": lambda t, s: t.trump,
    "turn-up": lambda t, s: t.turn_up,
    "tricks-played": lambda t, s: t.tricks_played,
    "trick": lambda t, s: t.trick,
    "discard-made": lambda t, s: t.discards_made,
    "proposing-begun": lambda t, s: t.proposing_begun,
    "drawing-begun": lambda t, s: t.drawing_begun,
    "bid": lambda t, s: t.bid,
    "bid-made": lambda t, s: t.bid_made,
    "lead-holder": lambda t, s: t.lead_holder,
    "to-play": lambda t, s: t.to_play,
    "hand-over": lambda t, s: t.timing.hand_over,
    "any-card-played": lambda t, s: t.timing.any_card_played,
    "first-trick-complete": lambda t, s: t.timing.first_trick_complete,
    "first-trick-in-progress": lambda t, s: t.timing.first_trick_in_progress,
    "tricks-complete": lambda t, s: t.timing.tricks_complete,
    "stock-exhausted": lambda t, s: t.timing.stock_exhausted,
    "last-trick": lambda t, s: t.timing.last_trick,
    "all-tricks-played": lambda t, s: t.timing.all_tricks_played,
    "phase": lambda t, s: t.timing.phase,
    "has-looked": lambda t, s: t.has_looked(str(s)),
    "has-played": lambda t, s: t.timing.has_played(str(s)),
    "played-to-trick": lambda t, s: t.played_to_trick(str(s)),
    "count": lambda t, s: t.count(str(s)),
    "count-error": lambda t, s: t.count_error(str(s)),
    "cards": lambda t, s: t.cards(str(s)),
    "score": lambda t, s: t.score(str(s)),
}


def read_fact(table: Table, fact: str, seat: str | None = None) -> Any:
    """A fact's value on a table, read through its door (an event field as "event.<name>");
    NeedFact when the table does not show it."""
    if fact.startswith(EVENT_PREFIX):
        name = fact[len(EVENT_PREFIX):]
        return table.reading.read(fact, None, lambda: getattr(table.scenario.event, name))
    return _READERS[fact](table, seat)
