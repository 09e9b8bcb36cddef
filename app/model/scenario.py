"""Scenario files: the table (game, seats, hands, stock, trump, scores, stage) and the event.

`parse_scenario` reads a JSON-like mapping in three steps and returns a typed, frozen Scenario,
or raises ScenarioError naming the field; nothing half-parsed escapes:
1. what the rest depends on: an object, nested no deeper than a scenario is, a known game and
   its readings, an event type the game can meet;
2. the file's shape, decoded by msgspec into a ScenarioFile (types, bounds, unknown keys), its
   errors said in the project's words at the field they concern;
3. the table against its game: seats, the pack and its copies, stages, tricks, the event's
   seats and cards, the facts left out.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from app.cards import Card, CardError
from app.input_files import InputFileError, parse_json, read_text
from app.model.event_spec import FieldSpec
from app.model.event_types import MAX_TEXT, Event, Play
from app.model.events import DECLARATIONS, EVENTS
from app.model.facts import FACTS, event_fact
from app.model.games import Game
from app.model.scenario_model import (
    MAX_NAME,
    Bid,
    Scenario,
    ScenarioError,
    ScenarioFile,
    Trick,
    scenario_json,
    to_file,
)

__all__ = [
    "DECLARATIONS",
    "EVENTS",
    "MAX_TEXT",
    "Bid",
    "Event",
    "Scenario",
    "ScenarioError",
    "Trick",
    "load_scenario_file",
    "parse_scenario",
    "scenario_json",
    "to_file",
]

# No scenario nests deeper than this (expected -> code -> option_scores -> option -> player);
# deeper is refused before anything reads it.
MAX_DEPTH = 6
# A scenario is a table and one event: the largest shipped is about 1 kB. Larger is not a scenario.
MAX_FILE_BYTES = 256 * 1024


def _need(cond: bool, fld: str, message: str) -> None:
    if not cond:
        raise ScenarioError(fld, message)


def _card_hook(kind: type, value: Any) -> Any:
    """msgspec's decode hook: a card is written as its code."""
    if kind is Card:
        if not isinstance(value, str):
            raise ValueError(f"a card must be written as text like '10H', not {_shown(value)}")
        try:
            return Card.parse(value)
        except CardError as exc:
            raise ValueError(str(exc)) from None
    raise NotImplementedError(kind)


_AT = re.compile(r"^(?P<message>.*) - at `\$(?P<path>.*)`$", re.S)
_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), w) for p, w in (
    (r"^Expected `int` >= (-?\d+)", "must not be less than {0}"),
    (r"^Expected `int` <= (-?\d+)", "must not be more than {0}"),
    (r"^Expected `str` of length <= (\d+)", "is longer than {0} characters"),
    (r"^Expected `str` of length >= 1", "must not be empty"),
    (r"^Expected `bool`", "must be true or false"),
    (r"^Expected `int \| null`|^Expected `int`", "must be a whole number"),
    (r"^Expected `int \| array`", "must be a list of cards or a count"),
    (r"^Expected `array \| int \| null`|^Expected `int \| array \| null`",
     "must be a list of cards, a count or null"),
    (r"^Expected `str \| null`|^Expected `str`", "must be text"),
    (r"^Expected `array`|^Expected `array \| null`", "must be a list"),
    (r"^Expected `object`|^Expected `object \| null`", "must be an object"),
    (r"^Integer value out of range", "is not a number a table holds"),
))


def _path_field(path: str) -> list[str]:
    """`.hands[...][0]` as its parts: ["hands", "[...]", "[0]"]."""
    return [key or index for key, index in re.findall(r"\.([^.\[]+)|(\[[^\]]*\])", path)]


def _field_name(parts: list[str]) -> str:
    out = ""
    for part in parts:
        out += part if part.startswith("[") else (f".{part}" if out else part)
    return out or "scenario"


