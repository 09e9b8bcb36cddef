"""The scenario builder's table, Qt-free: edits, checks, examples and descriptions.

The builder's document is a scenario mapping in the JSON format of docs/scenario-format.md.
Every edit here takes that mapping and returns a new one (the mapping given is never changed),
so the screen only chooses which edit to make and shows the result. `check_table` validates
through `parse_scenario`, so the builder and the engine can never disagree about what a valid
table is. An edit drops the example's "expected" outcomes: they describe the file as written.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import tempfile
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.cards import Card, CardError
from app.deal import deal_table, random_event
from app.engine.table import Table
from app.games import STAGES, Game
from app.scenario import (
    DEFAULT_SEATS,
    EVENTS,
    Scenario,
    ScenarioError,
    load_scenario_file,
    parse_scenario,
)
from app.vocabulary import GAMES

# Where a card clicked in the palette can go besides a seat's hand.
TRICK = "trick"
TURN_UP = "turn-up"

# Which parts of the table each game uses (the same split as app/deal.py).
BID_GAMES = frozenset({"cinch", "auction-pitch"})
TURN_UP_GAMES = frozenset({"bezique", "pinochle", "ecarte"})
TRICK_GAMES = frozenset({"bezique", "rubicon-bezique", "pinochle", "ecarte", "cinch",
                         "auction-pitch"})
SEEN_GAMES = frozenset({"ecarte"})

_STAGE_WORDS = {
    "deal": "Dealing",
    "bidding": "Bidding",
    "play": "Play",
    "stock-exhausted": "Stock exhausted",
    "hand-over": "Hand over",
}
_HANDS_FIELD = re.compile(r"^hands\.(?P<player>.+?)(?:\[(?P<index>\d+)\])?$")
_INDEXED = re.compile(r"^(?P<area>trick\.cards|stock)\[(?P<index>\d+)\]$")
_FIRST_AT = re.compile(r"\(first at (?P<field>[^)]+)\)")


# --- reading the mapping ---------------------------------------------------------------------


def players_of(raw: Mapping[str, Any], game: Game) -> list[str]:
    """The seats in order of play: the scenario's own, or the game's default seats."""
    players = raw.get("players")
    if isinstance(players, list) and all(isinstance(p, str) for p in players) and players:
        return list(players)
    return list(DEFAULT_SEATS.get(game.players, DEFAULT_SEATS[4]))


def dealer_of(raw: Mapping[str, Any], game: Game) -> str:
    """The dealer: the scenario's, or the last seat."""
    players = players_of(raw, game)
    dealer = raw.get("dealer")
    return dealer if dealer in players else players[-1]


def eldest_of(raw: Mapping[str, Any], game: Game) -> str:
    """The player on the dealer's left, first to act."""
    players = players_of(raw, game)
    return players[(players.index(dealer_of(raw, game)) + 1) % len(players)]


def stages_for(game: Game) -> tuple[str, ...]:
    """The stages the builder offers for a game, in the order a deal goes through them."""
    return tuple(s for s in STAGES if s in ("deal", "hand-over") or s in game.stages)


def stage_words(game: Game, stage: str) -> str:
    """A stage in words, with the game's own label where it has one."""
    rule = game.stages.get(stage)
    return rule.label if rule is not None else _STAGE_WORDS.get(stage, stage)


def hand_of(raw: Mapping[str, Any], player: str) -> list[str] | int | None:
    """A seat's hand as written: card codes, a count, or None when not given."""
    hand = raw.get("hands", {}).get(player) if isinstance(raw.get("hands"), dict) else None
    if isinstance(hand, list):
        return list(hand)
    return hand if isinstance(hand, int) and not isinstance(hand, bool) else None


def trick_of(raw: Mapping[str, Any]) -> tuple[str | None, list[str]]:
    """The trick in progress: its leader (None when there is no trick) and its cards."""
    trick = raw.get("trick")
    if not isinstance(trick, dict):
        return None, []
    cards = trick.get("cards", [])
    return trick.get("leader"), list(cards) if isinstance(cards, list) else []


def _canonical(code: Any) -> str | None:
    try:
        return Card.parse(code).code
    except CardError:
        return None


def placed_cards(raw: Mapping[str, Any]) -> list[str]:
    """Every card code on the table: hands, stock, turn-up and trick (canonical codes)."""
    codes: list[Any] = []
    hands = raw.get("hands")
    if isinstance(hands, dict):
        for hand in hands.values():
            if isinstance(hand, list):
                codes.extend(hand)
    if isinstance(raw.get("stock"), list):
        codes.extend(raw["stock"])
    if raw.get("turn_up") is not None:
        codes.append(raw["turn_up"])
    codes.extend(trick_of(raw)[1])
    return [c for c in (_canonical(code) for code in codes) if c is not None]


