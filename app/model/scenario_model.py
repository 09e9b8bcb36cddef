"""What a scenario is, typed: the file as written (`ScenarioFile`, decoded by msgspec with the
event a tagged union of app/model/event_types.py) and the table it describes once checked
against its game (`Scenario`: every default filled, every card in the game's pack, every seat
one of the table's). Reading a scenario from JSON is app/model/scenario.py's business.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta

from app.cards import Card
from app.model.event_types import MAX_NUMBER, MAX_TEXT, AnyEvent, Event

# A seat's name is a name, not a page.
MAX_NAME = 40

Number = Annotated[int, Meta(ge=0, le=MAX_NUMBER)]
Points = Annotated[int, Meta(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Text = Annotated[str, Meta(max_length=MAX_TEXT)]


class ScenarioError(ValueError):
    """An invalid scenario: `field` names where the problem is (`event.card`, `hands.North[2]`),
    `message` says what is wrong there. str() gives both, as "field: message"."""

    def __init__(self, fld: str, message: str) -> None:
        self.field = fld
        self.message = message
        super().__init__(f"{fld}: {message}")


class Trick(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The trick in progress: who led and the cards played so far, in order."""

    leader: str
    cards: tuple[Card, ...] = ()


class Bid(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The winning bid: who made it and for how much."""

    player: str
    amount: Number


class ScenarioFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True,
                   omit_defaults=True):
    """A scenario file as written: what is left out takes the game's default when checked."""

    game: str
    event: AnyEvent
    players: tuple[Annotated[str, Meta(min_length=1, max_length=MAX_NAME)], ...] | None = None
    dealer: str | None = None
    codes: tuple[str, ...] | None = None
    hands: dict[str, tuple[Card, ...] | Number] = {}
    trump: str | None = None
    turn_up: Card | None = None
    stock: tuple[Card, ...] | Number | None = None
    scores: dict[str, Points] = {}
    bid: Bid | None = None
    stage: str = "play"
    tricks_played: Number = 0
    hands_seen: tuple[str, ...] = ()
    trick: Trick | None = None
    variants: dict[str, str] = {}
    discards_made: bool = False
    unknown: tuple[str, ...] = ()
    title: Text = ""
    description: Text = ""
    expected: dict[str, Any] = {}


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    """A validated scenario: the table and the event."""

    game: str
    players: tuple[str, ...]
    dealer: str
    codes: tuple[str, ...]
    hands: dict[str, tuple[Card, ...] | int]
    trump: str | None
    turn_up: Card | None
    stock: tuple[Card, ...] | int | None
    scores: dict[str, int]
    bid: Bid | None
    stage: str
    tricks_played: int
    hands_seen: tuple[str, ...]
    trick: Trick | None
    event: Event
    variants: dict[str, str] = {}
    discards_made: bool = False
    # Facts the scenario leaves out (app/model/facts.py): asked, or ruled value by value.
    unknown: frozenset[str] = frozenset()
    # Whether the trump was named, not taken from the card turned up: a table laid at another
    # game takes its trump from the turn-up by that game's rule.
    trump_named: bool = True
    # A table as far as a guided ruling knows it (app/ask/): its unanswered facts are asked, so
    # it is not laid at another game to find analogues.
    partial: bool = False


def cards_listed(held: tuple[Card, ...] | int | None) -> tuple[Card, ...] | None:
    """A hand's or the stock's cards when the scenario lists them; None when it gives only
    their count, or nothing."""
    return held if isinstance(held, tuple) else None


def count_given(held: tuple[Card, ...] | int | None) -> int | None:
    """A hand's or the stock's count when the scenario gives only that; None otherwise."""
    return held if isinstance(held, int) else None


def card_code(obj: Any) -> Any:
    """How a card is written in a file: its code ("10H"). msgspec's encode hook."""
    if isinstance(obj, Card):
        return obj.code
    raise NotImplementedError(f"cannot write {type(obj).__name__}")


def to_file(scenario: Scenario) -> ScenarioFile:
    """The scenario as a file would hold it (every default written out)."""
    return ScenarioFile(
        game=scenario.game, event=scenario.event,  # type: ignore[arg-type]
        players=scenario.players, dealer=scenario.dealer, codes=scenario.codes,
        hands=dict(scenario.hands), trump=scenario.trump if scenario.trump_named else None,
        turn_up=scenario.turn_up, stock=scenario.stock, scores=dict(scenario.scores),
        bid=scenario.bid, stage=scenario.stage, tricks_played=scenario.tricks_played,
        hands_seen=scenario.hands_seen, trick=scenario.trick, variants=dict(scenario.variants),
        discards_made=scenario.discards_made, unknown=tuple(sorted(scenario.unknown)))


def file_json(doc: ScenarioFile | Event) -> dict[str, Any]:
    """A scenario file (or its event) as JSON builtins, cards as codes, lists as lists: what
    parse_scenario reads, and what the builder's draft holds."""
    out: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(doc, enc_hook=card_code))
    return out


def scenario_json(scenario: Scenario) -> dict[str, Any]:
    """The scenario as JSON-ready builtins: what a file of it holds, cards as codes."""
    return file_json(to_file(scenario))
