"""Every kind of event a scenario can describe, declared once.

An `EventSpec` holds what the scenario parser, the builder's event form, the quiz words and
the random tables each need: the event's fields (kind, bounds, optional or not, label, help),
the stages where it can happen and the game features it needs, its words, and the hook that
makes a random one read like something that happens at a real table (app/model/event_randoms.py).

To add an event: add an `EventSpec` to `_SPECS` below (and, if a random one needs tidying, a
hook in app/model/event_randoms.py); the handlers that rule it go in app/engine/handlers/.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.cards import Card
from app.model import event_randoms as rnd
from app.model.event_spec import MAX_NUMBER, EventSpec, FieldSpec

# What can be declared at the Bézique family and Écarté, with its words.
DECLARATION_WORDS: dict[str, str] = {
    "king": "the king of trumps",
    "four-aces": "four aces",
    "four-kings": "four kings",
    "four-queens": "four queens",
    "four-jacks": "four jacks",
    "marriage": "a marriage",
    "royal-marriage": "a royal marriage",
    "bezique": "bézique",
    "double-bezique": "double bézique",
    "sequence": "a sequence in trumps",
    "pinochle": "pinochle",
}
DECLARATIONS = tuple(DECLARATION_WORDS)


def _player(help_: str = "Who did it", name: str = "player", label: str = "Player",
            *, optional: bool = False, says: Says | None = None) -> FieldSpec:
    return FieldSpec(name, "player", label, help_, optional=optional, says=says)


def _card(name: str = "card", label: str = "Card", help_: str = "",
          *, optional: bool = False, says: Says | None = None) -> FieldSpec:
    return FieldSpec(name, "card", label, help_, optional=optional, says=says)


def _bool(name: str, label: str, help_: str = "", *, optional: bool = False,
          says: Says | None = None) -> FieldSpec:
    return FieldSpec(name, "bool", label, help_, optional=optional, says=says)


# A field's statement (FieldSpec.says): its value as a sentence, given the event's fields.
Says = Callable[[Any, Mapping[str, Any]], str]


class _Fields(dict[str, str]):
    """The event's fields in words, for str.format_map; a field not given reads as ''."""

    def __missing__(self, key: str) -> str:
        return ""


def _value_words(value: Any) -> str:
    if isinstance(value, Card):
        return value.name
    if isinstance(value, tuple | list):
        return _join([_value_words(v) for v in value])
    if isinstance(value, Mapping):
        return _join([f"{k} {v}" for k, v in value.items()])
    return str(value)


def _said(text: str) -> Says:
    """A statement from a template: {v} is the value, {player} (any field) the event's."""
    return lambda value, f: text.format_map(
        _Fields({k: _value_words(x) for k, x in f.items()}, v=_value_words(value)))


def _either(yes: str, no: str, unsaid: str = "") -> Says:
    """A yes-no field's statement each way (and when it is not given, if it may not be)."""
    return lambda value, f: _said(unsaid if value is None and unsaid else yes if value
                                  else no)(value, f)


def _chosen(words: Mapping[str, str], text: str) -> Says:
    """A choice's statement: `text` with {w} the choice in words."""
    return lambda value, f: _said(text.replace("{w}", words.get(value, str(value))))(value, f)


def _card_name(value: Any) -> str:
    return value.name if isinstance(value, Card) else str(value)


