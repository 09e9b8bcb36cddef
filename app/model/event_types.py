"""Every kind of event a scenario can describe, as a typed structure: its fields, their types
and bounds, and the words each field is said in, declared once.

Each event is a msgspec Struct tagged by its type ("revoke", "drew-two"): a scenario file's
`"event": {"type": "drew-two", "player": "North", "saw_second": true}` decodes to
`DrewTwo(player="North", saw_second=True)`, and a handler reads `event.saw_second` as a bool.
A field's kind follows from its type (a Card, a bool, a number, one of a few words, a seat,
seats, a count per seat); an optional field is one that may be None. What the builder, the
quizzes and the grounds say of a field (its label, help and statement) is its `Word`.
The rest of what an event is (its label, stages, words, random hook) is its EventSpec in
app/model/events.py.
"""

# No `from __future__ import annotations`: a field's words are lambdas inside its annotation,
# which must be evaluated here, where the words they call are defined.

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal, get_args

import msgspec
from msgspec import Meta

from app.cards import Card
from app.model.event_words import (
    BROKEN_HOW,
    CUT_ERRORS,
    DECLARATION_WORDS,
    EXCHANGE_ERRORS,
    EXPOSED_HOW,
    PROPOSAL_WORDS,
    SUIT_WORDS,
    WITHDRAWN,
    Says,
    card_name,
    chosen,
    either,
    join,
    said,
)

# The largest number a table can hold in any field (points, positions, counts): beyond it a
# number is a typing slip, and refused by the parser.
MAX_NUMBER = 100_000
# The longest text a scenario holds (a note).
MAX_TEXT = 10_000


@dataclass(frozen=True)
class Word:
    """What is said of a field: its label and help in the builder's form, its statement given
    the event's fields ("North saw the second card."), the range a random table draws a
    number from, and two checks the parser makes against the table."""

    label: str
    help: str = ""
    # The field's value as a sentence, given the event's fields: what a ruling that turned on
    # the field says of it (its ground's words, a quiz stem).
    says: Says | None = None
    typical: tuple[int, int] = (0, 500)  # the range a random table draws a number from
    sums_to_tricks: bool = False  # counts that add up to the tricks of a hand
    not_dealer: bool = False  # a player who cannot be the scenario's (rightful) dealer
    # Whether a random table draws the field: False for a fact that only whoever tells the
    # table states (a card played, then not taken back in time), never left to chance.
    drawn: bool = True
    # A fact only some codes' rulings turn on (a card taken back in time, which the Club
    # Code's law 39 tells from a revoke): each handler that reads it says so where it is
    # registered (app.engine.core.rules(..., reads=...)), and the builder offers the field
    # only at a table one of those rulings rules (app.table_builder.events.fields_at).
    only_where_read: bool = False


Number = Annotated[int, Meta(ge=0, le=MAX_NUMBER)]
Points = Annotated[int, Meta(ge=-MAX_NUMBER, le=MAX_NUMBER)]

Declared = Literal["king", "four-aces", "four-kings", "four-queens", "four-jacks", "marriage",
                   "royal-marriage", "bezique", "double-bezique", "sequence", "pinochle"]
ExposedHow = Literal["faced", "two-played", "named"]
CutError = Literal["several-shown-for-deal", "card-exposed-in-cut", "packet-too-small"]
Proposal = Literal["stood", "refused", "accepted"]
Withdrawn = Literal["proposal", "acceptance", "refusal", "number"]
ExchangeError = Literal["took-too-many", "took-too-few", "gave-too-many", "gave-too-few",
                        "faced-card-in-stock", "cards-exposed-in-giving",
                        "card-turned-in-error", "stock-too-small"]
Suit = Literal["S", "H", "D", "C"]
BrokenHow = Literal["card-played", "higher-scored"]