def copies_left(raw: Mapping[str, Any], game: Game) -> Counter[str]:
    """Copies of each card of the pack not yet on the table (negative: too many placed)."""
    left: Counter[str] = Counter({c.code: game.pack.copies for c in game.pack.cards})
    for code in placed_cards(raw):
        if code in left:
            left[code] -= 1
    return left


# --- checking ----------------------------------------------------------------------------


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

    @property
    def place(self) -> Place:
        """Where on the table the problem is."""
        return place_of(self.field)

    @property
    def words(self) -> str:
        """The problem as a plain sentence for the screen."""
        message = _FIRST_AT.sub(lambda m: f"(the first is in {place_words(m['field'])})",
                                self.message)
        return f"{place_words(self.field)[:1].upper()}{place_words(self.field)[1:]}: {message}"


def _as_scenario_error(exc: Exception) -> ScenarioError:
    if isinstance(exc, ScenarioError):
        return exc
    return ScenarioError("scenario", f"not a scenario the engine can read ({exc})")


def check_table(raw: Mapping[str, Any], games: Mapping[str, Game]) -> Scenario | Problem:
    """The validated scenario, or the first problem the parser finds (never an exception)."""
    try:
        return parse_scenario(raw, games)
    except (ScenarioError, TypeError, AttributeError, KeyError) as exc:
        err = _as_scenario_error(exc)
        return Problem(err.field, str(err)[len(err.field) + 2:])


def proper_counts(scenario: Scenario, game: Game) -> dict[str, int]:
    """How many cards each seat should hold now, as the engine reckons it."""
    table = Table(scenario, game)
    return {p: table.proper_count(p) for p in scenario.players}


# --- files -------------------------------------------------------------------------------


def read_scenario_file(path: Path, games: Mapping[str, Game]) -> tuple[dict[str, Any], Scenario]:
    """The mapping and the validated scenario of a file; ScenarioError for anything wrong."""
    try:
        scenario = load_scenario_file(path, games)
    except (ScenarioError, TypeError, AttributeError, KeyError) as exc:
        raise _as_scenario_error(exc) from None
    return copy.deepcopy(dict(scenario.raw)), scenario


def scenario_json(raw: Mapping[str, Any]) -> str:
    """The text of a scenario file."""
    return json.dumps(raw, indent=2, ensure_ascii=False) + "\n"


def write_scenario_file(path: Path, raw: Mapping[str, Any]) -> None:
    """Write a scenario file whole or not at all (a crash never leaves half a file)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(scenario_json(raw))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass(frozen=True)
class Example:
    """An example scenario file: its game, title and description."""

    path: Path
    game: str
    title: str
    description: str


def examples_by_game(directory: Path) -> dict[str, list[Example]]:
    """The example scenarios of a directory, grouped by game in the usual order, by title.

    A file that cannot be read is left out: the Examples menu never fails to open.
    """
    found: dict[str, list[Example]] = {}
    for path in sorted(Path(directory).glob("*.json")):
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue
        if not isinstance(raw, dict) or not isinstance(raw.get("game"), str):
            continue
        title = raw.get("title") if isinstance(raw.get("title"), str) else path.stem
        description = raw.get("description", "")
        found.setdefault(raw["game"], []).append(
            Example(path, raw["game"], title, description if isinstance(description, str) else "")
        )
    order = [g for g in GAMES if g in found] + sorted(g for g in found if g not in GAMES)
    return {g: sorted(found[g], key=lambda e: e.title.casefold()) for g in order}


# --- edits -------------------------------------------------------------------------------


def _edited(raw: Mapping[str, Any]) -> dict[str, Any]:
    new = copy.deepcopy(dict(raw))
    new.pop("expected", None)
    return new


def new_table(game: Game) -> dict[str, Any]:
    """An empty table for a game: its seats, the last seat dealing, in play, a wrong count."""
    players = list(DEFAULT_SEATS.get(game.players, DEFAULT_SEATS[4]))
    return {
        "game": game.id,
        "players": players,
        "dealer": players[-1],
        "stage": "play",
        "hands": {},
        "event": {"type": "wrong-count"},
    }


def change_game(raw: Mapping[str, Any], game: Game) -> dict[str, Any]:
    """The table under another game: seats of the same name keep their hands and scores.

    Cards the new pack lacks stay where they are, so the builder marks them as impossible
    rather than silently dropping what the user placed.
    """
    new = new_table(game)
    players = new["players"]
    hands = raw.get("hands") if isinstance(raw.get("hands"), dict) else {}
    new["hands"] = {p: copy.deepcopy(h) for p, h in hands.items() if p in players}
    scores = raw.get("scores") if isinstance(raw.get("scores"), dict) else {}
    if any(p in players for p in scores):
        new["scores"] = {p: v for p, v in scores.items() if p in players}
    if raw.get("stage") in stages_for(game):
        new["stage"] = raw["stage"]
    for key in ("tricks_played", "stock"):
        if key in raw:
            new[key] = copy.deepcopy(raw[key])
    if game.id in TRICK_GAMES and raw.get("trump") is not None:
        new["trump"] = raw["trump"]
    if game.id in TURN_UP_GAMES and raw.get("turn_up") is not None:
        new["turn_up"] = raw["turn_up"]
    leader, cards = trick_of(raw)
    if game.id in TRICK_GAMES and leader in players:
        new["trick"] = {"leader": leader, "cards": cards[: len(players)]}
    event = raw.get("event") if isinstance(raw.get("event"), dict) else {}
    etype = event.get("type") if event.get("type") in EVENTS else "wrong-count"
    new["event"] = default_event(etype, new, game, previous=event)
    return new


def give_card(raw: Mapping[str, Any], target: str, code: str, game: Game) -> dict[str, Any]:
    """Put a card of the pack in a seat's hand, on the trick, or turned up."""
    new = _edited(raw)
    if target == TURN_UP:
        new["turn_up"] = code
    elif target == TRICK:
        leader, cards = trick_of(new)
        new["trick"] = {"leader": leader or eldest_of(new, game), "cards": [*cards, code]}
    else:
        hand = hand_of(new, target)
        hands = new.setdefault("hands", {})
        hands[target] = [*hand, code] if isinstance(hand, list) else [code]
    return new