def _locate(raw: dict[str, Any], parts: list[str], message: str) -> list[str]:
    """The path with each key of a mapping msgspec shows as `[...]` found: the key whose entry,
    alone, fails the same way (a hand, a score, a count per seat)."""
    for i, part in enumerate(parts):
        if part != "[...]":
            continue
        node: Any = raw
        for step in parts[:i]:
            node = node[int(step[1:-1])] if step.startswith("[") else node[step]
        for key in list(node):
            trial = copy.deepcopy(raw)
            holder: Any = trial
            for step in parts[:i]:
                holder = holder[int(step[1:-1])] if step.startswith("[") else holder[step]
            for other in list(holder):
                if other != key:
                    del holder[other]
            try:
                msgspec.convert(trial, ScenarioFile, dec_hook=_card_hook)
            except msgspec.ValidationError as exc:
                if str(exc).startswith(message):
                    parts = [*parts[:i], str(key), *parts[i + 1:]]
                    break
        else:
            return parts
    return parts


def _decode(raw: dict[str, Any]) -> ScenarioFile:
    """The file's shape, or a ScenarioError at the field msgspec found wrong."""
    try:
        return msgspec.convert(raw, ScenarioFile, dec_hook=_card_hook)
    except msgspec.ValidationError as exc:
        found = _AT.match(str(exc))
        message, path = (found["message"], found["path"]) if found else (str(exc), "")
        parts = _locate(raw, _path_field(path), message)
        missing = re.match(r"^Object missing required field `(.+)`$", message)
        extra = re.match(r"^Object contains unknown field `(.+)`$", message)
        in_event = parts[:1] == ["event"]
        etype = raw["event"]["type"] if in_event else ""
        if missing:
            parts.append(missing[1])
            message = (f"missing field required by a {etype} event" if in_event
                       else "missing required key")
        elif extra:
            parts.append(extra[1])
            message = (f"unknown field for a {etype} event" if in_event
                       else "unknown key (see docs/scenario-format.md)")
        elif message.startswith("Invalid enum value"):
            spec = EVENTS[etype].field(parts[-1]) if in_event and len(parts) == 2 else None
            message = (f"must be one of {', '.join(spec.choices)}" if spec is not None
                       else message)
        else:
            message = next((w.format(*m.groups()) for p, w in _WORDS
                            if (m := p.match(message))), message)
        raise ScenarioError(_field_name(parts), message) from None


def _card(card: Card, fld: str, game: Game) -> Card:
    _need(game.pack.contains(card), fld, f"{card.code} is not in the {game.name} pack")
    return card


def _player(value: str, fld: str, players: tuple[str, ...]) -> str:
    _need(value in players, fld, f"unknown player {_shown(value)}; players are "
          f"{', '.join(players)}")
    return str(value)


def _check_field(spec: FieldSpec, value: Any, fld: str, game: Game, players: tuple[str, ...],
                 dealer: str) -> None:
    """One event field, against the table: its seats, its cards, its tricks."""
    if spec.kind == "player":
        player = _player(value, fld, players)
        _need(not (spec.not_dealer and player == dealer), fld,
              f"{player} is the rightful dealer (the scenario's 'dealer'); name the player "
              "who dealt out of turn")
    elif spec.kind == "card":
        _card(value, fld, game)
    elif spec.kind == "players":
        for i, v in enumerate(value):
            _player(v, f"{fld}[{i}]", players)
    elif spec.kind == "counts":
        for p in value:
            _player(p, fld, players)
        if spec.sums_to_tricks and game.has_tricks:
            total = sum(value.values())
            _need(total == game.tricks_per_hand, fld,
                  f"{game.name} hands have {game.tricks_per_hand} tricks; these add up to {total}")


def _event(event: Event, game: Game, players: tuple[str, ...], dealer: str) -> Event:
    for fspec in EVENTS[event.type].fields:
        value = getattr(event, fspec.name)
        if value is not None:
            _check_field(fspec, value, f"event.{fspec.name}", game, players, dealer)
    return event