# Each choice's words are keyed by its values: the two must name the same values.
for _choice, _words in ((Declared, DECLARATION_WORDS), (ExposedHow, EXPOSED_HOW),
                        (CutError, CUT_ERRORS), (Proposal, PROPOSAL_WORDS),
                        (Withdrawn, dict.fromkeys(WITHDRAWN)),
                        (ExchangeError, EXCHANGE_ERRORS), (Suit, SUIT_WORDS),
                        (BrokenHow, BROKEN_HOW)):
    if tuple(get_args(_choice)) != tuple(_words):
        raise AssertionError(f"{get_args(_choice)} and their words {tuple(_words)} differ")


def _player_word(what: str, help_: str = "Who did it", label: str = "Player") -> Word:
    return Word(label, help_, said("{v} is the player who " + what + "."))


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type",
            forbid_unknown_fields=True, omit_defaults=True):
    """What happened. A subclass per type; `note` is a referee's note on any event."""

    note: Annotated[str, Meta(max_length=MAX_TEXT)] | None = None

    # Fields every event may carry besides its own, not facts of the table.
    COMMON: ClassVar[frozenset[str]] = frozenset({"note"})

    # The event's type as a scenario file names it (its tag), kept on the class as a plain
    # attribute: reading the tag from msgspec's config builds that config each time, and a
    # ruling asks it often.
    type: ClassVar[str] = ""

    @property
    def fields(self) -> dict[str, object]:
        """The fields given, by name (an optional field left out is absent)."""
        return {name: value for name in self.__struct_fields__
                if name not in self.COMMON and (value := getattr(self, name)) is not None}

    def get(self, name: str, default: object = None) -> object:
        """A field given, or a default (only that field is read)."""
        value = getattr(self, name) if name in self.__struct_fields__ else None
        return default if value is None else value


class WrongCount(Event, tag="wrong-count", frozen=True):
    """A hand is found to hold too many or too few cards."""


class FailedToDraw(Event, tag="failed-to-draw", frozen=True):
    player: Annotated[str, _player_word("forgot to draw")]


class DrewTwo(Event, tag="drew-two", frozen=True):
    player: Annotated[str, _player_word("drew two cards")]
    saw_second: Annotated[bool, Word(
        "Saw the second card?", "Whether he looked at the second card",
        either("{player} saw the second card.", "{player} did not see the second card."))]


class DrewOutOfTurn(Event, tag="drew-out-of-turn", frozen=True):
    player: Annotated[str, _player_word("drew out of turn")]
    card_was_adversarys: Annotated[bool | None, Word(
        "The card was the adversary's?",
        "Whether the card he took was the one his adversary should have drawn",
        either("The card {player} took was the one his adversary should have drawn.",
               "The card {player} took was not the one his adversary should have drawn."))
    ] = None


class BothDrewWrong(Event, tag="both-drew-wrong", frozen=True):
    """Both players drew the wrong cards, and each has seen his card."""


class LoserSawTwo(Event, tag="loser-saw-two", frozen=True):
    player: Annotated[str, _player_word("looked at two cards")]


class EvenStock(Event, tag="even-stock", frozen=True):
    """An even number of cards is left in the stock."""


class PeekedAtStock(Event, tag="peeked-at-stock", frozen=True):
    player: Annotated[str, _player_word("looked at the stock")]


class FalseDeclaration(Event, tag="false-declaration", frozen=True):
    player: Annotated[str, _player_word("declared")]
    declared: Annotated[Declared, Word(
        "Declared", "What he declared",
        chosen(DECLARATION_WORDS, "{player} declared and scored {w}."))]
    drawn_since: Annotated[bool | None, Word(
        "Drawn since?", "Whether he has drawn from the stock since (left out in a game with no "
        "stock to draw from in play)",
        either("{player} has drawn from the stock since he declared.",
               "{player} has not drawn from the stock since he declared."))] = None
    next_trick_started: Annotated[bool | None, Word(
        "Next trick started?", "Whether a card of the next trick has been played",
        either("The score was challenged only after a card of the next trick had been "
               "played.",
               "The score was challenged before any card of the next trick was played."))] = None


