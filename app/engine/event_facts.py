"""The event's fields as facts: a handler reads `ctx.event.player`, a typed attribute of the
event's structure, through the table's reading, so each field it turns on is recorded as a
ground ("event.player"), and a field the scenario leaves out is asked rather than assumed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

import msgspec

from app.cards import Card
from app.model.event_types import Event
from app.model.events import EVENTS
from app.model.facts import Reading, event_fact


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


E = TypeVar("E", bound=Event)
# Each event type's traced twin, made once: the same typed structure, its fields read as facts.
_TRACED: dict[type[Event], type[Event]] = {}


def _traced_class(cls: type[Event]) -> type[Event]:
    names = frozenset(cls.__struct_fields__) - Event.COMMON

    def __getattribute__(self: Event, name: str) -> Any:
        if name not in names:
            return object.__getattribute__(self, name)
        reading: Reading = object.__getattribute__(self, "trace_reading")
        event: Event = object.__getattribute__(self, "trace_event")
        return reading.read(
            event_fact(name), None, lambda: object.__getattribute__(event, name),
            lambda value: field_words(event.type, name, value, event.fields))

    # Its own copies of the fields are never read (each read goes to the event it traces), so
    # each is given a default: a traced event is made from the event and the reading alone.
    own = [(name, Any, None) for name in cls.__struct_fields__ if name not in Event.COMMON]
    traced: type[Event] = msgspec.defstruct(  # type: ignore[assignment]
        f"Traced{cls.__name__}",
        [*own, ("trace_reading", Any, None), ("trace_event", Any, None)],
        bases=(cls,), kw_only=True, frozen=True,
        namespace={"__getattribute__": __getattribute__})
    return traced


def traced(event: E, reading: Reading) -> E:
    """The event as a handler reads it: the same typed structure, each field it reads
    recorded as a ground ("event.player") through the table's reading, and a field the
    scenario leaves out asked rather than assumed."""
    cls = _TRACED.get(type(event))
    if cls is None:
        cls = _TRACED[type(event)] = _traced_class(type(event))
    made: Any = cls
    return cast(E, made(note=event.note, trace_reading=reading, trace_event=event))
