"""What an event type declares: its fields (kind, bounds, optional or not, words), read from
its typed structure (app/model/event_types.py), and the stages, features, words and random hook
of the event itself. The events themselves are declared in app/model/events.py, each once."""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from msgspec import Meta

from app.cards import Card
from app.model.event_types import MAX_NUMBER, Event, Word

if TYPE_CHECKING:
    from app.model.games import Game
    from app.model.scenario_model import ScenarioFile

__all__ = ["MAX_NUMBER", "EventSpec", "FieldSpec", "fields_of"]

FIELD_KINDS = ("player", "card", "bool", "int", "players", "counts", "choice")

@dataclass(frozen=True, kw_only=True)
class FieldSpec(Word):
    """One field of an event: its words as declared beside its type (Word: label, help,
    statement, the range a random table draws from, the parser's checks), with its name, its
    kind, whether it may be left out, and its bounds, read from the type."""

    name: str
    kind: str
    optional: bool = False
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = MAX_NUMBER

    @property
    def form_kind(self) -> str | tuple[str, ...]:
        """The kind as the builder's form reads it: the tuple of words for a choice."""
        return self.choices if self.kind == "choice" else self.kind


def _field_spec(name: str, hint: Any) -> FieldSpec:
    """A field's spec from its annotation: Annotated[type, Meta bounds..., Word]."""
    word: Word | None = None
    low, high = 0, MAX_NUMBER
    optional = False

    def unwrap(t: Any) -> Any:
        nonlocal word, low, high, optional
        while True:
            if get_origin(t) is Annotated:
                base, *extras = get_args(t)
                for extra in extras:
                    if isinstance(extra, Word):
                        word = extra
                    elif isinstance(extra, Meta):
                        low = int(extra.ge) if extra.ge is not None else low
                        high = int(extra.le) if extra.le is not None else high
                t = base
            elif get_origin(t) in (Union, types.UnionType) and type(None) in get_args(t):
                optional = True
                t = next(a for a in get_args(t) if a is not type(None))
            else:
                return t

    base = unwrap(hint)
    choices: tuple[str, ...] = ()
    if base is Card:
        kind = "card"
    elif base is bool:
        kind = "bool"
    elif base is int:
        kind = "int"
    elif base is str:
        kind = "player"
    elif get_origin(base) is Literal:
        kind, choices = "choice", tuple(get_args(base))
    elif get_origin(base) is tuple:
        kind = "players"
    elif get_origin(base) is dict:
        kind = "counts"
        unwrap(get_args(base)[1])  # the bounds of each count
    else:
        raise TypeError(f"field {name}: no kind for {base!r}")
    if word is None:
        raise TypeError(f"field {name} has no Word (its label and statement)")
    said = {f.name: getattr(word, f.name) for f in dataclasses.fields(Word)}
    return FieldSpec(**said, name=name, kind=kind, optional=optional, choices=choices, low=low,
                     high=high)


def fields_of(cls: type[Event]) -> tuple[FieldSpec, ...]:
    """The fields of an event type, in order, from its annotations."""
    hints = get_type_hints(cls, include_extras=True)
    return tuple(_field_spec(name, hints[name]) for name in cls.__struct_fields__
                 if name not in Event.COMMON)


@dataclass(frozen=True)
class EventSpec:
    """An event type: its fields, where it can happen, its words and its random hook.

    `stages` are the stages of a deal where it can happen (a game offers it at those of them
    it has); `needs` names the game features it needs (`Game.has(feature)`). `tell` says what
    happened in one sentence, from the parsed fields. `randomize` tidies a random event on a
    random table (app/table_builder/deal.py) so it reads like something that happens at a real
    table, returning the table changed.
    """

    cls: type[Event]
    label: str
    help: str
    stages: tuple[str, ...]
    tell: Callable[[Mapping[str, Any]], str]
    needs: tuple[str, ...] = ()
    # Called with the table, its event (of this type), the game and the random source.
    randomize: Callable[[ScenarioFile, Any, Game, Any], ScenarioFile] | None = None
    # Its words account for a hand a card short or over (a draw, a card led): otherwise a
    # wrong count on its table (a king turned after a wrong deal) is said in words too.
    explains_counts: bool = False

    @property
    def type(self) -> str:
        """The event's type, as a scenario file names it."""
        return str(self.cls.__struct_config__.tag)

    @cached_property
    def fields(self) -> tuple[FieldSpec, ...]:
        """Its fields, read from its typed structure."""
        return fields_of(self.cls)

    @cached_property
    def read_where_declared(self) -> frozenset[str]:
        """Its fields only some codes' rulings read (Word.only_where_read): offered at a table
        only where a handler in force declares it reads them."""
        return frozenset(f.name for f in self.fields if f.only_where_read)

    def field(self, name: str) -> FieldSpec | None:
        """A field by name."""
        return next((f for f in self.fields if f.name == name), None)

    def possible_in(self, game: Game) -> bool:
        """Whether the game has every feature the event needs."""
        return all(game.has(feature) for feature in self.needs)