class WrongScore(Event, tag="wrong-score", frozen=True):
    player: Annotated[str, _player_word("marked the score")]
    marked: Annotated[Points, Word("Points marked", "The points he marked",
                                   said("{player} marked {v} points."))]
    correct: Annotated[Points, Word("Points earned", "The points that were due",
                                    said("The points due were {v}."))]
    earlier_deal: Annotated[bool | None, Word(
        "In an earlier deal?",
        "Whether the points were marked in an earlier deal, found only after the next deal was "
        "dealt and any trump of it turned (the table is that deal)",
        either("The points were marked in an earlier deal, and the error is found only after "
               "the next deal was dealt.", "The points were marked in this deal."))] = None


class Play(Event, tag="play", frozen=True):
    player: Annotated[str, Word("Player", "Who did it", said("{v} is the player to play."))]
    card: Annotated[Card, Word("Card", "The card played", said("{player} plays the {v}."))]
    # A card played in error may be taken back before another card is led under some laws
    # (the Club Code's law 39 at Ecarte): whether he did, once that moment has passed. Only the
    # Club Code reads it (its handler's reads), so its moment is the one said here; a stem says
    # the asked code's own moment (the games file's [codes.*] card_stands_after).
    taken_back: Annotated[bool | None, Word(
        "Taken back?", "Whether he took the card back before another card was led (left out "
        "while that moment has not passed)",
        either("{player} takes the card back before another card is led.",
               "He does not take it back before another card is led."),
        drawn=False, only_where_read=True)] = None


class ExposedCard(Event, tag="exposed-card", frozen=True):
    player: Annotated[str, _player_word("exposed a card")]
    card: Annotated[Card, Word("Card", "The card exposed", said("The card exposed is the {v}."))]
    how: Annotated[ExposedHow, Word("How", "How he exposed it",
                                    chosen(EXPOSED_HOW, "{player} {w}."))]
    second_card: Annotated[Card | None, Word(
        "Second card", "The other card shown with it",
        lambda v, f: f"The other card shown with it is the {card_name(v)}."
        if v is not None else "No other card was shown with it.")] = None


class LeadOutOfTurn(Event, tag="lead-out-of-turn", frozen=True):
    player: Annotated[str, _player_word("led out of turn")]
    card: Annotated[Card, Word("Card", "The card led",
                               said("The card led out of turn is the {v}."))]
    followed_by: Annotated[tuple[str, ...] | None, Word(
        "Followed by", "Who played to the lead before the error was seen",
        lambda v, f: f"{join(list(v))} played to the lead before the error was seen." if v
        else "Nobody played to the lead before the error was seen.")] = None


class PlayOutOfTurn(Event, tag="play-out-of-turn", frozen=True):
    player: Annotated[str, _player_word("played out of turn")]
    card: Annotated[Card | None, Word(
        "Card", "The card played out of turn",
        lambda v, f: f"The card played out of turn is the {card_name(v)}." if v is not None
        else "Which card was played out of turn is not said.")] = None


class AbandonedHand(Event, tag="abandoned-hand", frozen=True):
    player: Annotated[str, _player_word("abandoned the hand")]
    tricks_won: Annotated[Number | None, Word(
        "Tricks won", "Tricks he had won before abandoning",
        lambda v, f: f"{f['player']} had won "
        + ("no trick" if v == 0 else f"{v} trick{'' if v == 1 else 's'}")
        + " before abandoning the hand." if v is not None
        else "How many tricks he had won is not said.")] = None


class CutErrorEvent(Event, tag="cut-error", frozen=True):
    player: Annotated[str, _player_word("cut", "Who cut")]
    error: Annotated[CutError, Word("What went wrong", "The error in the cut",
                                    chosen(CUT_ERRORS, "In cutting, {player} {w}."))]
    cards: Annotated[Number | None, Word(
        "Cards in the smaller packet", "How many cards the smaller packet of the cut held",
        lambda v, f: f"The smaller packet of the cut held {v} card{'' if v == 1 else 's'}."
        if v is not None else "How many cards the smaller packet held is not said.",
        typical=(1, 6))] = None
    dealt: Annotated[bool | None, Word(
        "Already dealt?", "Whether the cards had been dealt when the error came to light",
        either("The error came to light after the cards had been dealt.",
               "The error came to light before the cards were dealt."))] = None


