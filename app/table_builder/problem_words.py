"""What is impossible about a table, as people say it: "A fifth queen of spades in North's
hand: the Rubicon Bézique pack has only four (the others are in North's hand and the stock)."

The parser (app/model/scenario.py) says what is wrong in the terms of the file ("QS appears 5
times… (first at hands.North[0])"); the builder's words are made here, from the table itself,
for the problems a person building a table meets: a card placed once too often, a card the
pack lacks, a play of a card the player does not hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.cards import Card, CardError
from app.model.games import Game
from app.table_builder.reading import cards_of, list_at, mapping_at, text_at, trick_of

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth")
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def ordinal(n: int) -> str:
    """1 -> 'first', 5 -> 'fifth'; past ten, '11th'."""
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def number(n: int) -> str:
    """A small count in words: 4 -> 'four'."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _card(code: Any) -> Card | None:
    try:
        return Card.parse(code)
    except CardError:
        return None


def _places(raw: Mapping[str, Any]) -> list[tuple[str, str, Any]]:
    """Every card on the table with its field and place, in the order the parser reads them."""
    out: list[tuple[str, str, Any]] = []
    hands = mapping_at(raw, "hands")
    for player in hands:
        hand = list_at(hands, player) or []
        out += [(f"hands.{player}[{i}]", f"{player}'s hand", c) for i, c in enumerate(hand)]
    if raw.get("turn_up") is not None:
        out.append(("turn_up", "the turn-up", raw["turn_up"]))
    out += [(f"stock[{i}]", "the stock", c) for i, c in enumerate(list_at(raw, "stock") or [])]
    out += [(f"trick.cards[{i}]", "the trick", c) for i, c in enumerate(trick_of(raw)[1])]
    return out


def _and(items: list[str]) -> str:
    unique = list(dict.fromkeys(items))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " and " + unique[-1]


def _at(place: str) -> str:
    if place == "the turn-up":
        return "turned up"
    return f"on {place}" if place == "the trick" else f"in {place}"


def problem_words(fld: str, raw: Mapping[str, Any], game: Game) -> str | None:
    """The problem the parser found at `fld`, in people's words; None when the builder has
    no better words than the parser's."""
    places = _places(raw)
    here = next((p for p in places if p[0] == fld), None)
    if here is not None:
        card = _card(here[2])
        if card is None:
            return None
        if not game.pack.contains(card):
            return (f"The {card.name} {_at(here[1])} is not a card of the {game.name} pack: "
                    f"take it back.")
        before = [p for p in places[: places.index(here)] if _card(p[2]) == card]
        copies = game.pack.copies
        if len(before) >= copies:
            others = _and([_at(p[1]) for p in before])
            where = f"it is {others}" if copies == 1 else f"the others are {others}"
            return (f"A {ordinal(len(before) + 1)} {card.name} {_at(here[1])}: the "
                    f"{game.name} pack has only {number(copies)} ({where}).")
        return None
    event = mapping_at(raw, "event")
    if fld == "event.card" and event.get("type") == "play":
        card, player = _card(event.get("card")), text_at(event, "player")
        hand = cards_of(raw, player) if player is not None else None
        if card is not None and hand is not None:
            return (f"{player} does not hold the {card.name}: a card played must be one of "
                    f"{player}'s cards. Click a card in the hand to choose it.")
    return None
