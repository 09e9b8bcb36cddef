"""The rehearsal's steps and tables in words, for the timeline and the exported record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.cards import Card, CardError
from app.model.events import EVENTS
from app.rehearsal.session import Moment, Step
from app.rehearsal.state import DealState


def _card(value: Any) -> str:
    try:
        return Card.parse(str(value)).name
    except CardError:
        return str(value)


def event_words(event: Mapping[str, Any]) -> str:
    """What went wrong, in one sentence (the event registry's own words where it can)."""
    spec = EVENTS.get(str(event.get("type")))
    if spec is None:
        return f"Irregularity: {event.get('type')}"
    return spec.label


def step_words(step: Step, moment: Moment | None = None) -> str:
    """One line of the timeline."""
    d = step.data
    player = d.get("player", "")
    if step.kind == "play":
        return f"{player} plays the {_card(d.get('card'))}"
    if step.kind == "declare":
        return f"{player} declares {d.get('declaration')} for {d.get('points')}"
    if step.kind == "mistake":
        event = d.get("event") if isinstance(d.get("event"), Mapping) else {}
        assert isinstance(event, Mapping)
        who = f"{event.get('player')}: " if event.get("player") else ""
        card = f", the {_card(event['card'])}" if event.get("card") else ""
        return f"Irregularity! {who}{event_words(event)}{card}"
    if step.kind == "remedy":
        option = d.get("option")
        chosen = f"chooses {option}" if option else "the ruling is applied"
        return f"Ruling under the {d.get('code')} laws: {chosen}"
    if step.kind == "turn":
        return f"{player} turns a card from the stock"
    if step.kind == "meld":
        cards = ", ".join(_card(c) for c in d.get("cards", ()))
        return f"{player} melds the card with {cards}"
    if step.kind == "discard":
        return f"{player} discards the {_card(d.get('card'))}"
    if step.kind == "pass":
        return f"{player} passes"
    if step.kind == "deal":
        return f"New deal by {d.get('dealer')}"
    return step.kind


def score_words(state: DealState) -> str:
    """The running score in words."""
    return ", ".join(f"{p} {state.score(p)}" for p in state.players)