def _join(items: list[str], last: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _tricks_won(won: int | None) -> str:
    if won is None:
        return "."
    if won == 0:
        return " before winning a trick."
    return f" after winning {won} trick{'' if won == 1 else 's'}."


def _declared(f: Mapping[str, Any]) -> str:
    # Both ways said: the laws turn on these facts (a false declaration amended before the next
    # draw, a false score challenged before the next trick), and silence leaves them open.
    drawn = f.get("drawn_since")
    since = ("" if drawn is None else " He has drawn from the stock since." if drawn
             else " He has not drawn from the stock since.")
    late = (" A card of the next trick has already been played." if f.get("next_trick_started")
            else " No card of the next trick has been played yet.")
    words = DECLARATION_WORDS.get(f["declared"], f["declared"])
    return f"{f['player']} declared and scored {words}.{since}{late}"


def _out_of_turn(f: Mapping[str, Any]) -> str:
    card = f.get("card")
    what = f"the {_card_name(card)}" if card is not None else "a card"
    return f"{f['player']} played {what} to the trick out of turn."


_PROPOSAL_WORDS = {
    "stood": "The non-dealer stood (played without proposing).",
    "refused": "The non-dealer proposed and the dealer refused.",
    "accepted": "The non-dealer proposed and the dealer accepted.",
}


def _hand_result(f: Mapping[str, Any]) -> str:
    won = _join([f"{p} won {n}" for p, n in f["tricks"].items()])
    return f"The hand is over: {won} tricks. {_PROPOSAL_WORDS[f['proposal']]}"


_EXPOSED_HOW = {
    "faced": "dropped it face up",
    "two-played": "played it together with another card to one trick",
    "named": "named it as being in his hand",
}
_WITHDRAWN = ("proposal", "acceptance", "refusal", "number")
# Errors in the Écarté exchange (English Club Code laws 29 to 38), with their words.
EXCHANGE_ERRORS: dict[str, str] = {
    "took-too-many": "took more cards than he discarded and mixed them into his hand",
    "took-too-few": "took (or asked for) fewer cards than he discarded",
    "gave-too-many": "as dealer, gave his adversary more cards than he asked for",
    "gave-too-few": "as dealer, gave his adversary fewer cards than he asked for",
    "faced-card-in-stock": "found a card face up in the stock",
    "cards-exposed-in-giving": "had cards meant for him exposed as they were given",
    "card-turned-in-error": "as dealer, turned up a card as if it were the trump",
    "stock-too-small": "asked for more cards than the stock could supply",
}
# Errors in cutting (Portland laws 4, 7 and 9; Écarté Club Code laws 3, 4 and 7; the Chicago
# Cinch code; Foster's General Laws), with their words.
CUT_ERRORS: dict[str, str] = {
    "several-shown-for-deal": "showed more than one card in cutting for deal",
    "card-exposed-in-cut": "exposed a card in cutting the pack to the dealer (or in putting "
    "the two packets together)",
    "packet-too-small": "left too few cards in a packet of the cut",
}
SUITS = ("S", "H", "D", "C")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
BROKEN_HOW: dict[str, str] = {
    "card-played": "played one of its cards",
    "higher-scored": "scored a higher combination made from it instead",
}
_ALL = ("deal", "bidding", "play", "stock-exhausted", "hand-over")
_DRAW = ("play",)
_PLAY = ("play", "stock-exhausted")
_BEFORE_AND_IN_PLAY = ("bidding", "play", "stock-exhausted")
_EARLY = ("deal", "bidding", "play")

_SPECS: tuple[EventSpec, ...] = (
    EventSpec(
        "wrong-count", "Wrong number of cards",
        "A hand is found to hold too many or too few cards.",
        (), _ALL,
        lambda f: "The hands are counted.", randomize=rnd.spoil_counts,
    ),
    EventSpec(
        "failed-to-draw", "Forgot to draw",
        "A player forgot to draw from the stock and has played to the next trick.",
        (_player(says=_said("{v} is the player who forgot to draw.")),), _DRAW,
        lambda f: f"{f['player']} forgot to draw and has played to the next trick.",
        randomize=rnd.one_card_short, explains_counts=True,
        needs=("draws",),
    ),
    EventSpec(
        "drew-two", "Drew two cards", "A player drew two cards from the stock instead of one.",
        (_player(says=_said("{v} is the player who drew two cards.")),
         _bool("saw_second", "Saw the second card?", "Whether he looked at the second card",
               says=_either("{player} saw the second card.",
                            "{player} did not see the second card."))),
        _DRAW,
        lambda f: f"{f['player']} drew two cards instead of one, "
        + ("and saw the second." if f["saw_second"] else "without seeing the second."),
        randomize=rnd.one_card_over, explains_counts=True,
        needs=("draws",),
    ),
    EventSpec(
        "drew-out-of-turn", "Drew out of turn", "A player drew from the stock out of turn.",
        (_player(says=_said("{v} is the player who drew out of turn.")),
         _bool("card_was_adversarys", "The card was the adversary's?",
               "Whether the card he took was the one his adversary should have drawn",
               optional=True,
               says=_either("The card {player} took was the one his adversary should have drawn.",
                            "The card {player} took was not the one his adversary should have "
                            "drawn."))),
        _DRAW,
        lambda f: f"{f['player']} drew out of turn."
        + (" The card he took was his adversary's." if f.get("card_was_adversarys")
           else " The card he took was not his adversary's."),
        randomize=rnd.one_card_over, explains_counts=True,
        needs=("draws",),
    ),
    EventSpec(
        "both-drew-wrong", "Both drew wrongly",
        "Both players drew the wrong cards from the stock, and each has seen his card.",
        (), _DRAW,
        lambda f: "Both players drew the wrong cards from the stock, and each has seen his card.",
        needs=("draws",),
    ),
    EventSpec(
        "loser-saw-two", "Loser of the trick saw two cards",
        "Drawing after the winner of the trick, a player looked at two cards.",
        (_player(says=_said("{v} is the player who looked at two cards.")),), _DRAW,
        lambda f: f"{f['player']}, drawing after the winner of the trick, looked at two cards.",
        needs=("draws",),
    ),
    EventSpec(
        "even-stock", "Even number left in the stock",
        "An even number of cards is found left in the stock.", (), _DRAW,
        lambda f: "An even number of cards is found left in the stock.",
        randomize=rnd.even_stock,
        needs=("draws",),
    ),
    EventSpec(
        "peeked-at-stock", "Looked at the stock",
        "A player looked at cards of the stock beyond the one he drew.",
        (_player(says=_said("{v} is the player who looked at the stock.")),), _DRAW,
        lambda f: f"{f['player']} looked at cards of the stock beyond the one he drew.",
        needs=("draws",),
    ),
    EventSpec(
        "false-declaration", "False declaration",
        "A player declared and scored a combination.",
        (
            _player(says=_said("{v} is the player who declared.")),
            FieldSpec("declared", "choice", "Declared", "What he declared", choices=DECLARATIONS,
                      says=_chosen(DECLARATION_WORDS, "{player} declared and scored {w}.")),
            _bool("drawn_since", "Drawn since?", "Whether he has drawn from the stock since "
                  "(left out in a game with no stock to draw from in play)", optional=True,
                  says=_either("{player} has drawn from the stock since he declared.",
                               "{player} has not drawn from the stock since he declared.")),
            _bool("next_trick_started", "Next trick started?",
                  "Whether a card of the next trick has been played", optional=True,
                  says=_either("A card of the next trick has already been played.",
                               "No card of the next trick has been played yet.")),
        ),
        _BEFORE_AND_IN_PLAY, _declared, randomize=rnd.drawn_only_from_a_stock,
    ),
    EventSpec(
        "wrong-score", "Wrong score marked", "A player marked the wrong number of points.",
        (
            _player(says=_said("{v} is the player who marked the score.")),
            FieldSpec("marked", "int", "Points marked", "The points he marked",
                      low=-MAX_NUMBER, says=_said("{player} marked {v} points.")),
            FieldSpec("correct", "int", "Points earned", "The points that were due",
                      low=-MAX_NUMBER, says=_said("The points due were {v}.")),
            _bool("earlier_deal", "In an earlier deal?",
                  "Whether the points were marked in an earlier deal, found only after the "
                  "next deal was dealt and any trump of it turned (the table is that deal)",
                  optional=True,
                  says=_either("The points were marked in an earlier deal, and the error is found "
                               "only after the next deal was dealt.",
                               "The points were marked in this deal.")),
        ),
        ("bidding", "play", "stock-exhausted", "hand-over"),
        lambda f: f"{f['player']} marked {_points(f['marked'])} where {f['correct']} "
        f"{'was' if f['correct'] == 1 else 'were'} due"
        + (", in an earlier deal." if f.get("earlier_deal") else ", in this deal."),
        randomize=rnd.score_on_the_games_scale,
    ),
    EventSpec(
        "play", "Played a card", "A player plays a card to the trick: is it lawful?",
        (_player(says=_said("{v} is the player to play.")),
         _card(help_="The card played", says=_said("{player} plays the {v}."))), _PLAY,
        lambda f: f"{f['player']} plays the {_card_name(f['card'])}.",
        needs=("tricks",), randomize=rnd.play_in_turn,
    ),
    EventSpec(
        "exposed-card", "Exposed a card", "A player exposed a card of his hand.",
        (
            _player(says=_said("{v} is the player who exposed a card.")),
            _card(help_="The card exposed", says=_said("The card exposed is the {v}.")),
            FieldSpec("how", "choice", "How", "How he exposed it", choices=tuple(_EXPOSED_HOW),
                      says=_chosen(_EXPOSED_HOW, "{player} {w}.")),
            _card("second_card", "Second card", "The other card shown with it", optional=True,
                  says=lambda v, f: f"The other card shown with it is the {_card_name(v)}."
                  if v is not None else "No other card was shown with it."),
        ),
        _BEFORE_AND_IN_PLAY,
        lambda f: f"{f['player']} exposed the {_card_name(f['card'])}: "
        f"he {_EXPOSED_HOW[f['how']]}.",
        randomize=rnd.exposed_without_tricks,
    ),
    EventSpec(
        "lead-out-of-turn", "Led out of turn", "A player led to a trick when it was not his lead.",
        (
            _player(says=_said("{v} is the player who led out of turn.")),
            _card(help_="The card led", says=_said("The card led out of turn is the {v}.")),
            FieldSpec("followed_by", "players", "Followed by",
                      "Who played to the lead before the error was seen", optional=True,
                      says=lambda v, f: f"{_join(list(v))} played to the lead before the error "
                      "was seen." if v else "Nobody played to the lead before the error was "
                      "seen."),
        ),
        _PLAY,
        lambda f: f"{f['player']} led the {_card_name(f['card'])} out of turn."
        + (f" {_join(list(f['followed_by']))} played to it." if f.get("followed_by")
           else " Nobody has played to it yet."),
        needs=("tricks",), randomize=rnd.lead_by_another, explains_counts=True,
    ),
    EventSpec(
        "play-out-of-turn", "Played out of turn",
        "A player played to the trick before his turn.",
        (_player(says=_said("{v} is the player who played out of turn.")),
         _card(help_="The card played out of turn", optional=True,
               says=lambda v, f: f"The card played out of turn is the {_card_name(v)}."
               if v is not None else "Which card was played out of turn is not said.")),
        _PLAY, _out_of_turn, needs=("tricks",), explains_counts=True,
    ),
    EventSpec(
        "abandoned-hand", "Abandoned the hand",
        "A player threw down his cards and abandoned the hand.",
        (_player(says=_said("{v} is the player who abandoned the hand.")),
         FieldSpec("tricks_won", "int", "Tricks won", "Tricks he had won before abandoning",
                   optional=True,
                   says=lambda v, f: f"{f['player']} had won "
                   + ("no trick" if v == 0 else f"{v} trick{'' if v == 1 else 's'}")
                   + " before abandoning the hand." if v is not None
                   else "How many tricks he had won is not said.")),
        _BEFORE_AND_IN_PLAY,
        lambda f: f"{f['player']} threw down his cards and abandoned the hand"
        + _tricks_won(f.get("tricks_won")),
        randomize=rnd.tricks_won_so_far,
    ),
    EventSpec(
        "cut-error", "Error in cutting",
        "In cutting for deal, or cutting the pack to the dealer, a player showed or exposed "
        "cards, or left too few cards in a packet.",
        (
            _player("Who cut", says=_said("{v} is the player who cut.")),
            FieldSpec("error", "choice", "What went wrong", "The error in the cut",
                      choices=tuple(CUT_ERRORS),
                      says=_chosen(CUT_ERRORS, "In cutting, {player} {w}.")),
            FieldSpec("cards", "int", "Cards in the smaller packet",
                      "How many cards the smaller packet of the cut held", optional=True,
                      typical=(1, 6),
                      says=lambda v, f: f"The smaller packet of the cut held {v} "
                      f"card{'' if v == 1 else 's'}." if v is not None
                      else "How many cards the smaller packet held is not said."),
            _bool("dealt", "Already dealt?",
                  "Whether the cards had been dealt when the error came to light",
                  optional=True,
                  says=_either("The error came to light after the cards had been dealt.",
                               "The error came to light before the cards were dealt.")),
        ),
        ("deal",),
        lambda f: f"In cutting, {f['player']} {CUT_ERRORS[f['error']]}"
        + (f" (the smaller packet held {f['cards']})" if f.get("cards") is not None else "")
        + (", noticed only after the deal." if f.get("dealt")
           else ", noticed before the cards were dealt."),
    ),
    EventSpec(
        "dealt-out-of-turn", "Dealt out of turn",
        "A player dealt though it was not his turn; the scenario's dealer is the rightful one.",
        (FieldSpec("player", "player", "Player", "Who dealt out of turn (not the rightful "
                   "dealer, who is the scenario's dealer)", not_dealer=True,
                   says=_said("{v} dealt, though it was not his turn to deal.")),), _EARLY,
        lambda f: f"{f['player']} dealt, though it was not his turn to deal.",
    ),
    EventSpec(
        "faced-card-in-pack", "Faced card in the pack",
        "A card is found face up in the pack.",
        (FieldSpec("position", "int", "Position (1 = top)",
                   "The card's place in the pack, counting from the top", low=1,
                   typical=(1, 20),
                   says=_said("The faced card is card number {v} from the top of the pack.")),),
        _EARLY,
        lambda f: f"A card is found face up in the pack: card number {f['position']} "
        "from the top.",
        randomize=rnd.faced_at_turn_up,
    ),
    EventSpec(
        "dealer-exposed-card", "Dealer exposed a card", "In dealing, the dealer exposed a card.",
        (_player("Whose card was exposed", "owner", "Whose card",
                 says=_said("The card the dealer exposed was one of {v}'s.")),),
        ("deal", "bidding"),
        lambda f: f"In dealing, the dealer exposed one of {f['owner']}'s cards.",
    ),
    EventSpec(
        "several-trumps-turned", "Several trumps turned",
        "The dealer turned up more than one card for the trump.",
        (FieldSpec("count", "int", "Cards turned", "How many cards he turned up", low=2,
                   high=52, typical=(2, 3),
                   says=_said("The dealer turned up {v} cards for the trump.")),),
        ("deal", "bidding"),
        lambda f: f"The dealer turned up {f['count']} cards for the trump instead of one.",
    ),
    EventSpec(
        "imperfect-pack", "Imperfect pack",
        "The pack is found to be imperfect (a card missing or duplicated).", (), _ALL,
        lambda f: "The pack is found to be imperfect (a card missing or duplicated).",
    ),
    EventSpec(
        "king-turned", "King turned up", "The dealer turns up a king for the trump.",
        (), ("deal", "bidding"), lambda f: "The dealer turns up a king for the trump.",
        randomize=rnd.king_turned,
    ),
    EventSpec(
        "hand-result", "Result of the hand",
        "The hand is over: the tricks each won, and whether the non-dealer proposed.",
        (
            FieldSpec("tricks", "counts", "Tricks won", "Tricks each player won",
                      sums_to_tricks=True,
                      says=lambda v, f: "Tricks won: "
                      + _join([f"{p} {n}" for p, n in v.items()]) + "."),
            FieldSpec("proposal", "choice", "Proposal", "What the non-dealer did",
                      choices=("stood", "refused", "accepted"),
                      says=lambda v, f: _PROPOSAL_WORDS.get(v, str(v))),
        ),
        ("hand-over",), _hand_result, needs=("tricks",),
        randomize=rnd.share_tricks,
    ),
    EventSpec(
        "stock-exhausted", "Stock exhausted",
        "The last card of the stock has been drawn and passed; nobody has gone out.",
        (), ("play", "stock-exhausted", "hand-over"),
        lambda f: "The last card of the stock has been drawn and passed; nobody has gone out.",
        randomize=rnd.stock_drawn_out,
        needs=("draws",),
    ),
    EventSpec(
        "counted-out", "Counted out",
        "Players can count out (reach the game) on this deal.",
        (
            FieldSpec("players", "players", "Players", "Who can count out",
                      says=lambda v, f: f"{_join(list(v))} can count out on this deal."),
            _bool("bid_made", "Bid made?", "Whether the bidder made his bid",
                  says=_either("The bidder made his bid.", "The bidder did not make his bid.")),
        ),
        ("hand-over",),
        lambda f: f"{_join(list(f['players']))} can count out on this deal; the bidder "
        + ("made" if f["bid_made"] else "did not make") + " his bid.",
        needs=("bidding",), randomize=rnd.played_out,
    ),
    EventSpec(
        "points-made", "Points made in the hand", "The points each player won in the hand.",
        (FieldSpec("points", "counts", "Points won", "Points each player won in the hand",
                   says=lambda v, f: "The points made in the hand: "
                   + _join([f"{p} {n}" for p, n in v.items()]) + "."),),
        ("hand-over",),
        lambda f: "The hand is over: "
        + _join([f"{p} made {n}" for p, n in f["points"].items()]) + ".",
        needs=("bidding",), randomize=rnd.points_shared,
    ),
    EventSpec(
        "proposal-withdrawn", "Went back on a proposal",
        "A player tried to take back a proposal, an acceptance, a refusal or the number of "
        "cards asked for.",
        (_player(says=_said("{v} is the player who tried to go back on his word.")),
         FieldSpec("what", "choice", "Went back on", "What he took back", choices=_WITHDRAWN,
                   says=_said("{player} tried to take back his {v}."))),
        ("bidding",),
        lambda f: f"{f['player']} tried to take back his {f['what']}.",
    ),
    EventSpec(
        "exchange-error", "Error in the exchange",
        "In the discard and draw after a proposal is accepted, cards are taken, given or seen "
        "wrongly.",
        (
            _player("Who erred (for exposed cards: whose cards they were)",
                    says=_said("The error in the exchange concerns {v}.")),
            FieldSpec("error", "choice", "What went wrong", "The error in the exchange",
                      choices=tuple(EXCHANGE_ERRORS),
                      says=_chosen(EXCHANGE_ERRORS, "In the exchange, {player} {w}.")),
        ),
        ("bidding", "play"),
        lambda f: f"In the exchange, {f['player']} {EXCHANGE_ERRORS[f['error']]}.",
        needs=("discards",),
    ),
    EventSpec(
        "named-suit-not-led", "Named one suit, led another",
        "The leader named one suit and led a card of another.",
        (
            _player("Who led", says=_said("{v} is the player who led.")),
            FieldSpec("named", "choice", "Suit named", "The suit he named", choices=SUITS,
                      says=_chosen(SUIT_WORDS, "{player} named {w}.")),
            _card(help_="The card he led", says=_said("The card {player} led is the {v}.")),
        ),
        _PLAY,
        lambda f: f"{f['player']} named {SUIT_WORDS[f['named']]} and led the "
        f"{_card_name(f['card'])}.",
        needs=("tricks", "trumps"),
    ),
    EventSpec(
        "touched-top-card", "Touched the top card of the pack",
        "A player touched the top card of the pack before deciding about the card face up.",
        (_player(says=_said("{v} is the player who touched the top card.")),), _DRAW,
        lambda f: f"{f['player']} touched the top card of the pack before deciding whether to "
        "use the card face up.",
        needs=("draws",),
    ),
    EventSpec(
        "bid-out-of-turn", "Bid out of turn", "A player bid before his turn to bid.",
        (_player(says=_said("{v} is the player who bid out of turn.")),), ("bidding",),
        lambda f: f"{f['player']} bid out of turn.",
        needs=("bidding",),
    ),
    EventSpec(
        "own-card-exposed-in-deal", "Exposed his own card in the deal",
        "During the deal, one of the dealer's adversaries turned up one of his own cards.",
        (_player("Who exposed his own card",
                 says=_said("{v} is the player who turned up one of his own cards.")),),
        ("deal", "bidding"),
        lambda f: f"During the deal, {f['player']} turned up one of his own cards.",
    ),
    EventSpec(
        "carte-blanche", "Carte blanche declared",
        "A player declares carte blanche (a hand with no king, queen or knave).",
        (
            _player(says=_said("{v} is the player who declares carte blanche.")),
            _bool("repeated", "Repeated after a draw?",
                  "Whether he declares it again after drawing a card that is not a court card",
                  optional=True,
                  says=_either("{player} declares it again, after a draw.",
                               "{player} declares it on the hand dealt him, not after a draw.")),
            _card("drawn", "Card drawn", "The card he drew, for a repeated declaration",
                  optional=True,
                  says=lambda v, f: f"The card {f['player']} drew is the {_card_name(v)}."
                  if v is not None else "The card he drew is not said."),
        ),
        ("deal", "play"),
        lambda f: f"{f['player']} declares carte blanche"
        + (" again after drawing"
           + (f" the {_card_name(f['drawn'])}" if f.get("drawn") is not None else "")
           if f.get("repeated") else "") + ".",
        needs=("stock",), randomize=rnd.court_free_hand,
    ),
    EventSpec(
        "unscored-combination-broken", "Unscored combination broken",
        "A player announced a combination but, before scoring it, played one of its cards or "
        "scored a higher combination made from it.",
        (
            _player(says=_said("{v} is the player who announced the combination.")),
            FieldSpec("declared", "choice", "Combination", "The combination not yet scored",
                      choices=DECLARATIONS,
                      says=_chosen(DECLARATION_WORDS, "{player} had {w} still to score.")),
            FieldSpec("how", "choice", "How", "What he did before scoring it",
                      choices=tuple(BROKEN_HOW),
                      says=_chosen(BROKEN_HOW, "Before scoring it, {player} {w}.")),
        ),
        _DRAW,
        lambda f: f"{f['player']} had {DECLARATION_WORDS.get(f['declared'], f['declared'])} "
        f"still to score and {BROKEN_HOW[f['how']]}.",
        needs=("stock",),
    ),
)

EVENTS: Mapping[str, EventSpec] = {spec.type: spec for spec in _SPECS}


def event_spec(event_type: str) -> EventSpec:
    """The spec of an event type (KeyError when there is no such event)."""
    return EVENTS[event_type]