def _shown(value: Any) -> str:
    """A value as a message quotes it: short, whatever it is (a list or an object is named,
    not printed: it may be nested a thousand deep)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _depth_within(raw: Any) -> bool:
    """Whether nothing is nested deeper than MAX_DEPTH (the quick check; paths only on failure)."""
    level = [raw]
    for _ in range(MAX_DEPTH + 1):
        deeper: list[Any] = []
        for value in level:
            if isinstance(value, dict):
                deeper.extend(v for v in value.values() if isinstance(v, dict | list))
            elif isinstance(value, list):
                deeper.extend(v for v in value if isinstance(v, dict | list))
        if not deeper:
            return True
        level = deeper
    return False


def _too_deep(raw: Any) -> str | None:
    """The first place nested deeper than any scenario needs, or None (checked without
    recursion, so a file nested a million deep is refused, not a crash)."""
    if _depth_within(raw):
        return None
    stack: list[tuple[Any, str, int]] = [(raw, "scenario", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            return where
        if isinstance(value, dict):
            stack.extend((v, f"{where}.{k}" if where != "scenario" else str(k), depth + 1)
                         for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    return None


def _variants(raw: Any, game: Game) -> dict[str, str]:
    """The readings chosen: each a variant group of the game's laws and one of its readings
    (read before the rest: a reading's id is named with the group's readings, not as a type)."""
    _need(isinstance(raw, dict), "variants", "must map a variant group to the id of the law "
          "to follow")
    groups = game.variant_groups
    for group, law_id in raw.items():
        fld = f"variants.{group}"
        if group not in groups:
            raise ScenarioError(fld, f"{game.name} has no variant group {_shown(group)}"
                                + (f"; it has {', '.join(sorted(groups))}" if groups else ""))
        ids = [law.id for law in groups[group]]
        if not (isinstance(law_id, str) and law_id in ids):
            raise ScenarioError(fld, f"{_shown(law_id)} is not a reading of this group; its "
                                f"readings are {', '.join(ids)}")
    return dict(raw)


def parse_scenario(raw: Any, games: Mapping[str, Game]) -> Scenario:
    """Validate a scenario mapping and build the Scenario, or raise ScenarioError."""
    _need(isinstance(raw, dict), "scenario", "must be a JSON object")
    deep = _too_deep(raw)
    _need(deep is None, deep or "scenario", f"nested deeper than a scenario ever is "
          f"({MAX_DEPTH} levels)")
    # 1. What the rest depends on: the game, its readings, an event it can meet.
    _need("game" in raw, "game", "missing required key")
    gid = raw["game"]
    if not (isinstance(gid, str) and gid in games):
        raise ScenarioError("game", f"unknown game {_shown(gid)}; known: "
                            f"{', '.join(sorted(games))}")
    variants = _variants(raw.get("variants", {}), games[gid])
    game = games[gid].for_table(variants)
    _need("event" in raw, "event", "missing required key")
    event_raw = raw["event"]
    _need(isinstance(event_raw, dict), "event", "must be an object with a 'type'")
    etype = event_raw.get("type")
    _need(isinstance(etype, str), "event.type", "missing event type")
    _need(etype in EVENTS, "event.type",
          f"unknown event type {_shown(etype)}; known: {', '.join(sorted(EVENTS))}")
    spec = EVENTS[etype]
    # A game without the feature an event needs (bidding, tricks, a stock) never meets it.
    _need(spec.possible_in(game), "event.type",
          f"{spec.label.lower()} cannot happen in {game.name}")
    # 2. The file's shape.
    doc = _decode(raw)
    # 3. The table, against its game.
    return _table(doc, game, variants)


def _table(doc: ScenarioFile, game: Game, variants: dict[str, str]) -> Scenario:
    """The file's table checked against its game, every default filled."""
    players = doc.players if doc.players is not None else tuple(game.default_seats())
    _need(all(p.strip() for p in players), "players", "must be a list of seat names")
    _need(all(len(p) <= MAX_NAME for p in players), "players",
          f"a seat's name has at most {MAX_NAME} characters")
    _need(len(set(players)) == len(players), "players", "seat names must be different")
    low, high = game.seat_range
    _need(low <= len(players) <= high, "players",
          f"{game.name} is played by {low if low == high else f'{low} to {high}'} players")
    dealer = _player(doc.dealer if doc.dealer is not None else players[-1], "dealer", players)

    codes_given = doc.codes if doc.codes is not None else tuple(game.codes)
    _need(bool(codes_given), "codes", "must be a non-empty list")
    for i, code in enumerate(codes_given):
        _need(code in game.codes, f"codes[{i}]",
              f"{game.name} has no {_shown(code)} code; it has {', '.join(game.codes)}")
    codes = tuple(c for c in game.codes if c in codes_given)

    used: Counter[Card] = Counter()
    where: dict[Card, str] = {}

    def place(card: Card, fld: str) -> Card:
        _card(card, fld, game)
        used[card] += 1
        where.setdefault(card, fld)
        _need(used[card] <= game.pack.copies, fld,
              f"{card.code} appears {used[card]} times but the {game.name} pack holds "
              f"{game.pack.copies} (first at {where[card]})")
        return card

    for p, hand in doc.hands.items():
        _player(p, "hands", players)
        if isinstance(hand, tuple):
            for i, c in enumerate(hand):
                place(c, f"hands.{p}[{i}]")
        else:
            _need(hand <= game.pack.size, f"hands.{p}", f"must not be more than {game.pack.size}")

    trump = doc.trump
    if trump is not None:
        _need(len(trump) == 1 and trump.upper() in game.pack.suits, "trump",
              f"must be one suit letter ({', '.join(game.pack.suits)}) or null")
        trump = trump.upper()
    trump_named = trump is not None
    if doc.turn_up is not None:
        place(doc.turn_up, "turn_up")
        if trump is None and game.turn_up_fixes_trump:
            trump = doc.turn_up.suit

    if isinstance(doc.stock, tuple):
        for i, c in enumerate(doc.stock):
            place(c, f"stock[{i}]")
    elif doc.stock is not None:
        _need(doc.stock <= game.pack.size, "stock", f"must not be more than {game.pack.size}")

    for p in doc.scores:
        _player(p, "scores", players)
    if doc.bid is not None:
        _player(doc.bid.player, "bid.player", players)

    _need(doc.stage in game.stage_names, "stage",
          f"{game.name} has the stages {', '.join(game.stage_names)}")
    if game.has_tricks:
        _need(doc.tricks_played <= game.tricks_per_hand, "tricks_played",
              f"must not be more than {game.tricks_per_hand}")
    for i, p in enumerate(doc.hands_seen):
        _player(p, f"hands_seen[{i}]", players)

    if doc.trick is not None:
        _player(doc.trick.leader, "trick.leader", players)
        _need(len(doc.trick.cards) <= len(players), "trick.cards", "more cards than players")
        for i, c in enumerate(doc.trick.cards):
            place(c, f"trick.cards[{i}]")

    event = _event(doc.event, game, players, dealer)
    # The registry says where an event can happen; a table elsewhere is a mistaken file, and
    # ruling it anyway would answer a question the laws never asked.
    can_happen = game.stages_of(event.type)
    _need(doc.stage in can_happen, "stage",
          f"{EVENTS[event.type].label.lower()} cannot happen at the stage {doc.stage!r} in "
          f"{game.name}; it can at {', '.join(repr(s) for s in can_happen)}")
    if isinstance(event, Play):
        held = doc.hands.get(event.player)
        if not isinstance(held, tuple):
            raise ScenarioError(f"hands.{event.player}",
                                "a play is judged against the hand: list the player's actual "
                                "cards")
        _need(event.card in held, "event.card",
              f"{event.card.code} is not in {event.player}'s hand")
    return Scenario(
        game=doc.game, players=tuple(players), dealer=dealer,
        codes=codes, hands=dict(doc.hands), trump=trump, turn_up=doc.turn_up,
        stock=doc.stock, scores=dict(doc.scores), bid=doc.bid, stage=doc.stage,
        tricks_played=doc.tricks_played, hands_seen=doc.hands_seen, trick=doc.trick,
        event=event, variants=variants, discards_made=doc.discards_made,
        unknown=_unknown(doc.unknown, event.type), trump_named=trump_named,
    )


