"""What each edit of the table did, in words, for the Edit menu ("Undo give the queen of
spades to North"), and which edits in a row are one step of the history."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.cards import Card, CardError
from app.table_builder import TRICK, TURN_UP, field_label

_VALUE_WORDS = {"trump": "trump suit", "stock": "cards in the stock",
                "tricks_played": "tricks played", "discards_made": "discards", "dealer": "dealer"}


def card_name(code: Any) -> str:
    """A card as people say it ("queen of spades"); anything unreadable as written."""
    try:
        return Card.parse(code).name
    except CardError:
        return str(code)


def target_words(target: str) -> str:
    """Where a card goes: a seat's name, the trick or the turn-up."""
    return {TRICK: "the trick", TURN_UP: "the turn-up"}.get(target, target)


def value_words(key: str) -> str:
    """A top-level key of the table in words."""
    return _VALUE_WORDS.get(key, key.replace("_", " "))


def event_edit_words(before: Any, after: Mapping[str, Any]) -> tuple[str, str | None]:
    """The words of an edit of the event's fields, and its merge key: typing a number (a
    position, points) digit by digit is one step; ticking boxes is one step each."""
    old = before if isinstance(before, Mapping) else {}
    changed = sorted(k for k in set(after) | set(old) if after.get(k) != old.get(k))
    etype = str(after.get("type", ""))
    words = ", ".join(field_label(etype, k).rstrip("?").lower() for k in changed) or "the event"
    value = after.get(changed[0]) if len(changed) == 1 else None
    numeric = isinstance(value, int | dict) and not isinstance(value, bool)
    return f"set {words}", f"event:{changed[0]}" if numeric else None
