"""The event's fields as facts: a handler reads `ctx.event.player` through the table's reading,
so each field it turns on is recorded as a ground ("event.player"), and a field the scenario
leaves out is asked rather than assumed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.cards import Card
from app.model.events import EVENTS
from app.model.facts import Reading, event_fact
from app.model.scenario import Event


def field_words(event_type: str, name: str, value: Any,
                fields: Mapping[str, Any] | None = None) -> str:
    """A field's value as a sentence: the field's own statement (FieldSpec.says, given the
    event's fields: "North saw the second card."), else its label and value ("Player: North.")."""
    spec = EVENTS.get(event_type)
    fspec = spec.field(name) if spec is not None else None
    if fspec is not None and fspec.says is not None:
        try:
            return fspec.says(value, {**(fields or {}), name: value})
        except (KeyError, TypeError, AttributeError):
            pass  # a statement that needs a field the event left out: said by its label
    label = fspec.label if fspec is not None else name.replace("_", " ")
    if value is None:
        shown = "not given"
    elif isinstance(value, bool):
        shown = "yes" if value else "no"
    elif isinstance(value, Card):
        shown = f"the {value.name}"
    elif isinstance(value, tuple | list):
        shown = ", ".join(str(v) for v in value) or "none"
    elif isinstance(value, dict):
        shown = ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
    else:
        shown = str(value)
    return f"{label.rstrip('?:')}: {shown}."


class EventFacts:
    """What happened, its fields read as facts (`ctx.event.player`); `type` is the event
    itself, not a fact about it."""

    __slots__ = ("_event", "_reading")

    def __init__(self, event: Event, reading: Reading) -> None:
        self._event = event
        self._reading = reading

    @property
    def type(self) -> str:
        """The event's type."""
        return self._event.type

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        event = self._event
        return self._reading.read(
            event_fact(name), None, lambda: getattr(event, name),
            lambda value: field_words(event.type, name, value, event.fields))

    def get(self, name: str, default: Any = None) -> Any:
        """A field, or a default when it was not given."""
        value = getattr(self, name)
        return default if value is None else value