def _unknown(raw: tuple[str, ...], event_type: str) -> frozenset[str]:
    """The facts the scenario leaves out (app/model/facts.py): a ruling that turns on one of
    them rules each of its values, naming it, instead of reading the table's default."""
    spec = EVENTS[event_type]
    known = set(FACTS) | {event_fact(f.name) for f in spec.fields}
    _need(len(raw) <= len(known), "unknown", "lists more facts than there are")
    names = []
    for i, name in enumerate(raw):
        fld = f"unknown[{i}]"
        _need(name in known, fld, f"unknown fact {_shown(name)}; facts are "
              f"{', '.join(sorted(known))}")
        names.append(name)
    return frozenset(names)


def relaid(scenario: Scenario, game: Game) -> Scenario | None:
    """The same table laid at another game, under that game's codes and usual readings (for
    the analogues of a silent code), or None when it cannot be laid there: other seats, a
    stage the game has not, a card its pack lacks or holds fewer copies of. The checks are the
    parser's for what changes with the game, so the scenario need not be parsed again."""
    low, high = game.seat_range
    if not low <= len(scenario.players) <= high or scenario.stage not in game.stage_names:
        return None
    if game.has_tricks and scenario.tricks_played > game.tricks_per_hand:
        return None
    cards: Counter[Card] = Counter()
    for hand in scenario.hands.values():
        if isinstance(hand, tuple):
            cards.update(hand)
        elif hand > game.pack.size:
            return None
    if isinstance(scenario.stock, tuple):
        cards.update(scenario.stock)
    if scenario.turn_up is not None:
        cards[scenario.turn_up] += 1
    if scenario.trick is not None:
        cards.update(scenario.trick.cards)
    spec = EVENTS[scenario.event.type]
    given = scenario.event.fields
    event_cards = [c for f in spec.fields if f.kind == "card"
                   and isinstance(c := given.get(f.name), Card)]
    if any(not game.pack.contains(c) for c in event_cards):
        return None
    if any(not game.pack.contains(c) or n > game.pack.copies for c, n in cards.items()):
        return None
    for f in spec.fields:
        counts = getattr(scenario.event, f.name)
        if f.sums_to_tricks and game.has_tricks and counts is not None and (
                sum(counts.values()) != game.tricks_per_hand):
            return None
    trump = scenario.trump
    if not scenario.trump_named:
        trump = scenario.turn_up.suit if (
            scenario.turn_up is not None and game.turn_up_fixes_trump) else None
    return msgspec.structs.replace(scenario, game=game.id, codes=tuple(game.codes), variants={},
                                   trump=trump)


def read_scenario_mapping(path: Path) -> Any:
    """A scenario file's JSON, unchecked: a regular file of at most MAX_FILE_BYTES, read by
    bytes (a pipe, a device or a 50 MB file is refused before any parsing)."""
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except InputFileError as exc:
        raise ScenarioError("file", str(exc)) from None
    return _json(text, str(path))


def load_scenario_file(path: Path, games: Mapping[str, Game]) -> Scenario:
    """Read and validate a scenario JSON file."""
    return parse_scenario(read_scenario_mapping(path), games)


def _json(text: str, name: str) -> Any:
    try:
        return parse_json(text, longest=MAX_TEXT, name=name)
    except InputFileError as exc:
        raise ScenarioError("file", str(exc)) from None


def parse_scenario_text(text: str, games: Mapping[str, Game], name: str = "the text") -> Scenario:
    """Validate a scenario written as JSON text: any text gives a Scenario or a ScenarioError
    (a key twice, a number of thousands of digits, nesting a million deep included)."""
    return parse_scenario(_json(text, name), games)
