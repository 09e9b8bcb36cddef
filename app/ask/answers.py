"""The referee's answers read: a fact as typed ("has-looked[North]"), an answer as the fact's
value (a card, a number, seats, a trick, a bid, every hand's count), "I don't know"
(UNKNOWN_ANSWER), and an answer recorded (Answer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.ask.questions import fact_field, fact_kind, typed_value
from app.cards import Card, CardError
from app.model.facts import FactKey
from app.model.games import Game
from app.model.scenario import Bid, Trick

# The answer that leaves a fact out: the ruling is then given for each of its values.
UNKNOWN_ANSWER = "unknown"


class AnswerError(ValueError):
    """An answer that is not one of the fact's values: `message` says which are."""


@dataclass(frozen=True)
class Answer:
    """A fact answered: its key, the value (None when not known) and the answer in words."""

    fact: str
    seat: str | None
    value: Any
    known: bool
    words: str

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        from app.model.facts import json_value

        out: dict[str, Any] = {"fact": self.fact}
        if self.seat is not None:
            out["seat"] = self.seat
        out["value"] = json_value(self.value) if self.known else UNKNOWN_ANSWER
        out["words"] = self.words
        return out


def fact_key(spelled: str) -> FactKey:
    """A fact as typed: "has-looked[North]" or "event.player" -> (fact, seat)."""
    if spelled.endswith("]") and "[" in spelled:
        name, _, seat = spelled[:-1].partition("[")
        return (name, seat)
    return (spelled, None)


def spell(key: FactKey) -> str:
    """A fact as typed on the command line: "has-looked[North]"."""
    return f"{key[0]}[{key[1]}]" if key[1] is not None else key[0]


def parse_answer(key: FactKey, typed: str, game: Game, event: str, players: tuple[str, ...],
                 values: tuple[Any, ...]) -> Any:
    """A typed answer as the fact's value: one of the values offered (`values`), else read as
    its kind reads; AnswerError when it is neither."""
    fact = key[0]
    text = typed.strip()
    kind = fact_kind(fact, event)
    seats = players
    for v in values:
        if typed_value(v).lower() == text.lower():
            return v
    if kind in ("card", "card-or-none"):
        if kind == "card-or-none" and text.lower() in ("none", "-"):
            return None
        return parse_card(text, game)
    if kind in ("count", "points", "int"):
        digits = text.removeprefix("-").removeprefix("−")
        if not (digits.isdigit() and len(digits) <= 6):
            raise AnswerError(f"{text!r} is not a number")
        number = -int(digits) if digits != text else int(digits)
        spec = fact_field(fact, event)
        if spec is not None and not spec.low <= number <= spec.high:
            raise AnswerError(f"{number} is out of bounds: {spec.low} to {spec.high}")
        if spec is None and number < 0:
            raise AnswerError(f"{number} cannot be less than 0")
        return number
    if kind in ("players", "seats"):
        if text in ("-", ""):
            return ()
        named = tuple(p.strip() for p in text.split(","))
        for p in named:
            if p not in seats:
                raise AnswerError(f"{p!r} is not a seat; the seats are {', '.join(seats)}")
        return named
    if kind == "trick":
        if text.lower() in ("none", "-"):
            return None
        leader, _, cards = text.partition(":")
        if leader.strip() not in seats:
            raise AnswerError(f"{leader.strip()!r} is not a seat")
        return Trick(leader.strip(), tuple(parse_card(c, game) for c in cards.split()))
    if kind == "cards":
        if text in ("-", ""):
            return None
        return tuple(parse_card(c, game) for c in text.split())
    if kind == "bid":
        if text.lower() in ("none", "-"):
            return None
        who, _, amount = text.partition(" ")
        if who not in seats or not amount.strip().isdigit():
            raise AnswerError(f"{text!r} is not a bid: a seat and an amount, e.g. North 3")
        return Bid(player=who, amount=int(amount))
    if kind == "counts":
        counts: dict[str, int] = {}
        for pair in text.split():
            who, _, n = pair.partition(":")
            if who not in seats or not n.isdigit():
                raise AnswerError(f"{pair!r} is not seat:number")
            counts[who] = int(n)
        return counts
    offered = ", ".join(typed_value(v) for v in values)
    raise AnswerError(f"{text!r} is not an answer to this question; answers: {offered}, "
                      f"or {UNKNOWN_ANSWER}")


def parse_card(text: str, game: Game) -> Card:
    """A card as typed, in the game's pack."""
    try:
        card = Card.parse(text)
    except CardError as exc:
        raise AnswerError(str(exc)) from None
    if not game.pack.contains(card):
        raise AnswerError(f"{text} is not in the {game.name} pack")
    return card


def parse_counts(text: str, seats: tuple[str, ...]) -> dict[str, int]:
    """"North:+1; South:-1" (or "right") as each hand's error."""
    if text.lower() in ("right", "none", "-", ""):
        return {}
    errors: dict[str, int] = {}
    for pair in text.split(";"):
        who, sep, amount = pair.strip().rpartition(":")
        digits = amount.strip().lstrip("+-−")
        if not sep or who.strip() not in seats or not digits.isdigit() or len(digits) > 2:
            raise AnswerError(f"{pair.strip()!r} is not seat:+n or seat:-n; the seats are "
                              f"{', '.join(seats)}")
        sign = -1 if amount.strip()[:1] in ("-", "−") else 1
        errors[who.strip()] = sign * int(digits)
    return errors
