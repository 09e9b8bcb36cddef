"""The words of events: what can be declared, the errors of the exchange and of the cut, and
the helpers that turn a field's value into a sentence (a ruling's ground, a quiz stem)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.cards import Card

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


def counted(n: int, word: str) -> str:
    """A number with its noun, singular only for one ("1 trick", "2 tricks", "-1 point")."""
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"

# A field's statement (FieldSpec.says): its value as a sentence, given the event's fields.
Says = Callable[[Any, Mapping[str, Any]], str]


class _Fields(dict[str, str]):
    """The event's fields in words, for str.format_map; a field not given reads as ''."""

    def __missing__(self, key: str) -> str:
        return ""


def value_words(value: Any) -> str:
    if isinstance(value, Card):
        return value.name
    if isinstance(value, tuple | list):
        return join([value_words(v) for v in value])
    if isinstance(value, Mapping):
        return join([f"{k} {v}" for k, v in value.items()])
    return str(value)


def said(text: str) -> Says:
    """A statement from a template: {v} is the value, {player} (any field) the event's."""
    return lambda value, f: text.format_map(
        _Fields({k: value_words(x) for k, x in f.items()}, v=value_words(value)))


def either(yes: str, no: str, unsaid: str = "") -> Says:
    """A yes-no field's statement each way (and when it is not given, if it may not be)."""
    return lambda value, f: said(unsaid if value is None and unsaid else yes if value
                                  else no)(value, f)


def chosen(words: Mapping[str, str], text: str) -> Says:
    """A choice's statement: `text` with {w} the choice in words."""
    return lambda value, f: said(text.replace("{w}", words.get(value, str(value))))(value, f)


def card_name(value: Any) -> str:
    return value.name if isinstance(value, Card) else str(value)


