"""How a hand of each game is played out and counted: the [play] table of content/games.

The rehearsal (app/rehearsal) plays deals forward from these facts: who leads the first trick,
whether the players draw from a stock after each trick, how trumps are named when no card is
turned, and how the cards won in tricks are counted at the end of the hand. Nothing here is a
law of irregularities; those stay with the engine.
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, field

from app.corpus.schema import Schema, wrong

FirstLead = Literal["eldest", "bidder"]
TrumpNamer = Literal["", "bidder", "first-lead", "first-marriage"]
Count = Literal["card-points", "all-fours", "tricks", "melds"]
# Who takes an all-fours point: the player who held (played) the card, or the trick's winner.
Taker = Literal["holder", "winner"]
GamePoint = Literal["pips", "ten-of-trumps"]

Points = Annotated[int, Meta(ge=0, le=10_000, description="a whole number from 0 to 10000")]
CardPoints = Annotated[int, Meta(ge=0, le=100, description="a whole number from 0 to 100")]
Bid = Annotated[int, Meta(ge=1, le=100)]


class PlayFacts(Schema, frozen=True):
    """How a hand is played out and counted (see the module docstring); the schema of the
    [play] table of a games file."""

    first_lead: FirstLead = "eldest"
    trump_named_by: TrumpNamer = ""
    draws: bool = False  # both players draw from the stock after each trick, winner first
    # How a player "draws two" cards at a table of this game: "drawn", both go into his hand
    # (Foster's Pinochle: he holds a card over); "seen", he takes his one card and only sees
    # the next (the Portland Club's laws 28 and 30 speak of a player who sees two cards), so
    # his hand keeps its count. The engine's laws then rule what he saw.
    two_drawn: Literal["drawn", "seen"] = "drawn"
    count: Count = "tricks"
    card_points: dict[str, CardPoints] = field(default_factory=dict)
    last_trick: Points = 0
    high: Taker = "holder"
    low: Taker = "holder"
    jack: Taker = "winner"
    game: GamePoint = "pips"
    pedros: Points = 0
    point: Points = 1  # tricks: the point for a majority of tricks
    vole: Points = 2  # tricks: all the tricks
    end_event: str = ""  # the engine event that scores the hand (hand-result, points-made)
    meld_to_win: Points = 0  # melds: cards down that win the deal
    # The lowest and highest bid, for a game with bidding.
    bids: Annotated[tuple[Bid, Bid], Meta(
        description="[lowest, highest], whole numbers from 1 to 100")] = (0, 0)
    declarations: bool = False  # the winner of a trick may declare combinations before drawing
    # What each combination scores when declared (or, at Écarté, the king marked), by the
    # engine's names of them (app/model/event_words.DECLARATION_WORDS); none where the game
    # has none.
    declared_points: dict[str, Points] = field(default_factory=dict)
    # A four of a kind is one card of each suit (Pinochle's "four aces of different suits");
    # false where it is any four of the rank (Hoffmann's Bézique: "Four Knaves (of any suits,
    # e.g. two knaves of spades and two of hearts)"; Rubicon: "irrespective of suit").
    four_of_each_suit: bool = False
    # What the card turned up scores its dealer, by rank (Bézique's seven, 10: Hoffmann, "should
    # the turn-up card be a seven, the dealer scores ten"), marked as the deal is made.
    turned_points: dict[str, Points] = field(default_factory=dict)
    # The points that win the game, so a running score at the start of a deal stays below it;
    # 0 where each deal is a game of its own (Rubicon Bézique, Conquian) and starts from 0.
    game_to: Points = 0
    # The lowest game any reading of the game's codes sets (the Chicago Cinch Club's 42 beside
    # the usual 51): a running score at a table stays below it too, or the table is a game
    # already won under that reading (the 61st blind round's #165). 0 where none is lower.
    game_to_lowest: Points = 0
    # The eldest hand does not bid: he sells the pitch to the best bid or keeps it for that
    # number himself (Foster's Auction Pitch), so a bid he holds is said so ("North bid 1" of
    # the eldest hand read as wrong: the 53rd and 62nd blind rounds' #11, #47).
    eldest_sells: bool = False

    def reaches_game(self, score: int) -> bool:
        """Whether a running score wins the game (never where each deal is a game)."""
        return bool(self.game_to) and score >= self.game_to

    def __post_init__(self) -> None:
        if self.bids[0] > self.bids[1]:
            raise wrong("bids", "must be [lowest, highest], whole numbers from 1 to 100")
        if self.count == "melds" and not self.meld_to_win:
            raise wrong("meld_to_win", "a melding game needs the cards down that win")
