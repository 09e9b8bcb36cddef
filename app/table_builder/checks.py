"""Checking the builder's table through parse_scenario, and saying where a problem is.

`check_table` validates through `parse_scenario`, so the builder and the engine can never
disagree about what a valid table is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError, parse_scenario
from app.table_builder.problem_words import problem_words
from app.table_builder.reading import mapping_at, text_at

_HANDS_FIELD = re.compile(r"^hands\.(?P<player>.+?)(?:\[(?P<index>\d+)\])?$")
_INDEXED = re.compile(r"^(?P<area>trick\.cards|stock)\[(?P<index>\d+)\]$")
_FIRST_AT = re.compile(r"\(first at (?P<field>[^)]+)\)")


@dataclass(frozen=True)
class Place:
    """Where on the table a problem is: an area, and the seat and position when it has them."""

    area: str  # "hand", "trick", "turn-up", "stock", "event", "score", "table"
    player: str | None = None
    index: int | None = None
    name: str | None = None  # the event field


def place_of(fld: str) -> Place:
    """The place a ScenarioError's field names."""
    match = _HANDS_FIELD.match(fld)
    if match:
        index = match.group("index")
        return Place("hand", match.group("player"), int(index) if index is not None else None)
    match = _INDEXED.match(fld)
    if match:
        area = "trick" if match.group("area") == "trick.cards" else "stock"
        return Place(area, index=int(match.group("index")))
    if fld == "trick" or fld.startswith("trick."):
        return Place("trick")
    if fld == "turn_up":
        return Place("turn-up")
    if fld.startswith("event."):
        return Place("event", name=fld.split(".", 1)[1].split("[")[0])
    if fld.startswith("scores."):
        return Place("score", player=fld.split(".", 1)[1])
    return Place("table", name=fld)


def place_words(fld: str) -> str:
    """A field in words: 'hands.North[2]' -> "North's hand, card 3"."""
    place = place_of(fld)
    card = f", card {place.index + 1}" if place.index is not None else ""
    if place.area == "hand":
        return f"{place.player}'s hand{card}"
    if place.area == "trick":
        return f"the trick{card}"
    if place.area == "stock":
        return f"the stock{card}"
    if place.area == "turn-up":
        return "the turn-up"
    if place.area == "event":
        return f"the event ({(place.name or '').replace('_', ' ')})"
    if place.area == "score":
        return f"{place.player}'s score"
    return fld.replace("_", " ")


@dataclass(frozen=True)
class Problem:
    """Why a table is impossible: the field the parser named, and its message."""

    field: str
    message: str
    said: str = ""  # the builder's own words for it, when it has better ones than the parser

    @property
    def place(self) -> Place:
        """Where on the table the problem is."""
        return place_of(self.field)

    @property
    def words(self) -> str:
        """The problem as a plain sentence for the screen."""
        if self.said:
            return self.said
        message = _FIRST_AT.sub(lambda m: f"(the first is in {place_words(m['field'])})",
                                self.message)
        return f"{place_words(self.field)[:1].upper()}{place_words(self.field)[1:]}: {message}"



def check_table(raw: Mapping[str, Any], games: Mapping[str, Game]) -> Scenario | Problem:
    """The validated scenario, or the first problem the parser finds (never an exception)."""
    try:
        return parse_scenario(raw, games)  # total: any mapping gives a Scenario or this error
    except ScenarioError as err:
        said = None
        gid = text_at(raw, "game")
        game = games.get(gid) if gid is not None else None
        if game is not None:
            variants = mapping_at(raw, "variants")
            if variants:
                game = game.for_table(variants)
            said = problem_words(err.field, raw, game)
        return Problem(err.field, err.message, said or "")


def proper_counts(scenario: Scenario, game: Game) -> dict[str, int]:
    """How many cards each seat should hold now, as the engine reckons it."""
    table = Table(scenario, game)
    return {p: table.proper_count(p) for p in scenario.players}
