"""Scenario files: the table (game, seats, hands, stock, trump, scores, stage) and the event.

`parse_scenario` validates a JSON-like mapping at the door and returns a frozen Scenario,
or raises ScenarioError naming the field. Nothing half-parsed escapes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from app.cards import Card, CardError
from app.input_files import InputFileError, parse_json, read_text
from app.model.event_spec import MAX_NUMBER, FieldSpec
from app.model.events import DECLARATIONS, EVENTS
from app.model.facts import FACTS, event_fact
from app.model.games import Game
from app.model.scenario_model import OPTIONAL_ON_EVERY_EVENT, Event, Scenario, ScenarioError, Trick

__all__ = [
    "DECLARATIONS",
    "EVENTS",
    "Event",
    "Scenario",
    "ScenarioError",
    "Trick",
    "load_scenario_file",
    "parse_scenario",
]

# No scenario nests deeper than this (expected -> code -> option_scores -> option -> player);
# deeper is refused before anything reads it.
MAX_DEPTH = 6
# A scenario is a table and one event: the largest shipped is about 1 kB. Larger is not a scenario.
MAX_FILE_BYTES = 256 * 1024
# The longest text a scenario holds (a note); names are bounded far shorter, below.
MAX_TEXT = 10_000
# A seat's name is a name, not a page.
MAX_NAME = 40

TOP_LEVEL_KEYS = frozenset(
    {
        "game",
        "players",
        "dealer",
        "codes",
        "hands",
        "trump",
        "turn_up",
        "stock",
        "scores",
        "bid",
        "stage",
        "tricks_played",
        "hands_seen",
        "trick",
        "event",
        "variants",
        "discards_made",
        "unknown",
        "title",
        "description",
        "expected",
    }
)



def _need(cond: bool, fld: str, message: str) -> None:
    if not cond:
        raise ScenarioError(fld, message)


def _card(value: Any, fld: str, game: Game) -> Card:
    if not isinstance(value, str):
        raise ScenarioError(fld, f"a card must be written as text like '10H', not "
                            f"{_shown(value)}")
    try:
        card = Card.parse(value)
    except CardError as exc:
        raise ScenarioError(fld, str(exc)) from None
    _need(game.pack.contains(card), fld, f"{card.code} is not in the {game.name} pack")
    return card


def _player(value: Any, fld: str, players: tuple[str, ...]) -> str:
    _need(isinstance(value, str), fld, "must be a player's name")
    _need(value in players, fld, f"unknown player {value!r}; players are {', '.join(players)}")
    return str(value)


def _int(value: Any, fld: str, *, minimum: int = 0, maximum: int = MAX_NUMBER) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool), fld, "must be a whole number")
    _need(value >= minimum, fld, f"must not be less than {minimum}")
    _need(value <= maximum, fld, f"must not be more than {maximum}")
    return int(value)


def _bool(value: Any, fld: str) -> bool:
    _need(isinstance(value, bool), fld, "must be true or false")
    return bool(value)


def _field(spec: FieldSpec, value: Any, fld: str, game: Game, players: tuple[str, ...],
           dealer: str) -> Any:
    """One event field, checked against its spec."""
    if spec.kind == "player":
        player = _player(value, fld, players)
        _need(not (spec.not_dealer and player == dealer), fld,
              f"{player} is the rightful dealer (the scenario's 'dealer'); name the player "
              "who dealt out of turn")
        return player
    if spec.kind == "card":
        return _card(value, fld, game)
    if spec.kind == "bool":
        return _bool(value, fld)
    if spec.kind == "int":
        return _int(value, fld, minimum=spec.low, maximum=spec.high)
    if spec.kind == "players":
        _need(isinstance(value, list), fld, "must be a list of players")
        return tuple(_player(v, f"{fld}[{i}]", players) for i, v in enumerate(value))
    if spec.kind == "counts":
        _need(isinstance(value, dict), fld, "must map each player to a number")
        counts = {
            _player(p, fld, players): _int(n, f"{fld}.{p}", maximum=spec.high)
            for p, n in value.items()
        }
        if spec.sums_to_tricks and game.has_tricks:
            total = sum(counts.values())
            _need(total == game.tricks_per_hand, fld,
                  f"{game.name} hands have {game.tricks_per_hand} tricks; these add up to {total}")
        return counts
    _need(isinstance(value, str) and value in spec.choices, fld,
          f"must be one of {', '.join(spec.choices)}")
    return value


def _event(raw: Any, game: Game, players: tuple[str, ...], dealer: str) -> Event:
    _need(isinstance(raw, dict), "event", "must be an object with a 'type'")
    etype = raw.get("type")
    _need(isinstance(etype, str), "event.type", "missing event type")
    _need(
        etype in EVENTS,
        "event.type",
        f"unknown event type {etype!r}; known: {', '.join(sorted(EVENTS))}",
    )
    spec = EVENTS[etype]
    # A game without the feature an event needs (bidding, tricks, a stock) never meets it.
    _need(spec.possible_in(game), "event.type",
          f"{spec.label.lower()} cannot happen in {game.name}")
    known = {f.name for f in spec.fields} | {"type"} | OPTIONAL_ON_EVERY_EVENT
    for name in raw:
        _need(name in known, f"event.{name}", f"unknown field for a {etype} event")
    values: dict[str, Any] = {}
    for fspec in spec.fields:
        fld = f"event.{fspec.name}"
        if fspec.name not in raw:
            _need(fspec.optional, fld, f"missing field required by a {etype} event")
            continue
        values[fspec.name] = _field(fspec, raw[fspec.name], fld, game, players, dealer)
    return Event(etype, values)


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
    """The readings chosen: each a variant group of the game's laws and one of its readings."""
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
    for key in raw:
        _need(key in TOP_LEVEL_KEYS, str(key) or '""',
              "unknown key (see docs/scenario-format.md)")
    for key in ("title", "description"):
        _need(isinstance(raw.get(key, ""), str), key, "must be text")
    _need(isinstance(raw.get("expected", {}), dict), "expected",
          "must map each code to the ruling expected under it")
    _need("game" in raw, "game", "missing required key")
    gid = raw["game"]
    if not (isinstance(gid, str) and gid in games):
        raise ScenarioError("game", f"unknown game {_shown(gid)}; known: "
                            f"{', '.join(sorted(games))}")
    base = games[gid]
    variants = _variants(raw.get("variants", {}), base)
    game = base.for_table(variants)

    seats = raw.get("players", list(game.default_seats()))
    _need(
        isinstance(seats, list) and all(isinstance(p, str) and p.strip() for p in seats),
        "players",
        "must be a list of seat names",
    )
    _need(all(len(p) <= MAX_NAME for p in seats), "players",
          f"a seat's name has at most {MAX_NAME} characters")
    players = tuple(seats)
    _need(len(set(players)) == len(players), "players", "seat names must be different")
    low, high = game.seat_range
    _need(
        low <= len(players) <= high,
        "players",
        f"{game.name} is played by {low if low == high else f'{low} to {high}'} players",
    )
    dealer = _player(raw.get("dealer", players[-1]), "dealer", players)

    codes_raw = raw.get("codes", list(game.codes))
    _need(isinstance(codes_raw, list) and bool(codes_raw), "codes",
          "must be a non-empty list")
    for i, code in enumerate(codes_raw):
        _need(
            code in game.codes,
            f"codes[{i}]",
            f"{game.name} has no {_shown(code)} code; it has {', '.join(game.codes)}",
        )
    codes = tuple(c for c in game.codes if c in codes_raw)

    used: Counter[Card] = Counter()
    where: dict[Card, str] = {}

    def place(card: Card, fld: str) -> Card:
        used[card] += 1
        where.setdefault(card, fld)
        _need(
            used[card] <= game.pack.copies,
            fld,
            f"{card.code} appears {used[card]} times but the {game.name} pack holds "
            f"{game.pack.copies} (first at {where[card]})",
        )
        return card

    hands: dict[str, tuple[Card, ...] | int] = {}
    hands_raw = raw.get("hands", {})
    _need(isinstance(hands_raw, dict), "hands", "must map each player to cards or a count")
    for p, value in hands_raw.items():
        _player(p, "hands", players)
        fld = f"hands.{p}"
        if isinstance(value, list):
            hands[p] = tuple(
                place(_card(c, f"{fld}[{i}]", game), f"{fld}[{i}]") for i, c in enumerate(value)
            )
        else:
            hands[p] = _int(value, fld, maximum=game.pack.size)

    trump = raw.get("trump")
    if trump is not None:
        _need(
            isinstance(trump, str) and len(trump) == 1 and trump.upper() in game.pack.suits,
            "trump",
            f"must be one suit letter ({', '.join(game.pack.suits)}) or null",
        )
        trump = trump.upper()
    turn_up = None
    if raw.get("turn_up") is not None:
        turn_up = place(_card(raw["turn_up"], "turn_up", game), "turn_up")
        if trump is None and game.turn_up_fixes_trump:
            trump = turn_up.suit

    stock_raw = raw.get("stock")
    stock: tuple[Card, ...] | int | None
    if stock_raw is None:
        stock = None
    elif isinstance(stock_raw, list):
        stock = tuple(
            place(_card(c, f"stock[{i}]", game), f"stock[{i}]") for i, c in enumerate(stock_raw)
        )
    else:
        stock = _int(stock_raw, "stock", maximum=game.pack.size)

    scores_raw = raw.get("scores", {})
    _need(isinstance(scores_raw, dict), "scores", "must map players to points")
    scores = {
        _player(p, "scores", players): _int(v, f"scores.{p}", minimum=-MAX_NUMBER)
        for p, v in scores_raw.items()
    }

    bid = raw.get("bid")
    if bid is not None:
        _need(isinstance(bid, dict), "bid", 'must be {"player", "amount"} or null')
        _need("player" in bid, "bid.player", "missing")
        _need("amount" in bid, "bid.amount", "missing")
        bid = {
            "player": _player(bid["player"], "bid.player", players),
            "amount": _int(bid["amount"], "bid.amount"),
        }

    stage = raw.get("stage", "play")
    _need(isinstance(stage, str) and stage in game.stage_names, "stage",
          f"{game.name} has the stages {', '.join(game.stage_names)}")
    tricks_played = _int(raw.get("tricks_played", 0), "tricks_played",
                         maximum=game.tricks_per_hand if game.has_tricks else MAX_NUMBER)
    seen_raw = raw.get("hands_seen", [])
    _need(isinstance(seen_raw, list), "hands_seen", "must be a list of players")
    hands_seen = tuple(_player(p, f"hands_seen[{i}]", players) for i, p in enumerate(seen_raw))

    trick = None
    if raw.get("trick") is not None:
        t = raw["trick"]
        _need(isinstance(t, dict), "trick", 'must be {"leader", "cards"}')
        leader = _player(t.get("leader"), "trick.leader", players)
        cards_raw = t.get("cards", [])
        _need(isinstance(cards_raw, list), "trick.cards", "must be a list of cards")
        _need(len(cards_raw) <= len(players), "trick.cards", "more cards than players")
        cards = tuple(
            place(_card(c, f"trick.cards[{i}]", game), f"trick.cards[{i}]")
            for i, c in enumerate(cards_raw)
        )
        trick = Trick(leader, cards)

    discards = raw.get("discards_made", False)
    _bool(discards, "discards_made")

    _need("event" in raw, "event", "missing required key")
    event = _event(raw["event"], game, players, dealer)
    # The registry says where an event can happen; a table elsewhere is a mistaken file, and
    # ruling it anyway would answer a question the laws never asked.
    can_happen = game.stages_of(event.type)
    _need(stage in can_happen, "stage",
          f"{EVENTS[event.type].label.lower()} cannot happen at the stage {stage!r} in "
          f"{game.name}; it can at {', '.join(repr(s) for s in can_happen)}")
    if event.type == "play":
        hand = hands.get(event["player"])
        if not isinstance(hand, tuple):
            raise ScenarioError(f"hands.{event['player']}",
                                "a play is judged against the hand: list the player's actual "
                                "cards")
        _need(
            event["card"] in hand,
            "event.card",
            f"{event['card'].code} is not in {event['player']}'s hand",
        )
    unknown = _unknown(raw.get("unknown", []), event.type)
    return Scenario(
        game=gid,
        players=players,
        dealer=dealer,
        codes=codes,
        hands=hands,
        trump=trump,
        turn_up=turn_up,
        stock=stock,
        scores=scores,
        bid=bid,
        stage=stage,
        tricks_played=tricks_played,
        hands_seen=hands_seen,
        trick=trick,
        event=event,
        variants=variants,
        discards_made=discards,
        unknown=unknown,
        raw=raw,
    )


