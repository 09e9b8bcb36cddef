"""The builder's table and event in words, as (label, value) lines for a printed ruling."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.cards import Card, CardError
from app.engine.ruling import Ruling
from app.model.facts import question
from app.model.games import Game
from app.table_builder.reading import (
    cards_of,
    count_of,
    dealer_of,
    list_at,
    mapping_at,
    number_in,
    players_of,
    stage_words,
    trick_of,
)


def card_words(code: Any) -> str:
    """A card for the printed page: 'Q♠'; anything unreadable as written."""
    try:
        return Card.parse(code).label
    except CardError:
        return str(code)


def _cards_words(cards: list[Any] | None, count: int | None = None) -> str:
    """Cards as listed, else their count, else 'not given'."""
    if cards is not None:
        return " ".join(card_words(c) for c in cards) if cards else "no cards"
    if count is not None:
        return f"{count} cards (not listed)"
    return "not given"


def describe_table(raw: Mapping[str, Any], game: Game) -> list[tuple[str, str]]:
    """The table as (label, value) lines for a printed ruling."""
    players = players_of(raw, game)
    lines = [
        ("Game", game.name),
        ("Seats", ", ".join(players) + " (in order of play)"),
        ("Dealer", dealer_of(raw, game)),
        ("Stage", stage_words(game, raw.get("stage", "play"))),
    ]
    if game.has_tricks:
        lines.append(("Tricks played", str(raw.get("tricks_played", 0))))
    if raw.get("trump") is not None:
        lines.append(("Trump", {"S": "spades", "H": "hearts", "D": "diamonds",
                                "C": "clubs"}.get(str(raw["trump"]).upper(), str(raw["trump"]))))
    if raw.get("turn_up") is not None:
        lines.append(("Turn-up", card_words(raw["turn_up"])))
    if raw.get("stock") is not None:
        count = number_in(raw["stock"])
        lines.append(("Stock", f"{count} cards" if count is not None else
                      _cards_words(list_at(raw, "stock"))))
    bid = mapping_at(raw, "bid")
    if bid:
        lines.append(("Bid", f"{bid.get('player')} bid {bid.get('amount')}"))
    scores = mapping_at(raw, "scores")
    if scores:
        lines.append(("Scores", ", ".join(f"{p} {v}" for p, v in scores.items())))
    for p in players:
        seen = " (seen)" if p in raw.get("hands_seen", []) else ""
        lines.append((f"{p}'s hand", _cards_words(cards_of(raw, p), count_of(raw, p)) + seen))
    leader, cards = trick_of(raw)
    if leader is not None:
        lines.append(("Trick", f"led by {leader}: " + (" ".join(card_words(c) for c in cards)
                                                       or "no card played yet")))
    return lines


def describe_event(event: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The event as (label, value) lines for a printed ruling."""
    lines = [("Event", str(event.get("type", "")).replace("-", " "))]
    for name, value in event.items():
        if name == "type":
            continue
        if isinstance(value, bool):
            words = "yes" if value else "no"
        elif isinstance(value, list):
            words = ", ".join(str(v) for v in value) or "nobody"
        elif isinstance(value, dict):
            words = ", ".join(f"{k} {v}" for k, v in value.items())
        elif name in ("card", "second_card"):
            words = card_words(value)
        else:
            words = str(value)
        lines.append((name.replace("_", " "), words))
    return lines


# What the builder asks for when a ruling turns on a fact its table leaves out, by fact: the
# part of the table to fill in (a fact not listed is asked by its own question).
_GIVE = {
    "count-error": "the hands (or their counts)",
    "count": "the hands (or their counts)",
    "cards": "the cards of the hand",
    "lead-holder": "whose lead it was: the trick in progress and its leader",
    "trick": "the trick in progress",
}


def needs_words(ruling: Ruling) -> str:
    """"Give the hands (or their counts) to rule this." when a code's ruling turns on a fact
    the table leaves out; "" when every code has ruled."""
    wanted: list[str] = []
    for ruled in ruling.rulings:
        if ruled.needs is None:
            continue
        fact, seat = ruled.needs
        words = _GIVE.get(fact) or question(fact, seat)
        if words not in wanted:
            wanted.append(words)
    if not wanted:
        return ""
    return "Give " + " and ".join(wanted) + " to rule this."