def take_card(raw: Mapping[str, Any], target: str, index: int) -> dict[str, Any]:
    """Take a card back to the pack from a seat's hand, the trick or the turn-up."""
    new = _edited(raw)
    if target == TURN_UP:
        new.pop("turn_up", None)
    elif target == TRICK:
        leader, cards = trick_of(new)
        if 0 <= index < len(cards):
            del cards[index]
            new["trick"] = {"leader": leader, "cards": cards}
    else:
        hand = hand_of(new, target)
        if isinstance(hand, list) and 0 <= index < len(hand):
            del hand[index]
            new["hands"][target] = hand
    return new


def set_count(raw: Mapping[str, Any], player: str, count: int | None) -> dict[str, Any]:
    """Say only how many cards a seat holds (the cards do not matter); None: not given."""
    new = _edited(raw)
    hands = new.setdefault("hands", {})
    if count is None:
        hands.pop(player, None)
    else:
        hands[player] = count
    return new


def set_value(raw: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    """Set one top-level key of the table (dealer, trump, stage, stock...); None removes it."""
    new = _edited(raw)
    if value is None:
        new.pop(key, None)
    else:
        new[key] = value
    return new


def set_score(raw: Mapping[str, Any], player: str, points: int) -> dict[str, Any]:
    """A seat's points so far; a seat on nothing is left out."""
    new = _edited(raw)
    scores = dict(new.get("scores") or {})
    if points:
        scores[player] = points
    else:
        scores.pop(player, None)
    if scores:
        new["scores"] = scores
    else:
        new.pop("scores", None)
    return new


def set_seen(raw: Mapping[str, Any], player: str, seen: bool) -> dict[str, Any]:
    """Whether a seat has looked at its hand."""
    new = _edited(raw)
    seen_by = [p for p in new.get("hands_seen", []) if p != player]
    if seen:
        seen_by.append(player)
    if seen_by:
        new["hands_seen"] = seen_by
    else:
        new.pop("hands_seen", None)
    return new


def set_trick_leader(raw: Mapping[str, Any], leader: str | None) -> dict[str, Any]:
    """Who led the trick in progress; None: no trick in progress."""
    new = _edited(raw)
    if leader is None:
        new.pop("trick", None)
    else:
        new["trick"] = {"leader": leader, "cards": trick_of(new)[1]}
    return new


def set_bid(raw: Mapping[str, Any], player: str | None, amount: int) -> dict[str, Any]:
    """The bid standing: who made it and for how much; None: no bid."""
    return set_value(raw, "bid", None if player is None else {"player": player, "amount": amount})


def set_event(raw: Mapping[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """What happened."""
    return set_value(raw, "event", copy.deepcopy(dict(event)))


def event_fields(event_type: str) -> list[tuple[str, Any, bool]]:
    """The fields of an event type: (name, kind, optional), in the order of app.scenario.EVENTS.

    Kinds are those of EVENTS. An exposed card may also name the second card shown.
    """
    fields = [(n.rstrip("?"), kind, n.endswith("?")) for n, kind in EVENTS[event_type].items()]
    if event_type == "exposed-card":
        fields.append(("second_card", "card", True))
    return fields


def _valid_for(kind: Any, value: Any, players: list[str], game: Game) -> bool:
    if kind == "player":
        return value in players
    if kind == "card":
        code = _canonical(value)
        return code is not None and game.pack.contains(Card.parse(code))
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "players":
        return isinstance(value, list) and all(p in players for p in value)
    if kind == "counts":
        return isinstance(value, dict) and all(p in players for p in value)
    return value in kind


def default_event(
    event_type: str, raw: Mapping[str, Any], game: Game,
    previous: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """An event of a type with every required field filled: from the previous event where
    the same field still makes sense at this table, else a plain default."""
    players = players_of(raw, game)
    previous = previous or {}
    eldest = eldest_of(raw, game)
    event: dict[str, Any] = {"type": event_type}
    for name, kind, optional in event_fields(event_type):
        if name in previous and _valid_for(kind, previous[name], players, game):
            event[name] = copy.deepcopy(previous[name])
        elif optional:
            continue
        elif kind == "player":
            event[name] = eldest
        elif kind == "card":
            hand = hand_of(raw, event.get("player", eldest))
            event[name] = hand[0] if hand else game.pack.cards[0].code
        elif kind == "bool":
            event[name] = False
        elif kind == "int":
            event[name] = {"count": 2, "position": 1}.get(name, 0)
        elif kind == "players":
            event[name] = []
        elif kind == "counts":
            event[name] = {p: 0 for p in players}
            if name == "tricks" and game.id == "ecarte":
                event[name] = {players[0]: 3, players[1]: 2}
        else:
            event[name] = kind[0]
    if event_type == "play" and previous.get("type") != "play":
        # A play is judged against the hand: start from a card the player actually holds.
        hand = hand_of(raw, event["player"])
        if isinstance(hand, list) and hand and event["card"] not in hand:
            event["card"] = hand[0]
    return event


def choose_event_card(
    raw: Mapping[str, Any], player: str, code: str, game: Game
) -> dict[str, Any]:
    """The event's card (and player) chosen by clicking a card in a seat's hand."""
    event = dict(raw.get("event") or {})
    if ("player", "player") in {(n, k) for n, k, _ in event_fields(event["type"])}:
        event["player"] = player
    event["card"] = code
    return set_event(raw, event)


def deal_at_random(raw: Mapping[str, Any], game: Game, stage: str,
                   rng: random.Random) -> dict[str, Any]:
    """A correct table for the stage, dealt at random (app/deal.py), keeping the event's type.

    The event's fields are made to fit the new hands; the codes and variants chosen stay.
    """
    table = deal_table(game, stage, rng)
    for key in ("codes", "variants"):
        if key in raw:
            table[key] = copy.deepcopy(raw[key])
    previous = raw.get("event") if isinstance(raw.get("event"), dict) else {}
    etype = previous.get("type") if previous.get("type") in EVENTS else "wrong-count"
    if etype in ("wrong-count", "king-turned"):
        # random_event would spoil the counts to make the error; the builder deals it correct.
        table["event"] = {"type": etype}
    else:
        table["event"] = random_event(copy.deepcopy(table), etype, rng)
        if isinstance(check_table(table, {game.id: game}), Problem):
            table["event"] = default_event(etype, table, game, previous=previous)
    return table


# --- describing ----------------------------------------------------------------------------


def card_words(code: Any) -> str:
    """A card for the printed page: 'Q♠'; anything unreadable as written."""
    try:
        return Card.parse(code).label
    except CardError:
        return str(code)


def _cards_words(hand: Any) -> str:
    if isinstance(hand, list):
        return " ".join(card_words(c) for c in hand) if hand else "no cards"
    if isinstance(hand, int):
        return f"{hand} cards (not listed)"
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
    if game.id in TRICK_GAMES:
        lines.append(("Tricks played", str(raw.get("tricks_played", 0))))
    if raw.get("trump") is not None:
        lines.append(("Trump", {"S": "spades", "H": "hearts", "D": "diamonds",
                                "C": "clubs"}.get(str(raw["trump"]).upper(), str(raw["trump"]))))
    if raw.get("turn_up") is not None:
        lines.append(("Turn-up", card_words(raw["turn_up"])))
    if raw.get("stock") is not None:
        stock = raw["stock"]
        lines.append(("Stock", f"{stock} cards" if isinstance(stock, int) else
                      _cards_words(stock)))
    bid = raw.get("bid")
    if isinstance(bid, dict):
        lines.append(("Bid", f"{bid.get('player')} bid {bid.get('amount')}"))
    scores = raw.get("scores")
    if isinstance(scores, dict) and scores:
        lines.append(("Scores", ", ".join(f"{p} {v}" for p, v in scores.items())))
    for p in players:
        seen = " (seen)" if p in raw.get("hands_seen", []) else ""
        lines.append((f"{p}'s hand", _cards_words(hand_of(raw, p)) + seen))
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
