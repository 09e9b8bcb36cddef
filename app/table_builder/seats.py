"""Edits to the seats themselves: a seat's name, and (Auction Pitch) how many seats there are.

Like every edit, each takes a scenario mapping and returns a new one. A seat's name is
written in many places (players, dealer, hands, scores, bid, trick leader, hands seen and the
event's fields), so a rename rewrites every one of them and a change of the number of seats
takes the seats that leave out of every one of them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from app.model.events import EVENTS
from app.model.games import Game
from app.table_builder.edits import EditRefused, _edited
from app.table_builder.events import default_event, event_fields
from app.table_builder.reading import (
    list_at,
    mapping_at,
    names_in,
    players_of,
    text_at,
    trick_of,
)


def seat_range(game: Game) -> tuple[int, int]:
    """The fewest and most players the game takes (declared in its [model])."""
    return game.seat_range


def _keyed(value: Any, rename: Callable[[str], str | None]) -> Any:
    """A player -> value mapping with its keys renamed (None: the player leaves)."""
    if not isinstance(value, dict):
        return value
    renamed = ((rename(player), item) for player, item in value.items())
    return {name: item for name, item in renamed if name is not None}


def _listed(value: Any, rename: Callable[[str], str | None]) -> Any:
    """A list of players renamed (None: the player leaves); anything else is left as it is."""
    names = names_in(value)
    if names is None:
        return value
    return [n for n in map(rename, names) if n is not None]


def _event_players(event: Mapping[str, Any],
                   rename: Callable[[str], str | None]) -> dict[str, Any]:
    """The event with every field that names a player renamed; a player who leaves is left
    out of lists and counts, and a single-player field naming him is dropped."""
    renamed: dict[str, Any] = copy.deepcopy(dict(event))
    if renamed.get("type") not in EVENTS:
        return renamed
    for spec in event_fields(renamed["type"]):
        name, kind = spec.name, spec.kind
        if name not in renamed:
            continue
        player = text_at(renamed, name)
        if kind == "player" and player is not None:
            new = rename(player)
            if new is None:
                del renamed[name]
            else:
                renamed[name] = new
        elif kind == "players":
            renamed[name] = _listed(renamed[name], rename)
        elif kind == "counts":
            renamed[name] = _keyed(renamed[name], rename)
    return renamed


def _rewrite(raw: Mapping[str, Any], players: list[str],
             rename: Callable[[str], str | None]) -> dict[str, Any]:
    """The mapping with its seats replaced and every mention of a player renamed."""
    new = _edited(raw)
    new["players"] = players
    dealer = text_at(new, "dealer")
    if dealer is not None:
        kept = rename(dealer)
        new["dealer"] = players[-1] if kept is None else kept
    for key in ("hands", "scores"):
        if key in new:
            new[key] = _keyed(new[key], rename)
    if "scores" in new and new["scores"] == {}:
        del new["scores"]
    if "hands_seen" in new:
        new["hands_seen"] = _listed(new["hands_seen"], rename)
        if new["hands_seen"] == []:
            del new["hands_seen"]
    bid = mapping_at(new, "bid")
    bidder = text_at(bid, "player")
    if bidder is not None:
        kept = rename(bidder)
        if kept is None:
            del new["bid"]
        else:
            bid["player"] = kept
    event = mapping_at(new, "event")
    if event:
        new["event"] = _event_players(event, rename)
    return new


def rename_player(raw: Mapping[str, Any], old: str, new: str,
                  game: Game | None = None) -> dict[str, Any]:
    """A seat renamed everywhere the table names it.

    Refused (EditRefused, with a plain message) when the name is empty, is another seat's,
    or `old` is not a seat. `game` gives the default seats of a table that lists none.
    """
    name = new.strip()
    listed = list_at(raw, "players")
    if listed is not None:
        players = [p for p in listed if isinstance(p, str)]
    elif game is not None:
        players = players_of(raw, game)
    else:
        raise EditRefused("The table lists no seats to rename.")
    if old not in players:
        raise EditRefused(f"There is no seat called {old}.")
    if not name:
        raise EditRefused(f"{old}'s seat needs a name: a seat cannot be left unnamed.")
    if name == old:
        return copy.deepcopy(dict(raw))
    if name in players:
        raise EditRefused(f"{old} cannot be renamed {name}: another seat is already "
                          f"called {name}.")

    def rename(player: str) -> str:
        return name if player == old else player

    result = _rewrite(raw, [rename(p) for p in players], rename)
    leader, cards = trick_of(result)
    if leader == old:
        result["trick"] = {**result["trick"], "leader": name, "cards": cards}
    return result


def _new_seat_names(players: list[str], count: int) -> list[str]:
    """Names for seats joining the table: 'Player 5', 'Player 6'..., never one already used."""
    names: list[str] = []
    number = len(players) + 1
    while len(names) < count:
        candidate = f"Player {number}"
        if candidate not in players and candidate not in names:
            names.append(candidate)
        number += 1
    return names


def _trick_for(raw: Mapping[str, Any], old: list[str], players: list[str]) -> Any:
    """The trick in progress at the new table: the cards still played in order of play.

    Cards keep the players who played them; the trick keeps the longest run of them that
    still follows the new order of play from the leader (a seat joining before someone who
    played cuts the trick there). A leader who leaves takes the trick away.
    """
    leader, cards = trick_of(raw)
    if leader is None or leader not in players or leader not in old:
        return None
    start = old.index(leader)
    played = [(old[(start + i) % len(old)], card) for i, card in enumerate(cards)]
    start = players.index(leader)
    order = [players[(start + i) % len(players)] for i in range(len(players))]
    remaining = [pc for pc in played if pc[0] in players]
    kept = []
    for (who, card), seat in zip(remaining, order, strict=False):
        if who != seat:
            break
        kept.append(card)
    return {**copy.deepcopy(raw["trick"]), "leader": leader, "cards": kept}


def set_player_count(raw: Mapping[str, Any], count: int, game: Game) -> dict[str, Any]:
    """The table with `count` seats: new seats join after the last one ('Player 5'...), and
    the last seats leave, taking their hands, scores, bid and cards in the trick with them.

    The dealer stays unless he leaves (then the last seat deals); an event field naming a
    seat that left is filled again as a new event of its type would be. Refused outside the
    game's range of players.
    """
    low, high = seat_range(game)
    if not low <= count <= high:
        players_words = f"{low}" if low == high else f"{low} to {high}"
        raise EditRefused(f"{game.name} is played by {players_words} players, not {count}.")
    old = players_of(raw, game)
    if count == len(old):
        return copy.deepcopy(dict(raw))
    players = old[:count] + _new_seat_names(old, count - len(old))
    leaving = set(old) - set(players)

    def rename(player: str) -> str | None:
        return None if player in leaving else player

    new = _rewrite(raw, players, rename)
    trick = _trick_for(raw, old, players)
    if trick is None:
        new.pop("trick", None)
    else:
        new["trick"] = trick
    event = mapping_at(new, "event")
    if event.get("type") in EVENTS:
        fixed = default_event(event["type"], new, game, previous=event)
        fields = {spec.name for spec in event_fields(event["type"])}
        for key, value in event.items():
            if key not in fixed and key not in fields:
                fixed[key] = value  # fields the builder does not edit (a note) stay
        new["event"] = fixed
    return new