def _unknown(raw: Any, event_type: str) -> frozenset[str]:
    """The facts the scenario leaves out (app/model/facts.py): a ruling that turns on one of
    them rules each of its values, naming it, instead of reading the table's default."""
    _need(isinstance(raw, list), "unknown", "must be a list of fact names")
    spec = EVENTS[event_type]
    known = set(FACTS) | {event_fact(f.name) for f in spec.fields}
    _need(len(raw) <= len(known), "unknown", "lists more facts than there are")
    names = []
    for i, name in enumerate(raw):
        fld = f"unknown[{i}]"
        _need(isinstance(name, str), fld, "must be a fact's name")
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
    event_cards = [scenario.event.fields[f.name] for f in spec.fields
                   if f.kind == "card" and f.name in scenario.event.fields]
    if any(not game.pack.contains(c) for c in event_cards):
        return None
    if any(not game.pack.contains(c) or n > game.pack.copies for c, n in cards.items()):
        return None
    for f in spec.fields:
        if f.sums_to_tricks and game.has_tricks and f.name in scenario.event.fields and (
                sum(scenario.event.fields[f.name].values()) != game.tricks_per_hand):
            return None
    trump = scenario.trump
    if scenario.raw.get("trump") is None:
        trump = scenario.turn_up.suit if (
            scenario.turn_up is not None and game.turn_up_fixes_trump) else None
    return replace(scenario, game=game.id, codes=tuple(game.codes), variants={}, trump=trump)


def load_scenario_file(path: Path, games: Mapping[str, Game]) -> Scenario:
    """Read and validate a scenario JSON file: a regular file of at most MAX_FILE_BYTES,
    read by bytes (a pipe, a device or a 50 MB file is refused before any parsing)."""
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except InputFileError as exc:
        raise ScenarioError("file", str(exc)) from None
    return parse_scenario_text(text, games, str(path))


def parse_scenario_text(text: str, games: Mapping[str, Game], name: str = "the text") -> Scenario:
    """Validate a scenario written as JSON text: any text gives a Scenario or a ScenarioError
    (a key twice, a number of thousands of digits, nesting a million deep included)."""
    try:
        raw = parse_json(text, longest=MAX_TEXT, name=name)
    except InputFileError as exc:
        raise ScenarioError("file", str(exc)) from None
    return parse_scenario(raw, games)