class DealtOutOfTurn(Event, tag="dealt-out-of-turn", frozen=True):
    player: Annotated[str, Word(
        "Player", "Who dealt out of turn (not the rightful dealer, who is the scenario's "
        "dealer)", said("{v} dealt, though it was not his turn to deal."), not_dealer=True)]


class FacedCardInPack(Event, tag="faced-card-in-pack", frozen=True):
    position: Annotated[Annotated[int, Meta(ge=1, le=MAX_NUMBER)], Word(
        "Position (1 = top)", "The card's place in the pack, counting from the top",
        # Of the whole pack, as it was dealt from: once the hands are dealt, "from the top of
        # the pack" would read as of the stock left (round 5's #101).
        said("Counted from the top of the whole pack as it was dealt from, the faced card is "
             "card number {v}."), typical=(1, 20))]


class DealerExposedCard(Event, tag="dealer-exposed-card", frozen=True):
    owner: Annotated[str, Word("Whose card", "Whose card was exposed",
                               said("The card the dealer exposed was one of {v}'s."))]


class SeveralTrumpsTurned(Event, tag="several-trumps-turned", frozen=True):
    count: Annotated[Annotated[int, Meta(ge=2, le=52)], Word(
        "Cards turned", "How many cards he turned up",
        said("The dealer turned up {v} cards for the trump."), typical=(2, 3))]


class ImperfectPack(Event, tag="imperfect-pack", frozen=True):
    """The pack is found to be imperfect."""


class KingTurned(Event, tag="king-turned", frozen=True):
    """The dealer turns up a king for the trump."""

    # The Club Code's law 22 lets the dealer mark a turned king at any time before the next
    # deal's trump is turned: whether he marks it at once decides whether a king that makes
    # his fifth point wins the game before the hand is played (rounds 36-37 of the blind
    # readers: "the game is won" with the marking unsaid). Only the Club Code reads it.
    marked: Annotated[bool | None, Word(
        "Marked at once?", "Whether the dealer marks the king at once (left out when not said)",
        either("The dealer marks the king at once.", "The dealer does not mark the king yet."),
        drawn=False, only_where_read=True)] = None


class HandResult(Event, tag="hand-result", frozen=True):
    tricks: Annotated[dict[str, Number], Word(
        "Tricks won", "Tricks each player won",
        lambda v, f: "Tricks won: " + join([f"{p} {n}" for p, n in v.items()]) + ".",
        sums_to_tricks=True)]
    proposal: Annotated[Proposal, Word("Proposal", "What the non-dealer did",
                                       lambda v, f: PROPOSAL_WORDS.get(v, str(v)))]


class StockExhausted(Event, tag="stock-exhausted", frozen=True):
    """The last card of the stock has been drawn and passed; nobody has gone out."""


class CountedOut(Event, tag="counted-out", frozen=True):
    players: Annotated[tuple[str, ...], Word(
        "Players", "Who can count out",
        lambda v, f: f"{join(list(v))} can count out on this deal, and nobody else can."
        if f.get("bid_made", True)
        else f"The points {join(list(v))} each took on this deal, added to his score, would "
             f"reach the game, and nobody else's would.")]
    bid_made: Annotated[bool, Word(
        "Bid made?", "Whether the bidder made his bid",
        either("The bidder made his bid.", "The bidder did not make his bid."))]


class PointsMade(Event, tag="points-made", frozen=True):
    points: Annotated[dict[str, Number], Word(
        "Points won", "Points each player won in the hand",
        lambda v, f: "The points made in the hand: "
        + join([f"{p} {n}" for p, n in v.items()]) + ".")]


