"""Reading the builder's table: the seats, stages, hands and trick of a scenario mapping.

The table is a draft the user is editing, so any part of it may be missing or of the wrong
kind; each part is read here, once, as a typed value or None (or {} / []), and the rest of the
builder asks these readers rather than testing the mapping itself.

Which parts of the table a game uses (turn-up, bid, tricks...) is asked of the game's
declared model (`Game.has_turn_up` and the like), never of its id.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import msgspec

from app.cards import Card, CardError
from app.model.games import Game

# Where a card clicked in the palette can go besides a seat's hand.
TRICK = "trick"
TURN_UP = "turn-up"

_STAGE_WORDS = {
    "deal": "Dealing",
    "bidding": "Bidding",
    "play": "Play",
    "stock-exhausted": "Stock exhausted",
    "hand-over": "Hand over",
}


def _read(value: Any, kind: Any) -> Any:
    """`value` as `kind` (a type msgspec reads, strictly: a bool is not a number) when it is
    one, else None."""
    try:
        return msgspec.convert(value, kind)
    except msgspec.ValidationError:
        return None


def mapping_at(raw: Mapping[str, Any], key: str) -> dict[str, Any]:
    """A part of the table that is a mapping (hands, scores, event, variants), or {} when the
    table does not give one."""
    value = raw.get(key)
    return value if isinstance(value, dict) else {}


def list_at(raw: Mapping[str, Any], key: str) -> list[Any] | None:
    """A part of the table that is a list (a hand, the stock, the trick's cards), or None."""
    value = raw.get(key)
    return value if isinstance(value, list) else None


def codes_in_force(raw: Mapping[str, Any], game: Game) -> tuple[str, ...]:
    """The codes a table is ruled under, in the game's order: its `codes`, else all."""
    chosen = list_at(raw, "codes")
    if chosen is None:
        return tuple(game.codes)
    return tuple(c for c in game.codes if c in chosen)


def text_at(raw: Mapping[str, Any], key: str) -> str | None:
    """A part of the table that is text (the game, a seat, the title), or None."""
    value = raw.get(key)
    return value if isinstance(value, str) else None


def mapping_in(value: Any) -> dict[str, Any] | None:
    """A mapping by text (a file's fields, a count per seat), or None when it is not one."""
    mapping: dict[str, Any] | None = _read(value, dict[str, Any])
    return mapping


def truth_in(value: Any) -> bool | None:
    """True or false, or None when the value is neither."""
    truth: bool | None = _read(value, bool)
    return truth


def names_in(value: Any) -> list[str] | None:
    """A list of seats' names (the players, the hands seen), or None when it is not one."""
    names: list[str] | None = _read(value, list[str])
    return names


def number_in(value: Any) -> int | None:
    """A whole number (a count of cards, a bid), or None: true and false are not numbers."""
    number: int | None = _read(value, int)
    return number


def players_of(raw: Mapping[str, Any], game: Game) -> list[str]:
    """The seats in order of play: the scenario's own, or the game's default seats."""
    return names_in(raw.get("players")) or list(game.default_seats())


def dealer_of(raw: Mapping[str, Any], game: Game) -> str:
    """The dealer: the scenario's, or the last seat."""
    players = players_of(raw, game)
    dealer = raw.get("dealer")
    return dealer if dealer in players else players[-1]


def eldest_of(raw: Mapping[str, Any], game: Game) -> str:
    """The player on the dealer's left, first to act."""
    players = players_of(raw, game)
    return players[(players.index(dealer_of(raw, game)) + 1) % len(players)]


def to_play_of(raw: Mapping[str, Any], game: Game) -> str:
    """Whose turn it is: the next to play to the trick in progress, else the eldest hand."""
    players = players_of(raw, game)
    leader, cards = trick_of(raw)
    if leader in players and len(cards) < len(players):
        return players[(players.index(leader) + len(cards)) % len(players)]
    return eldest_of(raw, game)


def stages_for(game: Game) -> tuple[str, ...]:
    """The stages the builder offers for a game, in the order a deal goes through them."""
    return game.stage_names


def stage_words(game: Game, stage: str) -> str:
    """A stage in words, with the game's own label where it has one."""
    rule = game.stages.get(stage)
    return rule.label if rule is not None else _STAGE_WORDS.get(stage, stage)


def hand_of(raw: Mapping[str, Any], player: str) -> list[str] | int | None:
    """A seat's hand as written: card codes, a count, or None when not given."""
    cards = cards_of(raw, player)
    return cards if cards is not None else count_of(raw, player)


def cards_of(raw: Mapping[str, Any], player: str) -> list[str] | None:
    """A seat's hand when its cards are listed (as written, a copy), else None."""
    cards = list_at(mapping_at(raw, "hands"), player)
    return None if cards is None else list(cards)


def count_of(raw: Mapping[str, Any], player: str) -> int | None:
    """A seat's hand when it is given as a count alone, else None."""
    return number_in(mapping_at(raw, "hands").get(player))


def trick_of(raw: Mapping[str, Any]) -> tuple[str | None, list[str]]:
    """The trick in progress: its leader (None when there is no trick) and its cards."""
    trick = mapping_at(raw, "trick")
    return trick.get("leader"), list(list_at(trick, "cards") or [])


def canonical_code(code: Any) -> str | None:
    """A card code in its canonical spelling, or None when it is not a card at all."""
    try:
        return Card.parse(code).code
    except CardError:
        return None

def placed_cards(raw: Mapping[str, Any]) -> list[str]:
    """Every card code on the table: hands, stock, turn-up and trick (canonical codes)."""
    hands = mapping_at(raw, "hands")
    codes: list[Any] = [code for player in hands for code in list_at(hands, player) or []]
    codes.extend(list_at(raw, "stock") or [])
    if raw.get("turn_up") is not None:
        codes.append(raw["turn_up"])
    codes.extend(trick_of(raw)[1])
    return [c for c in (canonical_code(code) for code in codes) if c is not None]


def copies_left(raw: Mapping[str, Any], game: Game) -> Counter[str]:
    """Copies of each card of the pack not yet on the table (negative: too many placed)."""
    left: Counter[str] = Counter({c.code: game.pack.copies for c in game.pack.cards})
    for code in placed_cards(raw):
        if code in left:
            left[code] -= 1
    return left