def join(items: list[str], last: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def points_words(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def tricks_won_words(won: int | None) -> str:
    if won is None:
        return "."
    if won == 0:
        return " before winning a trick."
    return f" after winning {won} trick{'' if won == 1 else 's'}."


def declared_words(f: Mapping[str, Any]) -> str:
    # Both ways said: the laws turn on these facts (a false declaration amended before the next
    # draw, a false score challenged before the next trick), and silence leaves them open.
    drawn = f.get("drawn_since")
    since = ("" if drawn is None else " He has drawn from the stock since." if drawn
             else " He has not drawn from the stock since.")
    started = f.get("next_trick_started")
    # Not said before any trick is complete: there is no next trick to speak of.
    # Said as the challenge it is: "no card of the next trick has been played yet" left
    # unsaid that the score is challenged now (the twenty-fifth blind round's #134).
    late = ("" if started is None
            else " The score was challenged only after a card of the next trick had been played."
            if started
            else " The score was challenged before any card of the next trick was played.")
    words = DECLARATION_WORDS.get(f["declared"], f["declared"])
    return f"{f['player']} declared and scored {words}.{since}{late}"


def play_words(f: Mapping[str, Any], stands_after: str = "") -> str:
    """A card played, and, once the moment to take it back has passed, whether he took it back
    (a renounce put right in time is no revoke). The moment is the code's own law's
    (`stands_after`, from the games file's [codes.*]): none, and the card is said to stand."""
    text = f"{f['player']} plays the {card_name(f['card'])}."
    back = f.get("taken_back")
    if back is None:
        return text
    if not stands_after:
        return text + (f" {f['player']} takes the card back." if back
                       else " He does not take it back: the card stands.")
    return text + (f" {f['player']} takes the card back before {stands_after}." if back
                   else f" He does not take it back before {stands_after}.")


def out_of_turn_words(f: Mapping[str, Any]) -> str:
    card = f.get("card")
    what = f"the {card_name(card)}" if card is not None else "a card"
    return f"{f['player']} played {what} to the trick out of turn."


PROPOSAL_WORDS = {
    "stood": "The non-dealer stood (played without proposing).",
    "refused": "The non-dealer proposed and the dealer refused.",
    "accepted": "The non-dealer proposed and the dealer accepted.",
}


def hand_result_words(f: Mapping[str, Any]) -> str:
    # Each count with its own noun ("won 1 tricks" was the 44th blind round's #152).
    won = join([f"{p} won {counted(n, 'trick')}" for p, n in f["tricks"].items()])
    return f"The hand is over: {won}. {PROPOSAL_WORDS[f['proposal']]}"


EXPOSED_HOW = {
    "faced": "dropped it face up",
    "two-played": "played it together with another card to one trick",
    "named": "named it as being in his hand",
}
WITHDRAWN = ("proposal", "acceptance", "refusal", "number")
# Errors in the Écarté exchange (English Club Code laws 29 to 38), with their words ("as
# dealer" without commas: "South as dealer, turned up" split subject from verb, the 38th blind
# round's #189).
EXCHANGE_ERRORS: dict[str, str] = {
    "took-too-many": "took more cards than he discarded and took them up into his hand",
    "took-too-few": "took (or asked for) fewer cards than he discarded",
    "gave-too-many": "as dealer gave his adversary more cards than he asked for",
    "gave-too-few": "as dealer gave his adversary fewer cards than he asked for",
    "faced-card-in-stock": "found a card face up in the stock",
    "cards-exposed-in-giving": "had cards meant for him exposed as they were given",
    "card-turned-in-error": "as dealer turned up a card as if it were the trump",
    # Law 38: the non-dealer has what he asked for (or all that is left); the stock runs
    # short for the dealer's exchange after his, so cards may still lie in it.
    "stock-too-small": "proposed and was accepted, though the stock held too few cards for "
    "both players to exchange as many as they wished",
}
# An exchange error whose words turn on who erred: the dealer takes his cards himself, the
# non-dealer asks for his ("took (or asked for)" of the dealer, who asks for nothing, was the
# ninth blind round's #48). Keyed by error, then by whether the player is the dealer.
EXCHANGE_ERRORS_BY_SEAT: dict[str, dict[bool, str]] = {
    "took-too-few": {True: "took fewer cards from the stock than he discarded",
                     False: "asked for fewer cards than he discarded"},
}


def exchange_error_words(f: Mapping[str, Any], dealer: str | None) -> str:
    """An error in the exchange in a sentence, in the words that fit who made it (the
    generic words where the dealer is not known)."""
    by_seat = EXCHANGE_ERRORS_BY_SEAT.get(f["error"])
    what = (by_seat[f["player"] == dealer] if by_seat is not None and dealer is not None
            else EXCHANGE_ERRORS[f["error"]])
    return f"In the exchange, {f['player']} {what}."


# Errors in cutting (Portland laws 4, 7 and 9; Écarté Club Code laws 3, 4 and 7; the Chicago
# Cinch code; Foster's General Laws), with their words.
CUT_ERRORS: dict[str, str] = {
    "several-shown-for-deal": "showed more than one card in cutting for deal",
    "card-exposed-in-cut": "exposed a card in cutting the pack to the dealer (or in putting "
    "the two packets together)",
    # Neutral: whether the packet was too small is the ruling's to say (a law's minimum is
    # one card at Écarté's two, five at Rubicon Bézique), not the stem's.
    "packet-too-small": "cut the pack leaving few cards in one packet",
}


def cut_error_words(f: Mapping[str, Any]) -> str:
    """An error in cutting in a sentence. A packet's size is told as a fact, never as "too
    few": a cut of two cards is good at Écarté (Club Code law 3) and one of four is a trick's
    worth at Bézique, so the stem must not assert what the ruling may deny."""
    cards = f.get("cards")
    if f["error"] == "packet-too-small" and cards is not None:
        what = (f"cut the pack leaving {cards} card{'' if cards == 1 else 's'} in the smaller "
                f"packet")
    else:
        what = CUT_ERRORS[f["error"]]
        if cards is not None:
            what += f" (the smaller packet held {cards})"
    when = ("; this came to light only after the deal." if f.get("dealt")
            else "; this came to light before the cards were dealt.")
    return f"In cutting, {f['player']} {what}{when}"
SUITS = ("S", "H", "D", "C")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
BROKEN_HOW: dict[str, str] = {
    "card-played": "played one of its cards",
    "higher-scored": "scored a higher combination made from it instead",
}