class ProposalWithdrawn(Event, tag="proposal-withdrawn", frozen=True):
    player: Annotated[str, _player_word("tried to go back on his word")]
    what: Annotated[Withdrawn, Word("Went back on", "What he took back",
                                    said("{player} tried to take back his {v}."))]


class ExchangeErrorEvent(Event, tag="exchange-error", frozen=True):
    player: Annotated[str, Word(
        "Player", "Who erred (for exposed cards: whose cards they were)",
        said("The error in the exchange concerns {v}."))]
    error: Annotated[ExchangeError, Word(
        "What went wrong", "The error in the exchange",
        chosen(EXCHANGE_ERRORS, "In the exchange, {player} {w}."))]


class NamedSuitNotLed(Event, tag="named-suit-not-led", frozen=True):
    player: Annotated[str, _player_word("led", "Who led")]
    named: Annotated[Suit, Word("Suit named", "The suit he named",
                                chosen(SUIT_WORDS, "{player} announced that he would lead {w}."))]
    card: Annotated[Card, Word("Card", "The card he led",
                               said("The card {player} led is the {v}."))]


class TouchedTopCard(Event, tag="touched-top-card", frozen=True):
    player: Annotated[str, _player_word("touched the top card")]


class BidOutOfTurn(Event, tag="bid-out-of-turn", frozen=True):
    player: Annotated[str, _player_word("bid out of turn")]


class OwnCardExposedInDeal(Event, tag="own-card-exposed-in-deal", frozen=True):
    player: Annotated[str, _player_word("turned up one of his own cards",
                                        "Who exposed his own card")]


class CarteBlanche(Event, tag="carte-blanche", frozen=True):
    player: Annotated[str, _player_word("declares carte blanche")]
    repeated: Annotated[bool | None, Word(
        "Repeated after a draw?",
        "Whether he declares it again after drawing a card that is not a court card",
        either("{player} declares it again, after a draw.",
               "{player} declares it on the hand dealt him, not after a draw."))] = None
    drawn: Annotated[Card | None, Word(
        "Card drawn", "The card he drew, for a repeated declaration",
        lambda v, f: f"The card {f['player']} drew is the {card_name(v)}."
        if v is not None else "The card he drew is not said.")] = None


class UnscoredCombinationBroken(Event, tag="unscored-combination-broken", frozen=True):
    player: Annotated[str, _player_word("announced the combination")]
    declared: Annotated[Declared, Word(
        "Combination", "The combination not yet scored",
        chosen(DECLARATION_WORDS, "{player} had {w} still to score."))]
    how: Annotated[BrokenHow, Word("How", "What he did before scoring it",
                                   chosen(BROKEN_HOW, "Before scoring it, {player} {w}."))]


EVENT_TYPES: tuple[type[Event], ...] = tuple(Event.__subclasses__())
for _cls in EVENT_TYPES:
    _cls.type = str(_cls.__struct_config__.tag)
AnyEvent = (WrongCount | FailedToDraw | DrewTwo | DrewOutOfTurn | BothDrewWrong | LoserSawTwo
            | EvenStock | PeekedAtStock | FalseDeclaration | WrongScore | Play | ExposedCard
            | LeadOutOfTurn | PlayOutOfTurn | AbandonedHand | CutErrorEvent | DealtOutOfTurn
            | FacedCardInPack | DealerExposedCard | SeveralTrumpsTurned | ImperfectPack
            | KingTurned | HandResult | StockExhausted | CountedOut | PointsMade
            | ProposalWithdrawn | ExchangeErrorEvent | NamedSuitNotLed | TouchedTopCard
            | BidOutOfTurn | OwnCardExposedInDeal | CarteBlanche | UnscoredCombinationBroken)
if set(get_args(AnyEvent)) != set(EVENT_TYPES):
    raise AssertionError("every event type is in AnyEvent, the union a scenario decodes")
